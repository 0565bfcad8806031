package compile_test

import "testing"

// TestOwnContextSentences410: sentences whose command, language, scope, modal or
// exception a heading, a list's lead-in, a table header, a parent item or a
// definition elsewhere gives (issue 18), written as small whole files and committed
// before the compiler read them (testdata/own-sentences-410.txt, first sight in its
// .md).
func TestOwnContextSentences410(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-410.txt", 26)
}

// TestOwnContextSentences411: the second batch (testdata/own-sentences-411.txt),
// written after the lead-in reading of batch 410 and committed before the compiler
// read it: bans carried by a list's lead-in, and lead-ins that ban nothing.
func TestOwnContextSentences411(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-411.txt", 25)
}
