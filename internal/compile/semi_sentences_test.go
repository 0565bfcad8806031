package compile_test

import "testing"

// TestOwnCommandSentencesSemicolon: command sentences cut by a semicolon
// (testdata/own-sentences-semi.txt): the clause after the semicolon gives the ban's
// reason, replacement or exception.
func TestOwnCommandSentencesSemicolon(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-semi.txt", 12)
}

// TestOwnSourceSentencesSemicolon: source sentences cut by a semicolon
// (testdata/own-sentences-semi-source.txt): the scope said at the head of the item
// holds for the clauses after the semicolon.
func TestOwnSourceSentencesSemicolon(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-semi-source.txt", 8)
}

// TestOwnCommandSentencesCommaless: orders whose leading moment has no comma
// (testdata/own-sentences-commaless.txt).
func TestOwnCommandSentencesCommaless(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-commaless.txt", 7)
}
