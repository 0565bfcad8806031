package compile_test

import "testing"

// TestOwnSentences616: orders in the phrasings files use
// (testdata/own-sentences-616.txt, written before the compiler read them; first sight
// in own-sentences-616.md).
func TestOwnSentences616(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-616.txt", 15)
}
