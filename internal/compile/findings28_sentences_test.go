package compile_test

import "testing"

// TestOwnSourceSentencesFolders: own sentences (testdata/own-sentences-source-folders.txt,
// first sight in own-sentences-source-findings28.md): a folder named by a heading or in
// plain words narrows a text rule to its files of the language or extension the
// sentence names.
func TestOwnSourceSentencesFolders(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-source-folders.txt", 8)
}

// TestOwnSourceSentencesGrammarless: own sentences
// (testdata/own-sentences-source-grammarless.txt): a rule of a language heed has no
// grammar for is that language's alone.
func TestOwnSourceSentencesGrammarless(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-source-grammarless.txt", 6)
}
