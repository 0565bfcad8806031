// Package graph builds heed's import graph: for every source file of a repository
// snapshot (Python, JavaScript, TypeScript/TSX, Go, Rust, Java, Kotlin, C#, Ruby, C) the
// imports it makes, each resolved to the file, package folder or third-party package it
// names, with the line it stands on. Architecture rules judge over it; `heed graph`
// exports it.
//
// Extraction reads one file at a time and is cached by content hash; resolution sees
// the whole snapshot (which files exist, go.mod, package.json, tsconfig.json,
// Cargo.toml, .csproj) and is cheap, so a diff run re-parses only what changed.
package graph

import (
	"path"
	"sort"
	"strings"
)

// Kind is the syntactic form of an import.
type Kind uint8

const (
	// KindStatic is a plain import: `import x`, `from x import y`, ESM `import ... from`,
	// Go, Java and Kotlin imports, Rust `use`, C# `using`, C `#include`.
	KindStatic Kind = iota
	// KindReExport is `export ... from 'x'`.
	KindReExport
	// KindSideEffect is `import 'x'` (no bindings).
	KindSideEffect
	// KindRequire is CommonJS `require('x')`, TS `import x = require('x')`, Ruby's
	// `require`, `require_relative`, `load` and `autoload`.
	KindRequire
	// KindDynamic is `import('x')`, `importlib.import_module("x")`, `__import__("x")`.
	KindDynamic
	// KindMod is a Rust `mod x;` declaration (the parent depends on its child module).
	KindMod
	// KindPath is a Rust path used in code without `use` (`crate::a::f()`).
	KindPath
)

var kindNames = [...]string{"static", "reexport", "side-effect", "require", "dynamic", "mod", "path"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// Import is one import as written in a file, before resolution.
type Import struct {
	// Spec is the module as written: "./x", "a.b.c", "fmt", "crate::a::b", "java.util.List",
	// "System.Text.Json" (a C# using), "acme/client" (a Ruby require), "util/str.h".
	Spec string `json:"spec"`
	// Names are what a Python `from M import a, b` imports (they may be submodules).
	Names []string `json:"names,omitempty"`
	// Level counts the leading dots of a Python relative import; 1 marks a path relative
	// to the importing file's folder first: Ruby's require_relative, C's #include "x.h".
	Level int `json:"level,omitempty"`
	// Line and Col locate the specifier (1-based): in a multi-line import, the line of
	// the module name, which is the line a change must touch to add the edge.
	Line int  `json:"line"`
	Col  int  `json:"col,omitempty"`
	Kind Kind `json:"kind"`
	// TypeOnly marks imports erased at run time: TS `import type`, Python imports
	// under `if TYPE_CHECKING:`, `typeof import()`.
	TypeOnly bool `json:"type_only,omitempty"`
	// Conditional marks imports inside if/try blocks; Lazy those inside functions.
	Conditional bool `json:"conditional,omitempty"`
	Lazy        bool `json:"lazy,omitempty"`
	// Static marks a Java `import static` or C# `using static`; Wildcard `import a.*` /
	// `from a import *` / `use a::*`.
	Static   bool `json:"static,omitempty"`
	Wildcard bool `json:"wildcard,omitempty"`
	// InMod is the Rust inline module (`mod a { ... }`, "a::b") the import stands in:
	// its `self::` and `super::` are relative to it.
	InMod string `json:"in_mod,omitempty"`
}

// Facts is what extraction learns from one file.
type Facts struct {
	Lang string `json:"lang"`
	// Package is the Go package clause, the Java or Kotlin package declaration, or
	// the C# namespace (the first one declared).
	Package string   `json:"package,omitempty"`
	Imports []Import `json:"imports,omitempty"`
	// Err says why the file's imports could not be read (too large, parse over its work bound).
	// A file with an Err has no trustworthy edges: rules judge it undetermined.
	Err string `json:"error,omitempty"`
	// Partial is set when the file had syntax errors: the imports read are real, but
	// some may be missing.
	Partial bool `json:"partial,omitempty"`
}

// NodeKind says what an edge points at.
type NodeKind uint8

const (
	// NodeFile is a source file of the repository.
	NodeFile NodeKind = iota
	// NodeDir is a package folder: a Go package, a Python namespace package, a Java
	// or Kotlin package imported with `.*`, a C# namespace's folder.
	NodeDir
	// NodeMissing is a path inside the repository that the import names but that does
	// not exist (a relative import of a deleted file, a Go package not there).
	NodeMissing
	// NodeExternal is a third-party or standard-library package, by name.
	NodeExternal
	// NodeOutside is a path outside the repository (`../../other-repo/x`).
	NodeOutside
)

var nodeKindNames = [...]string{"file", "dir", "missing", "external", "outside"}

func (k NodeKind) String() string {
	if int(k) < len(nodeKindNames) {
		return nodeKindNames[k]
	}
	return "unknown"
}

// Internal reports whether the node is part of the repository.
func (k NodeKind) Internal() bool { return k == NodeFile || k == NodeDir || k == NodeMissing }

// Edge is a resolved import.
type Edge struct {
	From string `json:"from"`
	// To is a repository-relative path (file, dir, missing) or, for external and
	// outside nodes, the package name or the spec.
	To     string   `json:"to"`
	ToKind NodeKind `json:"-"`
	// Package is the package the target belongs to, when it has a name: the
	// third-party package ("react", "@tanstack/react-query", "requests",
	// "github.com/pkg/errors") or the workspace package of an internal target
	// ("@acme/shared").
	Package string `json:"package,omitempty"`
	Import
}

// External reports whether the edge leaves the repository's own code.
func (e *Edge) External() bool { return !e.ToKind.Internal() }

// File is one source file of the graph.
type File struct {
	Path string `json:"path"`
	Lang string `json:"lang"`
	// Package is the workspace package the file belongs to (nearest package.json
	// name, Cargo crate name, Go import path of its folder), when known.
	Package string `json:"package,omitempty"`
	Err     string `json:"error,omitempty"`
	Partial bool   `json:"partial,omitempty"`
	Edges   []Edge `json:"edges,omitempty"`
}

// Graph is the import graph of a snapshot.
type Graph struct {
	// Files holds every source file, by path.
	Files map[string]*File
	// Stats says what the build did.
	Stats Stats
}

// Stats are counts about a build.
type Stats struct {
	Files   int `json:"files"`
	Edges   int `json:"edges"`
	Parsed  int `json:"parsed"`
	Cached  int `json:"cached"`
	Skipped int `json:"skipped"`
}

// Paths returns the graph's files, sorted.
func (g *Graph) Paths() []string {
	out := make([]string, 0, len(g.Files))
	for p := range g.Files {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// Dir is the package folder of a repository path ("" at the root).
func Dir(p string) string {
	d := path.Dir(p)
	if d == "." {
		return ""
	}
	return d
}

// cleanRel cleans a "/"-separated relative path; ok is false when it leaves the root.
func cleanRel(p string) (string, bool) {
	c := path.Clean(p)
	if c == "." {
		return "", true
	}
	if c == ".." || strings.HasPrefix(c, "../") || strings.HasPrefix(c, "/") {
		return c, false
	}
	return c, true
}
