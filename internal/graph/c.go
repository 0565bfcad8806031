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
	walkNamed(root, false, func(_ *sitter.TreeCursor, n *sitter.Node, cond bool) (bool, bool) {
		switch n.Kind() {
		case "preproc_include":
			p := n.ChildByFieldName("path")
			if p == nil {
				return cond, false
			}
			text := p.Utf8Text(src)
			imp := Import{Kind: KindStatic, Conditional: cond}
			imp.Line, imp.Col = pyLine(p)
			switch {
			case p.Kind() == "string_literal" && len(text) >= 2 && strings.HasPrefix(text, `"`) && strings.HasSuffix(text, `"`):
				imp.Spec, imp.Level = text[1:len(text)-1], 1
			case p.Kind() == "system_lib_string" && len(text) >= 2:
				imp.Spec = strings.TrimSpace(text[1 : len(text)-1])
			default:
				return cond, false
			}
			if imp.Spec != "" {
				out = append(out, imp)
			}
			return cond, false
		case "preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif", "preproc_elifdef":
			return true, true
		case "translation_unit", "linkage_specification", "declaration_list", "namespace_definition", "ERROR":
			return cond, true
		}
		return cond, false // includes stand at file level, not inside code
	})
	return out
}
