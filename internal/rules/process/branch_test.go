package process

import (
	"encoding/json"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

// A commit on a branch the rule names is flagged only when the session shows that
// branch checked out; a session that shows no checkout lets the commit pass.
func TestBranchRule(t *testing.T) {
	raw, _ := json.Marshal(BranchParams{Branches: []string{"main", "master"}})
	rule := &policy.Rule{ID: "r", Domain: policy.DomainProcess, Kind: KindBranch, Params: raw, Severity: policy.SeverityError}
	reg := engine.NewRegistry(Kinds()...)
	for _, c := range []struct {
		history [][]string
		line    string
		want    string
	}{
		{[][]string{{"git", "checkout", "main"}}, `git commit -am "Fix"`, policy.ExpectViolated},
		{[][]string{{"git", "switch", "master"}}, `git commit -m "Fix"`, policy.ExpectViolated},
		{[][]string{{"git", "checkout", "main"}, {"git", "pull"}}, `git commit -m x`, policy.ExpectViolated},
		{[][]string{{"git", "checkout", "main"}, {"git", "checkout", "-b", "fix"}}, `git commit -m x`, policy.ExpectSatisfied},
		{[][]string{{"git", "switch", "-c", "main-fix"}}, `git commit -m x`, policy.ExpectSatisfied},
		{[][]string{{"git", "checkout", "main", "--", "a.go"}}, `git commit -m x`, policy.ExpectSatisfied},
		{nil, `git commit -m x`, policy.ExpectSatisfied},
		{[][]string{{"git", "checkout", "main"}}, `git status`, policy.ExpectInapplicable},
		{[][]string{{"git", "-C", "sub", "checkout", "main"}}, `git commit -m x`, policy.ExpectViolated},
		{[][]string{{"git", "checkout", "main"}}, `git checkout -b fix && git commit -m x`, policy.ExpectSatisfied},
	} {
		o := engine.RunCase(reg, rule, policy.Case{Expect: c.want, Shell: c.line, History: c.history})
		if !o.OK {
			t.Errorf("after %v, %s: %s, want %s (%s)", c.history, c.line, o.Got, c.want, o.Reason)
		}
	}
	if _, err := reg.CompileRule(&policy.Rule{ID: "x", Domain: policy.DomainProcess, Kind: KindBranch, Params: json.RawMessage(`{"branches":[]}`)}); err == nil {
		t.Error("a branch rule with no branch compiled")
	}
}

// The branch a session started on (an audit reads it from the session's record or the
// repository) is the branch of the commands before the session's first checkout.
func TestBranchRuleFromTheStartingBranch(t *testing.T) {
	raw, _ := json.Marshal(BranchParams{Branches: []string{"main", "master"}})
	rule := &policy.Rule{ID: "r", Domain: policy.DomainProcess, Kind: KindBranch, Params: raw, Severity: policy.SeverityError}
	check, err := engine.NewRegistry(Kinds()...).CompileRule(rule)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		start    string
		commands [][]string
		want     engine.Verdict
	}{
		{"master", [][]string{{"git", "add", "a.py"}, {"git", "commit", "-m", "Fix"}}, engine.Violated},
		{"main", [][]string{{"git", "checkout", "-b", "fix"}, {"git", "commit", "-m", "Fix"}}, engine.Satisfied},
		{"fix", [][]string{{"git", "commit", "-m", "Fix"}}, engine.Satisfied},
		{"fix", [][]string{{"git", "checkout", "main"}, {"git", "commit", "-m", "Fix"}}, engine.Violated},
		{"", [][]string{{"git", "commit", "-m", "Fix"}}, engine.Satisfied},
	} {
		ev := &engine.Evidence{Mode: engine.ModeDiff, StartBranch: c.start}
		for i, a := range c.commands {
			ev.Commands = append(ev.Commands, engine.Command{Argv: a, Index: i})
		}
		o := engine.Run([]engine.Compiled{{Rule: rule, Check: check}}, ev, engine.Options{Workers: 1})[0]
		if o.Verdict != c.want {
			t.Errorf("started on %q, %v: %s, want %s", c.start, c.commands, o.Verdict, c.want)
		}
	}
}
