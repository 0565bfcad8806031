package graph

import (
	"bytes"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// pyCtx is where in the file a statement stands.
type pyCtx struct {
	typeOnly, cond, lazy bool
}

// extractPython reads every import of a Python module from its syntax tree: module
// level, inside functions (lazy), inside if/try (conditional), under
// `if TYPE_CHECKING:` (type-only), and importlib.import_module / __import__ calls
// with a literal name.
func extractPython(root *sitter.Node, src []byte) []Import {
	var out []Import
	dynamic := bytes.Contains(src, []byte("import_module")) || bytes.Contains(src, []byte("__import__"))
	type item struct {
		n   sitter.Node
		ctx pyCtx
	}
	cur := root.Walk()
	defer cur.Close()
	var kids []kid
	stack := []item{{*root, pyCtx{}}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n, ctx := &it.n, it.ctx
		switch n.Kind() {
		case "import_statement":
			out = append(out, pyImport(n, src, ctx)...)
			continue
		case "import_from_statement":
			if imp, ok := pyFromImport(n, src, ctx); ok {
				out = append(out, imp)
			}
			continue
		case "future_import_statement":
			continue
		case "function_definition", "lambda":
			ctx.lazy = true
		case "try_statement", "while_statement", "for_statement", "with_statement", "match_statement":
			ctx.cond = true
		case "if_statement":
			// The consequence of `if TYPE_CHECKING:` runs only under a type checker;
			// its else branch runs always.
			cond := n.ChildByFieldName("condition")
			tc := cond != nil && isTypeChecking(cond.Utf8Text(src))
			cc := pyCtx{typeOnly: ctx.typeOnly || tc, cond: true, lazy: ctx.lazy}
			ec := pyCtx{typeOnly: ctx.typeOnly, cond: true, lazy: ctx.lazy}
			kids = namedKids(cur, n, kids)
			for i := len(kids) - 1; i >= 0; i-- {
				if kids[i].field == "consequence" {
					stack = append(stack, item{kids[i].n, cc})
				} else {
					stack = append(stack, item{kids[i].n, ec})
				}
			}
			continue
		case "call":
			if dynamic {
				if imp, ok := pyDynamic(n, src, ctx); ok {
					out = append(out, imp)
				}
			}
		case "string", "comment", "integer", "float", "identifier":
			continue
		}
		if !dynamic && !pyMayHoldStatements(n.Kind()) {
			continue
		}
		kids = namedKids(cur, n, kids)
		for i := len(kids) - 1; i >= 0; i-- {
			stack = append(stack, item{kids[i].n, ctx})
		}
	}
	return out
}

// kid is a named child with its field name.
type kid struct {
	n     sitter.Node
	field string
}

// namedKids lists a node's named children with one cursor pass: NamedChild(i) costs
// O(i), which made wide error nodes quadratic.
func namedKids(cur *sitter.TreeCursor, n *sitter.Node, buf []kid) []kid {
	buf = buf[:0]
	cur.Reset(*n)
	if !cur.GotoFirstChild() {
		return buf
	}
	for {
		c := cur.Node()
		if c.IsNamed() {
			buf = append(buf, kid{*c, cur.FieldName()})
		}
		if !cur.GotoNextSibling() {
			return buf
		}
	}
}

// pyMayHoldStatements lists the nodes below which an import statement can appear;
// expressions are not walked unless the file mentions a dynamic import function.
func pyMayHoldStatements(kind string) bool {
	switch kind {
	case "module", "block", "if_statement", "elif_clause", "else_clause", "try_statement",
		"except_clause", "except_group_clause", "finally_clause", "with_statement", "for_statement",
		"while_statement", "function_definition", "class_definition", "decorated_definition",
		"match_statement", "case_clause", "ERROR":
		return true
	}
	return strings.HasSuffix(kind, "_statement") && kind != "expression_statement"
}

func isTypeChecking(cond string) bool {
	cond = strings.TrimSpace(cond)
	return cond == "TYPE_CHECKING" || cond == "typing.TYPE_CHECKING" || cond == "t.TYPE_CHECKING" ||
		cond == "_t.TYPE_CHECKING" || strings.HasSuffix(cond, ".TYPE_CHECKING")
}

func pyLine(n *sitter.Node) (int, int) {
	p := n.StartPosition()
	return int(p.Row) + 1, int(p.Column) + 1
}

func pyImport(n *sitter.Node, src []byte, ctx pyCtx) []Import {
	var out []Import
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		name := c
		if c.Kind() == "aliased_import" {
			name = c.ChildByFieldName("name")
		}
		if name == nil || name.Kind() != "dotted_name" {
			continue
		}
		line, col := pyLine(name)
		out = append(out, Import{Spec: compactDots(name.Utf8Text(src)), Line: line, Col: col, Kind: KindStatic,
			TypeOnly: ctx.typeOnly, Conditional: ctx.cond, Lazy: ctx.lazy})
	}
	return out
}

func pyFromImport(n *sitter.Node, src []byte, ctx pyCtx) (Import, bool) {
	mod := n.ChildByFieldName("module_name")
	if mod == nil {
		return Import{}, false
	}
	imp := Import{Kind: KindStatic, TypeOnly: ctx.typeOnly, Conditional: ctx.cond, Lazy: ctx.lazy}
	imp.Line, imp.Col = pyLine(mod)
	switch mod.Kind() {
	case "dotted_name":
		imp.Spec = compactDots(mod.Utf8Text(src))
	case "relative_import":
		text := compactDots(mod.Utf8Text(src))
		dots := 0
		for dots < len(text) && text[dots] == '.' {
			dots++
		}
		imp.Level = dots
		imp.Spec = text[dots:]
	default:
		return Import{}, false
	}
	for i := uint(0); i < n.NamedChildCount(); i++ {
		if n.FieldNameForNamedChild(uint32(i)) != "name" {
			if n.NamedChild(i).Kind() == "wildcard_import" {
				imp.Wildcard = true
			}
			continue
		}
		c := n.NamedChild(i)
		if c.Kind() == "aliased_import" {
			c = c.ChildByFieldName("name")
		}
		if c != nil {
			imp.Names = append(imp.Names, compactDots(c.Utf8Text(src)))
		}
	}
	return imp, true
}

// compactDots removes the white space a dotted name may contain (`a . b`, or a
// parenthesised continuation).
func compactDots(s string) string {
	if !strings.ContainsAny(s, " \t\n\r\\") {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if r != ' ' && r != '\t' && r != '\n' && r != '\r' && r != '\\' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// pyDynamic reads importlib.import_module("a.b") and __import__("a.b").
func pyDynamic(n *sitter.Node, src []byte, ctx pyCtx) (Import, bool) {
	fn := n.ChildByFieldName("function")
	args := n.ChildByFieldName("arguments")
	if fn == nil || args == nil || args.NamedChildCount() == 0 {
		return Import{}, false
	}
	name := fn.Utf8Text(src)
	if name != "importlib.import_module" && name != "import_module" && name != "__import__" {
		return Import{}, false
	}
	a := args.NamedChild(0)
	if a.Kind() != "string" {
		return Import{}, false
	}
	lit, ok := pyStringLiteral(a.Utf8Text(src))
	if !ok || lit == "" {
		return Import{}, false
	}
	imp := Import{Kind: KindDynamic, TypeOnly: ctx.typeOnly, Conditional: ctx.cond, Lazy: true}
	imp.Line, imp.Col = pyLine(a)
	dots := 0
	for dots < len(lit) && lit[dots] == '.' {
		dots++
	}
	if dots > 0 {
		// A relative name only means something with a package= argument; leave it.
		return Import{}, false
	}
	imp.Spec = lit
	return imp, true
}

// pyStringLiteral returns the value of a plain (not f-, not byte) string literal.
func pyStringLiteral(s string) (string, bool) {
	i := 0
	for i < len(s) && strings.IndexByte("rRuU", s[i]) >= 0 {
		i++
	}
	s = s[i:]
	for _, q := range []string{`"""`, `'''`, `"`, `'`} {
		if len(s) >= 2*len(q) && strings.HasPrefix(s, q) && strings.HasSuffix(s, q) {
			return s[len(q) : len(s)-len(q)], true
		}
	}
	return "", false
}
