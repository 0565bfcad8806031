package compile_test

import "testing"

// TestOwnExtractSentences: command rules only a table row, a nested item, a code
// block's comment or a lead-in gives (testdata/own-sentences-extract28.txt, first
// sight in its .md).
func TestOwnExtractSentences(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-extract28.txt", 20)
}

// TestOwnExtractSentences2: lead-ins that only label a list of bans
// (testdata/own-sentences-extract28b.txt, first sight in its .md).
func TestOwnExtractSentences2(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-extract28b.txt", 7)
}

// TestOwnExtractSentences3: lead-ins that say what done means in other words
// (testdata/own-sentences-extract28c.txt, first sight in its .md).
func TestOwnExtractSentences3(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-extract28c.txt", 4)
}

// TestOwnExtractSentences4: tables of commands whose other cell is an imperative
// (testdata/own-sentences-extract28d.txt, first sight in its .md).
func TestOwnExtractSentences4(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-extract28d.txt", 4)
}

// TestOwnExtractSentences5: "prefer not to", a soft ban
// (testdata/own-sentences-extract28e.txt, first sight in its .md).
func TestOwnExtractSentences5(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-extract28e.txt", 3)
}

// TestOwnExtractSentences6: asking for approval before a command
// (testdata/own-sentences-extract28f.txt, first sight in its .md).
func TestOwnExtractSentences6(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-extract28f.txt", 5)
}
