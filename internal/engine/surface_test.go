package engine

import (
	"reflect"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// What an undetermined target means, surface by surface: the live hook blocks on any
// (a command heed could not judge does not run), a git hook on heed's own crash of an
// error rule only, a check and an audit never.
func TestSurfaceBlocks(t *testing.T) {
	crash := TargetResult{Result: InternalError("panic: boom")}
	short := TargetResult{Result: Result{Verdict: Undetermined, Reason: "needs a model"}}
	vio := TargetResult{Result: Result{Verdict: Violated, Findings: []Finding{{Message: "x"}}}}
	sat := TargetResult{Result: Result{Verdict: Satisfied}}
	outcome := func(sev string, ts ...TargetResult) *Outcome {
		return &Outcome{Rule: &policy.Rule{ID: "r", Severity: sev}, Targets: ts, Verdict: Aggregate(ts)}
	}
	type want struct{ live, git, check, audit, cases bool }
	for _, c := range []struct {
		name string
		o    *Outcome
		t    TargetResult
		want want
	}{
		{"a crash of an error rule", outcome(policy.SeverityError, crash), crash, want{live: true, git: true}},
		{"a crash of a warning rule", outcome(policy.SeverityWarning, crash), crash, want{live: true}},
		{"evidence that cannot answer, error rule", outcome(policy.SeverityError, short), short, want{live: true}},
		{"evidence that cannot answer, warning rule", outcome(policy.SeverityWarning, short), short, want{live: true}},
		// the violation already blocks the commit and says why
		{"a crash beside a violation", outcome(policy.SeverityError, vio, crash), crash, want{live: true}},
		{"a violation is not this table's", outcome(policy.SeverityError, vio), vio, want{}},
		{"a pass", outcome(policy.SeverityError, sat), sat, want{}},
	} {
		got := want{
			live:  SurfaceLiveHook.Blocks(c.o, c.t),
			git:   SurfaceGitHook.Blocks(c.o, c.t),
			check: SurfaceCheck.Blocks(c.o, c.t),
			audit: SurfaceAudit.Blocks(c.o, c.t),
			cases: SurfaceCase.Blocks(c.o, c.t),
		}
		if got != c.want {
			t.Errorf("%s: blocks %+v, want %+v", c.name, got, c.want)
		}
	}
	// a surface the table does not know fails closed
	if !Surface(99).Blocks(outcome(policy.SeverityWarning, short), short) {
		t.Error("an unknown surface let an undetermined target pass")
	}
}

// Each surface reads a rule's verdict with its fold: the audit with SWE-CC's (a pass
// partly undetermined is a pass, flagged), the others (authored cases too) strictly.
func TestSurfaceFold(t *testing.T) {
	ts := results(Satisfied, Undetermined)
	for _, c := range []struct {
		s    Surface
		want Verdict
	}{
		{SurfaceLiveHook, Undetermined},
		{SurfaceGitHook, Undetermined},
		{SurfaceCheck, Undetermined},
		{SurfaceAudit, Satisfied},
		{SurfaceCase, Undetermined},
	} {
		if got, _ := c.s.Fold(ts); got != c.want {
			t.Errorf("surface %d: fold %s, want %s", c.s, got, c.want)
		}
	}
	if _, why := SurfaceAudit.Fold(ts); why != "partly undetermined: r" {
		t.Errorf("the audit's flagged pass says %q", why)
	}
}

// A check lists its undetermined targets by reason: one entry per reason, with its
// rules and files sorted and each once, a target with no reason under ReasonNoAnswer,
// and a target that is not a file naming only its rule. The other surfaces list none.
func TestSurfaceUnjudged(t *testing.T) {
	file := func(path, reason string) TargetResult {
		return TargetResult{Target: Target{Kind: TargetFile, Path: path}, Result: Result{Verdict: Undetermined, Reason: reason}}
	}
	commit := TargetResult{Target: Target{Kind: TargetCommit}, Result: Result{Verdict: Undetermined, Reason: "needs a model"}}
	sat := TargetResult{Target: Target{Kind: TargetFile, Path: "ok.py"}, Result: Result{Verdict: Satisfied}}
	outcomes := []Outcome{
		{Rule: &policy.Rule{ID: "b"}, Targets: []TargetResult{file("z.py", "does not parse"), file("a.py", "does not parse"), sat}},
		{Rule: &policy.Rule{ID: "a"}, Targets: []TargetResult{file("a.py", "does not parse"), file("m.py", "")}},
		{Rule: &policy.Rule{ID: "c"}, Targets: []TargetResult{commit, file("q.py", "needs a model")}},
		{Rule: &policy.Rule{ID: "d"}, Targets: []TargetResult{sat}},
	}
	want := []Unjudged{
		{Reason: "does not parse", Rules: []string{"a", "b"}, Files: []string{"a.py", "z.py"}},
		{Reason: "needs a model", Rules: []string{"c"}, Files: []string{"q.py"}},
		{Reason: ReasonNoAnswer, Rules: []string{"a"}, Files: []string{"m.py"}},
	}
	if got := SurfaceCheck.Unjudged(outcomes); !reflect.DeepEqual(got, want) {
		t.Errorf("check lists\n%+v\nwant\n%+v", got, want)
	}
	onlyCommit := []Outcome{{Rule: &policy.Rule{ID: "c"}, Targets: []TargetResult{commit}}}
	if got := SurfaceCheck.Unjudged(onlyCommit); len(got) != 1 || got[0].Files != nil || !reflect.DeepEqual(got[0].Rules, []string{"c"}) {
		t.Errorf("a commit target is listed as %+v, want its rule and no file", got)
	}
	if got := SurfaceCheck.Unjudged(outcomes[3:]); got == nil || len(got) != 0 {
		t.Errorf("nothing undetermined lists %#v, want an empty list", got)
	}
	for _, s := range []Surface{SurfaceLiveHook, SurfaceGitHook, SurfaceAudit, SurfaceCase, Surface(99)} {
		if got := s.Unjudged(outcomes); got != nil {
			t.Errorf("surface %d lists %+v, want none", s, got)
		}
	}
}
