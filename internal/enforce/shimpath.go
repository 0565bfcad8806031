package enforce

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

// ProcessPath is this process's PATH before heed took its shim directories off it.
// The zero value has not left them yet.
type ProcessPath struct {
	original string
	left     bool
}

// LeaveShims takes the shim directories off this process's PATH, once, keeping the
// original for the programs heed runs (Original): the git heed runs to read the
// repository must not be a shim, which would start heed again, and again, while the
// programs heed runs for the user get the original PATH, so their own children go
// through the shims again.
func (p *ProcessPath) LeaveShims() {
	if p.left {
		return
	}
	p.left = true
	p.original = os.Getenv("PATH")
	os.Setenv("PATH", WithoutShims(p.original))
}

// Original is PATH as the process found it, shims included ("" before LeaveShims).
func (p *ProcessPath) Original() string { return p.original }

// ResolveShimDir is the absolute shim directory of the repository at root: dir when
// it is given, else root's ShimDir.
func ResolveShimDir(root, dir string) (string, error) {
	if dir == "" {
		dir = filepath.Join(root, filepath.FromSlash(ShimDir))
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("shim directory %s: %w", dir, err)
	}
	return abs, nil
}

// InstallRuleShims (re)creates in dir the shims of the process rules (ShimNames, the
// glob names expanded against PATH without its shim directories), each a link to
// exe; the plan lists what a shim cannot catch.
func InstallRuleShims(dir, exe string, rules []engine.Compiled) (*ShimPlan, error) {
	names, unshimmable := ShimNames(rules, WithoutShims(os.Getenv("PATH")))
	plan, err := InstallShims(dir, exe, names)
	if err != nil {
		return nil, err
	}
	plan.Unshimmable = unshimmable
	return plan, nil
}

// A LiveExe is the executable shims and hooks of a repository run.
type LiveExe struct {
	Path string
	// Small: Path is heed-shim, which judges from the repository's live index.
	Small bool
	// ShimUnused: heed-shim is beside heed but is not used, because the repository
	// has no policy file to judge from (heed compile writes one).
	ShimUnused bool
}

// LiveBinary is what shims and hooks of the repository at root run, for the heed
// executable exe: heed-shim when it is beside exe and the repository has a policy
// file, whose live index heed-shim judges from; else exe itself, because heed-shim
// would hand every command of a repository without one to heed, a second start.
func LiveBinary(exe, root string) LiveExe {
	shim, ok := Beside(exe, ShimBinary)
	if !ok {
		return LiveExe{Path: exe}
	}
	if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(policy.File))); err != nil {
		return LiveExe{Path: exe, ShimUnused: true}
	}
	return LiveExe{Path: shim, Small: true}
}
