package brief

import (
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// Rules that compiled to no source check: the languages they name decide which files'
// context they go to. Sentences of the issue 21 report's polyglot AGENTS.md.
func TestForFileLeavesOutOtherLanguagesAndHistory(t *testing.T) {
	entry := func(text string, heading ...string) policy.Entry {
		return policy.Entry{Constraint: policy.Constraint{Text: text, Level: policy.Must, HeaderPath: heading}}
	}
	entries := []policy.Entry{
		entry("Use type hints in all Python functions.", "Agents", "Python"),
		entry("Always handle errors in Go; never ignore them with `_`.", "Agents", "Go"),
		entry("Run `gofmt` on every Go file.", "Agents"),
		entry("Write commit messages in the imperative mood.", "Agents", "Commits"),
		entry("Go through the checklist before you edit a file.", "Agents"),
		entry("Keep functions short.", "Agents"),
	}
	for rel, want := range map[string][]string{
		"web/app.ts": {"Go through the checklist before you edit a file.", "Keep functions short."},
		"svc/a.py":   {"Use type hints in all Python functions.", "Go through the checklist before you edit a file.", "Keep functions short."},
		"cmd/main.go": {"Always handle errors in Go; never ignore them with `_`.", "Run `gofmt` on every Go file.",
			"Go through the checklist before you edit a file.", "Keep functions short."},
	} {
		var got []string
		for _, e := range ForFile(entries, rel) {
			got = append(got, e.Text)
		}
		if len(got) != len(want) {
			t.Errorf("%s: got %q, want %q", rel, got, want)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s: got %q, want %q", rel, got, want)
				break
			}
		}
	}
}
