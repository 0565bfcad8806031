package graph

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// extractC reads a C file's `#include "x.h"` (Level 1: searched next to the file
// first) and `#include <x.h>` directives, at file level and inside preprocessor
// conditionals (conditional), `extern "C"` blocks and C++ namespaces; an include with a computed
// name (`#include MACRO`) makes no edge.
func extractC(root *sitter.Node, src []byte) []Import {
	var out []Import
	type item struct {
		n    sitter.Node
		cond bool
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
		case "preproc_include":
			p := n.ChildByFieldName("path")
			if p == nil {
				continue
			}
			text := p.Utf8Text(src)
			imp := Import{Kind: KindStatic, Conditional: it.cond}
			imp.Line, imp.Col = pyLine(p)
			switch {
			case p.Kind() == "string_literal" && len(text) >= 2 && strings.HasPrefix(text, `"`) && strings.HasSuffix(text, `"`):
				imp.Spec, imp.Level = text[1:len(text)-1], 1
			case p.Kind() == "system_lib_string" && len(text) >= 2:
				imp.Spec = strings.TrimSpace(text[1 : len(text)-1])
			default:
				continue
			}
			if imp.Spec != "" {
				out = append(out, imp)
			}
			continue
		case "preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif", "preproc_elifdef":
			it.cond = true
		case "translation_unit", "linkage_specification", "declaration_list", "namespace_definition", "ERROR":
		default:
			continue // includes stand at file level, not inside code
		}
		kids = namedKids(cur, n, kids)
		for i := len(kids) - 1; i >= 0; i-- {
			stack = append(stack, item{kids[i].n, it.cond})
		}
	}
	return out
}
