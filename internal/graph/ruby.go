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
	walkNamed(root, reach{}, func(_ *sitter.TreeCursor, n *sitter.Node, r reach) (reach, bool) {
		switch n.Kind() {
		case "call":
			if imp, ok := rbRequire(n, src); ok {
				imp.Conditional, imp.Lazy = r.cond, r.lazy
				out = append(out, imp)
				return r, false
			}
		case "method", "singleton_method", "block", "do_block", "lambda":
			r.lazy = true
		case "if", "unless", "if_modifier", "unless_modifier", "begin", "rescue", "case", "while", "until", "rescue_modifier":
			r.cond = true
		case "string", "comment", "heredoc_body", "regex":
			return r, false
		}
		return r, true
	})
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
