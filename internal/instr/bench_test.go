package instr

import (
	"testing"
)

// BenchmarkExtractCorpus extracts every corpus file once per iteration (what `heed
// rules` and `heed compile` pay for the instruction files of 46 repositories).
func BenchmarkExtractCorpus(b *testing.B) {
	files := corpusFiles(b)
	srcs := make([][]byte, len(files))
	size := 0
	for i, cf := range files {
		srcs[i] = cf.read(b)
		size += len(srcs[i])
	}
	b.SetBytes(int64(size))
	b.ResetTimer()
	for b.Loop() {
		for i, cf := range files {
			Extract(cf.Path, srcs[i], cf.Format, cf.Scope)
		}
	}
}
