package norm

import "testing"

// The lead-ins and clauses this session's readings rewrite, and the near misses they
// must leave alone (sentences of our own, in the shapes real instruction files use).
func TestMomentLead(t *testing.T) {
	for _, c := range []struct {
		lead string
		want bool
	}{
		{"Before you commit:", true},
		{"**Before every push:**", true},
		{"Prior to opening a PR:", true},
		{"Before committing", false},                    // no colon: a sentence, not a lead-in
		{"Before you commit, run:", false},              // says what to do: read as it is
		{"Before the release on CI:", false},            // says more than the moment
		{"Before you commit, make sure that:", false},   // an ensure lead-in
		{"After you commit:", false},                    // not a "before"
		{"Before touching the database schema:", false}, // not an event heed knows
	} {
		if got := MomentLead(c.lead) != ""; got != c.want {
			t.Errorf("MomentLead(%q) = %v, want %v", c.lead, got, c.want)
		}
	}
}

func TestBanLead(t *testing.T) {
	for _, c := range []struct {
		lead string
		want bool
	}{
		{"Forbidden commands:", true},
		{"**Prohibited operations:**", true},
		{"Commands you must not run:", true},
		{"Banned:", true},
		{"Forbidden in this repository (ask first):", false},
		{"Dangerous commands:", false},
		{"Useful commands:", false},
		{"Forbidden commands", false}, // no colon
	} {
		if got := BanLead(c.lead) != ""; got != c.want {
			t.Errorf("BanLead(%q) = %v, want %v", c.lead, got, c.want)
		}
	}
}

func TestWithoutFlag(t *testing.T) {
	for _, c := range []struct {
		text, want string
	}{
		{"Run `git` commands from the root, without the `-C` option.", "never pass `-C` to `git`."},
		{"Use `cargo build` without `--release` while you iterate.", "never pass `--release` to `cargo build` while you iterate."},
		{"Never run `pytest` without `-x`.", ""},       // a ban's own "without": the option is required
		{"Don't call `npm test` without `--run`.", ""}, // the same
		{"Run `make` without arguments.", ""},          // no option named
		{"Run the tests; never push without `--dry-run` first.", ""},
	} {
		got, ok := withoutFlag(c.text)
		if !ok {
			got = ""
		}
		if c.want != "" && (got == "" || got[len(got)-len(c.want):] != c.want) || c.want == "" && got != "" {
			t.Errorf("withoutFlag(%q) = %q, want it to end in %q", c.text, got, c.want)
		}
	}
}

func TestSubstitutionColumns(t *testing.T) {
	for _, c := range []struct {
		header string
		want   bool
	}{
		{"Instead of | Use", true},
		{"❌ | ✅", true},
		{"Avoid | Prefer", true},
		{"Don't | Do instead | Why", true},
		{"Never run | Why", false}, // a ban, with no replacement
		{"Command | Description", false},
		{"Tool | Purpose", false},
	} {
		if got := SubstitutionColumns(c.header); got != c.want {
			t.Errorf("SubstitutionColumns(%q) = %v, want %v", c.header, got, c.want)
		}
	}
	if columnRole("Never run") != mForbid || columnRole("Do not use") != mForbid || columnRole("Never run on CI") != "" {
		t.Errorf("a header of a negation and one verb heads a column of bans, and only that")
	}
}

func TestDoneLead(t *testing.T) {
	for _, c := range []struct {
		lead string
		want bool
	}{
		{"Definition of done:", true},
		{"A task is not done until all of the following hold:", true},
		{"A bead is **not done** until all of the following are satisfied:", true},
		{"Work is done only when:", true},
		{"A change is not complete until:", true},
		{"This is not done until the user says so:", false},
		{"The build is not done until CI finishes:", false},
		{"A task is not done until all of the following hold", false}, // no colon
	} {
		if got := DoneLead(c.lead); got != c.want {
			t.Errorf("DoneLead(%q) = %v, want %v", c.lead, got, c.want)
		}
	}
}

func TestCommandNoteRow(t *testing.T) {
	cols := []string{"Command", "Notes"}
	for _, c := range []struct{ row, want string }{
		{"`make test` | run before each commit", "Run `make test` before each commit."},
		{"`npm run deploy` | never run it yourself", "Never run `npm run deploy` yourself."},
		{"`make e2e` | always run before pushing.", "Always run `make e2e` before pushing."},
		{"`pnpm test:node` | Run Node.js tests only", ""}, // a title of what it does
		{"`make build` | builds the binary", ""},
		{"`make clean` | removes build output; run it when the cache is stale", ""},
		{"make test | run before each commit", ""}, // no code span: not a command cell
	} {
		got, _ := CommandNoteRow(c.row, cols)
		if got != c.want {
			t.Errorf("CommandNoteRow(%q) = %q, want %q", c.row, got, c.want)
		}
	}
	if _, ok := CommandNoteRow("`npm i` | `pnpm i`", []string{"Don't", "Do"}); ok {
		t.Errorf("a table of bans and replacements is tableRow's to read")
	}
}

func TestAskBefore(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Ask for approval before running `git commit`.", "Never run `git commit` without approval."},
		{"Always ask the user before running `terraform apply`", "Never run `terraform apply` without approval."},
		{"Get explicit permission before you run `npm publish`.", "Never run `npm publish` without approval."},
		// a kind of command, by example: asking about the example is what the text
		// wants (a question, never a block)
		{"Ask before running long commands such as `make e2e`.", "Never run long commands such as `make e2e` without approval."},
		{"Ask questions before running into trouble with `make`.", ""}, // not an approval
		// a condition of its own, which the reader of the ban keeps
		{"Ask for approval before running `git commit` on main.", "Never run `git commit` on main without approval."},
		{"IMPORTANT: Ask for approval before running `git commit`", "Never run `git commit` without approval."},
		{"Check with me before deleting any branch (`git branch -D`).", "Never delete any branch (`git branch -D`) without approval."},
		{"Before pushing to `main`, ask for approval.", "Never push to `main` without approval."},
		{"Get confirmation from the user before you run `alembic upgrade`.", "Never run `alembic upgrade` without approval."},
		{"`git reset --hard` is destructive: confirm with the user first.", "Never run `git reset --hard` without approval."},
		{"Running `pnpm install` with `--no-frozen-lockfile` needs the user's OK.", "Never run `pnpm install` with `--no-frozen-lockfile` without approval."},
		{"Without the user's explicit approval, do not run `git reset` or `git clean`.", "Never run `git reset` or `git clean` without approval."},
		{"Without approval, never use `terraform apply`.", "Never use `terraform apply` without approval."},
		{"Without approval, never touch the database.", ""}, // no command named
		{"Ask before making large refactors.", ""},                    // no command to wait on
		{"Ask before force-pushing any other branch.", ""},            // a practice in words: readAskBefore reads it
		{"Releases need the user's approval.", ""},                    // no command named
		{"Ask the user which test to run before running `make`.", ""}, // a question about a choice, not for approval
	} {
		got, _ := askBefore(c.text)
		if got != c.want {
			t.Errorf("askBefore(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}
