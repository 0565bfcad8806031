package graph

import (
	sitter "github.com/tree-sitter/go-tree-sitter"
)

// extractCSharp reads a C# file's using directives (`using A.B;`, `global using A.B;`,
// `using static A.B.C;`, `using X = A.B;`), at the top of the file or of a namespace
// block, and its namespace (the first one declared).
func extractCSharp(root *sitter.Node, src []byte, facts *Facts) {
	cur := root.Walk()
	defer cur.Close()
	var walk func(n *sitter.Node)
	walk = func(n *sitter.Node) {
		for _, k := range namedKids(cur, n, nil) {
			c := &k.n
			switch c.Kind() {
			case "using_directive":
				if imp, ok := csUsing(cur, c, src); ok {
					facts.Imports = append(facts.Imports, imp)
				}
			case "namespace_declaration", "file_scoped_namespace_declaration":
				if facts.Package == "" {
					if name := c.ChildByFieldName("name"); name != nil {
						facts.Package = compactName(name.Utf8Text(src))
					}
				}
				if body := c.ChildByFieldName("body"); body != nil {
					walk(body)
				}
			case "preproc_if", "preproc_else", "preproc_elif":
				walk(c)
			}
		}
	}
	walk(root)
}

func csUsing(cur *sitter.TreeCursor, n *sitter.Node, src []byte) (Import, bool) {
	var name *sitter.Node
	static := false
	cur.Reset(*n)
	if !cur.GotoFirstChild() {
		return Import{}, false
	}
	for {
		c := cur.Node()
		switch {
		case c.Kind() == "static":
			static = true
		case c.IsNamed() && cur.FieldName() != "name" && (c.Kind() == "qualified_name" || c.Kind() == "identifier" || c.Kind() == "alias_qualified_name"):
			name = c
		}
		if !cur.GotoNextSibling() {
			break
		}
	}
	if name == nil {
		return Import{}, false
	}
	line, col := pyLine(name)
	spec := compactName(name.Utf8Text(src))
	if len(spec) > 8 && spec[:8] == "global::" {
		spec = spec[8:]
	}
	return Import{Spec: spec, Line: line, Col: col, Kind: KindStatic, Static: static}, true
}
