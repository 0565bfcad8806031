package graph

import (
	"go/parser"
	"go/token"
	"strconv"
)

// extractGo reads a Go file's package clause and imports with the standard library's
// own parser, stopping after the import declarations: exact, and much faster than a
// full parse. A file whose header does not parse keeps what was read before the error.
func extractGo(src []byte) Facts {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ImportsOnly)
	facts := Facts{Lang: "go"}
	if f == nil || f.Name == nil || f.Name.Name == "" || f.Name.Name == "_" {
		facts.Err = "the package clause does not parse"
		return facts
	}
	if err != nil {
		facts.Partial = true
	}
	if f.Name != nil {
		facts.Package = f.Name.Name
	}
	for _, spec := range f.Imports {
		if spec.Path == nil {
			continue
		}
		p, err := strconv.Unquote(spec.Path.Value)
		if err != nil || p == "" {
			continue
		}
		pos := fset.Position(spec.Path.Pos())
		imp := Import{Spec: p, Line: pos.Line, Col: pos.Column, Kind: KindStatic}
		if spec.Name != nil && spec.Name.Name == "_" {
			imp.Kind = KindSideEffect
		}
		facts.Imports = append(facts.Imports, imp)
	}
	return facts
}
