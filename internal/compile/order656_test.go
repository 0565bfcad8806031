package compile_test

import "testing"

// TestOwnSentences656: output piped, truncated or filtered
// (testdata/own-sentences-656.txt, written before the compiler read them; first sight
// in own-sentences-656.md).
func TestOwnSentences656(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-656.txt", 8)
}
