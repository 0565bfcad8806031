// The benchmarks build only with -tags bench: a package of benchmarks alone costs a
// link of its test binary on every go test ./..., which runs no benchmark (.ci/run
// vets them with the tag, so they keep compiling).

//go:build bench

package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/heed-dev/heed/internal/audit"
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/project"
)

// In-process benchmark for profiling (go test -tags bench -bench . -cpuprofile cpu.out
// ./bench/audit); main.go measures the binary as a batch engine runs it.
func BenchmarkAuditBatch(b *testing.B) {
	work := b.TempDir()
	const runs = 40
	if err := generate(work, runs, 200, 4); err != nil {
		b.Fatal(err)
	}
	cache := map[string][]engine.Compiled{}
	loader := func(dir string) ([]engine.Compiled, error) {
		abs, _ := filepath.Abs(dir)
		if r, ok := cache[abs]; ok {
			return r, nil
		}
		p, err := project.Open(abs)
		if err != nil {
			return nil, err
		}
		cache[abs] = p.Rules
		return p.Rules, nil
	}
	if _, err := audit.RunBatch(filepath.Join(work, "runs"), audit.BatchOptions{Workers: 1, Rules: loader}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		bt, err := audit.RunBatch(filepath.Join(work, "runs"), audit.BatchOptions{Workers: 1, Rules: loader})
		if err != nil || len(bt.Runs) != runs {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(runs*b.N)/b.Elapsed().Seconds(), "runs/s")
	_ = os.Remove
}
