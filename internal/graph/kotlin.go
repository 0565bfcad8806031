package graph

import (
	sitter "github.com/tree-sitter/go-tree-sitter"
)

// extractKotlin reads a Kotlin file's package header and imports: both stand at the
// head of the file, as children of its root (`import a.b.C`, `import a.b.*`,
// `import a.b.C as D`).
func extractKotlin(root *sitter.Node, src []byte, facts *Facts) {
	cur := root.Walk()
	defer cur.Close()
	for _, k := range namedKids(cur, root, nil) {
		n := &k.n
		switch n.Kind() {
		case "package_header":
			if q := firstKid(cur, n, "qualified_identifier", "identifier"); q != nil {
				facts.Package = q.Utf8Text(src)
			}
		case "import":
			q := firstKid(cur, n, "qualified_identifier", "identifier")
			if q == nil {
				continue
			}
			line, col := pyLine(q)
			imp := Import{Spec: compactName(q.Utf8Text(src)), Line: line, Col: col, Kind: KindStatic}
			if hasStar(cur, n) {
				imp.Wildcard = true
			}
			facts.Imports = append(facts.Imports, imp)
		}
	}
}

// firstKid is the first named child of n of one of the kinds.
func firstKid(cur *sitter.TreeCursor, n *sitter.Node, kinds ...string) *sitter.Node {
	for _, k := range namedKids(cur, n, nil) {
		for _, want := range kinds {
			if k.n.Kind() == want {
				c := k.n
				return &c
			}
		}
	}
	return nil
}

// hasStar reports an import ending in `.*`.
func hasStar(cur *sitter.TreeCursor, n *sitter.Node) bool {
	cur.Reset(*n)
	if !cur.GotoFirstChild() {
		return false
	}
	for {
		if cur.Node().Kind() == "*" {
			return true
		}
		if !cur.GotoNextSibling() {
			return false
		}
	}
}

// compactName drops the blanks and comments a qualified name may hold around its dots.
func compactName(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		case c == '/' && i+1 < len(s) && s[i+1] == '/':
			for i < len(s) && s[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			for i+1 < len(s) && !(s[i] == '*' && s[i+1] == '/') {
				i++
			}
			i++
		default:
			b = append(b, c)
		}
	}
	return string(b)
}
