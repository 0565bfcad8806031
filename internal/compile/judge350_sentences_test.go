package compile_test

import "testing"

// TestOwnSentences350: rules a labeller calls mechanically checkable, written before
// the compiler read them (testdata/own-sentences-350.txt, first sight in its .md), in
// the shapes that may make the normative model send them to a judge or read them as a
// description: soft modals, plain-word objects, a heading's or a lead-in's scope and
// modal, table cells, bare imperatives, reason and example clauses, other languages.
func TestOwnSentences350(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-350.txt", 23)
}

// TestOwnSentences351: batch 351 (testdata/own-sentences-351.txt, first sight in its
// .md), written after batch 350 and the change to test demands, before heed read it:
// fresh phrasings of a change's test demand and its condition, decoys, and other
// shapes of the judge-only decision.
func TestOwnSentences351(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-351.txt", 16)
}
