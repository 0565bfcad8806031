package arch

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

// placementParams has two forms. Dir + Allowed: the only child folders Dir may have
// ("workbench/ only allows browser/, services/, contrib/, api/"; "*" allows any, "."
// is the repository root); files directly in Dir are fine unless NoFiles. Files + Under: files matching Files must live below
// one of Under ("*.test.ts files go in __tests__/").
type placementParams struct {
	Dir     string   `json:"dir,omitempty"`
	Allowed []string `json:"allowed,omitempty"`
	NoFiles bool     `json:"no_files,omitempty"`
	Files   []string `json:"files,omitempty"`
	Under   []string `json:"under,omitempty"`
	// Except are files of the kind that may live anywhere ("HTML pages (except
	// index.html) in pages/").
	Except []string `json:"except,omitempty"`
	// Named (with Files): files of the kind must have a base name matching one of
	// these globs ("name test modules test_*.py"). Containing (in either form with
	// Files) narrows the kind to files whose content matches this expression (a
	// module that defines tests, a file that exports a component).
	Named      []string `json:"named,omitempty"`
	Containing string   `json:"containing,omitempty"`
	// NotUnder (with Files, instead of Under): files of the kind must not live
	// below one of these ("tests beside their source": no tests/ tree).
	NotUnder []string `json:"not_under,omitempty"`
	// NewOnly: the rule speaks of files to be made ("Create `src/views/XxxView.vue`"):
	// a file that exists is not its business, in a diff or a check of the whole tree.
	NewOnly bool `json:"new_only,omitempty"`
}

type placementCheck struct {
	rule       *policy.Rule
	p          placementParams
	containing *regexp.Regexp
}

func compilePlacement(rule *policy.Rule) (engine.Check, error) {
	var p placementParams
	if err := decode(rule, &p); err != nil {
		return nil, err
	}
	byDir := p.Dir != "" || len(p.Allowed) > 0
	byKind := len(p.Files) > 0 || len(p.Under) > 0 || len(p.NotUnder) > 0
	var containing *regexp.Regexp
	if p.Containing != "" {
		re, err := regexp.Compile(p.Containing)
		if err != nil {
			return nil, fmt.Errorf("params.containing: %v", err)
		}
		containing = re
	}
	switch {
	case len(p.Named) > 0:
		if byDir || len(p.Under) > 0 || len(p.Files) == 0 {
			return nil, fmt.Errorf("params.named: give it with files, without dir or under")
		}
		for _, g := range append(append([]string{}, p.Files...), p.Named...) {
			if !doublestar.ValidatePattern(g) {
				return nil, fmt.Errorf("params: invalid glob %q", g)
			}
		}
		return &placementCheck{rule: rule, p: p, containing: containing}, nil
	case byDir && byKind:
		return nil, fmt.Errorf("params: give either dir+allowed or files+under, not both")
	case byDir:
		d := strings.Trim(p.Dir, "/")
		if d == "" || strings.ContainsAny(d, "*?[{") || strings.HasPrefix(d, "./") || d == ".." {
			return nil, fmt.Errorf("params.dir: %q must be a folder path", p.Dir)
		}
		p.Dir = d
		if len(p.Allowed) == 0 {
			return nil, fmt.Errorf("params.allowed: name at least one child folder of %s", d)
		}
		for i, a := range p.Allowed {
			a = strings.Trim(a, "/")
			if a == "" || strings.Contains(a, "/") || strings.ContainsAny(a, "?[{") || strings.Contains(a, "*") && a != "*" {
				return nil, fmt.Errorf("params.allowed[%d]: %q must be one folder name (or *, any)", i, p.Allowed[i])
			}
			p.Allowed[i] = a
		}
	case byKind:
		if len(p.Files) == 0 || len(p.Under) == 0 && len(p.NotUnder) == 0 {
			return nil, fmt.Errorf("params.files and params.under (or not_under): both are needed")
		}
		if len(p.Under) > 0 && len(p.NotUnder) > 0 {
			return nil, fmt.Errorf("params: give under or not_under, not both")
		}
		if err := validGlobs("not_under", p.NotUnder); err != nil {
			return nil, err
		}
		if err := validGlobs("files", p.Files); err != nil {
			return nil, err
		}
		if err := validGlobs("under", p.Under); err != nil {
			return nil, err
		}
		if err := validGlobs("except", p.Except); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("params: give dir+allowed or files+under")
	}
	return &placementCheck{rule: rule, p: p, containing: containing}, nil
}

// placementCaseEvidence: a placement case's file is one being written, a new file (a
// rule about files to be made judges only those).
func placementCaseEvidence(c policy.Case) (*engine.Evidence, error) {
	ev, err := engine.DefaultCaseEvidence(c)
	if err != nil {
		return nil, err
	}
	for _, f := range ev.Files {
		if f.Path == c.Path {
			f.New = true
		}
	}
	return ev, nil
}

// Targets are the files the run owns: in a diff, only the files the change created
// (a file that was already misplaced is not the change's doing).
func (c *placementCheck) Targets(ev *engine.Evidence) []engine.Target {
	var ts []engine.Target
	for i, f := range ev.Files {
		if (ev.Mode == engine.ModeDiff || c.p.NewOnly) && !f.New {
			continue
		}
		if !c.rule.Scope.Covers(f.Path) || !c.applies(f.Path) {
			continue
		}
		ts = append(ts, engine.Target{Kind: engine.TargetFile, Index: i, Path: f.Path})
	}
	return ts
}

// FileByFile implements engine.FileByFile: a file's targets and verdict are its own.
func (c *placementCheck) FileByFile(*engine.Evidence) bool { return true }

// WantsFile implements engine.FileSelector.
func (c *placementCheck) WantsFile(p, _ string) bool { return c.rule.Scope.Covers(p) && c.applies(p) }

func (c *placementCheck) applies(p string) bool {
	if c.p.Dir == "." {
		return true
	}
	if c.p.Dir != "" {
		return strings.HasPrefix(p, c.p.Dir+"/")
	}
	return matchAny(c.p.Files, p) && !matchAny(c.p.Except, p)
}

func (c *placementCheck) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	f := ev.Files[t.Index]
	var msg string
	if c.p.Dir == "." {
		child, _, nested := strings.Cut(f.Path, "/")
		switch {
		case !nested && c.p.NoFiles:
			msg = "a new file directly in the repository root"
		case nested && !slices.Contains(c.p.Allowed, child) && !slices.Contains(c.p.Allowed, "*"):
			msg = fmt.Sprintf("a new top-level folder %s/; the root holds only %s", child, list(slashed(c.p.Allowed)))
		}
	} else if c.p.Dir != "" {
		rest := strings.TrimPrefix(f.Path, c.p.Dir+"/")
		child, _, nested := strings.Cut(rest, "/")
		switch {
		case !nested && c.p.NoFiles:
			msg = fmt.Sprintf("a new file directly in %s/, which holds only the folders %s", c.p.Dir, list(slashed(c.p.Allowed)))
		case nested && !slices.Contains(c.p.Allowed, child) && !slices.Contains(c.p.Allowed, "*"):
			msg = fmt.Sprintf("a file in %s/%s/, but %s/ only allows the subfolders %s", c.p.Dir, child, c.p.Dir, list(slashed(c.p.Allowed)))
		}
	} else if c.containing != nil && !c.containing.Match(f.Content) {
		return engine.Result{Verdict: engine.Satisfied, Reason: "not a file of the kind"}
	} else if len(c.p.Named) > 0 {
		base := path.Base(f.Path)
		named := false
		for _, g := range c.p.Named {
			if ok, _ := doublestar.Match(g, base); ok {
				named = true
			}
		}
		if !named {
			msg = fmt.Sprintf("%s is not named %s", base, strings.Join(c.p.Named, " or "))
		}
	} else if len(c.p.NotUnder) > 0 {
		if matchAny(c.p.NotUnder, f.Path) {
			msg = fmt.Sprintf("a %s file in a separate test folder; it belongs beside the code it tests", list(c.p.Files))
			if !testTreeGlobs(c.p.NotUnder) {
				msg = fmt.Sprintf("a %s file under %s, where the instructions say it must not go", list(c.p.Files), list(humans(c.p.NotUnder)))
			}
		}
	} else if !matchAny(c.p.Under, f.Path) {
		msg = fmt.Sprintf("a %s file outside %s, where such files live", list(c.p.Files), list(humans(c.p.Under)))
	}
	if msg == "" {
		return engine.Result{Verdict: engine.Satisfied, Reason: "the file is where it belongs"}
	}
	// Line 1: the file as a whole (a located finding survives report formats that
	// need a line).
	return engine.Result{Verdict: engine.Violated, Findings: []engine.Finding{{Path: f.Path, Line: 1, CommandIndex: -1,
		Message: msg, Suggestion: c.rule.Suggestion}}}
}

func slashed(xs []string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = x + "/"
	}
	return out
}

// testTreeGlobs reports whether folders a kind of file must stay out of are test
// trees (tests beside their code: no tests/ folder), not folders of another kind
// ("don't put tests in src/").
func testTreeGlobs(globs []string) bool {
	for _, g := range globs {
		if !strings.Contains(strings.ToLower(g), "test") && !strings.Contains(strings.ToLower(g), "spec") {
			return false
		}
	}
	return true
}
