package compile_test

import "testing"

// TestOwnStyleSentences540: style-value sentences written before the compiler read
// them (testdata/own-sentences-540.txt, first sight in its .md): hard-coded colours,
// inline styles, `!important` and pixel values in CSS, components and native UI, in
// tables, nested lists and headings that scope them, with token files exempt, and
// controls that must not become rules.
func TestOwnStyleSentences540(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-540.txt", 30)
}
