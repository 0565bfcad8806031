package instr

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// A rule written in a shell block's comment is a constraint of its own, with the
// command it speaks of; a comment that only says what the command does is not.
func TestRulesInShellComments(t *testing.T) {
	doc := "# Build\n\n```bash\nmake build   # never build with -j1, it takes an hour\nmake docs    # renders the docs\n# always run this before pushing\nmake check\n```\n"
	cons, _ := Extract("AGENTS.md", []byte(doc), Classify("AGENTS.md"), policy.Scope{})
	want := map[string]string{
		"never build with `-j1`, it takes an hour": "make build\n",
		"always run this before pushing":           "make check\n",
	}
	for _, c := range cons {
		if strings.Contains(c.Text, "renders") {
			t.Errorf("a description became a constraint: %q", c.Text)
		}
		if cmd, ok := want[c.Text]; ok {
			if len(c.Code) != 1 || c.Code[0].Text != cmd || c.Level != policy.Must {
				t.Errorf("%q: code %+v, level %s", c.Text, c.Code, c.Level)
			}
			delete(want, c.Text)
		}
	}
	for text := range want {
		t.Errorf("no constraint %q", text)
	}
}

// A code block belongs to the sentence of its paragraph that points at what follows,
// as well as to the paragraph's last sentence.
func TestCodeBlockBelongsToTheSentenceThatPointsAtIt(t *testing.T) {
	doc := "## Checks\n\nBefore submitting a pull request, run each of the following commands and\nensure they succeed. Include their output in your reply:\n\n```bash\nmake lint\nmake test\n```\n\n## Other\n\nThe CLI is fast. Build it with:\n\n```bash\nmake build\n```\n"
	cons, _ := Extract("AGENTS.md", []byte(doc), Classify("AGENTS.md"), policy.Scope{})
	code := map[string]int{}
	for _, c := range cons {
		code[c.Text] = len(c.Code)
	}
	for text, want := range map[string]int{
		"Before submitting a pull request, run each of the following commands and ensure they succeed.": 1,
		"Include their output in your reply:": 1,
		"The CLI is fast. Build it with:":     1,
	} {
		if got, ok := code[text]; !ok || got != want {
			t.Errorf("%q: %d code blocks (found %v), want %d\n%v", text, got, ok, want, code)
		}
	}
}
