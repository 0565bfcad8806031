package graph

import (
	sitter "github.com/tree-sitter/go-tree-sitter"
)

// extractRuby reads `require "x"`, `require_relative "x"` (Level 1: relative to the
// file's folder), `load "x.rb"` and `autoload :X, "x"` calls with a literal path,
// anywhere in the file: inside a method or block they are lazy, inside if/unless/
// begin/case conditional.
func extractRuby(root *sitter.Node, src []byte) []Import {
	var out []Import
	type item struct {
		n          sitter.Node
		cond, lazy bool
	}
	cur := root.Walk()
	defer cur.Close()
	var kids []kid
	stack := []item{{n: *root}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := &it.n
		switch n.Kind() {
		case "call":
			if imp, ok := rbRequire(n, src); ok {
				imp.Conditional, imp.Lazy = it.cond, it.lazy
				out = append(out, imp)
				continue
			}
		case "method", "singleton_method", "block", "do_block", "lambda":
			it.lazy = true
		case "if", "unless", "if_modifier", "unless_modifier", "begin", "rescue", "case", "while", "until", "rescue_modifier":
			it.cond = true
		case "string", "comment", "heredoc_body", "regex":
			continue
		}
		kids = namedKids(cur, n, kids)
		for i := len(kids) - 1; i >= 0; i-- {
			stack = append(stack, item{kids[i].n, it.cond, it.lazy})
		}
	}
	return out
}

func rbRequire(n *sitter.Node, src []byte) (Import, bool) {
	if n.ChildByFieldName("receiver") != nil {
		if r := n.ChildByFieldName("receiver"); r.Utf8Text(src) != "Kernel" {
			return Import{}, false
		}
	}
	m := n.ChildByFieldName("method")
	args := n.ChildByFieldName("arguments")
	if m == nil || args == nil {
		return Import{}, false
	}
	method := m.Utf8Text(src)
	which := uint(0)
	switch method {
	case "require", "require_relative", "load":
	case "autoload":
		which = 1
	default:
		return Import{}, false
	}
	var arg *sitter.Node
	k := uint(0)
	for i := uint(0); i < args.NamedChildCount(); i++ {
		c := args.NamedChild(i)
		if c.Kind() == "comment" {
			continue
		}
		if k == which {
			arg = c
			break
		}
		k++
	}
	if arg == nil || arg.Kind() != "string" || arg.NamedChildCount() != 1 || arg.NamedChild(0).Kind() != "string_content" {
		return Import{}, false // a computed path: no edge
	}
	content := arg.NamedChild(0)
	line, col := pyLine(content)
	imp := Import{Spec: content.Utf8Text(src), Line: line, Col: col, Kind: KindRequire}
	if method == "require_relative" {
		imp.Level = 1
	}
	return imp, true
}
