package lower

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// compileFramed compiles one constraint under a heading and lead-in, in a repository
// whose files have the given extensions.
func compileFramed(t *testing.T, text, heading, leadIn string, exts ...string) []policy.Rule {
	t.Helper()
	c := policy.Constraint{ID: "c1", Text: text, Level: policy.Must, File: "AGENTS.md", Line: 3, HeaderPath: []string{heading}, Context: leadIn}
	rc := &recognize.RepoContext{Extensions: exts, Constraints: []policy.Constraint{c}}
	return Process().Recognize(&c, rc).Rules
}

// A bare "Run `X`" of a check, framed as a step of the work, warns at the end of the
// work after a change to the code; a command reference, a means, a case of many, or a
// repository whose code is unknown gives no rule.
func TestBareCheckRunsBeforeTheWorkLeaves(t *testing.T) {
	rules := compileFramed(t, "Run `pnpm typecheck` to verify types.", "Workflow", "When implementing features:", ".ts", ".md", ".json")
	if len(rules) != 1 {
		t.Fatalf("rules: %+v", rules)
	}
	r := rules[0]
	if r.Severity != policy.SeverityWarning || !strings.Contains(string(r.Params), `"changed":["**/*.ts"]`) {
		t.Errorf("severity %s, params %s", r.Severity, r.Params)
	}
	for _, want := range []struct{ line, history, verdict string }{
		{"git commit -m x", "", "warned"},
		{"git commit -m x", "pnpm typecheck", "allowed"},
		{"git push", "", "warned"},
		{"pnpm build", "", "allowed"},
	} {
		var hist [][]string
		if want.history != "" {
			hist = append(hist, strings.Fields(want.history))
		}
		if got := verdict(t, rules, want.line, hist...); got != want.verdict {
			t.Errorf("%s after %q: %s, want %s", want.line, want.history, got, want.verdict)
		}
	}
	for _, c := range []struct{ text, heading, leadIn string }{
		{"Run `pnpm typecheck` to verify types.", "Commands", "Useful scripts:"},
		{"Run the tests with `uv run pytest`.", "Workflow", ""},
		{"Run `uv run pytest tests/test_api.py` to check one file.", "Workflow", ""},
		{"Run `pnpm test --watch` while you work.", "Workflow", ""},
		{"Run `pnpm dev` to start the server.", "Workflow", ""},
		{"Run `pnpm check` rather than relying on a list of rules.", "Workflow", ""},
	} {
		for _, r := range compileFramed(t, c.text, c.heading, c.leadIn, ".ts") {
			if r.Kind == "sequence" {
				t.Errorf("%q under %q: %s", c.text, c.heading, r.Params)
			}
		}
	}
	if rules := compileFramed(t, "Run `pnpm typecheck` to verify types.", "Workflow", ""); len(rules) > 0 {
		t.Errorf("code files unknown: %s", rules[0].Params)
	}
}

// A numbered workflow whose last step is the commit runs its earlier steps before it.
func TestStepsBeforeALaterCommitStep(t *testing.T) {
	cs := []policy.Constraint{
		{ID: "a", Text: "Make your change.", Level: policy.Info, File: "AGENTS.md", Line: 3, HeaderPath: []string{"Steps"}},
		{ID: "b", Text: "Run `make generate`.", Level: policy.Must, File: "AGENTS.md", Line: 4, HeaderPath: []string{"Steps"}},
		{ID: "c", Text: "Commit.", Level: policy.Must, File: "AGENTS.md", Line: 5, HeaderPath: []string{"Steps"}},
	}
	rc := &recognize.RepoContext{Constraints: cs}
	rules := Process().Recognize(&cs[1], rc).Rules
	if len(rules) != 1 || rules[0].Severity != policy.SeverityWarning {
		t.Fatalf("rules: %+v", rules)
	}
	if got := verdict(t, rules, "git commit -m x"); got != "warned" {
		t.Errorf("commit without the step: %s", got)
	}
	if got := verdict(t, rules, "git commit -m x", []string{"make", "generate"}); got != "allowed" {
		t.Errorf("commit after the step: %s", got)
	}
}

// A plain run under a lead-in or heading that names an event runs before that event;
// "Ensure `X` pass" and "Ensure tests pass: `X`" are plain runs too.
func TestFramingNamesTheEvent(t *testing.T) {
	for _, c := range []struct{ text, heading, leadIn, line, want string }{
		{"Ensure `pnpm lint` and `pnpm check` pass.", "Sending PRs", "There are a few guidelines we follow:", "gh pr create --fill", "warned"},
		{"Run `make test`.", "Guide", "Keep these in mind when opening a pull request:", "gh pr create --fill", "warned"},
		{"Run `make test`.", "Commit messages", "", "git commit -m x", "allowed"},
		{"Ensure tests pass: `bin/rake`", "Pushing", "", "git push", "warned"},
		{"Ensure tests pass: `bin/rake`", "Pushing", "", "git commit -m x", "allowed"},
	} {
		rules := compileFramed(t, c.text, c.heading, c.leadIn)
		if got := verdict(t, rules, c.line); got != c.want {
			t.Errorf("%q under %q / %q: %s is %s, want %s", c.text, c.heading, c.leadIn, c.line, got, c.want)
		}
	}
}

// "After moving files or changing imports, run `X`" follows any change to the code.
func TestAfterAnyChangeToTheCode(t *testing.T) {
	rules := compileFramed(t, "After moving files or changing imports, run `pnpm lint` and `pnpm typecheck`.", "Tips", "", ".ts", ".md")
	if len(rules) != 2 {
		t.Fatalf("rules: %+v", rules)
	}
	for _, c := range []struct {
		history [][]string
		want    string
	}{
		{[][]string{{"heed:edit", "src/a.ts"}}, "warned"},
		{[][]string{{"heed:edit", "src/a.ts"}, {"pnpm", "lint"}, {"pnpm", "typecheck"}}, "allowed"},
		{[][]string{{"heed:edit", "README.md"}}, "allowed"},
	} {
		if got := verdict(t, rules, "git commit -m x", c.history...); got != c.want {
			t.Errorf("commit after %v: %s, want %s", c.history, got, c.want)
		}
	}
	for _, r := range compileFramed(t, "After changing the docs, run `pnpm lint`.", "Tips", "", ".ts", ".md") {
		if strings.Contains(string(r.Params), "*.ts") {
			t.Errorf("a change of a named part is no change of all the code: %s", r.Params)
		}
	}
}

// A form given for a selection of tests ("Run single go tests with `go test -tags x
// -run '^T$'`") needs its other options only where the selection is made; a form
// that only selects asks for nothing.
func TestPrescribedFormForASelection(t *testing.T) {
	rules := compileText(t, "Run single go tests with `go test -tags 'sqlite sqlite_unlock_notify' -run '^TestName$' ./modulepath/`.", policy.Must, "")
	if len(rules) != 1 {
		t.Fatalf("rules: %+v", rules)
	}
	for _, c := range []struct{ line, want string }{
		{"go test -run TestFoo ./models/", "warned"},
		{"go test -tags 'sqlite sqlite_unlock_notify' -run TestFoo ./models/", "allowed"},
		{"go test ./...", "allowed"},
	} {
		if got := verdict(t, rules, c.line); got != c.want {
			t.Errorf("%s: %s, want %s", c.line, got, c.want)
		}
	}
	for _, r := range compileText(t, "Run one test with `pytest -k test_name`.", policy.Must, "") {
		t.Errorf("a form that only selects: %s %s", r.Kind, r.Params)
	}
}

// A ban of an option with its value bans the command with that option and value,
// never the whole command.
func TestBanOfAnOptionWithItsValue(t *testing.T) {
	rules := compileText(t, "Never run `go build` with `-tags ignore`.", policy.Must, "")
	for _, c := range []struct{ line, want string }{
		{"go build -tags ignore ./...", "blocked"},
		{"go build -tags=ignore ./...", "blocked"},
		{"go build ./...", "allowed"},
		{"go build -tags integration ./...", "allowed"},
	} {
		if got := verdict(t, rules, c.line); got != c.want {
			t.Errorf("%s: %s, want %s", c.line, got, c.want)
		}
	}
}

// Go's `./...` runs every package: the whole suite, not a selection of it; a
// subtree's `./internal/...` is a selection.
func TestGoPackagePatternsAsSelections(t *testing.T) {
	for _, c := range []struct {
		arg  string
		want bool
	}{
		{"./...", false}, {"...", false}, {"./internal/...", true}, {"pkg/foo_test.go", true}, {"./cmd", false},
	} {
		if got := caseArg(c.arg); got != c.want {
			t.Errorf("caseArg(%q) = %v, want %v", c.arg, got, c.want)
		}
	}
}

// A form that only asks the tool about itself ("check with `dotnet --list-sdks`",
// "`node --version`") is how to inspect the tool, not the form every use of the tool
// must take: no rule flags `dotnet build`.
func TestQueryFormIsNoFormOfTheWork(t *testing.T) {
	for _, text := range []string{
		"The agent needs .NET 10 SDK or newer on `PATH` — check with `dotnet --list-sdks`.",
		"Check the Node version with `node --version`.",
		"Run `cargo --list` to see the installed subcommands.",
	} {
		for _, line := range []string{"dotnet build App.slnx", "node index.js", "cargo build"} {
			if got := verdict(t, compileText(t, text, policy.Must, ""), line); got != "allowed" {
				t.Errorf("%q: %s is %s", text, line, got)
			}
		}
	}
	// a form with an option the work needs still steers away from the bare form
	rules := compileText(t, "Run tests with `cargo test --workspace --locked`.", policy.Must, "")
	if got := verdict(t, rules, "cargo test"); got != "warned" {
		t.Errorf("the bare form of a prescribed form: %s, want warned", got)
	}
}
