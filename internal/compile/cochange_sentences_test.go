package compile_test

import "testing"

// TestOwnCochangeSentences440: co-change sentences written before the compiler read
// them (testdata/own-sentences-440.txt, first sight in its .md): generated outputs
// with their sources, changesets, migrations, the public API's docs, tables, numbered
// recipes for a new thing, exemptions, added files, and sentences that demand nothing.
func TestOwnCochangeSentences440(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-440.txt", 20)
}

// TestCochangeChangeFiles: change files a release tool writes ("create change files
// with `yarn change`") are a changelog entry heed can only remind of; "change files"
// as a verb phrase is none.
func TestCochangeChangeFiles(t *testing.T) {
	ownDocuments(t, "testdata/cochange-changefiles.txt", 3)
}

// TestOwnCochangeSentences441: the second batch (testdata/own-sentences-441.txt, first
// sight in its .md), written after batch 440's readings: recipes in plain folders,
// surface conditions, tables, subjects, change files, exemptions and near misses.
func TestOwnCochangeSentences441(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-441.txt", 15)
}

// TestOwnCochange661: files that must change together in new phrasings (batch 661,
// testdata/own-sentences-cochange-661.txt, written before the compiler read them;
// first sight in its .md).
func TestOwnCochange661(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-cochange-661.txt", 9)
}
