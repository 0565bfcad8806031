package source

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/heed-dev/heed/internal/lang"
)

// boundLocally reports whether the file of n binds n's name itself at its top level:
// a function, class or variable it declares (`def print(...)`, `function fetch()`,
// `const fetch = ...`), or a name it imports from a module of the project by a
// relative path (`from .display import print`, `import { fetch } from './http'`).
// A call of that name calls the project's helper, not the API a ban of the name is
// about (round 7 of the findings study: identifier bans hit same-named helpers).
// A name imported from a package (`from rich import print`) is not bound here: the
// ban may well be about that package's function.
func boundLocally(n *sitter.Node, t *lang.Tree) bool {
	if n == nil {
		return false
	}
	name := text(n, t)
	if name == "" {
		return false
	}
	root := n
	for p := n.Parent(); p != nil; p = p.Parent() {
		root = p
	}
	for i := uint(0); i < root.NamedChildCount(); i++ {
		c := root.NamedChild(i)
		if c == nil {
			continue
		}
		if c.Kind() == "export_statement" {
			if d := c.ChildByFieldName("declaration"); d != nil {
				c = d
			} else if src := c.ChildByFieldName("source"); src != nil && relativeModule(text(src, t)) {
				// `export { fetch } from './http'` re-exports; it binds nothing here
				continue
			}
		}
		if c.Kind() == "decorated_definition" {
			if d := c.ChildByFieldName("definition"); d != nil {
				c = d
			}
		}
		switch c.Kind() {
		case "function_definition", "class_definition", "function_declaration", "generator_function_declaration",
			"class_declaration", "abstract_class_declaration", "function_item":
			if text(c.ChildByFieldName("name"), t) == name {
				return true
			}
		case "lexical_declaration", "variable_declaration":
			for j := uint(0); j < c.NamedChildCount(); j++ {
				if d := c.NamedChild(j); d != nil && d.Kind() == "variable_declarator" && text(d.ChildByFieldName("name"), t) == name {
					return true
				}
			}
		case "expression_statement":
			// Python: `print = console.print` at the top of the module
			if a := c.NamedChild(0); a != nil && a.Kind() == "assignment" {
				if l := a.ChildByFieldName("left"); l != nil && l.Kind() == "identifier" && text(l, t) == name {
					return true
				}
			}
		case "import_from_statement":
			if m := c.ChildByFieldName("module_name"); m != nil && m.Kind() == "relative_import" && importsName(c, t, name) {
				return true
			}
		case "import_statement":
			if src := c.ChildByFieldName("source"); src != nil && relativeModule(text(src, t)) && importsName(c, t, name) {
				return true
			}
		}
	}
	return false
}

// relativeModule: a JS/TS module specifier of the project's own files ('./http').
func relativeModule(spec string) bool {
	spec = strings.Trim(spec, "'\"`")
	return strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../") || spec == "." || spec == ".."
}

// importsName reports whether the import statement imp binds name: the name itself
// or the alias it is imported as.
func importsName(imp *sitter.Node, t *lang.Tree, name string) bool {
	found := false
	var walk func(n *sitter.Node)
	walk = func(n *sitter.Node) {
		if n == nil || found {
			return
		}
		switch n.Kind() {
		case "aliased_import": // Python: `from .x import a as print`
			found = text(n.ChildByFieldName("alias"), t) == name
			return
		case "import_specifier": // JS: `import { a as fetch }`, `import { fetch }`
			if a := n.ChildByFieldName("alias"); a != nil {
				found = text(a, t) == name
			} else {
				found = text(n.ChildByFieldName("name"), t) == name
			}
			return
		case "namespace_import": // `import * as fetch from './x'`
			for i := uint(0); i < n.NamedChildCount(); i++ {
				found = found || text(n.NamedChild(i), t) == name
			}
			return
		case "relative_import", "string":
			return // the module, not what it binds
		case "dotted_name", "identifier":
			if p := n.Parent(); p != nil && (p.Kind() == "import_from_statement" || p.Kind() == "import_clause") {
				found = text(n, t) == name // `from .x import print`, `import fetch from './x'`
			}
			return
		}
		for i := uint(0); i < n.NamedChildCount(); i++ {
			walk(n.NamedChild(i))
		}
	}
	walk(imp)
	return found
}
