package compile_test

import (
	"encoding/json"
	"strings"
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
		{"# A\n\n## Python\n\n- Formatting: f-strings, not `%` or `.format()`\n", []string{"percent-format", "py-str-format"}},
		{"# A\n\n## PHP\n\n- Curly braces on all control structures, even one-liners.\n", []string{"curly-braces"}},
		// a labelled fragment the level reader raised, read again as its section's
		// preference
		{"# A\n\n## TypeScript conventions\n\n- **Types**: strict, `unknown` over `any`\n", []string{"ts-any"}},
		// an imperative after the label was read as it stands: not read again
		{"# A\n\n## Code style\n\n- Documented: Include proper JSDoc for public APIs and rules\n", nil},
		// the same fragment under a heading of no conventions: a description
		{"# A\n\n## Stack\n\n- **React**: Functional components, custom hooks\n", nil},
		// the code as it is, in a section of conventions
		{"# A\n\n## Code Style\n\n- **React**: functional components in new screens, class components in legacy ones\n", nil},
		// a fragment no catalogue entry names: nothing, not a judge rule
		{"# A\n\n## Code Style\n\n- **Python**: 4-space blocks, Zod-like schemas\n", nil},
		// docstrings demanded, and docstrings whose form or place is demanded
		{"# A\n\n## Python\n\nNew public functions and methods should have a docstring.\n", []string{"py-missing-docstring"}},
		{"# A\n\n## Python\n\nAll public function docstrings should be included in the API reference.\n", nil},
		{"# A\n\n## Python\n\nDocstrings for all public functions must follow the NumPy style.\n", nil},
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

// TestFragmentConventionsKeepJudgeRules: a rule sentence of a conventions section that
// no recogniser reads keeps its judge rule as written, at its level: the fragment
// reading adds only what a catalogue entry names (Szer/coupon-bot CLAUDE.md:45).
func TestFragmentConventionsKeepJudgeRules(t *testing.T) {
	doc := "# A\n\n## F# Conventions\n\n- All database-mapped records must have `[<CLIMutable>]` attribute for Dapper compatibility.\n"
	p := compileAgentsDoc(doc, nil)
	n := 0
	for _, e := range p.Entries {
		for _, r := range e.Rules {
			n++
			if r.Domain != policy.DomainSemantic || r.Severity != policy.SeverityError || strings.Contains(string(r.Params), "Always use") {
				t.Errorf("%q: rule %s %s %s, want the judge rule as written, an error", e.Text, r.Domain, r.Severity, r.Params)
			}
		}
	}
	if n == 0 {
		t.Error("no rule: want the sentence's judge rule")
	}
}
