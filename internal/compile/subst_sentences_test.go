package compile_test

import (
	"testing"

	"github.com/heed-dev/heed/internal/rules"
)

// TestOwnCommandSentencesSubst: the substitution, forbid and require-form batch
// (testdata/own-sentences-subst.txt): runners named by their subcommand, verbless
// "X instead of Y" items, APIs as replacements, tools inferred from "use X for all",
// sign-off as a required flag, tool families against the file's own examples.
func TestOwnCommandSentencesSubst(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-subst.txt", 30)
}

// A ban of a package manager named alone covers the runner it ships (npx for npm)
// only as far as the file allows: a file that shows `npx playwright install` as normal
// use bans npm, not npx; one that shows no npx keeps both.
func TestFamilyRunnerFollowsTheFilesExamples(t *testing.T) {
	reg := rules.Registry()
	shows := "## Setup\n\n```sh\npnpm install\nnpx playwright install\n```\n\n## Rules\n\n- Use `pnpm`, never `npm`.\n"
	rs := compileDoc(shows)
	if got := lineVerdict(t, reg, rs, "npm ci"); got != "blocked" {
		t.Errorf("npm ci: %s, want blocked", got)
	}
	if got := lineVerdict(t, reg, rs, "npx playwright install"); got != "allowed" {
		t.Errorf("npx playwright install, shown as normal use: %s, want allowed", got)
	}
	silent := "## Setup\n\n```sh\npnpm install\npnpm exec playwright install\n```\n\n## Rules\n\n- Use `pnpm`, never `npm`.\n"
	if got := lineVerdict(t, reg, compileDoc(silent), "npx playwright install"); got != "blocked" {
		t.Errorf("npx playwright install, where the file runs it through pnpm: %s, want blocked", got)
	}
}

// TestOwnCommandSentencesSubst2: the second substitution batch
// (testdata/own-sentences-subst-2.txt): two practices under one "not", a tool named
// in a statement, wrappers instead of the system tools; controls.
func TestOwnCommandSentencesSubst2(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-subst-2.txt", 10)
}

// A ban read from a statement of the project's tool ("Poetry - package manager, not
// pip") is dropped when the file's own examples run the tool it bans: the reading,
// not the file, is what is wrong. Without such an example it warns.
func TestStatementAgainstTheFilesExamples(t *testing.T) {
	reg := rules.Registry()
	doc := "## Stack\n\n- **Poetry** - Package manager, not pip\n\n## E2E\n\n```bash\ncd e2e\npip install -r requirements.txt\n```\n"
	if got := lineVerdict(t, reg, compileDoc(doc), "pip install flask"); got != "allowed" {
		t.Errorf("pip install, which the file runs: %s, want allowed", got)
	}
	alone := "## Stack\n\n- **Poetry** - Package manager, not pip\n"
	if got := lineVerdict(t, reg, compileDoc(alone), "pip install flask"); got != "warned" {
		t.Errorf("pip install: %s, want warned", got)
	}
}
