package arch

import (
	"fmt"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/graph"
	"github.com/heed-dev/heed/internal/policy"
)

// Import rule modes.
const (
	// ModeForbid: an import from From to To is a violation ("web/ must not import
	// core/", "only _test.go files may import testutil").
	ModeForbid = "forbid"
	// ModeOnly: an import from From to any other part of the repository than From
	// itself and To is a violation ("engine imports only policy"). Third-party
	// imports are the external kind's business.
	ModeOnly = "only"
	// ModeIsolate: Groups names sibling folders ("src/features/*"); a file in one
	// may not import from another ("a feature must not import another feature").
	ModeIsolate = "isolate"
)

// importsParams are the parameters of the imports kind.
type importsParams struct {
	// From selects the importing files (globs); FromExcept exempts some of them;
	// FromPackages selects importers by workspace package name instead.
	From         []string `json:"from,omitempty"`
	FromExcept   []string `json:"from_except,omitempty"`
	FromPackages []string `json:"from_packages,omitempty"`
	// To selects imported paths (globs, matched against files and package folders);
	// ToPackages imported package names (workspace or third-party, by prefix:
	// "lodash" covers "lodash/fp"); ToExcept exempts targets.
	To         []string `json:"to,omitempty"`
	ToPackages []string `json:"to_packages,omitempty"`
	ToExcept   []string `json:"to_except,omitempty"`
	Mode       string   `json:"mode"`
	// Groups is the isolate mode's pattern: a glob whose last segment is "*".
	Groups string `json:"groups,omitempty"`
	// AllowTypeOnly exempts imports erased at run time (TS `import type`, Python
	// under TYPE_CHECKING).
	AllowTypeOnly bool `json:"allow_type_only,omitempty"`
}

type importsCheck struct {
	rule *policy.Rule
	p    importsParams
	// groupDepth is the number of segments of Groups.
	groupDepth int
}

func compileImports(rule *policy.Rule) (engine.Check, error) {
	var p importsParams
	if err := decode(rule, &p); err != nil {
		return nil, err
	}
	if p.Mode == "" {
		p.Mode = ModeForbid
	}
	c := &importsCheck{rule: rule, p: p}
	for _, g := range []struct {
		name  string
		globs []string
	}{{"from", p.From}, {"from_except", p.FromExcept}, {"to", p.To}, {"to_except", p.ToExcept}} {
		if err := validGlobs(g.name, g.globs); err != nil {
			return nil, err
		}
	}
	for i, n := range append(append([]string(nil), p.FromPackages...), p.ToPackages...) {
		if strings.TrimSpace(n) == "" || strings.ContainsAny(n, " \t*") {
			return nil, fmt.Errorf("params.from_packages/to_packages[%d]: %q is not a package name", i, n)
		}
	}
	if len(p.From) == 0 && len(p.FromPackages) == 0 && p.Mode != ModeIsolate {
		return nil, fmt.Errorf("params.from: at least one glob (or params.from_packages) is required")
	}
	switch p.Mode {
	case ModeForbid:
		if len(p.To) == 0 && len(p.ToPackages) == 0 {
			return nil, fmt.Errorf("params.to: a forbid rule needs at least one target (to or to_packages)")
		}
	case ModeOnly:
	case ModeIsolate:
		g := strings.TrimSuffix(p.Groups, "/")
		if g == "" || !strings.HasSuffix(g, "/*") && g != "*" || !doublestar.ValidatePattern(g) {
			return nil, fmt.Errorf("params.groups: %q must be a folder glob ending in /* (\"src/features/*\")", p.Groups)
		}
		c.p.Groups = g
		c.groupDepth = strings.Count(g, "/") + 1
		if len(c.p.From) == 0 {
			c.p.From = []string{g + "/**"}
		}
	default:
		return nil, fmt.Errorf("params.mode: %q is not one of forbid, only, isolate", p.Mode)
	}
	return c, nil
}

func (c *importsCheck) importer(ev *engine.Evidence, p string) bool {
	if len(c.p.From) > 0 && !matchAny(c.p.From, p) {
		return false
	}
	return !matchAny(c.p.FromExcept, p)
}

func (c *importsCheck) Targets(ev *engine.Evidence) []engine.Target {
	return sourceTargets(ev, c.rule.Scope, func(p string) bool { return c.importer(ev, p) })
}

// FileByFile implements engine.FileByFile: a file's targets and verdict are its own.
func (c *importsCheck) FileByFile(*engine.Evidence) bool { return true }

// WantsFile implements engine.FileSelector.
func (c *importsCheck) WantsFile(p, lang string) bool {
	return mayBeSource(p, lang) && c.rule.Scope.Covers(p) && c.importer(nil, p)
}

// group returns the Groups folder p lies in ("src/features/billing"), or "".
func (c *importsCheck) group(p string) string {
	segs := strings.SplitN(p, "/", c.groupDepth+1)
	if len(segs) < c.groupDepth {
		return ""
	}
	prefix := strings.Join(segs[:c.groupDepth], "/")
	if ok, _ := doublestar.Match(c.p.Groups, prefix); ok {
		return prefix
	}
	return ""
}

func (c *importsCheck) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	gf, undetermined := fileEdges(ev, t)
	if undetermined != nil {
		return *undetermined
	}
	if len(c.p.FromPackages) > 0 && !matchPackage(c.p.FromPackages, gf.Package) {
		return engine.Result{Verdict: engine.Inapplicable}
	}
	f := ev.Files[t.Index]
	var fs []engine.Finding
	old := 0 // findings on edges the change did not bring
	for i := range gf.Edges {
		e := &gf.Edges[i]
		if c.p.AllowTypeOnly && e.TypeOnly {
			continue
		}
		if e.ToKind.Internal() && matchAny(c.p.ToExcept, e.To) {
			continue
		}
		if msg := c.violation(f.Path, e); msg != "" {
			if !broughtByTheChange(f, e) {
				old++
				continue
			}
			fs = append(fs, finding(f, e, msg, c.rule.Suggestion))
		}
	}
	return edgeVerdict(fs, old, "no import crosses the boundary")
}

// violation says what is wrong with one edge, or "".
func (c *importsCheck) violation(from string, e *graph.Edge) string {
	switch c.p.Mode {
	case ModeForbid:
		if !targetMatches(e, c.p.To, c.p.ToPackages) {
			return ""
		}
		// A folder may always import its own files ("only tests may import
		// testutil" does not stop testutil's files importing each other).
		if matchAny(c.p.To, from) {
			return ""
		}
		return fmt.Sprintf("imports %s, which this file must not import", describe(e))
	case ModeOnly:
		if !e.ToKind.Internal() {
			return ""
		}
		if matchAny(c.p.From, e.To) || targetMatches(e, c.p.To, c.p.ToPackages) {
			return ""
		}
		allowed := "nothing else in the repository"
		if len(c.p.To)+len(c.p.ToPackages) > 0 {
			allowed = "only " + list(append(humans(c.p.To), c.p.ToPackages...))
		}
		return fmt.Sprintf("imports %s; this file may import %s", describe(e), allowed)
	case ModeIsolate:
		if !e.ToKind.Internal() {
			return ""
		}
		mine, theirs := c.group(from), c.group(e.To)
		if mine == "" || theirs == "" || mine == theirs {
			return ""
		}
		return fmt.Sprintf("imports %s from %s, but %s must not import from another folder of %s", describe(e), theirs, mine, c.p.Groups)
	}
	return ""
}
