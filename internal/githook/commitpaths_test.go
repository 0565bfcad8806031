package githook

import (
	"slices"
	"strings"
	"testing"
)

func TestCommitsAll(t *testing.T) {
	for args, want := range map[string]bool{
		"-am x": true, "-a -m x": true, "--all -m x": true, "-sam x": true,
		"-m -a": false, "--message -a": false, "-ma": false, "-m x": false, "-- -a": false, "--amend": false,
	} {
		if got := commitsAll(splitWords(args)); got != want {
			t.Errorf("git commit %s: all %v, want %v", args, got, want)
		}
	}
}

func TestAddSpecs(t *testing.T) {
	for _, c := range []struct {
		cwd, args string
		specs     []string
		tracked   bool
		ok        bool
	}{
		{"", ".env", []string{".env"}, false, true},
		{"tests", "integration/results ../notes.txt", []string{"tests/integration/results", "notes.txt"}, false, true},
		{"", "-A", []string{"."}, false, true},
		{"", "-u", []string{"."}, true, true},
		{"", "-- -odd", []string{"-odd"}, false, true},
		{"", "*.py", nil, false, false},
		{"", "../outside", nil, false, false},
		{"", "--pathspec-from-file=list", nil, false, false},
		{"", "-v", nil, false, false},
	} {
		specs, tracked, ok := addSpecs(c.cwd, splitWords(c.args))
		if ok != c.ok || ok && (!slices.Equal(specs, c.specs) || tracked != c.tracked) {
			t.Errorf("git add %s in %q: %q %v %v, want %q %v %v", c.args, c.cwd, specs, tracked, ok, c.specs, c.tracked, c.ok)
		}
	}
}

func splitWords(s string) []string { return strings.Fields(s) }
