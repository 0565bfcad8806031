package arch

import (
	"fmt"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/graph"
	"github.com/heed-dev/heed/internal/policy"
)

// externalParams: the third-party packages files may not import (Banned, by name or
// subpath: "requests", "lodash", "prettier/plugins/typescript"), with what to use
// instead. Langs limits the rule to the languages the names belong to (a Python
// package name says nothing about JavaScript files).
type externalParams struct {
	Banned        []string `json:"banned"`
	Instead       string   `json:"instead,omitempty"`
	Langs         []string `json:"langs,omitempty"`
	AllowTypeOnly bool     `json:"allow_type_only,omitempty"`
}

type externalCheck struct {
	rule *policy.Rule
	p    externalParams
	// exactFix: the rule was read with certainty and blocks, so the fix of an import
	// it names the replacement of is applied by heed check --fix (externalfix.go)
	exactFix bool
}

var _ engine.ImportBanner = (*externalCheck)(nil)

// BannedImports implements engine.ImportBanner.
func (c *externalCheck) BannedImports() []string { return c.p.Banned }

func compileExternal(rule *policy.Rule) (engine.Check, error) {
	var p externalParams
	if err := decode(rule, &p); err != nil {
		return nil, err
	}
	if len(p.Banned) == 0 {
		return nil, fmt.Errorf("params.banned: name at least one package")
	}
	for i, b := range p.Banned {
		if strings.TrimSpace(b) == "" || strings.ContainsAny(b, " \t*") {
			return nil, fmt.Errorf("params.banned[%d]: %q is not a package name", i, b)
		}
	}
	for i, l := range p.Langs {
		if !graph.Sourced(l) {
			return nil, fmt.Errorf("params.langs[%d]: %q is not a language heed reads imports of", i, l)
		}
	}
	return &externalCheck{rule: rule, p: p, exactFix: rule.Exact && rule.Severity == policy.SeverityError}, nil
}

func (c *externalCheck) langOK(l string) bool {
	if len(c.p.Langs) == 0 {
		return true
	}
	for _, x := range c.p.Langs {
		if x == l || (x == engine.LangTypeScript && l == engine.LangTSX) || (x == engine.LangJavaScript && (l == engine.LangTypeScript || l == engine.LangTSX)) {
			return true
		}
	}
	return false
}

func (c *externalCheck) Targets(ev *engine.Evidence) []engine.Target {
	var ts []engine.Target
	for _, t := range sourceTargets(ev, c.rule.Scope, func(string) bool { return true }) {
		if c.langOK(ev.Files[t.Index].Lang) {
			ts = append(ts, t)
		}
	}
	return ts
}

// FileByFile implements engine.FileByFile: a file's targets and verdict are its own.
func (c *externalCheck) FileByFile(*engine.Evidence) bool { return true }

// WantsFile implements engine.FileSelector: a file without an extension may be a
// script of any language, so it is wanted whatever its extension says.
func (c *externalCheck) WantsFile(p, lang string) bool {
	return mayBeSource(p, lang) && c.rule.Scope.Covers(p) && (lang == "" || c.langOK(lang))
}

func (c *externalCheck) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	gf, undetermined := fileEdges(ev, t)
	if undetermined != nil {
		return *undetermined
	}
	f := ev.Files[t.Index]
	var fs []engine.Finding
	old := 0 // findings on edges the change did not bring
	for i := range gf.Edges {
		e := &gf.Edges[i]
		if e.ToKind.Internal() || (c.p.AllowTypeOnly && e.TypeOnly) {
			continue
		}
		if !matchPackage(c.p.Banned, e.Spec) && !matchPackage(c.p.Banned, e.Package) {
			continue
		}
		msg := fmt.Sprintf("imports %q, a package the instructions ban", e.Spec)
		if c.p.Instead != "" {
			msg += fmt.Sprintf("; use %s instead", c.p.Instead)
		}
		if !broughtByTheChange(f, e) {
			old++
			continue
		}
		fd := finding(f, e, msg, c.rule.Suggestion)
		fd.Fixes = c.importFix(f, e)
		fs = append(fs, fd)
	}
	return edgeVerdict(fs, old, "no banned package is imported")
}
