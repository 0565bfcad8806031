package compile_test

import "testing"

// TestOwnSentences620: orders in the phrasings real files use
// (testdata/own-sentences-620.txt, written before the compiler read them; first sight
// in own-sentences-620.md).
func TestOwnSentences620(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-620.txt", 30)
}
