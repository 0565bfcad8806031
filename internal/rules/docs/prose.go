package docs

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/policy"
)

// KindProse is the rule kind for documentation prose: words banned from it, and the
// underlines of reStructuredText headings.
const KindProse = "docprose"

// Prose checks (ProseParams.Check).
const (
	ProseWords     = "words"             // Patterns: none matches the prose
	ProseUnderline = "heading-underline" // Exact: a heading's underline is as long as (exactly, with Exact) its title
	ProseLevels    = "heading-levels"    // Levels: headings use these characters, deeper levels later in the list
)

// Regions of prose (ProseParams.In).
const (
	InDocs       = "docs"       // .rst and .md files, .txt files under a doc folder: text outside code
	InDocstrings = "docstrings" // Python docstrings, outside doctests and literal blocks
	InComments   = "comments"   // Python comments
)

// ProseParams are the parameters of a docprose rule.
type ProseParams struct {
	Check string `json:"check"`
	// Patterns are regular expressions (case-insensitive unless CaseSensitive) of
	// what the prose must not hold.
	Patterns      []string `json:"patterns,omitempty"`
	CaseSensitive bool     `json:"case_sensitive,omitempty"`
	// What names what the patterns match, for messages ("a contraction").
	What string `json:"what,omitempty"`
	// In are the regions judged; empty: docs and docstrings.
	In []string `json:"in,omitempty"`
	// Except are globs of files left out ("tutorials").
	Except []string `json:"except,omitempty"`
	Exact  bool     `json:"exact,omitempty"`
	// Raw runs the patterns on every line of a documentation file, not only its
	// prose (markup such as a Markdown table's rule line).
	Raw bool `json:"raw,omitempty"`
	// Levels are the underline characters of heading levels, outermost first.
	Levels []string `json:"levels,omitempty"`
	// Markup runs the patterns on the prose lines with their inline markup kept
	// (code spans, roles, links): the patterns are about the markup.
	Markup bool `json:"markup,omitempty"`
}

type proseCheck struct {
	rule *policy.Rule
	p    ProseParams
	res  []*regexp.Regexp
}

func compileProse(rule *policy.Rule) (engine.Check, error) {
	var p ProseParams
	if err := decode(rule.Params, &p); err != nil {
		return nil, err
	}
	c := &proseCheck{rule: rule, p: p}
	switch p.Check {
	case ProseWords:
		if len(p.Patterns) == 0 {
			return nil, fmt.Errorf("params.patterns: words needs at least one pattern")
		}
		for i, pat := range p.Patterns {
			if !p.CaseSensitive {
				pat = "(?i)" + pat
			}
			re, err := regexp.Compile(pat)
			if err != nil {
				return nil, fmt.Errorf("params.patterns[%d]: %v", i, err)
			}
			c.res = append(c.res, re)
		}
	case ProseUnderline:
	case ProseLevels:
		if len(p.Levels) < 2 {
			return nil, fmt.Errorf("params.levels: heading-levels needs two levels or more")
		}
		for i, l := range p.Levels {
			if len([]rune(l)) != 1 || !adornment(l+l) {
				return nil, fmt.Errorf("params.levels[%d]: %q is not a heading character", i, l)
			}
		}
	case "":
		return nil, fmt.Errorf("params.check: missing (want words, heading-underline or heading-levels)")
	default:
		return nil, fmt.Errorf("params.check: unknown check %q (want words, heading-underline or heading-levels)", p.Check)
	}
	for _, in := range p.In {
		if in != InDocs && in != InDocstrings && in != InComments {
			return nil, fmt.Errorf("params.in: %q is not docs, docstrings or comments", in)
		}
	}
	for _, g := range p.Except {
		if strings.TrimSpace(g) == "" {
			return nil, fmt.Errorf("params.except: empty glob")
		}
	}
	return c, nil
}

func (c *proseCheck) in(region string) bool {
	if len(c.p.In) == 0 {
		return region == InDocs || region == InDocstrings
	}
	return slices.Contains(c.p.In, region)
}

// docFile reports whether p is a documentation file.
func docFile(p string) bool {
	switch strings.ToLower(path.Ext(p)) {
	case ".rst", ".md":
		return true
	case ".txt":
		for _, d := range strings.Split(path.Dir(p), "/") {
			if d == "doc" || d == "docs" || d == "documentation" {
				return true
			}
		}
	}
	return false
}

func (c *proseCheck) wants(p string) bool {
	if !c.rule.Scope.Covers(p) {
		return false
	}
	for _, g := range c.p.Except {
		if policy.MatchGlob(g, "", p) {
			return false
		}
	}
	if c.p.Check == ProseUnderline || c.p.Check == ProseLevels {
		return strings.EqualFold(path.Ext(p), ".rst")
	}
	if docFile(p) {
		return c.in(InDocs)
	}
	if path.Ext(p) == ".py" {
		return c.in(InDocstrings) || c.in(InComments)
	}
	return false
}

// FileByFile implements engine.FileByFile.
func (c *proseCheck) FileByFile(*engine.Evidence) bool { return true }

// WantsFile implements engine.FileSelector.
func (c *proseCheck) WantsFile(p, _ string) bool { return c.wants(p) }

func (c *proseCheck) Targets(ev *engine.Evidence) []engine.Target {
	var ts []engine.Target
	for i, f := range ev.Files {
		if c.wants(f.Path) {
			ts = append(ts, engine.Target{Kind: engine.TargetFile, Index: i, Path: f.Path})
		}
	}
	return ts
}

func (c *proseCheck) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	f := ev.Files[t.Index]
	var fs []engine.Finding
	if c.p.Check == ProseUnderline {
		fs = c.underlines(f)
	} else if c.p.Check == ProseLevels {
		fs = c.levels(f)
	} else {
		pls := proseLines(f, c.in(InDocs), c.in(InDocstrings), c.in(InComments), c.p.Markup)
		if c.p.Raw && docFile(f.Path) {
			pls = nil
			for k, l := range strings.Split(string(f.Content), "\n") {
				pls = append(pls, proseLine{line: k + 1, text: l})
			}
		}
		for _, pl := range pls {
			if !f.Owns(pl.line) {
				continue
			}
			for _, re := range c.res {
				if m := re.FindString(pl.text); m != "" {
					fs = append(fs, engine.Finding{Path: f.Path, Line: pl.line, CommandIndex: -1,
						Message:    fmt.Sprintf("%s in documentation prose: %q", c.what(), strings.TrimSpace(m)),
						Snippet:    strings.TrimSpace(pl.text),
						Suggestion: c.rule.Suggestion})
					break
				}
			}
		}
	}
	if len(fs) == 0 {
		return engine.Result{Verdict: engine.Satisfied}
	}
	return engine.Result{Verdict: engine.Violated, Findings: fs}
}

func (c *proseCheck) what() string {
	if c.p.What != "" {
		return c.p.What
	}
	return "a banned word"
}

// proseLine is one line of prose with inline code removed.
type proseLine struct {
	line int
	text string
}

var (
	inlineCodeRE = lazyre.New("``[^`]*``|:[\\w:+-]+:`[^`]*`|`[^`]*`_{0,2}|<https?://[^>]*>|https?://\\S+")
	directiveRE  = lazyre.New(`^(\s*)\.\. [\w:-]+::`)
	fenceRE      = lazyre.New("^\\s*(```|~~~)")
)

// proseLines are the prose lines of a file in the regions asked for: text outside
// code blocks, literal blocks, directives' bodies, doctests and inline code.
func proseLines(f *engine.File, docs, docstr, comments, markup bool) []proseLine {
	src := string(f.Content)
	if docFile(f.Path) {
		if !docs {
			return nil
		}
		return textProse(strings.Split(src, "\n"), 1, strings.EqualFold(path.Ext(f.Path), ".md"), markup)
	}
	var out []proseLine
	if docstr {
		for _, d := range docstrings(src) {
			if d.Quote == "" {
				continue
			}
			out = append(out, textProse(d.Lines, d.Start, false, markup)...)
		}
	}
	if comments {
		inString := ""
		for k, l := range strings.Split(src, "\n") {
			if inString != "" {
				if strings.Count(l, inString)%2 == 1 {
					inString = ""
				}
				continue
			}
			code := stripComment(l)
			if code != l {
				text := strings.TrimLeft(l[len(code):], "# ")
				if !strings.HasPrefix(text, "!") && !strings.HasPrefix(strings.ToLower(text), "noqa") && !strings.HasPrefix(text, "type:") {
					out = append(out, proseLine{line: k + 1, text: inlineCodeRE.ReplaceAllString(text, " ")})
				}
			}
			for _, q := range []string{`"""`, `'''`} {
				if strings.Count(code, q)%2 == 1 {
					inString = q
				}
			}
		}
	}
	return out
}

// textProse reads reStructuredText or Markdown lines: it leaves out fenced blocks,
// literal blocks after "::", directives and their indented bodies, doctest lines and
// their output, and indented code.
func textProse(lines []string, first int, markdown, markup bool) []proseLine {
	var out []proseLine
	skipIndent := -1 // skip lines indented deeper than this
	fenced := false
	doctest := false
	front := markdown && len(lines) > 0 && strings.TrimSpace(lines[0]) == "---"
	for k, l := range lines {
		if front {
			// YAML front matter of a Markdown page
			if k > 0 && strings.TrimSpace(l) == "---" {
				front = false
			}
			continue
		}
		t := strings.TrimSpace(l)
		indent := len(l) - len(strings.TrimLeft(l, " \t"))
		if fenceRE.MatchString(l) {
			fenced = !fenced
			continue
		}
		if fenced {
			continue
		}
		if strings.HasPrefix(t, ">>>") || (doctest && strings.HasPrefix(t, "...")) {
			doctest = true
			continue
		}
		if doctest {
			if t == "" {
				doctest = false
			}
			continue
		}
		if skipIndent >= 0 {
			if t == "" || indent > skipIndent {
				continue
			}
			skipIndent = -1
		}
		if m := directiveRE.FindStringSubmatch(l); m != nil {
			skipIndent = len(m[1])
			continue
		}
		if strings.HasPrefix(t, "..") && !markdown {
			continue // a comment or a link target
		}
		if strings.HasSuffix(t, "::") && !markdown {
			skipIndent = indent
			t = strings.TrimSuffix(t, "::")
		}
		if markdown && indent >= 4 && t != "" && !strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "*") {
			continue
		}
		if t == "" || strings.HasPrefix(t, "<!--") {
			continue
		}
		if markup {
			out = append(out, proseLine{line: first + k, text: t})
			continue
		}
		out = append(out, proseLine{line: first + k, text: inlineCodeRE.ReplaceAllString(t, " ")})
	}
	return out
}

// adornment reports whether a line is one punctuation character repeated: a
// reStructuredText heading's underline or overline.
func adornment(s string) bool {
	if len(s) < 2 || !strings.ContainsRune("=-~^\"'*+#:.<>_`", rune(s[0])) {
		return false
	}
	return strings.Count(s, s[:1]) == len(s)
}

// underlines finds reStructuredText headings whose underline is shorter than (or,
// with Exact, not as long as) the title.
func (c *proseCheck) underlines(f *engine.File) []engine.Finding {
	lines := strings.Split(string(f.Content), "\n")
	var fs []engine.Finding
	for k := 1; k < len(lines); k++ {
		u := strings.TrimRight(lines[k], " \t\r")
		title := strings.TrimRight(lines[k-1], " \t\r")
		if len(u) < 3 || !adornment(u) || title == "" || title[0] == ' ' || title[0] == '\t' || adornment(title) {
			continue
		}
		// the title stands after a blank line, an overline or the start of the file
		if k >= 2 {
			prev := strings.TrimRight(lines[k-2], " \t\r")
			if prev != "" && !adornment(prev) {
				continue
			}
		}
		n, want := utf8.RuneCountInString(u), utf8.RuneCountInString(title)
		if n < want || (c.p.Exact && n != want) {
			if !f.Owns(k+1) && !f.Owns(k) {
				continue
			}
			fs = append(fs, engine.Finding{Path: f.Path, Line: k + 1, CommandIndex: -1,
				Message:    fmt.Sprintf("the underline of the heading %q is %d characters long, the title %d", title, n, want),
				Snippet:    u,
				Suggestion: "make the underline (and overline) as long as the heading text"})
		}
	}
	return fs
}

// headingAt returns the adornment character of a reStructuredText heading whose
// title is line k-1 and underline line k, and whether it has an overline.
func headingAt(lines []string, k int) (string, bool, bool) {
	u := strings.TrimRight(lines[k], " \t\r")
	title := strings.TrimRight(lines[k-1], " \t\r")
	if len(u) < 2 || !adornment(u) || title == "" || adornment(title) {
		return "", false, false
	}
	over := false
	if k >= 2 {
		prev := strings.TrimRight(lines[k-2], " \t\r")
		switch {
		case prev == u:
			over = true
		case prev != "":
			return "", false, false
		}
	}
	if (title[0] == ' ' || title[0] == '\t') && !over {
		return "", false, false
	}
	return u[:1], over, true
}

// levels finds headings whose character is not one of the levels, or that nest a
// level the list puts above their parent's: the styles in order of first appearance
// (reStructuredText's own reading of levels) must go deeper in the list's order.
func (c *proseCheck) levels(f *engine.File) []engine.Finding {
	lines := strings.Split(string(f.Content), "\n")
	var seen []string
	var fs []engine.Finding
	for k := 1; k < len(lines); k++ {
		ch, over, ok := headingAt(lines, k)
		if !ok {
			continue
		}
		style := ch
		if over {
			style += "/over"
		}
		idx := slices.Index(c.p.Levels, ch)
		msg := ""
		switch {
		case idx < 0:
			msg = fmt.Sprintf("the heading %q is underlined with %q, not one of the levels %s", strings.TrimSpace(lines[k-1]), ch, strings.Join(c.p.Levels, " "))
		case !slices.Contains(seen, style):
			if len(seen) > 0 {
				last := seen[len(seen)-1]
				if li := slices.Index(c.p.Levels, last[:1]); li >= idx {
					msg = fmt.Sprintf("the heading %q uses %q below a heading of %q, which the levels put deeper", strings.TrimSpace(lines[k-1]), ch, last[:1])
				}
			}
			seen = append(seen, style)
		}
		if msg != "" && (f.Owns(k) || f.Owns(k+1)) {
			fs = append(fs, engine.Finding{Path: f.Path, Line: k + 1, CommandIndex: -1, Message: msg,
				Snippet: strings.TrimSpace(lines[k]), Suggestion: "underline each heading level with its character: " + strings.Join(c.p.Levels, " ")})
		}
	}
	return fs
}
