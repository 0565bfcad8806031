package compile_test

import "testing"

// TestOwnSourceSentences52: images without alternative text (batch 652,
// testdata/own-sentences-source-52.txt, written before the compiler read them; first
// sight in own-sentences-source-52.md).
func TestOwnSourceSentences52(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-source-52.txt", 6)
}
