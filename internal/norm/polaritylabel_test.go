package norm

import "testing"

func TestPolarityLabel(t *testing.T) {
	for in, want := range map[string]string{
		"Don't: run `git push --force` on shared branches.": "Don't run `git push --force` on shared branches.",
		"**Never:** commit `.env`.":                         "Never commit `.env`.",
		"Do: use `git push --force-with-lease`.":            "use `git push --force-with-lease`.",
		"Note: `npm test` runs the unit tests.":             "Note: `npm test` runs the unit tests.",
		"Dockerfile: keep it small.":                        "Dockerfile: keep it small.",
	} {
		if got, _ := PolarityLabel(in); got != want {
			t.Errorf("PolarityLabel(%q) = %q, want %q", in, got, want)
		}
	}
}
