package compile_test

import "testing"

// TestOwnSentences655: the folder a command must run from
// (testdata/own-sentences-655.txt, written before the compiler read them; first sight
// in own-sentences-655.md).
func TestOwnSentences655(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-655.txt", 11)
}
