package compile_test

import "testing"

// TestOwnCommandSentences360: the first batch of stop 43 (task "process"), written
// before the compiler read it (testdata/own-sentences-360.txt, first sight in its .md).
func TestOwnCommandSentences360(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-360.txt", 23)
}
