package enforce

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/project"
)

func TestLeaveShimsKeepsTheOriginalPathForWhatHeedRuns(t *testing.T) {
	base := t.TempDir()
	shims := filepath.Join(base, ".heed", "bin")
	if _, err := InstallShims(shims, filepath.Join(base, "heed"), []string{"npm"}); err != nil {
		t.Fatal(err)
	}
	real := filepath.Join(base, "usr-bin")
	orig := shims + string(os.PathListSeparator) + real
	t.Setenv("PATH", orig)
	var p ProcessPath
	if p.Original() != "" {
		t.Fatalf("before leaving: %q", p.Original())
	}
	for i := 0; i < 2; i++ { // leaving twice keeps the PATH the process started with
		p.LeaveShims()
		if got := os.Getenv("PATH"); got != real {
			t.Fatalf("heed's own PATH still has the shims: %q", got)
		}
		if p.Original() != orig {
			t.Fatalf("the programs heed runs must get the original PATH, got %q", p.Original())
		}
	}
}

func TestLiveBinaryUsesHeedShimOnlyWithAPolicyFile(t *testing.T) {
	bin := t.TempDir()
	heed := filepath.Join(bin, "heed")
	write(t, bin, "heed", "#!/bin/sh\n")
	os.Chmod(heed, 0o755)
	root := t.TempDir()
	if got := LiveBinary(heed, root); got != (LiveExe{Path: heed}) {
		t.Fatalf("heed alone: %+v", got)
	}
	write(t, bin, ShimBinary, "#!/bin/sh\n")
	os.Chmod(filepath.Join(bin, ShimBinary), 0o755)
	if got := LiveBinary(heed, root); got != (LiveExe{Path: heed, ShimUnused: true}) {
		t.Fatalf("heed-shim beside, no policy file: heed runs, and the caller is told why: %+v", got)
	}
	write(t, root, policy.File, "{}")
	if got := LiveBinary(heed, root); got != (LiveExe{Path: filepath.Join(bin, ShimBinary), Small: true}) {
		t.Fatalf("heed-shim beside, a policy file: heed-shim runs: %+v", got)
	}
}

func TestResolveShimDir(t *testing.T) {
	root := t.TempDir()
	if got, err := ResolveShimDir(root, ""); err != nil || got != filepath.Join(root, ".heed", "bin") {
		t.Fatalf("default: %q %v", got, err)
	}
	wd, _ := os.Getwd()
	if got, err := ResolveShimDir(root, "shims"); err != nil || got != filepath.Join(wd, "shims") {
		t.Fatalf("a relative --dir is read from the working directory: %q %v", got, err)
	}
}

func TestInstallRuleShimsLinksTheProgramsTheRulesName(t *testing.T) {
	root := newRepo(t, "- Never run `cargo publish`.\n- Use `pnpm`, not npm or yarn.")
	p, err := project.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(t.TempDir(), "heed")
	dir := filepath.Join(root, ".heed", "bin")
	plan, err := InstallRuleShims(dir, exe, p.Select(policy.DomainProcess))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"cargo", "npm", "yarn"} {
		if !slices.Contains(plan.Names, want) {
			t.Errorf("no shim for %s: %v", want, plan.Names)
		}
		if target, err := os.Readlink(filepath.Join(dir, want)); err != nil || target != exe {
			t.Errorf("%s: links to %q (%v), want %s", want, target, err, exe)
		}
	}
	if !IsShimDir(dir) || strings.Contains(strings.Join(plan.Names, " "), "heed") {
		t.Fatalf("a shim directory without heed itself: %v", plan.Names)
	}
}
