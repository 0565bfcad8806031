package compile_test

import "testing"

// TestOwnSentences621: required forms in the phrasings real files use
// (testdata/own-sentences-621.txt, written before the compiler read them; first sight
// in own-sentences-621.md).
func TestOwnSentences621(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-621.txt", 20)
}
