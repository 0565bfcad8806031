package lower

import (
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
)

// defaultBranches are the names a default branch goes by, for a sentence that asks
// for a branch of one's own and names none to keep off.
var defaultBranches = []string{"main", "master"}

// lowerBranchFirst lowers "Create a topic branch before you change any code"
// (norm.BranchFirst) into a branch rule: no commit while `main` or `master` is
// checked out. The sentence names no branch, so the default one is inferred: a
// warning. Edits made on the default branch and never committed are not seen.
func lowerBranchFirst(c *policy.Constraint) []policy.Rule {
	if !norm.BranchFirst(c.Text) {
		return nil
	}
	n := norm.Norm{Polarity: norm.Forbid, Strength: "must", Sentence: c.Text,
		Uncertain: []string{"the default branch is taken to be main or master"}}
	out := commitOnBranchRule(c, &n, defaultBranches)
	for i := range out {
		out[i].Severity = policy.SeverityWarning
		out[i].Norm = "forbid: committing on the default branch (main, master) before a branch of one's own exists"
	}
	return out
}
