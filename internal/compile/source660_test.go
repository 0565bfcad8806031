package compile_test

import "testing"

// TestOwnSourceSentences660: a call, a package or a type named in one sentence and
// banned in the next by a word that points back (batch 660,
// testdata/own-sentences-source-54.txt, written before the compiler read them; first
// sight in own-sentences-source-54.md).
func TestOwnSourceSentences660(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-source-54.txt", 11)
}
