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
	// EditsOnly judges only files that were there ("do not edit `docs/v*/`
	// snapshots", "never modify `db/migrations/`"): a file the change adds is no
	// edit of them.
	EditsOnly bool `json:"edits_only,omitempty"`
	// What names the files, for messages.
	What string `json:"what,omitempty"`
	// HandOnly: the sentence forbids editing them by hand ("never edit `docs/api/`
	// by hand", "do not manually modify ..."): the agent's own writes break it,
	// while a change that holds them regenerated does not.
	HandOnly bool `json:"hand_only,omitempty"`
	// Creates: the sentence forbids creating the files ("do not create new files
	// under `src/legacy/`"): with AddedOnly, the agent's write that makes one breaks
	// the rule as it writes, as the change that adds one does.
	Creates bool `json:"creates,omitempty"`
}

var (
	_ engine.WriteGuard  = (*untouchedCheck)(nil)
	_ engine.CommitGuard = (*untouchedCheck)(nil)
)

// GuardsCommits implements engine.CommitGuard: "do not commit `.env`" is broken by the
// `git add` or `git commit` that puts the file in a commit.
func (c *untouchedCheck) GuardsCommits() bool { return c.p.AddedOnly }

// GuardsWrites implements engine.WriteGuard: an agent writing such a file breaks the
// rule as it writes it; "do not commit `.env`" is about the change, not the write.
func (c *untouchedCheck) GuardsWrites() bool { return !c.p.AddedOnly || c.p.Creates }

func untouchedKind() engine.Kind {
	return engine.Kind{Name: KindUntouched, Doc: untouchedDoc, Domain: policy.DomainContribution, Compile: compileUntouched, CaseEvidence: untouchedCaseEvidence,
		Needs: []engine.Part{engine.PartDiff}} // the change's paths, no commit
}

// untouchedCaseEvidence reads a case's changed paths as files the change adds (a case
// has no other way to say a file is new), but those its repository (Files) held
// before the change, which it edits; when the case gives that repository, the others
// are the change's added paths, which an edit ban leaves.
//
// A case with a path and content and no change is an agent's write of that file, as
// the live hook sees it.
func untouchedCaseEvidence(c policy.Case) (*engine.Evidence, error) {
	if c.Path != "" && len(c.Changed) == 0 {
		return &engine.Evidence{Mode: engine.ModeDiff, AgentWrite: true, Changed: []string{c.Path},
			Files: []*engine.File{{Path: c.Path, Content: []byte(c.Code)}}}, nil
	}
	ev, err := engine.DefaultCaseEvidence(c)
	if err != nil {
		return nil, err
	}
	for _, p := range ev.Changed {
		if _, before := c.Files[p]; !before && ev.File(p) == nil {
			ev.Files = append(ev.Files, &engine.File{Path: p, New: true})
			if len(c.Files) > 0 {
				// the case gives the repository before the change: a path it did
				// not hold is one the change adds, no edit of one. Without it, a
				// changed path is new only for a rule about adding files.
				ev.AddedPaths = append(ev.AddedPaths, p)
			}
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
	// the paths the change adds, which an edit ban leaves: the change's own list
	// (heed check loads no file for a rule that reads paths only), or the file an
	// agent writes anew
	created := map[string]bool{}
	for _, p := range ev.AddedPaths {
		added[p], created[p] = true, true
	}
	if ev.AgentWrite {
		for _, f := range ev.Files {
			if f.New {
				created[f.Path] = true
			}
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
		if c.p.EditsOnly && created[p] && !c.p.HandOnly {
			// (a file written by hand into a folder a tool writes is a hand edit of
			// its output, new or not)
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
	if c.p.HandOnly && !ev.AgentWrite {
		return satisfied("the rule is about editing " + c.what() + " by hand; a change may hold them regenerated")
	}
	hit := c.touched(ev)
	if len(hit) == 0 {
		return satisfied("the change leaves " + c.what() + " alone")
	}
	if ev.AgentWrite && c.p.Creates {
		return violated(engine.Finding{Path: hit[0], CommandIndex: -1, Change: true,
			Message:    fmt.Sprintf("this write creates %s, which the rule forbids creating", hit[0]),
			Suggestion: fmt.Sprintf("do not create %s; change the files that are there, or ask the user", c.what())})
	}
	if ev.AgentWrite {
		how := ""
		if c.p.HandOnly {
			how = " by hand"
		}
		return violated(engine.Finding{Path: hit[0], CommandIndex: -1, Change: true,
			Message:    fmt.Sprintf("this edit writes %s%s, which the rule leaves alone", hit[0], how),
			Suggestion: fmt.Sprintf("leave %s as it is; if it is generated, change its source and regenerate it", c.what())})
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
