package compile_test

import "testing"

// TestWild33Sentences: wild round 33's misreadings in sentences of my own
// (testdata/own-sentences-wild33.txt).
func TestWild33Sentences(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-wild33.txt", 5)
}
