package compile_test

import "testing"

// TestOwnCommandSentences270: the first command batch of stop 42
// (testdata/own-sentences-270.txt, first sight in its .md): plain-word tool bans, a
// package manager marked required, a formatter named by its role, required flags, a
// table with a "Don't" column, bans in other languages, and controls.
func TestOwnCommandSentences270(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-270.txt", 20)
}
