package contrib

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/layout"
	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/policy"
)

// KindCochange is the rule kind "a change that touches A also touches B".
const KindCochange = "cochange"

// CochangeParams are the parameters of a cochange rule. Globs are repository-relative
// (policy.MatchGlob syntax: a glob without "/" matches base names at any depth).
type CochangeParams struct {
	// If selects the paths whose change triggers the rule.
	If []string `json:"if"`
	// Unless removes paths from If (tests are not "library code").
	Unless []string `json:"unless,omitempty"`
	// Within keeps of If only the paths under these globs: the folders of the
	// packages a release tool publishes, when the root package is not one of them
	// (a private monorepo root owns no published file).
	Within []string `json:"within,omitempty"`
	// Then lists the paths of which at least one must change too.
	Then []string `json:"then"`
	// Need says what Then stands for in messages ("a test", "a changelog entry").
	Need string `json:"need,omitempty"`
	// Added: only files the change adds trigger the rule ("when you add a file under
	// `migrations/`, register it in `migrations/index.ts`").
	Added bool `json:"added,omitempty"`
	// Reading states the approximation when the sentence's antecedent is not mechanical
	// ("a change to library code stands for a bug fix").
	Reading string `json:"reading,omitempty"`
	// Component: Then names a file each component keeps of its own ("every crate has
	// its own `CHANGELOG.md`"): a changed file needs the one of the nearest folder
	// above it that holds such a file; a file no component holds needs none.
	Component bool `json:"component,omitempty"`
	// When narrows the trigger to what the change does to an If file:
	// WhenVersion, the lines it changes set the version; WhenDependency, they
	// declare a dependency (not a development one) that the Then files do not name;
	// WhenDependencies, they declare or re-pin a dependency (a lockfile follows both).
	When string `json:"when,omitempty"`
	// Lines narrows the trigger to If files a line of which the change touched
	// matches this regular expression ("Every deprecation must add a section to
	// `deprecations.md`": a line that deprecates something).
	Lines string `json:"lines,omitempty"`
}

// The values of CochangeParams.When.
const (
	WhenVersion      = "version"
	WhenDependency   = "dependency"
	WhenDependencies = "dependencies"
)

func cochangeKind() engine.Kind {
	return engine.Kind{Name: KindCochange, Doc: cochangeDoc, Domain: policy.DomainContribution, Compile: compileCochange, CaseEvidence: cochangeCaseEvidence,
		Needs: []engine.Part{engine.PartDiff}, Uses: []engine.Use{engine.UseHistory}}
}

// cochangeCaseEvidence reads a case's repository (Files) as the tree before the
// change: a changed path it does not hold is a file the change adds. A case with no
// files says nothing of which are new, and none is.
func cochangeCaseEvidence(c policy.Case) (*engine.Evidence, error) {
	ev, err := engine.DefaultCaseEvidence(c)
	if err != nil || len(c.Files) == 0 {
		return ev, err
	}
	have := map[string]bool{}
	for _, f := range ev.Files {
		have[f.Path] = true // not ev.File: its index is built once, before these are added
	}
	for _, p := range ev.Changed {
		if _, ok := c.Files[p]; !ok && !have[p] {
			ev.Files = append(ev.Files, &engine.File{Path: p, New: true})
		}
	}
	return ev, nil
}

type cochangeCheck struct {
	p     CochangeParams
	scope policy.Scope
}

func validGlobs(name string, gs []string) error {
	for _, g := range gs {
		if strings.TrimSpace(g) == "" {
			return fmt.Errorf("params.%s: empty glob", name)
		}
		if !doublestar.ValidatePattern(strings.TrimPrefix(strings.TrimPrefix(g, "./"), "/")) {
			return fmt.Errorf("params.%s: invalid glob %q", name, g)
		}
	}
	return nil
}

func compileCochange(rule *policy.Rule) (engine.Check, error) {
	var p CochangeParams
	if err := decodeParams(rule, &p); err != nil {
		return nil, err
	}
	if len(p.If) == 0 {
		return nil, fmt.Errorf("params.if: at least one glob is needed")
	}
	if len(p.Then) == 0 {
		return nil, fmt.Errorf("params.then: at least one glob is needed")
	}
	for name, gs := range map[string][]string{"if": p.If, "unless": p.Unless, "within": p.Within, "then": p.Then} {
		if err := validGlobs(name, gs); err != nil {
			return nil, err
		}
	}
	switch p.When {
	case "", WhenVersion, WhenDependency, WhenDependencies:
	default:
		return nil, fmt.Errorf("params.when: %q is none of %q, %q, %q", p.When, WhenVersion, WhenDependency, WhenDependencies)
	}
	if p.Lines != "" {
		if _, err := regexp.Compile(p.Lines); err != nil {
			return nil, fmt.Errorf("params.lines: %w", err)
		}
	}
	if p.Component {
		for _, g := range p.Then {
			if strings.Contains(strings.TrimPrefix(g, "/"), "/") {
				return nil, fmt.Errorf("params.then: a component's file is a file name, not the path %q", g)
			}
		}
	}
	return &cochangeCheck{p: p, scope: rule.Scope}, nil
}

func matchesAny(globs []string, p string) bool {
	for _, g := range globs {
		if policy.MatchGlob(g, "", p) {
			return true
		}
	}
	return false
}

// triggers returns the changed paths that make the rule apply.
func (c *cochangeCheck) triggers(ev *engine.Evidence) []string {
	var out []string
	for _, p := range ev.Changed {
		if c.scope.Covers(p) && matchesAny(c.p.If, p) && !matchesAny(c.p.Unless, p) && c.within(p) {
			if c.p.Added {
				// only a file the change adds; one heed could not read is not known new
				if f := ev.File(p); f == nil || !f.New {
					continue
				}
			}
			if (c.p.When != "" || c.p.Lines != "") && !c.whenHolds(ev, p) {
				continue
			}
			out = append(out, p)
		}
	}
	return out
}

// WantsFile implements engine.FileSelector: the rule reads the change's paths only,
// and, about added files, whether each file it covers is new.
func (c *cochangeCheck) WantsFile(p, _ string) bool {
	return (c.p.Added || c.p.When != "" || c.p.Lines != "") && c.scope.Covers(p) && matchesAny(c.p.If, p) && c.within(p)
}

// within reports whether p is under one of the rule's Within globs (any path when it
// names none).
func (c *cochangeCheck) within(p string) bool {
	return len(c.p.Within) == 0 || matchesAny(c.p.Within, p)
}

func (c *cochangeCheck) Targets(ev *engine.Evidence) []engine.Target {
	if _, ok := missingPart(ev, "diff"); ok && len(ev.Changed) == 0 {
		return []engine.Target{{Kind: engine.TargetChange, Index: -1}}
	}
	if len(c.triggers(ev)) == 0 {
		return nil
	}
	return []engine.Target{{Kind: engine.TargetChange}}
}

func (c *cochangeCheck) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	if t.Index < 0 {
		why, _ := missingPart(ev, "diff")
		return undetermined("the change could not be read (" + why + ")")
	}
	deleted := map[string]bool{}
	for _, p := range ev.DeletedPaths {
		deleted[p] = true
	}
	if c.p.Component {
		return c.judgeComponents(ev, deleted)
	}
	for _, p := range ev.Changed {
		if !deleted[p] && matchesAny(c.p.Then, p) {
			return satisfied("the change also touches " + p)
		}
	}
	// A commit of the change that wrote the file counts, though a later commit of
	// it consumed the file (a release commit that folds RELEASE.rst into the
	// changelog and deletes it): the change as a whole no longer shows it. A file
	// the base had and one commit of the change deleted was not written by it; one
	// that two commits touched was written by one of them (a commit deletes a
	// file once).
	touches := map[string]int{}
	for _, cm := range ev.Commits {
		for _, p := range cm.Files {
			if matchesAny(c.p.Then, p) {
				touches[p]++
				if !deleted[p] || touches[p] > 1 {
					return satisfied("commit " + shortHash(cm.Hash) + " of the change touches " + p)
				}
			}
		}
	}
	if f, ok := c.absentThen(ev); ok {
		return engine.Result{Verdict: engine.Inapplicable, Reason: "the repository keeps no " + f}
	}
	trig := c.triggers(ev)
	need := c.p.Need
	if need == "" {
		need = "a file matching " + strings.Join(c.p.Then, ", ")
	}
	shown := trig
	more := ""
	if len(shown) > 3 {
		shown, more = shown[:3], fmt.Sprintf(" and %d more", len(trig)-3)
	}
	msg := fmt.Sprintf("the change touches %s%s but not %s", strings.Join(shown, ", "), more, need)
	if c.p.Reading != "" {
		msg += " (" + c.p.Reading + ")"
	}
	sug := fmt.Sprintf("add %s to the change", need)
	if len(c.p.Then) <= 3 {
		sug += " (" + strings.Join(c.p.Then, ", ") + ")"
	}
	f := engine.Finding{CommandIndex: -1, Change: true, Message: msg, Snippet: strings.Join(shown, "\n"), Suggestion: sug,
		Related: c.related(ev, trig)}
	return violated(f)
}

// maxRelated bounds the changed files a co-change finding lists as its places.
const maxRelated = 20

// related are the places a co-change finding is made of: the files whose change
// triggered it, and each file the rule names that the tree holds and the change
// left alone (a rule that asks for "a test" names no one file, and none is listed).
func (c *cochangeCheck) related(ev *engine.Evidence, trig []string) []engine.Location {
	var out []engine.Location
	for i, p := range trig {
		if i == maxRelated {
			break
		}
		out = append(out, engine.Location{Path: p, Message: "changed by the change"})
	}
	if !knownTree(ev) {
		return out
	}
	changed := map[string]bool{}
	for _, p := range ev.Changed {
		changed[p] = true
	}
	for _, g := range c.p.Then {
		if f, ok := concreteFile(g); ok && !changed[f] && inTree(ev, f, changed) {
			out = append(out, engine.Location{Path: f, Message: "needed to change with it, and did not"})
		}
	}
	return out
}

// testGlobs are what the contribution rules count as a test: the test files and
// folders of every language heed knows, and what only tests read (testdata/,
// __mocks__/); benchmarks and stories are no test (internal/layout).
func testGlobs() []string { return testLayouts.Get() }

var testLayouts = lazy.Value[[]string]{F: func() []string { return layout.AllGlobs(layout.Tests | layout.Support) }}

// Path classes the recognisers use.
var (
	// Paths that are code by extension but not the library code a rule about "code
	// changes" means: examples, benchmarks, build scripts, docs configuration.
	notLibraryGlobs = []string{"**/docs/**", "**/doc/**", "**/examples/**", "**/example/**",
		"**/benchmarks/**", "**/bench/**", "**/scripts/**", "**/.github/**", "**/setup.py", "**/noxfile.py",
		"**/conf.py", "**/*.config.js", "**/*.config.ts", "**/*.config.mjs", "**/vendor/**", "**/node_modules/**"}
)

// shortHash abbreviates a commit hash for a reason.
func shortHash(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	return h
}
