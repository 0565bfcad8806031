package instr

import (
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// A blockquote quoted whole is words to say to someone, not an order to the reader;
// a blockquote that is not a quotation keeps its level.
func TestQuotedUtteranceIsNoOrder(t *testing.T) {
	doc := "If you lack access, ask the user. For example:\n\n> \"I can't reach the registry. Please run `npm login` and tell me when done.\"\n\n> Never run `npm publish` by hand.\n"
	cons, _ := Extract("AGENTS.md", []byte(doc), Classify("AGENTS.md"), policy.Scope{})
	for _, c := range cons {
		switch {
		case c.Line == 3 && c.Level != policy.Info:
			t.Errorf("quoted words %q read at %s, want info", c.Text, c.Level)
		case c.Line == 5 && c.Level != policy.Must:
			t.Errorf("%q read at %s, want must", c.Text, c.Level)
		}
	}
}
