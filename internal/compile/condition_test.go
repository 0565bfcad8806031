package compile

import (
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/rules"
)

// The antecedent of a judge rule's sentence becomes its condition where it names
// something a change shows mechanically; anything else leaves no condition (the rule
// stays undetermined offline rather than being passed over on a guess). Sentences of
// our own writing.
func TestConditionOfAJudgeRule(t *testing.T) {
	for _, c := range []struct {
		text string
		want *policy.Condition // nil: no condition
	}{
		{"A deprecation message must name the replacement.", &policy.Condition{What: "a deprecation", Added: `(?i)deprecat`}},
		{"If a docstring contains a backslash, it must be a raw string.", &policy.Condition{What: "a docstring", Docstring: true}},
		{"Each doctest must import what it uses.", &policy.Condition{What: "a doctest", Added: `^\s*>>>`}},
		{"If a commit credits a co-author, the trailer must come last.", &policy.Condition{What: "a co-author trailer", Message: `(?i)co-authored-by:`}},
		{"A release-note entry must not name the author.", &policy.Condition{What: "release notes", PR: `(?i)release[- ]notes?`}},
		{"If a result holds `Dummy` symbols, the test must compare with dummy_eq.",
			&policy.Condition{What: "`Dummy` in a test", Added: "Dummy", Paths: []string{"**/test_*", "**/*_test.*", "**/tests/**", "**/test/**", "**/*.test.*", "**/*.spec.*", "**/__tests__/**"}}},
		{"A `Dummy` test must compare with dummy_eq.",
			&policy.Condition{What: "`Dummy` and a test", Added: "Dummy", Paths: []string{"**/test_*", "**/*_test.*", "**/tests/**", "**/test/**", "**/*.test.*", "**/*.spec.*", "**/__tests__/**"}}},
		{"If a pull request needs no release notes, its release-notes block must say so.", &policy.Condition{What: "release notes", PR: `(?i)release[- ]notes?`}},
		{"When testing an exception, the test must use the raises helper.",
			&policy.Condition{What: "an exception in a test", Added: `(?i)\b(raises?|exceptions?|except|throws?|errors?)\b`, Paths: []string{"**/test_*", "**/*_test.*", "**/tests/**", "**/test/**", "**/*.test.*", "**/*.spec.*", "**/__tests__/**"}}},
		{"A See Also section must list only functions of the project.", &policy.Condition{What: "a See Also section", Added: `^\s*(#+\s*)?See Also\s*:?\s*$`}},
		{"Parameter names in a Parameters section must use double backticks.", &policy.Condition{What: "a Parameters section", Added: `^\s*(#+\s*)?Parameters\s*:?\s*$`}},
		{"Python files must start with a module docstring.", &policy.Condition{What: "python files", Paths: []string{"**/*.py", "**/*.pyi"}}},
		{"In Python, names must be snake_case.", nil},
		{"Every migration must be reversible.", &policy.Condition{What: "a migration", Paths: []string{"**/migrations/**", "**/migrate/**"}}},
		{"When you add a new function, its docstring must have an example.",
			&policy.Condition{What: "a new function or class", Added: `^\s*(export\s+)?(pub(\([a-z]+\))?\s+)?(async\s+)?(def|class|func|function|fn)\s+[A-Za-z_]`}},
		{"A test skipped because it is expected to fail must use `@XFAIL`, not `skip()`.",
			&policy.Condition{What: "a skipped test and a test", Added: `(?i)(\bskip|\bxfail\b|@slow\b)`, Paths: []string{"**/test_*", "**/*_test.*", "**/tests/**", "**/test/**", "**/*.test.*", "**/*.spec.*", "**/__tests__/**"}}},
		{"If an XFAIL test begins to pass, the contributor must remove the marker.",
			&policy.Condition{What: "an XFAIL test and a test", Added: `(?i)\bxfail\b`, Paths: []string{"**/test_*", "**/*_test.*", "**/tests/**", "**/test/**", "**/*.test.*", "**/*.spec.*", "**/__tests__/**"}}},
		// "skip" without a test is no antecedent heed sees in a line
		{"If you skip the benchmarks, the pull request must say why.", nil},
		// No condition: an imperative, a subject heed cannot observe, a suite run, an
		// exception clause that is not an antecedent, a lower-case package name.
		{"Use raw strings in docstrings that hold LaTeX.", nil},
		{"A pull request must reference its issue.", nil},
		{"When running the full test suite, a contributor must use the project's runner.", nil},
		{"Unless a docstring is involved, code must stay short.", nil},
		{"Code that imports `numpy` must guard the import.", nil},
		{"Contributors must be able to explain their change.", nil},
		// A ban names what it forbids, not when it applies: it applies to every commit.
		{"Do not add a Co-authored-by trailer to commit messages.", nil},
		{"Never add deprecation shims; they must be removed instead.", nil},
		{"Update the docs whenever a docstring must change.", nil},
	} {
		got := condition(&policy.Constraint{Text: c.text})
		if !sameCondition(got, c.want) {
			t.Errorf("%q:\n got %+v\nwant %+v", c.text, got, c.want)
		}
	}
}

func sameCondition(a, b *policy.Condition) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.What != b.What || a.Added != b.Added || a.Docstring != b.Docstring || a.Message != b.Message || a.PR != b.PR || len(a.Paths) != len(b.Paths) || len(a.Ran) != len(b.Ran) {
		return false
	}
	for i := range a.Paths {
		if a.Paths[i] != b.Paths[i] {
			return false
		}
	}
	return true
}

// The condition reaches the compiled judge rule, and leaves the rules recognisers
// make alone.
func TestJudgeRuleCarriesItsCondition(t *testing.T) {
	c := &policy.Constraint{ID: "abc", Text: "A deprecation message must name the replacement API.", Level: policy.Must, File: "AGENTS.md", Line: 3}
	e := CompileConstraint(c, nil, nil)
	if len(e.Rules) != 1 || e.Rules[0].Kind != "judge" {
		t.Fatalf("rules: %+v (unenforced %q)", e.Rules, e.Unenforced)
	}
	if w := e.Rules[0].When; w == nil || w.Added != `(?i)deprecat` {
		t.Fatalf("condition: %+v", w)
	}
}

// A contribution rule a recogniser makes carries the sentence's condition too: "tests
// for new functionality" does not ask a bug fix that adds no function for a test.
func TestRecognisedRuleCarriesItsCondition(t *testing.T) {
	c := &policy.Constraint{ID: "abc", Text: "If a change adds new functionality, it must include tests.", Level: policy.Must, File: "CONTRIBUTING.md", Line: 3}
	e := CompileConstraint(c, nil, rules.Recognizers())
	var kinds []string
	for _, r := range e.Rules {
		kinds = append(kinds, r.Kind)
		if r.Kind == "cochange" && (r.When == nil || r.When.What != "a new function or class") {
			t.Errorf("cochange rule without the condition: %+v", r.When)
		}
	}
	if len(kinds) == 0 || kinds[0] != "cochange" {
		t.Fatalf("rules: %v (unenforced %q)", kinds, e.Unenforced)
	}
}
