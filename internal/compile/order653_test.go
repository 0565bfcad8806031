package compile_test

import "testing"

// TestOwnSentences653: git, GitHub and package actions named by what they do
// (testdata/own-sentences-653.txt, written before the compiler read them; first
// sight in own-sentences-653.md).
func TestOwnSentences653(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-653.txt", 19)
}
