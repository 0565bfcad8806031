package source

import (
	"bytes"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lang"
	"github.com/heed-dev/heed/internal/lazyre"
)

// heed's own query predicates, evaluated in Go after Tree-sitter's text predicates
// (#eq?, #match?, #any-of? and their negations, which the binding applies). Each takes
// a capture first; a match is kept only if every predicate of its pattern holds.
//
//	(#inside? @c kind ...)      some ancestor of @c has one of the kinds
//	(#not-inside? @c kind ...)  no ancestor of @c has one of the kinds
//	(#kind? @c kind ...)        @c is of one of the kinds
//	(#not-kind? @c kind ...)    @c is of none of the kinds
//	(#not-holds? @c kind ...)   no node of the kinds lies within two levels below @c
//	                            (a mapped type's clause in an object type)
//	(#not-in-test? @c)          @c is not inside a test in the file (a #[cfg(test)]
//	                            module or #[test] function in Rust, a test_* function
//	                            or Test* class in Python, a Test* function in Go, a
//	                            describe/it/test callback in JS/TS, an @Test method in Java
//	                            or Kotlin, a [Fact]/[Test]/[TestMethod] method in C#, an
//	                            RSpec block or minitest test_* method in Ruby)
//	(#not-in-main? @c)          @c is not in the program's entry point (Python's
//	                            `if __name__ == "__main__":` block, Ruby's `if __FILE__ ==
//	                            $0`, main in Go, Rust, Kotlin and C, C#'s Main and
//	                            top-level statements)
//	(#not-defined? @c)          @c is not the name a declaration defines (`class
//	                            ApplicationError`, `def helper`, `func Helper`): a ban of
//	                            a name is about its uses, not its definition
//	(#not-bound-locally? @c)    the file does not bind @c's name itself: no top-level
//	                            function, class or variable of it, no import of it from
//	                            a relative module (the project's own helper of that name)
//	(#longer-than? @c n)        @c spans more than n lines, its first and last among
//	                            them (a function too long)
//	(#inside-def? @c name ...)  @c is in the body of a function, method or class of one
//	                            of the names (the classes a sentence bans something in)
//	(#not-inside-def? @c name ...)  @c is not in the body of a function, method or class
//	                            of one of the names (the wrapper a sentence prescribes)
//	(#not-go-panic-idiom? @c)   the Go panic @c is none of Go's idioms: not in a Must...
//	                            function beside its error-returning twin, a Panic or
//	                            Fatal method, a ...OrPanic or ...OrDie function, nor
//	                            passing on a recovered panic
//	(#not-defines? @c name ...) the class @c defines no method of one of the names
//	                            (an error boundary's componentDidCatch: React has no
//	                            function form of it)
//	(#not-colliding? @c)        the Java class @c names in full does not share its
//	                            simple name with a class the file imports or declares
//	                            (the one case where Java needs the full name)
//	(#no-keyword-arg? @args name ...)  a Python argument list passes none of the keyword
//	                            arguments and no **kwargs that could carry them
//	(#max-positional? @args n)  a Python argument list has at most n positional
//	                            arguments (and no *args that could add more)
//	(#imported-from? @c module ...)  the Python name @c is imported from one of the
//	                            modules (`from typing import List`, `... import List as L`)
//	(#not-output-code? @c)      a Python print is not where output is the code's job
//	                            (a print_* or show function, under `if verbose`, a CLI)
//	(#no-future-annotations? @c)  the Python module holding @c has statements but no
//	                            `from __future__ import annotations`
//	(#no-doc? @d)               the declaration @d has no doc comment on the lines above
//	                            it (attributes and directives between are skipped)
//	(#named-results? @c)        the Go function (or function literal) @c is in
//	                            declares named results (`(n int, err error)`)
//	(#static-object? @c)        the JavaScript object @c holds only literal values (what a
//	                            stylesheet could hold), no value computed at run time
//	(#text-mode? @args n)       a Python open()-style call opens in text mode: its mode
//	                            (positional argument n, 1-based, or mode=) is absent or a
//	                            literal without "b"; an unknown mode is not text mode
//	(#not-parent? @c kind ...)  @c's parent is of none of the kinds (a JSX attribute's
//	                            string, which a string-quote rule leaves to JSX's option)
//	(#line-end? @c)             nothing but blanks or a comment follows @c on its line
//	(#unterminated? @c)         the statement @c ends without a semicolon, in its text
//	                            or right after it, and parsed without an error
//	(#missing-trailing-comma? @c)  the closing bracket @c ends a literal whose last
//	                            element ends on an earlier line with no comma after it
type predFunc func(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool

var predicates = map[string]struct {
	minArgs int
	fn      predFunc
}{
	"inside?": {2, func(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool {
		return hasAncestor(nodeOf(m, p), kinds(p))
	}},
	"not-inside?": {2, func(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool {
		return !hasAncestor(nodeOf(m, p), kinds(p))
	}},
	"kind?": {2, func(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool {
		return isKind(nodeOf(m, p), kinds(p))
	}},
	"not-kind?": {2, func(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool {
		return !isKind(nodeOf(m, p), kinds(p))
	}},
	"not-holds?": {2, func(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool {
		return !holdsKind(nodeOf(m, p), kinds(p), 2)
	}},
	"not-in-test?": {1, func(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool {
		return !inTest(nodeOf(m, p), t)
	}},
	"not-in-main?": {1, func(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool {
		return !inMain(nodeOf(m, p), t)
	}},
	"not-defined?": {1, func(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool {
		return !definedName(nodeOf(m, p))
	}},
	"not-bound-locally?": {1, func(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool {
		return !boundLocally(nodeOf(m, p), t)
	}},
	"longer-than?": {2, func(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool {
		return longerThan(nodeOf(m, p), p)
	}},
	"inside-def?": {2, func(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool {
		return insideDefinitionOf(nodeOf(m, p), t, p)
	}},
	"not-inside-def?": {2, func(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool {
		return !insideDefinitionOf(nodeOf(m, p), t, p)
	}},
	"not-defines?": {2, func(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool {
		return !definesMethod(nodeOf(m, p), t, p)
	}},
	"not-colliding?": {1, func(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool {
		return !javaNameCollides(text(nodeOf(m, p), t), t.Src)
	}},
	"no-keyword-arg?":        {2, noKeywordArg},
	"text-mode?":             {2, textMode},
	"max-positional?":        {2, maxPositional},
	"imported-from?":         {2, importedFrom},
	"not-output-code?":       {1, notOutputCode},
	"no-future-annotations?": {1, noFutureAnnotations},
	"no-doc?":                {1, noDoc},
	"comment?":               {2, commentShape},
	"not-go-panic-idiom?": {1, func(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool {
		return !goPanicIdiom(nodeOf(m, p), t)
	}},
	"named-results?": {1, func(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool {
		return namedResults(nodeOf(m, p))
	}},
	"static-object?": {1, func(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool {
		return staticObject(nodeOf(m, p))
	}},
	"not-parent?": {2, func(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool {
		n := nodeOf(m, p)
		return n != nil && !isKind(n.Parent(), kinds(p))
	}},
	"line-end?": {1, func(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool {
		return atLineEnd(nodeOf(m, p), t)
	}},
	"unterminated?": {1, func(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool {
		return unterminated(nodeOf(m, p), t)
	}},
	"missing-trailing-comma?": {1, func(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool {
		return missingTrailingComma(nodeOf(m, p))
	}},
}

// staticObject reports whether the JavaScript object n holds only literal values
// (`{ color: "red", margin: 0 }`): what a stylesheet could hold. A value computed at
// run time (a prop, a sum, a template with a substitution, a spread) is not.
func staticObject(n *sitter.Node) bool {
	if n == nil || n.Kind() != "object" {
		return false
	}
	pairs := 0
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		switch c.Kind() {
		case "comment":
			continue
		case "pair":
			pairs++
			if !literalValue(c.ChildByFieldName("value")) {
				return false
			}
		default:
			return false // a spread, a shorthand property: a value from elsewhere
		}
	}
	return pairs > 0
}

// literalValue reports whether a JavaScript expression is a literal.
func literalValue(v *sitter.Node) bool {
	if v == nil {
		return false
	}
	switch v.Kind() {
	case "string", "number", "true", "false", "null":
		return true
	case "template_string":
		for i := uint(0); i < v.NamedChildCount(); i++ {
			if v.NamedChild(i).Kind() == "template_substitution" {
				return false
			}
		}
		return true
	case "unary_expression":
		return v.NamedChildCount() == 1 && v.NamedChild(0).Kind() == "number"
	}
	return false
}

// goPanicIdiom reports whether the Go panic call n is one Go's idioms make by
// design: in a function named Must... whose error-returning twin the file declares
// (`MustNew` beside `New`), in a method named Panic or Fatal (a logger's, whose interface says it
// panics or exits), or passing on a panic its block recovered (`if r := recover(); r !=
// nil { ...; panic(r) }`).
func goPanicIdiom(n *sitter.Node, t *lang.Tree) bool {
	if n == nil {
		return false
	}
	for a := n.Parent(); a != nil; a = a.Parent() {
		switch a.Kind() {
		case "if_statement":
			if c := a.ChildByFieldName("initializer"); c != nil && strings.Contains(text(c, t), "recover()") {
				return true
			}
			if c := a.ChildByFieldName("condition"); c != nil && strings.Contains(text(c, t), "recover()") {
				return true
			}
		case "function_declaration", "method_declaration":
			name := text(a.ChildByFieldName("name"), t)
			if twin, ok := strings.CutPrefix(name, "Must"); ok {
				// the panicking twin of a function the file declares, which returns
				// the error (`MustCompile` beside `Compile`)
				return twin != "" && declaresGoFunc(t, twin)
			}
			// "GetSliceOrPanic", "LoadOrDie": a name that says it panics, the API's
			// explicit convenience beside the error-returning form
			return strings.HasPrefix(name, "Panic") || strings.HasPrefix(name, "Fatal") ||
				strings.HasSuffix(name, "OrPanic") || strings.HasSuffix(name, "OrDie")
		}
	}
	return false
}

// declaresGoFunc reports whether the Go file declares a function or method of the
// name at its top level.
func declaresGoFunc(t *lang.Tree, name string) bool {
	root := t.Root()
	for i := uint(0); i < root.NamedChildCount(); i++ {
		c := root.NamedChild(i)
		if c != nil && (c.Kind() == "function_declaration" || c.Kind() == "method_declaration") && text(c.ChildByFieldName("name"), t) == name {
			return true
		}
	}
	return false
}

// namedResults reports whether the Go function or function literal that holds n
// declares named results: a bare return there returns them.
func namedResults(n *sitter.Node) bool {
	if n == nil {
		return false
	}
	for a := n.Parent(); a != nil; a = a.Parent() {
		switch a.Kind() {
		case "function_declaration", "method_declaration", "func_literal":
			r := a.ChildByFieldName("result")
			if r == nil || r.Kind() != "parameter_list" {
				return false
			}
			for i := uint(0); i < r.NamedChildCount(); i++ {
				if c := r.NamedChild(i); c != nil && c.ChildByFieldName("name") != nil {
					return true
				}
			}
			return false
		}
	}
	return false
}

// noDoc: the declaration @d has no doc comment: no comment ends on the line above it
// or above the attributes and annotations that lead it (Rust's #[derive], Go's
// //go: directives are no documentation). A Rust comment documents only as `///` or
// `/**`.
func noDoc(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool {
	n := nodeOf(m, p)
	if n == nil {
		return false
	}
	top := n
	for s := n.PrevSibling(); s != nil; s = s.PrevSibling() {
		if s.EndPosition().Row+1 < top.StartPosition().Row {
			// a blank line between: Go's doc comment must touch its declaration, but
			// TypeScript, Javadoc, KDoc and rustdoc attach the doc block that comes
			// last before it, blank lines or not
			return !docBlockAcrossBlank(s, t)
		}
		switch s.Kind() {
		case "attribute_item", "inner_attribute_item":
			top = s
			continue
		case "comment", "line_comment", "block_comment":
			c := text(s, t)
			if strings.HasPrefix(c, "//go:") || strings.HasPrefix(c, "//nolint") || strings.HasPrefix(c, "// nolint") {
				top = s
				continue
			}
			switch t.Lang {
			case engine.LangRust:
				return !strings.HasPrefix(c, "///") && !strings.HasPrefix(c, "/**")
			case engine.LangCSharp:
				// C#'s XML documentation comments are /// lines
				return !strings.HasPrefix(c, "///") && !strings.HasPrefix(c, "/**")
			case engine.LangTypeScript, engine.LangTSX, engine.LangJavaScript, engine.LangJava, engine.LangKotlin:
				// JSDoc, TSDoc, Javadoc and KDoc are /** ... */ blocks
				return !strings.HasPrefix(c, "/**")
			}
			return false
		}
		return true
	}
	return true
}

// docBlockAcrossBlank reports a doc block that documents the declaration after it
// even with blank lines between, as its language attaches it.
func docBlockAcrossBlank(s *sitter.Node, t *lang.Tree) bool {
	switch s.Kind() {
	case "comment", "line_comment", "block_comment":
	default:
		return false
	}
	c := text(s, t)
	switch t.Lang {
	case engine.LangTypeScript, engine.LangTSX, engine.LangJavaScript, engine.LangJava, engine.LangKotlin:
		return strings.HasPrefix(c, "/**")
	case engine.LangRust:
		return strings.HasPrefix(c, "///") || strings.HasPrefix(c, "/**")
	}
	return false
}

// checkPredicates validates the general predicates of a compiled query: known names,
// a capture first, strings after.
func checkPredicates(q *lang.Query) error {
	for i, ps := range q.General {
		for _, p := range ps {
			def, ok := predicates[p.Name]
			if !ok {
				return fmt.Errorf("pattern %d: unknown predicate #%s (heed knows #eq?, #not-eq?, #match?, #not-match?, #any-of?, #not-any-of?, %s)", i+1, p.Name, predicateNames())
			}
			if len(p.Args) < def.minArgs {
				return fmt.Errorf("pattern %d: #%s needs at least %d arguments", i+1, p.Name, def.minArgs)
			}
			if p.Args[0].Capture < 0 {
				return fmt.Errorf("pattern %d: #%s takes a capture first, not %q", i+1, p.Name, p.Args[0].String)
			}
			for _, a := range p.Args[1:] {
				if a.Capture >= 0 {
					return fmt.Errorf("pattern %d: #%s takes strings after its capture", i+1, p.Name)
				}
			}
		}
	}
	return nil
}

func predicateNames() string {
	var ns []string
	for _, n := range slices.Sorted(maps.Keys(predicates)) {
		ns = append(ns, "#"+n)
	}
	return strings.Join(ns, ", ")
}

// holds evaluates every general predicate of the match's pattern.
func holds(q *lang.Query, m lang.Match, t *lang.Tree) bool {
	for _, p := range q.General[m.Pattern] {
		def := predicates[p.Name]
		if def.fn == nil {
			return false
		}
		if nodeOf(m, p) == nil {
			continue // the capture is optional and absent: nothing to test
		}
		if !def.fn(q, p, m, t) {
			return false
		}
	}
	return true
}

func nodeOf(m lang.Match, p lang.Predicate) *sitter.Node {
	want := p.Args[0].Capture
	for i := range m.Captures {
		if m.Captures[i].Index == want {
			return &m.Captures[i].Node
		}
	}
	return nil
}

func kinds(p lang.Predicate) map[string]bool {
	out := map[string]bool{}
	for _, a := range p.Args[1:] {
		out[a.String] = true
	}
	return out
}

func isKind(n *sitter.Node, ks map[string]bool) bool { return n != nil && ks[n.Kind()] }

// holdsKind reports a named node of one of the kinds among n's descendants, depth
// levels down at most (a TypeScript object type holds a mapped type's clause in its
// index signature).
func holdsKind(n *sitter.Node, ks map[string]bool, depth int) bool {
	if n == nil || depth == 0 {
		return false
	}
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		if ks[c.Kind()] || holdsKind(c, ks, depth-1) {
			return true
		}
	}
	return false
}

func hasAncestor(n *sitter.Node, ks map[string]bool) bool {
	for p := n.Parent(); p != nil; p = p.Parent() {
		if ks[p.Kind()] {
			return true
		}
	}
	return false
}

// insideDefinitionOf reports whether n lies in the body of a declaration (function,
// method, class) whose name is one of the predicate's strings: the wrapper a sentence
// prescribes instead of calling a helper directly.
func insideDefinitionOf(n *sitter.Node, t *lang.Tree, p lang.Predicate) bool {
	if n == nil {
		return false
	}
	names := map[string]bool{}
	for _, a := range p.Args[1:] {
		names[a.String] = true
	}
	for a := n.Parent(); a != nil; a = a.Parent() {
		if declarationKinds[a.Kind()] && names[text(a.ChildByFieldName("name"), t)] {
			return true
		}
		if a.Kind() == "function_definition" && names[cFunctionName(a, t)] {
			return true
		}
		if names[ownerName(a, t)] {
			return true
		}
	}
	return false
}

// ownerName is the name of the type or function a node declares where the grammar
// gives it no name field: a Go method's receiver type (`func (w *Worker) Run`), a Rust
// impl block's type (`impl Worker`), a JavaScript function bound to a name (`const
// PaymentForm = () => ...`); "" otherwise.
func ownerName(a *sitter.Node, t *lang.Tree) string {
	switch a.Kind() {
	case "method_declaration":
		if r := a.ChildByFieldName("receiver"); r != nil {
			if p := r.NamedChild(0); p != nil {
				return strings.TrimLeft(strings.SplitN(text(p.ChildByFieldName("type"), t), "[", 2)[0], "*")
			}
		}
	case "impl_item":
		return strings.SplitN(text(a.ChildByFieldName("type"), t), "<", 2)[0]
	case "variable_declarator":
		if v := a.ChildByFieldName("value"); v != nil {
			switch v.Kind() {
			case "arrow_function", "function_expression", "function":
				return text(a.ChildByFieldName("name"), t)
			}
		}
	case "assignment_expression", "pair":
		// `EditorUi.isMermaidSupported = function () {...}`, `{ load: () => ... }`:
		// a function bound to a member or a key
		v, k := a.ChildByFieldName("right"), a.ChildByFieldName("left")
		if a.Kind() == "pair" {
			v, k = a.ChildByFieldName("value"), a.ChildByFieldName("key")
		}
		if v == nil || k == nil {
			return ""
		}
		switch v.Kind() {
		case "arrow_function", "function_expression", "function":
			if k.Kind() == "member_expression" {
				k = k.ChildByFieldName("property")
			}
			return strings.Trim(text(k, t), `"'`)
		}
	}
	return ""
}

// definesMethod reports whether the class n declares, in its own body, a method
// whose name is one of the predicate's strings.
func definesMethod(n *sitter.Node, t *lang.Tree, p lang.Predicate) bool {
	if n == nil {
		return false
	}
	names := map[string]bool{}
	for _, a := range p.Args[1:] {
		names[a.String] = true
	}
	body := n.ChildByFieldName("body")
	if body == nil {
		return false
	}
	for i := uint(0); i < body.NamedChildCount(); i++ {
		c := body.NamedChild(i)
		if c != nil && names[text(c.ChildByFieldName("name"), t)] {
			return true
		}
	}
	return false
}

// cFunctionName is the name a C or C++ function definition defines, through its
// declarators (`void *xMalloc(size_t n)`, `int Conn::close()`); "" when it has none.
func cFunctionName(def *sitter.Node, t *lang.Tree) string {
	d := def.ChildByFieldName("declarator")
	for d != nil {
		switch d.Kind() {
		case "function_declarator", "pointer_declarator", "reference_declarator", "parenthesized_declarator":
			d = d.ChildByFieldName("declarator")
			if d == nil {
				return ""
			}
		case "qualified_identifier":
			d = d.ChildByFieldName("name")
		case "identifier", "field_identifier":
			return text(d, t)
		default:
			return ""
		}
	}
	return ""
}

var (
	javaImportRE = lazyre.New(`(?m)^\s*import\s+([\w.]+)\s*;`)
	javaDeclRE   = lazyre.New(`\b(?:class|interface|enum|record)\s+([A-Z]\w*)`)
)

// javaNameCollides reports whether a fully qualified name (org.apache.iceberg.Table,
// or a nested org.x.TableChange.After) shares the simple name of its outermost class
// with another class the file imports or declares, so that Java cannot import it.
func javaNameCollides(fqn string, src []byte) bool {
	segs := strings.Split(strings.Join(strings.Fields(fqn), ""), ".")
	at := -1
	for i, sg := range segs {
		if sg != "" && sg[0] >= 'A' && sg[0] <= 'Z' {
			at = i
			break
		}
	}
	if at <= 0 {
		return false
	}
	simple, full := segs[at], strings.Join(segs[:at+1], ".")
	for _, m := range javaImportRE.Regexp().FindAllSubmatch(src, -1) {
		imp := string(m[1])
		if imp != full && strings.HasSuffix(imp, "."+simple) {
			return true
		}
	}
	for _, m := range javaDeclRE.Regexp().FindAllSubmatch(src, -1) {
		if string(m[1]) == simple {
			return true
		}
	}
	return false
}

// definedName reports whether n is the name its parent declaration defines.
func definedName(n *sitter.Node) bool {
	if n == nil {
		return false
	}
	p := n.Parent()
	if p == nil {
		return false
	}
	switch p.Kind() {
	case "function_declarator", "type_definition":
		// C: `int helper(void)` and `typedef struct {...} Name;` define the name in
		// their declarator.
		d := p.ChildByFieldName("declarator")
		return d != nil && d.StartByte() == n.StartByte() && d.EndByte() == n.EndByte()
	case "struct_specifier", "union_specifier", "enum_specifier", "class_specifier":
		// C: `struct Name { ... }` defines it; `struct Name x;` uses it.
		return p.ChildByFieldName("body") != nil && sameNode(p.ChildByFieldName("name"), n)
	case "qualified_identifier":
		// C++: `void Conn::close() {...}` defines close, out of its class
		g := p.Parent()
		return g != nil && g.Kind() == "function_declarator" && sameNode(g.ChildByFieldName("declarator"), p) && sameNode(p.ChildByFieldName("name"), n)
	}
	if !declarationKinds[p.Kind()] {
		return false
	}
	name := p.ChildByFieldName("name")
	return name != nil && name.StartByte() == n.StartByte() && name.EndByte() == n.EndByte()
}

// declarationKinds are the node kinds, over the grammars heed reads, whose name field
// is the name they define.
var declarationKinds = map[string]bool{
	"class_declaration": true, "class_definition": true, "class": true, "abstract_class_declaration": true,
	"function_declaration": true, "function_definition": true, "generator_function_declaration": true,
	"method_definition": true, "method_declaration": true, "interface_declaration": true,
	"type_alias_declaration": true, "enum_declaration": true, "type_spec": true, "struct_item": true,
	"enum_item": true, "function_item": true, "trait_item": true, "type_item": true, "const_item": true,
	"static_item": true, "union_item": true, "record_declaration": true, "annotation_type_declaration": true,
	"constructor_declaration": true, "function_signature_item": true, "mod_item": true,
	// C#, Kotlin, Ruby, C
	"struct_declaration": true, "delegate_declaration": true, "property_declaration": true,
	"local_function_statement": true, "object_declaration": true, "method": true,
	"singleton_method": true, "module": true, "preproc_def": true, "preproc_function_def": true,
	// C++
	"namespace_definition": true, "alias_declaration": true, "concept_definition": true,
	// PHP
	"trait_declaration": true,
}

func sameNode(a, b *sitter.Node) bool {
	return a != nil && b != nil && a.StartByte() == b.StartByte() && a.EndByte() == b.EndByte()
}

func text(n *sitter.Node, t *lang.Tree) string {
	if n == nil {
		return ""
	}
	s, e := n.StartByte(), n.EndByte()
	if int(e) > len(t.Src) || s > e {
		return ""
	}
	return string(t.Src[s:e])
}

var (
	pyTestFunc   = lazyre.New(`^test`)
	pyTestClass  = lazyre.New(`^Test`)
	goTestFunc   = lazyre.New(`^(Test|Benchmark|Example|Fuzz)([A-Z_0-9]|$)`)
	jsTestCallee = lazyre.New(`^(describe|it|test|suite|beforeEach|afterEach|beforeAll|afterAll|before|after)(\.(each|only|skip|concurrent|todo|sequential))*$`)
	javaTestAnn  = lazyre.New(`^@(org\.junit\.(jupiter\.api\.)?)?(Test|ParameterizedTest|RepeatedTest|TestFactory|TestTemplate|Before|After|BeforeEach|AfterEach|BeforeAll|AfterAll)\b`)
	// (xUnit's Fact and Theory come in custom kinds: AvaloniaFact, WpfFact, StaFact,
	// SkippableTheory)
	csTestAttr   = lazyre.New(`(?:^|\.)(?:\w*Fact|\w*Theory|Test|TestMethod|DataTestMethod|TestCase|TestCaseSource)(?:Attribute)?$`)
	rbTestCall   = lazyre.New(`^(?:describe|context|it|specify|example|scenario|feature|test|let!?|subject|before|after|around|shared_examples(?:_for)?|shared_context)$`)
	rustTestAttr = lazyre.New(`^#!?\[\s*(cfg\s*\(\s*test\s*\)|(\w+::)*test\b|rstest\b|bench\b)`)
	rbMainCond   = lazyre.New(`^(?:__FILE__\s*==\s*\$(?:0|PROGRAM_NAME)|\$(?:0|PROGRAM_NAME)\s*==\s*__FILE__)$`)
	pyMainCond   = lazyre.New(`^__name__\s*==\s*['"]__main__['"]$|^['"]__main__['"]\s*==\s*__name__$`)
)

// inTest reports whether the node lies in test code of its file.
func inTest(n *sitter.Node, t *lang.Tree) bool {
	if n == nil {
		return false
	}
	switch t.Lang {
	case engine.LangRust:
		if rustFileIsTest(t) {
			return true
		}
		for p := n; p != nil; p = p.Parent() {
			if k := p.Kind(); k == "mod_item" || k == "function_item" || k == "impl_item" {
				for s := p.PrevSibling(); s != nil && (s.Kind() == "attribute_item" || s.Kind() == "line_comment" || s.Kind() == "block_comment"); s = s.PrevSibling() {
					if s.Kind() == "attribute_item" && rustTestAttr.MatchString(text(s, t)) {
						return true
					}
				}
			}
		}
	case engine.LangPython:
		for p := n.Parent(); p != nil; p = p.Parent() {
			switch p.Kind() {
			case "function_definition":
				if pyTestFunc.MatchString(text(p.ChildByFieldName("name"), t)) {
					return true
				}
			case "class_definition":
				if pyTestClass.MatchString(text(p.ChildByFieldName("name"), t)) {
					return true
				}
			}
		}
	case engine.LangGo:
		for p := n.Parent(); p != nil; p = p.Parent() {
			if p.Kind() == "function_declaration" && goTestFunc.MatchString(text(p.ChildByFieldName("name"), t)) {
				return true
			}
		}
	case engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX:
		for p := n.Parent(); p != nil; p = p.Parent() {
			if p.Kind() == "call_expression" {
				fn := p.ChildByFieldName("function")
				if fn != nil && jsTestCallee.MatchString(text(fn, t)) {
					return true
				}
			}
		}
	case engine.LangKotlin:
		for p := n.Parent(); p != nil; p = p.Parent() {
			if p.Kind() != "function_declaration" {
				continue
			}
			for i := uint(0); i < p.NamedChildCount(); i++ {
				if c := p.NamedChild(i); c.Kind() == "modifiers" {
					for j := uint(0); j < c.NamedChildCount(); j++ {
						if a := c.NamedChild(j); a.Kind() == "annotation" && javaTestAnn.MatchString(text(a, t)) {
							return true
						}
					}
				}
			}
		}
	case engine.LangCSharp:
		for p := n.Parent(); p != nil; p = p.Parent() {
			if p.Kind() != "method_declaration" {
				continue
			}
			for i := uint(0); i < p.NamedChildCount(); i++ {
				if c := p.NamedChild(i); c.Kind() == "attribute_list" {
					for j := uint(0); j < c.NamedChildCount(); j++ {
						if a := c.NamedChild(j); a.Kind() == "attribute" && csTestAttr.MatchString(text(a.ChildByFieldName("name"), t)) {
							return true
						}
					}
				}
			}
		}
	case engine.LangRuby:
		for p := n.Parent(); p != nil; p = p.Parent() {
			switch p.Kind() {
			case "call":
				// RSpec and minitest/spec blocks: describe/it/let ... do ... end.
				if p.ChildByFieldName("block") != nil && rbTestCall.MatchString(text(p.ChildByFieldName("method"), t)) {
					if r := p.ChildByFieldName("receiver"); r == nil || text(r, t) == "RSpec" {
						return true
					}
				}
			case "method":
				if pyTestFunc.MatchString(text(p.ChildByFieldName("name"), t)) {
					return true // minitest's test_* methods
				}
			}
		}
	case engine.LangJava:
		for p := n.Parent(); p != nil; p = p.Parent() {
			if p.Kind() == "method_declaration" {
				for i := uint(0); i < p.NamedChildCount(); i++ {
					c := p.NamedChild(i)
					if c.Kind() != "modifiers" {
						continue
					}
					for j := uint(0); j < c.NamedChildCount(); j++ {
						a := c.NamedChild(j)
						if (a.Kind() == "marker_annotation" || a.Kind() == "annotation") && javaTestAnn.MatchString(text(a, t)) {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// rustFileIsTest reports a file-level #![cfg(test)].
func rustFileIsTest(t *lang.Tree) bool {
	root := t.Root()
	for i := uint(0); i < root.NamedChildCount(); i++ {
		c := root.NamedChild(i)
		switch c.Kind() {
		case "inner_attribute_item":
			if strings.Contains(strings.ReplaceAll(text(c, t), " ", ""), "cfg(test)") {
				return true
			}
		case "line_comment", "block_comment":
		default:
			return false
		}
	}
	return false
}

// What makes a file a command-line program: Java's and C#'s static main method, a
// Kotlin top-level main, Go's package main, Python's __main__ block, a script's #!.
var (
	javaMainRE = lazyre.New(`\bstatic\s+(?:final\s+)?void\s+main\s*\(\s*(?:final\s+)?String\s*(?:\[\s*\]|\.\.\.)`)
	csMainRE   = lazyre.New(`\bstatic\s+(?:async\s+)?(?:void|int|Task(?:<int>)?)\s+Main\s*\(`)
	ktMainRE   = lazyre.New(`(?m)^fun\s+main\s*\(`)
	goMainRE   = lazyre.New(`(?m)^package\s+main\b`)
	pyMainRE   = lazyre.New(`(?m)^if\s+__name__\s*==\s*['"]__main__['"]\s*:`)
	rbMainRE   = lazyre.New(`(?m)^if\s+(?:__FILE__\s*==\s*\$0|\$0\s*==\s*__FILE__|\$PROGRAM_NAME\s*==\s*__FILE__)`)
)

// isProgramFile reports whether a whole file is a program's, no library's: a
// program by isProgram, except a Python or Ruby module whose run-as-script block
// (`if __name__ == "__main__":`) makes it runnable; its other code is a library's
// (the block itself is left out by the "main" exclusion).
func isProgramFile(f *engine.File) bool {
	switch f.Lang {
	case engine.LangPython, engine.LangRuby:
		return bytes.HasPrefix(f.Content, []byte("#!")) || programFolder(f)
	}
	return isProgram(f)
}

// programFolder: a command-line client's code (`clients/cli/`, Go's `cmd/`), or a
// script of the project's own (`scripts/verify-guard.cjs`, `bin/setup`), whose output
// is its result.
func programFolder(f *engine.File) bool {
	for _, seg := range strings.Split(path.Dir(f.Path), "/") {
		if seg == "cli" || seg == "cmd" || seg == "scripts" || seg == "bin" {
			return true
		}
	}
	return false
}

// isProgram reports whether a file is a command-line program (its standard output
// is what it is for); Rust's are named by Cargo's layout.
func isProgram(f *engine.File) bool {
	// A command-line client's code and a console writer (ConsoleMonitorCallback.java)
	// print as their job.
	if programFolder(f) {
		return true
	}
	if strings.Contains(strings.ToLower(path.Base(f.Path)), "console") {
		return true
	}
	if f.Lang == engine.LangRust {
		return strings.HasSuffix(f.Path, "src/main.rs") || strings.Contains(f.Path, "src/bin/")
	}
	shebang := bytes.HasPrefix(f.Content, []byte("#!"))
	switch f.Lang {
	case engine.LangJava:
		return javaMainRE.Match(f.Content)
	case engine.LangCSharp:
		return csMainRE.Match(f.Content)
	case engine.LangKotlin:
		return ktMainRE.Match(f.Content)
	case engine.LangGo:
		return goMainRE.Match(f.Content)
	case engine.LangPython:
		return shebang || pyMainRE.Match(f.Content)
	case engine.LangRuby:
		return shebang || rbMainRE.Match(f.Content)
	case engine.LangJavaScript, engine.LangTypeScript:
		return shebang
	}
	return false
}

var commonJSRE = lazyre.New(`(?m)^\s*(?:module\.exports\s*=|module\.exports\.[\w$]+\s*=|exports\.[\w$]+\s*=)`)

// isCommonJS reports whether a JavaScript file is a CommonJS module: a .cjs file, or
// one that exports by assigning module.exports (tailwind.config.js, .eslintrc.js).
func isCommonJS(f *engine.File) bool {
	if f.Lang != engine.LangJavaScript {
		return false
	}
	return strings.HasSuffix(f.Path, ".cjs") || commonJSRE.Match(f.Content)
}

// inMain reports whether the node lies in the program's entry point.
func inMain(n *sitter.Node, t *lang.Tree) bool {
	if n == nil {
		return false
	}
	switch t.Lang {
	case engine.LangPython:
		for p := n.Parent(); p != nil; p = p.Parent() {
			if p.Kind() == "if_statement" && pyMainCond.MatchString(strings.TrimSpace(text(p.ChildByFieldName("condition"), t))) {
				return true
			}
		}
	case engine.LangRuby:
		for p := n.Parent(); p != nil; p = p.Parent() {
			if (p.Kind() == "if" || p.Kind() == "unless") && rbMainCond.MatchString(strings.TrimSpace(text(p.ChildByFieldName("condition"), t))) {
				return true
			}
		}
	case engine.LangC, engine.LangCPP:
		for p := n.Parent(); p != nil; p = p.Parent() {
			if p.Kind() == "function_definition" {
				d := p.ChildByFieldName("declarator")
				for d != nil && (d.Kind() == "pointer_declarator" || d.Kind() == "reference_declarator") {
					d = d.ChildByFieldName("declarator")
				}
				if d != nil && d.Kind() == "function_declarator" && text(d.ChildByFieldName("declarator"), t) == "main" {
					return true
				}
			}
		}
	case engine.LangCSharp:
		for p := n.Parent(); p != nil; p = p.Parent() {
			if p.Kind() == "method_declaration" && text(p.ChildByFieldName("name"), t) == "Main" {
				return true
			}
		}
		// top-level statements are the program's entry point
		for p := n.Parent(); p != nil; p = p.Parent() {
			if p.Kind() == "global_statement" {
				return true
			}
		}
	case engine.LangGo, engine.LangRust, engine.LangKotlin:
		kind := "function_declaration"
		if t.Lang == engine.LangRust {
			kind = "function_item"
		}
		for p := n.Parent(); p != nil; p = p.Parent() {
			if p.Kind() == kind && text(p.ChildByFieldName("name"), t) == "main" {
				return true
			}
		}
	}
	return false
}

// noKeywordArg: the argument list passes none of the named keyword arguments, and no
// **kwargs splat that might.
func noKeywordArg(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool {
	args := nodeOf(m, p)
	names := kinds(p)
	for i := uint(0); i < args.NamedChildCount(); i++ {
		c := args.NamedChild(i)
		switch c.Kind() {
		case "dictionary_splat":
			return false
		case "keyword_argument":
			if names[text(c.ChildByFieldName("name"), t)] {
				return false
			}
		}
	}
	return true
}

// textMode: the call's mode argument is absent or a plain string literal without "b".
func textMode(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool {
	args := nodeOf(m, p)
	pos := 0
	if _, err := fmt.Sscanf(p.Args[1].String, "%d", &pos); err != nil || pos < 1 {
		return false
	}
	var mode *sitter.Node
	n := 0
	for i := uint(0); i < args.NamedChildCount(); i++ {
		c := args.NamedChild(i)
		switch c.Kind() {
		case "keyword_argument":
			if text(c.ChildByFieldName("name"), t) == "mode" {
				mode = c.ChildByFieldName("value")
			}
		case "list_splat", "dictionary_splat":
			return false // the mode could be anything
		case "comment":
		default:
			n++
			if n == pos {
				mode = c
			}
		}
	}
	if mode == nil {
		return true
	}
	if mode.Kind() != "string" {
		return false
	}
	s := text(mode, t)
	quote := strings.IndexAny(s, `'"`)
	if quote < 0 || strings.ContainsAny(s[:quote], "fF") {
		return false // not a plain literal: the mode is computed
	}
	body := strings.Trim(s[quote:], `'"`)
	return !strings.Contains(body, "b")
}

// maxPositional: at most n positional arguments, and no *args.
func maxPositional(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool {
	args := nodeOf(m, p)
	max := 0
	if _, err := fmt.Sscanf(p.Args[1].String, "%d", &max); err != nil || max < 0 {
		return false
	}
	n := 0
	for i := uint(0); i < args.NamedChildCount(); i++ {
		switch args.NamedChild(i).Kind() {
		case "keyword_argument", "dictionary_splat", "comment":
		case "list_splat":
			return false
		default:
			n++
		}
	}
	return n <= max
}

// longerThan reports whether n spans more lines than the predicate's number.
func longerThan(n *sitter.Node, p lang.Predicate) bool {
	max := 0
	if n == nil {
		return false
	}
	if _, err := fmt.Sscanf(p.Args[1].String, "%d", &max); err != nil || max < 1 {
		return false
	}
	return int(n.EndPosition().Row-n.StartPosition().Row)+1 > max
}

// atLineEnd reports whether only blanks or a comment follow n on its line: no code
// after it (codeAfter, comments.go).
func atLineEnd(n *sitter.Node, t *lang.Tree) bool {
	return n != nil && int(n.EndByte()) <= len(t.Src) && !codeAfter(n, t)
}

// missingTrailingComma reports whether the closing bracket closes a literal whose last
// element (comments aside) has no comma after it and ends on an earlier line than the
// bracket: the multi-line literal a trailing-comma style ends with a comma. A literal
// closed on its last element's line is left alone (the formatter would break it).
func missingTrailingComma(closing *sitter.Node) bool {
	if closing == nil {
		return false
	}
	for prev := closing.PrevSibling(); prev != nil; prev = prev.PrevSibling() {
		switch prev.Kind() {
		case "comment":
			continue
		case ",", "{", "[":
			return false
		}
		return prev.EndPosition().Row < closing.StartPosition().Row
	}
	return false
}

// unterminated reports whether a statement has no semicolon at its end, nor right
// after it: a statement Tree-sitter's recovery cut short (`f<typeof import("x")>();`)
// keeps its semicolon outside its node.
func unterminated(n *sitter.Node, t *lang.Tree) bool {
	if n == nil || n.HasError() {
		// (a statement the parse got wrong, `f<typeof import("x")>()` read as
		// comparisons that swallow the class after it: its end is no statement's)
		return false
	}
	s, e := int(n.StartByte()), int(n.EndByte())
	if e > len(t.Src) || s > e {
		return false
	}
	if bytes.HasSuffix(bytes.TrimRight(t.Src[s:e], " \t"), []byte(";")) {
		return false
	}
	rest := t.Src[e:]
	if i := bytes.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	return !bytes.Contains(rest, []byte(";"))
}
