package compile_test

import "testing"

// TestOwnSentences643 holds batch 643: substitutions in plain words and spans,
// wrappers, staging shortcuts and hook bypasses, orders after a touched file and
// before a push (own-sentences-643.txt, written before the compiler read them; first
// sight in own-sentences-643.md).
func TestOwnSentences643(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-643.txt", 14)
}
