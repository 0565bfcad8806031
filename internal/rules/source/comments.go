package source

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lang"
	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/lazyre"
)

// Comments as prose: the shapes the comment entries (catalogue_comments.go) check, read
// from the comment nodes of a file's Tree-sitter grammar. A run is consecutive line
// comments on their own lines at one column (one paragraph written across lines); a
// block comment, or a comment after code on its line, is a run of its own. Tool
// directives (//go:build, //nolint, eslint-disable, # type: ignore, #region, a
// shebang, a licence header) are never prose: no shape flags them.
//
//	(#comment? @c shape option ...)  the comment @c has the shape:
//	  period       its run's last prose line does not end a sentence (. ! ? :)
//	  no-period    its run's last prose line ends with a period
//	  capital      its run's first prose word starts with a lower-case letter (a code
//	               identifier such as userId keeps its case)
//	  lower        its run's first prose word starts with a capital, and is neither an
//	               acronym nor a name the file's code uses
//	  space        a line comment whose marker is followed by a letter (`//comment`)
//	  code         a line of it reads as code (commented-out code)
//	  divider      it is a divider or banner: a run of - = * # ~ _, alone or framing a title
//	  multiline    it spans more than one line (a run of two or more, or a block of two
//	               prose lines) inside a function body
//	  stacked      its run holds two or more prose lines
//	  block        a /* */ comment that is no doc comment (/** */), no directive, no
//	               licence header, no JSX comment, and no comment inside a line of code
//	  doc-block    a /** */ doc comment
//	  line         a // line comment
//	  trailing     a comment after code on its line
//	  todo-owner   a TODO or FIXME without an owner or issue in parentheses: TODO(name)
//	  todo-issue   a TODO or FIXME line without an issue (#123, ABC-123 or a URL)
//	options: doc (only doc comments: on the line above a declaration, or ///, /** */),
//	nodoc (no doc comments), own-line (no comment after code on its line), triple
//	(only /// runs).
func commentShape(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool {
	n := nodeOf(m, p)
	if n == nil || len(p.Args) < 2 {
		return false
	}
	opts := map[string]bool{}
	for _, a := range p.Args[2:] {
		opts[a.String] = true
	}
	c := readComment(n, t)
	if c.directive || c.licence {
		return false
	}
	if opts["own-line"] && c.trailing {
		return false
	}
	if opts["triple"] && !strings.HasPrefix(c.raw, "///") {
		return false
	}
	if opts["doc"] || opts["nodoc"] {
		doc := isDocComment(n, t, c)
		if opts["doc"] != doc {
			return false
		}
	}
	switch p.Args[1].String {
	case "period", "no-period":
		if !c.line || c.trailing {
			// a block comment or a comment after code is a run of its own
		} else if next := runNeighbour(n, t, +1); next != nil {
			return false // the run's last line says
		}
		run := runOf(n, t, c)
		last := lastProse(run)
		if last == "" || codeLike(last) || urlEndRE.MatchString(last) {
			return false
		}
		ended := sentenceEndRE.MatchString(last)
		if p.Args[1].String == "period" {
			return !ended
		}
		if opts["one"] {
			for _, rc := range run {
				for _, l := range proseLines(rc.lines) {
					if innerStopRE.MatchString(abbrevRE.ReplaceAllString(l, "")) {
						return true
					}
				}
			}
		}
		return strings.HasSuffix(strings.TrimRight(last, `"'`+"`)"), ".") && !strings.HasSuffix(last, "...")
	case "capital", "lower":
		if c.line && !c.trailing && runNeighbour(n, t, -1) != nil {
			return false // the run's first line says
		}
		run := []comment{c}
		if c.line && !c.trailing {
			run = runOf(n, t, c)
		}
		first := firstProse(run)
		if first == "" || codeLike(first) {
			return false
		}
		w := firstWordRE.FindString(first)
		r, _ := utf8.DecodeRuneInString(w)
		if w == "" || !unicode.IsLetter(r) || identifierLike(w) {
			return false
		}
		if p.Args[1].String == "capital" {
			return unicode.IsLower(r)
		}
		return unicode.IsUpper(r) && w != "I" && !acronymRE.MatchString(w) && !usedInCode(w, t)
	case "space":
		return c.line && spaceMissingRE.MatchString(c.raw)
	case "code":
		if docMarked(c.raw) {
			// a documentation comment: its tags (`@package`, `@param x`) and its
			// examples are documentation, not code left behind
			return false
		}
		if c.trailing {
			// a comment after code on its line explains that code (`)  #
			// distance=3, threshold=3`, `else:  # sort_by == "all"`)
			return false
		}
		if c.line && !c.trailing {
			if prev := runNeighbour(n, t, -1); prev != nil && anyCode(readComment(prev, t).lines) {
				return false // the run's first line of code says
			}
			// a run that is mostly prose is prose: a wrapped sentence may end a line
			// with `);`
			code, all := 0, 0
			for _, rc := range runOf(n, t, c) {
				for _, l := range rc.lines {
					if l != "" {
						all++
						if codeLike(l) {
							code++
						}
					}
				}
			}
			return anyCode(c.lines) && 2*code >= all
		}
		code := 0
		for _, l := range c.lines {
			if codeLike(l) {
				code++
			}
		}
		return code > 0 && 2*code >= len(proseLines(c.lines))
	case "divider":
		return dividerLike(c)
	case "multiline":
		if !inFunctionBody(n) {
			return false
		}
		if c.line && !c.trailing {
			if runNeighbour(n, t, -1) != nil {
				return false
			}
			return runNeighbour(n, t, +1) != nil
		}
		return len(proseLines(c.lines)) > 1
	case "stacked":
		if !c.line || c.trailing || runNeighbour(n, t, -1) != nil {
			return false
		}
		k := 0
		for _, rc := range runOf(n, t, c) {
			for _, l := range rc.lines {
				if l == "" {
					return false // a bare `//` between paragraphs
				}
				if codeLike(l) || bulletRE.MatchString(l) {
					return false
				}
				if len(proseLines([]string{l})) > 0 {
					k++ // a divider framing a title is no line of prose
				}
			}
		}
		return k > 1
	case "block":
		if c.line || strings.HasPrefix(c.raw, "/**") && !strings.HasPrefix(c.raw, "/***") || strings.HasPrefix(c.raw, "/*!") {
			return false
		}
		if !strings.HasPrefix(c.raw, "/*") || hasAncestor(n, jsxKinds.Get()) || codeAfter(n, t) {
			return false
		}
		return true
	case "doc-block":
		return strings.HasPrefix(c.raw, "/**") && !strings.HasPrefix(c.raw, "/***") && c.raw != "/**/"
	case "line":
		return strings.HasPrefix(c.raw, "//")
	case "trailing":
		return c.trailing
	case "above-def":
		// a Python function or class documented by # comments above it, with no
		// docstring of its own
		if c.trailing || !c.line || runNeighbour(n, t, -1) != nil {
			return false
		}
		last := n
		for s := runNeighbour(last, t, +1); s != nil; s = runNeighbour(last, t, +1) {
			last = s
		}
		def := last.NextSibling()
		if def == nil || def.StartPosition().Row != last.StartPosition().Row+1 {
			return false
		}
		if def.Kind() == "decorated_definition" {
			def = def.ChildByFieldName("definition")
		}
		if def == nil || def.Kind() != "function_definition" && def.Kind() != "class_definition" {
			return false
		}
		body := def.ChildByFieldName("body")
		if body == nil || body.NamedChildCount() == 0 {
			return false
		}
		first := body.NamedChild(0)
		return !(first.Kind() == "expression_statement" && first.NamedChildCount() > 0 && first.NamedChild(0).Kind() == "string")
	case "unnamed":
		// a Go doc comment on an exported declaration that does not start with its
		// name ("A", "An" or "The" may come first; "Deprecated:" is a paragraph of its own)
		if c.trailing || !c.line || runNeighbour(n, t, -1) != nil {
			return false
		}
		name := documentedName(n, t)
		if name == "" || !unicode.IsUpper([]rune(name)[0]) {
			return false
		}
		f := strings.Fields(firstProse(runOf(n, t, c)))
		if len(f) == 0 {
			return false
		}
		w := strings.TrimRight(f[0], ".,:;")
		if (w == "A" || w == "An" || w == "The") && len(f) > 1 {
			w = strings.TrimRight(f[1], ".,:;")
		}
		return w != name && w != "Deprecated"
	case "todo-owner", "todo-issue":
		for _, l := range c.lines {
			loc := todoRE.FindStringIndex(l)
			if loc == nil {
				continue
			}
			if p.Args[1].String == "todo-owner" {
				if !strings.HasPrefix(l[loc[1]:], "(") || strings.HasPrefix(l[loc[1]:], "()") {
					return true
				}
				continue
			}
			if !issueRefRE.MatchString(l) {
				return true
			}
		}
		return false
	}
	return false
}

// comment is one comment node read as prose.
type comment struct {
	raw string
	// lines are its text lines without the comment markers, trimmed.
	lines []string
	// line: a line comment (//, #); trailing: after code on its line.
	line, trailing bool
	// directive: a tool's directive, not prose; licence: a licence or copyright header.
	directive, licence bool
	row, col           uint
}

var (
	// commentDirectiveRE: the text of a comment that is a tool's directive (after its marker).
	commentDirectiveRE = lazyre.New(`^(?:go:|\+build\b|nolint|lint:|export [A-Za-z_]|line \S+:\d|cgo\b|eslint|@ts-|@flow\b|@jsx|@refresh\b|@vitest-|@jest-|@license\b|@preserve\b|@generated\b|@__|#__|prettier-ignore|istanbul |c8 |v8 |webpack|vite-ignore|biome-ignore|deno-|oxlint|tslint:|jshint|jscs:|global |globals |type:\s*ignore|noqa|pylint:|pyright:|mypy:|fmt:|isort:|ruff:|black:|pragma\b|nosec\b|NOSONAR|NOLINT|clang-format|cppcheck|ReSharper|region\b|endregion\b|#region|#endregion|MARK:|swiftlint:|rubocop:|frozen_string_literal:|encoding:|coding[:=]|-\*-|vim?:|!\s*/|<auto-generated|Code generated|DO NOT EDIT|cspell:|spell-checker:|codespell:|language=|@formatter:|sourceMappingURL|sourceURL|<reference\b|<amd-|#pragma|\$FlowFixMe|\$FlowIgnore|@ts-|noinspection\b|suppress|SAFETY:|Safety:|rustfmt::|clippy::|allow\(|expect\(|@\w+-disable|@\w+-enable|\[\w+\]:)`)
	licenceRE          = lazyre.New(`(?i)\bcopyright\b|\blicen[cs]ed?\b|SPDX-License-Identifier|all rights reserved`)
	// sentenceEndRE: the line ends a sentence (or leads into what follows).
	sentenceEndRE = lazyre.New(`[.!?:;…。！？]["'` + "`" + `)\]*_]*$|^[-=*#~_/+]+$`)
	urlEndRE      = lazyre.New(`(?:https?://|www\.)\S+$|^\S+\.(?:md|go|py|ts|js|rs|java|kt|cs|rb|json|ya?ml|toml)$`)
	firstWordRE   = lazyre.New(`^[^\s:,;(]+`)
	acronymRE     = lazyre.New(`^[A-Z][A-Z0-9]+[s]?[:.,!?]?$|^[A-Z]\.`)
	// identRE2: a word that is a code identifier by its shape: an underscore, a dot
	// between letters, parentheses, backticks, inner capitals (userId, iOS), digits.
	identShapeRE   = lazyre.New("[_`()\\[\\]<>{}=/\\\\@$]|\\pL\\.\\pL|^\\pL+\\p{Lu}|\\pL\\d|\\d\\pL")
	spaceMissingRE = lazyre.New(`^(?://|#)[\pL\pN]`)
	bulletRE       = lazyre.New(`^(?:[-*+•]\s|\d+[.)]\s|@\w+)`)
	todoRE         = lazyre.New(`\b(?:TODO|FIXME)\b`)
	issueRefRE     = lazyre.New(`#\d+|\b[A-Z][A-Z0-9]+-\d+\b|https?://|\bissues?/\d+`)
	dividerRE      = lazyre.New(`^(?:[-=*#~_+/<>|]\s*){4,}$|^[-=*#~_+]{3,}\s*\S.*?\s*[-=*#~_+]{3,}$|^[-=*#~_+]{4,}\s*\S|\S\s*[-=*#~_+]{4,}$`)
	// codeLineRE: a comment line that reads as a statement of code: an assignment, a
	// call, a statement keyword with code punctuation after it, a block's opening or
	// closing line, markup, a decorator.
	codeLineRE = lazyre.New(`^(?:(?:const|let|var|val|def|fn|func|function|import|from \S+ import|return|if|elif|else|for|while|switch|match|class|struct|pub|private|public|static|async|await|yield|raise|throw|new|delete|assert)\b.*[(){}\[\];=<>]|(?:try|else|finally|except(?: \w+(?: as \w+)?)?|do|begin|end)\s*:?|[\w.$\[\]"']+\s*(?:[-+*/%|&^]?=|:=)\s*\S.*|[\w.$]+\(.*\)\s*[;,]?|(?:puts|require|require_relative|echo)\s+\S.*|[\w$]+(?:\.[\w$]+)+|.*[;{]|\}.*|.*\)\s*\{|</?[a-zA-Z][\w.-]*(?:\s[^>]*)?/?>|@[\w.]+(?:\(.*\))?|#include\s.*)\s*$`)
	// proseMarkRE: a line of prose: four plain words in a row, or words in backticks.
	proseMarkRE = lazyre.New("\\b[A-Za-z]+,? [A-Za-z]+ [A-Za-z]+ [A-Za-z]+\\b|`|…|\\.\\.\\.")
	// fileNameRE: a file's name, which a comment names and no code is.
	fileNameRE = lazyre.New(`^[\w./-]+\.(?:go|py|pyi|rs|ts|tsx|js|jsx|mjs|md|json|ya?ml|toml|txt|rb|java|kt|cs|c|h|cc|cpp|hpp|php|sh|html|css|lock|cfg|ini)$`)
)

// jsxKinds are where a JSX comment sits ({/* ... */}): JSX has no line comments.
var jsxKinds = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return map[string]bool{"jsx_expression": true, "jsx_element": true, "jsx_self_closing_element": true}
}}

// readComment reads a comment node.
func readComment(n *sitter.Node, t *lang.Tree) comment {
	raw := text(n, t)
	c := comment{raw: raw, row: n.StartPosition().Row, col: n.StartPosition().Column}
	c.trailing = codeBefore(n, t)
	switch {
	case strings.HasPrefix(raw, "/*"):
		body := strings.TrimSuffix(strings.TrimPrefix(raw, "/*"), "*/")
		body = strings.TrimLeft(body, "*!")
		for _, l := range strings.Split(body, "\n") {
			l = strings.TrimSpace(l)
			l = strings.TrimSpace(strings.TrimLeft(l, "*"))
			c.lines = append(c.lines, l)
		}
		for len(c.lines) > 0 && c.lines[0] == "" {
			c.lines = c.lines[1:]
		}
		for len(c.lines) > 0 && c.lines[len(c.lines)-1] == "" {
			c.lines = c.lines[:len(c.lines)-1]
		}
	case strings.HasPrefix(raw, "=begin"):
		body := strings.TrimSuffix(strings.TrimPrefix(raw, "=begin"), "=end")
		for _, l := range strings.Split(strings.TrimSpace(body), "\n") {
			c.lines = append(c.lines, strings.TrimSpace(l))
		}
	default:
		c.line = true
		body := strings.TrimRight(raw, "\r\n")
		switch {
		case strings.HasPrefix(body, "//"):
			body = strings.TrimPrefix(body, "//")
			if strings.HasPrefix(body, "/") || strings.HasPrefix(body, "!") {
				body = body[1:]
			}
		case strings.HasPrefix(body, "#"):
			if c.row == 0 && strings.HasPrefix(body, "#!") {
				c.directive = true // a shebang
			}
			body = strings.TrimLeft(body, "#")
		case strings.HasPrefix(body, "--"):
			body = strings.TrimPrefix(body, "--")
		}
		c.lines = []string{strings.TrimSpace(body)}
	}
	if len(c.lines) > 0 && commentDirectiveRE.MatchString(c.lines[0]) {
		c.directive = true
	}
	if t.Lang == engine.LangGo && bytes.HasPrefix(bytes.TrimLeft(t.Src[min(int(n.EndByte()), len(t.Src)):], " \t\r\n"), []byte(`import "C"`)) {
		c.directive = true // cgo's preamble: C code for the compiler
	}
	if licenceRE.MatchString(raw) && !codeAbove(n, t) {
		c.licence = true
	}
	return c
}

// codeBefore reports code on the comment's line before it.
func codeBefore(n *sitter.Node, t *lang.Tree) bool {
	s := int(n.StartByte())
	i := bytes.LastIndexByte(t.Src[:s], '\n')
	return len(bytes.TrimSpace(t.Src[i+1:s])) > 0
}

// codeAfter reports code on the comment's last line after it.
func codeAfter(n *sitter.Node, t *lang.Tree) bool {
	e := int(n.EndByte())
	if e > len(t.Src) {
		return false
	}
	rest := t.Src[e:]
	if i := bytes.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	rest = bytes.TrimSpace(rest)
	return len(rest) > 0 && !bytes.HasPrefix(rest, []byte("//")) && !bytes.HasPrefix(rest, []byte("/*"))
}

// codeAbove reports code in the file before the comment (a licence header comes first).
func codeAbove(n *sitter.Node, t *lang.Tree) bool {
	for s := n.PrevSibling(); s != nil; s = s.PrevSibling() {
		if !isCommentKind(s.Kind()) {
			return true
		}
	}
	for p := n.Parent(); p != nil; p = p.Parent() {
		if p.Parent() != nil && p.StartByte() < n.StartByte() {
			return true
		}
	}
	return false
}

func isCommentKind(k string) bool {
	return k == "comment" || k == "line_comment" || k == "block_comment"
}

// runNeighbour is the line comment just below (dir +1) or above (-1) a line comment
// on its own line, in the same run: the next or previous line, the same column, and
// no code after or before it. nil when there is none.
func runNeighbour(n *sitter.Node, t *lang.Tree, dir int) *sitter.Node {
	var s *sitter.Node
	if dir > 0 {
		s = n.NextSibling()
	} else {
		s = n.PrevSibling()
	}
	if s == nil || !isCommentKind(s.Kind()) {
		return nil
	}
	a, b := n.StartPosition(), s.StartPosition()
	if int(b.Row)-int(a.Row) != dir || a.Column != b.Column {
		return nil
	}
	o := readComment(s, t)
	me := readComment(n, t)
	if !o.line || o.trailing || !me.line || me.trailing || o.directive {
		return nil
	}
	return s
}

// runOf is the run of line comments n belongs to, in order.
func runOf(n *sitter.Node, t *lang.Tree, c comment) []comment {
	if !c.line || c.trailing {
		return []comment{c}
	}
	first := n
	for p := runNeighbour(first, t, -1); p != nil; p = runNeighbour(first, t, -1) {
		first = p
	}
	var out []comment
	for s := first; s != nil; s = runNeighbour(s, t, +1) {
		out = append(out, readComment(s, t))
	}
	return out
}

// proseLines are the lines of a comment that are prose: no blank, no directive, no
// lone markup tag (`</summary>`), no divider.
func proseLines(ls []string) []string {
	var out []string
	for _, l := range ls {
		if l == "" || commentDirectiveRE.MatchString(l) || xmlTagLineRE.MatchString(l) || dividerRE.MatchString(l) {
			continue
		}
		out = append(out, l)
	}
	return out
}

var (
	innerStopRE = lazyre.New(`\pL[.!?]\s+\pL`)
	abbrevRE    = lazyre.New(`\b(?:e\.g|i\.e|etc|vs|cf|approx|incl|resp|Mr|Dr|No)\.`)
)

var xmlTagLineRE = lazyre.New(`^</?[a-zA-Z][\w:-]*(?:\s[^>]*)?/?>$`)

func lastProse(run []comment) string {
	for i := len(run) - 1; i >= 0; i-- {
		if ls := proseLines(run[i].lines); len(ls) > 0 {
			return ls[len(ls)-1]
		}
	}
	return ""
}

func firstProse(run []comment) string {
	for _, c := range run {
		if c.directive {
			continue
		}
		if ls := proseLines(c.lines); len(ls) > 0 {
			l := ls[0]
			// XML documentation opens on a tag: the prose after it
			l = strings.TrimSpace(leadingTagRE.ReplaceAllString(l, ""))
			return l
		}
	}
	return ""
}

var leadingTagRE = lazyre.New(`^(?:<[a-zA-Z][^>]*>\s*)+`)

// codeLike reports a comment line that reads as code, not prose.
func codeLike(l string) bool {
	l = strings.TrimSpace(l)
	if l == "" || proseMarkRE.MatchString(l) || fileNameRE.MatchString(l) || strings.ContainsAny(l, "²³≈×÷→≤≥±√∑—") {
		// (a formula written with mathematics' own signs is arithmetic explained)
		return false
	}
	return codeLineRE.MatchString(l) && !proseAfterAssignment(l)
}

// proseAfterAssignment reports whether what follows a line's `=` reads as words
// ("remaining_count = total patterns - top 3 patterns shown", "section=None by
// default"): two plain words in a row that no language writes so.
func proseAfterAssignment(l string) bool {
	i := strings.IndexByte(l, '=')
	if i < 0 {
		return false
	}
	rhs := strings.TrimLeft(l[i+1:], "=") // "attempts == 0 — guard" reads as "=" does
	for _, m := range []string{" #", " //"} {
		// "# unused = 0  # Unused variable": the words are the old line's comment
		if j := strings.Index(rhs, m); j >= 0 {
			rhs = rhs[:j]
		}
	}
	prev := ""
	for _, w := range strings.FieldsFunc(rhs, func(r rune) bool { return r == ' ' || r == ',' }) {
		w = strings.Trim(w, ".;:()[]'\"") // "degraded (accent);", "both trip."
		plain := len(w) >= 2 && strings.IndexFunc(w, func(r rune) bool { return r < 'a' || r > 'z' }) < 0 && !codeKeyword(w)
		if plain && prev != "" {
			return true
		}
		prev = ""
		if plain {
			prev = w
		}
	}
	return false
}

// codeKeyword: the lower-case keywords that stand between words in code (`a if c
// else b`, `x or default`, `await f`).
func codeKeyword(w string) bool {
	switch w {
	case "if", "else", "and", "or", "not", "in", "is", "for", "lambda", "await", "new", "return", "yield", "typeof",
		"instanceof", "as", "async", "then", "do", "end", "of", "let", "const", "var", "nil", "null", "true", "false", "none", "self", "this":
		return true
	}
	return false
}

func anyCode(ls []string) bool {
	for _, l := range ls {
		if codeLike(l) {
			return true
		}
	}
	return false
}

// identifierLike: a word that is a code identifier by its shape.
func identifierLike(w string) bool {
	w = strings.TrimRight(w, ".,:;!?")
	return identShapeRE.MatchString(w)
}

// usedInCode reports whether the word occurs in the file outside comments: the name
// of something in the code ("Open" of `func Open`).
func usedInCode(w string, t *lang.Tree) bool {
	w = strings.TrimRight(w, ".,:;!?'s")
	if w == "" {
		return false
	}
	// (a scan, not an expression compiled for every comment the predicate asks about)
	for from := 0; ; {
		i := bytes.Index(t.Src[from:], []byte(w))
		if i < 0 {
			return false
		}
		start, end := from+i, from+i+len(w)
		from = end
		if start > 0 && wordByte(t.Src[start-1]) || end < len(t.Src) && wordByte(t.Src[end]) {
			continue
		}
		ls := bytes.LastIndexByte(t.Src[:start], '\n') + 1
		before := t.Src[ls:start]
		if bytes.Contains(before, []byte("//")) || bytes.Contains(before, []byte("#")) || bytes.Contains(before, []byte("/*")) || bytes.HasPrefix(bytes.TrimSpace(before), []byte("*")) {
			continue
		}
		return true
	}
}

// wordByte reports an ASCII word character, the one \b of an expression divides on.
func wordByte(b byte) bool {
	return b == '_' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
}

// dividerLike: a divider or banner comment.
func dividerLike(c comment) bool {
	if c.line {
		return len(c.lines) == 1 && dividerRE.MatchString(c.lines[0])
	}
	inner := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(c.raw, "/*"), "*/"))
	if inner != "" && strings.Trim(inner, "*-=#~_+ \t\n") == "" && len(inner) >= 4 {
		return true
	}
	for _, l := range c.lines {
		if dividerRE.MatchString(l) && len(strings.Trim(l, "*")) > 0 {
			return true
		}
	}
	return false
}

// functionKinds are the nodes whose body is a function's.
var functionKinds = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return map[string]bool{
		"function_declaration": true, "method_declaration": true, "func_literal": true, "function_definition": true,
		"function_item": true, "closure_expression": true, "arrow_function": true, "function_expression": true, "function": true,
		"method_definition": true, "generator_function_declaration": true, "generator_function": true, "constructor_declaration": true,
		"lambda_expression": true, "local_function_statement": true, "anonymous_function": true, "lambda_literal": true,
		"method": true, "singleton_method": true, "lambda": true, "anonymous_function_creation_expression": true,
		"arrow_function_expression": true, "accessor_declaration": true, "secondary_constructor": true, "anonymous_function_expression": true,
	}
}}

// inFunctionBody reports a node inside the body of a function or method.
func inFunctionBody(n *sitter.Node) bool {
	for p := n.Parent(); p != nil; p = p.Parent() {
		if functionKinds.Get()[p.Kind()] {
			// inside the function node: past its first line is its body
			return n.StartPosition().Row > p.StartPosition().Row
		}
	}
	return false
}

// documentedName is the name a Go declaration just below the comment's run declares
// (a function, a method, a type), "" when there is none.
func documentedName(n *sitter.Node, t *lang.Tree) string {
	last := n
	for s := runNeighbour(last, t, +1); s != nil; s = runNeighbour(last, t, +1) {
		last = s
	}
	next := last.NextSibling()
	for next != nil && isCommentKind(next.Kind()) && readComment(next, t).directive {
		next = next.NextSibling()
	}
	if next == nil || next.StartPosition().Row != last.StartPosition().Row+1 && next.StartPosition().Row != last.EndPosition().Row+1 {
		return ""
	}
	switch next.Kind() {
	case "function_declaration", "method_declaration":
		return text(next.ChildByFieldName("name"), t)
	case "type_declaration":
		if next.NamedChildCount() == 1 {
			if sp := next.NamedChild(0); sp != nil && sp.Kind() == "type_spec" {
				return text(sp.ChildByFieldName("name"), t)
			}
		}
	}
	return ""
}

// docMarked reports a comment that opens with a documentation marker: ///, //!, /**
// (but /**/, an empty block).
func docMarked(raw string) bool {
	return strings.HasPrefix(raw, "///") || strings.HasPrefix(raw, "//!") || strings.HasPrefix(raw, "/**") && !strings.HasPrefix(raw, "/**/")
}

// isDocComment: the comment documents a declaration: a doc marker (///, //!, /** */),
// or a run on the line just above a declaration.
func isDocComment(n *sitter.Node, t *lang.Tree, c comment) bool {
	if docMarked(c.raw) {
		return true
	}
	if c.trailing {
		return false
	}
	last := n
	if c.line {
		for s := runNeighbour(last, t, +1); s != nil; s = runNeighbour(last, t, +1) {
			last = s
		}
	}
	next := last.NextSibling()
	for next != nil && isCommentKind(next.Kind()) && readComment(next, t).directive {
		next = next.NextSibling()
	}
	if next == nil || next.StartPosition().Row > last.EndPosition().Row+1 {
		return false
	}
	if c.line && last.EndPosition().Row > last.StartPosition().Row && last.EndPosition().Column == 0 {
		// a line comment that holds its newline ends on the next row
		if next.StartPosition().Row > last.EndPosition().Row {
			return false
		}
	}
	return declKindRE.MatchString(next.Kind())
}

var declKindRE = lazyre.New(`declaration|definition|^package_clause$|_item$|_spec$|^field|method|^class|^function|^type|^const|^var|^struct|^enum|^interface|^trait|^impl|^mod$|^module|^export_statement|^decorated_definition|^property|^object_declaration|^signature`)

// commentNodes is, per language with a grammar, the query alternatives that capture
// every comment node as @match.
var commentNodes = lazy.Value[map[string]string]{F: func() map[string]string {
	return map[string]string{
		engine.LangGo: "(comment)", engine.LangPython: "(comment)", engine.LangJavaScript: "(comment)",
		engine.LangTypeScript: "(comment)", engine.LangTSX: "(comment)", engine.LangCSharp: "(comment)",
		engine.LangC: "(comment)", engine.LangCPP: "(comment)", engine.LangPHP: "(comment)", engine.LangRuby: "(comment)",
		engine.LangRust: "[(line_comment) (block_comment)]", engine.LangJava: "[(line_comment) (block_comment)]",
		engine.LangKotlin: "[(line_comment) (block_comment)]",
	}
}}
