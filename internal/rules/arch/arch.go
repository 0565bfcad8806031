// Package arch is heed's architecture domain: rule kinds judged over the import graph
// (imports, layers, cycles, external) and the file tree (placement), and the
// recognisers that compile architecture sentences of instruction files into them.
package arch

import (
	"bytes"
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/graph"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// Kind names.
const (
	KindImports   = "imports"
	KindLayers    = "layers"
	KindCycles    = "cycles"
	KindPlacement = "placement"
	KindExternal  = "external"
)

// The driver contracts the checks implement (engine/capabilities.go).
var (
	_ engine.FileSelector = (*importsCheck)(nil)
	_ engine.FileByFile   = (*importsCheck)(nil)
	_ engine.FileSelector = (*layersCheck)(nil)
	_ engine.FileByFile   = (*layersCheck)(nil)
	_ engine.FileSelector = (*placementCheck)(nil)
	_ engine.FileByFile   = (*placementCheck)(nil)
	_ engine.FileSelector = (*externalCheck)(nil)
	_ engine.FileByFile   = (*externalCheck)(nil)
	_ engine.FileSelector = (*cyclesCheck)(nil)
)

// Kinds returns the architecture rule kinds.
func Kinds() []engine.Kind {
	return []engine.Kind{
		{Name: KindImports, Doc: importsDoc, Domain: policy.DomainArchitecture, Compile: compileImports, Needs: []engine.Part{engine.PartDiff}},
		{Name: KindLayers, Doc: layersDoc, Domain: policy.DomainArchitecture, Compile: compileLayers, Needs: []engine.Part{engine.PartDiff}},
		{Name: KindCycles, Doc: cyclesDoc, Domain: policy.DomainArchitecture, Compile: compileCycles, Needs: []engine.Part{engine.PartDiff}},
		{Name: KindPlacement, Doc: placementDoc, Domain: policy.DomainArchitecture, Compile: compilePlacement, Needs: []engine.Part{engine.PartDiff}, CaseEvidence: placementCaseEvidence},
		{Name: KindExternal, Doc: externalDoc, Domain: policy.DomainArchitecture, Compile: compileExternal, Needs: []engine.Part{engine.PartDiff}},
	}
}

// Recognizers returns the architecture recognisers, in the order they are tried.
func Recognizers() []recognize.Recognizer {
	recs := []recognize.Recognizer{importsRecognizer{}, accessRecognizer{}, wrapperRecognizer{}, layersRecognizer{}, chainRecognizer{}, layerListRecognizer{}, cyclesRecognizer{}, placementRecognizer{}, testsPlacementRecognizer{}, fragmentRecognizer{}, externalRecognizer{}}
	for i, r := range recs {
		recs[i] = statedOnly{r}
	}
	return recs
}

// statedOnly demotes the rules of a boundary stated without a directive ("The
// `model` package knows nothing about `server`", "Dependencies flow one way: `a` →
// `b` → `c`"): such a sentence may describe the code rather than ask anything of a
// change, or be read from prose about something else, so its rules warn and wait for
// a person's review (norm.ArchDirective).
type statedOnly struct{ recognize.Recognizer }

func (s statedOnly) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	res := s.Recognizer.Recognize(c, rc)
	if len(res.Rules) == 0 || norm.ArchDirective(c.Text, c.Context, c.HeaderPath) {
		return res
	}
	for i := range res.Rules {
		res.Rules[i].Doubt("the sentence states how the code is, with no directive (must, never, should, only, an imperative): heed warns until a person confirms it is a rule")
	}
	return res
}

// decode unmarshals a rule's params strictly: an unknown field is a typo, and a typo
// in a rule must not silently widen or narrow it.
func decode(rule *policy.Rule, v any) error { return engine.DecodeParams(rule.Params, v) }

// validGlobs checks that every glob of a parameter is usable.
func validGlobs(param string, globs []string) error {
	for i, g := range globs {
		if strings.TrimSpace(g) == "" {
			return fmt.Errorf("params.%s[%d]: empty glob", param, i)
		}
		if strings.Contains(g, "\\") {
			return fmt.Errorf("params.%s[%d]: %q: use / in paths", param, i, g)
		}
		if !doublestar.ValidatePattern(strings.TrimPrefix(strings.TrimPrefix(g, "./"), "/")) {
			return fmt.Errorf("params.%s[%d]: %q is not a valid glob", param, i, g)
		}
	}
	return nil
}

// matchAny reports whether a repository path matches one of the globs. A folder node
// (a Go package) matches a glob of its contents ("internal/x/**" covers "internal/x").
func matchAny(globs []string, p string) bool {
	for _, g := range globs {
		if policy.MatchGlob(g, "", p) {
			return true
		}
		if g == "**" || g == "/**" {
			return true
		}
	}
	return false
}

// matchPackage reports whether a package name or import spec falls under one of the
// names: equal, or the name followed by a separator ("lodash" covers "lodash/fp",
// "requests" covers "requests.adapters", "example.com/m/x" covers
// "example.com/m/x/y").
func matchPackage(names []string, spec string) bool {
	spec = strings.TrimPrefix(spec, "node:")
	for _, n := range names {
		n = strings.TrimPrefix(n, "node:")
		if spec == n {
			return true
		}
		if len(spec) > len(n) && strings.HasPrefix(spec, n) {
			switch spec[len(n)] {
			case '/', '.', ':':
				return true
			}
		}
		if hostless(n) {
			// "never `mattn/go-sqlite3`": a Go module named without its host is
			// the module of any host (github.com/mattn/go-sqlite3)
			if host, rest, ok := strings.Cut(spec, "/"); ok && strings.Contains(host, ".") && matchPackage([]string{n}, rest) {
				return true
			}
		}
	}
	return false
}

// hostless: a module path of two or more parts whose first names no host
// (`mattn/go-sqlite3`), not an npm scope (`@types/node`) or a relative path.
func hostless(n string) bool {
	first, _, ok := strings.Cut(n, "/")
	return ok && first != "" && !strings.ContainsAny(first, ".@") && !strings.HasPrefix(n, "/")
}

// edgeTargets are the strings an import rule can match an edge's target with: the
// target path (internal) and the package or spec (named packages).
func targetMatches(e *graph.Edge, paths, packages []string) bool {
	if e.ToKind.Internal() && len(paths) > 0 && matchAny(paths, e.To) {
		return true
	}
	if len(packages) > 0 && (matchPackage(packages, e.Package) || matchPackage(packages, e.Spec) || (!e.ToKind.Internal() && matchPackage(packages, e.To))) {
		return true
	}
	return false
}

// sourceTargets returns a file target for every judged source file the predicate
// accepts.
func sourceTargets(ev *engine.Evidence, scope policy.Scope, accept func(p string) bool) []engine.Target {
	var ts []engine.Target
	for i, f := range ev.Files {
		if !graph.Sourced(f.Lang) || !scope.Covers(f.Path) || !accept(f.Path) {
			continue
		}
		ts = append(ts, engine.Target{Kind: engine.TargetFile, Index: i, Path: f.Path})
	}
	return ts
}

// mayBeSource is whether the file at p may be one the import graph reads: its
// extension's language (lang) is, or it has none (a script's shebang may name one).
func mayBeSource(p, lang string) bool { return graph.Sourced(lang) || path.Ext(p) == "" }

// fileEdges returns the graph node of a target file, or an undetermined result when
// its imports could not be read.
func fileEdges(ev *engine.Evidence, t engine.Target) (*graph.File, *engine.Result) {
	f := ev.Files[t.Index]
	gf, err := graph.FileOf(ev, f)
	if err != nil {
		return nil, &engine.Result{Verdict: engine.Undetermined, Reason: fmt.Sprintf("%s: imports not read: %v", f.Path, err)}
	}
	if gf.Err != "" {
		return nil, &engine.Result{Verdict: engine.Undetermined, Reason: fmt.Sprintf("%s: imports not read: %s", f.Path, gf.Err)}
	}
	return gf, nil
}

// lineText returns line n (1-based) of content, trimmed, for a finding's snippet.
func lineText(content []byte, n int) string {
	for i := 1; i < n; i++ {
		j := bytes.IndexByte(content, '\n')
		if j < 0 {
			return ""
		}
		content = content[j+1:]
	}
	if j := bytes.IndexByte(content, '\n'); j >= 0 {
		content = content[:j]
	}
	s := strings.TrimSpace(string(content))
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

// describe names an edge's target for a message: the spec as written, and where it
// resolved when that says more.
func describe(e *graph.Edge) string {
	spec := fmt.Sprintf("%q", e.Spec)
	if e.Level > 0 {
		spec = fmt.Sprintf("%q", strings.Repeat(".", e.Level)+e.Spec)
	}
	switch e.ToKind {
	case graph.NodeFile, graph.NodeDir:
		if e.To != e.Spec {
			return spec + " (" + e.To + ")"
		}
	case graph.NodeMissing:
		return spec + " (" + e.To + ", which does not exist)"
	}
	return spec
}

// broughtByTheChange reports whether the change brought the import edge: its line
// was added, or modified from one that did not name the module (nor the submodule
// a name of it reaches), so adding a name to an existing `from a import b` keeps an edge
// that was there. Outside a change every edge counts.
func broughtByTheChange(f *engine.File, e *graph.Edge) bool {
	if f.Added(e.Line) {
		return true
	}
	was, ok := f.Was(e.Line)
	if !ok {
		return f.Touched[e.Line] // touched, old text unknown
	}
	if e.Spec == "" || !strings.Contains(was, e.Spec) {
		return true
	}
	// `from a import b` reaches a submodule a/b when b is one: then b is the edge's
	// target, and the old line must have named it too
	stem := strings.TrimSuffix(path.Base(e.To), path.Ext(e.To))
	for _, n := range e.Names {
		if (n == stem || n == path.Base(e.To)) && !strings.Contains(was, n) {
			return true
		}
	}
	return false
}

// edgeVerdict is the verdict of a file's edge findings, old of them left out as
// edges the change did not bring.
func edgeVerdict(fs []engine.Finding, old int, ok string) engine.Result {
	if len(fs) == 0 && old > 0 {
		return engine.Result{Verdict: engine.Satisfied, Reason: engine.ReasonPreExisting}
	}
	return verdictOf(oneFindingPerLine(fs), ok)
}

// finding builds a located finding on an import edge.
func finding(f *engine.File, e *graph.Edge, msg, suggestion string) engine.Finding {
	return engine.Finding{Path: f.Path, Line: e.Line, Column: e.Col, CommandIndex: -1, Message: msg,
		Snippet: lineText(f.Content, e.Line), Suggestion: suggestion}
}

// oneFindingPerLine keeps the first finding of each line (a Python
// `from pkg import a, b` is several edges on one line, one mistake).
func oneFindingPerLine(fs []engine.Finding) []engine.Finding {
	seen := map[string]bool{}
	out := fs[:0]
	for _, f := range fs {
		k := fmt.Sprintf("%s:%d", f.Path, f.Line)
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, f)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Line < out[j].Line })
	return out
}

func verdictOf(fs []engine.Finding, satisfied string) engine.Result {
	if len(fs) > 0 {
		return engine.Result{Verdict: engine.Violated, Findings: fs}
	}
	return engine.Result{Verdict: engine.Satisfied, Reason: satisfied}
}

func list(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

// human turns a glob back into the folder it names, for messages.
func human(g string) string {
	g = strings.TrimSuffix(g, "/**")
	if g == "**" || g == "" {
		return "any file"
	}
	return g
}

func humans(gs []string) []string {
	out := make([]string, len(gs))
	for i, g := range gs {
		out[i] = human(g)
	}
	return out
}
