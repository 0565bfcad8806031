package graph

import "github.com/heed-dev/heed/internal/lazy"

// A lexer-level scanner for JavaScript and TypeScript imports. It understands exactly
// as much of the language as it takes to never mistake a string, comment, template or
// regular expression for an import, and to read every import form: static imports and
// re-exports over any number of lines, side-effect imports, import-equals, require(),
// dynamic import(), and type-only imports. It is linear, allocation-light and keeps
// going through syntax errors, which is why heed uses it instead of a full parse for
// the language whose repositories are largest (see bench/arch).

type jsScanner struct {
	src  []byte
	pos  int
	line int
	// lineStart is the offset of the current line's first byte (for columns).
	lineStart int
	// regexOK says whether a '/' here would start a regular expression.
	regexOK bool
	// templates holds, for each template literal we are inside a ${...} of, the brace
	// depth at which that substitution ends.
	templates []int
	depth     int
	// last is the last significant character (a '.' before an identifier makes it a
	// property: obj.import), and dots how many '.' came in a row (a spread is not a
	// member access). Tracked as tokens go by, so comments never count.
	last byte
	dots int
	out  []Import
}

func scanJS(src []byte) []Import {
	s := &jsScanner{src: src, line: 1, regexOK: true}
	if len(src) > 1 && src[0] == '#' && src[1] == '!' {
		for s.pos < len(src) && src[s.pos] != '\n' {
			s.pos++
		}
	}
	s.run()
	return s.out
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || (c|0x20 >= 'a' && c|0x20 <= 'z') || c >= 0x80
}

func isIdentPart(c byte) bool { return isIdentStart(c) || (c >= '0' && c <= '9') }

// keywords after which a '/' starts a regular expression rather than a division.
var regexAfterKeyword = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return map[string]bool{
		"return": true, "typeof": true, "instanceof": true, "in": true, "of": true, "new": true,
		"delete": true, "void": true, "throw": true, "case": true, "do": true, "else": true,
		"yield": true, "await": true, "extends": true,
	}
}}

func (s *jsScanner) newline() {
	s.line++
	s.lineStart = s.pos + 1
}

func (s *jsScanner) run() {
	src := s.src
	for s.pos < len(src) {
		c := src[s.pos]
		switch {
		case c == '\n':
			s.newline()
			s.pos++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			s.pos++
		case c == '/':
			if s.skipComment() {
				continue
			}
			if s.regexOK && s.skipRegex() {
				s.regexOK = false
				s.token('/')
				continue
			}
			s.pos++
			s.regexOK = true
			s.token('/')
		case c == '\'' || c == '"':
			s.skipString(c)
			s.regexOK = false
			s.token('"')
		case c == '`':
			s.pos++
			s.skipTemplate()
			s.regexOK = false
			s.token('`')
		case c == '{':
			s.depth++
			s.pos++
			s.regexOK = true
			s.token('{')
		case c == '}':
			s.token('}')
			if n := len(s.templates); n > 0 && s.templates[n-1] == s.depth {
				s.templates = s.templates[:n-1]
				s.pos++
				s.skipTemplate()
				s.regexOK = false
				continue
			}
			if s.depth > 0 {
				s.depth--
			}
			s.pos++
			s.regexOK = true
		case c == ')' || c == ']':
			s.pos++
			s.regexOK = false
			s.token(c)
		case c >= '0' && c <= '9':
			for s.pos < len(src) && (isIdentPart(src[s.pos]) || src[s.pos] == '.') {
				s.pos++
			}
			s.regexOK = false
			s.token('0')
		case isIdentStart(c):
			start := s.pos
			for s.pos < len(src) && isIdentPart(src[s.pos]) {
				s.pos++
			}
			word := string(src[start:s.pos])
			member := s.last == '.' && s.dots == 1
			s.token('a')
			s.regexOK = regexAfterKeyword.Get()[word]
			if member {
				continue
			}
			switch word {
			case "import":
				s.afterImport(start)
			case "export":
				s.afterExport()
			case "require":
				s.afterRequire(start)
			}
		default:
			s.pos++
			s.regexOK = true
			s.token(c)
		}
	}
}

func (s *jsScanner) token(c byte) {
	if c == '.' && s.last == '.' {
		s.dots++
	} else if c == '.' {
		s.dots = 1
	} else {
		s.dots = 0
	}
	s.last = c
}

// skipComment skips a comment starting at pos, if there is one.
func (s *jsScanner) skipComment() bool {
	src := s.src
	if s.pos+1 >= len(src) {
		return false
	}
	switch src[s.pos+1] {
	case '/':
		for s.pos < len(src) && src[s.pos] != '\n' {
			s.pos++
		}
		return true
	case '*':
		s.pos += 2
		for s.pos < len(src) {
			if src[s.pos] == '*' && s.pos+1 < len(src) && src[s.pos+1] == '/' {
				s.pos += 2
				return true
			}
			if src[s.pos] == '\n' {
				s.newline()
			}
			s.pos++
		}
		return true
	}
	return false
}

// skipRegex skips a regular expression literal at pos. A candidate that reaches the
// end of its line unclosed was a division after all: nothing is consumed.
func (s *jsScanner) skipRegex() bool {
	src := s.src
	i := s.pos + 1
	class := false
	for i < len(src) {
		switch c := src[i]; c {
		case '\n', '\r':
			return false
		case '\\':
			i += 2
			continue
		case '[':
			class = true
		case ']':
			class = false
		case '/':
			if !class {
				i++
				for i < len(src) && isIdentPart(src[i]) {
					i++
				}
				s.pos = i
				return true
			}
		}
		i++
	}
	return false
}

// skipString skips a quoted string starting at pos. Strings cannot span lines, so an
// unterminated one (an apostrophe in JSX text) ends at the line's end and costs at
// most that line.
func (s *jsScanner) skipString(q byte) {
	src := s.src
	s.pos++
	for s.pos < len(src) {
		switch src[s.pos] {
		case q:
			s.pos++
			return
		case '\\':
			if s.pos+1 < len(src) && src[s.pos+1] == '\n' {
				s.pos++
				s.newline()
			}
			s.pos += 2
			continue
		case '\n':
			return
		}
		s.pos++
	}
}

// readString reads a quoted string at pos and returns its value (escapes other than
// the quote itself are kept as written; module specifiers never need them).
func (s *jsScanner) readString() (string, bool) {
	src := s.src
	if s.pos >= len(src) {
		return "", false
	}
	q := src[s.pos]
	if q != '\'' && q != '"' && q != '`' {
		return "", false
	}
	start := s.pos + 1
	for i := start; i < len(src); i++ {
		switch src[i] {
		case q:
			s.pos = i + 1
			return string(src[start:i]), true
		case '\\':
			i++
		case '\n':
			if q != '`' {
				return "", false
			}
		case '$':
			if q == '`' && i+1 < len(src) && src[i+1] == '{' {
				return "", false // a computed specifier: not a static edge
			}
		}
	}
	return "", false
}

// skipTemplate skips template text from pos up to and including the closing
// backtick, or up to a ${, where it records the substitution and returns.
func (s *jsScanner) skipTemplate() {
	src := s.src
	for s.pos < len(src) {
		switch src[s.pos] {
		case '`':
			s.pos++
			return
		case '\\':
			s.pos += 2
			continue
		case '\n':
			s.newline()
		case '$':
			if s.pos+1 < len(src) && src[s.pos+1] == '{' {
				// The substitution ends at the '}' that brings the brace depth back
				// to where it is now.
				s.pos += 2
				s.templates = append(s.templates, s.depth)
				s.regexOK = true
				return
			}
		}
		s.pos++
	}
}

// skipSpace skips white space and comments.
func (s *jsScanner) skipSpace() {
	src := s.src
	for s.pos < len(src) {
		switch src[s.pos] {
		case '\n':
			s.newline()
			s.pos++
		case ' ', '\t', '\r', '\f', '\v':
			s.pos++
		case '/':
			if !s.skipComment() {
				return
			}
		default:
			return
		}
	}
}

func (s *jsScanner) peekIdent() string {
	i := s.pos
	for i < len(s.src) && isIdentPart(s.src[i]) {
		i++
	}
	if i == s.pos || !isIdentStart(s.src[s.pos]) {
		return ""
	}
	return string(s.src[s.pos:i])
}

func (s *jsScanner) readIdent() string {
	w := s.peekIdent()
	s.pos += len(w)
	return w
}

func (s *jsScanner) emit(spec string, line, col int, kind Kind, typeOnly bool) {
	s.out = append(s.out, Import{Spec: spec, Line: line, Col: col, Kind: kind, TypeOnly: typeOnly})
}

// stringHere reads a string literal at pos and emits it as an import of the kind.
func (s *jsScanner) stringHere(kind Kind, typeOnly bool) bool {
	line, col := s.line, s.pos-s.lineStart+1
	spec, ok := s.readString()
	if !ok {
		return false
	}
	s.emit(spec, line, col, kind, typeOnly)
	s.regexOK = false
	return true
}

// afterImport reads what follows the keyword import (already consumed).
func (s *jsScanner) afterImport(start int) {
	s.skipSpace()
	if s.pos >= len(s.src) {
		return
	}
	switch c := s.src[s.pos]; {
	case c == '(':
		// Dynamic import(): `typeof import('x')` is a type query, so type-only.
		typeOnly := s.prevWord(start) == "typeof"
		s.pos++
		s.skipSpace()
		if s.stringHere(KindDynamic, typeOnly) {
			s.skipSpace()
		}
		s.regexOK = true
		return
	case c == '.':
		return // import.meta
	case c == '\'' || c == '"':
		s.stringHere(KindSideEffect, false)
		return
	}
	s.importClause()
}

// prevWord returns the identifier that ends right before offset i (skipping spaces).
func (s *jsScanner) prevWord(i int) string {
	j := i - 1
	for j >= 0 && (s.src[j] == ' ' || s.src[j] == '\t' || s.src[j] == '\n' || s.src[j] == '\r') {
		j--
	}
	end := j + 1
	for j >= 0 && isIdentPart(s.src[j]) {
		j--
	}
	return string(s.src[j+1 : end])
}

// importClause reads `[type] default, {a, type b as c} | * as ns from 'x'` and the TS
// `import x = require('y')`. Anything it does not expect ends it without consuming
// the unexpected token, so ordinary code carries on being scanned.
func (s *jsScanner) importClause() {
	typeOnly := false
	sawDefault := false
	named, namedType := 0, 0
	first := true
	for s.pos < len(s.src) {
		s.skipSpace()
		if s.pos >= len(s.src) {
			return
		}
		c := s.src[s.pos]
		switch {
		case c == '{':
			s.pos++
			named, namedType = s.namedList()
		case c == '*':
			s.pos++
			sawDefault = true
		case c == ',':
			s.pos++
		case c == '=':
			// import x = require('y') / import x = A.B (a namespace alias: no edge).
			s.pos++
			s.skipSpace()
			if s.readIdent() != "require" {
				return
			}
			s.skipSpace()
			if s.pos < len(s.src) && s.src[s.pos] == '(' {
				s.pos++
				s.skipSpace()
				s.stringHere(KindRequire, typeOnly)
			}
			return
		case isIdentStart(c):
			w := s.readIdent()
			switch w {
			case "from":
				s.skipSpace()
				if s.pos < len(s.src) && (s.src[s.pos] == '\'' || s.src[s.pos] == '"') {
					allType := typeOnly || (named > 0 && named == namedType && !sawDefault)
					s.stringHere(KindStatic, allType)
					return
				}
				// `import from from 'x'`: a default import named from.
				sawDefault = true
			case "type", "typeof":
				if first {
					s.skipSpace()
					next := s.peekIdent()
					if next == "from" || (s.pos < len(s.src) && s.src[s.pos] == ',') {
						sawDefault = true // `import type from 'x'`: a default named type
					} else {
						typeOnly = true
					}
				} else {
					sawDefault = true
				}
			case "as":
				s.skipSpace()
				s.readIdent()
			default:
				sawDefault = true
			}
		default:
			return
		}
		first = false
	}
}

// namedList reads `a, type b as c, default as d }` after the '{' and returns how many
// specifiers it held and how many were marked type.
func (s *jsScanner) namedList() (named, typed int) {
	expectName := true
	for s.pos < len(s.src) {
		s.skipSpace()
		if s.pos >= len(s.src) {
			return
		}
		c := s.src[s.pos]
		switch {
		case c == '}':
			s.pos++
			return
		case c == ',':
			s.pos++
			expectName = true
		case c == '\'' || c == '"':
			s.skipString(c) // `{ "a-b" as ab }`
			if expectName {
				named++
				expectName = false
			}
		case isIdentStart(c):
			w := s.readIdent()
			if !expectName {
				continue // `as`, or the local name after it
			}
			if w == "type" {
				s.skipSpace()
				if n := s.peekIdent(); n != "" && n != "as" || (s.pos < len(s.src) && (s.src[s.pos] == '\'' || s.src[s.pos] == '"')) {
					// `type X`: a type-only specifier (X is read next, not counted twice)
					typed++
					named++
					expectName = false
					if n != "" {
						s.readIdent()
					} else {
						s.skipString(s.src[s.pos])
					}
					continue
				}
			}
			named++
			expectName = false
		default:
			return // not an import list after all
		}
	}
	return
}

// afterExport reads re-exports: `export * from`, `export * as ns from`,
// `export {a} from`, `export type {A} from`. Local exports end it at once.
func (s *jsScanner) afterExport() {
	s.skipSpace()
	if s.pos >= len(s.src) {
		return
	}
	typeOnly := false
	if s.peekIdent() == "type" {
		save, line, ls := s.pos, s.line, s.lineStart
		s.readIdent()
		s.skipSpace()
		if s.pos < len(s.src) && (s.src[s.pos] == '{' || s.src[s.pos] == '*') {
			typeOnly = true
		} else {
			s.pos, s.line, s.lineStart = save, line, ls // `export type X = ...`
			return
		}
	}
	named, namedType := 0, 0
	switch s.src[s.pos] {
	case '*':
		s.pos++
		s.skipSpace()
		if s.peekIdent() == "as" {
			s.readIdent()
			s.skipSpace()
			if s.pos < len(s.src) && (s.src[s.pos] == '\'' || s.src[s.pos] == '"') {
				s.skipString(s.src[s.pos])
			} else {
				s.readIdent()
			}
		}
	case '{':
		s.pos++
		named, namedType = s.namedList()
	default:
		return
	}
	s.skipSpace()
	if s.peekIdent() != "from" {
		s.regexOK = true
		return
	}
	s.readIdent()
	s.skipSpace()
	s.stringHere(KindReExport, typeOnly || (named > 0 && named == namedType))
}

// afterRequire reads require('x'); require.resolve and a require variable are not
// imports.
func (s *jsScanner) afterRequire(start int) {
	save, line, ls := s.pos, s.line, s.lineStart
	s.skipSpace()
	if s.pos >= len(s.src) || s.src[s.pos] != '(' {
		s.pos, s.line, s.lineStart = save, line, ls
		return
	}
	s.pos++
	s.skipSpace()
	if !s.stringHere(KindRequire, false) {
		s.pos, s.line, s.lineStart = save, line, ls
		s.regexOK = false
		return
	}
	s.skipSpace()
	if s.pos < len(s.src) && s.src[s.pos] != ')' && s.src[s.pos] != ',' {
		// `require('x' + y)`: computed, drop it.
		s.out = s.out[:len(s.out)-1]
	}
	_ = start
}
