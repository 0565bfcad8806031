package norm

import (
	"regexp"
	"strings"
	"sync"
)

// Commits on a branch: "Never commit directly on `main`" reads as a ban of pushing to
// main (the concept push, with the branch), and also bans the commit itself while main
// is checked out; "Always work on a feature branch, never on `main`" bans working on
// main, that is committing there.

var (
	// commitWordsRE: the sentence is about committing or working on the branch, not
	// only about pushing to it.
	commitWordsRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(commit|commits|committing|committed|make changes|making changes|work|working)\b[^.;]{0,30}\b(on|to|in|into|against)\b`)
	})
	// branchWordRE: a name that is a branch ("main", "master", "develop", "trunk").
	branchWordRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(main|master|develop|development|trunk|dev)$`)
	})
)

// CommitsOn returns the branches a ban forbids committing on, when it does: a ban of
// pushing to named branches whose sentence says commit, or a ban of working on a
// branch named alone.
func CommitsOn(n *Norm) []string {
	if n.Polarity != Forbid || !commitWordsRE().MatchString(n.Sentence) || n.Condition != "" || len(n.Uncertain) > 0 {
		return nil
	}
	var out []string
	for _, o := range n.Objects {
		switch {
		case o.Kind == KConcept && o.Text == "push":
			for _, b := range o.Argv {
				if branchWordRE().MatchString(b) {
					out = append(out, b)
				}
			}
		case o.Kind == KCode && branchWordRE().MatchString(strings.TrimSpace(o.Text)) && strings.Contains(strings.ToLower(n.Sentence), "branch"):
			out = append(out, strings.TrimSpace(o.Text))
		}
	}
	return out
}
