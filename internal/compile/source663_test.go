package compile_test

import "testing"

// TestOwnSourceSentences663: code-style settings in phrasings batch 657 did not use
// (batch 663, testdata/own-sentences-source-55.txt, written before the compiler read
// them; first sight in own-sentences-source-55.md).
func TestOwnSourceSentences663(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-source-55.txt", 7)
}
