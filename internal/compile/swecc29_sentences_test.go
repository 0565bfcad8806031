package compile_test

import "testing"

// TestOwnSourceSentencesSWECC29: own sentences (testdata/own-sentences-source-swecc29.txt,
// first sight in own-sentences-source-swecc29.md): general Python conventions many
// projects state (print instead of logging, PEP 604 unions, PEP 585 generics, type
// annotations on functions, unittest.TestCase classes), with their near misses.
func TestOwnSourceSentencesSWECC29(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-source-swecc29.txt", 64)
}
