package compile_test

import "testing"

// TestOwnSentences612: sentences that say where a command runs
// (testdata/own-sentences-612.txt, written before the compiler read them; first sight
// in own-sentences-612.md).
func TestOwnSentences612(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-612.txt", 20)
}
