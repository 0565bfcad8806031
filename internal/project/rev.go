package project

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"

	"github.com/heed-dev/heed/internal/compile"
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/policyfile"
	"github.com/heed-dev/heed/internal/repo"
)

// OpenRev loads the rules of the repository at root as they stood at the commit rev,
// from git's objects, never from the working tree: the policy file committed at rev
// when there is one, else the instruction files committed at rev compiled in memory.
// A change is judged with the rules of its base this way (heed check --diff), so a
// change cannot drop the rule it breaks (docs/security.md). The project's Root is root.
func OpenRev(root, rev string, opt Options) (*Project, error) {
	// The compiled instruction files of a commit are cached by its tree, for the
	// build's own loader and recognisers only (as OpenWith's zero-config cache).
	cacheable := opt.Load == nil && opt.Recognizers == nil && opt.Files == nil
	opt = opt.withDefaults()
	r := opt.Repo
	if r == nil {
		var err error
		if r, err = repo.Open(root); err != nil {
			return nil, err
		}
	}
	p := &Project{Root: root, Registry: opt.Registry, Repo: r}
	// The policy file alone, when rev has one: the rest of its tree is not needed.
	data, hasPolicy, err := r.RevFile(rev, policy.File)
	if err != nil && !hasPolicy {
		var tl *repo.TooLargeError
		if !errors.As(err, &tl) {
			return nil, err
		}
		hasPolicy = true
	}
	if hasPolicy {
		name := rev + ":" + policy.File
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", name, err)
		}
		pol, err := policyfile.Parse(data, name)
		if err != nil {
			return nil, err
		}
		p.Policy, p.FromFile = pol, true
		InheritScopes(pol)
		compiled, errs := CompileRules(opt.Registry, pol, name)
		if len(errs) > 0 {
			return nil, &policy.ValidationError{File: name, Errors: errs}
		}
		p.Rules = engine.Distinct(compiled)
		return p, nil
	}
	// Compiling the instruction files of rev costs a listing of its tree, a scratch
	// repository and the compiler: a diff against the same base (a branch point)
	// compiles the same files every time, so the result is kept by rev's tree.
	key := ""
	if cacheable {
		if tree, err := r.ResolveTree(rev); err == nil {
			key = revCacheKey(tree)
		}
	}
	if c, ok := loadRevCached(root, key); ok {
		p.Policy, p.Cached = c.Policy, true
		for _, w := range c.Warnings {
			p.Warnings = append(p.Warnings, rev+": "+w)
		}
		compiled, errs := CompileRules(opt.Registry, p.Policy, "")
		for _, e := range errs {
			p.Warnings = append(p.Warnings, "generated rule dropped: "+e.Error())
		}
		p.Rules = engine.Distinct(compiled)
		return p, nil
	}
	snap, err := r.RevSnapshot(rev)
	if err != nil {
		return nil, err
	}
	defer snap.Close()
	// The instruction reader reads a folder: give it one holding the instruction
	// files of rev and every document they could import, and the recognisers the
	// listing of rev.
	tmp, err := os.MkdirTemp("", "heed-rev-")
	if err != nil {
		return nil, fmt.Errorf("compile the instruction files of %s: %w", rev, err)
	}
	defer os.RemoveAll(tmp)
	if out, err := exec.Command("git", "init", "-q", tmp).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("compile the instruction files of %s: git init: %v: %s", rev, err, strings.TrimSpace(string(out)))
	}
	files := snap.Paths()
	for _, f := range files {
		if instr.Classify(f) == "" && !docFile(f) {
			continue
		}
		data, err := snap.Read(f)
		var tl *repo.TooLargeError
		if errors.As(err, &tl) {
			continue // not a document heed reads
		}
		if err != nil {
			return nil, fmt.Errorf("read %s:%s: %w", rev, f, err)
		}
		dst := filepath.Join(tmp, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return nil, fmt.Errorf("compile the instruction files of %s: %w", rev, err)
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			return nil, fmt.Errorf("compile the instruction files of %s: %w", rev, err)
		}
	}
	pol, rep, set, err := compileRepo(tmp, opt, compile.RepoContextFor(tmp, files))
	if err != nil {
		return nil, fmt.Errorf("compile the instruction files of %s: %w", rev, err)
	}
	p.Policy, p.Report = pol, rep // (the instruction set's folder is gone)
	var warnings []string
	for _, w := range set.Warnings {
		warnings = append(warnings, w.String())
	}
	warnings = append(warnings, rep.Warnings...)
	for _, w := range warnings {
		p.Warnings = append(p.Warnings, rev+": "+w)
	}
	storeRevCached(root, key, pol, warnings)
	compiled, errs := CompileRules(opt.Registry, pol, "")
	for _, e := range errs {
		p.Warnings = append(p.Warnings, "generated rule dropped: "+e.Error())
	}
	p.Rules = engine.Distinct(compiled)
	return p, nil
}

// docFile reports whether a path may be a document an instruction file imports
// (@docs/style.md).
func docFile(p string) bool {
	switch strings.ToLower(path.Ext(p)) {
	case ".md", ".mdc", ".markdown", ".txt", ".rst":
		return true
	}
	return false
}
