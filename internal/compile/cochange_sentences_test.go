package compile_test

import "testing"

// TestOwnCochangeSentences440: co-change sentences written before the compiler read
// them (testdata/own-sentences-440.txt, first sight in its .md): generated outputs
// with their sources, changesets, migrations, the public API's docs, tables, numbered
// recipes for a new thing, exemptions, added files, and sentences that demand nothing.
func TestOwnCochangeSentences440(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-440.txt", 20)
}
