package compile_test

import "testing"

// TestOwnCochangeSentences560: co-change sentences written before the compiler read
// them (testdata/own-sentences-560.txt, first sight in its .md) whose trigger comes
// from the context: a heading or lead-in over items or table rows that say what to
// update, locale files kept in sync, generated files committed with their source,
// version strings bumped together, other languages' words, exceptions in parentheses,
// and controls that must not become rules.
func TestOwnCochangeSentences560(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-560.txt", 30)
}

// TestOwnCochangeSentences561: the whole files' co-change failures of batch 561,
// restated after they were looked at (testdata/own-sentences-561.txt; dev cases).
func TestOwnCochangeSentences561(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-561.txt", 4)
}
