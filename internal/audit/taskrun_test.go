package audit

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/heed-dev/heed/internal/audit/trajectory"
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/rules/process"
)

// An audit reads what the session's `make check` ran from the repository's Makefile:
// "run `ruff check` before committing" holds after it, not after `make docs`.
func TestAuditCountsTaskRunnerTargets(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "Makefile"), []byte(".PHONY: lint check docs\nlint:\n\truff check .\ncheck: lint\n\tpytest\ndocs:\n\tmkdocs build\n"), 0o644)
	git(t, dir, "init", "-q")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-qm", "init")
	raw, _ := json.Marshal(process.SequenceParams{
		Then:  []process.Pattern{{Program: []string{"git"}, Args: []string{"commit"}}},
		First: []process.Pattern{{Program: []string{"ruff"}, Args: []string{"check"}}},
	})
	rule := &policy.Rule{ID: "order", Domain: policy.DomainProcess, Kind: process.KindSequence, Params: raw, Severity: policy.SeverityError}
	check, err := engine.NewRegistry(process.Kinds()...).CompileRule(rule)
	if err != nil {
		t.Fatal(err)
	}
	rules := []engine.Compiled{{Rule: rule, Check: check, Constraint: &policy.Constraint{ID: "c", File: "AGENTS.md", Line: 3, Text: "Run `ruff check` before committing."}}}
	zero := 0
	for _, c := range []struct {
		target string
		want   engine.Verdict
	}{{"ruff check .", engine.Satisfied}, {"make check", engine.Satisfied}, {"make docs", engine.Violated}} {
		tr := &trajectory.Trajectory{Format: "claude", Cwd: dir, Steps: []trajectory.Step{
			{Index: 0, Kind: trajectory.KindCommand, Command: c.target, Cwd: dir, Exit: &zero},
			{Index: 1, Kind: trajectory.KindCommand, Command: "git commit -m 'Add x'", Cwd: dir, Exit: &zero},
		}}
		rep, err := Run(Options{Repo: dir, Trajectory: tr, Rules: rules, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Rules) != 1 || rep.Rules[0].Verdict != c.want {
			t.Errorf("after %s: %+v, want %s", c.target, rep.Rules, c.want)
		}
	}
}
