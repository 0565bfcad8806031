package compile_test

import "testing"

// TestOwnArchitectureSentences431: the second batch of architecture sentences
// (testdata/own-sentences-431.txt, first sight in its .md), written after the changes
// batch 430 measured and before the compiler read them: the same families in other
// words and layouts, and decoys (a request flow, an import order, a word two folders
// share, a list of dependencies with no direction).
func TestOwnArchitectureSentences431(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-431.txt", 16)
}
