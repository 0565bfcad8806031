package norm

import (
	"slices"
	"testing"
)

// A folder after a list of names is where the names lie (fresh file s52, fluent-bit:
// the artifacts of tests/integration), not one more path to leave alone; a folder
// that belongs to a noun ("files in `gen/`") stays a path of its own.
func TestUntouchedNamesUnderAFolder(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"Do not commit `.venv/`, `.pytest_cache/`, `results/`, or `__pycache__/` under `tests/integration`.",
			[]string{"tests/integration/.venv/", "tests/integration/.pytest_cache/", "tests/integration/results/", "tests/integration/__pycache__/"}},
		{"Never commit `out.log` in `build/`.", []string{"build/out.log"}},
		{"Do not edit `config.go` or the files in `gen/`.", []string{"config.go", "gen/"}},
	} {
		u, ok := UntouchedFiles(c.text)
		if !ok {
			t.Errorf("%q: no ban read", c.text)
			continue
		}
		if !slices.Equal(u.Paths, c.want) {
			t.Errorf("%q: paths %q, want %q", c.text, u.Paths, c.want)
		}
	}
}
