package norm

import (
	"slices"
	"testing"
)

// TestMarkupStyle: SWE-CC's markup policies (../shared/corpus/swe-cc, by id) and
// sentences of heed's own; a condition heed cannot see, or single backticks named
// as the alternative, is no such rule.
func TestMarkupStyle(t *testing.T) {
	cases := []struct {
		in, style string
		in2       []string
		noMD      bool
	}{
		{"Verbatim code in RST documentation must be enclosed in double backticks, as in ``code``.", "", nil, false},                                                                    // SYMPY-C221: the default role is the project's (SymPy's is math)
		{"If the PDF documentation build fails, the contributor must ensure code is delimited with double backticks rather than single backticks.", "", nil, false},                     // SYMPY-C150
		{"Give string values with plain quotes and no surrounding literal role.", "string-no-literal", []string{"docs", "docstrings"}, false},                                           // MATPLOTLIB-C029
		{"A custom-text object link must use `:obj:`custom text <object>`` syntax and must not include `~` in the target.", "xref-tilde-target", []string{"docs", "docstrings"}, false}, // SYMPY-C210
		{"Use double backticks for code in Markdown files.", "", nil, false},
		{"String values are shown in the literal role by Sphinx.", "", nil, false},
	}
	for _, c := range cases {
		st, in, noMD := MarkupStyle(c.in)
		if st != c.style || !slices.Equal(in, c.in2) || noMD != c.noMD {
			t.Errorf("MarkupStyle(%q) = %q, %v, %v; want %q, %v, %v", c.in, st, in, noMD, c.style, c.in2, c.noMD)
		}
	}
}

// TestPEP8NamingAndDoctestSubject: "Follow PEP-8 naming conventions in Python code"
// (PYTEST-DEV-C016) names PEP 8's conventions; PEP 8 as a whole is a linter's
// business. "A doctest must not use `X`" (SYMPY-C018) is a ban in doctests.
func TestPEP8NamingAndDoctestSubject(t *testing.T) {
	if _, ok := PEP8Naming("Follow PEP-8 naming conventions in Python code."); !ok {
		t.Error("PYTEST-DEV-C016 not read")
	}
	for _, s := range []string{"Follow PEP 8 style conventions except where the .flake8 config excludes specific errors.", "Follow PEP 8."} {
		if _, ok := PEP8Naming(s); ok {
			t.Errorf("PEP8Naming(%q) read as naming", s)
		}
	}
	got, inferred := APIConvention("A doctest must not use `from sympy import *`; it must import every used SymPy name explicitly.")
	if got != "`from sympy import *` is not allowed in doctests." || inferred {
		t.Errorf("SYMPY-C018 = %q, %v", got, inferred)
	}
	if got, _ := APIConvention("A doctest must show `>>>` before inputs."); got != "A doctest must show `>>>` before inputs." {
		t.Errorf("a duty of a doctest read as a ban: %q", got)
	}
}

// TestPytestFormBareAssert: PYDATA-C058 names where plain asserts are asked for.
func TestPytestFormBareAssert(t *testing.T) {
	for _, s := range []string{"Assert on scalars and truth values with a bare assert statement.", "Use plain assert statements in tests."} {
		if got := PytestForm(s); got != "plain-assert" {
			t.Errorf("PytestForm(%q) = %q", s, got)
		}
	}
	if got := PytestForm("Assert on arrays with `assert_allclose`."); got != "" {
		t.Errorf("an array helper read as a plain assert: %q", got)
	}
}
