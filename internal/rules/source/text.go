package source

import (
	"bytes"
	"fmt"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lang"
	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/resultcache"
)

// TextParams are the parameters of a `text` rule. Check selects what is checked; the
// other fields belong to one check each.
type TextParams struct {
	// Check is one of indent, max_line_length, max_file_lines, trailing_whitespace,
	// final_newline, header, filename.
	Check string `json:"check"`
	// Indent (check indent) is "tabs" or "spaces": lines of code must indent with it.
	// Lines that start inside a comment or a string literal are not judged.
	Indent string `json:"indent,omitempty"`
	// Width (check indent, with spaces) is the number of spaces one level of nesting
	// indents: a line after one that opens a block ("{", ":", "(", "[", an HTML tag)
	// and indented deeper must be indented by exactly Width more. 0 judges only the
	// character. Continuation lines are not judged: only the step into a block is.
	Width int `json:"width,omitempty"`
	// Max (check max_line_length) is the longest allowed line, in characters. A line
	// that is one long word (a URL, a path) or ends in a URL that starts before the
	// limit is not judged: it cannot be wrapped. With check max_file_lines it is the
	// most lines a file may have; the finding stands on the file's last line.
	Max int `json:"max,omitempty"`
	// Header (check header) is the text every file must start with, line by line
	// (trailing white space ignored); a leading #! line may precede it.
	Header string `json:"header,omitempty"`
	// HeaderPattern (check header) is a regular expression the file's start must match
	// instead, for headers with a varying part (a year).
	HeaderPattern string `json:"header_pattern,omitempty"`
	// NewFilesOnly (check header, filename, max_file_lines) judges only files the
	// change created; in --all mode there is no change, so the rule does not apply.
	NewFilesOnly bool `json:"new_files_only,omitempty"`
	// SkipGenerated (check header) exempts generated files: a first line that says
	// "Code generated ... DO NOT EDIT", "@generated" or "auto-generated".
	SkipGenerated bool `json:"skip_generated,omitempty"`
	// Naming (check filename) is snake_case, kebab-case, camelCase or PascalCase: the
	// file's name up to its first dot must follow it (what follows marks a role:
	// `.test`, `.stories`, `.d`). With
	// check dirname, every directory of the file's path must follow it; a change is
	// judged only on the directories it creates.
	Naming string `json:"naming,omitempty"`
	// Forbid (check filename) lists globs of file names that must not exist
	// ("*.spec.ts" when tests are named *.test.ts).
	Forbid []string `json:"forbid,omitempty"`
	// Formatter (check max_line_length): the limit is a formatter's print width,
	// which it wraps code to but never breaks a string literal for; a line a string
	// makes long is left alone.
	Formatter bool `json:"formatter,omitempty"`
	// Declares (check filename) narrows a naming to the files that declare a thing
	// of this kind at their top level: class, enum or interface ("Files (classes):
	// PascalCase matching the class name" says nothing of a config file or a
	// script of functions).
	Declares string `json:"declares,omitempty"`
	// Secrets (check secrets) is what to find: "formats", credentials of published
	// formats (an AWS key id, a GitHub token, a PEM private key), or "assignments", a
	// secret's name given a literal value that looks like one (secrets.go).
	Secrets string `json:"secrets,omitempty"`
	// Languages restricts the rule to files of these languages; empty means every
	// text file in scope.
	Languages []string `json:"languages,omitempty"`
}

type textCheck struct {
	rule       *policy.Rule
	p          TextParams
	header     []string
	headerRE   *regexp.Regexp
	langs      map[string]bool
	message    string
	suggestion string
	key        string
	// exact is set when the rule was read with certainty and blocks (an error): its
	// fixes are exact, applied by heed check --fix; a rule demoted for review carries
	// them to review.
	exact bool
}

var namingRE = map[string]*lazyre.RE{
	"snake_case": lazyre.New(`^[a-z0-9]+(_[a-z0-9]+)*$`),
	"kebab-case": lazyre.New(`^[a-z0-9]+(-[a-z0-9]+)*$`),
	"camelCase":  lazyre.New(`^[a-z][a-zA-Z0-9]*$`),
	"PascalCase": lazyre.New(`^[A-Z][a-zA-Z0-9]*$`),
}

func compileText(rule *policy.Rule) (engine.Check, error) {
	var p TextParams
	if err := decode(rule.Params, &p); err != nil {
		return nil, err
	}
	c := &textCheck{rule: rule, p: p, message: rule.Message, suggestion: rule.Suggestion, key: ruleKey(rule),
		exact: rule.Exact && rule.Severity == policy.SeverityError}
	switch p.Check {
	case "indent":
		if p.Indent != "tabs" && p.Indent != "spaces" {
			return nil, fmt.Errorf("params.indent: %q is not tabs or spaces", p.Indent)
		}
		if p.Width < 0 || p.Width > 8 || p.Width > 0 && p.Indent != "spaces" {
			return nil, fmt.Errorf("params.width: %d is no width of space indentation (1 to 8, with indent spaces)", p.Width)
		}
	case "max_line_length":
		if p.Max <= 0 {
			return nil, fmt.Errorf("params.max: must be a positive number of characters, got %d", p.Max)
		}
	case "max_file_lines":
		if p.Max <= 0 {
			return nil, fmt.Errorf("params.max: must be a positive number of lines, got %d", p.Max)
		}
	case "trailing_whitespace", "final_newline":
	case "header":
		switch {
		case p.Header != "" && p.HeaderPattern != "":
			return nil, fmt.Errorf("params.header and params.header_pattern: give one, not both")
		case p.Header != "":
			c.header = strings.Split(strings.TrimRight(strings.ReplaceAll(p.Header, "\r\n", "\n"), "\n"), "\n")
			for i := range c.header {
				c.header[i] = strings.TrimRightFunc(c.header[i], unicode.IsSpace)
			}
		case p.HeaderPattern != "":
			re, err := regexp.Compile(`\A(?:#![^\n]*\n)?(?:[ \t]*\r?\n){0,3}(?:` + p.HeaderPattern + `)`)
			if err != nil {
				return nil, fmt.Errorf("params.header_pattern: %w", err)
			}
			c.headerRE = re
		default:
			return nil, fmt.Errorf("params.header: required (the text files must start with), or params.header_pattern")
		}
	case "filename":
		if p.Naming == "" && len(p.Forbid) == 0 {
			return nil, fmt.Errorf("params.naming or params.forbid: required for check filename")
		}
		if p.Naming != "" && namingRE[p.Naming] == nil {
			return nil, fmt.Errorf("params.naming: %q is not snake_case, kebab-case, camelCase or PascalCase", p.Naming)
		}
		if p.Declares != "" && declarationRE(p.Declares) == nil {
			return nil, fmt.Errorf("params.declares: %q is not class, enum or interface", p.Declares)
		}
		for _, g := range p.Forbid {
			if !validGlob(g) {
				return nil, fmt.Errorf("params.forbid: bad glob %q", g)
			}
		}
	case "secrets":
		if p.Secrets != "formats" && p.Secrets != "assignments" {
			return nil, fmt.Errorf("params.secrets: %q is not formats or assignments", p.Secrets)
		}
	case "dirname":
		if namingRE[p.Naming] == nil {
			return nil, fmt.Errorf("params.naming: %q is not snake_case, kebab-case, camelCase or PascalCase", p.Naming)
		}
	case "":
		return nil, fmt.Errorf("params.check: required (indent, max_line_length, max_file_lines, trailing_whitespace, final_newline, header, filename, dirname, secrets)")
	default:
		return nil, fmt.Errorf("params.check: %q is not one of indent, max_line_length, max_file_lines, trailing_whitespace, final_newline, header, filename, dirname, secrets", p.Check)
	}
	if p.NewFilesOnly && p.Check != "header" && p.Check != "filename" && p.Check != "max_file_lines" {
		return nil, fmt.Errorf("params.new_files_only: only for check header, filename or max_file_lines")
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
		c.message = defaultTextMessage(p)
	}
	return c, nil
}

func defaultTextMessage(p TextParams) string {
	switch p.Check {
	case "indent":
		return "indented with the wrong character (the rule asks for " + p.Indent + ")"
	case "max_line_length":
		return fmt.Sprintf("line longer than %d characters", p.Max)
	case "max_file_lines":
		return fmt.Sprintf("file longer than %d lines", p.Max)
	case "trailing_whitespace":
		return "trailing white space"
	case "final_newline":
		return "file does not end with a newline"
	case "header":
		return "missing or wrong file header"
	case "secrets":
		return "a secret written into the file"
	case "dirname":
		return "directory name is not " + p.Naming
	case "filename":
		if p.Naming != "" {
			return "file name is not " + p.Naming
		}
		return "file name of a forbidden form"
	}
	return "text rule violated"
}

func validGlob(g string) bool {
	defer func() { recover() }()
	policy.MatchGlob(g, "", "x")
	return strings.TrimSpace(g) != ""
}

// FileByFile implements engine.FileByFile: a file's targets and verdict are its own.
func (c *textCheck) FileByFile(*engine.Evidence) bool { return true }

// WantsFile implements engine.FileSelector.
func (c *textCheck) WantsFile(p, lang string) bool {
	return engine.FileNeed{Langs: c.langs, Scope: c.rule.Scope}.Wants(p, lang)
}

func (c *textCheck) Targets(ev *engine.Evidence) []engine.Target {
	if c.p.NewFilesOnly && ev.Mode != engine.ModeDiff {
		return nil // "new" needs a change to be new in
	}
	ts := engine.FileNeed{Langs: c.langs, Scope: c.rule.Scope}.Targets(ev)
	if c.p.NewFilesOnly {
		kept := ts[:0]
		for _, t := range ts {
			if f := fileOf(ev, t); f != nil && f.New {
				kept = append(kept, t)
			}
		}
		ts = kept
	}
	return ts
}

func (c *textCheck) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	f := fileOf(ev, t)
	if f == nil {
		return engine.InternalError("target file not in the evidence")
	}
	switch c.p.Check {
	case "filename":
		return c.judgeName(ev, f)
	case "dirname":
		return c.judgeDirs(ev, f)
	}
	if r := lang.SkipReason(f.Content); r != "" {
		return skipped(r)
	}
	r := resultcache.Judge(ev, f, c.key, fmt.Sprint(f.New, c.exact), func() engine.Result { return c.judge(ev, f) })
	switch c.p.Check {
	case "indent", "max_line_length", "trailing_whitespace", "secrets":
		return keptByTheChange(f, r, c.brokeBefore(f))
	}
	return r
}

// brokeBefore is keptByTheChange's question for a rule that judges lines one by
// one: the line a modified line replaced broke the rule already, by the line's own
// text (its indentation, its length, white space at its end). A long line whose one
// word the change renamed was long before: the change did not make it so. The
// context the judgement reads besides the line (the lines above it, a suppression
// there, the comments and strings around it) is the file's as it is now.
func (c *textCheck) brokeBefore(f *engine.File) func(fd *engine.Finding, was string) bool {
	li := lineIndex(nil)
	return func(fd *engine.Finding, was string) bool {
		was = strings.TrimSuffix(was, "\r")
		if !sameLine(was, f.LineText(fd.Line)) {
			// git pairs a hunk's old and new lines in order: a new line paired with
			// an unrelated old one is new code, whatever the old line was
			return false
		}
		switch c.p.Check {
		case "indent":
			ws := leadingSpace([]byte(was))
			if ws == "" || len(ws) == len(was) {
				return false // not indented, or blank
			}
			if c.p.Indent == "tabs" {
				if li == nil {
					li = newLineIndex(f.Content)
				}
				return ws[0] == ' ' && !continues(was, f.Content, li, fd.Line)
			}
			if c.p.Width > 0 && !strings.Contains(ws, "\t") {
				// a step of the wrong width: the line kept its indentation
				return len(ws) == len(leadingSpace([]byte(f.LineText(fd.Line))))
			}
			return strings.Contains(ws, "\t")
		case "max_line_length":
			above := ""
			if fd.Line > 1 {
				above = f.LineText(fd.Line - 1)
			}
			return utf8.RuneCountInString(was) > c.p.Max && !unwrappable(was, c.p.Max) && !lengthSuppressed(was, above) && !(c.p.Formatter && stringPastLimit(was, c.p.Max))
		case "trailing_whitespace":
			return strings.TrimRight(was, " \t") != was
		case "secrets":
			return len(secretsIn([]byte(was), c.p.Secrets, f.Path)) > 0
		}
		return false
	}
}

func (c *textCheck) judge(ev *engine.Evidence, f *engine.File) engine.Result {
	li := newLineIndex(f.Content)
	switch c.p.Check {
	case "indent":
		return c.judgeIndent(ev, f, li)
	case "max_line_length":
		return c.judgeLength(f, li)
	case "trailing_whitespace":
		return c.judgeTrailing(ev, f, li)
	case "max_file_lines":
		// the finding stands on the last line: where a file grows, as a rule, and so
		// a line the change that made it too long has added
		lines := len(li)
		if len(f.Content) > 0 && f.Content[len(f.Content)-1] == '\n' {
			lines-- // no line after the final newline
		}
		if lines <= c.p.Max {
			return satisfied()
		}
		fd := c.at(f, li, lines, 1)
		fd.Message = fmt.Sprintf("%s (%d)", c.message, lines)
		return violated([]engine.Finding{fd})
	case "final_newline":
		if len(f.Content) == 0 || f.Content[len(f.Content)-1] == '\n' {
			return satisfied()
		}
		last := len(li)
		fd := c.at(f, li, last, utf8.RuneCountInString(lineText(f.Content, li, last))+1)
		fd.Fixes = c.finalNewlineFix(f)
		return violated([]engine.Finding{fd})
	case "header":
		return c.judgeHeader(f, li)
	case "secrets":
		return c.judgeSecrets(ev, f, li)
	}
	return engine.InternalError("unknown text check")
}

// at is a finding from column col to the end of the line.
func (c *textCheck) at(f *engine.File, li lineIndex, line, col int) engine.Finding {
	text := lineText(f.Content, li, line)
	end := utf8.RuneCountInString(text) + 1
	if end < col {
		end = col
	}
	return engine.Finding{Path: f.Path, Line: line, Column: col, EndLine: line, EndColumn: end, CommandIndex: -1,
		Message: c.message, Snippet: snippet(text), Suggestion: c.suggestion}
}

// regionsFor returns the comment/string spans when heed knows the file's language; a
// parse failure leaves them nil (every line is then judged as code).
func regionsFor(ev *engine.Evidence, f *engine.File) *lang.Regions {
	r, ok, err := lang.FileRegions(ev, f)
	if !ok || err != nil {
		return nil
	}
	return r
}

func (c *textCheck) judgeIndent(ev *engine.Evidence, f *engine.File, li lineIndex) engine.Result {
	var regions *lang.Regions
	regionsLoaded := false
	var fs []engine.Finding
	// the line before, for a width: its indentation and whether it opens a block.
	// Lines in comments and strings count too; only a flagged line is checked for
	// being code, so a file with nothing to flag is never parsed
	prevIndent, prevAnchor, prevOpens := 0, 0, false
	for n := 1; n <= len(li); n++ {
		start := li[n-1]
		ws := leadingSpace(f.Content[start:])
		if start+len(ws) >= len(f.Content) || f.Content[start+len(ws)] == '\n' || f.Content[start+len(ws)] == '\r' {
			continue // a blank line
		}
		var bad bool
		switch {
		case ws == "":
		case c.p.Indent == "tabs":
			// spaces after the tabs align; spaces that open a continuation line
			// align it with the line before ("spaces for alignment")
			bad = ws[0] == ' ' && !continuation(f.Content, li, n, len(ws))
		case strings.Contains(ws, "\t"):
			bad = true
		default:
			// one level deeper than a line that opens a block: by the width
			// (or deeper than the operator the line before opens with: a formatter
			// indents an object after "? " or "| " from the brace, not the line)
			bad = c.p.Width > 0 && prevOpens && len(ws) > prevIndent && len(ws)-prevIndent != c.p.Width && len(ws)-prevAnchor != c.p.Width
		}
		if c.p.Width > 0 {
			line := lineText(f.Content, li, n)
			prevIndent, prevOpens = len(ws), opensBlock(line)
			prevAnchor = prevIndent + len(leadingOperator(line[len(ws):]))
		}
		if !bad {
			continue
		}
		if !regionsLoaded {
			regions, regionsLoaded = regionsFor(ev, f), true
		}
		if regions != nil && regions.At(start) != 0 {
			continue // the line starts inside a comment or a string: its text is not code
		}
		fd := c.at(f, li, n, 1)
		fd.Fixes = c.indentFix(f, start, ws)
		fs = append(fs, fd)
	}
	return violated(fs)
}

// opensBlock reports a line after which the next is one level deeper: it ends with an
// opening brace, a colon (Python, YAML), an opening HTML or XML tag, or a shell
// keyword that opens a body. An open parenthesis or bracket is left out: what follows
// it is a continuation, which styles indent their own way ("4 spaces continuation").
func opensBlock(line string) bool {
	t := strings.TrimSpace(line)
	if i := strings.Index(t, " //"); i >= 0 {
		t = strings.TrimSpace(t[:i])
	}
	if i := strings.Index(t, " #"); i >= 0 && !strings.HasPrefix(t, "<") {
		t = strings.TrimSpace(t[:i])
	}
	if t == "" {
		return false
	}
	switch t[len(t)-1] {
	case '{':
		return true
	case ':':
		// a ternary's colon at the end of a line ("a ? 'x' :") continues the
		// expression on the next line, aligned as its writer likes
		return !strings.Contains(t, " ? ")
	case '>':
		// "<main>", "<div class=\"x\">": an opening tag, not "<br/>", "</div>" or
		// a line that closes what it opens
		return strings.HasPrefix(t, "<") && !strings.HasPrefix(t, "</") && !strings.HasPrefix(t, "<!") &&
			!strings.HasSuffix(t, "/>") && !strings.Contains(t, "</") && !strings.HasPrefix(t, "<?")
	}
	for _, kw := range []string{" then", " do", "else", " begin"} {
		if strings.HasSuffix(t, kw) || t == strings.TrimSpace(kw) {
			return true
		}
	}
	return false
}

// sameLine reports whether now is was edited (a word renamed, an argument added)
// rather than another line in its place: the text they share at both ends, past
// their indentation, is at least half of the shorter one.
func sameLine(was, now string) bool {
	a, b := strings.TrimSpace(was), strings.TrimSpace(now)
	n := min(len(a), len(b))
	if n == 0 {
		return a == b
	}
	p := 0
	for p < n && a[p] == b[p] {
		p++
	}
	s := 0
	for s < n-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	return 2*(p+s) >= n
}

// continuation reports a line that continues the statement before it: the previous
// non-blank line ends inside an expression or a list (a comma, an open bracket, an
// operator), or this line opens with an operator. Its leading spaces align it.
func continuation(content []byte, li lineIndex, n, indent int) bool {
	return continues(lineText(content, li, n), content, li, n)
}

// continues is continuation of line n holding text line.
func continues(line string, content []byte, li lineIndex, n int) bool {
	line = strings.TrimSpace(line)
	for _, op := range []string{"<<", ">>", "&&", "||", "+", "-", "*", "/", "%", "?", ":", ".", "->", "|", "&", "=", ")", "]"} {
		if strings.HasPrefix(line, op) && !strings.HasPrefix(line, "//") && !strings.HasPrefix(line, "/*") && !strings.HasPrefix(line, "*") {
			return true
		}
	}
	for p := n - 1; p >= 1; p-- {
		prev := strings.TrimRight(lineText(content, li, p), " \t\r")
		if strings.TrimSpace(prev) == "" {
			continue
		}
		for _, end := range []string{",", "(", "[", "&&", "||", "+", "-", "*", "/", "=", "?", ":", "<<", ">>", "|", "&", "\\"} {
			if strings.HasSuffix(prev, end) && !strings.HasSuffix(prev, "*/") && !strings.HasSuffix(prev, "::") && !accessLabelRE.MatchString(prev) {
				return true
			}
		}
		return false
	}
	return false
}

// accessLabelRE: a line that ends with a colon but opens a block (`public:`,
// `case 1:`, `default:`, a label, Python's `if x:`).
var accessLabelRE = lazyre.New(`^\s*(?:public|private|protected|default|case\b.*|[A-Za-z_]\w*|(?:if|elif|else|for|while|def|class|with|try|except|finally)\b.*)\s*:$`)

func leadingSpace(b []byte) string {
	i := 0
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	return string(b[:i])
}

var urlRE = lazyre.New(`[a-zA-Z][a-zA-Z0-9+.-]*://\S+`)

func (c *textCheck) judgeLength(f *engine.File, li lineIndex) engine.Result {
	var fs []engine.Finding
	heredoc := ""
	ruby := strings.HasSuffix(f.Path, ".rb") || strings.HasSuffix(f.Path, ".rake")
	for n := 1; n <= len(li); n++ {
		line := lineText(f.Content, li, n)
		if ruby {
			// RuboCop's line length leaves a heredoc's body (prompt text, SQL, a
			// template) by default: its lines are data, whose breaks would change it
			if heredoc != "" {
				if strings.TrimSpace(line) == heredoc {
					heredoc = ""
				}
				continue
			}
			if m := rubyHeredocRE.FindStringSubmatch(line); m != nil {
				heredoc = m[1]
			}
		}
		if utf8.RuneCountInString(line) <= c.p.Max {
			continue
		}
		if loc := trailingDirectiveRE.FindStringIndex(line); loc != nil && utf8.RuneCountInString(strings.TrimRight(line[:loc[0]], " \t")) <= c.p.Max {
			// a lint directive at the end of a line that fits without it: linters
			// (RuboCop, ruff) do not count it
			continue
		}
		above := ""
		if n > 1 {
			above = lineText(f.Content, li, n-1)
		}
		if unwrappable(line, c.p.Max) || lengthSuppressed(line, above) || c.p.Formatter && stringPastLimit(line, c.p.Max) {
			continue
		}
		fs = append(fs, c.at(f, li, n, c.p.Max+1))
	}
	return violated(fs)
}

// lengthSuppressRE: the comments with which a project's own linter lets one line run
// long: Python's `# noqa` (bare, or naming E501/W505), pylint's `line-too-long`,
// ESLint's `max-len`, golangci-lint's `lll`, and Ruby's `Layout/LineLength`.
var lengthSuppressRE = lazyre.New(`#\s*noqa(?:\s*$|\s*:[^#]*\b(?:E501|W505)\b)|pylint:\s*disable=[\w,-]*line-too-long|eslint-disable-line[^\n]*\bmax-len\b|//\s?nolint:[\w,-]*\blll\b|rubocop:disable[^\n]*Layout/LineLength`)

// trailingDirectiveRE: a linter's or type checker's directive comment at the end of a
// line of code.
var trailingDirectiveRE = lazyre.New(`\s(?:#|//)\s*(?:rubocop:(?:disable|todo)|noqa|type:\s*ignore|pyright:\s*ignore|eslint-disable(?:-line)?|nolint|NOLINT|@ts-(?:ignore|expect-error)|standard:disable|prettier-ignore)\b[^\n]*$`)

// rubyHeredocRE: a Ruby heredoc's opening (`<<~PROMPT`, `<<-SQL`, `<<~'EOS'`).
var rubyHeredocRE = lazyre.New(`<<[~-]?['"]?([A-Z_][A-Z0-9_]*)['"]?`)

// nextLineLengthRE: ESLint's suppression of the length check on the line below.
var nextLineLengthRE = lazyre.New(`eslint-disable-next-line[^\n]*\bmax-len\b`)

// lengthSuppressed: the line (or, for ESLint's next-line form, the one above it)
// carries a suppression of the length check that the project's linter honours; the
// rule that restates that limit honours it too.
func lengthSuppressed(line, above string) bool {
	return lengthSuppressRE.MatchString(line) || nextLineLengthRE.MatchString(above)
}

// unwrappable: one word after the indentation (and a comment marker), or a URL that
// starts before the limit and runs past it.
func unwrappable(line string, max int) bool {
	t := strings.TrimSpace(line)
	for _, marker := range []string{"//", "#", "*", "--", ";"} {
		t = strings.TrimSpace(strings.TrimPrefix(t, marker))
	}
	if !strings.ContainsAny(t, " \t") {
		return true
	}
	for _, loc := range urlRE.FindAllStringIndex(line, -1) {
		if utf8.RuneCountInString(line[:loc[0]]) < max && utf8.RuneCountInString(line[:loc[1]]) > max {
			return true
		}
	}
	return false
}

// stringPastLimit: a string literal on the line runs past the limit and is too long to
// fit even on a line of its own. A formatter's print width is what it wraps to, and it
// never breaks a string (Prettier, Black): it can move a string to the next line, but
// a string longer than the width stays as long as it is (wild round 39, app-dev-panel's
// SVG paths).
func stringPastLimit(line string, max int) bool {
	indent := utf8.RuneCountInString(line) - utf8.RuneCountInString(strings.TrimLeft(line, " \t"))
	for _, loc := range quotedRE.FindAllStringIndex(line, -1) {
		if utf8.RuneCountInString(line[:loc[1]]) > max && indent+2+utf8.RuneCountInString(line[loc[0]:loc[1]]) > max {
			return true
		}
	}
	return false
}

// quotedRE: a string literal in single, double or back quotes, on one line.
var quotedRE = lazyre.New("\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'|`[^`]*`")

func (c *textCheck) judgeTrailing(ev *engine.Evidence, f *engine.File, li lineIndex) engine.Result {
	var fs []engine.Finding
	var regions *lang.Regions
	regionsLoaded := false
	for n := 1; n <= len(li); n++ {
		line := lineText(f.Content, li, n)
		trimmed := strings.TrimRight(line, " \t")
		if len(trimmed) == len(line) {
			continue
		}
		if !regionsLoaded {
			regions, regionsLoaded = regionsFor(ev, f), true
		}
		// White space at the end of a line inside a multi-line string is data.
		if regions != nil && regions.At(li[n-1]+len(trimmed)) == lang.String {
			continue
		}
		fd := c.at(f, li, n, utf8.RuneCountInString(trimmed)+1)
		fd.Fixes = c.trailingFix(f, li[n-1]+len(trimmed), line[len(trimmed):])
		fs = append(fs, fd)
	}
	return violated(fs)
}

var generatedRE = lazyre.New(`(?i)code generated .*do not edit|@generated|auto-?generated|generated by .*do not (edit|modify)`)

func (c *textCheck) judgeHeader(f *engine.File, li lineIndex) engine.Result {
	if c.p.SkipGenerated {
		for n := 1; n <= len(li) && n <= 5; n++ {
			if generatedRE.MatchString(lineText(f.Content, li, n)) {
				return engine.Result{Verdict: engine.Satisfied, Reason: "generated file: exempt"}
			}
		}
	}
	first := 1
	if bytes.HasPrefix(f.Content, []byte("#!")) {
		first = 2
	}
	// A blank line or two above the header leaves it the file's header: what the
	// rule asks the file to start with is there, after nothing but white space.
	for k := 0; k < 3 && first < len(li) && strings.TrimSpace(lineText(f.Content, li, first)) == ""; k++ {
		first++
	}
	if c.headerRE != nil {
		if c.headerRE.Match(f.Content) {
			return satisfied()
		}
		return violated([]engine.Finding{c.at(f, li, first, 1)})
	}
	got := func(n int) string {
		if n > len(li) || (n == len(li) && li[n-1] >= len(f.Content)) {
			return "\x00eof"
		}
		return strings.TrimRightFunc(lineText(f.Content, li, n), unicode.IsSpace)
	}
	if got(first) != c.header[0] {
		fd := c.at(f, li, first, 1)
		fd.Message = "missing file header"
		if c.rule.Message != "" {
			fd.Message = c.rule.Message
		}
		if fd.Suggestion == "" {
			fd.Suggestion = "start the file with:\n" + strings.Join(c.header, "\n")
		}
		return violated([]engine.Finding{fd})
	}
	for i := 1; i < len(c.header); i++ {
		if got(first+i) != c.header[i] {
			fd := c.at(f, li, first+i, 1)
			fd.EndLine = first + len(c.header) - 1
			fd.Message = fmt.Sprintf("file header differs at line %d: want %q", first+i, c.header[i])
			if fd.Suggestion == "" {
				fd.Suggestion = "use the exact header:\n" + strings.Join(c.header, "\n")
			}
			return violated([]engine.Finding{fd})
		}
	}
	return satisfied()
}

func (c *textCheck) judgeName(ev *engine.Evidence, f *engine.File) engine.Result {
	base := path.Base(f.Path)
	for _, g := range c.p.Forbid {
		if policy.MatchGlob(g, "", f.Path) {
			fd := engine.Finding{Path: f.Path, Line: 1, Column: 1, EndLine: 1, EndColumn: 1, CommandIndex: -1, Message: c.message, Snippet: base, Suggestion: c.suggestion}
			return violated([]engine.Finding{fd})
		}
	}
	if c.p.Naming == "" {
		return satisfied()
	}
	if ev.Mode == engine.ModeDiff && !f.New {
		return engine.Result{Verdict: engine.Satisfied, Reason: "the change did not create or rename this file"}
	}
	if bad := badNamePart(base, c.p.Naming); bad != "" {
		if re := declarationRE(c.p.Declares); re != nil && !re.MatchString(string(f.Content)) {
			return engine.Result{Verdict: engine.Satisfied, Reason: "the file declares no " + c.p.Declares}
		}
		if subject := testedSibling(ev, f.Path); subject != "" {
			return engine.Result{Verdict: engine.Satisfied, Reason: "named after " + subject + ", the file it tests"}
		}
		msg := c.message
		if c.rule.Message == "" {
			msg = fmt.Sprintf("file name part %q is not %s", bad, c.p.Naming)
		}
		fd := engine.Finding{Path: f.Path, Line: 1, Column: 1, EndLine: 1, EndColumn: 1, CommandIndex: -1, Message: msg, Snippet: base, Suggestion: c.suggestion}
		return violated([]engine.Finding{fd})
	}
	return satisfied()
}

// judgeDirs judges the directories of a file's path. A change is judged on the
// directories it creates (every file under them is one it added), never on the ones it
// adds a file to; the whole repository is judged on every directory, each reported once,
// at the first file of the tree under it that the rule covers.
func (c *textCheck) judgeDirs(ev *engine.Evidence, f *engine.File) engine.Result {
	dir := path.Dir(f.Path)
	if dir == "." {
		return satisfied()
	}
	if ev.Mode == engine.ModeDiff && ev.Tree == nil {
		return engine.Result{Verdict: engine.Satisfied, Reason: "no tree to tell the directories the change created"}
	}
	parts := strings.Split(dir, "/")
	var fds []engine.Finding
	for i, d := range parts {
		bad := badDirName(d, c.p.Naming)
		if bad == "" {
			continue
		}
		prefix := strings.Join(parts[:i+1], "/") + "/"
		if ev.Mode == engine.ModeDiff {
			if !createdDir(ev, prefix) {
				continue
			}
		} else if first := c.firstCovered(ev, prefix); first != "" && first != f.Path {
			continue // reported at the directory's first file
		}
		msg := c.message
		if c.rule.Message == "" {
			msg = fmt.Sprintf("directory name %q is not %s", d, c.p.Naming)
		}
		fds = append(fds, engine.Finding{Path: f.Path, Line: 1, Column: 1, EndLine: 1, EndColumn: 1, CommandIndex: -1, Message: msg, Snippet: strings.TrimSuffix(prefix, "/"), Suggestion: c.suggestion})
	}
	if len(fds) > 0 {
		return violated(fds)
	}
	return satisfied()
}

// badDirName is the part of a directory's name that breaks the style, or "". Names
// that follow a tool's convention rather than the project's are not judged: hidden
// directories, dunder ones (__tests__, __pycache__), route segments and groups
// ([id], (auth), @modal, +page) and names in capitals.
func badDirName(d, naming string) string {
	if d == "" || strings.HasPrefix(d, ".") || strings.HasPrefix(d, "__") || strings.ContainsAny(d, "[]()@+") || allCapsNameRE.MatchString(d) {
		return ""
	}
	for _, p := range strings.Split(d, ".") {
		if p != "" && !namingRE[naming].MatchString(p) {
			return d
		}
	}
	return ""
}

// createdDir reports whether the change created the directory (prefix ends in "/"):
// every path of the tree under it is one the change added.
func createdDir(ev *engine.Evidence, prefix string) bool {
	paths := ev.Tree.Paths()
	i := sort.SearchStrings(paths, prefix)
	if i == len(paths) || !strings.HasPrefix(paths[i], prefix) {
		return false
	}
	for ; i < len(paths) && strings.HasPrefix(paths[i], prefix); i++ {
		if _, ok := slices.BinarySearch(ev.AddedPaths, paths[i]); !ok {
			return false
		}
	}
	return true
}

// firstCovered is the first path of the tree under the directory that the rule's
// scope covers, or "" when there is no tree.
func (c *textCheck) firstCovered(ev *engine.Evidence, prefix string) string {
	if ev.Tree == nil {
		return ""
	}
	paths := ev.Tree.Paths()
	for i := sort.SearchStrings(paths, prefix); i < len(paths) && strings.HasPrefix(paths[i], prefix); i++ {
		if c.rule.Scope.Covers(paths[i]) {
			return paths[i]
		}
	}
	return ""
}

// testedSibling returns the file a test file is named after: for
// "tool/bash_20250124.test-d.ts", a "tool/bash_20250124.ts" beside it (vercel/ai
// packages/anthropic/src/tool/). A test file takes its subject's name, which the
// rule on source files judges; "" when the name has no such sibling.
func testedSibling(ev *engine.Evidence, p string) string {
	if ev.Tree == nil {
		return ""
	}
	dir, base := path.Split(p)
	parts := strings.Split(base, ".")
	if len(parts) < 3 {
		return "" // stem.ext: no kind part, nothing to be named after
	}
	prefix := dir + parts[0] + "."
	paths := ev.Tree.Paths()
	i := sort.SearchStrings(paths, prefix)
	for ; i < len(paths) && strings.HasPrefix(paths[i], prefix); i++ {
		rest := paths[i][len(prefix):]
		if rest != "" && !strings.ContainsAny(rest, "./") {
			return path.Base(paths[i])
		}
	}
	return ""
}

// toolNamedStems are file names that a framework or the module system looks for by
// name: Next.js's app router files, an index module, a Vite entry's declarations.
var toolNamedStems = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return map[string]bool{"index": true, "page": true, "layout": true, "loading": true, "error": true, "not-found": true,
		"route": true, "middleware": true, "template": true, "default": true, "global-error": true, "instrumentation": true,
		"sitemap": true, "robots": true, "manifest": true, "opengraph-image": true, "twitter-image": true, "icon": true,
		"apple-icon": true, "vite-env": true, "env": true, "setupTests": true, "mod": true, "main": true, "lib": true,
		"__init__": true, "__main__": true, "conftest": true}
}}

var allCapsNameRE = lazyre.New(`^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$`)

// badNamePart returns the file's name up to its first dot when it breaks the
// convention, "" when it follows it. Dot files, route segments ([id], (group)) and
// leading underscores (__init__, _app) are conventions of their own and are not
// judged.
func badNamePart(base, naming string) string {
	if strings.HasPrefix(base, ".") || strings.ContainsAny(base, "[]()") {
		return ""
	}
	// the name is the part before the first dot; the parts after it mark the file's
	// role for a tool (`Foo.test.tsx`, `Foo.stories.tsx`, `foo.d.ts`,
	// `Foo.module.css`), named by the tool's convention, not the project's (wild
	// round 22: `CountBadge.test.tsx` was "not PascalCase")
	name, _, _ := strings.Cut(base, ".")
	if allCapsNameRE.MatchString(name) {
		// README.md, CHANGELOG.md, CODE_OF_CONDUCT.md, AGENTS.md: names in capitals
		// are a convention of their own, which no case style speaks of
		return ""
	}
	if toolNamedStems.Get()[name] {
		// `page.tsx`, `layout.tsx`, `route.ts`, `index.ts`: names a framework or the
		// module system fixes, which no project's style renames (wild round 28)
		return ""
	}
	if name = strings.Trim(name, "_"); name != "" && !namingRE[naming].MatchString(name) {
		return name
	}
	return ""
}

// textCaseEvidence builds an authored case's evidence; a case whose changed paths
// include its file is that file as the change created it (for new-files-only rules).
func textCaseEvidence(c policy.Case) (*engine.Evidence, error) {
	ev, err := engine.DefaultCaseEvidence(c)
	if err != nil {
		return nil, err
	}
	for _, p := range c.Changed {
		for _, f := range ev.Files {
			if f.Path == p {
				f.New = true
			}
		}
	}
	return ev, nil
}

// leadingOperators open a continuation line whose block a formatter indents from the
// token after them: "? {" of a ternary, "| {" of a union type, "&& (" of a condition.
var leadingOperators = []string{"?? ", "&& ", "|| ", "? ", ": ", "| ", "& ", "+ ", "- ", "|> "}

// leadingOperator is the operator, with its space, that line (its indentation left
// out) opens with, or "".
func leadingOperator(line string) string {
	for _, op := range leadingOperators {
		if strings.HasPrefix(line, op) {
			return op
		}
	}
	return ""
}

// declarationREs: a declaration of the kind at the start of a line, in the languages
// that write it with the kind's keyword (TypeScript, Java, C#, PHP, Python, Kotlin,
// Swift), modifiers before it allowed.
var (
	declClassRE     = lazyre.New(`(?m)^[ \t]*(?:(?:export|default|public|internal|private|final|abstract|sealed|static|partial|open|data|readonly)[ \t]+)*class[ \t]+[A-Za-z_]`)
	declEnumRE      = lazyre.New(`(?m)^[ \t]*(?:(?:export|declare|const|public|internal|private)[ \t]+)*enum(?:[ \t]+class)?[ \t]+[A-Za-z_]`)
	declInterfaceRE = lazyre.New(`(?m)^[ \t]*(?:(?:export|default|declare|public|internal|private|sealed|fun)[ \t]+)*interface[ \t]+[A-Za-z_]`)
)

// declarationRE is the expression of a declaration kind, or nil for "" or a kind heed
// does not know.
func declarationRE(kind string) *lazyre.RE {
	switch kind {
	case "class":
		return declClassRE
	case "enum":
		return declEnumRE
	case "interface":
		return declInterfaceRE
	}
	return nil
}
