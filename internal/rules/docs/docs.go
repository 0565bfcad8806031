// Package docs holds the rules on documentation an agent writes: the form of Python
// docstrings (quotes, raw strings, summary line, sections), words banned from
// documentation prose (in .rst and .md files, docstrings or comments, outside code)
// and the underlines of reStructuredText headings. The English is read by
// norm.DocForms; this package lowers it into the docstring and docprose kinds.
package docs

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// Kinds returns the documentation rule kinds.
func Kinds() []engine.Kind {
	return []engine.Kind{
		{Name: KindDocstring, Domain: policy.DomainSource, Compile: compileDocstring},
		{Name: KindProse, Domain: policy.DomainSource, Compile: compileProse},
	}
}

// Recognizers returns the documentation recognisers.
func Recognizers() []recognize.Recognizer { return []recognize.Recognizer{docRecognizer{}} }

func decode(raw json.RawMessage, v any) error {
	if len(raw) == 0 {
		return fmt.Errorf("params: missing")
	}
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("params: %w", err)
	}
	return nil
}

type docRecognizer struct{}

func (docRecognizer) Name() string { return "docs.form" }

func (docRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	var out recognize.Result
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
		Open: f.Open, Close: f.Close, Section: f.Section, Headings: f.Headings, Owners: f.Owners}
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
	p := ProseParams{Check: ProseWords, In: f.In}
	for _, e := range f.Except {
		if e == "tutorials" {
			p.Except = []string{"**/tutorial*/**", "**/*tutorial*"}
		}
	}
	var bad, near, what string
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
