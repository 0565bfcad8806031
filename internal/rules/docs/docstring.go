package docs

import (
	"fmt"
	"github.com/heed-dev/heed/internal/lazy"
	"path"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/policy"
)

// KindDocstring is the rule kind for the form of Python docstrings.
const KindDocstring = "docstring"

// The checks a docstring rule makes (DocstringParams.Check).
const (
	DocQuotes         = "quotes"        // Quote: the docstring's quotes (`"""`)
	DocRawBackslash   = "raw-backslash" // a docstring holding a backslash is a raw string
	DocSummary        = "summary"       // OneLine, Period, Capital: the summary's form
	DocBlankSummary   = "blank-after-summary"
	DocQuoteLines     = "quote-lines" // Open, Close: a multi-line docstring's quotes stand on their own lines
	DocOneLine        = "one-line"    // a one-line docstring keeps its quotes on its line
	DocBlankClose     = "blank-before-close"
	DocSection        = "section" // Section: public functions and classes have the section
	DocUnderline      = "section-underline"
	DocHeadingForbid  = "heading-forbid"       // Headings: section headings that must not be used
	DocPresent        = "present"              // Owners: public ones have a docstring
	DocParameters     = "parameters"           // a function with parameters documents them in a Parameters section
	DocNoMarkdown     = "no-markdown"          // no Markdown fences, headings or links
	DocDoctestWidth   = "doctest-width"        // Max: no doctest input (after its prompt) is longer
	DocParamSeparator = "param-separator"      // a Parameters entry is "name : type", not "name: type"
	DocNumpydoc       = "numpydoc"             // no Google-style sections or Sphinx field lists; sections underlined with dashes of their length
	DocBlankDoctest   = "blank-before-doctest" // Section: a blank line before the section\'s first doctest
)

// DocstringParams are the parameters of a docstring rule.
type DocstringParams struct {
	Check   string `json:"check"`
	Quote   string `json:"quote,omitempty"`
	OneLine bool   `json:"one_line,omitempty"`
	Period  bool   `json:"period,omitempty"`
	Capital bool   `json:"capital,omitempty"`
	Open    bool   `json:"open,omitempty"`
	Close   bool   `json:"close,omitempty"`
	Section string `json:"section,omitempty"`
	Max     int    `json:"max,omitempty"`
	// Headings are the section headings DocHeadingForbid bans, each with the one to
	// use instead after "=" ("Example=Examples").
	Headings []string `json:"headings,omitempty"`
	// Owners are "module", "class", "def" (functions and methods) or "method" (defs in
	// a class body); empty: class and def.
	Owners []string `json:"owners,omitempty"`
}

var docChecks = []string{DocQuotes, DocRawBackslash, DocSummary, DocBlankSummary, DocQuoteLines, DocOneLine, DocBlankClose,
	DocSection, DocUnderline, DocHeadingForbid, DocPresent, DocParameters, DocNoMarkdown, DocDoctestWidth, DocParamSeparator, DocBlankDoctest, DocNumpydoc}

type docstringCheck struct {
	rule *policy.Rule
	p    DocstringParams
}

func compileDocstring(rule *policy.Rule) (engine.Check, error) {
	var p DocstringParams
	if err := decode(rule.Params, &p); err != nil {
		return nil, err
	}
	switch p.Check {
	case DocQuotes:
		if p.Quote != `"""` && p.Quote != `'''` {
			return nil, fmt.Errorf(`params.quote: want """ or ''', got %q`, p.Quote)
		}
	case DocSummary:
		if !p.OneLine && !p.Period && !p.Capital {
			return nil, fmt.Errorf("params: summary needs one_line, period or capital")
		}
	case DocQuoteLines:
		if !p.Open && !p.Close {
			return nil, fmt.Errorf("params: quote-lines needs open or close")
		}
	case DocDoctestWidth:
		if p.Max <= 0 {
			return nil, fmt.Errorf("params.max: doctest-width needs a positive limit")
		}
	case DocSection, DocBlankDoctest:
		if strings.TrimSpace(p.Section) == "" {
			return nil, fmt.Errorf("params.section: section needs a heading")
		}
	case DocHeadingForbid:
		if len(p.Headings) == 0 {
			return nil, fmt.Errorf("params.headings: heading-forbid needs headings")
		}
	case DocRawBackslash, DocBlankSummary, DocOneLine, DocBlankClose, DocUnderline, DocPresent, DocParameters, DocNoMarkdown, DocParamSeparator, DocNumpydoc:
	case "":
		return nil, fmt.Errorf("params.check: missing (want one of %s)", strings.Join(docChecks, ", "))
	default:
		return nil, fmt.Errorf("params.check: unknown check %q (want one of %s)", p.Check, strings.Join(docChecks, ", "))
	}
	for _, o := range p.Owners {
		if o != "module" && o != "class" && o != "def" && o != "method" {
			return nil, fmt.Errorf("params.owners: %q is not module, class, def or method", o)
		}
	}
	return &docstringCheck{rule: rule, p: p}, nil
}

// FileByFile implements engine.FileByFile.
func (c *docstringCheck) FileByFile(*engine.Evidence) bool { return true }

// WantsFile implements engine.FileSelector: Python files.
func (c *docstringCheck) WantsFile(p, lang string) bool {
	return (lang == engine.LangPython || path.Ext(p) == ".py") && c.rule.Scope.Covers(p)
}

func (c *docstringCheck) Targets(ev *engine.Evidence) []engine.Target {
	var ts []engine.Target
	for i, f := range ev.Files {
		if (f.Lang == engine.LangPython || path.Ext(f.Path) == ".py") && c.rule.Scope.Covers(f.Path) {
			ts = append(ts, engine.Target{Kind: engine.TargetFile, Index: i, Path: f.Path})
		}
	}
	return ts
}

// testFile: tests are not API; their functions need no docstring.
func testFile(p string) bool {
	base := path.Base(p)
	return strings.HasPrefix(base, "test_") || strings.HasSuffix(base, "_test.py") || base == "conftest.py" ||
		slices.ContainsFunc(strings.Split(path.Dir(p), "/"), func(d string) bool { return d == "tests" || d == "test" || d == "testing" })
}

// owns reports whether any line from..to belongs to the run.
func owns(f *engine.File, from, to int) bool {
	for l := from; l <= to; l++ {
		if f.Owns(l) {
			return true
		}
	}
	return false
}

func (c *docstringCheck) owners() []string {
	if len(c.p.Owners) > 0 {
		return c.p.Owners
	}
	return []string{"class", "def"}
}

var overloadRE = lazyre.New(`(?m)^\s*@(?:typing\.)?overload\b|^\s*@\w+\.(?:setter|deleter)\b`)

func (c *docstringCheck) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	f := ev.Files[t.Index]
	lines := strings.Split(string(f.Content), "\n")
	var fs []engine.Finding
	judged := 0
	at := func(line int, msg, sug string) {
		text := ""
		if line-1 < len(lines) && line >= 1 {
			text = strings.TrimSpace(lines[line-1])
		}
		fs = append(fs, engine.Finding{Path: f.Path, Line: line, CommandIndex: -1, Message: msg, Snippet: text, Suggestion: sug})
	}
	for _, d := range docstrings(string(f.Content)) {
		owner := d.Owner
		if owner == "def" && d.InClass && !slices.Contains(c.owners(), "def") {
			owner = "method"
		}
		if !slices.Contains(c.owners(), owner) && (c.p.Check == DocPresent || c.p.Check == DocSection || c.p.Check == DocParameters) {
			continue
		}
		has := d.Quote != ""
		from, to := d.DefLine, d.End
		if d.Owner == "module" {
			from = d.Start
		}
		if !has {
			to = d.DefLine
		}
		if from == 0 || !owns(f, from, to) {
			continue
		}
		if c.p.Check == DocPresent || has && c.applies(d) {
			judged++
		}
		switch c.p.Check {
		case DocPresent:
			if !has && d.Public && !testFile(f.Path) && !decorated(lines, d.DefLine) {
				at(d.DefLine, fmt.Sprintf("public %s %s has no docstring", ownerWord(d.Owner), d.Name), "add a docstring")
			}
			continue
		}
		if !has || !c.applies(d) {
			continue
		}
		if msg, sug, line := c.judgeOne(d); msg != "" {
			at(line, msg, sug)
		}
	}
	if len(fs) == 0 {
		if judged == 0 {
			// SWE-CC's precondition: the change adds or modifies no docstring (or
			// definition) the rule is about
			return engine.Result{Verdict: engine.Inapplicable, Reason: "the change adds or modifies no docstring"}
		}
		return engine.Result{Verdict: engine.Satisfied}
	}
	return engine.Result{Verdict: engine.Violated, Findings: fs}
}

// applies is each check's antecedent on a docstring: a rule about parameter entries
// says nothing of a docstring without them (SWE-CC's "not triggered").
func (c *docstringCheck) applies(d docstring) bool {
	content, _ := d.content()
	secs := sectionsOf(d)
	has := func(names ...string) bool {
		for _, s := range secs {
			if slices.Contains(names, s.name) {
				return true
			}
		}
		return false
	}
	switch c.p.Check {
	case DocParamSeparator:
		return has("Parameters", "Other Parameters", "Attributes", "Returns", "Yields")
	case DocBlankDoctest:
		return has(c.p.Section) && strings.Contains(d.text(), ">>>")
	case DocDoctestWidth:
		return strings.Contains(d.text(), ">>>")
	case DocRawBackslash:
		return strings.Contains(d.text(), `\`)
	case DocSection:
		return d.Public && d.Owner != "module"
	case DocParameters:
		return d.Owner == "def" && d.Public && len(d.Params) > 0
	case DocUnderline, DocHeadingForbid:
		return len(secs) > 0
	case DocQuoteLines, DocBlankClose:
		return len(d.Lines) > 1 && len(content) > 1
	case DocOneLine:
		return len(content) == 1
	case DocNumpydoc:
		return len(content) > 1
	}
	return true
}

// decorated reports whether the def is an @overload stub or a property setter or
// deleter, which share the docstring of their first definition.
func decorated(lines []string, defLine int) bool {
	for k := defLine - 2; k >= 0; k-- {
		t := strings.TrimSpace(lines[k])
		if !strings.HasPrefix(t, "@") {
			return false
		}
		if overloadRE.MatchString(t) {
			return true
		}
	}
	return false
}

func ownerWord(o string) string {
	switch o {
	case "def":
		return "function"
	}
	return o
}

// section is a numpydoc or reST section heading of a docstring.
type section struct {
	name      string
	line      int
	underline string
}

var underlineRE = lazyre.New(`^(=+|-+|~+|\^+|\*+)$`)

func sectionsOf(d docstring) []section {
	var out []section
	for k := 0; k+1 < len(d.Lines); k++ {
		h, u := strings.TrimSpace(d.Lines[k]), strings.TrimSpace(d.Lines[k+1])
		if h == "" || len(u) < 2 || !underlineRE.MatchString(u) || underlineRE.MatchString(h) || len(h) > 40 {
			continue
		}
		out = append(out, section{name: h, line: d.Start + k, underline: u})
	}
	return out
}

// badSeparatorRE matches a numpydoc entry whose name and type are not separated by
// " : ": "x: int", "x :int".
var badSeparatorRE = lazyre.New(`^\*{0,2}[A-Za-z_]\w*(?:, ?\*{0,2}[A-Za-z_]\w*)*(?::\s*\S| :\S)`)

var (
	googleSectionRE = lazyre.New(`^(?:Args|Arguments|Returns|Raises|Yields|Keyword Args|Keyword Arguments|Attributes|Example|Examples|Note|Notes|Parameters|See Also):$`)
	fieldListRE     = lazyre.New(`^:(?:param|parameter|arg|argument|key|keyword|type|raises?|except|returns?|rtype|yields?|ytype)\b[^:]*:`)
)

// numpydocSections are the section names of the numpydoc guide.
var numpydocSections = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return map[string]bool{"Parameters": true, "Returns": true, "Yields": true, "Receives": true, "Other Parameters": true,
		"Raises": true, "Warns": true, "Warnings": true, "See Also": true, "Notes": true, "References": true, "Examples": true, "Attributes": true, "Methods": true}
}}

var (
	mdFenceRE = lazyre.New("(?m)^\\s*```")
	mdHeadRE  = lazyre.New(`(?m)^\s*#{1,6} \S`)
	mdLinkRE  = lazyre.New(`\[[^\]\n]+\]\((?:https?://|/|\.)[^)\s]*\)`)
)

// judgeOne judges one docstring; a message names the violation.
func (c *docstringCheck) judgeOne(d docstring) (msg, sug string, line int) {
	content, at := d.content()
	multi := len(d.Lines) > 1
	switch c.p.Check {
	case DocQuotes:
		if d.Quote != c.p.Quote {
			return fmt.Sprintf("the docstring is quoted with %s, not %s", d.Quote, c.p.Quote), fmt.Sprintf("quote the docstring with %s", c.p.Quote), d.Start
		}
	case DocRawBackslash:
		if strings.Contains(d.text(), `\`) && !strings.ContainsAny(d.Prefix, "rR") {
			return "the docstring holds a backslash but is not a raw string", `make it a raw string: r"""..."""`, d.Start
		}
	case DocSummary:
		if len(content) == 0 {
			return "the docstring is empty", "write a one-line summary", d.Start
		}
		s := content[0]
		// the summary is the first paragraph: the lines up to a blank one
		k := at[0] - d.Start
		last := k
		for last+1 < len(d.Lines) && strings.TrimSpace(d.Lines[last+1]) != "" && !underlineRE.MatchString(strings.TrimSpace(d.Lines[last+1])) {
			last++
		}
		if c.p.OneLine && last > k {
			return "the docstring's summary runs over more than one line", "fit the summary on one line and leave a blank line after it", at[0]
		}
		end := strings.TrimSpace(d.Lines[last])
		if c.p.Period && !strings.HasSuffix(end, ".") && !strings.HasSuffix(end, "?") && !strings.HasSuffix(end, "!") && !strings.HasSuffix(end, ":") {
			return "the docstring's summary does not end with a period", "end the summary with a period", d.Start + last
		}
		if c.p.Capital {
			r := []rune(s)[0]
			if r >= 'a' && r <= 'z' && !strings.ContainsAny(strings.Fields(s)[0], "_.()") {
				return "the docstring's summary does not start with a capital letter", "start the summary with a capital letter", at[0]
			}
		}
	case DocBlankSummary:
		if len(content) > 1 {
			k := at[0] - d.Start
			if k+1 < len(d.Lines) && strings.TrimSpace(d.Lines[k+1]) != "" && at[1] == at[0]+1 && !underlineRE.MatchString(content[1]) {
				return "no blank line between the docstring's summary and its description", "leave a blank line after the summary", at[1]
			}
		}
	case DocQuoteLines:
		if !multi || len(content) < 2 {
			return
		}
		if c.p.Open && strings.TrimSpace(d.Lines[0]) != "" {
			return "the multi-line docstring's opening quotes are not on their own line", "put the opening quotes on their own line", d.Start
		}
		if c.p.Close && strings.TrimSpace(d.Lines[len(d.Lines)-1]) != "" {
			return "the multi-line docstring's closing quotes are not on their own line", "put the closing quotes on their own line", d.End
		}
	case DocOneLine:
		if len(content) == 1 && multi {
			return "a one-line docstring spread over several lines", "keep the quotes on the line of the text", d.Start
		}
	case DocBlankClose:
		if len(content) < 2 || !multi {
			return
		}
		n := len(d.Lines)
		if strings.TrimSpace(d.Lines[n-1]) != "" || n < 2 || strings.TrimSpace(d.Lines[n-2]) != "" {
			return "no blank line before the docstring's closing quotes", "leave a blank line before the closing quotes, which stand on their own line", d.End
		}
	case DocSection:
		if !d.Public || d.Owner == "module" {
			return
		}
		for _, s := range sectionsOf(d) {
			if strings.EqualFold(s.name, c.p.Section) {
				return
			}
		}
		return fmt.Sprintf("the docstring of %s has no %s section", d.Name, c.p.Section), fmt.Sprintf("add a %s section", c.p.Section), d.Start
	case DocUnderline:
		for _, s := range sectionsOf(d) {
			if len(s.underline) != len([]rune(s.name)) {
				return fmt.Sprintf("the section heading %q is underlined with %d characters, not %d", s.name, len(s.underline), len([]rune(s.name))),
					"underline the heading with as many characters as it has", s.line + 1
			}
		}
	case DocHeadingForbid:
		for _, s := range sectionsOf(d) {
			for _, h := range c.p.Headings {
				bad, good, _ := strings.Cut(h, "=")
				if s.name == bad {
					sug := "use the supported heading"
					if good != "" {
						sug = fmt.Sprintf("write the heading as %s", good)
					}
					return fmt.Sprintf("the docstring section heading %q is not a supported one", s.name), sug, s.line
				}
			}
		}
	case DocParameters:
		if d.Owner != "def" || !d.Public || len(d.Params) == 0 {
			return
		}
		for _, s := range sectionsOf(d) {
			if s.name == "Parameters" {
				return
			}
		}
		return fmt.Sprintf("%s takes parameters but its docstring has no Parameters section", d.Name), "add a Parameters section", d.Start
	case DocDoctestWidth:
		for k, l := range d.Lines {
			t := strings.TrimSpace(l)
			if (strings.HasPrefix(t, ">>> ") || strings.HasPrefix(t, "... ")) && utf8.RuneCountInString(t[4:]) > c.p.Max {
				return fmt.Sprintf("a doctest input of %d characters (limit %d)", utf8.RuneCountInString(t[4:]), c.p.Max),
					"wrap the input over several lines with the ... continuation prompt", d.Start + k
			}
		}
	case DocParamSeparator:
		for _, s := range sectionsOf(d) {
			if s.name != "Parameters" && s.name != "Other Parameters" && s.name != "Attributes" && s.name != "Returns" && s.name != "Yields" {
				continue
			}
			base := -1
			for k := s.line - d.Start + 2; k < len(d.Lines); k++ {
				l := d.Lines[k]
				t := strings.TrimSpace(l)
				if t == "" {
					continue
				}
				ind := len(l) - len(strings.TrimLeft(l, " \t"))
				if base < 0 {
					base = ind
				}
				if ind < base || k+1 < len(d.Lines) && underlineRE.MatchString(strings.TrimSpace(d.Lines[k+1])) {
					break // the next section
				}
				if ind == base && badSeparatorRE.MatchString(t) {
					return fmt.Sprintf("the entry %q does not separate name and type with \" : \"", t), "write the entry as name : type", d.Start + k
				}
			}
		}
	case DocBlankDoctest:
		for _, s := range sectionsOf(d) {
			if s.name != c.p.Section {
				continue
			}
			for k := s.line - d.Start + 2; k < len(d.Lines); k++ {
				if strings.HasPrefix(strings.TrimSpace(d.Lines[k]), ">>>") {
					if strings.TrimSpace(d.Lines[k-1]) != "" {
						return fmt.Sprintf("no blank line before the first doctest of the %s section", s.name), "leave a blank line before the first >>> line", d.Start + k
					}
					break
				}
			}
		}
	case DocNumpydoc:
		for k, l := range d.Lines {
			t := strings.TrimSpace(l)
			if googleSectionRE.MatchString(t) && k+1 < len(d.Lines) && indentOf(d.Lines[k+1]) > indentOf(l) {
				return fmt.Sprintf("a Google-style section %q in a numpydoc docstring", t), "write the section as a heading underlined with dashes", d.Start + k
			}
			if fieldListRE.MatchString(t) {
				return fmt.Sprintf("a Sphinx field list entry %q in a numpydoc docstring", t), "document it in a numpydoc section (Parameters, Returns)", d.Start + k
			}
		}
		for _, s := range sectionsOf(d) {
			if numpydocSections.Get()[s.name] && (!strings.HasPrefix(s.underline, "-") || len(s.underline) != len(s.name)) {
				return fmt.Sprintf("the numpydoc section %q is not underlined with %d dashes", s.name, len(s.name)), "underline the section name with dashes of its length", s.line + 1
			}
		}
	case DocNoMarkdown:
		t := d.text()
		for _, re := range []*lazyre.RE{mdFenceRE, mdHeadRE, mdLinkRE} {
			if loc := re.FindStringIndex(t); loc != nil {
				return "the docstring uses Markdown", "write the docstring in reStructuredText (``code``, `text <url>`_, underlined headings)", d.Start + strings.Count(t[:loc[0]], "\n")
			}
		}
	}
	return "", "", 0
}
