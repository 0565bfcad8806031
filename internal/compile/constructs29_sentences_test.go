package compile_test

import "testing"

// TestOwnSourceSentencesConstructs29: own sentences
// (testdata/own-sentences-source-constructs29.txt, first sight in
// own-sentences-source-constructs29.md): construct conventions that recur across
// projects outside Python (unwrap outside tests, %w, interface{}, as casts, nested
// ternaries, !! and force unwrap), with the near misses a reader must leave alone.
func TestOwnSourceSentencesConstructs29(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-source-constructs29.txt", 40)
}

// TestOwnSourceSentencesConstructs29b: the second batch
// (testdata/own-sentences-source-constructs29b.txt): results discarded with `_`, a
// hedged keyword ban, a ban outside `main`.
func TestOwnSourceSentencesConstructs29b(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-source-constructs29b.txt", 10)
}

// TestOwnSourceSentencesConstructs29c: the third batch
// (testdata/own-sentences-source-constructs29c.txt): field injection and I-prefixed
// interface names.
func TestOwnSourceSentencesConstructs29c(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-source-constructs29c.txt", 8)
}

// TestOwnSourceSentencesConstructs36: session 36's own sentences
// (testdata/own-sentences-source-constructs36.txt, first sight in
// own-sentences-source-constructs36.md): strict equality, inline styles, return types
// on exported functions, mutable defaults, Go panic in library code, docstrings,
// innerHTML writes, skipped tests and star re-exports, with their near misses.
func TestOwnSourceSentencesConstructs36(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-source-constructs36.txt", 16)
}

// TestOwnSourceSentencesConstructs36b: the second batch
// (testdata/own-sentences-source-constructs36b.txt): doc comments on exported Go and
// Rust items in more phrasings, and a docstring rule that allows two styles.
func TestOwnSourceSentencesConstructs36b(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-source-constructs36b.txt", 6)
}

// TestOwnSourceSentencesDocComments: doc comments on public items in TypeScript,
// JavaScript, Java and Kotlin (testdata/own-sentences-source-doccomments.txt, first
// sight in its .md).
func TestOwnSourceSentencesDocComments(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-source-doccomments.txt", 8)
}

// TestOwnSourceSentencesExamples: constructs named only by a pair of code examples,
// what to write and what not to (testdata/own-sentences-source-examples.txt, first
// sight in its .md).
func TestOwnSourceSentencesExamples(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-source-examples.txt", 20)
}

// TestOwnSourceSentencesExamples2: a second batch, written after the example reader
// (testdata/own-sentences-source-examples-2.txt, first sight in
// own-sentences-source-examples.md).
func TestOwnSourceSentencesExamples2(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-source-examples-2.txt", 15)
}

// TestOwnNamingSentences: naming sentences written before the compiler read them
// (testdata/own-sentences-62.txt, first sight in own-sentences-62.md): case styles by
// kind from tables, nested lists and headings, file names, affixes of interfaces,
// async methods and exceptions, Go's MixedCaps.
func TestOwnNamingSentences(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-62.txt", 20)
}

// TestOwnConstructSentencesNative: construct conventions of Go, Rust, Java, Kotlin,
// C#, Swift, Ruby, PHP and C++ written before the compiler read them
// (testdata/own-sentences-120.txt, first sight in own-sentences-120.md): a "Label:
// rule" bullet, prohibited-pattern lists with arrows, a style guide's terse bans,
// hedges, and descriptions that ban nothing.
func TestOwnConstructSentencesNative(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-120.txt", 18)
}

// TestOwnConstructSentences200: construct conventions written before the compiler read
// them (testdata/own-sentences-200.txt, first sight in own-sentences-200.md): rules
// without a modal, "Label: value" bullets under a language heading, Don't | Do tables,
// nested lists whose language is the parent item, exceptions in another section, and
// descriptions that ban nothing.
func TestOwnConstructSentences200(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-200.txt", 20)
}

// TestOwnConstructSentences201: construct conventions written before the compiler read
// them (testdata/own-sentences-201.txt, first sight in own-sentences-201.md), after
// batch 200's reading: fragments without a modal under headings of conventions, of a
// language or of one aspect of code, stack lists and legacy code that bind nothing.
func TestOwnConstructSentences201(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-201.txt", 15)
}

// TestOwnConstructSentences250: construct conventions written before the compiler read
// them (testdata/own-sentences-250.txt, first sight in own-sentences-250.md): table
// rows, nested language items, Avoid lists, exceptions in another section, and
// descriptions of legacy code that bind nothing.
func TestOwnConstructSentences250(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-250.txt", 20)
}

// TestOwnConstructSentences251: construct conventions written after this task's
// changes and committed before the compiler read them (testdata/own-sentences-251.txt,
// first sight in own-sentences-251.md).
func TestOwnConstructSentences251(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-251.txt", 15)
}
