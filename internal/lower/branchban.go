package lower

import (
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules/process"
)

// lowerBanOnBranch lowers a ban that holds on named branches (norm.OnBranches: "never
// rebase `develop` onto `upstream/main`") into a branch rule guarding the banned
// commands while one of them is checked out, and a command rule for the forms that
// name the branch themselves (`git rebase upstream/main develop` rebases develop from
// anywhere). On any other branch the commands are fine: the file may ask for them
// there.
func lowerBanOnBranch(c *policy.Constraint, rc *recognize.RepoContext, n *norm.Norm) []policy.Rule {
	f := formsOf(n.Objects, rc, "")
	if len(f.patterns) == 0 || f.flagsOnly {
		return nil
	}
	m := *n
	if f.unheld || f.other {
		m.Uncertain = append(append([]string(nil), n.Uncertain...), "the ban names more than its commands and branches, which the rule cannot hold")
	}
	branches := n.OnBranches
	r := rule(c, &m, process.KindBranch, process.BranchParams{Branches: branches, Commands: f.patterns})
	on := strings.Join(branches, " or ")
	r.Message = "a command forbidden on " + on
	r.Suggestion = "leave " + on + " as it is: run it on another branch, or ask first"
	shown := f.patterns[0].String()
	r.Cases = []policy.Case{
		{Expect: policy.ExpectViolated, Shell: shown, History: [][]string{{"git", "checkout", branches[0]}}, Note: "on " + branches[0]},
		{Expect: policy.ExpectSatisfied, Shell: shown, History: [][]string{{"git", "checkout", "topic-of-mine"}}, Note: "on another branch"},
	}
	out := []policy.Rule{r}
	// the forms that name the branch as the one they act on: a rebase's last
	// argument is the branch it rebases
	var named []process.Pattern
	for _, p := range f.patterns {
		if len(p.Program) == 1 && p.Program[0] == "git" && len(p.Args) >= 1 && p.Args[0] == "rebase" && len(p.Flags) == 0 {
			for _, b := range branches {
				q := p
				upstream := "*"
				if len(p.Args) > 1 {
					upstream = p.Args[1]
				}
				q.Args = []string{"rebase", upstream, b}
				named = append(named, q)
			}
		}
	}
	if len(named) > 0 {
		cr := rule(c, &m, process.KindCommand, process.CommandParams{Forbid: named})
		cr.Message = "a rebase of " + on
		cr.Suggestion = r.Suggestion
		out = append(out, cr)
	}
	if slices.ContainsFunc(f.patterns, forcePushPattern) {
		// a force push that names one of them rewrites it from any checkout; its
		// commits are pushed ones by then, so a condition on that is met
		pushes := namedConceptForms(norm.Object{Kind: norm.KConcept, Text: "force-push", Argv: branches})
		pm := m
		pm.Uncertain = slices.DeleteFunc(slices.Clone(m.Uncertain), func(u string) bool { return u == "condition: "+m.Condition && norm.PushedCondition(m.Condition) })
		if norm.PushedCondition(pm.Condition) {
			pm.Condition = ""
		}
		pr := rule(c, &pm, process.KindCommand, process.CommandParams{Forbid: pushes})
		pr.Message = "a force push to " + on
		pr.Suggestion = "push a new commit instead, or ask first"
		out = append(out, pr)
	}
	return out
}

// forcePushPattern: a form of `git push` that forces.
func forcePushPattern(p process.Pattern) bool {
	if len(p.Program) != 1 || p.Program[0] != "git" || len(p.Args) == 0 || p.Args[0] != "push" {
		return false
	}
	for _, fl := range p.Flags {
		if slices.Contains(fl, "--force") {
			return true
		}
	}
	return len(p.Args) > 1 && strings.HasPrefix(p.Args[1], "+")
}

// committedFilesBan: "`.env.local` holds your secrets; never commit it": the pronoun
// names files the change must not add, which the contribution rule of the same
// sentence holds (norm.UntouchedFiles); the bare ban of committing it leaves is no
// rule of its own.
func committedFilesBan(c *policy.Constraint, n *norm.Norm) bool {
	if !slices.Contains(n.Uncertain, norm.PronounObjectDoubt) || !hasConcept(n.Objects, "commit") {
		return false
	}
	u, ok := norm.UntouchedFiles(c.Text)
	return ok && u.AddedOnly
}
