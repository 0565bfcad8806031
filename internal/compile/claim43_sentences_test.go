package compile_test

import "testing"

// TestOwnConstructSentences340: construct claims named in words, requirements and code
// examples, written and committed before the compiler read them
// (testdata/own-sentences-340.txt, first sight in own-sentences-340.md).
func TestOwnConstructSentences340(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-340.txt", 23)
}

// TestOwnConstructSentences341: constructs named in words, their near misses, written
// after this task's catalogue entries and committed before the compiler read them
// (testdata/own-sentences-341.txt, first sight in own-sentences-341.md).
func TestOwnConstructSentences341(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-341.txt", 16)
}

// TestOwnConstructSentences380: Python, JavaScript, TypeScript and React conventions
// linters organise, named in the phrasings real files use, written and committed before
// the compiler read them (testdata/own-sentences-380.txt, first sight in
// own-sentences-380.md).
func TestOwnConstructSentences380(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-380.txt", 54)
}

// TestOwnConstructSentences381: the second fresh batch of those conventions, written
// after this task's catalogue entries and committed before the compiler read them
// (testdata/own-sentences-381.txt, first sight in own-sentences-381.md).
func TestOwnConstructSentences381(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-381.txt", 29)
}
