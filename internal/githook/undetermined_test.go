package githook

import (
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

// What blocks a commit of what the rules could not judge: heed's own crash on an
// error rule (fail closed), and nothing else; the git hook's row of the engine's table
// (engine.SurfaceGitHook).
func TestUndeterminedInAGitHook(t *testing.T) {
	crash := engine.TargetResult{Result: engine.InternalError("panic: boom")}
	short := engine.TargetResult{Result: engine.Result{Verdict: engine.Undetermined, Reason: "needs the diff"}}
	outcome := func(sev string, ts ...engine.TargetResult) engine.Outcome {
		return engine.Outcome{Rule: &policy.Rule{ID: "r-" + sev, Severity: sev}, Targets: ts, Verdict: engine.Aggregate(ts)}
	}
	for _, c := range []struct {
		name    string
		o       engine.Outcome
		blocked bool
		crashed string
	}{
		{"an error rule that crashed", outcome(policy.SeverityError, crash), true, "r-error"},
		{"a warning rule that crashed", outcome(policy.SeverityWarning, crash), false, ""},
		{"an error rule the evidence cannot answer", outcome(policy.SeverityError, short), false, ""},
	} {
		v := verdictOf([]engine.Outcome{c.o})
		crashed := ""
		for _, n := range v.Notices {
			crashed += n.Crashed
		}
		if v.Blocked != c.blocked || crashed != c.crashed {
			t.Errorf("%s: blocked=%v crashed=%q, want %v %q", c.name, v.Blocked, crashed, c.blocked, c.crashed)
		}
	}
}
