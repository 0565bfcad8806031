package norm

import (
	"slices"
	"testing"
)

// "Don't auto-commit - User will review and commit manually" (0x-zeros/web3-tycoon,
// CLAUDE.md:547, in this phrasing): committing on one's own is a commit.
func TestAutoCommitIsCommit(t *testing.T) {
	ns := Read("Don't auto-commit - the user reviews and commits by hand.", Context{})
	if !slices.ContainsFunc(ns, func(n Norm) bool {
		return n.Polarity == Forbid && slices.ContainsFunc(n.Objects, func(o Object) bool { return o.Kind == KConcept && o.Text == "commit" })
	}) {
		t.Errorf("norms: %+v", ns)
	}
}
