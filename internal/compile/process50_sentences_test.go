package compile_test

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/rules"
)

// TestOwnSentences500: order sentences written before the compiler read them
// (testdata/own-sentences-500.txt, first sight in its .md): steps ordered before a
// commit, a push, a pull request or another command, or after edits, in checklists,
// tables, lead-ins with conditions and fenced blocks under the sentence, and controls
// that order nothing a check can see (what CI does, tips, hooks, setup blocks).
func TestOwnSentences500(t *testing.T) {
	ownRepoSentences(t, "testdata/own-sentences-500.txt", 30)
}

// The shapes batch 500 and the whole files of batch 501 showed, in phrasings of our
// own: a ban of a moment while a check fails is the order that the check passes
// first; a step named by its role verb over a block runs the block's commands; checks
// named by their role in a list whose later step is the commit run before it; a
// table row that opens with a command shows it.
func TestOrderShapes500(t *testing.T) {
	reg := rules.Registry()
	for _, c := range []struct {
		name, doc string
		want      []string // verdict, command line, history
	}{
		{"a ban while the tests fail", "- If the tests fail, don't commit.\n- Tests: `go test ./...`\n",
			[]string{"flagged", "git commit -m x", "edit a.go", "allowed", "git commit -m x", "edit a.go;;go test ./...", "flagged", "git commit -m x", "edit a.go;;fail go test ./..."}},
		{"a ban of a push while the linter fails", "- Never push when the linter is failing.\n- Lint: `make lint`\n",
			[]string{"flagged", "git push", "edit a.go", "allowed", "git push", "edit a.go;;make lint"}},
		{"a ban of every commit under a condition is no reading of this", "- Never commit if you are unsure.\n",
			[]string{"unblocked", "git commit -m x", "edit a.go"}},
		{"a role verb over a block", "## Before each commit\n\n1. Format the code:\n\n   ```sh\n   npm run fmt\n   ```\n",
			[]string{"flagged", "git commit -m x", "edit src/a.ts", "allowed", "git commit -m x", "edit src/a.ts;;npm run fmt"}},
		{"a table row that opens with the command", "| Command | What it does |\n| --- | --- |\n| `make lint` | lint |\n\nAlways run the linter after editing Go files.\n",
			[]string{"flagged", "git commit -m x", "edit a.go", "allowed", "git commit -m x", "edit a.go;;make lint"}},
		{"after your changes stays unread", "- Run `make vet` after your changes.\n",
			[]string{"allowed", "git commit -m x", "edit a.go"}},
	} {
		rs := compileDoc(c.doc)
		for i := 0; i+2 < len(c.want); i += 3 {
			got := lineVerdict(t, reg, rs, c.want[i+1], c.want[i+2])
			if !commandScale.met(c.want[i], got) {
				var norms []string
				for _, r := range rs {
					norms = append(norms, r.Norm+" ["+r.Severity+"]")
				}
				t.Errorf("%s: `%s` after %q: %s, want %s; rules: %s", c.name, c.want[i+1], c.want[i+2], got, c.want[i], strings.Join(norms, "; "))
			}
		}
	}
}

// "- Run the tests." "- Run the formatter." "- Commit.": checks named by their role,
// steps of a list whose later step is the commit, run before it (a warning: the order
// is the list's).
func TestRoleStepsBeforeALaterCommit(t *testing.T) {
	reg := rules.Registry()
	doc := "## Commands\n- Test: `pnpm test`\n- Format: `pnpm fmt`\n\n## Workflow\n\nFor every task:\n\n- Make the change.\n- Run the tests.\n- Run the formatter.\n- Commit.\n"
	rs := compileDoc(doc)
	for _, c := range []struct{ want, line, history string }{
		{"warned", "git commit -m x", "edit src/a.ts"},
		{"allowed", "git commit -m x", "edit src/a.ts;;pnpm test;;pnpm fmt"},
	} {
		if got := lineVerdict(t, reg, rs, c.line, c.history); got != c.want {
			t.Errorf("`%s` after %q: %s, want %s", c.line, c.history, got, c.want)
		}
	}
}
