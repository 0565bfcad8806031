package check

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/report"
)

// A check's undetermined list is the engine's (engine.SurfaceCheck.Unjudged), with
// the files that could not be read added for every rule of files whose scope covers
// them, only within the paths checked; an entry names at most MaxUndeterminedFiles
// files and counts them all, and the outcomes the check goes on to read are left as
// they were.
func TestUndeterminedIsTheEnginesListWithTheUnreadableFiles(t *testing.T) {
	src := rule("src", policy.DomainSource, wordCheck{Word: "BAD"})
	src.Rule.Scope = policy.Scope{Dir: "app"}
	arch := rule("arch", policy.DomainArchitecture, wordCheck{Word: "BAD"})
	commits := rule("commits", policy.DomainContribution, commitCheck{})
	rules := []engine.Compiled{src, arch, commits}

	undet := func(path, reason string) engine.TargetResult {
		return engine.TargetResult{Target: engine.Target{Kind: engine.TargetFile, Path: path}, Result: engine.Result{Verdict: engine.Undetermined, Reason: reason}}
	}
	many := make([]engine.TargetResult, 0, report.MaxUndeterminedFiles+3)
	for i := range report.MaxUndeterminedFiles + 3 {
		many = append(many, undet(fmt.Sprintf("app/f%02d.py", i), "needs a model"))
	}
	outcomes := make([]engine.Outcome, 2, 3) // room to append into: it must not be used
	outcomes[0] = engine.Outcome{Rule: src.Rule, Targets: many}
	outcomes[1] = engine.Outcome{Rule: commits.Rule, Targets: []engine.TargetResult{
		{Target: engine.Target{Kind: engine.TargetPR}, Result: engine.Result{Verdict: engine.Undetermined}}}}
	before := append([]engine.Outcome(nil), outcomes...)
	unreadable := map[string]error{
		"app/x.py": errors.New("permission denied"),
		"lib/y.py": errors.New("permission denied"),
		"out/z.py": errors.New("permission denied"), // outside the paths checked
	}

	got := undetermined(outcomes, unreadable, rules, []string{"app", "lib"})
	want := []report.Undetermined{
		// app/x.py is in both file rules' scope, lib/y.py only in the architecture
		// rule's (the source rule's is app/); no rule of commits reads files
		{Reason: "cannot read the file: permission denied", Rules: []string{"arch", "src"}, Files: []string{"app/x.py", "lib/y.py"}, FileCount: 2},
		{Reason: "needs a model", Rules: []string{"src"}, FileCount: report.MaxUndeterminedFiles + 3},
		{Reason: engine.ReasonNoAnswer, Rules: []string{"commits"}, FileCount: 0},
	}
	for i := range report.MaxUndeterminedFiles {
		want[1].Files = append(want[1].Files, fmt.Sprintf("app/f%02d.py", i))
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("undetermined\n%+v\nwant\n%+v", got, want)
	}
	if !reflect.DeepEqual(outcomes, before) || len(outcomes[:3][2].Targets) != 0 {
		t.Error("listing the undetermined targets changed the outcomes")
	}
	if got := undetermined(nil, nil, rules, nil); got == nil || len(got) != 0 {
		t.Errorf("nothing undetermined: %#v, want an empty list (JSON [])", got)
	}
}

// The guard's severity is a warning unless the options say error; anything else is
// a usage error, before any file is read.
func TestGuardSeverity(t *testing.T) {
	for in, want := range map[string]string{"": policy.SeverityWarning, policy.SeverityWarning: policy.SeverityWarning, policy.SeverityError: policy.SeverityError} {
		if got, err := guardSeverity(in); got != want || err != nil {
			t.Errorf("guardSeverity(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	var ue *UsageError
	if _, err := guardSeverity("fatal"); !errors.As(err, &ue) {
		t.Errorf("guardSeverity(fatal): %v, want a usage error", err)
	}
}
