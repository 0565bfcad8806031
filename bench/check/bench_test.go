// The benchmarks build only with -tags bench: a package of benchmarks alone costs a
// link of its test binary on every go test ./..., which runs no benchmark (.ci/run
// vets them with the tag, so they keep compiling).

//go:build bench

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/check"
	"github.com/heed-dev/heed/internal/project"
)

// In-process benchmarks for profiling (go test -tags bench -bench . -cpuprofile cpu.out
// ./bench/check); main.go measures the binary as a user runs it.

func benchRepo(b *testing.B, n int, edit bool) string {
	b.Helper()
	root, err := repoRoot()
	if err != nil {
		b.Skip(err)
	}
	agents, err := agentsMD(root)
	if err != nil {
		b.Fatal(err)
	}
	dir := filepath.Join(b.TempDir(), "repo")
	if err := generate(dir, n, agents); err != nil {
		b.Fatal(err)
	}
	if edit {
		rel, content := file(n / 2)
		edited := strings.Replace(content, "return []", "return None", 1) + "\ndef added(x):\n    print(x)\n"
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(rel)), []byte(edited), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return dir
}

func BenchmarkOpenProject(b *testing.B) {
	dir := benchRepo(b, 5000, false)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := project.Open(dir); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDiffOneFile5000(b *testing.B) {
	dir := benchRepo(b, 5000, true)
	p, err := project.Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res, err := check.Run(p, check.Options{Mode: check.Diff, Rev: "HEAD"})
		if err != nil {
			b.Fatal(err)
		}
		if res.Summary.Files != 1 {
			b.Fatalf("judged %d files, want the one changed", res.Summary.Files)
		}
	}
}

func BenchmarkAll1000(b *testing.B) {
	dir := benchRepo(b, 1000, false)
	p, err := project.Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := check.Run(p, check.Options{Mode: check.All}); err != nil {
			b.Fatal(err)
		}
	}
}
