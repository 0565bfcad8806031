package main

import (
	"testing"

	"github.com/heed-dev/heed/internal/compile"
	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/rules"
)

// BenchmarkCompileCorpus compiles every constraint of the corpus (46 files, about 3 700
// constraints) with the build's recognisers. Goal: well under 1 s per iteration.
func BenchmarkCompileCorpus(b *testing.B) {
	repos, err := LoadCorpus(defaultCorpus())
	if err != nil {
		b.Skip(err)
	}
	recs := rules.Recognizers()
	n := 0
	for _, r := range repos {
		n += len(r.Set.Constraints)
	}
	b.ReportMetric(float64(n), "constraints")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, r := range repos {
			compile.Compile(r.Set, r.Context, recs)
		}
	}
}

// BenchmarkExtractAndCompileCorpus adds the Markdown extraction: the whole offline path
// from instruction text to policy.
func BenchmarkExtractAndCompileCorpus(b *testing.B) {
	dir := defaultCorpus()
	if _, err := LoadCorpus(dir); err != nil {
		b.Skip(err)
	}
	recs := rules.Recognizers()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		repos, _ := LoadCorpus(dir)
		for _, r := range repos {
			compile.Compile(r.Set, r.Context, recs)
		}
	}
	_ = instr.Set{}
}
