package lower

import (
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules/process"
)

// onBranch lowers a ban that holds while a branch is checked out ("While checked out
// on `master`, ... must not run `git merge`, `git add` ...", norm.WhileOnBranch) into
// a branch rule guarding those commands: the commands are fine on any other branch.
func onBranch(c *policy.Constraint, rc *recognize.RepoContext) (recognize.Result, bool) {
	branches, rest, ok := norm.WhileOnBranch(c.Text)
	if !ok {
		return recognize.Result{}, false
	}
	var cmds []process.Pattern
	var n0 *norm.Norm
	for _, n := range norm.Read(rest, readContext(c, rc)) {
		if n.Polarity != norm.Forbid || n.Condition != "" {
			continue
		}
		f := formsOf(n.Objects, rc, "")
		if f.flagsOnly || f.other || len(f.patterns) == 0 {
			continue
		}
		cmds = append(cmds, f.patterns...)
		if n0 == nil {
			m := n
			n0 = &m
		}
	}
	if n0 == nil {
		return recognize.Result{}, true // the clause is read; a ban heed cannot lower stays unenforced
	}
	n0.Sentence = c.Text
	r := rule(c, n0, process.KindBranch, process.BranchParams{Branches: branches, Commands: cmds})
	r.Message = "a command forbidden on " + strings.Join(branches, " or ")
	r.Suggestion = "create a branch (git switch -c my-change) and work there"
	r.Norm = "on branch " + strings.Join(branches, ", ") + ": " + n0.String()
	shown := cmds[0].String()
	r.Cases = []policy.Case{
		{Expect: policy.ExpectViolated, Shell: shown, History: [][]string{{"git", "checkout", branches[0]}}, Note: "on " + branches[0]},
		{Expect: policy.ExpectSatisfied, Shell: shown, History: [][]string{{"git", "checkout", branches[0]}, {"git", "switch", "-c", "fix-parser"}}, Note: "on a branch of one's own"},
	}
	return recognize.Result{Rules: []policy.Rule{r}}, true
}
