package compile_test

import "testing"

// TestOwnPlacementSentences580: placement and boundary sentences of session 49
// written before the compiler read them (testdata/own-sentences-580.txt, first sight
// in its .md): folders with placeholders, "never in", a name pattern after the
// folder, per-crate folders, the root, a What | Where table, trees and lists that only
// describe, exceptions in another sentence, a folder the repository lacks, Java
// packages, generated code, a monorepo heading, and boundaries by layer names, lists
// and arrows.
func TestOwnPlacementSentences580(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-580.txt", 30)
}

// TestOwnPlacementSentences581: the whole files' architecture failures of batch 581,
// restated after they were looked at (testdata/own-sentences-581.txt; dev cases).
func TestOwnPlacementSentences581(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-581.txt", 5)
}
