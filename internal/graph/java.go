package graph

// extractJava reads a Java compilation unit's package declaration and imports. Both
// can only stand at the head of the file, before the first type declaration, so a
// scanner that skips comments and annotations and stops at the first other token is
// exact, and never has to parse the (possibly huge or broken) rest of the file.
func extractJava(src []byte) Facts {
	facts := Facts{Lang: "java"}
	s := &jsScanner{src: src, line: 1}
	for {
		s.skipSpace()
		if s.pos >= len(src) {
			return facts
		}
		c := src[s.pos]
		if c == ';' {
			s.pos++
			continue
		}
		if c == '@' {
			// An annotation (on a package declaration): @Name or @Name(...).
			s.pos++
			s.skipSpace()
			s.javaName()
			s.skipSpace()
			if s.pos < len(src) && src[s.pos] == '(' {
				s.skipParens()
			}
			continue
		}
		if !isIdentStart(c) {
			return facts
		}
		switch s.readIdent() {
		case "package":
			s.skipSpace()
			facts.Package = s.javaName()
		case "import":
			s.skipSpace()
			imp := Import{Kind: KindStatic}
			if s.peekIdent() == "static" {
				s.readIdent()
				s.skipSpace()
				imp.Static = true
			}
			imp.Line, imp.Col = s.line, s.pos-s.lineStart+1
			name := s.javaName()
			if len(name) > 2 && name[len(name)-2:] == ".*" {
				imp.Wildcard = true
				name = name[:len(name)-2]
			}
			if name == "" {
				return facts
			}
			imp.Spec = name
			facts.Imports = append(facts.Imports, imp)
		default:
			return facts
		}
	}
}

// javaName reads a qualified name `a.b.C` or `a.b.*`, allowing white space and
// comments around the dots.
func (s *jsScanner) javaName() string {
	b := []byte(s.readIdent())
	if len(b) == 0 {
		return ""
	}
	for {
		save, line, ls := s.pos, s.line, s.lineStart
		s.skipSpace()
		if s.pos >= len(s.src) || s.src[s.pos] != '.' {
			s.pos, s.line, s.lineStart = save, line, ls
			return string(b)
		}
		s.pos++
		s.skipSpace()
		if s.pos < len(s.src) && s.src[s.pos] == '*' {
			s.pos++
			return string(b) + ".*"
		}
		w := s.readIdent()
		if w == "" {
			return string(b)
		}
		b = append(append(b, '.'), w...)
	}
}

// skipParens skips a balanced (...) group, strings included.
func (s *jsScanner) skipParens() {
	depth := 0
	for s.pos < len(s.src) {
		switch c := s.src[s.pos]; c {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				s.pos++
				return
			}
		case '"', '\'':
			s.skipString(c)
			continue
		case '\n':
			s.newline()
		case '/':
			if s.skipComment() {
				continue
			}
		}
		s.pos++
	}
}
