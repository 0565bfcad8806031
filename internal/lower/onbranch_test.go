package lower

import (
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules/process"
)

// A ban under "while on `main`" holds on that branch only (policies.csv: SYMPY-C014
// warned on every `git add` of every branch). A sentence of our own writing.
func TestBanWhileOnBranch(t *testing.T) {
	c := &policy.Constraint{Text: "While on `main`, do not run `git commit` or `git merge`.", Level: policy.Must}
	res := Process().Recognize(c, &recognize.RepoContext{})
	if len(res.Rules) != 1 || res.Rules[0].Kind != process.KindBranch {
		t.Fatalf("want one branch rule, got %d", len(res.Rules))
	}
	r := res.Rules[0]
	r.ID = "r"
	reg := engine.NewRegistry(process.Kinds()...)
	cases := append(r.Cases,
		policy.Case{Expect: policy.ExpectSatisfied, Shell: "git commit -m x", History: [][]string{{"git", "switch", "-c", "topic"}}, Note: "a commit on a topic branch"},
		policy.Case{Expect: policy.ExpectViolated, Shell: "git merge topic", History: [][]string{{"git", "checkout", "main"}}, Note: "a merge on main"},
		policy.Case{Expect: policy.ExpectInapplicable, Shell: "git add a.py", History: [][]string{{"git", "checkout", "main"}}, Note: "a command the sentence does not name"})
	for _, cs := range cases {
		if out := engine.RunCase(reg, &r, cs); !out.OK {
			t.Errorf("case %q expects %s, got %s (%s)", cs.Note, cs.Expect, out.Got, out.Reason)
		}
	}
}
