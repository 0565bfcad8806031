package compile_test

import "testing"

// TestWild34Sentences: wild round 34's misreadings in sentences of my own
// (testdata/own-sentences-wild34.txt).
func TestWild34Sentences(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-wild34.txt", 14)
}
