package compile_test

import "testing"

// TestOwnSentencesInOtherLanguages: command rules in Spanish, Portuguese, French,
// German, Chinese and Japanese words (testdata/own-sentences-lang.txt, written before
// the compiler read them; first sight in its .md), and sentences in languages heed
// has no words for, which may warn but never block.
func TestOwnSentencesInOtherLanguages(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-lang.txt", 50)
}
