package compile_test

import "testing"

// TestOwnNamingSentences600: the naming batch of session 49 (task "source: naming",
// issue 19), written before the compiler read it (testdata/own-sentences-600.txt,
// first sight in its .md): a Kind | Convention | Example table in C# and TypeScript,
// Go package names and initialisms, prefixes and suffixes of names and files,
// per-language headings, exceptions, and controls that must flag nothing.
func TestOwnNamingSentences600(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-600.txt", 33)
}
