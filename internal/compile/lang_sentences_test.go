package compile_test

import "testing"

// TestOwnSentencesInOtherLanguages: command rules in Spanish, Portuguese, French,
// German, Chinese and Japanese words (testdata/own-sentences-lang.txt, written before
// the compiler read them; first sight in its .md), and sentences in languages heed
// has no words for, which may warn but never block.
func TestOwnSentencesInOtherLanguages(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-lang.txt", 50)
}

// TestOwnSentencesInOtherLanguages2: the second batch (testdata/own-sentences-lang-2.txt):
// Korean, conditions and exceptions a ban keeps, orders under a heading or a lead-in in
// another language, and languages heed has no words for.
func TestOwnSentencesInOtherLanguages2(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-lang-2.txt", 25)
}
