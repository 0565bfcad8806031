package contrib

import (
	"fmt"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

// KindNewDependency is the rule kind for dependencies a change must not add: "No new
// dependencies". A person writes it in the policy: the compiler does not, since the
// held-out labels read such sentences as a way of working (most say "without
// approval", which heed cannot see), and every rule the recogniser compiled from them
// there was wrong. It judges the manifests a change touches: a
// dependency declared on a line the change added, which did not declare it before (a
// version bump adds none). A whole repository as it stands is no change: the rule
// does not apply there.
const KindNewDependency = "new-dependency"

// NewDependencyParams are the parameters of a new-dependency rule.
type NewDependencyParams struct {
	// Unless says what lets a new dependency in ("approval"), for messages; "" means
	// nothing does.
	Unless string `json:"unless,omitempty"`
}

func newDependencyKind() engine.Kind {
	return engine.Kind{Name: KindNewDependency, Doc: newDependencyDoc, Domain: policy.DomainContribution, Compile: compileNewDependency,
		CaseEvidence: newDependencyCaseEvidence, Needs: []engine.Part{engine.PartDiff}}
}

// newDependencyCaseEvidence reads a case as cochangeCaseEvidence does, and pairs the
// lines the case rewrote with the old lines they replaced, in order, as git pairs a
// hunk's removed and added lines: a version bump is a line that replaced the one
// declaring the same dependency.
func newDependencyCaseEvidence(c policy.Case) (*engine.Evidence, error) {
	ev, err := cochangeCaseEvidence(c)
	if err != nil {
		return ev, err
	}
	before, ok := c.Files[c.Path]
	if !ok || c.Path == "" {
		return ev, nil
	}
	old := map[string]bool{}
	for _, l := range strings.Split(c.Code, "\n") {
		old[l] = true
	}
	var removed []string
	for _, l := range strings.Split(before, "\n") {
		if !old[l] {
			removed = append(removed, l)
		}
	}
	for _, f := range ev.Files {
		if f.Path != c.Path || f.Touched == nil {
			continue
		}
		f.Replaced = map[int]string{}
		k := 0
		for i := range strings.Split(c.Code, "\n") {
			if f.Touched[i+1] && k < len(removed) {
				f.Replaced[i+1] = removed[k]
				k++
			}
		}
	}
	return ev, nil
}

type newDependencyCheck struct {
	p     NewDependencyParams
	scope policy.Scope
}

var _ engine.FileSelector = (*newDependencyCheck)(nil)

func compileNewDependency(rule *policy.Rule) (engine.Check, error) {
	var p NewDependencyParams
	if err := decodeParams(rule, &p); err != nil {
		return nil, err
	}
	return &newDependencyCheck{p: p, scope: rule.Scope}, nil
}

// WantsFile implements engine.FileSelector: the manifests of the scope.
func (c *newDependencyCheck) WantsFile(p, _ string) bool {
	return c.scope.Covers(p) && matchesAny(manifestGlobs, p)
}

func (c *newDependencyCheck) Targets(ev *engine.Evidence) []engine.Target {
	if ev.Mode == engine.ModeAll {
		return nil // no change: nothing is added
	}
	if _, ok := missingPart(ev, "diff"); ok && len(ev.Changed) == 0 {
		return []engine.Target{{Kind: engine.TargetChange, Index: -1}}
	}
	for _, p := range ev.Changed {
		if c.WantsFile(p, "") {
			return []engine.Target{{Kind: engine.TargetChange}}
		}
	}
	return nil
}

func (c *newDependencyCheck) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	if t.Index < 0 {
		why, _ := missingPart(ev, "diff")
		return undetermined("the change could not be read (" + why + ")")
	}
	for _, p := range ev.Changed {
		if !c.WantsFile(p, "") {
			continue
		}
		f := ev.WithContent(ev.File(p))
		if f == nil {
			continue
		}
		names := touchedDependencies(f)
		if len(names) == 0 {
			continue
		}
		msg := fmt.Sprintf("the change adds the %s %s to %s", plural(len(names), "dependency", "dependencies"), quoteAll(names), p)
		sug := "leave the new dependency out of the change"
		if c.p.Unless != "" {
			msg += ", which the instructions let in only with " + c.p.Unless
			sug = "get " + c.p.Unless + " for it first, or do without it"
		}
		return violated(engine.Finding{Path: p, Line: lineOf(f, names[0]), CommandIndex: -1, Change: true, Message: msg, Suggestion: sug})
	}
	return satisfied("the change adds no dependency")
}

// lineOf is the first line of f that names the dependency, or 0.
func lineOf(f *engine.File, name string) int {
	for i, l := range strings.Split(string(f.Content), "\n") {
		if strings.Contains(l, name) {
			return i + 1
		}
	}
	return 0
}

func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "`" + n + "`"
	}
	return strings.Join(q, ", ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
