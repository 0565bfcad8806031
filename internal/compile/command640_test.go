package compile_test

import "testing"

// TestOwnSentences640 holds batch 640: command rules in tables, wrappers, safe twins
// of flags, one tool's sudo, slow suites and destructive flags (own-sentences-640.txt,
// written before the compiler read them; first sight in own-sentences-640.md).
func TestOwnSentences640(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-640.txt", 11)
}
