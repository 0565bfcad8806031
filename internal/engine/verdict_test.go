package engine

import "testing"

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
