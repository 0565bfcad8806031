package source

import (
	"encoding/json"
	"sort"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// A plain word banned where heed must guess the language warns; the same ban in a
// nested instruction file whose folder holds one language's code is read for that
// code, and blocks. (dd-trace-rb lib/datadog/open_feature/AGENTS.md:23 bans
// `.allocate` in a folder of Ruby, in a repository of C, JavaScript and Ruby.)
func TestPlainWordBlocksOnlyWhereTheLanguageIsKnown(t *testing.T) {
	under := map[string][]string{"lib/feature": {engine.LangRuby}}
	rc := &recognize.RepoContext{
		Languages:      []string{engine.LangRuby, engine.LangC, engine.LangJavaScript},
		LanguagesUnder: func(d string) []string { return under[d] },
	}
	text := "Construct objects through their constructor, never `.allocate`."
	for _, tc := range []struct {
		dir   string
		sev   string
		langs string
	}{
		{"", policy.SeverityWarning, "c javascript ruby"},
		{"lib/feature", policy.SeverityError, "ruby"},
	} {
		c := &policy.Constraint{ID: "a", Text: text, Level: policy.Must, File: "AGENTS.md", Line: 3, Scope: policy.Scope{Dir: tc.dir}}
		res := bannedRecognizer{}.Recognize(c, rc)
		if len(res.Rules) != 1 {
			t.Fatalf("dir %q: %d rules (%s), want 1", tc.dir, len(res.Rules), res.Unenforced)
		}
		r := res.Rules[0]
		var qp QueryParams
		if err := json.Unmarshal(r.Params, &qp); err != nil {
			t.Fatal(err)
		}
		var langs []string
		for l := range qp.Queries {
			langs = append(langs, l)
		}
		sort.Strings(langs)
		if r.Severity != tc.sev || strings.Join(langs, " ") != tc.langs {
			t.Errorf("dir %q: %s in %v, want %s in %s", tc.dir, r.Severity, langs, tc.sev, tc.langs)
		}
	}
}

// The fresh-repository rounds' misreadings, each in heed's own words: what a careful
// reader would not turn into a ban of code.
func TestSpansThatBanNoCode(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{engine.LangRuby, engine.LangC, engine.LangJavaScript}}
	for _, tc := range []struct {
		text   string
		header []string
	}{
		{"Prefer `pull_request` over `pull_request_target`.", []string{"AGENTS.md", "GitHub Actions", "Security"}},
		{"Always quote variables: `\"$VAR\"`, not `$VAR`.", []string{"AGENTS.md", "Shell scripts"}},
		{"Always quote `$OUTPUT_FILE`, never a bare `$OUTPUT_FILE`.", nil},
		{"Never use `set_output` in `.github/workflows/*.yml`.", nil},
		{"Use `SizedQueue.new(max)`, not a plain `Array`, for work buffers.", nil},
		{"Prefer `Arc::clone(&x)` over `x.clone()` for reference-counted values.", nil},
	} {
		c := &policy.Constraint{ID: "a", Text: tc.text, Level: policy.Must, File: "AGENTS.md", Line: 3, HeaderPath: tc.header}
		if res := (bannedRecognizer{}).Recognize(c, rc); len(res.Rules) > 0 {
			t.Errorf("%q under %v: %d rules, want none (%s)", tc.text, tc.header, len(res.Rules), res.Rules[0].Params)
		}
	}
}

// A section that opens by saying where its code lives ("Code in `lib/` and `ext/` is
// performance sensitive", dd-trace-rb .cursor/rules/code-style.mdc:50) places the
// bans listed under it there: `#tap` is banned in lib/ and ext/, not in spec/.
func TestSectionPlaceScopesItsBans(t *testing.T) {
	head := []string{"Performance"}
	cs := []policy.Constraint{
		{ID: "p", Text: "Code in `lib/` and `ext/` is performance sensitive, except for configuration.", Level: policy.Info, File: "style.md", Line: 5, HeaderPath: head},
		{ID: "t", Text: "`#tap` (adds a block call per use)", Level: policy.Should, File: "style.md", Line: 7, HeaderPath: head, Context: "Avoid:"},
	}
	rc := &recognize.RepoContext{Languages: []string{engine.LangRuby}, Constraints: cs}
	res := bannedRecognizer{}.Recognize(&cs[1], rc)
	if len(res.Rules) != 1 {
		t.Fatalf("%d rules (%s), want 1", len(res.Rules), res.Unenforced)
	}
	r := res.Rules[0]
	r.ID = "t"
	fs, _ := runFiles(t, []*policy.Rule{&r}, map[string]string{
		"lib/a.rb":       "def f\n  {}.tap { |h| h[:a] = 1 }\nend\n",
		"spec/a_spec.rb": "it { {}.tap { |h| h[:a] = 1 } }\n",
	})
	var got []string
	for _, f := range fs {
		got = append(got, f.Path)
	}
	if strings.Join(got, " ") != "lib/a.rb" {
		t.Errorf("findings in %v, want lib/a.rb only", got)
	}
}

// A plain word banned at error blocks only where heed knows whose code it is: in a
// repository of one language, or when the sentence names the language; guessed across
// Ruby and JavaScript it warns. A name of several words is no other language's by
// chance and keeps its level.
func TestErrorNeedsTheLanguage(t *testing.T) {
	two := []string{engine.LangRuby, engine.LangJavaScript}
	for _, tc := range []struct {
		text  string
		langs []string
		head  []string
		want  string
	}{
		{"Never call `expect()`.", two, nil, policy.SeverityWarning},
		{"Never call `expect()`.", []string{engine.LangRuby}, nil, policy.SeverityError},
		{"Never call `expect()`.", two, []string{"RSpec"}, policy.SeverityError},
		{"Never call `showFlashMessage()`.", two, nil, policy.SeverityError},
	} {
		c := &policy.Constraint{ID: "e", Text: tc.text, Level: policy.Must, File: "AGENTS.md", Line: 3, HeaderPath: tc.head}
		res := bannedRecognizer{}.Recognize(c, &recognize.RepoContext{Languages: tc.langs})
		if len(res.Rules) != 1 {
			t.Fatalf("%q in %v: %d rules (%s)", tc.text, tc.langs, len(res.Rules), res.Unenforced)
		}
		if got := res.Rules[0].Severity; got != tc.want {
			t.Errorf("%q in %v under %v: %s, want %s", tc.text, tc.langs, tc.head, got, tc.want)
		}
	}
}

// A purpose under a heading about tests is the tests' ("## Testing > ### Synchronization:
// never use `Task.Delay` for synchronization", csharp-sdk .github/copilot-instructions.md:131):
// the ban holds in tests, not, inverted, everywhere but tests.
func TestPurposeUnderTestingHeadingHoldsInTests(t *testing.T) {
	c := &policy.Constraint{ID: "d", Text: "Never use `Task.Delay` for synchronization.", Level: policy.Must, File: "AGENTS.md", Line: 9,
		HeaderPath: []string{"Guide", "Testing", "Synchronization"}}
	res := bannedRecognizer{}.Recognize(c, &recognize.RepoContext{Languages: []string{engine.LangCSharp}})
	if len(res.Rules) != 1 {
		t.Fatalf("%d rules (%s), want 1", len(res.Rules), res.Unenforced)
	}
	r := res.Rules[0]
	r.ID = "d"
	fs, _ := runFiles(t, []*policy.Rule{&r}, map[string]string{
		"tests/App.Tests/WaitTests.cs": "class WaitTests {\n  async Task F() { await Task.Delay(100); }\n}\n",
		"samples/App/Program.cs":       "class Program {\n  async Task F() { await Task.Delay(100); }\n}\n",
	})
	var got []string
	for _, f := range fs {
		got = append(got, f.Path)
	}
	if strings.Join(got, " ") != "tests/App.Tests/WaitTests.cs" {
		t.Errorf("findings in %v, want the test only", got)
	}
}

// A heading that names a way of working ("Workflow", "CI") is no kind of file: the
// bans under it are still code's.
func TestWorkflowHeadingKeepsCodeBans(t *testing.T) {
	for _, head := range [][]string{{"AGENTS.md", "Workflow"}, {"AGENTS.md", "CI"}} {
		c := &policy.Constraint{ID: "w", Text: "Never call `console.log` in shipped code.", Level: policy.Must, File: "AGENTS.md", Line: 3, HeaderPath: head}
		res := bannedRecognizer{}.Recognize(c, &recognize.RepoContext{Languages: []string{engine.LangTypeScript}})
		if len(res.Rules) != 1 {
			t.Errorf("under %v: %d rules (%s), want 1", head, len(res.Rules), res.Unenforced)
		}
	}
}

// Shell scripts named as what to use instead place nothing: the ban is Python's.
func TestArtefactNamedAsAlternativeKeepsTheBan(t *testing.T) {
	c := &policy.Constraint{ID: "s", Text: "Never call `os.system`; use `subprocess.run` instead of shell scripts.", Level: policy.Must, File: "AGENTS.md", Line: 3}
	res := bannedRecognizer{}.Recognize(c, &recognize.RepoContext{Languages: []string{engine.LangPython}})
	if len(res.Rules) != 1 {
		t.Errorf("%d rules (%s), want 1", len(res.Rules), res.Unenforced)
	}
}

// A Rust attribute in backticks (`#[serde(flatten)]`, `#![allow(x)]`) is code of Rust,
// never a comment marker of the languages whose comments open with '#'.
func TestRustAttributeIsNoComment(t *testing.T) {
	for _, sp := range []string{"#[serde(flatten)]", "#![allow(dead_code)]"} {
		if sh, ok := parseShape(ban{span: sp}); ok && sh.kind == "comment" {
			t.Errorf("%q read as a comment: %+v", sp, sh)
		}
	}
	if sh, ok := parseShape(ban{span: "# noqa"}); !ok || sh.kind != "comment" {
		t.Errorf("`# noqa` is a comment directive: %+v %v", sh, ok)
	}
}

// A C preprocessor or C# directive (`#pragma pack`, `#define X`, `#region`) is code of
// those languages, never a comment marker of the languages whose comments open with
// '#' (radare2's DEVELOPERS.md:573 in round 6, dev data).
func TestPreprocessorDirectiveIsNoComment(t *testing.T) {
	for _, sp := range []string{"#pragma pack", "#pragma once", "#define DEBUG 1", "#ifdef WIN32", "#undef X", "#region", "#nullable disable"} {
		if sh, ok := parseShape(ban{span: sp}); ok && sh.kind == "comment" {
			t.Errorf("%q read as a comment: %+v", sp, sh)
		}
	}
	if sh, ok := parseShape(ban{span: "# type: ignore"}); !ok || sh.kind != "comment" {
		t.Errorf("`# type: ignore` is a comment directive: %+v %v", sh, ok)
	}
}

// A sentence that names a folder of one language's files ("in `spec/requests/`")
// compiles a named convention for that language only: round 7's sure (a Rails app with
// a Rust desktop shell) got a Rust `.expect()` ban at error for its Ruby request specs.
func TestConventionInAFolderOfOneLanguage(t *testing.T) {
	under := map[string][]string{"spec/requests": {engine.LangRuby}, "spec/requests/api": {engine.LangRuby}}
	rc := &recognize.RepoContext{
		Languages:      []string{engine.LangRuby, engine.LangRust, engine.LangJavaScript},
		LanguagesUnder: func(d string) []string { return under[d] },
	}
	c := &policy.Constraint{ID: "a", Text: "Do not add `expect(...)` in `spec/requests/api/`.", Level: policy.Must, File: "AGENTS.md", Line: 3}
	for _, e := range matchingEntries(newSentence(c)) {
		rs, _ := e.compile(newSentence(c), rc)
		for _, r := range rs {
			var qp QueryParams
			if err := json.Unmarshal(r.Params, &qp); err != nil {
				t.Fatal(err)
			}
			if _, ok := qp.Queries[engine.LangRust]; ok {
				t.Errorf("entry %s: a Rust query for a folder of Ruby files: %s", e.Name, r.Params)
			}
		}
	}
}

// A section named for a language's tool ("### Type checking with mypy") speaks of that
// language: round 7's haystack had "avoid casts or assertions" there read as a ban of
// TypeScript's `as` in its docs website.
func TestToolHeadingNamesItsLanguage(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{engine.LangPython, engine.LangTypeScript, engine.LangTSX}}
	c := &policy.Constraint{ID: "a", Text: "To fix type issues, avoid casts or assertions when possible.", Level: policy.Should,
		File: "AGENTS.md", Line: 9, HeaderPath: []string{"Quality Checks", "Type checking with mypy"}}
	for _, e := range matchingEntries(newSentence(c)) {
		if rs, _ := e.compile(newSentence(c), rc); len(rs) > 0 {
			t.Errorf("entry %s compiled under a mypy heading: %s", e.Name, rs[0].Params)
		}
	}
}
