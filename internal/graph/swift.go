package graph

import (
	"bytes"
	"strings"

	"github.com/heed-dev/heed/internal/lazy"
)

// swiftImportKinds are the kinds of a symbol import (`import struct Foundation.Date`).
var swiftImportKinds = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return map[string]bool{"typealias": true, "struct": true, "class": true, "enum": true, "protocol": true, "let": true, "var": true, "func": true}
}}

// extractSwift reads a Swift file's import declarations without a grammar, line by
// line: Swift imports stand at the start of a line, after attributes (`@testable`,
// `@_exported`, `@_implementationOnly`, `@preconcurrency`, `@_spi(X)`) and an access
// level (`public import`). `import Foo.Bar` imports module Foo's submodule;
// `import struct Foo.Bar` one symbol of Foo (Static). Imports between `#if` and
// `#endif` (`#if canImport(UIKit)`) are conditional. Block comments (which nest) and
// multi-line strings are skipped.
func extractSwift(src []byte) Facts {
	f := Facts{Lang: "swift"}
	depth, cond := 0, 0 // block comment nesting, #if nesting
	inString := false   // inside a """ string
	line := 0
	for len(src) > 0 {
		line++
		var l []byte
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			l, src = src[:i], src[i+1:]
		} else {
			l, src = src, nil
		}
		if depth == 0 && !inString {
			t := strings.TrimSpace(string(l))
			switch {
			case strings.HasPrefix(t, "#if"):
				cond++
			case strings.HasPrefix(t, "#endif"):
				if cond > 0 {
					cond--
				}
			default:
				if imp, ok := swiftImport(t); ok {
					imp.Line = line
					imp.Col = strings.Index(string(l), imp.Spec) + 1
					imp.Conditional = cond > 0
					f.Imports = append(f.Imports, imp)
				}
			}
		}
		depth, inString = swiftScan(l, depth, inString)
	}
	return f
}

// swiftImport reads one line that may be an import declaration.
func swiftImport(t string) (Import, bool) {
	for strings.HasPrefix(t, "@") {
		// an attribute, with its arguments: @_spi(Internal)
		end := 1
		for end < len(t) && (isIdentPart(t[end])) {
			end++
		}
		if end < len(t) && t[end] == '(' {
			close := strings.IndexByte(t[end:], ')')
			if close < 0 {
				return Import{}, false
			}
			end += close + 1
		}
		t = strings.TrimSpace(t[end:])
	}
	for _, access := range []string{"public ", "package ", "internal ", "fileprivate ", "private ", "open "} {
		if rest, ok := strings.CutPrefix(t, access); ok {
			t = strings.TrimSpace(rest)
			break
		}
	}
	rest, ok := strings.CutPrefix(t, "import")
	if !ok || rest == "" || (rest[0] != ' ' && rest[0] != '\t') {
		return Import{}, false
	}
	fields := strings.Fields(rest)
	if len(fields) == 0 {
		return Import{}, false
	}
	imp := Import{Kind: KindStatic}
	name := fields[0]
	if swiftImportKinds.Get()[name] {
		if len(fields) < 2 {
			return Import{}, false
		}
		imp.Static = true
		name = fields[1]
	}
	name = strings.TrimSuffix(name, ";")
	if i := strings.Index(name, "//"); i >= 0 {
		name = name[:i]
	}
	for _, seg := range strings.Split(name, ".") {
		if seg == "" || !isIdentStart(seg[0]) {
			return Import{}, false
		}
		for i := 1; i < len(seg); i++ {
			if !isIdentPart(seg[i]) {
				return Import{}, false
			}
		}
	}
	imp.Spec = name
	return imp, true
}

// swiftScan follows block comments and multi-line strings through one line.
func swiftScan(l []byte, depth int, inString bool) (int, bool) {
	for i := 0; i < len(l); i++ {
		switch {
		case inString:
			if bytes.HasPrefix(l[i:], []byte(`"""`)) {
				inString = false
				i += 2
			}
		case depth > 0:
			if bytes.HasPrefix(l[i:], []byte("/*")) {
				depth++
				i++
			} else if bytes.HasPrefix(l[i:], []byte("*/")) {
				depth--
				i++
			}
		case bytes.HasPrefix(l[i:], []byte("//")):
			return depth, inString
		case bytes.HasPrefix(l[i:], []byte("/*")):
			depth++
			i++
		case bytes.HasPrefix(l[i:], []byte(`"""`)):
			inString = true
			i += 2
		case l[i] == '"':
			// a one-line string: to its closing quote
			for i++; i < len(l) && l[i] != '"'; i++ {
				if l[i] == '\\' {
					i++
				}
			}
		}
	}
	return depth, inString
}
