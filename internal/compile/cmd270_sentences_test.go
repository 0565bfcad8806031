package compile_test

import (
	"testing"

	"github.com/heed-dev/heed/internal/rules"
)

// TestOwnCommandSentences270: the first command batch of stop 42
// (testdata/own-sentences-270.txt, first sight in its .md): plain-word tool bans, a
// package manager marked required, a formatter named by its role, required flags, a
// table with a "Don't" column, bans in other languages, and controls.
func TestOwnCommandSentences270(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-270.txt", 20)
}

// "Never use `npm`, only `pnpm`" (batch 270, doc 10, in German): after a ban and a
// break, "only" and a tool name what to use; the tool must never be banned with the
// one before it, in English or once the sentence is glossed.
func TestOnlyAfterABanNamesTheAlternative(t *testing.T) {
	reg := rules.Registry()
	for _, doc := range []string{
		"## Rules\n\n- Never use `npm`, only `pnpm`.\n",
		"## Regeln\n\n- Verwende niemals `npm`, nur `pnpm`.\n",
		"## Règles\n\n- N'utilisez jamais `npm`, seulement `pnpm`.\n",
		"## Reglas\n\n- No uses nunca `npm`, solo `pnpm`.\n",
	} {
		rs := compileDoc(doc)
		for _, c := range []struct{ line, want string }{
			{"npm install", "blocked"},
			{"pnpm install", "allowed"},
			{"pnpm add -D vitest", "allowed"},
		} {
			if got := lineVerdict(t, reg, rs, c.line); got != c.want {
				t.Errorf("%q: `%s` %s, want %s", doc, c.line, got, c.want)
			}
		}
	}
}

// "Do not use random number generators to create inputs for unit tests" (public
// CLAUDE.md, Jacob-Haynes/adk-starter-project:655): the tests are what the inputs
// are for, not a command banned; the file's own `pytest` must pass. A tool's job
// after "for" ("Use Ruff for linting") is still read.
func TestRoleAfterForIsNoObject(t *testing.T) {
	reg := rules.Registry()
	for _, doc := range []string{
		"## Testing\n\n- Do not use random number generators to create inputs for unit tests.\n\n```bash\npytest tests/unittests\n```\n",
		"## Testing\n\n- Don't use shared fixtures for the integration tests.\n\n```bash\npytest tests/\n```\n",
	} {
		rs := compileDoc(doc)
		if got := lineVerdict(t, reg, rs, "pytest -q"); got != "allowed" {
			t.Errorf("%q: `pytest -q` %s, want allowed", doc, got)
		}
	}
	rs := compileDoc("- Use Ruff for formatting and linting.\n")
	if got := lineVerdict(t, reg, rs, "black ."); got != "warned" {
		t.Errorf("Use Ruff for formatting and linting: `black .` %s, want warned", got)
	}
}

// A tool stated next to its job (public files: "**Formatter:** ruff",
// 01bkgift/dhamma-channel-automation CONTRIBUTING.md:142; "`uv` package manager
// (**required** - faster than pip/venv)", Jacob-Haynes/adk-starter-project
// CLAUDE.md:560; "`ruff` for linting", airoa-org/rebake CONTRIBUTING.md:82): the
// other tools of the job warn, the stated tool passes, and commands named under the
// label, or a tool that does not do the job, are no statement.
func TestToolStatedByItsJob(t *testing.T) {
	reg := rules.Registry()
	for _, c := range []struct{ doc, line, want string }{
		{"**Formatter:** ruff (see `pyproject.toml` for settings)\n", "black .", "warned"},
		{"**Formatter:** ruff (see `pyproject.toml` for settings)\n", "ruff format .", "allowed"},
		{"- `uv` package manager (**required** - faster than pip/venv)\n", "pip install requests", "warned"},
		{"- `uv` package manager (**required** - faster than pip/venv)\n", "uv sync --all-extras", "allowed"},
		{"- **Poetry** for dependency management.\n", "pip install mcp", "warned"},
		{"- **Poetry** for dependency management.\n", "poetry install", "allowed"},
		{"- **Python**: `ruff` for linting, `black` style for formatting.\n", "flake8 .", "warned"},
		{"- **Python**: `ruff` for linting, `black` style for formatting.\n", "black .", "allowed"},
		{"- Formatting: `black .` and `isort .` (in that order).\n", "isort .", "allowed"},
		{"- `npm` package manager is not supported here.\n", "npm install", "allowed"},
		{"Linting: ESLint + Prettier\n", "npx prettier --write .", "allowed"},
		{"**Formatter:** cargo\n", "rustfmt src/main.rs", "allowed"},
	} {
		rs := compileDoc(c.doc)
		if got := lineVerdict(t, reg, rs, c.line); got != c.want {
			t.Errorf("%q: `%s` %s, want %s", c.doc, c.line, got, c.want)
		}
	}
}

// TestOwnCommandSentences271: the second batch of stop 42, written after its changes
// (testdata/own-sentences-271.txt, first sight in its .md).
func TestOwnCommandSentences271(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-271.txt", 15)
}
