package compile_test

import "testing"

// TestOwnCommentSentences550: the comment batch of session 48 (task "source:
// comments", issue 19), written before the compiler read it
// (testdata/own-sentences-550.txt, first sight in its .md): comment rules under
// "## Comments" or a language heading, a Rule | Example table, scope in a heading,
// "except for", examples of the allowed and banned forms, tool directives that are no
// prose, and controls that must flag nothing or never block.
func TestOwnCommentSentences550(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-550.txt", 32)
}
