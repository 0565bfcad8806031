package compile_test

import "testing"

// TestOwnCochangeSentences520: co-change sentences written before the compiler read
// them (testdata/own-sentences-520.txt, first sight in its .md): workspace packages
// named by their npm or crate name, kinds of files as trigger or target, tables,
// numbered how-to steps, scope in a heading or a nested file, conditions heed cannot
// see (which must not block), and sentences that demand nothing.
func TestOwnCochangeSentences520(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-520.txt", 30)
}

// TestOwnCochangeSentences521: the whole files' co-change failures of batch 521,
// restated after they were looked at (testdata/own-sentences-521.txt; dev cases).
func TestOwnCochangeSentences521(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-521.txt", 4)
}
