// The benchmarks build only with -tags bench: a package of benchmarks alone costs a
// link of its test binary on every go test ./..., which runs no benchmark (.ci/run
// vets them with the tag, so they keep compiling).

//go:build bench

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"

	"github.com/heed-dev/heed/internal/instr"
)

// In-process benchmarks for profiling (go test -tags bench -bench . -cpuprofile cpu.out
// ./bench/instr); main.go prints the medians and the floor side by side.

func corpus(b *testing.B) []corpusFile {
	b.Helper()
	files, err := loadCorpus(defaultCorpus())
	if err != nil {
		b.Skip(err)
	}
	return files
}

func bytesOf(files []corpusFile) int64 {
	n := 0
	for _, f := range files {
		n += len(f.Src)
	}
	return int64(n)
}

// BenchmarkGoldmarkParse is the floor: parsing the Markdown files, nothing else.
func BenchmarkGoldmarkParse(b *testing.B) {
	files := corpus(b)
	md := goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.TaskList))
	b.SetBytes(bytesOf(files))
	for b.Loop() {
		for _, f := range files {
			if instr.MarkupOf(f.Path) == instr.MarkupMarkdown {
				md.Parser().Parse(text.NewReader(f.Src))
			}
		}
	}
}

// BenchmarkExtractCorpus extracts every corpus file (Markdown and reST).
func BenchmarkExtractCorpus(b *testing.B) {
	files := corpus(b)
	b.SetBytes(bytesOf(files))
	for b.Loop() {
		for _, f := range files {
			instr.Extract(f.Path, f.Src, f.Format, f.Scope)
		}
	}
}

// BenchmarkLoad runs instr.Load (git discovery, reads, imports, extraction) on a git
// repository holding every corpus file at its real path.
func BenchmarkLoad(b *testing.B) {
	files := corpus(b)
	root := b.TempDir()
	for _, f := range files {
		// Several repositories share paths (AGENTS.md): keep each under its owner.
		p := filepath.Join(root, f.Name[:len(f.Name)-len(f.Path)-2], filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, f.Src, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	if out, err := exec.Command("git", "init", "-q", root).CombinedOutput(); err != nil {
		b.Fatalf("git init: %v\n%s", err, out)
	}
	b.SetBytes(bytesOf(files))
	for b.Loop() {
		set, err := instr.Load(root)
		if err != nil {
			b.Fatal(err)
		}
		if len(set.Constraints) == 0 {
			b.Fatal("no constraints")
		}
	}
}
