package compile_test

import "testing"

// TestOwnCommandSentencesCommand29a: order29's batch (testdata/own-sentences-command29a.txt):
// a heading that gives an order's moment over a list of bare commands, bans of the
// "system" install of a tool, and purpose clauses that speak of an order.
func TestOwnCommandSentencesCommand29a(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-command29a.txt", 20)
}

// TestOwnCommandSentencesCommand29b: order29's second batch
// (testdata/own-sentences-command29b.txt): git actions banned in words and tools
// banned as "`X` commands".
func TestOwnCommandSentencesCommand29b(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-command29b.txt", 8)
}

// TestOwnCommandSentencesCommand29c: order29's third batch
// (testdata/own-sentences-command29c.txt): "after a change" lead-ins over a block or a
// list of commands.
func TestOwnCommandSentencesCommand29c(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-command29c.txt", 8)
}

// TestOwnCommandSentencesCommand29d: order29's fourth batch
// (testdata/own-sentences-command29d.txt): a command to run on the files the agent
// modifies.
func TestOwnCommandSentencesCommand29d(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-command29d.txt", 8)
}

// TestOwnCommandSentencesSWECC30: swecc30's batch (testdata/own-sentences-swecc30.txt):
// orders to run a check written without the moments the command reader knew (a tool
// run over the change, a build verified with a command, a role run through a tool
// named in words, a tox environment named in words), and controls that order nothing.
func TestOwnCommandSentencesSWECC30(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-swecc30.txt", 28)
}

// TestOwnCommandSentencesSWECC30b: swecc30's second batch
// (testdata/own-sentences-swecc30b.txt): imports sorted by a tool and style "as
// enforced by" a tool, read as the order to run it; controls that name no tool.
func TestOwnCommandSentencesSWECC30b(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-swecc30b.txt", 14)
}

// TestOwnCommandSentencesSWECC30c: swecc30's final batch
// (testdata/own-sentences-swecc30c.txt), written after the round's readers and scored
// once at first sight.
func TestOwnCommandSentencesSWECC30c(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-swecc30c.txt", 22)
}
