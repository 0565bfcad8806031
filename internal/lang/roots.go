package lang

import "strings"

// rootKinds is the set of node kinds, indexed by symbol, at which a match of some
// pattern of q can start; nil where that is not known for every pattern: a pattern
// that is not rooted at one node (a sequence of siblings), one rooted at a wildcard,
// an ERROR or MISSING node, an anonymous node or a supertype, or one whose root is
// quantified (it matches runs of siblings). Known, it lets the query run only at
// those nodes (MatchesByRoot).
func (q *Query) rootKinds() []byte {
	q.rootsOnce.Do(func() {
		if q.q == nil {
			return
		}
		g := Grammar(q.lang)
		want := map[string]bool{}
		for i := 0; i < q.PatternCount(); i++ {
			if !q.q.IsPatternRooted(uint(i)) {
				return
			}
			kinds, ok := patternRoots(q.PatternText(i))
			if !ok {
				return
			}
			for _, k := range kinds {
				want[k] = true
			}
		}
		roots := make([]byte, g.NodeKindCount())
		found := map[string]bool{}
		for id := range roots {
			name := g.NodeKindForId(uint16(id))
			if !want[name] || !g.NodeKindIsNamed(uint16(id)) {
				continue
			}
			if g.NodeKindIsSupertype(uint16(id)) || !g.NodeKindIsVisible(uint16(id)) {
				return // matched through its subtypes, which the walk would not know
			}
			roots[id] = 1
			found[name] = true
		}
		if len(found) != len(want) {
			return
		}
		q.roots = roots
	})
	return q.roots
}

// patternRoots reads the kinds a top-level pattern's root node can have from its text:
// `(call ...)`, `((call ...) @c (#eq? ...))` and `[(a) (b)] @x` give call, call and
// a, b. ok is false for any other shape (see rootKinds).
func patternRoots(text string) (kinds []string, ok bool) {
	s := skipBlank(text)
	if s == "" {
		return nil, false
	}
	switch s[0] {
	case '[':
		rest := skipBlank(s[1:])
		for rest != "" && rest[0] != ']' {
			ks, ok := patternRoots(rest)
			if !ok {
				return nil, false
			}
			kinds = append(kinds, ks...)
			end, ok := skipElement(rest)
			if !ok || quantified(skipCaptures(end)) {
				return nil, false
			}
			rest = skipBlank(skipCaptures(end))
		}
		if rest == "" {
			return nil, false
		}
		return kinds, !quantified(skipCaptures(rest[1:]))
	case '(':
		inner := skipBlank(s[1:])
		if inner == "" {
			return nil, false
		}
		if inner[0] == '(' || inner[0] == '[' {
			// A group: its first element is the root (IsPatternRooted has ruled out
			// a sequence of siblings); the group must not be quantified either.
			kinds, ok = patternRoots(inner)
			if !ok {
				return nil, false
			}
			end, ok := skipElement(inner)
			if !ok || quantified(end) {
				return nil, false
			}
			end, ok = skipElement(s)
			if !ok || quantified(skipCaptures(end)) {
				return nil, false
			}
			return kinds, true
		}
		n := 0
		for n < len(inner) && (isNameByte(inner[n])) {
			n++
		}
		name := inner[:n]
		if name == "" || name == "_" || name == "ERROR" || name == "MISSING" || strings.HasPrefix(inner[n:], "/") {
			return nil, false
		}
		end, ok := skipElement(s)
		if !ok || quantified(skipCaptures(end)) {
			return nil, false
		}
		return []string{name}, true
	}
	return nil, false
}

func isNameByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_' || b == '-' || b == '.'
}

// quantified reports a quantifier right after an element (and its captures).
func quantified(rest string) bool {
	rest = skipBlank(rest)
	return rest != "" && (rest[0] == '*' || rest[0] == '+' || rest[0] == '?')
}

// skipBlank skips white space and ; comments.
func skipBlank(s string) string {
	for {
		s = strings.TrimLeft(s, " \t\r\n")
		if !strings.HasPrefix(s, ";") {
			return s
		}
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			s = s[i+1:]
		} else {
			return ""
		}
	}
}

// skipCaptures skips the `@name` captures after an element.
func skipCaptures(s string) string {
	for {
		s = skipBlank(s)
		if !strings.HasPrefix(s, "@") {
			return s
		}
		n := 1
		for n < len(s) && isNameByte(s[n]) {
			n++
		}
		s = s[n:]
	}
}

// skipElement returns what follows the parenthesised, bracketed or quoted element s
// starts with.
func skipElement(s string) (rest string, ok bool) {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			for i++; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' {
					i++
				}
			}
			if i >= len(s) {
				return "", false
			}
			if depth == 0 {
				return s[i+1:], true
			}
		case ';':
			if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
				i += j
			} else {
				return "", false
			}
		case '(', '[':
			depth++
		case ')', ']':
			depth--
			if depth == 0 {
				return s[i+1:], true
			}
			if depth < 0 {
				return "", false
			}
		default:
			if depth == 0 {
				return "", false
			}
		}
	}
	return "", false
}

// RootsKnown reports whether MatchesByRoot can run q only at its patterns' roots.
func (q *Query) RootsKnown() bool { return q.rootKinds() != nil }
