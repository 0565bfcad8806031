package compile_test

import "testing"

// TestOwnPlacementSentences530: placement sentences written before the compiler read
// them (testdata/own-sentences-530.txt, first sight in its .md): "put X in", "X live
// in", tables of kinds and locations, tests beside the code, exceptions in the
// sentence, scope in a heading, and layouts described without a rule.
func TestOwnPlacementSentences530(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-530.txt", 22)
}
