package source

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// The native construct entries read the phrasings of whole public instruction files
// (bench/source/cnative-firstsight.md) at the severity their certainty allows, and
// leave alone the sentences that only mention the construct or use its words for
// something else ("no exceptions" to a rule).
func TestNativeConstructReadings(t *testing.T) {
	all := []string{engine.LangCSharp, engine.LangJava, engine.LangKotlin, engine.LangPHP, engine.LangCPP, engine.LangSwift, engine.LangRuby}
	for _, tc := range []struct {
		text, entry, sev string // sev "" = the entry must not read the sentence
		level            policy.Level
	}{
		{"**File-scoped namespaces**: Use file-scoped namespace declarations (e.g., `namespace MyNamespace;`) instead of block namespaces", "cs-file-scoped-namespace", policy.SeverityError, policy.Must},
		{"Prefer file-scoped namespace declarations and single-line using directives.", "cs-file-scoped-namespace", policy.SeverityWarning, policy.Should},
		{"The generator emits file-scoped namespaces.", "cs-file-scoped-namespace", "", policy.Info},
		{"Do not use file-scoped namespaces; the analyzers need the block form.", "cs-file-scoped-namespace", "", policy.Must},
		{"**Error handling**: Use try/catch blocks with specific exception types", "catch-generic-exception", policy.SeverityWarning, policy.Must},
		{"Never catch the base `\\Exception`.", "catch-generic-exception", policy.SeverityError, policy.Must},
		{"Avoid catching generic `Exception`; catch what you expect.", "catch-generic-exception", policy.SeverityWarning, policy.Should},
		{"Always rethrow `CancellationException` if catching `Exception` in coroutines.", "catch-generic-exception", "", policy.Must},
		{"Exceptions are logged by the global handler.", "catch-generic-exception", "", policy.Info},
		{"No exceptions, no RTTI", "cpp-no-exceptions", policy.SeverityWarning, policy.Info},
		{"No exceptions, no RTTI", "cpp-no-rtti", policy.SeverityWarning, policy.Info},
		{"Do not use C++ exceptions; return a `Status`.", "cpp-no-exceptions", policy.SeverityWarning, policy.Must},
		{"Every public function gets a doc comment, no exceptions.", "cpp-no-exceptions", "", policy.Must},
		{"Run clang-format on every file. No exceptions.", "cpp-no-exceptions", "", policy.Must},
		{"Internal is the default access level; do not specify it redundantly.", "swift-redundant-internal", policy.SeverityError, policy.Must},
		{"Mark helpers `internal` when the tests need them.", "swift-redundant-internal", "", policy.Should},
		{"Use standard Ruby hash syntax (e.g., `key: value`).", "ruby-hash-rocket", policy.SeverityWarning, policy.Must},
		{"No hash rockets for symbol keys.", "ruby-hash-rocket", policy.SeverityError, policy.Must},
		{"Hash rockets are needed for string keys.", "ruby-hash-rocket", "", policy.Info},
		{"Use modern optional-binding (`if let customer`) rather than verbose `if let customer = customer`.", "swift-if-let-shorthand", policy.SeverityError, policy.Must},
		{"Prefer `if let value {` shorthand", "swift-if-let-shorthand", policy.SeverityWarning, policy.Should},
		{"Unwrap with `if let x = optional` before use.", "swift-if-let-shorthand", "", policy.Must},
		{"Always provide summaries using `///` for public methods and classes.", "exported-doc-comment", policy.SeverityError, policy.Must},
		{"All public members require `<summary>` XML tags", "public-doc-block", policy.SeverityError, policy.Must},
		{"The `<summary>` XML tags of public members are rendered by DocFX.", "public-doc-block", "", policy.Info},
	} {
		c := &policy.Constraint{ID: "a", Text: tc.text, Level: tc.level, File: "AGENTS.md", Line: 3}
		s := newSentence(c)
		var e *Entry
		for _, m := range matchingEntries(s) {
			if m.Name == tc.entry {
				e = m
			}
		}
		if tc.sev == "" {
			if e != nil {
				t.Errorf("%q: read as %s", tc.text, tc.entry)
			}
			continue
		}
		if e == nil {
			t.Errorf("%q: not read as %s", tc.text, tc.entry)
			continue
		}
		rules, why := e.compile(s, &recognize.RepoContext{Languages: all})
		if len(rules) == 0 {
			t.Errorf("%q: no rule: %s", tc.text, why)
			continue
		}
		for _, r := range rules {
			if r.Severity != tc.sev {
				t.Errorf("%q: %s rule %s, want %s", tc.text, tc.entry, r.Severity, tc.sev)
			}
		}
	}
}

// A pattern's equal_groups must name two groups the regex has.
func TestPatternEqualGroupsChecked(t *testing.T) {
	for _, tc := range []struct {
		groups []int
		bad    bool
	}{{[]int{1, 2}, false}, {[]int{1, 3}, true}, {[]int{1}, true}, {[]int{0, 1}, true}} {
		r := &policy.Rule{ID: "r", Domain: policy.DomainSource, Kind: KindPattern,
			Params: marshal(PatternParams{Regex: `let (\w+) = (\w+)`, EqualGroups: tc.groups})}
		_, err := compilePattern(r)
		if (err != nil) != tc.bad || err != nil && !strings.Contains(err.Error(), "equal_groups") {
			t.Errorf("equal_groups %v: err %v, want error %v", tc.groups, err, tc.bad)
		}
	}
}
