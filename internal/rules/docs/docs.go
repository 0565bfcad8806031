// Package docs holds the rules on documentation and tests an agent writes: the form
// of Python docstrings (quotes, raw strings, summary line, sections), words banned
// from documentation prose (in .rst and .md files, docstrings or comments, outside
// code), reStructuredText headings, and the form of pytest test modules. The English is read by
// norm.DocForms; this package lowers it into the docstring and docprose kinds.
package docs

import (
	"encoding/json"
	"fmt"
	"github.com/heed-dev/heed/internal/lazy"
	"regexp"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// The driver contracts the checks implement (engine/capabilities.go).
var (
	_ engine.FileSelector = (*docstringCheck)(nil)
	_ engine.FileByFile   = (*docstringCheck)(nil)
	_ engine.FileSelector = (*proseCheck)(nil)
	_ engine.FileByFile   = (*proseCheck)(nil)
	_ engine.FileSelector = (*pytestCheck)(nil)
	_ engine.FileByFile   = (*pytestCheck)(nil)
)

// Kinds returns the documentation rule kinds.
func Kinds() []engine.Kind {
	return []engine.Kind{
		{Name: KindDocstring, Doc: docstringDoc, Domain: policy.DomainSource, Compile: compileDocstring, Needs: []engine.Part{engine.PartDiff}},
		{Name: KindProse, Doc: proseDoc, Domain: policy.DomainSource, Compile: compileProse, Needs: []engine.Part{engine.PartDiff}},
		{Name: KindPytest, Doc: pytestDoc, Domain: policy.DomainSource, Compile: compilePytest, Needs: []engine.Part{engine.PartDiff}},
	}
}

// Recognizers returns the documentation recognisers.
func Recognizers() []recognize.Recognizer { return []recognize.Recognizer{docRecognizer{}} }

// decode is the strict params decoder every kind uses.
func decode(raw json.RawMessage, v any) error { return engine.DecodeParams(raw, v) }

type docRecognizer struct{}

func (docRecognizer) Name() string { return "docs.form" }

func (docRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	var out recognize.Result
	if rc == nil || len(rc.Languages) == 0 || rc.HasLanguage(engine.LangPython) {
		if r, ok := lowerPytest(c, norm.PytestForm(c.Text)); ok {
			r.Norm = "pytest: " + norm.PytestForm(c.Text)
			out.Rules = append(out.Rules, r)
		}
	}
	for _, f := range norm.DocForms(c.Text, strings.Join(c.HeaderPath, " / ")) {
		if f.Kind == "docstring" && rc != nil && len(rc.Languages) > 0 && !rc.HasLanguage(engine.LangPython) {
			continue // Python docstrings in a repository without Python
		}
		if r, ok := lowerDoc(c, f); ok {
			r.Norm = f.Kind + ": " + f.Check
			out.Rules = append(out.Rules, r)
		}
	}
	return out
}

func rule(c *policy.Constraint, kind string, params any, message, suggestion string, cases ...policy.Case) policy.Rule {
	raw, _ := json.Marshal(params)
	return policy.Rule{Domain: policy.DomainSource, Kind: kind, Params: raw, Severity: recognize.Severity(c.Level),
		Exact: true, Message: message, Suggestion: suggestion, Cases: cases}
}

func pyCase(expect, code, note string) policy.Case {
	return policy.Case{Expect: expect, Path: "pkg/core.py", Code: code, Note: note}
}

const (
	vio = policy.ExpectViolated
	sat = policy.ExpectSatisfied
)

func lowerDoc(c *policy.Constraint, f norm.DocForm) (policy.Rule, bool) {
	if f.Kind == "prose" {
		return lowerProse(c, f)
	}
	p := DocstringParams{Check: f.Check, Quote: f.Quote, OneLine: f.OneLine, Period: f.Period, Capital: f.Capit,
		Open: f.Open, Close: f.Close, Section: f.Section, Headings: f.Headings, Owners: f.Owners, Max: f.Max}
	good := "def area(r):\n    \"\"\"Return the area of a circle.\n\n    Parameters\n    ----------\n    r : float\n\n    Examples\n    --------\n    >>> area(1)\n    3.14\n\n    \"\"\"\n    return 3.14 * r * r\n"
	var bad string
	switch f.Check {
	case DocQuotes:
		bad = "def area(r):\n    '''Return the area of a circle.'''\n    return 3.14 * r * r\n"
	case DocRawBackslash:
		bad = "def area(r):\n    \"\"\"Return :math:`\\pi r^2`.\"\"\"\n    return 3.14 * r * r\n"
		good = "def area(r):\n    r\"\"\"Return :math:`\\pi r^2`.\"\"\"\n    return 3.14 * r * r\n"
	case DocSummary:
		bad = "def area(r):\n    \"\"\"return the area of a circle\n    of radius r\n    \"\"\"\n    return 3.14 * r * r\n"
	case DocBlankSummary:
		bad = "def area(r):\n    \"\"\"Return the area of a circle.\n    The radius is r.\n    \"\"\"\n    return 3.14 * r * r\n"
	case DocQuoteLines:
		bad = "def area(r):\n    \"\"\"Return the area of a circle.\n\n    The radius is r.\"\"\"\n    return 3.14 * r * r\n"
		if p.Open {
			good = strings.Replace(good, `"""Return`, "\"\"\"\n    Return", 1)
		}
	case DocOneLine:
		bad = "def area(r):\n    \"\"\"\n    Return the area of a circle.\n    \"\"\"\n    return 3.14 * r * r\n"
		good = "def area(r):\n    \"\"\"Return the area of a circle.\"\"\"\n    return 3.14 * r * r\n"
	case DocBlankClose:
		bad = "def area(r):\n    \"\"\"Return the area of a circle.\n\n    The radius is r.\n    \"\"\"\n    return 3.14 * r * r\n"
	case DocSection:
		bad = "def area(r):\n    \"\"\"Return the area of a circle.\"\"\"\n    return 3.14 * r * r\n"
		good = strings.Replace(good, "Examples\n    --------", p.Section+"\n    "+strings.Repeat("-", len(p.Section)), 1)
		if !strings.Contains(good, p.Section) {
			return policy.Rule{}, false
		}
	case DocUnderline:
		bad = "def area(r):\n    \"\"\"Return the area of a circle.\n\n    Examples\n    ====\n    >>> area(1)\n    3.14\n\n    \"\"\"\n    return 3.14 * r * r\n"
	case DocHeadingForbid:
		bad = "def area(r):\n    \"\"\"Return the area of a circle.\n\n    Example\n    -------\n    >>> area(1)\n    3.14\n\n    \"\"\"\n    return 3.14 * r * r\n"
		for _, h := range p.Headings {
			if b, _, _ := strings.Cut(h, "="); b != "Example" {
				bad = strings.ReplaceAll(bad, "Example\n    -------", b+"\n    "+strings.Repeat("-", len(b)))
			}
		}
	case DocPresent:
		if len(p.Owners) == 0 {
			return policy.Rule{}, false
		}
		switch p.Owners[0] {
		case "method":
			bad = "class Circle:\n    \"\"\"A circle.\"\"\"\n\n    def area(self):\n        return 3.14 * self.r * self.r\n"
			good = "class Circle:\n    \"\"\"A circle.\"\"\"\n\n    def area(self):\n        \"\"\"Return the area.\"\"\"\n        return 3.14 * self.r * self.r\n\n    def _scale(self):\n        return 2\n"
		case "class":
			bad = "class Circle:\n    r = 1\n"
			good = "class Circle:\n    \"\"\"A circle.\"\"\"\n    r = 1\n"
		case "module":
			bad = "import math\n"
			good = "\"\"\"Circles.\"\"\"\nimport math\n"
		default:
			bad = "def area(r):\n    return 3.14 * r * r\n"
			good = "def area(r):\n    \"\"\"Return the area.\"\"\"\n    return 3.14 * r * r\n\n\ndef _helper():\n    return 1\n"
		}
	case DocParameters:
		bad = "def area(r):\n    \"\"\"Return the area of a circle.\"\"\"\n    return 3.14 * r * r\n"
	case DocDoctestWidth:
		long := strings.Repeat("x", p.Max)
		bad = "def area(r):\n    \"\"\"Return the area.\n\n    >>> area(" + long + ")\n    3\n    \"\"\"\n    return 3\n"
		good = "def area(r):\n    \"\"\"Return the area.\n\n    >>> area(\n    ...     " + long[:p.Max-8] + ")\n    3\n    \"\"\"\n    return 3\n"
	case DocParamSeparator:
		bad = strings.Replace(good, "r : float", "r: float", 1)
	case DocBlankDoctest:
		bad = "def area(r):\n    \"\"\"Return the area of a circle.\n\n    " + p.Section + "\n    " + strings.Repeat("=", len(p.Section)) + "\n    >>> area(1)\n    3.14\n\n    \"\"\"\n    return 3.14 * r * r\n"
		good = strings.Replace(bad, strings.Repeat("=", len(p.Section))+"\n", strings.Repeat("=", len(p.Section))+"\n\n", 1)
	case DocNumpydoc:
		bad = "def area(r):\n    \"\"\"Return the area of a circle.\n\n    Args:\n        r: the radius.\n    \"\"\"\n    return 3.14 * r * r\n"
	case DocNoMarkdown:
		bad = "def area(r):\n    \"\"\"Return the area of a circle.\n\n    See [the guide](https://example.org/guide).\n    \"\"\"\n    return 3.14 * r * r\n"
	default:
		return policy.Rule{}, false
	}
	msg, sug := docMessages(p)
	return rule(c, KindDocstring, p, msg, sug, pyCase(vio, bad, "a docstring against the rule"), pyCase(sat, good, "a docstring that follows it")), true
}

func docMessages(p DocstringParams) (string, string) {
	switch p.Check {
	case DocQuotes:
		return "docstring not quoted with " + p.Quote, "quote docstrings with " + p.Quote
	case DocRawBackslash:
		return "docstring with a backslash that is not a raw string", `make the docstring a raw string (r"""...""")`
	case DocSummary:
		return "docstring summary not in the required form", "write a one-line summary that starts with a capital letter and ends with a period"
	case DocBlankSummary:
		return "no blank line after the docstring's summary", "leave a blank line after the summary"
	case DocQuoteLines:
		return "multi-line docstring quotes not on their own lines", "put the quotes of a multi-line docstring on their own lines"
	case DocOneLine:
		return "one-line docstring spread over lines", "keep a one-line docstring on one line with its quotes"
	case DocBlankClose:
		return "no blank line before the docstring's closing quotes", "leave a blank line before the closing quotes"
	case DocSection:
		return "docstring without a " + p.Section + " section", "add a " + p.Section + " section"
	case DocUnderline:
		return "docstring section heading underlined to another length", "underline each heading with as many characters as it has"
	case DocHeadingForbid:
		return "unsupported docstring section heading", "use the supported section names"
	case DocPresent:
		return "public definition without a docstring", "add a docstring"
	case DocParameters:
		return "docstring without a Parameters section", "document the parameters in a Parameters section"
	case DocNoMarkdown:
		return "Markdown in a docstring", "write docstrings in reStructuredText"
	case DocNumpydoc:
		return "docstring not in numpydoc form", "write numpydoc sections: a name underlined with dashes"
	case DocDoctestWidth:
		return fmt.Sprintf("doctest input longer than %d characters", p.Max), "wrap the input with the ... continuation prompt"
	case DocParamSeparator:
		return "docstring entry without \" : \" between name and type", "write entries as name : type"
	case DocBlankDoctest:
		return "no blank line before the first doctest of " + p.Section, "leave a blank line before the first >>> line"
	}
	return "docstring rule violated", "fix the docstring"
}

// contractionPattern matches English contractions: don't, it's, we're, you'll, I'm.
const contractionPattern = `\b(?:[a-z]+n['’]t|(?:it|that|there|here|what|who|let|he|she)['’]s|(?:we|you|they)['’](?:re|ve|ll|d)|i['’](?:m|ve|ll|d)|(?:it|that)['’]ll)\b`

func lowerProse(c *policy.Constraint, f norm.DocForm) (policy.Rule, bool) {
	doc := func(expect, text, note string) policy.Case {
		return policy.Case{Expect: expect, Path: "docs/guide.rst", Code: "Guide\n=====\n\n" + text + "\n", Note: note}
	}
	if f.Check == ProseUnderline {
		p := ProseParams{Check: ProseUnderline, Exact: f.Exact}
		return rule(c, KindProse, p, "reStructuredText heading underline of the wrong length", "make the underline as long as the heading text",
			policy.Case{Expect: vio, Path: "docs/guide.rst", Code: "Installing heed\n=====\n\nText.\n", Note: "a short underline"},
			policy.Case{Expect: sat, Path: "docs/guide.rst", Code: "Installing heed\n===============\n\nText.\n\n======  =====\nA       B\n======  =====\n", Note: "an underline of the title's length, and a table"}), true
	}
	if f.Check == ProseLevels {
		p := ProseParams{Check: ProseLevels, Levels: f.Levels}
		a, b := f.Levels[0], f.Levels[1]
		return rule(c, KindProse, p, "reStructuredText heading level out of order", "underline each heading level with its character: "+strings.Join(f.Levels, " "),
			policy.Case{Expect: vio, Path: "docs/guide.rst", Code: "Guide\n" + strings.Repeat(b, 5) + "\n\nUsage\n" + strings.Repeat(a, 5) + "\n\nText.\n", Note: "a deeper level's character above a higher one"},
			policy.Case{Expect: sat, Path: "docs/guide.rst", Code: "Guide\n" + strings.Repeat(a, 5) + "\n\nUsage\n" + strings.Repeat(b, 5) + "\n\nText.\n", Note: "the levels in order"}), true
	}
	p := ProseParams{Check: ProseWords, In: f.In}
	for _, e := range f.Except {
		switch e {
		case "tutorials":
			p.Except = []string{"**/tutorial*/**", "**/*tutorial*"}
		case "markdown":
			p.Except = []string{"**/*.md", "**/*.mdx"}
		}
	}
	var bad, near, what string
	if st, ok := proseStyles.Get()[f.Style]; ok {
		p.Patterns, p.What, p.CaseSensitive, p.Raw, p.Markup = []string{st.pattern}, st.what, st.caseSensitive, st.raw, f.Markup
		bad, good := doc(vio, st.bad, "the form the sentence rules out"), doc(sat, st.good, "the form it asks for")
		if len(p.In) > 0 && !slices.Contains(p.In, InDocs) {
			bad = policy.Case{Expect: vio, Path: "pkg/run.py", Code: "def run():\n    # " + st.bad + "\n    return 1\n", Note: "the form the sentence rules out"}
			good = policy.Case{Expect: sat, Path: "pkg/run.py", Code: "def run():\n    # " + st.good + "\n    return 1\n", Note: "the form it asks for"}
		}
		r := rule(c, KindProse, p, "documentation prose not in the required form: "+st.what, st.fix, bad, good)
		if f.Markup {
			// markup read off prose lines: a project's default role or an
			// intended literal can make the form right; a warning
			r.Severity, r.Exact = policy.SeverityWarning, false
		}
		if st.mentions != "" {
			r.When = &policy.Condition{What: "a line the change adds or modifies holds " + st.mentionsWhat, Added: st.mentions}
		}
		return r, true
	}
	if f.Style != "" {
		return policy.Rule{}, false
	}
	if f.Contractions {
		p.Patterns = []string{contractionPattern}
		p.What = "a contraction"
		bad, near, what = "Heed doesn't run the tests.", "Heed does not run the tests. Write ``don't`` only in code.", "contractions"
	} else {
		var alts []string
		for _, w := range f.Words {
			alts = append(alts, `\b`+regexp.QuoteMeta(strings.ToLower(w))+`\b`)
		}
		if len(alts) == 0 {
			return policy.Rule{}, false
		}
		p.Patterns = []string{strings.Join(alts, "|")}
		p.What = "the word " + strings.Join(f.Words, " or ")
		what = strings.Join(f.Words, ", ")
		bad = "Then " + strings.ToLower(f.Words[0]) + " run the tool."
		near = "Then run the tool. Quote it as ``" + strings.ToLower(f.Words[0]) + "`` in code only."
	}
	cases := []policy.Case{doc(vio, bad, "the banned text in prose"), doc(sat, near, "the text only as code")}
	onlyComments := len(p.In) == 1 && p.In[0] == InComments
	if onlyComments || (len(p.In) == 1 && p.In[0] == InDocstrings) {
		code := "def run():\n    # " + bad + "\n    return 1\n"
		if !onlyComments {
			code = "def run():\n    \"\"\"" + bad + "\"\"\"\n    return 1\n"
		}
		cases = []policy.Case{
			{Expect: vio, Path: "pkg/run.py", Code: code, Note: "the banned text"},
			{Expect: sat, Path: "pkg/run.py", Code: "def run():\n    # Run the tool.\n    return 1\n", Note: "prose without it"},
		}
	}
	return rule(c, KindProse, p, "banned wording in documentation: "+what, "reword the sentence without "+what, cases...), true
}

// proseStyle is a form of prose heed can check: what violates it, with examples.
type proseStyle struct {
	pattern, what, fix, bad, good string
	caseSensitive                 bool
	// raw: the pattern runs on every line of a doc file, code included (a table's
	// rule line is markup, not prose)
	raw bool
	// mentions: a markup rule applies to a change that adds or modifies a line of
	// this markup (policy.Condition.Added); a change that adds none is not one it
	// speaks of
	mentions, mentionsWhat string
}

// proseStyles are the forms norm.DocForms names (DocForm.Style).
var proseStyles = lazy.Value[map[string]proseStyle]{F: func() map[string]proseStyle {
	return map[string]proseStyle{
		"em-dash-spaced":    {pattern: `\S—|—\S`, what: "an em dash without a space on each side", fix: "put a space on either side of the em dash", bad: "The tool—when run—checks.", good: "The tool — when run — checks."},
		"em-dash-unspaced":  {pattern: `\s—|—\s`, what: "a spaced em dash", fix: "write the em dash without spaces", bad: "The tool — when run — checks.", good: "The tool—when run—checks."},
		"en-dash-unspaced":  {pattern: `\d\s+–\s*\d|\d\s*–\s+\d`, what: "a spaced en dash in a range", fix: "write ranges with an unspaced en dash (10–20)", bad: "Pages 10 – 20 list them.", good: "Pages 10–20 list them."},
		"ie-eg-comma":       {pattern: `\b(?:i\.e|e\.g)\.(?:[^,]|$)`, what: "i.e. or e.g. without a comma after it", fix: "follow i.e. and e.g. with a comma", bad: "Use a short name (e.g. heed).", good: "Use a short name (e.g., heed)."},
		"iso-date":          {pattern: `\b(?:January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}(?:st|nd|rd|th)?,? \d{4}\b|\b\d{1,2}(?:st|nd|rd|th)? (?:January|February|March|April|May|June|July|August|September|October|November|December),? \d{4}\b|\b\d{1,2}/\d{1,2}/\d{2,4}\b`, what: "a date not in ISO 8601 form", fix: "write the date as YYYY-MM-DD", bad: "Released on March 3, 2024.", good: "Released on 2024-03-03.", caseSensitive: true},
		"24-hour":           {pattern: `(?i)\b\d{1,2}(?::\d{2})?\s?[ap]\.?m\.?(?:\W|$)`, what: "a time on the 12-hour clock", fix: "write times on the 24-hour clock (14:30)", bad: "The job runs at 3 pm daily.", good: "The job runs at 15:00 daily."},
		"issue-refs":        {pattern: `https?://github\.com/[^/\s]+/[^/\s]+/(?:issues|pull)/[0-9]+|(?:^|[\s(\[,;])(?:#|gh-|GH-)[0-9]{2,}\b`, what: "a reference to a GitHub issue or pull request", fix: "describe the reason in words instead of pointing at the issue", bad: "Works around #1234 for now.", good: "Works around a rounding bug for now."},
		"md-tables":         {pattern: `^\|?\s*:?-{3,}:?\s*\|`, what: "a Markdown table", fix: "write the table as a reStructuredText table", bad: "| a | b |\n|---|---|\n| 1 | 2 |", good: "====  ====\na     b\n====  ====", raw: true},
		"string-no-literal": {pattern: "``['\"][^`'\"]*['\"]``", what: "a string value in a literal role", fix: "write string values with plain quotes: 'value'", bad: "The mode is one of ``'fast'`` or ``'safe'``.", good: "The mode is one of 'fast' or 'safe'; see ``load_all``.", caseSensitive: true, mentions: "``['\"]", mentionsWhat: "a quoted literal"},
		"xref-tilde-target": {pattern: ":[\\w:+-]+:`[^`<]*<~[^`]*>`", what: "a `~` in a cross-reference's target", fix: "write the target without `~`: the custom text already names it", bad: "See :func:`the loader <~pkg.io.load>`.", good: "See :func:`the loader <pkg.io.load>` and :func:`~pkg.io.load`.", caseSensitive: true, mentions: ":[\\w:+-]+:`[^`<]*<", mentionsWhat: "a cross-reference with its own text"},
		"american":          {pattern: britishPattern, what: "a British spelling", fix: "use the American spelling", bad: "Heed will normalise the colour of the output.", good: "Heed will normalize the color of the output."},
	}
}}

// britishPattern matches common British spellings whose American forms differ.
const britishPattern = `\b(?:(?:organi|recogni|reali|initiali|optimi|customi|normali|seriali|minimi|maximi|summari|categori|utili|speciali|standardi|visuali|authori|synchroni|analy|paralleli|tokeni|vectori|finali|emphasi|apologi|prioriti)s(?:e|es|ed|ing|ation|ations|er|ers)|colour(?:s|ed|ing)?|behaviour(?:s|al)?|favour(?:s|ed|ite|ites)?|honour(?:s|ed)?|labour|neighbour(?:s|ing)?|centre(?:s|d)?|licence|defence|catalogue(?:s|d)?|analogue|modelling|modelled|travelled|travelling|cancelled|cancelling|labelled|labelling|grey)\b`

// pytestCases are a violating and a satisfying test module per pytest check.
var pytestCases = lazy.Value[map[string][2]string]{F: func() map[string][2]string {
	return map[string][2]string{
		PyTestPrefix:  {"def check_parse():\n    assert parse('1') == 1\n", "def test_parse():\n    assert parse('1') == 1\n\n\ndef make_input():\n    return '1'\n\n\ndef helper_assert(x):\n    assert x\n\n\ndef test_other():\n    helper_assert(make_input())\n"},
		PyClassPrefix: {"class ParseTests:\n    def test_one(self):\n        assert True\n", "class TestParse:\n    def test_one(self):\n        assert True\n\n\nclass Helper:\n    def run(self):\n        return 1\n"},
		PyUnique:      {"def test_parse():\n    assert True\n\n\ndef test_parse():\n    assert False\n", "def test_parse():\n    assert True\n\n\nclass TestOther:\n    def test_parse(self):\n        assert True\n"},
		PyPlainAssert: {"class TestParse(unittest.TestCase):\n    def test_one(self):\n        self.assertEqual(parse('1'), 1)\n", "def test_one():\n    assert parse('1') == 1\n"},
		PyFunctions:   {"class TestParse:\n    def test_one(self):\n        assert True\n", "def test_one():\n    assert True\n"},
		PyRaisesCtx:   {"def test_bad():\n    pytest.raises(ValueError, parse, 'x')\n", "def test_bad():\n    with pytest.raises(ValueError, match='x'):\n        parse('x')\n"},
		PyWarnsCtx:    {"def test_old():\n    pytest.warns(DeprecationWarning, old, 1)\n", "def test_old():\n    with pytest.warns(DeprecationWarning):\n        old(1)\n"},
	}
}}

func lowerPytest(c *policy.Constraint, form string) (policy.Rule, bool) {
	cs, ok := pytestCases.Get()[form]
	if !ok {
		return policy.Rule{}, false
	}
	msgs := map[string][2]string{
		PyTestPrefix:  {"a test function pytest never runs: its name lacks test_", "name test functions test_*"},
		PyClassPrefix: {"a test class pytest never collects: its name lacks Test", "name test classes Test*"},
		PyUnique:      {"two tests share a name; only the last runs", "give each test a unique name"},
		PyPlainAssert: {"unittest-style assertion in a test", "use plain assert statements"},
		PyFunctions:   {"a test class where test functions are asked for", "write tests as module-level functions"},
		PyRaisesCtx:   {"expected exception not asserted with the pytest.raises context manager", "use with pytest.raises(...)"},
		PyWarnsCtx:    {"expected warning not asserted with the pytest.warns context manager", "use with pytest.warns(...)"},
	}[form]
	return rule(c, KindPytest, PytestParams{Check: form}, msgs[0], msgs[1],
		policy.Case{Expect: vio, Path: "pkg/tests/test_parse.py", Code: cs[0], Note: "a test module against the rule"},
		policy.Case{Expect: sat, Path: "pkg/tests/test_parse.py", Code: cs[1], Note: "a test module that follows it"}), true
}

// The params docs of the documentation kinds (engine.Kind.Doc), for a model that
// writes rules; docs/source.md has the full tables.
const (
	docstringDoc = `The form of Python docstrings. params {"check": ..., its fields}. Checks: "quotes" {"quote"}, "raw-backslash", "summary" {"one_line", "period", "capital"}, "blank-after-summary", "quote-lines" {"open", "close"}, "one-line", "blank-before-close", ` +
		`"section" {"section"} (public functions and classes have it), "section-underline", "heading-forbid" {"headings": ["Bad=Good"]}, "present" {"owners": ["module"|"class"|"def"|"method"]}, "parameters", "no-markdown", "doctest-width" {"max"}, "param-separator", "blank-before-doctest" {"section"}. Cases: "path" (.py) and "code".`
	proseDoc = `Documentation prose. params {"check": "words", "patterns": [regexes], "in": ["docs"|"docstrings"|"comments"], "case_sensitive", "except": [globs], "markup"} bans words in prose (code, literal blocks, inline code and URLs are not prose); ` +
		`{"check": "heading-underline", "exact"}; {"check": "heading-levels", "levels": [characters]} for reStructuredText headings. Cases: "path" and "code".`
	pytestDoc = `Python test modules. params {"check": "test-prefix"|"class-prefix"|"unique-names"|"plain-assert"|"functions"|"raises-context"|"warns-context"}. Cases: "path" (a test module) and "code".`
)
