package engine

import (
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// argCheck judges each command by its first word: "ok" passes, "bad" is violated,
// anything else it cannot answer for.
type argCheck struct{}

func (argCheck) Targets(ev *Evidence) []Target {
	ts := make([]Target, len(ev.Commands))
	for i := range ev.Commands {
		ts[i] = Target{Kind: TargetCommand, Index: i}
	}
	return ts
}

func (argCheck) Judge(ev *Evidence, t Target) Result {
	switch ev.Commands[t.Index].Argv[0] {
	case "ok":
		return Result{Verdict: Satisfied}
	case "bad":
		return Result{Verdict: Violated, Findings: []Finding{{Message: "bad"}}}
	}
	return Result{Verdict: Undetermined, Reason: "cannot tell " + ev.Commands[t.Index].Argv[0]}
}

// An authored case's verdict is the case surface's fold of the rule's targets
// (SurfaceCase, strict): a case judged in part is undetermined, where an audit's
// fold would call the same targets a pass; the reason is the first target's.
func TestRunCaseFoldsAsTheCaseSurface(t *testing.T) {
	reg := NewRegistry(Kind{Name: "arg", Domain: policy.DomainProcess, Compile: func(*policy.Rule) (Check, error) { return argCheck{}, nil }})
	rule := &policy.Rule{ID: "r", Kind: "arg", Domain: policy.DomainProcess, Severity: policy.SeverityError}
	for _, c := range []struct {
		history [][]string
		argv    []string
		want    Verdict
		reason  string
	}{
		{[][]string{{"ok"}}, []string{"maybe"}, Undetermined, "cannot tell maybe"},
		{[][]string{{"maybe"}}, []string{"bad"}, Violated, "cannot tell maybe"},
		{[][]string{{"ok"}}, []string{"ok"}, Satisfied, ""},
		{nil, nil, Inapplicable, ""},
	} {
		out := RunCase(reg, rule, policy.Case{Expect: string(c.want), History: c.history, Argv: c.argv})
		if out.Got != c.want || !out.OK || out.Reason != c.reason {
			t.Errorf("case %v then %v: got %s (ok %v, %q), want %s (%q)", c.history, c.argv, out.Got, out.OK, out.Reason, c.want, c.reason)
		}
	}
	// the same targets as an audit reads them: a pass, flagged
	ts := []TargetResult{{Result: Result{Verdict: Satisfied}}, {Result: Result{Verdict: Undetermined, Reason: "cannot tell maybe"}}}
	if v, _ := SurfaceAudit.Fold(ts); v != Satisfied {
		t.Fatalf("the audit's fold gives %s: the case above no longer shows the folds differ", v)
	}
}

// A case's file that the case's change lists is a file the change adds, so a rule
// about new files can be shown a violation; otherwise it is a file as it stands.
func TestCaseFileListedInItsChangeIsNew(t *testing.T) {
	ev, err := DefaultCaseEvidence(policy.Case{Path: "src/a.go", Code: "package a\n", Changed: []string{"src/a.go"}})
	if err != nil || len(ev.Files) != 1 || !ev.Files[0].New || ev.Mode != ModeDiff {
		t.Fatalf("listed in changed: %+v %v", ev, err)
	}
	ev, err = DefaultCaseEvidence(policy.Case{Path: "src/a.go", Code: "package a\n"})
	if err != nil || len(ev.Files) != 1 || ev.Files[0].New {
		t.Fatalf("not listed: %+v %v", ev, err)
	}
}
