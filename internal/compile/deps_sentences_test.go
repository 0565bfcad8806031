package compile_test

import "testing"

// TestOwnDependencySentences160: dependency rules written before the compiler read
// them (testdata/own-sentences-160.txt, first sight in its .md): tables whose status
// or notes ban, the package named in a heading, nested lists per concern, bans on
// adding a package no manifest declares, "deprecated here", several ecosystems.
func TestOwnDependencySentences160(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-160.txt", 20)
}

// TestOwnDependencySentences161: the second fresh batch of dependency rules
// (testdata/own-sentences-161.txt, first sight in its .md): central NuGet versions,
// bans on adding a package in six registries, a table, passive bans, pins.
func TestOwnDependencySentences161(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-161.txt", 15)
}

// TestOwnSentences310: library choices in plain words, written before the compiler
// read them (testdata/own-sentences-310.txt, first sight in its .md): display names
// (Redux, Moment.js, Hilt), bans of libraries no manifest declares, tech-stack tables,
// fragments, and decoys that name a library without banning it.
func TestOwnSentences310(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-310.txt", 22)
}
