package source

import (
	"fmt"
	"maps"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lang"
	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/uniq"
)

// A construct named only by an example ("`x is None`, never `x == None`", "prefer
// `.is_empty()` over `.len() == 0`") is banned by the shape of its example: the
// example is parsed in each candidate language, and its syntax tree becomes a
// Tree-sitter query. The example's own names for values (x, items, obj, and the names
// it shares with the prescribed example) stand for any expression; the names of the
// API it spells (`len`, `length`, `isArray`, `io.EOF`), its keywords, operators and
// literal constants are kept. A query is kept only when it is anchored (it spells at
// least one name, constant or literal kind, so `a == b` bans nothing), matches the
// banned example and does not match the prescribed one.

// exampleWrap is a way to make a fragment of code a whole file of its language: the
// text before and after it.
type exampleWrap struct{ pre, post string }

// exampleWraps are tried in order; the first under which the fragment parses with no
// error is used. A fragment that needs a body ("`if len(items) == 0:`", "`catch (e:
// any)`") gets an empty one; the parts a wrap adds are no part of the query.
var exampleWraps = lazy.Value[map[string][]exampleWrap]{F: func() map[string][]exampleWrap {
	cLike := []exampleWrap{{"", ""}, {"", " {}"}, {"x = ", ";"}, {"function f() {\n", "\n}"}, {"function f() {\n", " {}\n}"}, {"try {} ", " {}"}, {"class C {\n", "\n}"}}
	return map[string][]exampleWrap{
		engine.LangPython:     {{"", ""}, {"", "\n    pass"}, {"try:\n    pass\n", "\n    pass"}, {"x = ", ""}, {"def f():\n    ", ""}},
		engine.LangJavaScript: cLike,
		engine.LangTypeScript: cLike,
		engine.LangTSX:        cLike,
		engine.LangGo: {{"package p\nfunc f() {\n", "\n}"}, {"package p\nfunc f() {\n", " {}\n}"}, {"package p\nvar x = ", "\n"},
			{"package p\nfunc f() {\nswitch {\n", "\n}\n}"}, {"package p\n", "\n"}},
		engine.LangRust: {{"fn f() {\n", "\n}"}, {"fn f() {\n", " {}\n}"}, {"fn f() {\nlet x = ", ";\n}"}, {"", ""}},
		engine.LangJava: {{"class C { ", " m() {} }"}, {"class C { void m() {\n", "\n} }"}, {"class C { void m() {\n", " {}\n} }"}, {"class C { void m() { Object x = ", "; } }"},
			{"class C { void m() {\n", ";\n} }"}, {"class C {\n", "\n}"}, {"", ""}},
		engine.LangCSharp: {{"class C { ", " M() {} }"}, {"class C { void M() {\n", "\n} }"}, {"class C { void M() {\n", " {}\n} }"}, {"class C { void M() { var x = ", "; } }"},
			{"class C { void M() {\n", ";\n} }"}, {"class C {\n", "\n}"}},
		engine.LangKotlin: {{"fun f() {\n", "\n}"}, {"fun f() {\n", " {}\n}"}, {"val x = ", "\n"}, {"", ""}},
		engine.LangRuby:   {{"", ""}, {"", "\nend"}},
		engine.LangPHP:    {{"<?php\n", ";"}, {"<?php\n", ""}, {"<?php\n", " {}"}},
		engine.LangC:      {{"void f() {\n", "\n}"}, {"void f() {\n", ";\n}"}, {"void f() {\n", " {}\n}"}, {"", ""}},
		engine.LangCPP:    {{"void f() {\n", "\n}"}, {"void f() {\n", ";\n}"}, {"void f() {\n", " {}\n}"}, {"", ""}},
	}
}}

// exampleNames are the names examples give values: they stand for any expression.
// They are the placeholder arguments and receivers of calls written as examples, any
// single letter and the names examples use for a value of any kind.
var exampleNames = lazy.Value[map[string]bool]{F: func() map[string]bool {
	names := set("foo", "bar", "baz", "qux", "xs", "ys", "el", "fn", "cb", "_", "a1", "a2", "x1", "x2", "lhs", "rhs", "left", "right")
	for c := 'a'; c <= 'z'; c++ {
		names[string(c)] = true
	}
	for w := range placeholderArgs.Get() {
		names[w] = true
	}
	for w := range placeholderReceivers.Get() {
		names[w] = true
	}
	return names
}}

// exampleFragmentRE: a span that may be a fragment of code: it has an operator, a
// bracket or a space between words. exampleCommandRE: one that reads as a command
// line (an option, a path), as a key or a commit type (`chore:`, `feat(ui): x`), or
// holds words joined by a hyphen (CSS classes, `border-gray-200`), which no example of
// code is. exampleKeywordRE: an anonymous token that is a keyword.
var (
	exampleFragmentRE = lazyre.New(`[=!<>+%&|?:\[\]{}()*^~]|\w\s+\w`)
	exampleCommandRE  = lazyre.New(`(?:^|\s)--?[A-Za-z]|/|\\|^\$\s|^[a-z][\w-]*\s+(?:run|install|add|build|test|exec|commit|push|pull|checkout|init|start|serve)\b|^[\w.-]+(?:\([\w.-]*\))?!?:(?:\s|$)|[A-Za-z]-[A-Za-z]`)
	exampleKeywordRE  = lazyre.New(`^[a-z]{2,}$`)
	exampleWordRE     = lazyre.New(`^[A-Za-z_]\w*$`)
	// wildNameRE: a fragment whose last name ends in a glued `*`, a wildcard
	wildNameRE    = lazyre.New(`[A-Za-z_][A-Za-z0-9_]*\*$`)
	exampleDotsRE = lazyre.New(`\((?:\s*(?:\.\.\.|…)\s*)\)`)
)

// exampleFragment reports whether a banned span may be read as an example of code.
func exampleFragment(sp string) bool {
	sp = strings.TrimSpace(sp)
	return len(sp) >= 3 && len(sp) <= 160 && exampleFragmentRE.MatchString(sp) && !exampleCommandRE.MatchString(sp) &&
		!strings.ContainsAny(sp, "\n`")
}

// exampleLangs are the languages heed reads examples in.
var exampleLangs = []string{engine.LangPython, engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX, engine.LangGo,
	engine.LangRust, engine.LangJava, engine.LangCSharp, engine.LangKotlin, engine.LangRuby, engine.LangPHP, engine.LangC, engine.LangCPP}

// parsedExample is a fragment parsed in a language: the tree, the node that covers the
// fragment, and the fragment's bytes in the tree's text.
type parsedExample struct {
	tree       *lang.Tree
	node       *sitter.Node
	start, end uint
	wrapped    string
}

// parseExample parses a fragment of code in l under the first wrap that gives a tree
// without errors. The caller closes the tree.
func parseExample(l, frag string) (*parsedExample, bool) {
	frag = strings.TrimSpace(frag)
	// "`errors.New(fmt.Sprintf(...))`": any arguments, which a placeholder stands for
	frag = exampleDotsRE.ReplaceAllString(frag, "(x)")
	if strings.HasPrefix(frag, ".") {
		frag = "x" + frag // "`.len() == 0`": a method of any receiver
	}
	if wildNameRE.MatchString(frag) {
		// "`process.env.NEXT_PUBLIC_*`": any name with that start, not a product
		frag = frag[:len(frag)-1] + anyNameTail
	}
	for _, w := range exampleWraps.Get()[l] {
		src := w.pre + frag + w.post
		t, err := lang.Parse(l, []byte(src))
		if err != nil {
			continue
		}
		root := t.Root()
		if root.HasError() {
			t.Close()
			continue
		}
		start, end := uint(len(w.pre)), uint(len(w.pre)+len(frag))
		n := coveringNode(root, start, end)
		if n == nil || !n.IsNamed() || n.Kind() == root.Kind() || n.Kind() == "labeled_statement" {
			t.Close()
			continue
		}
		return &parsedExample{tree: t, node: n, start: start, end: end, wrapped: src}, true
	}
	return nil, false
}

// coveringNode is the smallest named node whose range holds [start, end); among nodes
// of the same range, the innermost.
func coveringNode(n *sitter.Node, start, end uint) *sitter.Node {
	for {
		var next *sitter.Node
		for i := uint(0); i < n.ChildCount(); i++ {
			c := n.Child(i)
			if c != nil && c.IsNamed() && c.StartByte() <= start && c.EndByte() >= end {
				next = c
				break
			}
		}
		if next == nil {
			return n
		}
		n = next
	}
}

// exampleStringKinds are the string literals of the grammars: any string of the kind
// stands for the example's, except an empty or word-like one (`"undefined"`), kept as
// written.
var exampleStringKinds = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return set("string", "string_literal", "interpreted_string_literal", "raw_string_literal", "template_string",
		"string_content", "encapsed_string", "verbatim_string_literal", "char_literal", "character_literal", "line_string_literal", "multi_line_string_literal")
}}

// exampleNameKinds are the identifier kinds a value's name is written with.
var exampleNameKinds = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return set("identifier", "simple_identifier", "variable_name", "name", "constant", "shorthand_property_identifier")
}}

// exampleMemberKinds are names of members, always kept: the API the example spells.
var exampleMemberKinds = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return set("property_identifier", "field_identifier", "type_identifier", "predefined_type", "primitive_type",
		"integral_type", "floating_point_type", "boolean_type", "void_type", "navigation_suffix", "scoped_identifier", "qualified_name")
}}

// compiledExample is an example's query and the files its examples were parsed as
// (the banned one, and the prescribed one when it parses), which become the rule's
// cases.
type compiledExample struct {
	query, bad, good string
}

// compileExample builds the query of the banned example in l, checked against both
// examples, or says why there is none.
func compileExample(l, bad, good string) (compiledExample, string) {
	pe, ok := parseExample(l, bad)
	if !ok {
		return compiledExample{}, "does not parse"
	}
	defer pe.tree.Close()
	var pg *parsedExample
	shared := map[string]bool{}
	if good != "" {
		if pg, ok = parseExample(l, good); ok {
			defer pg.tree.Close()
			collectNames(pg.node, []byte(pg.wrapped), shared)
		} else if strings.Contains(good, "`") {
			// "`[Block]`, NOT `` [`Block`] ``": a pair whose prescribed form is
			// Markdown is about text, not a construct of the language
			return compiledExample{}, "the prescribed example is text, not code"
		}
	}
	if exampleStringKinds.Get()[pe.node.Kind()] {
		// "NEVER use `'*'`" (for a CORS origin): a string on its own is a value of the
		// data, found in every kind of code (`select('*')`), no construct
		if t := strings.Trim(string(pe.wrapped[pe.node.StartByte():pe.node.EndByte()]), `"'`+"`"); !exampleWordRE.MatchString(t) {
			return compiledExample{}, "a lone string literal, a value of the data, not a construct"
		}
	}
	b := &queryBuilder{src: []byte(pe.wrapped), start: pe.start, end: pe.end, shared: shared, lang: l}
	body := b.node(pe.node, "")
	if body == "" || b.anchors == 0 && b.structure < 2 {
		return compiledExample{}, "names nothing particular"
	}
	q := "(" + body + " @match" + b.preds.String() + ")"
	// the query must match the banned example and must not match the prescribed one
	cq, err := lang.CompileQuery(l, q)
	if err != nil {
		return compiledExample{}, "no query: " + err.Error()
	}
	defer cq.Close()
	if !matchesWithin(cq, pe) {
		return compiledExample{}, "the query does not match the example"
	}
	ex := compiledExample{query: q, bad: pe.wrapped}
	if pg != nil {
		if matchesWithin(cq, pg) {
			return compiledExample{}, "the query matches the prescribed example too"
		}
		ex.good = pg.wrapped
	}
	return ex, ""
}

// matchesWithin reports a match of q that starts in the example's own bytes (a
// statement's match runs on over the body the wrap gave it).
func matchesWithin(q *lang.Query, pe *parsedExample) bool {
	found := false
	q.Matches(pe.tree, func(m lang.Match) bool {
		for _, c := range m.Captures {
			if uint(c.Start) >= pe.start && uint(c.Start) < pe.end {
				found = true
				return false
			}
		}
		return true
	})
	return found
}

// collectNames gathers the identifier texts under n.
func collectNames(n *sitter.Node, src []byte, into map[string]bool) {
	if exampleNameKinds.Get()[n.Kind()] && n.NamedChildCount() == 0 {
		into[string(src[n.StartByte():n.EndByte()])] = true
	}
	for i := uint(0); i < n.ChildCount(); i++ {
		if c := n.Child(i); c != nil {
			collectNames(c, src, into)
		}
	}
}

// anyNameTail stands for the rest of a name a fragment's wildcard leaves open.
const anyNameTail = "HeedAnyNameTail"

type queryBuilder struct {
	src        []byte
	start, end uint
	shared     map[string]bool
	lang       string
	preds      strings.Builder
	captures   int
	anchors    int
	// structure counts the nodes with parts: two nested constructs (`if !x`) are
	// particular, one operator between two values (`a == b`) is not.
	structure int
}

// exact captures the node and requires its text as written.
func (b *queryBuilder) exact(kind, text string) string {
	b.captures++
	b.anchors++
	name := "e" + strconv.Itoa(b.captures)
	if prefix, ok := strings.CutSuffix(text, anyNameTail); ok {
		fmt.Fprintf(&b.preds, " (#match? @%s %s)", name, strconv.Quote("^"+regexp.QuoteMeta(prefix)))
		return "(" + kind + ") @" + name
	}
	fmt.Fprintf(&b.preds, " (#eq? @%s %s)", name, strconv.Quote(text))
	return "(" + kind + ") @" + name
}

// node is the query of n: its kind, its fields' queries in order, its operators and
// keywords. Children the wrap added are left out. parentField is n's field in its
// parent.
func (b *queryBuilder) node(n *sitter.Node, parentField string) string {
	kind := n.Kind()
	text := string(b.src[n.StartByte():n.EndByte()])
	if exampleStringKinds.Get()[kind] {
		if t := strings.Trim(text, `"'`+"`"); t == "" || exampleWordRE.MatchString(t) {
			// `""`, `"undefined"` in `typeof x === "undefined"`: a constant the
			// construct is about; other strings stand for any string
			return b.exact(kind, text)
		}
		b.anchors++
		return "(" + kind + ")"
	}
	if n.NamedChildCount() == 0 {
		switch {
		case exampleNameKinds.Get()[kind]:
			if b.placeholder(n, text, parentField) {
				return "(_)"
			}
			return b.exact(kind, text)
		case exampleMemberKinds.Get()[kind]:
			return b.exact(kind, text)
		default:
			// a literal constant (0, None, true, nil), a keyword as a node
			return b.exact(kind, text)
		}
	}
	b.structure++
	var parts []string
	for i := uint(0); i < n.ChildCount(); i++ {
		c := n.Child(i)
		if c == nil || c.IsExtra() || c.EndByte() <= b.start || c.StartByte() >= b.end {
			continue // a comment, or a part the wrap added
		}
		field := n.FieldNameForChild(uint32(i))
		if !c.IsNamed() {
			tok := c.Kind()
			if exampleToken(tok) {
				parts = append(parts, strconv.Quote(tok))
				if exampleKeywordRE.MatchString(tok) {
					b.anchors++ // `export =`, `instanceof`: a keyword is particular
				}
			}
			continue
		}
		q := b.node(c, field)
		if q == "" {
			return ""
		}
		if field != "" {
			q = field + ": " + q
		}
		parts = append(parts, q)
	}
	if len(parts) == 0 {
		return "(" + kind + ")"
	}
	return "(" + kind + " " + strings.Join(parts, " ") + ")"
}

// exampleToken reports an anonymous token worth keeping: an operator or a keyword,
// not punctuation.
func exampleToken(tok string) bool {
	switch tok {
	case "(", ")", "[", "]", "{", "}", ",", ";", ":", ".", "\"", "'", "`", "\n":
		return false
	}
	return strings.TrimSpace(tok) != ""
}

// placeholder reports whether a name in the banned example stands for any value: a
// name examples give values, or one the prescribed example uses too, unless it is
// what the example calls or the package a Go name is qualified by.
func (b *queryBuilder) placeholder(n *sitter.Node, text, field string) bool {
	switch field {
	case "function", "method", "name", "attribute", "property", "field":
		return false // `len(items)`, `items.length`: the API the example spells
	}
	if prev := n.PrevSibling(); prev != nil && !prev.IsNamed() {
		switch prev.Kind() {
		case ".", "?.", "->", "?->", "::", "!!.":
			return false // a member, after the operator that selects it
		}
	}
	if p := n.Parent(); p != nil {
		switch p.Kind() {
		case "navigation_suffix":
			return false // Kotlin's `u!!.name`: the member
		case "call", "call_expression", "method_invocation", "invocation_expression":
			if field == "" && n.StartByte() == p.StartByte() && p.NamedChildCount() > 1 {
				return false // a callee without a field name
			}
		case "selector_expression", "qualified_type", "scoped_identifier":
			if field == "operand" && !exampleNames.Get()[text] {
				return false // `io.EOF`: the package
			}
		}
	}
	// a name both examples use is a value's when it is written as one (`value`,
	// `dict`); `Array` in `value instanceof Array` is the type the example spells
	return exampleNames.Get()[text] || b.shared[text] && !startsUpper(text)
}

func startsUpper(s string) bool { return s != "" && s[0] >= 'A' && s[0] <= 'Z' }

// exampleRule is the query rule of a construct shown by an example, in the languages
// whose grammar reads the example. The shape is inferred from an example, so the rule
// warns.
func exampleRule(r policy.Rule, s *sentence, rc *recognize.RepoContext, sh shape, sc policy.Scope, langs []string) (policy.Rule, string) {
	what := "`" + sh.text + "`"
	if ext := mainCodeExtension(rc); ext != "" && len(contextLangs(s)) == 0 {
		// "avoid `assert false`" in an OCaml repository: Python would parse the
		// example too, but it is the code of the files heed cannot parse
		return r, fmt.Sprintf("bans code shaped like %s, most likely code of the repository's %s files, which heed does not parse", what, ext)
	}
	qp := QueryParams{Queries: map[string]string{}}
	if prefix, ok := definedNamePrefix(s, sh.text); ok {
		// "No `print*` functions": the functions the code defines under such a
		// name, not every name that starts so (`println!` is what the rule asks for)
		return definedNameRule(r, sc, langs, prefix)
	}
	examples := map[string]compiledExample{}
	var whys []string
	for _, l := range langs {
		if !slices.Contains(exampleLangs, l) {
			continue
		}
		ex, why := compileExample(l, sh.text, sh.good)
		if ex.query == "" {
			whys = append(whys, l+": "+why)
			continue
		}
		if ws := prescribedWrappers(s, ban{span: sh.text}); len(ws) > 0 {
			// "gates on `EditorUi.isMermaidSupported()` — never a bare `typeof
			// mxMermaidToDrawio` check": the prescribed helper's body is where the
			// bare check belongs
			ex.query = withEveryPattern(ex.query, "(#not-inside-def? @match "+quoteAll(ws)+")")
		}
		qp.Queries[l] = ex.query
		examples[l] = ex
	}
	if len(qp.Queries) == 0 {
		return r, fmt.Sprintf("bans code shaped like %s, an example heed could not read as a construct (%s)", what, strings.Join(whys, "; "))
	}
	r.Kind = KindQuery
	r.Severity = policy.SeverityWarning
	r.Exact = false
	r.Message = "code shaped like " + what + " (the rule's example of what not to write)"
	if sh.good != "" {
		r.Suggestion = "write it as " + backtickList(sh.good)
	}
	r.Params = marshal(qp)
	for _, l := range slices.Sorted(maps.Keys(qp.Queries)) {
		p, ok := samplePath(sc, l, "")
		if !ok {
			continue
		}
		ex := examples[l]
		r.Cases = []policy.Case{{Expect: policy.ExpectViolated, Path: p, Code: ex.bad + "\n", Note: "the rule's example of what not to write"}}
		if ex.good != "" {
			r.Cases = append(r.Cases, policy.Case{Expect: policy.ExpectSatisfied, Path: p, Code: ex.good + "\n", Note: "the rule's example of what to write"})
		} else {
			r.Cases = append(r.Cases, policy.Case{Expect: policy.ExpectSatisfied, Path: p, Code: commentOf(l, sh.text), Note: "the example only quoted in a comment"})
		}
		return r, ""
	}
	return r, fmt.Sprintf("bans %s, but no sample path of its languages lies in the rule's scope", what)
}

// commentOf is a file of l whose one line is a comment quoting text.
func commentOf(l, text string) string {
	switch l {
	case engine.LangPython, engine.LangRuby:
		return "# " + text + "\n"
	case engine.LangPHP:
		return "<?php\n// " + text + "\n"
	}
	return "// " + text + "\n"
}

// otherLanguageExtensions are the extensions of programming languages heed has no
// grammar for.
var otherLanguageExtensions = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return set(".ml", ".mli", ".swift", ".ex", ".exs", ".hs", ".scala", ".sc", ".clj", ".cljs", ".erl", ".hrl", ".dart",
		".lua", ".r", ".jl", ".zig", ".nim", ".fs", ".fsx", ".fsi", ".elm", ".m", ".mm", ".pl", ".pm", ".groovy", ".vb", ".cr",
		".d", ".sol", ".f90", ".f", ".pas", ".tcl", ".re", ".res", ".purs", ".rkt", ".scm", ".lisp", ".el", ".vim", ".hx",
		".gleam", ".v", ".sv", ".vhd", ".ada", ".adb", ".cob", ".nix", ".idr", ".agda", ".lean", ".ino", ".cu", ".mojo")
}}

// mainCodeExtension is the extension of the repository's most common code files when
// heed reads no example in their language ("" when it does, or when unknown); files
// of no programming language (documentation, data, tests in a format of their own)
// are passed over.
func mainCodeExtension(rc *recognize.RepoContext) string {
	if rc == nil {
		return ""
	}
	for _, ext := range rc.Extensions {
		if l := engine.LangOf("x"+ext, nil); l != "" && slices.Contains(exampleLangs, l) {
			return ""
		}
		if otherLanguageExtensions.Get()[ext] {
			return ext
		}
	}
	return ""
}

// definedNamePrefix: the span is a name with a wildcard after it (`print*`) and the
// sentence calls what it names functions or methods ("No `print*` functions"); the
// prefix, without the wildcard.
func definedNamePrefix(s *sentence, span string) (string, bool) {
	sp := strings.TrimSpace(span)
	if !strings.HasSuffix(sp, "*") || !exampleWordRE.MatchString(strings.TrimSuffix(sp, "*")) {
		return "", false
	}
	i := strings.Index(s.norm, "`"+strings.ToLower(sp)+"`")
	if i < 0 {
		return "", false
	}
	after := strings.Fields(s.norm[i+len(sp)+2:])
	if len(after) == 0 {
		return "", false
	}
	switch strings.Trim(after[0], ".,;:") {
	case "functions", "function", "methods", "method", "fns", "helpers":
		return strings.TrimSuffix(sp, "*"), true
	}
	return "", false
}

// definedNameRule is the query rule of functions and methods defined under a name
// that starts with prefix.
func definedNameRule(r policy.Rule, sc policy.Scope, langs []string, prefix string) (policy.Rule, string) {
	qp := QueryParams{Queries: map[string]string{}}
	for _, l := range langs {
		var pats []string
		for _, kind := range []string{kindFunction, kindMethod} {
			for _, q := range declQueries(kind, l) {
				pats = append(pats, "("+q+fmt.Sprintf(" (#match? @match %q))", "^"+regexp.QuoteMeta(prefix)))
			}
		}
		if len(pats) > 0 {
			qp.Queries[l] = strings.Join(uniq.Values(pats), "\n")
		}
	}
	if len(qp.Queries) == 0 {
		return r, "bans functions named `" + prefix + "*`, in languages heed has no declarations of"
	}
	r.Kind = KindQuery
	r.Severity = policy.SeverityWarning
	r.Exact = false
	r.Message = "a function named `" + prefix + "…`, which the rule bans"
	r.Suggestion = "name it for what it returns, or give the type a way to show itself"
	qp.Needles = []string{prefix}
	r.Params = marshal(qp)
	samples := map[string][3]string{
		engine.LangRust:       {"src/lib.rs", "fn " + prefix + "_report() {}\n", "fn report() {}\n"},
		engine.LangPython:     {"pkg/report.py", "def " + prefix + "_report():\n    pass\n", "def report():\n    pass\n"},
		engine.LangGo:         {"report.go", "package p\n\nfunc " + prefix + "Report() {}\n", "package p\n\nfunc report() {}\n"},
		engine.LangTypeScript: {"src/report.ts", "export function " + prefix + "Report() {}\n", "export function report() {}\n"},
	}
	for _, l := range langs {
		smp, ok := samples[l]
		if _, has := qp.Queries[l]; !ok || !has {
			continue
		}
		name := smp[0]
		if sc.Dir != "" {
			name = path.Join(sc.Dir, name)
		}
		if !sc.Covers(name) {
			continue
		}
		r.Cases = []policy.Case{
			{Expect: policy.ExpectViolated, Path: name, Code: smp[1], Note: "a function under the banned name"},
			{Expect: policy.ExpectSatisfied, Path: name, Code: smp[2], Note: "a function named otherwise"},
		}
		break
	}
	return r, ""
}
