package compile_test

import "testing"

// TestOwnSentences650: the families wild round 31 found exactly checkable and
// absent, in sentences of my own (testdata/own-sentences-mixed-650.txt, written before
// the compiler read them; first sight in own-sentences-mixed-650.md).
func TestOwnSentences650(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-mixed-650.txt", 16)
}
