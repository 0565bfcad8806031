package source

import (
	"bytes"
	"sort"
	"strings"
	"unicode"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/lazyre"
)

// A repository marks the sites it allows despite a ban with its linter's own
// suppression comments: golangci-lint's //nolint, ESLint's and oxlint's
// eslint-disable comments, Biome's biome-ignore, Ruff's and flake8's # noqa,
// pylint's disable, RuboCop's rubocop:disable, Clippy's #[allow] and #[expect],
// Java's @SuppressWarnings and Kotlin's @Suppress, clang-tidy's NOLINT and
// PHP_CodeSniffer's phpcs:ignore. Such a comment is the project's decision about the
// site when it names the linter rule that bans what heed's rule bans (a linter
// whose job is bans: forbidigo, no-restricted-imports, Ruff's TID251, Clippy's
// disallowed_methods; or a rule whose name names the matched code: no-console on
// `console.log`, unwrap_used on `.unwrap()`), or when it silences every rule (a bare
// //nolint, # noqa or eslint-disable-next-line). A comment that names other rules
// (//nolint:errcheck, # noqa: E501) decides nothing about heed's.

// banLinterRE finds the name of a linter rule whose job is to ban what a project
// lists: golangci-lint's forbidigo, depguard and gomodguard, ESLint's
// no-restricted-* (plugins' too), Clippy's disallowed_*, Ruff's banned-api
// (TID251-253) and Biome's noRestricted*. A suppression of deprecation warnings
// is none of them: a class marked so would hide every ban heed has in it.
var banLinterRE = lazyre.New(`(?i)^(?:forbidigo|depguard|gomodguard|importas)$|restricted|disallowed|^(?:tid25[123]|banned-api|banned-module-level-imports)$|^(?:ban-types|ban)$`)

// lintCodeWords are lint codes whose names say nothing: the code they ban.
var lintCodeWords = lazy.Value[map[string]string]{F: func() map[string]string {
	return map[string]string{"t201": "print", "t203": "pprint", "s101": "assert", "s102": "exec", "s307": "eval",
		"e722": "except", "e731": "lambda", "b006": "default"}
}}

// lintStopWords are words of linter rule names that name no code.
var lintStopWords = lazy.Value[map[string]bool]{F: func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`use used usage uses the and for with prefer avoid only lint rule rules style check checks
		warning warnings error errors explicit unused unsafe suspicious correctness complexity pedantic nursery restriction
		typescript eslint plugin react import clippy lint layout naming convention performance security best practices
		bugprone misc modernize readability cppcoreguidelines google hicpp cert fuchsia llvm pmd checkstyle sonar java`) {
		m[w] = true
	}
	return m
}}

// codeWords splits identifiers into their lower-case words of three letters or
// more: `console.log` into console, log; `unwrap_used` into unwrap, used;
// `noConsole` into no, console.
func codeWords(s string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) >= 3 {
			out = append(out, strings.ToLower(string(cur)))
		}
		cur = cur[:0]
	}
	rs := []rune(s)
	for i, r := range rs {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if unicode.IsUpper(r) && len(cur) > 0 && (unicode.IsLower(cur[len(cur)-1]) || i+1 < len(rs) && unicode.IsLower(rs[i+1])) {
				flush()
			}
			cur = append(cur, r)
		default:
			flush()
		}
	}
	flush()
	return out
}

// lintRuleCovers reports whether a suppression that names the linter rule name
// covers a match of a ban whose matched text is matched, given the linters the
// rule's sentence names ("*": any).
func lintRuleCovers(name, matched string, linters []string) bool {
	name = strings.TrimSpace(strings.Trim(strings.TrimSpace(name), `"'`))
	if name == "" {
		return false
	}
	low := strings.ToLower(name)
	for _, l := range linters {
		if l == "*" || l == low {
			return true
		}
	}
	if i := strings.LastIndexAny(low, "/:."); i >= 0 && banLinterRE.MatchString(low[i+1:]) {
		return true
	}
	if banLinterRE.MatchString(low) {
		return true
	}
	mw := codeWords(matched)
	if w, ok := lintCodeWords.Get()[low]; ok {
		for _, m := range mw {
			if m == w {
				return true
			}
		}
		return false
	}
	for _, w := range codeWords(name) {
		if lintStopWords.Get()[w] {
			continue
		}
		for _, m := range mw {
			if m == w || len(w) >= 4 && strings.HasPrefix(m, w) || len(m) >= 4 && strings.HasPrefix(w, m) {
				return true
			}
		}
	}
	return false
}

// splitLintNames splits a suppression's list of rule names (commas or blanks).
func splitLintNames(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '"' || r == '{' || r == '}' })
}

var (
	// eslintLineRE: eslint-disable-line / eslint-disable-next-line with the rules it
	// names (up to a `--` description or the comment's end).
	eslintLineRE = lazyre.New(`\beslint-disable-(line|next-line)\b([^*\n]*?)(?:--|\*/|$)`)
	// eslintBlockRE: a block comment that turns rules off (or back on) below it.
	eslintBlockRE = lazyre.New(`/\*\s*eslint-(disable|enable)\b([^*]*?)(?:--|\*/)`)
	// biomeRE: Biome's suppression of the next line, naming one rule.
	biomeRE = lazyre.New(`//\s*biome-ignore\s+(lint(?:/[\w]+)*)`)
	// noqaRE: Ruff's and flake8's # noqa, bare or with codes.
	noqaRE = lazyre.New(`#\s*noqa\b(?::\s*([A-Z0-9, ]+))?`)
	// pylintRE: pylint's disable naming messages.
	pylintRE = lazyre.New(`#\s*pylint:\s*disable=([\w,\- ]+)`)
	// rubocopRE: RuboCop's disable (or todo) naming cops; enable ends a region.
	rubocopRE = lazyre.New(`#\s*rubocop:(disable|todo|enable)\s+([\w/, ]+)`)
	// rustAllowRE: Clippy's and rustc's allow and expect attributes with their lints.
	rustAllowRE = lazyre.New(`#!?\[(?:allow|expect)\(([^)\]]*)\)`)
	// suppressWarningsRE: Java's @SuppressWarnings and Kotlin's @Suppress.
	suppressWarningsRE = lazyre.New(`@(?:SuppressWarnings|Suppress|file:Suppress)\s*\(([^)]*)\)`)
	// clangNamedRE: clang-tidy's NOLINT naming checks in parentheses.
	clangNamedRE = lazyre.New(`//\s*NOLINT(NEXTLINE)?\(([^)]*)\)`)
	// phpcsRE: PHP_CodeSniffer's ignore of the line (or the next one, alone on a line).
	phpcsRE = lazyre.New(`(?:phpcs:ignore|@phpstan-ignore(?:-line|-next-line)?)\b([^\n*]*)`)
)

// suppressionMarkerRE finds a suppression comment or attribute in matched text.
var suppressionMarkerRE = lazyre.New(`nolint|NOLINT|noqa|eslint-disable|biome-ignore|pylint:|rubocop:|#!?\[(?:allow|expect)\b|@(?:SuppressWarnings|Suppress|file:Suppress)\b|phpcs:|@phpstan-ignore`)

// markedSite reports whether the project marked the line of a match (matched is its
// text) as an allowed exception with its linter's suppression comment, in the
// file's language. linters are the linters the rule's sentence names.
func markedSite(f *engine.File, li lineIndex, marks *fileMarks, line int, matched string, linters []string) bool {
	if marks == nil {
		marks = newFileMarks(f.Content, li)
	}
	if suppressionMarkerRE.MatchString(matched) {
		return false // the match is a suppression comment itself: a rule about them
	}
	src := f.Content
	text := func(n int) string {
		if n < 1 || n > len(li) {
			return ""
		}
		return lineText(src, li, n)
	}
	covers := func(list string) bool {
		names := splitLintNames(list)
		if len(names) == 0 {
			return true // a suppression of every rule
		}
		for _, n := range names {
			if lintRuleCovers(n, matched, linters) {
				return true
			}
		}
		return false
	}
	switch f.Lang {
	case engine.LangGo:
		return nolintCoversBy(src, li, line, func(name string) bool { return lintRuleCovers(name, matched, linters) })
	case engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX:
		if m := eslintLineRE.FindStringSubmatch(text(line)); m != nil && m[1] == "line" && covers(m[2]) {
			return true
		}
		if m := eslintLineRE.FindStringSubmatch(text(line - 1)); m != nil && m[1] == "next-line" && covers(m[2]) {
			return true
		}
		if m := biomeRE.FindStringSubmatch(text(line - 1)); m != nil && lintRuleCovers(m[1], matched, linters) {
			return true
		}
		// a block of lines turned off: the nearest disable above that covers the
		// match, with no enable of it in between
		// only lines with "eslint-" can hold one (a file of 40,000 lines and 2,000
		// sites would otherwise read 80 million lines)
		for _, n := range marks.above("eslint-", line) {
			for _, m := range eslintBlockRE.FindAllStringSubmatch(text(n), -1) {
				if covers(m[2]) {
					return m[1] == "disable"
				}
			}
		}
	case engine.LangPython:
		if m := noqaRE.FindStringSubmatch(text(line)); m != nil && covers(strings.ReplaceAll(m[1], " ", ",")) {
			return true
		}
		if m := pylintRE.FindStringSubmatch(text(line)); m != nil && covers(m[1]) {
			return true
		}
	case engine.LangRuby:
		if m := rubocopRE.FindStringSubmatch(text(line)); m != nil && m[1] != "enable" && covers(m[2]) {
			return true
		}
		for _, n := range marks.above("rubocop:", line) {
			t := strings.TrimSpace(text(n))
			if !strings.HasPrefix(t, "#") {
				continue
			}
			if m := rubocopRE.FindStringSubmatch(t); m != nil && covers(m[2]) {
				return m[1] != "enable"
			}
		}
	case engine.LangRust:
		return attributeCovers(src, li, marks, line, rustAllowRE, covers)
	case engine.LangJava, engine.LangKotlin:
		return attributeCovers(src, li, marks, line, suppressWarningsRE, covers)
	case engine.LangC, engine.LangCPP:
		if m := clangNamedRE.FindStringSubmatch(text(line)); m != nil && m[1] == "" && covers(m[2]) {
			return true
		}
		if m := clangNamedRE.FindStringSubmatch(text(line - 1)); m != nil && m[1] == "NEXTLINE" && covers(m[2]) {
			return true
		}
	case engine.LangPHP:
		if m := phpcsRE.FindStringSubmatch(text(line)); m != nil && covers(m[1]) {
			return true
		}
		if t := strings.TrimSpace(text(line - 1)); strings.HasPrefix(t, "//") || strings.HasPrefix(t, "/*") || strings.HasPrefix(t, "#") {
			if m := phpcsRE.FindStringSubmatch(t); m != nil && covers(m[1]) {
				return true
			}
		}
	}
	return false
}

// attributeCovers reports whether an attribute or annotation (re, its list in the
// first group) that covers names the match: on the line itself, on the attribute
// lines right above it, or on those above each declaration that encloses it (each
// line above with less indentation that opens a block), or a file-wide one (Rust's
// `#![allow]`, Kotlin's `@file:Suppress`) anywhere.
func attributeCovers(src []byte, li lineIndex, marks *fileMarks, line int, re *lazyre.RE, covers func(string) bool) bool {
	text := func(n int) string {
		if n < 1 || n > len(li) {
			return ""
		}
		return lineText(src, li, n)
	}
	names := func(n int) bool {
		m := re.FindStringSubmatch(text(n))
		return m != nil && covers(m[1])
	}
	attrsAbove := func(n int) bool {
		for d := n - 1; d >= 1; d-- {
			t := strings.TrimSpace(text(d))
			if !(strings.HasPrefix(t, "#[") || strings.HasPrefix(t, "@") || strings.HasPrefix(t, "//") || strings.HasPrefix(t, "*") || strings.HasPrefix(t, "/*")) {
				return false
			}
			if names(d) {
				return true
			}
		}
		return false
	}
	if names(line) || attrsAbove(line) {
		return true
	}
	indent := func(s string) int { return len(s) - len(strings.TrimLeft(s, " \t")) }
	cur := indent(text(line))
	for n := line - 1; n >= 1 && cur > 0; n-- {
		t := text(n)
		if strings.TrimSpace(t) == "" || indent(t) >= cur {
			continue
		}
		cur = indent(t)
		if names(n) || attrsAbove(n) {
			return true
		}
	}
	for _, needle := range []string{"#![", "@file:"} {
		for _, n := range marks.with(needle) {
			t := strings.TrimSpace(text(n))
			if (strings.HasPrefix(t, "#![") || strings.HasPrefix(t, "@file:")) && names(n) {
				return true
			}
		}
	}
	return false
}

// fileMarks finds, once per file, the lines that hold a needle, so the suppressions
// that may lie anywhere above a site (a block of lines turned off, a file-wide
// attribute) are looked for on those lines alone: reading every line above every
// site made a generated file of 1.7 MB take seconds.
type fileMarks struct {
	src   []byte
	li    lineIndex
	lines map[string][]int
}

func newFileMarks(src []byte, li lineIndex) *fileMarks {
	return &fileMarks{src: src, li: li}
}

// with returns the lines (1-based, ascending) whose text contains needle.
func (m *fileMarks) with(needle string) []int {
	if ls, ok := m.lines[needle]; ok {
		return ls
	}
	var ls []int
	for off := 0; ; {
		i := bytes.Index(m.src[off:], []byte(needle))
		if i < 0 {
			break
		}
		at := off + i
		n := sort.Search(len(m.li), func(k int) bool { return m.li[k] > at }) // the line holding at
		if len(ls) == 0 || ls[len(ls)-1] != n {
			ls = append(ls, n)
		}
		if n < len(m.li) {
			off = m.li[n] // the next line's start
		} else {
			break
		}
	}
	if m.lines == nil {
		m.lines = map[string][]int{}
	}
	m.lines[needle] = ls
	return ls
}

// above returns the lines above line that contain needle, nearest first.
func (m *fileMarks) above(needle string, line int) []int {
	ls := m.with(needle)
	k := sort.SearchInts(ls, line)
	out := make([]int, k)
	for i := range k {
		out[i] = ls[k-1-i]
	}
	return out
}
