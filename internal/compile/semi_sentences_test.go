package compile_test

import (
	"strings"
	"testing"
)

// TestOwnCommandSentencesSemicolon: command sentences cut by a semicolon
// (testdata/own-sentences-semi.txt): the clause after the semicolon gives the ban's
// reason, replacement or exception.
func TestOwnCommandSentencesSemicolon(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-semi.txt", 12)
}

// TestOwnSourceSentencesSemicolon: source sentences cut by a semicolon
// (testdata/own-sentences-semi-source.txt): the scope said at the head of the item
// holds for the clauses after the semicolon.
func TestOwnSourceSentencesSemicolon(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-semi-source.txt", 8)
}

// TestOwnCommandSentencesCommaless: orders whose leading moment has no comma
// (testdata/own-sentences-commaless.txt).
func TestOwnCommandSentencesCommaless(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-commaless.txt", 7)
}

// A ban that holds under a condition heed cannot see warns, and its message says the
// condition: "is forbidden" alone would tell the agent something the file does not.
func TestConditionalBanSaysItsCondition(t *testing.T) {
	rs := compileDoc("## Pull requests\n\n- Only submit a PR if you are able to debug and own the changes yourself.\n")
	found := false
	for _, r := range rs {
		if r.Kind != "command" {
			continue
		}
		found = true
		if r.Severity != "warning" || !strings.Contains(r.Message, "unless you are able to debug") {
			t.Errorf("severity %s, message %q", r.Severity, r.Message)
		}
	}
	if !found {
		t.Fatalf("no command rule: %+v", rs)
	}
}

// TestOwnDependencySentences: bans of modules and packages
// (testdata/own-sentences-deps.txt), and statements that ban nothing.
func TestOwnDependencySentences(t *testing.T) {
	ownDocuments(t, "testdata/own-sentences-deps.txt", 10)
}

// TestOwnSourceSentencesBanHeadings: items under a heading of what not to do that
// opens with an emoji or ends in a noun (testdata/own-sentences-banheadings.txt).
func TestOwnSourceSentencesBanHeadings(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-banheadings.txt", 5)
}

// TestOwnSourceSentencesFileStyles: file-naming sentences with several styles, each
// for a kind of file (testdata/own-sentences-filestyles.txt).
func TestOwnSourceSentencesFileStyles(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-filestyles.txt", 4)
}
