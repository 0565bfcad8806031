package graph

import (
	"path"
	"strconv"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// extractPHP reads a PHP file's namespace (the first one declared) and its imports:
// `use A\B\C;`, `use A\B\{C, D as E};` (one import each), `use function A\f;` and
// `use const A\X;` (Static: they import a member of a namespace, not a class), and
// `require`, `require_once`, `include`, `include_once` of a literal path, alone or
// after `__DIR__ .` or `dirname(__DIR__) .` (Level 1: relative to the file's folder).
// A computed path makes no edge. Inside a function or method an include is lazy,
// inside if/try/switch conditional. A class's `use Trait;` is no import.
func extractPHP(root *sitter.Node, src []byte, facts *Facts) {
	walkNamed(root, reach{}, func(cur *sitter.TreeCursor, n *sitter.Node, r reach) (reach, bool) {
		switch n.Kind() {
		case "namespace_definition":
			if name := n.ChildByFieldName("name"); name != nil && facts.Package == "" {
				facts.Package = strings.TrimPrefix(name.Utf8Text(src), `\`)
			}
		case "namespace_use_declaration":
			facts.Imports = append(facts.Imports, phpUses(cur, n, src, r.cond)...)
			return r, false
		case "require_expression", "require_once_expression", "include_expression", "include_once_expression":
			if imp, ok := phpInclude(n, src); ok {
				imp.Conditional, imp.Lazy = r.cond, r.lazy
				facts.Imports = append(facts.Imports, imp)
			}
			return r, false
		case "function_definition", "method_declaration", "anonymous_function", "arrow_function":
			r.lazy = true
		case "if_statement", "else_clause", "else_if_clause", "try_statement", "catch_clause", "switch_statement", "match_expression":
			r.cond = true
		case "string", "encapsed_string", "heredoc", "nowdoc", "comment", "text", "text_interpolation":
			return r, false
		}
		return r, true
	})
}

// phpUses reads one `use` declaration: its clauses, with the group's prefix.
func phpUses(cur *sitter.TreeCursor, n *sitter.Node, src []byte, cond bool) []Import {
	text := n.Utf8Text(src)
	rest := strings.TrimSpace(strings.TrimPrefix(text, "use"))
	member := strings.HasPrefix(rest, "function ") || strings.HasPrefix(rest, "function\t") || strings.HasPrefix(rest, "const ") || strings.HasPrefix(rest, "const\t")
	var out []Import
	var clauses []sitter.Node
	prefix := ""
	for _, k := range namedKids(cur, n, nil) {
		switch k.n.Kind() {
		case "namespace_use_clause":
			clauses = append(clauses, k.n)
		case "namespace_name", "qualified_name", "name":
			prefix = strings.Trim(k.n.Utf8Text(src), `\`)
		case "namespace_use_group":
			for _, g := range namedKids(cur, &k.n, nil) {
				if g.n.Kind() == "namespace_use_clause" {
					clauses = append(clauses, g.n)
				}
			}
		}
	}
	for i := range clauses {
		c := &clauses[i]
		var name *sitter.Node
		for _, k := range namedKids(cur, c, nil) {
			if k.field == "alias" {
				continue
			}
			if k.n.Kind() == "qualified_name" || k.n.Kind() == "name" || k.n.Kind() == "namespace_name" {
				nn := k.n
				name = &nn
				break
			}
		}
		if name == nil {
			continue
		}
		spec := strings.Trim(name.Utf8Text(src), `\`)
		// a group's clause may say its own kind: `use A\{function f, const X}`
		ct := strings.TrimSpace(c.Utf8Text(src))
		isMember := member || strings.HasPrefix(ct, "function ") || strings.HasPrefix(ct, "const ")
		if prefix != "" {
			spec = prefix + `\` + spec
		}
		if spec == "" {
			continue
		}
		imp := Import{Spec: spec, Kind: KindStatic, Static: isMember, Conditional: cond}
		imp.Line, imp.Col = pyLine(name)
		out = append(out, imp)
	}
	return out
}

// phpInclude reads the path of a require or include: a literal ("lib/x.php"), or
// one after the file's folder (`__DIR__ . '/x.php'`, `dirname(__DIR__, 2) .
// '/x.php'`), which is relative to the file.
func phpInclude(n *sitter.Node, src []byte) (Import, bool) {
	var arg *sitter.Node
	for i := uint(0); i < n.NamedChildCount(); i++ {
		if c := n.NamedChild(i); c.Kind() != "comment" {
			arg = c
			break
		}
	}
	for arg != nil && arg.Kind() == "parenthesized_expression" && arg.NamedChildCount() == 1 {
		arg = arg.NamedChild(0)
	}
	if arg == nil {
		return Import{}, false
	}
	imp := Import{Kind: KindRequire}
	lit := arg
	up := -1 // folders above the file's own that the path starts from; -1: not relative
	if arg.Kind() == "binary_expression" {
		left, right := arg.ChildByFieldName("left"), arg.ChildByFieldName("right")
		if left == nil || right == nil {
			return Import{}, false
		}
		if up = phpDirOf(left, src); up < 0 {
			return Import{}, false
		}
		lit = right
	}
	s, ok := phpLiteral(lit, src)
	if !ok || s == "" {
		return Import{}, false
	}
	if up >= 0 {
		s = strings.TrimPrefix(s, "/")
		s = strings.Repeat("../", up) + s
		imp.Level = 1
	} else if strings.HasPrefix(s, "./") || strings.HasPrefix(s, "../") {
		imp.Level = 1
	}
	imp.Spec = path.Clean(s)
	imp.Line, imp.Col = pyLine(lit)
	return imp, true
}

// phpDirOf reads `__DIR__` (0), `dirname(__FILE__)` (0), `dirname(__DIR__)` (1),
// `dirname(__DIR__, N)` (N); -1 for anything else.
func phpDirOf(n *sitter.Node, src []byte) int {
	t := strings.Join(strings.Fields(n.Utf8Text(src)), "")
	switch t {
	case "__DIR__", "dirname(__FILE__)":
		return 0
	case "dirname(__DIR__)", "dirname(dirname(__FILE__))":
		return 1
	}
	if rest, ok := strings.CutPrefix(t, "dirname(__DIR__,"); ok {
		if k, err := strconv.Atoi(strings.TrimSuffix(rest, ")")); err == nil && k >= 1 && k < 10 && strings.HasSuffix(rest, ")") {
			return k
		}
	}
	return -1
}

// phpLiteral is the text of a string without interpolation.
func phpLiteral(n *sitter.Node, src []byte) (string, bool) {
	switch n.Kind() {
	case "string", "encapsed_string":
	default:
		return "", false
	}
	var b strings.Builder
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		switch c.Kind() {
		case "string_content", "string_value":
			b.WriteString(c.Utf8Text(src))
		case "escape_sequence":
			b.WriteString(strings.TrimPrefix(c.Utf8Text(src), `\`))
		default:
			return "", false // a variable inside: computed
		}
	}
	return b.String(), true
}
