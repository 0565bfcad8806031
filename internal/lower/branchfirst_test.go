package lower

import (
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules/process"
)

// "Create a branch before you change code" names no branch to keep off: a commit on
// the default branch (main or master) breaks it, as a warning; a branch made first,
// or a sentence that only allows or describes a way of working, does not. Sentences
// of our own writing.
func TestBranchBeforeTheWork(t *testing.T) {
	reg := engine.NewRegistry(process.Kinds()...)
	for _, text := range []string{
		"Create a topic branch before you change any code.",
		"Always make a new branch before starting work on an issue.",
	} {
		res := Process().Recognize(&policy.Constraint{Text: text, Level: policy.Must}, &recognize.RepoContext{})
		if len(res.Rules) != 1 || res.Rules[0].Kind != process.KindBranch || res.Rules[0].Severity != policy.SeverityWarning {
			t.Fatalf("%q: want one branch rule at warning, got %+v", text, res.Rules)
		}
		r := res.Rules[0]
		r.ID = "r"
		cases := append(r.Cases,
			policy.Case{Expect: policy.ExpectViolated, Shell: "git commit -m x", History: [][]string{{"git", "checkout", "master"}}, Note: "a commit on master"},
			policy.Case{Expect: policy.ExpectSatisfied, Shell: "git commit -m x", History: [][]string{{"git", "checkout", "main"}, {"git", "checkout", "-b", "topic"}}, Note: "a branch first"})
		for _, cs := range cases {
			if out := engine.RunCase(reg, &r, cs); !out.OK {
				t.Errorf("%q: case %q expects %s, got %s (%s)", text, cs.Note, cs.Expect, out.Got, out.Reason)
			}
		}
	}
	for _, text := range []string{
		"You can create a branch before you start, if you like.",
		"Create a new branch for each feature.",
		"Create a release branch before tagging.",
	} {
		res := Process().Recognize(&policy.Constraint{Text: text, Level: policy.Must}, &recognize.RepoContext{})
		for _, r := range res.Rules {
			if r.Kind == process.KindBranch {
				t.Errorf("%q: a branch rule, want none", text)
			}
		}
	}
}
