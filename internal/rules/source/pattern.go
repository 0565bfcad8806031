package source

import (
	"fmt"
	"regexp"
	"sort"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lang"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/resultcache"
)

// PatternParams are the parameters of a `pattern` rule: a regular expression whose
// every match is a violation.
type PatternParams struct {
	// Regex is an RE2 regular expression (Go syntax), matched against each line.
	Regex string `json:"regex"`
	// Where says which part of the text may hold a match: "code" (the default: not in
	// comments or string literals), "comments", "strings", "comments+strings",
	// "code+strings" (anywhere but in a comment: a colour written in a string) or "any".
	// Where the file's language is unknown, "code" means the whole line and
	// "comments"/"strings" cannot be judged (undetermined).
	Where string `json:"where,omitempty"`
	// Languages restricts the rule to files of these languages (engine names); empty
	// means every file in scope.
	Languages []string `json:"languages,omitempty"`
	// IgnoreCase makes the match case-insensitive.
	IgnoreCase bool `json:"ignore_case,omitempty"`
	// EqualGroups, two capture group numbers: a match counts only when they hold the
	// same text (RE2 has no back-references): Swift's `if let x = x`.
	EqualGroups []int `json:"equal_groups,omitempty"`
	// SkipLines (optional), a regular expression: a match on a line it matches is no
	// violation (a colour in the definition of a custom property, `--c: #fff;`, is
	// where the value belongs).
	SkipLines string `json:"skip_lines,omitempty"`
}

type patternCheck struct {
	rule       *policy.Rule
	re         *regexp.Regexp
	where      int // bit set of regions that may hold a match; 0 = code
	any        bool
	notComment bool // code+strings: a match may start anywhere but in a comment
	skip       *regexp.Regexp
	langs      map[string]bool
	message    string
	suggestion string
	key        string
	equal      []int
}

func compilePattern(rule *policy.Rule) (engine.Check, error) {
	var p PatternParams
	if err := decode(rule.Params, &p); err != nil {
		return nil, err
	}
	if p.Regex == "" {
		return nil, fmt.Errorf("params.regex: required")
	}
	expr := p.Regex
	if p.IgnoreCase {
		expr = "(?i)" + expr
	}
	re, err := regexp.Compile("(?m)" + expr)
	if err != nil {
		return nil, fmt.Errorf("params.regex: %w", err)
	}
	if re.MatchString("") {
		return nil, fmt.Errorf("params.regex: %q matches the empty string, so it would flag every line", p.Regex)
	}
	c := &patternCheck{rule: rule, re: re, message: rule.Message, suggestion: rule.Suggestion, key: ruleKey(rule)}
	if len(p.EqualGroups) > 0 {
		if len(p.EqualGroups) != 2 || p.EqualGroups[0] < 1 || p.EqualGroups[1] < 1 || p.EqualGroups[0] > re.NumSubexp() || p.EqualGroups[1] > re.NumSubexp() {
			return nil, fmt.Errorf("params.equal_groups: want two capture group numbers of the regex (it has %d)", re.NumSubexp())
		}
		c.equal = p.EqualGroups
	}
	switch p.Where {
	case "", "code":
	case "comments":
		c.where = lang.Comment
	case "strings":
		c.where = lang.String
	case "comments+strings":
		c.where = lang.Comment | lang.String
	case "code+strings":
		c.notComment = true
	case "any":
		c.any = true
	default:
		return nil, fmt.Errorf("params.where: %q is not one of code, comments, strings, comments+strings, code+strings, any", p.Where)
	}
	if p.SkipLines != "" {
		if c.skip, err = regexp.Compile(p.SkipLines); err != nil {
			return nil, fmt.Errorf("params.skip_lines: %w", err)
		}
	}
	if len(p.Languages) > 0 {
		c.langs = map[string]bool{}
		for _, l := range p.Languages {
			if !knownLang(l) {
				return nil, fmt.Errorf("params.languages: unknown language %q", l)
			}
			c.langs[l] = true
		}
	}
	if c.message == "" {
		c.message = "forbidden text"
	}
	return c, nil
}

func (c *patternCheck) Targets(ev *engine.Evidence) []engine.Target {
	return engine.FileNeed{Langs: c.langs, Scope: c.rule.Scope}.Targets(ev)
}

// FileByFile implements engine.FileByFile: a file's targets and verdict are its own.
func (c *patternCheck) FileByFile(*engine.Evidence) bool { return true }

// WantsFile implements engine.FileSelector.
func (c *patternCheck) WantsFile(p, lang string) bool {
	return engine.FileNeed{Langs: c.langs, Scope: c.rule.Scope}.Wants(p, lang)
}

func (c *patternCheck) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	f := fileOf(ev, t)
	if f == nil {
		return engine.InternalError("target file not in the evidence")
	}
	if r := lang.SkipReason(f.Content); r != "" {
		return skipped(r)
	}
	return keptByTheChange(f, resultcache.Judge(ev, f, c.key, "", func() engine.Result { return c.judge(ev, f) }), matchWasThere(f))
}

// inTestFile reports whether a file is where its language keeps tests
// (internal/layout).
func inTestFile(f *engine.File) bool {
	for _, g := range testGlobs(f.Lang) {
		if policy.MatchGlob(g, "", f.Path) {
			return true
		}
	}
	return false
}

func (c *patternCheck) judge(ev *engine.Evidence, f *engine.File) engine.Result {
	// One pass over the whole file first: most files have no match, and then nothing
	// is parsed.
	locs := c.re.FindAllSubmatchIndex(f.Content, -1)
	if c.equal != nil {
		kept := locs[:0]
		for _, l := range locs {
			a, b := c.equal[0]*2, c.equal[1]*2
			if l[a] >= 0 && l[b] >= 0 && string(f.Content[l[a]:l[a+1]]) == string(f.Content[l[b]:l[b+1]]) {
				kept = append(kept, l)
			}
		}
		locs = kept
	}
	if len(locs) == 0 {
		return satisfied()
	}
	var regions *lang.Regions
	// In a test file, a string literal is data the test feeds the code (emoji and
	// other Unicode checked for how they are handled): a rule that reaches every
	// part of the text still leaves it alone.
	testData := c.any && inTestFile(f)
	if !c.any || testData {
		r, ok, err := lang.FileRegions(ev, f)
		switch {
		case err != nil && c.any:
			r = nil // the test file's strings cannot be told: every match stands
		case err != nil:
			return engine.Result{Verdict: engine.Undetermined, Reason: fmt.Sprintf("%s: %v", f.Path, err)}
		case !ok && c.where != 0:
			return engine.Result{Verdict: engine.Undetermined, Reason: fmt.Sprintf("%s: heed cannot tell comments and strings from code in this file", f.Path)}
		}
		regions = r
	}
	var loose [][]int
	if c.notComment && regions == nil {
		// a file heed has no grammar for (a stylesheet, a Vue or Svelte component, a
		// page): its block, markup and line comments, read loosely
		loose = looseCommentRE.Regexp().FindAllIndex(f.Content, -1)
	}
	li := newLineIndex(f.Content)
	var fs []engine.Finding
	for _, l := range locs {
		start, end := l[0], l[1]
		if end == start {
			continue
		}
		if testData && regions != nil && regions.Covers(start, end, lang.String) {
			continue
		}
		if c.notComment {
			if regions != nil && regions.At(start)&lang.Comment != 0 || inSpans(loose, start) {
				continue
			}
		} else if !c.any && regions != nil {
			if c.where == 0 {
				// In code: the match must start in code (a match that begins in code and
				// runs into a string, like `print("`, still counts).
				if regions.At(start) != 0 {
					continue
				}
			} else if !regions.Covers(start, end, c.where) {
				continue
			}
		}
		line, col := li.pos(f.Content, start)
		if c.skip != nil && c.skip.MatchString(lineText(f.Content, li, line)) {
			continue
		}
		eline, ecol := li.pos(f.Content, end)
		fs = append(fs, engine.Finding{
			Path: f.Path, Line: line, Column: col, EndLine: eline, EndColumn: ecol,
			CommandIndex: -1,
			Message:      c.message,
			Snippet:      snippet(lineText(f.Content, li, line)),
			Suggestion:   c.suggestion,
		})
	}
	return violated(fs)
}

// looseCommentRE finds the comments of a file without a grammar: CSS's and C's block
// comments, HTML's, and line comments after a blank (not the slashes of a URL).
var looseCommentRE = lazyre.New(`(?s:/\*.*?\*/|<!--.*?-->)|(?m:(?:^|[ \t])//[^\n]*)`)

// inSpans reports whether off lies in one of the spans (sorted, as FindAllIndex gives).
func inSpans(spans [][]int, off int) bool {
	i := sort.Search(len(spans), func(i int) bool { return spans[i][1] > off })
	return i < len(spans) && spans[i][0] <= off
}
