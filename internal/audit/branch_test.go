package audit

import (
	"encoding/json"
	"testing"

	"github.com/heed-dev/heed/internal/audit/trajectory"
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/rules/process"
)

// "Never commit directly on `master`" judged over a session that checks no branch out:
// the branch it started on comes from its record, else from the repository it left
// (a session that switches no branch ends on the one it started on); a session that
// switches branches leaves the repository's branch unread.
func TestAuditReadsTheStartingBranch(t *testing.T) {
	dir := t.TempDir()
	git(t, dir, "init", "-q", "-b", "master")
	write(t, dir, "a.py", "x = 1\n")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "Initial commit")
	base := git(t, dir, "rev-parse", "HEAD")
	write(t, dir, "a.py", "x = 2\n")
	git(t, dir, "commit", "-q", "-am", "Fix the value")

	raw, _ := json.Marshal(process.BranchParams{Branches: []string{"master"}})
	rule := &policy.Rule{ID: "branch", Domain: policy.DomainProcess, Kind: process.KindBranch, Params: raw, Severity: policy.SeverityError, Exact: true}
	check, err := engine.NewRegistry(process.Kinds()...).CompileRule(rule)
	if err != nil {
		t.Fatal(err)
	}
	rules := []engine.Compiled{{Rule: rule, Check: check, Constraint: &policy.Constraint{ID: "c", File: "CONTRIBUTING.md", Line: 3, Text: "Never commit directly on `master`."}}}
	ok := 0
	session := func(start string, commands ...string) *trajectory.Trajectory {
		tr := &trajectory.Trajectory{Format: trajectory.Claude, Cwd: dir, StartBranch: start}
		for i, c := range commands {
			tr.Steps = append(tr.Steps, trajectory.Step{Index: i, Kind: trajectory.KindCommand, Command: c, Cwd: dir, Exit: &ok})
		}
		return tr
	}
	for _, c := range []struct {
		name      string
		tr        *trajectory.Trajectory
		want      engine.Verdict
		from, got string
	}{
		{"no record, no checkout: the repository's branch", session("", "git add a.py", "git commit -m 'Fix the value'"), engine.Violated, "repository", "master"},
		{"the record's branch", session("fix-1", "git add a.py", "git commit -m 'Fix the value'"), engine.Satisfied, "trajectory", "fix-1"},
		{"a session that switches branches", session("", "git checkout -b fix-1", "git checkout master", "git checkout fix-1", "git commit -m 'Fix the value'"), engine.Satisfied, "", ""},
		{"a branch computed at run time", session("", `git checkout "$BRANCH"`, "git commit -m 'Fix the value'"), engine.Satisfied, "", ""},
	} {
		rep, err := Run(Options{Repo: dir, Trajectory: c.tr, Base: base, Rules: rules, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		if v := rep.Rules[0].Verdict; v != c.want || rep.Run.StartBranchFrom != c.from || rep.Run.StartBranch != c.got {
			t.Errorf("%s: %s, started on %q from %q; want %s, %q from %q", c.name, v, rep.Run.StartBranch, rep.Run.StartBranchFrom, c.want, c.got, c.from)
		}
	}
}
