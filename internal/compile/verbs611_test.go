package compile_test

import "testing"

// TestOwnSentences611: command sentences whose verb is no verb of running, the
// command in a code span after it (testdata/own-sentences-611.txt, written before the
// compiler read them; first sight in own-sentences-611.md).
func TestOwnSentences611(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-611.txt", 16)
}
