package engine

import (
	"maps"
	"slices"
	"strings"
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

// A case whose file is also in its files is an edit of that file: the change owns
// only the lines that differ, so a case can show a rule about new code leaving the
// code that was there alone.
func TestCaseWithTheOldTextIsAnEdit(t *testing.T) {
	reg := NewRegistry(Kind{Name: "todo", Domain: policy.DomainSource, Compile: func(*policy.Rule) (Check, error) { return lineCheck{}, nil }})
	rule := &policy.Rule{ID: "r", Kind: "todo", Domain: policy.DomainSource, Severity: policy.SeverityError}
	old := "a\n// BAD old\nb\n"
	for _, c := range []struct {
		code string
		want Verdict
	}{
		{"a\n// BAD old\nb\nc\n", Satisfied}, // the BAD line was there before
		{"a\n// BAD old\nb\n// BAD new\n", Violated},
		{"// BAD new\na\n// BAD old\nb\n", Violated},
	} {
		cs := policy.Case{Expect: string(c.want), Path: "src/a.go", Code: c.code, Files: map[string]string{"src/a.go": old}}
		if out := RunCase(reg, rule, cs); !out.OK {
			t.Errorf("edit to %q: got %s, want %s", c.code, out.Got, c.want)
		}
	}
	// without the old text, the file is judged whole
	if out := RunCase(reg, rule, policy.Case{Expect: "violated", Path: "src/a.go", Code: "a\n// BAD old\nb\nc\n"}); !out.OK {
		t.Errorf("a file as it stands: got %s, want violated", out.Got)
	}
	ev, _ := DefaultCaseEvidence(policy.Case{Path: "src/a.go", Code: "x\n", Files: map[string]string{"src/a.go": "y\n"}})
	if ev.Mode != ModeDiff || !slices.Equal(ev.Changed, []string{"src/a.go"}) || ev.Files[0].New {
		t.Errorf("an edit is a change of that file, not an added one: %+v", ev)
	}
}

func TestEditedLines(t *testing.T) {
	for _, c := range []struct {
		before, after string
		want          []int
	}{
		{"a\nb\nc", "a\nb\nc", nil},
		{"a\nb\nc", "a\nx\nb\nc", []int{2}},
		{"a\nb\nc", "a\nB\nc", []int{2}},
		{"", "a\nb", []int{1, 2}},
		{"a\nb\nc\nd", "z\na\nc\nd\ne", []int{1, 5}},
	} {
		got := slices.Sorted(maps.Keys(EditedLines(c.before, c.after)))
		if !slices.Equal(got, c.want) {
			t.Errorf("%q -> %q: touched %v, want %v", c.before, c.after, got, c.want)
		}
	}
	// past the alignment bound every line of the differing middle is touched
	big := strings.Repeat("x\n", 3000)
	got := EditedLines("head\n"+big+"tail", "head\n"+strings.Repeat("y\n", 3000)+"tail")
	if len(got) != 3000 || !got[2] || !got[3001] || got[1] || got[3002] {
		t.Errorf("a large middle: %d touched lines", len(got))
	}
}
