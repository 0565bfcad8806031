package compile_test

import "testing"

// TestOwnSentences420: order sentences written before the compiler read them
// (testdata/own-sentences-420.txt, first sight in its .md): steps required before a
// commit, a push, a pull request, the end of the work or another command, or after a
// change to a path or a kind of file, in checklists, lead-ins, tables and prose, with
// decoys that order nothing a check can see.
func TestOwnSentences420(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-420.txt", 40)
}

// TestOwnSentences421: the second order batch (testdata/own-sentences-421.txt),
// written after this stop's changes to the order reader and scored once at first
// sight (its .md).
func TestOwnSentences421(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-421.txt", 25)
}

// TestOwnSentences460: command bans narrowed by the branch they name
// (testdata/own-sentences-460.txt), scored once at first sight (its .md).
func TestOwnSentences462(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-462.txt", 4)
}

func TestOwnSentences460(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-460.txt", 10)
}

// TestOwnSentences590: order sentences of task order49 (testdata/own-sentences-590.txt),
// written before the compiler read them; first sight in its .md.
func TestOwnSentences590(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-590.txt", 30)
}

// TestOwnSentences591: the phenomena of five whole files scored at first sight by
// task order49, in our own sentences (testdata/own-sentences-591.txt; the files and
// their scores in its .md).
func TestOwnSentences591(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-591.txt", 5)
}
