package compile_test

import "testing"

// TestOwnSentences649: orders in structured forms (testdata/own-sentences-649.txt,
// written before the compiler read them; first sight in own-sentences-649.md).
func TestOwnSentences649(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-649.txt", 17)
}
