package compile_test

import "testing"

// TestOwnSentences110: construct sentences of TypeScript, JavaScript, React, Vue, CSS
// and Python written before the compiler read them (testdata/own-sentences-110.txt,
// first sight and after in its .md; task cweb): default exports, interfaces for
// object shapes, function components, inline styles in a Don't | Do table, mutable
// defaults, type hints, typing aliases, require, var, non-null assertions, bare
// except, return types, and a description that is no rule. Known gaps are marked.
func TestOwnSentences110(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-110.txt", 18)
}
