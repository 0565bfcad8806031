package compile_test

import "testing"

// TestOwnSourceSentencesSWECC29: own sentences (testdata/own-sentences-source-swecc29.txt,
// first sight in own-sentences-source-swecc29.md): general Python conventions many
// projects state (print instead of logging, PEP 604 unions, PEP 585 generics, type
// annotations on functions, unittest.TestCase classes), with their near misses.
func TestOwnSourceSentencesSWECC29(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-source-swecc29.txt", 64)
}

// TestOwnSourceSentences300: own sentences of session 42 (testdata/own-sentences-300.txt,
// first sight in own-sentences-300.md): Python error handling, logging, warnings and
// test-only bans, with their near misses.
func TestOwnSourceSentences300(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-300.txt", 34)
}

// TestOwnSourceSentences301: the second batch (testdata/own-sentences-301.txt), written
// after batch 300's readers.
func TestOwnSourceSentences301(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-301.txt", 22)
}

// TestOwnSourceSentences330: own sentences of session 43 (testdata/own-sentences-330.txt,
// first sight in own-sentences-330.md): type annotations, imports, framework idioms,
// security and test structure, written before the compiler read them.
func TestOwnSourceSentences330(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-330.txt", 36)
}

// TestOwnSourceSentences331: the second batch of session 43
// (testdata/own-sentences-331.txt), written after batch 330's readers.
func TestOwnSourceSentences331(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-331.txt", 21)
}
