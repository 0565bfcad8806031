package cli

import (
	"os/exec"
	"strings"
	"testing"
)

// An agent's `git add` or `git commit` that would put a file the instruction files
// keep out of commits into one is denied before it runs, with the rule quoted (fresh
// file s52, fluent-bit: "Do not commit `.venv/`, ... `results/` ... under
// `tests/integration`"); other adds and commits run.
func TestAgentHookDeniesCommittingWhatTheRulesKeepOut(t *testing.T) {
	dir := commitRepo(t, "# Repository\n\n- Never commit `.env` files.\n- Do not commit `results/` or `__pycache__/` under `tests/integration`.\n")
	git := func(args ...string) {
		t.Helper()
		if out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	git("add", "AGENTS.md", "main.go")
	git("commit", "-qm", "init")
	writeFiles(t, dir, map[string]string{".env": "TOKEN=1\n", "tests/integration/results/run.txt": "ok\n", "tests/integration/test_a.py": "def test_a(): pass\n", "notes.txt": "n\n", ".gitignore": "ignored/\n", "ignored/.env": "X=1\n"})
	for _, c := range []struct {
		command string
		deny    bool
		rule    string
	}{
		{"git add .env", true, "AGENTS.md:3"},
		{"git add tests/integration/results", true, "AGENTS.md:4"},
		{"git add -A && git commit -m 'add the tests'", true, "AGENTS.md:3"},
		{"cd tests && git add integration/results/run.txt", true, "AGENTS.md:4"},
		{"git add tests/integration/test_a.py notes.txt", false, ""},
		{"git add -u && git commit -m 'update'", false, ""},
		{"git add ignored", false, ""}, // git refuses an ignored path
		{"git add -f ignored/.env", true, "AGENTS.md:3"},
		{"git commit -am 'wip'", false, ""},
		{"git status && git diff", false, ""},
	} {
		deny, said := claudeBash(t, dir, c.command)
		if deny != c.deny {
			t.Errorf("%s: denied %v, want %v\n%s", c.command, deny, c.deny, said)
			continue
		}
		if deny && !strings.Contains(said, c.rule) {
			t.Errorf("%s: the denial does not quote the rule at %s:\n%s", c.command, c.rule, said)
		}
	}
	// what is staged already is judged at the commit
	git("add", ".env")
	for _, commit := range []string{
		"git commit -m 'add settings'",
		// Claude Code's way with a message: a word the shell computes is no reason
		// to leave what the commit holds unjudged
		"git commit -m \"$(cat <<'EOF'\nadd settings\n\nThe defaults.\nEOF\n)\"",
	} {
		if deny, said := claudeBash(t, dir, commit); !deny || !strings.Contains(said, ".env") {
			t.Errorf("%s, with .env staged: denied %v\n%s", commit, deny, said)
		}
	}
}
