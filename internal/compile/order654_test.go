package compile_test

import "testing"

// TestOwnSentences654: the project's tool for a job stated as a choice, and one
// option of a command banned beside another (testdata/own-sentences-654.txt, written
// before the compiler read them; first sight in own-sentences-654.md).
func TestOwnSentences654(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-654.txt", 15)
}
