package compile_test

import "testing"

// TestOwnSentences658: commands named in one place and ruled on in another
// (testdata/own-sentences-658.txt, written before the compiler read them; first sight
// in own-sentences-658.md).
func TestOwnSentences658(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-658.txt", 13)
}
