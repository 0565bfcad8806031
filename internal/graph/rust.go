package graph

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// extractRust reads `use` trees (expanded: `use a::{b, c::*}` is three imports),
// `mod x;` declarations (with #[path]), `extern crate`, and `crate::`/`super::` paths
// used in code without a `use`. Imports inside an inline `mod a { ... }` carry the
// inline module path in InMod, because `super::` and `self::` are relative to it.
func extractRust(root *sitter.Node, src []byte) []Import {
	var out []Import
	seenPath := map[string]bool{}
	type item struct {
		n     sitter.Node
		inMod string
	}
	cur := root.Walk()
	defer cur.Close()
	var kids []kid
	stack := []item{{*root, ""}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := &it.n
		switch n.Kind() {
		case "use_declaration":
			if arg := n.ChildByFieldName("argument"); arg != nil {
				line, col := pyLine(arg)
				rustUseTree(arg, src, nil, func(segs []string, wild bool) {
					out = append(out, Import{Spec: strings.Join(segs, "::"), Line: line, Col: col, Kind: KindStatic, Wildcard: wild, InMod: it.inMod})
				})
			}
			continue
		case "extern_crate_declaration":
			if name := n.ChildByFieldName("name"); name != nil {
				line, col := pyLine(name)
				out = append(out, Import{Spec: name.Utf8Text(src), Line: line, Col: col, Kind: KindStatic, InMod: it.inMod})
			}
			continue
		case "mod_item":
			name := n.ChildByFieldName("name")
			if name == nil {
				continue
			}
			body := n.ChildByFieldName("body")
			if body == nil {
				line, col := pyLine(name)
				imp := Import{Spec: name.Utf8Text(src), Line: line, Col: col, Kind: KindMod, InMod: it.inMod}
				if p := rustPathAttr(n, src); p != "" {
					imp.Names = []string{p}
				}
				out = append(out, imp)
				continue
			}
			inner := name.Utf8Text(src)
			if it.inMod != "" {
				inner = it.inMod + "::" + inner
			}
			stack = append(stack, item{*body, inner})
			continue
		case "scoped_identifier", "scoped_type_identifier":
			text := compactDots(n.Utf8Text(src))
			if strings.HasPrefix(text, "crate::") || strings.HasPrefix(text, "super::") {
				if i := strings.IndexAny(text, "<("); i >= 0 {
					text = text[:i]
				}
				key := it.inMod + "\x00" + text
				if !seenPath[key] {
					seenPath[key] = true
					line, col := pyLine(n)
					out = append(out, Import{Spec: strings.TrimSuffix(text, "::"), Line: line, Col: col, Kind: KindPath, InMod: it.inMod})
				}
				continue
			}
		case "string_literal", "raw_string_literal", "line_comment", "block_comment", "char_literal":
			continue
		}
		kids = namedKids(cur, n, kids)
		for i := len(kids) - 1; i >= 0; i-- {
			stack = append(stack, item{kids[i].n, it.inMod})
		}
	}
	return out
}

// rustUseTree expands a use tree into full paths.
func rustUseTree(n *sitter.Node, src []byte, prefix []string, emit func([]string, bool)) {
	join := func(extra ...string) []string {
		out := append([]string(nil), prefix...)
		return append(out, extra...)
	}
	switch n.Kind() {
	case "use_list":
		for i := uint(0); i < n.NamedChildCount(); i++ {
			c := n.NamedChild(i)
			if c.Kind() == "self" {
				if len(prefix) > 0 {
					emit(join(), false)
				}
				continue
			}
			rustUseTree(c, src, prefix, emit)
		}
	case "scoped_use_list":
		p := prefix
		if path := n.ChildByFieldName("path"); path != nil {
			p = join(rustSegs(path.Utf8Text(src))...)
		}
		if list := n.ChildByFieldName("list"); list != nil {
			rustUseTree(list, src, p, emit)
		}
	case "use_as_clause":
		if path := n.ChildByFieldName("path"); path != nil {
			emit(join(rustSegs(path.Utf8Text(src))...), false)
		}
	case "use_wildcard":
		text := strings.TrimSuffix(compactDots(n.Utf8Text(src)), "*")
		emit(join(rustSegs(text)...), true)
	default:
		segs := rustSegs(n.Utf8Text(src))
		if len(segs) > 0 {
			emit(join(segs...), false)
		}
	}
}

func rustSegs(s string) []string {
	var out []string
	for _, p := range strings.Split(compactDots(s), "::") {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// rustPathAttr returns the value of a #[path = "..."] attribute on a mod item.
func rustPathAttr(n *sitter.Node, src []byte) string {
	for p := n.PrevNamedSibling(); p != nil && p.Kind() == "attribute_item"; p = p.PrevNamedSibling() {
		t := compactDots(p.Utf8Text(src))
		if strings.HasPrefix(t, "#[path=") {
			if lit, ok := pyStringLiteral(strings.TrimSuffix(strings.TrimPrefix(t, "#[path="), "]")); ok {
				return lit
			}
		}
	}
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		if c.Kind() == "attribute_item" {
			t := compactDots(c.Utf8Text(src))
			if strings.HasPrefix(t, "#[path=") {
				if lit, ok := pyStringLiteral(strings.TrimSuffix(strings.TrimPrefix(t, "#[path="), "]")); ok {
					return lit
				}
			}
		}
	}
	return ""
}
