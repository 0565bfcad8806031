package compile_test

import "testing"

// TestOwnNamingSentences510: the naming batch of session 47 (task "source: naming",
// issue 19), written before the compiler read it (testdata/own-sentences-510.txt,
// first sight in its .md): Element | Convention | Example tables, nested lists under
// a language heading, a column per language, "except for", examples that show the
// style, and controls that must flag nothing.
func TestOwnNamingSentences510(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-510.txt", 32)
}
