package compile_test

import "testing"

// TestOwnSentences617: command-rule phenomena of the dev split and of fresh files,
// pinned after the compiler changed for them (testdata/own-sentences-617.txt).
func TestOwnSentences617(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-617.txt", 17)
}
