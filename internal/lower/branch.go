package lower

import (
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/rules/process"
)

// lowerCommitOnBranch lowers a ban of committing on named branches ("Never commit
// directly on `main`") into a branch rule: a commit the session makes while it has
// one of them checked out. The push to the branch is the ban's own rule.
func lowerCommitOnBranch(c *policy.Constraint, n *norm.Norm) []policy.Rule {
	branches := norm.CommitsOn(n)
	if len(branches) == 0 {
		return nil
	}
	m := *n
	m.Subject = ""
	r := rule(c, &m, process.KindBranch, process.BranchParams{Branches: branches})
	r.Message = "a commit on " + strings.Join(branches, " or ")
	r.Suggestion = "create a branch (git switch -c my-change) and commit there"
	r.Cases = []policy.Case{
		{Expect: policy.ExpectViolated, Shell: "git commit -m 'Fix the parser'", History: [][]string{{"git", "checkout", branches[0]}}, Note: "a commit on " + branches[0]},
		{Expect: policy.ExpectSatisfied, Shell: "git commit -m 'Fix the parser'", History: [][]string{{"git", "checkout", branches[0]}, {"git", "switch", "-c", "fix-parser"}}, Note: "a commit on a new branch"},
		{Expect: policy.ExpectSatisfied, Shell: "git commit -m 'Fix the parser'", Note: "no checkout in the session: the branch is unknown"},
	}
	return []policy.Rule{r}
}
