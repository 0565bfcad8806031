package norm

import "testing"

func TestGatesNewDependencies(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"Do not add new dependencies without approval.", true},
		{"Never install additional packages without asking first", true},
		{"No new third-party libraries unless discussed in an issue first.", true},
		{"Ask before adding new dependencies.", true},
		{"Always check with the user before installing packages", true},
		{"New dependencies require approval from a maintainer.", true},
		{"Avoid new dependencies unless they are clearly justified and approved first", true},
		{"Don't add dependencies without approval.", true},
		{"Do not add dependencies to `package.json` by hand; use `pnpm add`.", false}, // the means, not the dependency
		{"Install dependencies with `npm install`.", false},
		{"New dependencies must be listed in `NOTICE`.", false}, // a co-change, read elsewhere
		{"Keep dependencies up to date.", false},
		{"Do not add new tests for trivial getters.", false},
	} {
		if got := GatesNewDependencies(tc.text); got != tc.want {
			t.Errorf("GatesNewDependencies(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
