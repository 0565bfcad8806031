package compile_test

import "testing"

// TestOwnCommandSentences220: substitutions, required forms and bans of commands and
// flags in the shapes whole instruction files give them (testdata/own-sentences-220.txt,
// first sight in its .md): stack lists that describe, "No Jest" meaning the library, a
// table of "Instead of | Use", wrappers the file shows, and controls.
func TestOwnCommandSentences220(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-220.txt", 20)
}

// TestOwnCommandSentences221: the second batch of stop 41, written after its changes
// (testdata/own-sentences-221.txt, first sight in its .md).
func TestOwnCommandSentences221(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-221.txt", 15)
}
