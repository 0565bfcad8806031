package compile_test

import "testing"

// TestOwnSentences480: orders and bans under a list lead-in that opens with a
// condition, controls whose lead-in names only the moment, and task-runner targets
// whose step runs in another folder (testdata/own-sentences-480.txt, first sight in
// its .md).
func TestOwnSentences480(t *testing.T) {
	ownRepoSentences(t, "testdata/own-sentences-480.txt", 15)
}

// TestOwnSentences480ChangeFiles: the change files of release tools, which packages
// the tool does not publish need none of (testdata/own-sentences-480-changefiles.txt,
// first sight in own-sentences-480.md).
func TestOwnSentences480ChangeFiles(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-480-changefiles.txt", 5)
}

// TestOwnSentences480Wild: wild round 8's findings in sentences of my own
// (testdata/own-sentences-480-wild.txt, first sight in own-sentences-480.md): a
// preference "where possible" flags nothing; the controls keep their rules.
func TestOwnSentences480Wild(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-480-wild.txt", 5)
}
