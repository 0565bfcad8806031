package compile_test

import "testing"

// TestOwnSentences618: use the task runner's targets, not the tools they wrap
// (testdata/own-sentences-618.txt, written before the compiler read them; first sight
// in own-sentences-618.md).
func TestOwnSentences618(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-618.txt", 9)
}
