package lower

import (
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
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
	return commitOnBranchRule(c, n, branches)
}

// commitOnBranchRule is the branch rule of a norm: no commit on these branches.
func commitOnBranchRule(c *policy.Constraint, n *norm.Norm, branches []string) []policy.Rule {
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

// lowerWorkOnBranch lowers a sentence that tells the reader to work on a branch of
// their own ("Create a new branch for your contribution", "create your branch from
// `main`", "Making changes in `main` is discouraged") into a branch rule on the
// branch it names and, when the sentence gave no other rule, a ban of pushing to it.
func lowerWorkOnBranch(c *policy.Constraint, rc *recognize.RepoContext, have []policy.Rule) []policy.Rule {
	for _, r := range have {
		if r.Kind == process.KindBranch {
			return nil
		}
	}
	branches := norm.WorkOnBranch(c.Text)
	if len(branches) == 0 {
		return lowerBranchFirst(c)
	}
	// "create your branch from `main`" says where the work goes, and leaves the ban
	// on `main` to inference: it warns
	n := norm.Norm{Polarity: norm.Forbid, Strength: "must", Sentence: c.Text,
		Objects:   []norm.Object{{Kind: norm.KConcept, Text: "push", Argv: branches}},
		Uncertain: []string{"the ban is inferred from working on a branch of one's own"}}
	out := commitOnBranchRule(c, &n, branches)
	if len(have) == 0 {
		push, _ := lowerBan(c, rc, &n)
		out = append(out, push...)
	}
	return out
}
