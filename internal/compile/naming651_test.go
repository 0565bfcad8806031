package compile_test

import "testing"

// TestOwnSentences651: naming conventions shown as a code block whose comments name
// the kind and its style (testdata/own-sentences-651.txt, written before the compiler
// read them; first sight in own-sentences-651.md).
func TestOwnSentences651(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-651.txt", 7)
}
