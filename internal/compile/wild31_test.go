package compile_test

import "testing"

// TestWild31Sentences: wild round 31's misreadings in sentences of my own
// (testdata/own-sentences-wild31.txt), the false blocks among them.
func TestWild31Sentences(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-wild31.txt", 15)
}
