package compile_test

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/rules"
)

// TestOwnCommandSentences220: substitutions, required forms and bans of commands and
// flags in the shapes whole instruction files give them (testdata/own-sentences-220.txt,
// first sight in its .md): stack lists that describe, "No Jest" meaning the library, a
// table of "Instead of | Use", wrappers the file shows, and controls.
func TestOwnCommandSentences220(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-220.txt", 20)
}

// TestOwnCommandSentences221: the second batch of stop 41, written after its changes
// (testdata/own-sentences-221.txt, first sight in its .md).
func TestOwnCommandSentences221(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-221.txt", 15)
}

// "Use `uv run` for all Python commands" (said so in Chinese in a public .cursorrules,
// 0xWelt/TradeMasterOnline:34): Python's programs run bare are the wrong form; the
// runner's own forms, and other languages' commands, pass. The programs are inferred
// from the language's name, so the rule warns.
func TestRunnerForAllOfALanguagesCommands(t *testing.T) {
	reg := rules.Registry()
	for _, doc := range []string{
		"## Daily work\n\n1. Use `uv run` for all Python commands.\n",
		"## 日常开发\n\n1. 使用 `uv run` 运行所有 Python 命令\n",
		"- Run every Python command through `poetry run`.\n",
	} {
		rs := compileDoc(doc)
		runner := "uv run"
		if strings.Contains(doc, "poetry") {
			runner = "poetry run"
		}
		for _, c := range []struct{ line, want string }{
			{"pytest -x", "warned"},
			{"python main.py", "warned"},
			{"mypy src", "warned"},
			{runner + " pytest -x", "allowed"},
			{runner + " python main.py", "allowed"},
			{"npm test", "allowed"},
			{"cargo build", "allowed"},
		} {
			if got := lineVerdict(t, reg, rs, c.line); got != c.want {
				t.Errorf("%q: `%s` %s, want %s", doc, c.line, got, c.want)
			}
		}
	}
	// one use of the runner is no rule for every command
	if rs := compileDoc("- Use `uv run` to try a Python snippet.\n"); len(rs) != 0 {
		t.Errorf("rules: %+v", rs)
	}
}
