package compile_test

import "testing"

// TestOwnSentences619: tool substitutions in the phrasings real files use
// (testdata/own-sentences-619.txt, written before the compiler read them; first sight
// in own-sentences-619.md).
func TestOwnSentences619(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-619.txt", 30)
}
