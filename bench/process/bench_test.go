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

	"github.com/heed-dev/heed/bench/processgen"
	"github.com/heed-dev/heed/internal/enforce"
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/project"
	"github.com/heed-dev/heed/internal/rules"
)

// The judging work of a shim or hook inside one process, without process start-up:
// finding the repository, reading the live index, compiling the rules about the
// program, parsing and judging the command, journaling it.
//
//	go test -tags bench ./bench/process -bench . -benchtime 2000x
func BenchmarkCheck(b *testing.B) {
	repo := b.TempDir()
	if err := os.WriteFile(filepath.Join(repo, "AGENTS.md"), []byte(processgen.AgentsMD()), 0o644); err != nil {
		b.Fatal(err)
	}
	if out, err := exec.Command("git", "-C", repo, "init", "-q").CombinedOutput(); err != nil {
		b.Fatalf("%v %s", err, out)
	}
	// compile as a user would, with the heed binary (nothing but cmd/heed imports
	// internal/cli)
	heed := filepath.Join(b.TempDir(), "heed")
	if out, err := exec.Command("go", "build", "-o", heed, "github.com/heed-dev/heed/cmd/heed").CombinedOutput(); err != nil {
		b.Fatalf("build heed: %v %s", err, out)
	}
	if out, err := exec.Command(heed, "--repo", repo, "compile").CombinedOutput(); err != nil {
		b.Fatalf("heed compile: %v %s", err, out)
	}
	e := &enforce.Enforcer{Loader: &enforce.Loader{Registry: rules.Registry(), Open: func(root string) ([]engine.Compiled, bool, error) {
		p, err := project.Open(root)
		if err != nil {
			return nil, false, err
		}
		return p.Rules, p.FromFile, nil
	}}}
	for _, c := range []struct {
		name string
		req  enforce.Request
	}{
		{"argv git --version", enforce.Request{Root: repo, Argv: []string{"git", "--version"}}},
		{"line npm ci && git push -f", enforce.Request{Root: repo, Line: "cd web && npm ci && git push -f origin main"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				e.Check(c.req)
			}
		})
	}
}
