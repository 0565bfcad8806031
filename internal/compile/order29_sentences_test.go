package compile_test

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/rules"
)

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

// TestOwnCommandSentences51: the fifty-first batch (testdata/own-sentences-51.txt,
// first sight in its .md): order rules whose trigger is a folder, a named area the
// layout resolves, a language or a file type, and hedges and non-specific triggers
// that must never block.
func TestOwnCommandSentences51(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-51.txt", 30)
}

// A named area of the repository that its layout resolves to one folder is the
// order's trigger, as a warning (the folder is found by its name); where no folder
// has that name, the order holds under a condition heed cannot see, and warns of
// nothing.
func TestOrderAfterAreaTheLayoutResolves(t *testing.T) {
	reg := rules.Registry()
	for _, c := range []struct {
		doc          string
		dirs         []string
		line, before string
		want         string
	}{
		// bitamar/kalimere AGENTS.md:8 (first sight, task "order")
		{"- After making changes that affect the API, always run the following commands before finishing the task:\n  - `npm run lint --prefix api`\n", []string{"api", "front"}, "git commit -m x", "edit api/src/a.ts", "warned"},
		{"- After making changes that affect the API, always run the following commands before finishing the task:\n  - `npm run lint --prefix api`\n", []string{"api", "front"}, "git commit -m x", "edit front/src/a.ts", "allowed"},
		{"- After making changes that affect the API, always run the following commands before finishing the task:\n  - `npm run lint --prefix api`\n", []string{"api", "front"}, "git commit -m x", "edit api/src/a.ts;;npm run lint --prefix api", "allowed"},
		{"- After making changes that affect the API, always run the following commands before finishing the task:\n  - `npm run lint --prefix api`\n", []string{"front"}, "git commit -m x", "edit api/src/a.ts", "allowed"},
		// a plural folder for the singular noun: "template changes", `templates/`
		{"- Always regenerate the clients with `make gen` after template changes.\n", []string{"templates"}, "git commit -m x", "edit templates/a.tmpl", "warned"},
		{"- Always regenerate the clients with `make gen` after template changes.\n", []string{"templates"}, "git commit -m x", "edit server.go", "allowed"},
		// the commands of a chain that ends with `; cd ..` are each required
		{"- If you've made changes to the frontend, you should run `cd frontend && npm run lint:fix && npm run build ; cd ..`\n", []string{"frontend"}, "git commit -m x", "edit frontend/a.ts;;npm run lint:fix", "warned"},
		{"- If you've made changes to the frontend, you should run `cd frontend && npm run lint:fix && npm run build ; cd ..`\n", []string{"frontend"}, "git commit -m x", "edit frontend/a.ts;;npm run lint:fix;;npm run build", "allowed"},
		// a folder named in a code span is where the commands run, no command itself
		{"- Always run the project's checks before committing. At minimum, run `npm run lint` and `npm run build` from the `frontend` directory.\n", nil, "git commit -m x", "edit frontend/a.ts;;npm run lint;;npm run build", "allowed"},
	} {
		rs := compileDocIn(c.doc, c.dirs)
		if got := lineVerdict(t, reg, rs, c.line, c.before); got != c.want {
			var norms []string
			for _, r := range rs {
				norms = append(norms, r.Norm+" ["+r.Severity+"]")
			}
			t.Errorf("%q in %v, `%s` after %q: %s, want %s\n  rules: %s", c.doc, c.dirs, c.line, c.before, got, c.want, strings.Join(norms, "; "))
		}
	}
}

// TestOwnCommandSentences52: the fifty-second batch (testdata/own-sentences-52.txt,
// first sight in its .md): fresh order sentences written after the work on batch 51,
// its first-sight measure.
func TestOwnCommandSentences52(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-52.txt", 20)
}

// An order whose moment is the end of the work ("when you're done", "before handing
// off your work", "once the task is complete") is a reminder: it warns at the commit,
// push or pull request and never blocks, unless the sentence or its section names the
// commit or the push; an order after any change with no moment named reminds as well.
// An order after a change of named files keeps its block.
func TestFinishOrdersRemindUnlessTheyNameTheCommit(t *testing.T) {
	reg := rules.Registry()
	for _, c := range []struct{ doc, line, before, want string }{
		{"- When you're done, run `make check`.\n", "git commit -m x", "edit src/a.c", "warned"},
		{"- When you're done, run `make check`.\n", "git commit -m x", "edit src/a.c;;make check", "allowed"},
		{"- Before handing off your work, run `just ci`.\n", "gh pr create --fill", "edit src/lib.rs", "warned"},
		{"- After completing a task, run `npm test`.\n", "git push origin x", "edit src/a.ts", "warned"},
		{"- Run `cargo test` after every change.\n", "git commit -m x", "edit src/lib.rs", "warned"},
		{"- Test your changes with `pnpm test`.\n", "git commit -m x", "edit src/a.ts", "unblocked"},
		// the commit or push named by the sentence or the section: a block
		{"- When you're done, and always before you commit, run `make lint`.\n", "git commit -m x", "edit main.go", "blocked"},
		{"## Before committing\n\n- When you're done, run `make lint`.\n", "git commit -m x", "edit main.go", "blocked"},
		{"- Run `make lint` before pushing.\n", "git push origin x", "edit main.go", "blocked"},
		// a named change keeps its block
		{"- After any Elixir changes, run `mix format`.\n", "git commit -m x", "edit lib/a.ex", "blocked"},
	} {
		got := lineVerdict(t, reg, compileDoc(c.doc), c.line, c.before)
		if !commandScale.met(c.want, got) {
			t.Errorf("%q: `%s` after %q: %s, want %s", c.doc, c.line, c.before, got, c.want)
		}
	}
}

// Several pairs of a command and the one it replaces, in parentheses, are each a
// substitution: "`uv run` (not `python`)" bans `python`, never the `uv run` of the
// pair before it (first sight, task "order": a public file's pairs banned `uv run`).
func TestPairedSubstitutionsInParentheses(t *testing.T) {
	reg := rules.Registry()
	doc := "- Run Python through uv: `uv pip` (not `pip`) and `uv run` (not `python3`).\n"
	for line, want := range map[string]string{
		"uv run python3 tools/gen.py": "allowed",
		"uv pip install -e .":         "allowed",
		"pip install requests":        "blocked",
		"python3 tools/gen.py":        "blocked",
	} {
		if got := lineVerdict(t, reg, compileDoc(doc), line); got != want {
			t.Errorf("%s: %s, want %s", line, got, want)
		}
	}
	// advice stays advice
	hedged := "- Prefer `uv pip` (not `pip`) and `uv run` (not `python3`) where you can.\n"
	if got := lineVerdict(t, reg, compileDoc(hedged), "python3 x.py"); got == "blocked" {
		t.Errorf("hedged pairs: python3 x.py blocked")
	}
}

// TestOwnCommandSentences82: the eighty-second batch (testdata/own-sentences-82.txt,
// first sight in its .md): tables of change and command, Do | Don't tables, triggers
// in headings, numbered steps, flags, substitutions and "when you're done" reminders.
func TestOwnCommandSentences82(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-82.txt", 18)
}

// Readings fixed after the first sight of public batch 2 (task "order"), in own
// phrasings of the same shapes: a tool set against another without a comma, a
// condition that restricts nothing, a ban whose own sentence prescribes the
// alternative, and the end of the work named as "when you consider it done".
func TestProcessReadingsOfPublicBatch2(t *testing.T) {
	reg := rules.Registry()
	for _, c := range []struct{ doc, line, before, want string }{
		{"- always use yarn not npm\n", "npm install", "", "blocked"},
		{"- always use yarn not npm\n", "yarn install", "", "allowed"},
		{"- use uv run not python3\n", "uv run python3 app.py", "", "allowed"},
		{"- use uv run not python3\n", "python3 app.py", "", "blocked"},
		{"- If yarn is not installed, use npm.\n", "yarn install", "", "allowed"},
		{"- Never run `git push` to any remote.\n", "git push origin topic", "", "blocked"},
		{"- Never run `helm uninstall` for any reason.\n", "helm uninstall web", "", "blocked"},
		{"- After any changes, run `make vet` and fix warnings if any.\n", "git commit -m x", "edit a.go", "warned"},
		{"- Don't force-push; if you have to rewrite your branch, use `git push --force-with-lease`.\n", "git push --force origin topic", "", "blocked"},
		{"- Don't force-push; if you have to rewrite your branch, use `git push --force-with-lease`.\n", "git push --force-with-lease origin topic", "", "allowed"},
		{"- Never use `git push -f`; use `git push --force-with-lease` instead.\n", "git push -f origin topic", "", "blocked"},
		{"- Run `make fmt` before committing, or when you consider it done.\n", "git commit -m x", "edit a.go", "blocked"},
		{"- Run `make fmt` when you consider your work complete.\n", "git commit -m x", "edit a.go", "warned"},
	} {
		if got := lineVerdict(t, reg, compileDoc(c.doc), c.line, c.before); got != c.want {
			t.Errorf("%q: `%s` after %q: %s, want %s", c.doc, c.line, c.before, got, c.want)
		}
	}
}

// TestOwnCommandSentences180: the hundred-and-eightieth batch (testdata/own-sentences-180.txt,
// first sight in its .md): orders of sequence in the shapes whole files use.
func TestOwnCommandSentences180(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-180.txt", 22)
}

// TestOwnCommandSentences181: the second batch of stop 40's task "order"
// (testdata/own-sentences-181.txt, first sight in its .md).
func TestOwnCommandSentences181(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-181.txt", 16)
}

// TestOwnCommandSentences260: the two-hundred-and-sixtieth batch
// (testdata/own-sentences-260.txt, first sight in its .md).
func TestOwnCommandSentences260(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-260.txt", 24)
}

// TestOwnCommandSentences261: the two-hundred-and-sixty-first batch
// (testdata/own-sentences-261.txt, first sight in its .md).
func TestOwnCommandSentences261(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-261.txt", 16)
}
