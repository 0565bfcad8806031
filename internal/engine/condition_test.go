package engine

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

const pySource = `def area(r):
    """Return the area of a circle.

    >>> area(1)
    3.14
    """
    return 3.14 * r * r


def warned():
    warnings.warn("old", DeprecationWarning)
`

func change(touched ...int) *Evidence {
	ls := LineSet{}
	for _, l := range touched {
		ls[l] = true
	}
	return &Evidence{Mode: ModeDiff, Changed: []string{"geo/circle.py"},
		Files: []*File{{Path: "geo/circle.py", Content: []byte(pySource), Lang: "python", Touched: ls}}}
}

func newFile() *Evidence {
	ev := change()
	ev.Files[0].New, ev.Files[0].Touched = true, nil
	return ev
}

// A rule's condition decides whether it applies to a change: the antecedent is in what
// the change added or modified, or it is not and the rule is inapplicable.
func TestConditionOnTheLinesAChangeTouches(t *testing.T) {
	doctest := &policy.Condition{What: "a doctest", Added: `^\s*>>>`}
	docstring := &policy.Condition{What: "a docstring", Docstring: true}
	deprecation := &policy.Condition{What: "a deprecation", Added: `(?i)deprecat`}
	for _, c := range []struct {
		name string
		cond *policy.Condition
		ev   *Evidence
		want Applicability
	}{
		{"the return line only: no doctest", doctest, change(7), NotApplicable},
		{"the doctest line", doctest, change(4), Applies},
		{"the return line is code, not docstring", docstring, change(7), NotApplicable},
		{"a docstring's middle line", docstring, change(3), Applies},
		{"the summary line opens the docstring", docstring, change(2), Applies},
		{"the warn call is a deprecation", deprecation, change(11), Applies},
		{"the area function is no deprecation", deprecation, change(1, 7), NotApplicable},
		{"a new file: every line is the change's", deprecation, newFile(), Applies},
		{"a new file without a doctest", &policy.Condition{What: "x", Added: `^\s*>>> print`}, newFile(), NotApplicable},
		{"no file of the globs", &policy.Condition{What: "documentation", Paths: []string{"docs/**", "**/*.md"}}, change(1), NotApplicable},
		{"a file of the globs", &policy.Condition{What: "a test", Paths: []string{"geo/**"}}, change(1), Applies},
	} {
		got, why := CheckCondition(c.cond, c.ev)
		if got != c.want {
			t.Errorf("%s: %v (%s), want %v", c.name, got, why, c.want)
		}
		if got == NotApplicable && why == "" {
			t.Errorf("%s: inapplicable without a reason", c.name)
		}
	}
}

// What the evidence cannot show is never taken for "does not hold": the rule runs.
func TestConditionUnknownRunsTheRule(t *testing.T) {
	cond := &policy.Condition{What: "a deprecation", Added: `(?i)deprecat`}
	ev := change(7)
	ev.Missing = []string{"diff: base 0123 is not in the repository"}
	if got, _ := CheckCondition(cond, ev); got != Unknown {
		t.Errorf("diff missing: %v, want unknown", got)
	}
	ev = change(7)
	ev.Changed = append(ev.Changed, "geo/unread.py") // changed, never read
	if got, why := CheckCondition(cond, ev); got != Unknown || !strings.Contains(why, "geo/unread.py") {
		t.Errorf("a changed file not read: %v (%s), want unknown naming it", got, why)
	}
	whole := change(7)
	whole.Mode = ModeAll
	if got, _ := CheckCondition(cond, whole); got != Unknown {
		t.Errorf("a whole tree: %v, want unknown", got)
	}
	ran := &policy.Condition{What: "`make docs`", Ran: [][]string{{"make", "docs"}}}
	if got, _ := CheckCondition(ran, change(7)); got != Unknown {
		t.Errorf("no command known: %v, want unknown", got)
	}
	bad := &policy.Condition{What: "x", Added: `(`}
	if got, _ := CheckCondition(bad, change(7)); got != Unknown {
		t.Errorf("a pattern that does not compile: %v, want unknown", got)
	}
}

func TestConditionOnCommitsPRAndCommands(t *testing.T) {
	coauthor := &policy.Condition{What: "a co-author trailer", Message: `(?i)co-authored-by:`}
	ev := change(7)
	ev.Commits = []Commit{{Message: "Fix the area\n\nIt was off by pi."}}
	if got, _ := CheckCondition(coauthor, ev); got != NotApplicable {
		t.Errorf("no trailer: %v", got)
	}
	ev.Commits = append(ev.Commits, Commit{Message: "Pair work\n\nCo-authored-by: A <a@example.com>"})
	if got, _ := CheckCondition(coauthor, ev); got != Applies {
		t.Errorf("a trailer: %v", got)
	}
	notes := &policy.Condition{What: "release notes", PR: `(?i)release[- ]notes?`}
	ev.PR = &PR{Title: "Fix the area", Body: "It was off."}
	if got, _ := CheckCondition(notes, ev); got != NotApplicable {
		t.Errorf("a PR without notes: %v", got)
	}
	ev.PR.Body = "It was off.\n\n## Release notes\n* geometry: fixed"
	if got, _ := CheckCondition(notes, ev); got != Applies {
		t.Errorf("a PR with notes: %v", got)
	}
	ran := &policy.Condition{What: "`make docs`", Ran: [][]string{{"make", "docs"}}}
	ev.Commands = []Command{{Argv: []string{"make", "test"}}}
	if got, _ := CheckCondition(ran, ev); got != NotApplicable {
		t.Errorf("never ran: %v", got)
	}
	ev.Commands = append(ev.Commands, Command{Argv: []string{"/usr/bin/make", "docs", "-j4"}})
	if got, _ := CheckCondition(ran, ev); got != Applies {
		t.Errorf("ran it: %v", got)
	}
	// Every part must hold: a co-author trailer in a session that never ran the docs.
	both := &policy.Condition{What: "both", Message: coauthor.Message, Ran: [][]string{{"make", "html"}}}
	if got, _ := CheckCondition(both, ev); got != NotApplicable {
		t.Errorf("one part fails: %v", got)
	}
}

// The engine gives a rule whose condition does not hold no target, and says why.
func TestRunSkipsARuleWhoseConditionDoesNotHold(t *testing.T) {
	rule := &policy.Rule{ID: "r", Kind: "k", When: &policy.Condition{What: "a deprecation", Added: `(?i)deprecat`}}
	called := false
	chk := checkFunc{targets: func(*Evidence) []Target { called = true; return []Target{{Kind: TargetChange}} }}
	out := Run([]Compiled{{Rule: rule, Check: chk}}, change(7), Options{Workers: 1})
	if out[0].Verdict != Inapplicable || out[0].NotApplicable == "" || called {
		t.Fatalf("verdict %s, why %q, targets asked %v", out[0].Verdict, out[0].NotApplicable, called)
	}
	out = Run([]Compiled{{Rule: rule, Check: chk}}, change(11), Options{Workers: 1})
	if out[0].Verdict != Undetermined || !called {
		t.Fatalf("condition holds: verdict %s, targets asked %v", out[0].Verdict, called)
	}
}

type checkFunc struct{ targets func(*Evidence) []Target }

func (c checkFunc) Targets(ev *Evidence) []Target { return c.targets(ev) }
func (c checkFunc) Judge(*Evidence, Target) Result {
	return Result{Verdict: Undetermined, Reason: "needs a model"}
}

// heed's own files, which a change may carry (the policy it was compiled into), are
// no file whose unread content leaves a condition undecided.
func TestConditionLeavesHeedsOwnFilesOut(t *testing.T) {
	c := &policy.Condition{Added: `^def `, What: "a new function"}
	ev := &Evidence{Mode: ModeDiff, Changed: []string{".heed/policy.json", "a.py"},
		Files: []*File{{Path: "a.py", Content: []byte("def f():\n    return 1  # changed\n"), Touched: LineSet{2: true}}}}
	if a, why := CheckCondition(c, ev); a != NotApplicable {
		t.Errorf("got %v (%s), want not applicable: the change adds no function", a, why)
	}
}

// A rule about new code judges a change; the tree as it stands is none.
func TestConditionNewCode(t *testing.T) {
	cond := &policy.Condition{What: "new code", NewCode: true}
	whole := change(7)
	whole.Mode = ModeAll
	if got, _ := CheckCondition(cond, whole); got != NotApplicable {
		t.Errorf("a whole tree: %v, want not applicable", got)
	}
	if got, _ := CheckCondition(cond, change(7)); got != Applies {
		t.Errorf("a change: %v, want applies", got)
	}
}
