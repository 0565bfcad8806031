package norm

import "testing"

// An order before some runs of a role ("specific tests", "a single spec") holds for
// runs heed cannot tell apart from the others; one before the role's every run does
// not narrow.
func TestNarrowedRoleRun(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"Always run `npx bddgen` before running specific tests!", true},
		{"Run `make fixtures` before running individual tests.", true},
		{"Run `make fixtures` before running certain unit tests.", true},
		{"Run `make fixtures` before running the tests.", false},
		{"Run `make lint` before each commit.", false},
	} {
		if got := narrowedRoleRun(Tokenize(c.text)) != ""; got != c.want {
			t.Errorf("%q: narrowed %v, want %v", c.text, got, c.want)
		}
	}
}
