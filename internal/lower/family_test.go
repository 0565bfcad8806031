package lower

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// compileLine compiles the ban with the clauses that follow it on the same line, as
// the extractor hands them over (one constraint each), and returns the ban's rules.
func compileLine(t *testing.T, ban string, next ...string) []policy.Rule {
	t.Helper()
	rc := &recognize.RepoContext{}
	for i, text := range append([]string{ban}, next...) {
		rc.Constraints = append(rc.Constraints, policy.Constraint{
			ID: "c" + string(rune('1'+i)), Text: text, Level: policy.Must, File: "AGENTS.md", Line: 17,
			HeaderPath: []string{"AGENTS.md", "Commands"},
		})
	}
	c := &rc.Constraints[0]
	var out []policy.Rule
	for _, r := range Process().Recognize(c, rc).Rules {
		r.ID = "R" + string(rune('0'+len(out)))
		out = append(out, r)
	}
	return out
}

// An alternative is the rule's advice ("Instead: ...") and the command its shims let
// through as the ban's substitute: it counts only when it does what the banned
// command does. Issue 21: "run `pytest service/tests`" came out as the alternative to
// force-pushing.
func TestAlternativeMustReplaceTheBannedAction(t *testing.T) {
	cases := []struct {
		from string
		ban  string
		next []string
		// want is the rule's suggestion ("" for none).
		want string
	}{
		// the case: the next clause, with "instead", names a test run
		{"issue 21: a force push, then a test run on the same line", "Never force-push to `main`.",
			[]string{"Run `pytest service/tests` instead."}, ""},
		{"issue 21, with the ban of examples/demo/AGENTS.md:17", "Don't run `git push --force` on shared branches.",
			[]string{"Run `pytest service/tests` instead."}, ""},
		// near misses: the next clause is a real alternative
		{"git for git", "Don't run `git push --force`.",
			[]string{"Use `git push --force-with-lease` instead."}, "use git push --force-with-lease instead"},
		{"a package manager for a package manager", "Never use `npm`.",
			[]string{"Use `pnpm` instead."}, "use pnpm instead"},
		{"a package manager's command for one", "Never run `pip install`.",
			[]string{"Use `uv add` instead."}, "use uv add instead"},
		{"a task runner's test target for a test runner", "Never run `pytest` directly.",
			[]string{"Run `make test` instead."}, "use make test instead"},
		// the same program doing something else is no alternative
		{"a test run for a publish", "Never run `npm publish`.",
			[]string{"Run `npm test` instead."}, ""},
		{"a test target for an install", "Never run `pip install`.",
			[]string{"Run `make test` instead."}, ""},
		// an alternative in the ban's own sentence is judged alike
		{"browser-use CLAUDE.md:152", "**Always use `uv` instead of `pip`** for dependency management", nil, "use uv instead"},
		{"denoland/deno CLAUDE.md:410", "Use `cargo check` instead of `cargo build` when possible", nil, "use cargo check instead"},
		{"in one sentence, a test run for a force push", "Never run `git push --force`; run `pytest` instead.", nil, ""},
	}
	for _, c := range cases {
		rules := compileLine(t, c.ban, c.next...)
		got := ""
		for _, r := range rules {
			if r.Kind == "command" && r.Suggestion != "" {
				got = r.Suggestion
			}
		}
		if got != c.want {
			t.Errorf("%s: %q + %q: suggestion %q, want %q", c.from, c.ban, c.next, got, c.want)
		}
	}
}

// A dropped alternative leaves the ban whole: the force push is still blocked, and the
// command that was wrongly its substitute is not let through in its name.
func TestDroppedAlternativeKeepsTheBan(t *testing.T) {
	rules := compileLine(t, "Never force-push to `main`.", "Run `pytest service/tests` instead.")
	if len(rules) == 0 {
		t.Fatal("no rule compiled from the force-push ban")
	}
	if v := verdict(t, rules, "git push --force origin main"); v != "blocked" {
		t.Errorf("git push --force origin main: %s, want blocked", v)
	}
	for _, r := range rules {
		if strings.Contains(string(r.Params), `"via"`) {
			t.Errorf("rule %s still names a substitute: %s", r.ID, r.Params)
		}
	}
}
