package compile_test

import "testing"

// TestOwnSentences500: order sentences written before the compiler read them
// (testdata/own-sentences-500.txt, first sight in its .md): steps ordered before a
// commit, a push, a pull request or another command, or after edits, in checklists,
// tables, lead-ins with conditions and fenced blocks under the sentence, and controls
// that order nothing a check can see (what CI does, tips, hooks, setup blocks).
func TestOwnSentences500(t *testing.T) {
	ownRepoSentences(t, "testdata/own-sentences-500.txt", 30)
}
