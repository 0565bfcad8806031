package engine

import (
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

func results(vs ...Verdict) []TargetResult {
	var out []TargetResult
	for _, v := range vs {
		out = append(out, TargetResult{Result: Result{Verdict: v, Reason: "r"}})
	}
	return out
}

// The two folds side by side: where they differ is where a caller must choose, and
// the choice is the caller's kind (enforcement fails closed, a report counts a pass
// flagged); everywhere else they agree.
func TestTheTwoFolds(t *testing.T) {
	crash := TargetResult{Result: InternalError("panic: boom")}
	for _, c := range []struct {
		name          string
		in            []TargetResult
		strict, swecc Verdict
	}{
		{"zero targets", nil, Inapplicable, Inapplicable},
		{"any violated", results(Satisfied, Violated, Undetermined), Violated, Violated},
		{"all undetermined", results(Undetermined, Undetermined), Undetermined, Undetermined},
		{"satisfied with some undetermined", results(Satisfied, Undetermined), Undetermined, Satisfied},
		{"all satisfied", results(Satisfied, Satisfied), Satisfied, Satisfied},
		{"inapplicable targets only", results(Inapplicable), Inapplicable, Inapplicable},
		// a crash is never a violation (SWE-CC); enforcement still blocks on the
		// violation it did find
		{"a crash beside a violation", append(results(Violated), crash), Violated, Undetermined},
		{"a crash is never a pass", append(results(Satisfied), crash), Undetermined, Undetermined},
	} {
		if got := Aggregate(c.in); got != c.strict {
			t.Errorf("%s: Aggregate %s, want %s", c.name, got, c.strict)
		}
		if got, _ := Fold(c.in); got != c.swecc {
			t.Errorf("%s: Fold %s, want %s", c.name, got, c.swecc)
		}
	}
}

// A crash is known by its type, not its wording: a check that quotes the words
// "internal error" from the evidence is an ordinary undetermined.
func TestACrashIsKnownByItsTypeNotItsWords(t *testing.T) {
	quoted := TargetResult{Result: Result{Verdict: Undetermined, Reason: "internal error: the log says so"}}
	if v, _ := Fold(append(results(Violated), quoted)); v != Violated {
		t.Errorf("a reason that only reads like a crash: %s, want violated", v)
	}
	ev := &Evidence{Mode: ModeAll, Files: []*File{{Path: "a.go", Content: []byte("x")}}}
	for _, o := range Run([]Compiled{{Rule: rule("panics"), Check: panicCheck{}}, {Rule: rule("bad verdict"), Check: badVerdictCheck{}}}, ev, Options{}) {
		if !o.Targets[0].Internal {
			t.Errorf("%s: the result is not marked internal: %+v", o.Rule.ID, o.Targets[0].Result)
		}
	}
}

type badVerdictCheck struct{}

func (badVerdictCheck) Targets(ev *Evidence) []Target {
	return []Target{{Kind: TargetFile, Path: "a.go"}}
}
func (badVerdictCheck) Judge(*Evidence, Target) Result { return Result{Verdict: "maybe"} }

// An audit's verdict on a rule is the engine's, whole: the targets' fold, then what
// could not be read, then the session's own writes, then why it never came up. A rule
// that lets the action run once the user agrees (ask), broken by the session's
// commands or writes, is undetermined: the record does not show the yes.
func TestSessionVerdict(t *testing.T) {
	crash := TargetResult{Result: InternalError("panic: boom")}
	const traj, diff = "trajectory: truncated", "diff: no repository was given"
	for _, c := range []struct {
		name     string
		ts       []TargetResult
		facts    SessionFacts
		want     Verdict
		reason   string
		byWrites bool
		ask      bool
	}{
		{"a pass", results(Satisfied), SessionFacts{}, Satisfied, "", false, false},
		{"never came up", nil, SessionFacts{}, Inapplicable, "when: no function added", false, false},
		{"never came up, a part unread", nil, SessionFacts{Unread: diff}, Undetermined, diff, false, false},
		{"a pass, the session's record unread", results(Satisfied), SessionFacts{Unread: traj}, Undetermined, traj, false, false},
		{"a pass, the diff unread", results(Satisfied), SessionFacts{Unread: diff}, Satisfied, "", false, false},
		{"a violation stands whatever is unread", results(Violated), SessionFacts{Unread: traj}, Violated, "", false, false},
		{"a write broke it", results(Satisfied), SessionFacts{Writes: 1}, Violated, "", true, false},
		{"a write broke what never came up", nil, SessionFacts{Writes: 2}, Violated, "", true, false},
		{"a write beside a crash", []TargetResult{crash}, SessionFacts{Writes: 1}, Violated, "", true, false},
		{"its targets already broke it", results(Violated), SessionFacts{Writes: 1}, Violated, "", false, false},
		{"a crash, nothing written", append(results(Satisfied), crash), SessionFacts{}, Undetermined, "internal error: panic: boom", false, false},
		{"a command that waits for the user's yes", results(Violated), SessionFacts{}, Undetermined, AskedReason, false, true},
		{"a pass of a rule that asks", results(Satisfied), SessionFacts{}, Satisfied, "", false, true},
		{"a write that waits for the user's yes", results(Satisfied), SessionFacts{Writes: 1}, Undetermined, AskedReason, false, true},
	} {
		o := &Outcome{Targets: c.ts, Verdict: Aggregate(c.ts), Rule: &policy.Rule{Ask: c.ask}}
		if c.ts == nil {
			o.NotApplicable = "when: no function added"
		}
		v, why, w := SessionVerdict(o, c.facts)
		if v != c.want || why != c.reason || w != c.byWrites {
			t.Errorf("%s: %s %q byWrites=%v, want %s %q %v", c.name, v, why, w, c.want, c.reason, c.byWrites)
		}
	}
}

func TestUnread(t *testing.T) {
	ev := &Evidence{Missing: []string{"pr: no pull-request text", "trajectory: truncated"}}
	if got := ev.Unread([]Part{PartDiff, PartTrajectory, PartPR}); got != "trajectory: truncated" {
		t.Errorf("Unread = %q: the first part the rule reads decides", got)
	}
	if got := ev.Unread([]Part{PartDiff}); got != "" {
		t.Errorf("Unread of a part read = %q", got)
	}
}
