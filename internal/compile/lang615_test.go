package compile_test

import "testing"

// TestOwnSentences615: command sentences in other languages' words
// (testdata/own-sentences-615.txt, written before the compiler read them; first sight
// in own-sentences-615.md).
func TestOwnSentences615(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-615.txt", 18)
}
