package compile_test

import "testing"

// TestWild32Sentences: wild round 32's misreadings in sentences of my own
// (testdata/own-sentences-wild32.txt).
func TestWild32Sentences(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-wild32.txt", 2)
}
