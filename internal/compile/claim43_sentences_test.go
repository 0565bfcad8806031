package compile_test

import "testing"

// TestOwnConstructSentences340: construct claims named in words, requirements and code
// examples, written and committed before the compiler read them
// (testdata/own-sentences-340.txt, first sight in own-sentences-340.md).
func TestOwnConstructSentences340(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-340.txt", 23)
}
