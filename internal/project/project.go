// Package project loads what every rule-using command needs: the repository's policy
// (.heed/policy.json when present, validated; otherwise compiled in memory from the
// instruction files: zero-config) and its rules compiled against the registry.
package project

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/heed-dev/heed/internal/compile"
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/policyfile"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/repo"
	"github.com/heed-dev/heed/internal/rules"
)

// Project is a repository with its policy and compiled rules.
type Project struct {
	Root     string
	Policy   *policy.Policy
	Registry *engine.Registry
	// Rules are the policy's rules compiled into checks, in policy order.
	Rules []engine.Compiled
	// Warnings are problems that did not stop loading (instruction-file warnings, a
	// generated rule dropped because it did not compile).
	Warnings []string
	// FromFile is true when the policy came from .heed/policy.json.
	FromFile bool
	// Set is the instruction set read for zero-config (nil when FromFile).
	Set *instr.Set
	// Report is the coverage of a zero-config compile (nil when FromFile or Cached).
	Report *compile.Report
	// Cached is true when a zero-config policy came from the cache (its inputs were
	// unchanged); Set and Report are nil then.
	Cached bool
	// Repo is the repository as loading saw it, with its listing, for the command
	// that loaded the project to reuse (nil when Options.Files replaced the listing).
	Repo *repo.Repo
}

// Options replace the parts of loading a test needs to control; zero values mean the
// build's defaults.
type Options struct {
	// Load reads the instruction set (default instr.Load).
	Load func(root string) (*instr.Set, error)
	// Registry and Recognizers default to rules.Registry() and rules.Recognizers().
	Registry    *engine.Registry
	Recognizers []recognize.Recognizer
	// Files lists the repository's files for the recognisers' context (default: git,
	// else a walk).
	Files func(root string) ([]string, error)
	// Repo is the repository at root when the caller opened it already (and started
	// work on it: a diff check lists the untracked files meanwhile); default: opened
	// here. It becomes the project's Repo.
	Repo *repo.Repo
}

// Open loads the project at root with the build's rule kinds and recognisers.
func Open(root string) (*Project, error) { return OpenWith(root, Options{}) }

// PolicyPath is the policy file of the repository at root.
func PolicyPath(root string) string { return filepath.Join(root, filepath.FromSlash(policy.File)) }

// OpenWith loads the project at root. A policy file that is present must be valid and
// every rule in it must compile: errors name the JSON path and the rule id. Without a
// policy file the instruction files are compiled in memory; a generated rule that does
// not compile is dropped with a warning (a recogniser defect must not stop heed).
// Rules keep pointing into p.Policy.
func OpenWith(root string, opt Options) (*Project, error) {
	// The zero-config cache is for the build's own loader and recognisers only.
	cacheable := opt.Load == nil && opt.Recognizers == nil && opt.Files == nil
	ownListing := opt.Files == nil
	opt = opt.withDefaults()
	p := &Project{Root: root, Registry: opt.Registry, Repo: opt.Repo}
	path := PolicyPath(root)
	if data, err := os.ReadFile(path); err == nil {
		// Errors name the file as the user knows it: relative to the repository.
		pol, err := policyfile.Parse(data, relPath(root, path))
		if err != nil {
			return nil, err
		}
		p.Policy, p.FromFile = pol, true
		InheritScopes(pol)
		compiled, errs := CompileRules(opt.Registry, pol, relPath(root, path))
		if len(errs) > 0 {
			return nil, &policy.ValidationError{File: relPath(root, path), Errors: errs}
		}
		p.Rules = engine.Distinct(compiled)
		return p, nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("read policy: %w", err)
	}
	// The ignored CLAUDE.local.md files (a git query of its own) are needed to tell
	// whether the cache is fresh: ask while the tree is listed.
	type localResult struct {
		files []string
		ok    bool
	}
	localCh := make(chan localResult, 1)
	if cacheable {
		go func() {
			f, ok := instr.LocalFiles(root)
			localCh <- localResult{f, ok}
		}()
	}
	var files []string
	var err error
	if ownListing {
		// the same listing serves the check that follows (repo.Repo keeps it)
		r := opt.Repo
		if r == nil {
			if r, err = repo.Open(root); err != nil {
				return nil, err
			}
		}
		if files, err = r.ListCandidates(); err != nil {
			return nil, err
		}
		p.Repo = r
	} else if files, err = opt.Files(root); err != nil {
		return nil, err
	}
	rc := compile.RepoContextFor(root, files)
	key := ""
	if cacheable {
		key = cacheKey(rc)
		local := <-localCh
		var discovered []string
		if local.ok {
			discovered = instr.Among(root, files, local.files)
		} else if discovered, _, err = instr.Discover(root); err != nil {
			discovered = nil
			key = "" // cannot tell whether the cache is fresh: compile
		}
		if c, ok := loadCached(root, key, discovered); ok {
			p.Policy, p.Warnings, p.Cached = c.Policy, c.Warnings, true
			compiled, errs := CompileRules(opt.Registry, p.Policy, "")
			for _, e := range errs {
				p.Warnings = append(p.Warnings, "generated rule dropped: "+e.Error())
			}
			p.Rules = engine.Distinct(compiled)
			return p, nil
		}
	}
	pol, rep, set, err := compileRepo(root, opt, rc)
	if err != nil {
		return nil, err
	}
	p.Policy, p.Report, p.Set = pol, rep, set
	for _, w := range set.Warnings {
		p.Warnings = append(p.Warnings, w.String())
	}
	p.Warnings = append(p.Warnings, rep.Warnings...)
	if cacheable {
		storeCached(root, key, pol, p.Warnings)
	}
	compiled, errs := CompileRules(opt.Registry, pol, "")
	for _, e := range errs { // DropBroken removed these already; kept for safety
		p.Warnings = append(p.Warnings, "generated rule dropped: "+e.Error())
	}
	p.Rules = engine.Distinct(compiled)
	return p, nil
}

func (o Options) withDefaults() Options {
	if o.Load == nil {
		o.Load = loadInstructions
	}
	if o.Registry == nil {
		o.Registry = rules.Registry()
	}
	if o.Recognizers == nil {
		o.Recognizers = rules.Recognizers()
	}
	if o.Files == nil {
		o.Files = ListFiles
	}
	return o
}

// InheritScopes gives every rule without a scope its constraint's scope: a rule
// written by hand under a constraint governs what the constraint governs (the
// compiler does the same for the rules it generates).
func InheritScopes(pol *policy.Policy) {
	for i := range pol.Entries {
		e := &pol.Entries[i]
		for j := range e.Rules {
			s := &e.Rules[j].Scope
			if s.Dir == "" && len(s.Globs) == 0 && len(s.Exclude) == 0 {
				*s = e.Scope
			}
		}
	}
}

// CompileRepo reads the instruction files of the repository at root and compiles them
// (what `heed compile` writes, before merging with the file on disk).
func CompileRepo(root string, opt Options) (*policy.Policy, *compile.Report, *instr.Set, error) {
	opt = opt.withDefaults()
	files, err := opt.Files(root)
	if err != nil {
		return nil, nil, nil, err
	}
	return compileRepo(root, opt, compile.RepoContextFor(root, files))
}

func compileRepo(root string, opt Options, rc *recognize.RepoContext) (*policy.Policy, *compile.Report, *instr.Set, error) {
	set, err := opt.Load(root)
	if err != nil {
		return nil, nil, nil, err
	}
	pol, rep := compile.Compile(set, rc, opt.Recognizers)
	if dropped := DropBroken(opt.Registry, pol); len(dropped) > 0 {
		warnings := append(rep.Warnings, dropped...)
		rep = compile.ReportFor(pol)
		rep.Warnings = warnings
	}
	return pol, rep, set, nil
}

// CompileRules compiles every rule of the policy but those a reviewer dropped; each
// failure is a PathError naming the rule's JSON path and id.
func CompileRules(reg *engine.Registry, pol *policy.Policy, file string) ([]engine.Compiled, []*policy.PathError) {
	var out []engine.Compiled
	var errs []*policy.PathError
	for i := range pol.Entries {
		e := &pol.Entries[i]
		for j := range e.Rules {
			r := &e.Rules[j]
			if r.Dropped() {
				continue // kept in the file so recompiling does not bring it back; never run
			}
			c, err := reg.Bind(r, &e.Constraint)
			if err != nil {
				errs = append(errs, ruleError(file, i, j, r, err))
				continue
			}
			out = append(out, c)
		}
	}
	return out, errs
}

func ruleError(file string, i, j int, r *policy.Rule, err error) *policy.PathError {
	at := policy.RulePath(i, j)
	msg := err.Error()
	var re *engine.RuleError
	if errors.As(err, &re) {
		msg = re.Err.Error()
	}
	switch {
	case strings.HasPrefix(msg, "unknown rule kind"):
		at += "/kind"
	case strings.HasPrefix(msg, "params"):
		// "params.pattern: ..." names the parameter; point at it.
		name, rest, _ := strings.Cut(strings.TrimPrefix(msg, "params"), ":")
		// "params.queries[python]" is the pointer /params/queries/python.
		ptr := strings.NewReplacer(".", "/", "[", "/", "]", "").Replace(name)
		at += "/params" + ptr
		msg = strings.TrimSpace(rest)
		if name != "" {
			msg = "params" + name + ": " + msg
		}
	case strings.HasPrefix(msg, "scope"):
		at += "/scope"
	}
	return &policy.PathError{File: file, Path: at, RuleID: r.ID, Msg: msg}
}

// Select returns the compiled rules of the given domains (every rule when none given).
func (p *Project) Select(domains ...string) []engine.Compiled {
	if len(domains) == 0 {
		return append([]engine.Compiled(nil), p.Rules...)
	}
	want := map[string]bool{}
	for _, d := range domains {
		want[d] = true
	}
	var out []engine.Compiled
	for _, c := range p.Rules {
		if want[c.Rule.Domain] {
			out = append(out, c)
		}
	}
	return out
}

func relPath(root, p string) string {
	if r, err := filepath.Rel(root, p); err == nil {
		return filepath.ToSlash(r)
	}
	return p
}
