package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// The session is re-made from the run's own record: base, branch, diff and commit.
func TestReadSessionFromTheSubmission(t *testing.T) {
	sub := "===PROBE===\nbase_commit=abc123\nstart_branch=main\n===BRANCH===\nbranch=master\n===LOG===\ncommit 1111\n" +
		"author Bot <bot@example.com> 1787811108 +0000\ncommitter Bot <bot@example.com> 1787811108 +0000\n\n" +
		"    Fix the distance\n    \n    Pad the shorter point.\n\n x.py | 1 +\n===STATUS===\n===PATCH_COMMITTED===\ndiff --git a/x.py b/x.py\n+x\n===PATCH===\n"
	data, _ := json.Marshal(map[string]any{"info": map[string]any{"submission": sub}})
	p := filepath.Join(t.TempDir(), "trajectory.json")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := readSession(p)
	if err != nil {
		t.Fatal(err)
	}
	if s.Base != "abc123" || s.Branch != "master" || s.Message != "Fix the distance\n\nPad the shorter point." ||
		s.Author != "Bot" || s.AuthorEmail != "bot@example.com" || s.Date != "1787811108 +0000" || s.Patch != "diff --git a/x.py b/x.py\n+x\n" {
		t.Fatalf("%+v", s)
	}
}

// SWE-CC's released outcomes in heed's words, and a policy's rules folded as SWE-CC
// folds targets.
func TestOutcomesAndFold(t *testing.T) {
	for _, c := range []struct {
		e    Expected
		want string
	}{
		{Expected{Verdict: "pass", Status: "ok"}, "satisfied"},
		{Expected{Verdict: "fail", Status: "ok"}, "violated"},
		{Expected{Verdict: "not_applicable", Status: "tool_missing"}, "undetermined"},
		{Expected{Verdict: "not_applicable", Status: "ok"}, "inapplicable"},
	} {
		if got := c.e.Outcome(); got != c.want {
			t.Errorf("%+v: %s, want %s", c.e, got, c.want)
		}
	}
	r := func(v string) Rule { return Rule{Verdict: v} }
	if fold([]Rule{r("inapplicable"), r("satisfied"), r("violated")}) != "violated" ||
		fold([]Rule{r("undetermined"), r("satisfied")}) != "satisfied" ||
		fold([]Rule{r("inapplicable"), r("undetermined")}) != "undetermined" ||
		fold([]Rule{r("inapplicable")}) != "inapplicable" {
		t.Fatal("fold")
	}
	judge := Rule{Kind: "judge", Verdict: "inapplicable"}
	if needsModel(judge) || !needsModel(Rule{Kind: "judge", Verdict: "undetermined"}) || needsModel(Rule{Kind: "commit", Verdict: "undetermined"}) {
		t.Fatal("a judge rule decided by its condition is judged offline; one left undetermined is not")
	}
}
