package contrib

import (
	"fmt"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

// KindUntouched is the rule kind for files a change must leave alone: "Never edit
// `localazy.xml`", "Do not modify `docs/game-rules.md`", "Do not commit `.env` files".
const KindUntouched = "untouched"

// UntouchedParams are the parameters of an untouched rule.
type UntouchedParams struct {
	// Paths are globs of the files the change must not add, modify or delete.
	Paths []string `json:"paths"`
	// Except are globs left out ("except `doc/api/api_changes/`").
	Except []string `json:"except,omitempty"`
	// AddedOnly judges only files the change adds ("do not commit `.env`" is about
	// adding one; an existing tracked file is not the change's doing).
	AddedOnly bool `json:"added_only,omitempty"`
	// What names the files, for messages.
	What string `json:"what,omitempty"`
}

func untouchedKind() engine.Kind {
	return engine.Kind{Name: KindUntouched, Domain: policy.DomainContribution, Compile: compileUntouched, CaseEvidence: untouchedCaseEvidence,
		Needs: []engine.Part{engine.PartDiff}} // the change's paths, no commit
}

// untouchedCaseEvidence reads a case's changed paths as files the change adds: a case
// has no other way to say a file is new.
func untouchedCaseEvidence(c policy.Case) (*engine.Evidence, error) {
	ev, err := engine.DefaultCaseEvidence(c)
	if err != nil {
		return nil, err
	}
	for _, p := range ev.Changed {
		if ev.File(p) == nil {
			ev.Files = append(ev.Files, &engine.File{Path: p, New: true})
		}
	}
	return ev, nil
}

type untouchedCheck struct {
	p     UntouchedParams
	scope policy.Scope
}

func compileUntouched(rule *policy.Rule) (engine.Check, error) {
	var p UntouchedParams
	if err := decodeParams(rule, &p); err != nil {
		return nil, err
	}
	if len(p.Paths) == 0 {
		return nil, fmt.Errorf("params.paths: at least one glob is needed")
	}
	for name, gs := range map[string][]string{"paths": p.Paths, "except": p.Except} {
		if err := validGlobs(name, gs); err != nil {
			return nil, err
		}
	}
	return &untouchedCheck{p: p, scope: rule.Scope}, nil
}

// WantsFile implements engine.FileSelector: the rule reads the change's paths only.
func (c *untouchedCheck) WantsFile(string, string) bool { return false }

func (c *untouchedCheck) touched(ev *engine.Evidence) []string {
	added := map[string]bool{}
	for _, f := range ev.Files {
		if f.New {
			added[f.Path] = true
		}
	}
	var out []string
	for _, p := range ev.Changed {
		if !c.scope.Covers(p) || !matchesAny(c.p.Paths, p) || matchesAny(c.p.Except, p) {
			continue
		}
		if c.p.AddedOnly && !added[p] {
			continue
		}
		out = append(out, p)
	}
	return out
}

func (c *untouchedCheck) Targets(ev *engine.Evidence) []engine.Target {
	if _, ok := missingPart(ev, "diff"); ok && len(ev.Changed) == 0 {
		return []engine.Target{{Kind: engine.TargetChange, Index: -1}}
	}
	if len(ev.Changed) == 0 {
		return nil
	}
	return []engine.Target{{Kind: engine.TargetChange}}
}

func (c *untouchedCheck) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	if t.Index < 0 {
		why, _ := missingPart(ev, "diff")
		return undetermined("the change could not be read (" + why + ")")
	}
	hit := c.touched(ev)
	if len(hit) == 0 {
		return satisfied("the change leaves " + c.what() + " alone")
	}
	verb := "touches"
	if c.p.AddedOnly {
		verb = "adds"
	}
	return violated(engine.Finding{Path: hit[0], CommandIndex: -1, Change: true,
		Message:    fmt.Sprintf("the change %s %s", verb, strings.Join(hit, ", ")),
		Snippet:    strings.Join(hit, "\n"),
		Suggestion: fmt.Sprintf("leave %s out of the change", c.what())})
}

func (c *untouchedCheck) what() string {
	if c.p.What != "" {
		return c.p.What
	}
	return strings.Join(c.p.Paths, ", ")
}
