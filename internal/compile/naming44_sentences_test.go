package compile_test

import "testing"

// TestOwnNamingSentences400: the first naming batch of stop 44 (task "naming"),
// written before the compiler read it (testdata/own-sentences-400.txt, first sight in
// its .md): conventions of files, folders and kinds of declaration in tables, nested
// lists, dash labels, headings that give the language, exceptions in another sentence.
func TestOwnNamingSentences400(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-400.txt", 44)
}

// TestOwnNamingSentences401: the second naming batch of stop 44, written after its
// reading commits and before the compiler read it (testdata/own-sentences-401.txt,
// first sight in its .md).
func TestOwnNamingSentences401(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-401.txt", 26)
}
