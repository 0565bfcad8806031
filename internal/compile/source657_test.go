package compile_test

import "testing"

// TestOwnSourceSentences657: formatting conventions stated in prose (batch 657,
// testdata/own-sentences-source-53.txt, written before the compiler read them; first
// sight in own-sentences-source-53.md).
func TestOwnSourceSentences657(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-source-53.txt", 16)
}
