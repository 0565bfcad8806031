package norm

import "testing"

// A command whose state follows a copula must pass ("until `mix test` is green"),
// as one followed by "passes" must; the state of the tree that `git status` shows is
// no check that passes. Sentences of this session's own writing (own batch 260).
func TestRunsDirectlyThroughACopula(t *testing.T) {
	for _, c := range []struct {
		sentence, span string
		want           bool
	}{
		{"Don't commit until `mix test` is green.", "mix test", true},
		{"Make sure `cargo clippy` comes back clean before you push.", "cargo clippy", true},
		{"Never push unless `make check` runs clean.", "make check", true},
		{"Ensure `pnpm lint` passes.", "pnpm lint", true},
		{"Make sure `git status` is clean before committing.", "git status", false},
		{"`make docs` is all you need for the site.", "make docs", false},
		{"`npm test` is slow on CI.", "npm test", false},
	} {
		if got := RunsDirectly(c.sentence, c.span); got != c.want {
			t.Errorf("RunsDirectly(%q, %q) = %v, want %v", c.sentence, c.span, got, c.want)
		}
	}
}
