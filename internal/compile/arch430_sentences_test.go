package compile_test

import "testing"

// TestOwnArchitectureSentences430: architecture sentences written before the compiler
// read them (testdata/own-sentences-430.txt, first sight in its .md): arrow chains of
// layers named in words, a dependency heading over a list, a call boundary from a part
// named in words, placement by an example folder, "and vice versa", tables and nested
// lists of layers, a nested AGENTS.md, Python dotted modules, Go packages and a
// TypeScript monorepo's packages.
func TestOwnArchitectureSentences430(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-430.txt", 20)
}
