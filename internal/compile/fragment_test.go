package compile_test

import (
	"encoding/json"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// TestFragmentConventions: a convention stated as a fragment, without a modal, in a
// section of code conventions or of a language, is read as the catalogue entry that
// names it, and warns; a fragment outside such a section, one that describes the
// code as it is, and one no entry names compile into nothing. The sentences are in
// the shapes of whole public files (construct batch 1: NOAA-EMC/ectop AGENTS.md:32,
// Szermer/synth CLAUDE.md:19, NNTmux/newznab-tmux AGENTS.md:274).
func TestFragmentConventions(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{engine.LangPython, engine.LangTSX, engine.LangTypeScript, engine.LangPHP}}
	cases := []struct {
		doc   string
		entry []string // the catalogue entries of the rules, every one a warning
	}{
		{"# A\n\n## Strict Coding Standards\n\n- **Type Safety**: Modern Python type hints (`str | None`, `list[str]`).\n", []string{"py-pep604-union", "py-pep585-generics"}},
		{"# A\n\n## Code Style\n\n- **React**: Functional components, custom hooks, early returns for loading/error states\n", []string{"react-class-component"}},
		{"# A\n\n## Python\n\n- Formatting: f-strings, not `%` or `.format()`\n", []string{"percent-format"}},
		{"# A\n\n## PHP\n\n- Curly braces on all control structures, even one-liners.\n", []string{"curly-braces"}},
		// the same fragment under a heading of no conventions: a description
		{"# A\n\n## Stack\n\n- **React**: Functional components, custom hooks\n", nil},
		// the code as it is, in a section of conventions
		{"# A\n\n## Code Style\n\n- **React**: functional components in new screens, class components in legacy ones\n", nil},
		// a fragment no catalogue entry names: nothing, not a judge rule
		{"# A\n\n## Code Style\n\n- **Python**: 4-space blocks, Zod-like schemas\n", nil},
	}
	for _, c := range cases {
		var got []string
		for _, r := range compileAll(c.doc, rc) {
			if r.Domain != policy.DomainSource || r.Kind != "query" {
				continue
			}
			var p struct {
				Entry string `json:"entry"`
			}
			_ = json.Unmarshal(r.Params, &p)
			got = append(got, p.Entry)
			if r.Severity != policy.SeverityWarning {
				t.Errorf("%q: %s is %s, want a warning", c.doc, p.Entry, r.Severity)
			}
		}
		if len(got) != len(c.entry) {
			t.Errorf("%q: entries %v, want %v", c.doc, got, c.entry)
			continue
		}
		for i := range got {
			if got[i] != c.entry[i] {
				t.Errorf("%q: entries %v, want %v", c.doc, got, c.entry)
			}
		}
	}
}
