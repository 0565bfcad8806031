package source

import (
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
)

// Construct conventions that many independent projects state and heed did not compile
// before session 36 (bench/source/CONVENTIONS.md counts them): strict equality in
// JavaScript and TypeScript, inline style objects in JSX, explicit return types on
// exported TypeScript functions, mutable default arguments in Python, and Go's panic
// outside tests. Each Names reads the phrasings those projects use and leaves alone a
// sentence that only mentions the construct, or allows it in a case a query cannot see.

// looseEqNamed: `==`/`!=` banned, or `===` required instead of them.
func looseEqNamed(s *sentence) bool {
	if !plain(s) {
		return false
	}
	loose := s.hasSpan("==", "!=", "== / !=", "==/!=", "a == b", "x == y") || s.has(words(`\bloose (?:equality|comparisons?)\b|\babstract equality\b|\bdouble equals\b`))
	strict := s.hasSpan("===", "!==", "===/!==", "=== / !==", "a === b", "x === y") || s.has(words(`\bstrict (?:equality|comparisons?)\b|\beqeqeq\b|\btriple equals\b`))
	switch {
	case tableBanned(s, looseEqSpans...):
		// "| Don't | Do instead |" with `a == b` in the first column
		return true
	case loose && (s.banned("==", "!=", "== / !=", "==/!=", "a == b", "x == y") || s.negPhrase(words("`[!=]=`|`==/!=`|`== / !=`|`a == b`|`x == y`|\\bloose (?:equality|comparisons?)\\b|\\bdouble equals\\b"))):
		return true
	case strict && s.negated() && loose:
		// "Always use `===` and `!==`; never `==` or `!=`" (the ban in its own clause)
		return true
	case strict && s.has(words(`^(?:[-*] )?(?:\*\*)?(?:always |please )?(?:use|prefer|require|enforce)\b|\b(?:must|always) use\b`)) && !s.negated() &&
		!s.banned("===", "!==", "===/!==", "=== / !==", "a === b", "x === y") && !strings.Contains(s.norm, "not `===`") && !strings.Contains(s.norm, "not `!==`"):
		// (not "constant-time comparison (not `===`)", which bans the strict form)
		// "Use strict equality (`===`) everywhere": required, so `==` is out
		return true
	}
	return false
}

var looseEqSpans = []string{"==", "!=", "== / !=", "==/!=", "a == b", "x == y"}

// tableBanned: a row of a Don't / Do table whose first column holds one of the spans.
func tableBanned(s *sentence, spans ...string) bool {
	tb, ok := tableBans(s.c)
	if !ok {
		return false
	}
	for _, b := range tb {
		if slices.Contains(spans, b.span) {
			return true
		}
	}
	return false
}

// looseEqNullOK: the sentence lets `== null` stay ("except `== null` checks").
func looseEqNullOK(s *sentence) bool {
	return s.has(words("\\b(?:except|but|other than|apart from|besides)\\b[^.;]*`[^`]*[!=]= ?(?:null|undefined)`|`[^`]*[!=]= ?null`[^.;]*\\b(?:is|are) (?:fine|ok|okay|allowed|acceptable)\\b|\\bnull (?:checks?|comparisons?)\\b[^.;]*\\b(?:except|allowed|fine|ok)\\b|\\b(?:except|but)\\b[^.;]*\\bnull (?:checks?|comparisons?)\\b"))
}

const looseEqQuery = `((binary_expression operator: ["==" "!="] @match))`

const looseEqNullOKQuery = `((binary_expression left: (_) @l operator: ["==" "!="] @match right: (_) @r) (#not-any-of? @r "null" "undefined") (#not-any-of? @l "null" "undefined"))`

var (
	looseEqBad = []string{
		"export function same(a: number, b: number) {\n  return a «==» b || a «!=» 0;\n}\n",
	}
	looseEqGood = []string{
		"export function same(a: number, b: number) {\n  return a === b && a !== 0;\n}\n",
		"// a == b\nconst s = \"a == b\";\nconst t = `${a} != ${b}`;\nlet x = 1;\nx = 2;\n",
	}
	looseEqNullBad  = []string{"function f(x) {\n  if (x «==» 1) return 1;\n  return x «!=» \"a\";\n}\n"}
	looseEqNullGood = []string{
		"function f(x) {\n  if (x == null) return 0;\n  if (undefined != x) return 1;\n  return x === 2;\n}\n",
		"// x == 1\nconst s = \"x == 1\";\n",
	}
)

var looseEquality = &Entry{
	Name:       "loose-equality",
	Title:      "loose equality (`==`, `!=`)",
	Names:      func(s *sentence) bool { return looseEqNamed(s) && !looseEqNullOK(s) },
	Claims:     []string{"==", "!=", "===", "!==", "== / !=", "==/!=", "===/!==", "=== / !==", "a == b", "x == y", "a === b", "x === y"},
	Message:    "loose equality `{{match}}`",
	Suggestion: "compare with `===` or `!==`",
	Variants: append(jsVariants(jsLangs, looseEqQuery, []string{"="}, looseEqBad, looseEqGood),
		// PHP's `==` juggles types as JavaScript's does ("Always use strict comparison
		// (`===`, `!==`) in PHP"); `<>` is its other spelling of `!=`
		Variant{Lang: engine.LangPHP, NeedlePattern: `[!=]=|<>`,
			Query: `((binary_expression operator: ["==" "!=" "<>"] @match))`,
			Bad:   []string{"<?php\nfunction ok($a, $b) {\n    return $a «==» 1 || $b «!=» '' || $a «<>» $b;\n}\n"},
			Good:  []string{"<?php\nfunction ok($a) {\n    $b = 1;\n    return $a === 1 && $a !== '' && $b <= 2;\n}\n// $a == 1\n$s = '$a == 1';\n"}}),
}

var looseEqualityNullOK = &Entry{
	Name:       "loose-equality-null-ok",
	Title:      "loose equality (`==`, `!=`) other than against `null`",
	Names:      func(s *sentence) bool { return looseEqNamed(s) && looseEqNullOK(s) },
	Claims:     []string{"==", "!=", "===", "!==", "== null", "!= null", "x == null", "obj == null", "== / !=", "==/!="},
	Message:    "loose equality `{{match}}`",
	Suggestion: "compare with `===` or `!==` (`== null` may stay)",
	Variants:   jsVariants(jsLangs, looseEqNullOKQuery, []string{"="}, looseEqNullBad, looseEqNullGood),
}

// inlineStyleNamed: inline styles (a JSX `style` prop with an object or string)
// banned, or classes required instead of them. Not where the sentence allows dynamic
// values ("unless truly dynamic"): which values are dynamic is a judgement.
func inlineStyleNamed(s *sentence) bool {
	if !plain(s) || s.has(words(`\b(?:unless|except|but|other than)\b[^.;]*\b(?:dynamic|computed|runtime|animat)`)) {
		return false
	}
	const phrase = "\\binline[- ]styles?\\b|\\binline style (?:objects?|props?|attributes?)\\b|\\bstyle (?:props?|attributes?)\\b|`style`(?: props?| attributes?)?|`style=\\{\\{[^`]*\\}\\}`|`style=\\{[^`]*\\}`"
	if s.negPhrase(words(phrase)) {
		return true
	}
	// "Use Tailwind classes instead of inline style objects"
	return s.has(words(`\b(?:instead of|rather than|over|not) (?:using )?(?:`+phrase+`)`)) && !s.negated()
}

var jsxInlineStyle = &Entry{
	Name:       "jsx-inline-style",
	Title:      "inline styles (a JSX `style` prop with a literal)",
	Names:      inlineStyleNamed,
	Claims:     []string{"style", "style={{}}", "style={{ ... }}", "style={{...}}", "style={}"},
	Message:    "inline style",
	Suggestion: "use a class (the project's CSS, modules or utility classes)",
	Variants: jsVariants([]string{engine.LangJavaScript, engine.LangTSX},
		// values computed at run time (a size from a prop, an animated transform, a
		// library's drag styles) cannot move to a stylesheet: literals only
		`((jsx_attribute (property_identifier) @n (jsx_expression (object) @o)) @match (#eq? @n "style") (#static-object? @o))
((jsx_attribute (property_identifier) @n (string)) @match (#eq? @n "style"))`, []string{"style"},
		[]string{"export function Card() {\n  return <div «style={{ color: \"red\" }}» className=\"c\">x</div>;\n}\n", "const B = () => <b «style=\"margin: 0\"»>y</b>;\n"},
		[]string{
			"export function Card() {\n  return <div className=\"text-red-500\" data-style=\"x\">x</div>;\n}\n",
			"const styles = { a: { color: \"red\" } };\nconst C = () => <i style={styles.a}>z</i>;\n// <div style={{ color: \"red\" }} />\nconst s = \"style={{}}\";\n",
			"export function Bar({ size }) {\n  return <div style={{ width: size, transform: `scale(${size})` }}>x</div>;\n}\n",
		}),
}

// imgAltNamed: every image needs alternative text ("Always provide `alt` text on
// images", "Every `<img>` needs an `alt` attribute", "Images must have meaningful alt
// text"), asked for, not a word on where alt texts are kept.
func imgAltNamed(s *sentence) bool {
	if !strings.Contains(s.norm, "alt ") && !strings.Contains(s.norm, "alt`") && !strings.Contains(s.norm, "alt=") && !strings.Contains(s.norm, "alternative text") {
		return false // (the word "alt" itself, not the letters of "alternatively")
	}
	if !s.has(words(`\balt\b|\balternative text\b|\balt[- ]text\b`)) || !s.has(words(`\bimages?\b|\bimg\b|<img`)) {
		return false
	}
	return s.has(words(`\b(?:always|every|each|all|must|need|needs|required|requires|provide|include|have|has)\b`)) && !s.negated()
}

var imgAlt = &Entry{
	Name:   "img-alt",
	Title:  "an `<img>` without an `alt` attribute",
	Names:  imgAltNamed,
	Claims: []string{"alt", "<img>", "img", "alt=\"\""},
	// an attribute spread (`<img {...props} />`) may carry it: each finding needs a look
	Warn:       alwaysWarn,
	Inexact:    true,
	Message:    "image without `alt` text",
	Suggestion: "add `alt` (empty, `alt=\"\"`, for a decorative image)",
	Variants: jsVariants([]string{engine.LangJavaScript, engine.LangTSX},
		`((jsx_self_closing_element name: (identifier) @n) @match (#eq? @n "img") (#not-match? @match "\\balt\\s*=|\\{\\s*\\.\\.\\."))
((jsx_opening_element name: (identifier) @n) @match (#eq? @n "img") (#not-match? @match "\\balt\\s*=|\\{\\s*\\.\\.\\."))`, []string{"img"},
		[]string{
			"export function Card() {\n  return «<img src=\"/a.png\" />»;\n}\n",
			"export const Logo = () => «<img src={logo}>»</img>;\n",
		},
		[]string{
			"export function Card() {\n  return <img src=\"/a.png\" alt=\"A card\" />;\n}\n",
			"export const Deco = () => <img src={d} alt=\"\" />;\nexport const P = (p) => <img {...p} />;\n// <img src=\"x\" />\nconst s = \"<img src=x>\";\n",
			"import Image from \"next/image\";\nexport const I = () => <Image src=\"/a.png\" width={1} height={1} />;\n",
		}),
}

// exportedReturnTypeNamed: explicit return types required on exported (public,
// module-boundary) functions; not "where reasonable", not "optional", not a mention
// that they may be left out.
func exportedReturnTypeNamed(s *sentence) bool {
	if !plain(s) || !s.has(words(`\b(?:explicit(?:ly)?|declared?|annotated?|annotate|typed)\b[^.;]*\breturn[- ]types?\b|\breturn[- ]types?\b[^.;]*\b(?:explicit(?:ly)?|declared|annotated|required)\b|\bexplicit-module-boundary-types\b|\bexplicit-function-return-type\b`)) {
		return false
	}
	if !s.has(words(`\bexport(?:ed|s)?\b|\bpublic (?:functions?|api|methods?)\b|\bmodule[- ]boundar(?:y|ies)\b|\bapi[- ]boundar(?:y|ies)\b|\bexplicit-module-boundary-types\b`)) {
		return false
	}
	// hedges that leave the choice to the writer, and the opposite advice
	if s.has(words(`\bwhere (?:reasonable|sensible|helpful|useful|it helps)\b|\bwhen (?:they|it) (?:improve|help|add)|\boptional\b|\bnot (?:required|needed|necessary)\b|\bno need\b|\bomit\b|\binfer(?:red|ence)?\b[^.;]*\b(?:fine|ok|enough|prefer)`)) {
		return false
	}
	return !s.negated() || s.has(words(`\b(?:never|don't|do not) (?:omit|leave out|skip|rely on inferred)\b`))
}

var tsExportedReturnType = &Entry{
	Name:  "ts-exported-return-type",
	Title: "an exported function without an explicit return type",
	Names: func(s *sentence) bool { return exportedReturnTypeNamed(s) || allReturnTypesNamed(s) },
	// return types required of every function ("Define proper return types for all
	// functions"): the exported ones are those a query can hold to it without
	// flagging the callbacks whose type is inferred from their place; the rule warns
	Warn:       func(s *sentence) bool { return !exportedReturnTypeNamed(s) },
	Claims:     []string{"explicit-module-boundary-types", "explicit-function-return-type", "@typescript-eslint/explicit-module-boundary-types", "@typescript-eslint/explicit-function-return-type"},
	Message:    "exported function `{{match}}` has no explicit return type",
	Suggestion: "declare its return type",
	Variants: jsVariants(tsLangs, `(export_statement declaration: (function_declaration name: (identifier) @match !return_type))
(export_statement declaration: (lexical_declaration (variable_declarator name: (identifier) @match !type value: [(arrow_function !return_type) (function_expression !return_type)])))`, []string{"export"},
		[]string{
			"export function «add»(a: number, b: number) {\n  return a + b;\n}\nexport async function «load»(id: string) {\n  return { id };\n}\n",
			"export const «double» = (n: number) => n * 2;\n",
		},
		[]string{
			"export function add(a: number, b: number): number {\n  return a + b;\n}\nexport const double = (n: number): number => n * 2;\nexport const f: (n: number) => number = (n) => n;\n",
			"function local(a: number) {\n  return a;\n}\nexport const two = local(2);\nexport function over(a: string): string;\n// export function x() {}\n",
		}),
}

// mutableDefaultNamed: mutable default arguments banned ("no mutable default
// arguments", "don't use mutable objects as default parameter values", a `def f(x=[])`
// span under a ban).
func mutableDefaultNamed(s *sentence) bool {
	if !plain(s) {
		return false
	}
	const phrase = `\bmutable (?:default|defaults)\b|\bmutable (?:objects?|values?|types?|containers?|collections?)\b[^.;]*\bas (?:a )?(?:default|defaults)\b|\bmutable (?:objects?|values?|types?|containers?|collections?) (?:as|for) (?:default )?(?:arguments?|parameters?|params?) (?:defaults?|values?)\b`
	if s.negPhrase(words(phrase)) {
		return true
	}
	// "Mutable default arguments: use `None` and create the list inside."
	return s.has(words(`^(?:[-*] )?(?:\*\*)?mutable default (?:arguments?|parameters?|args?)(?:\*\*)?\s*[:—–-]\s*(?:use|default to|pass)\b`))
}

var pyMutableDefault = &Entry{
	Name:       "py-mutable-default",
	Title:      "a mutable default argument",
	Names:      mutableDefaultNamed,
	Claims:     []string{"def f(x=[])", "def f(x={})", "def func(a=[])", "def f(items=[])", "x=[]", "=[]", "={}", "None", "def f(x: list | None = None)", "def f(x: list = [])"},
	Message:    "mutable default argument `{{match}}`",
	Suggestion: "default to `None` and create the value inside the function",
	Variants: []Variant{{Lang: engine.LangPython, Needles: []string{"def"},
		Query: `([(default_parameter value: [(list) (dictionary) (set) (list_comprehension) (dictionary_comprehension) (set_comprehension)] @v) (typed_default_parameter value: [(list) (dictionary) (set) (list_comprehension) (dictionary_comprehension) (set_comprehension)] @v)] @match)
([(default_parameter value: (call function: (identifier) @f arguments: (argument_list)) @v) (typed_default_parameter value: (call function: (identifier) @f arguments: (argument_list)) @v)] @match (#any-of? @f "list" "dict" "set" "bytearray" "defaultdict" "OrderedDict" "deque"))`,
		Bad: []string{
			"def add(item, «items=[]»):\n    items.append(item)\n    return items\n\ndef merge(a, «extra: dict = {}»):\n    return a\n",
			"def load(path, «seen=set()»):\n    return path\n",
		},
		Good: []string{
			"def add(item, items=None, count=0, name=\"x\", pair=(1, 2), frozen=frozenset()):\n    return items or []\n",
			"# def f(x=[])\ns = \"def f(x=[])\"\nf(x=[])\nlam = lambda y: y\n",
		}}},
}

// goPanicNamed: Go's panic banned (as code or as the verb), not Rust's `panic!`, not a
// policy of when panics are right ("panics are for unrecoverable errors only").
func goPanicNamed(s *sentence) bool {
	if !plain(s) || s.has(words("panic!")) {
		return false
	}
	if s.hasSpan("panic", "panic()", "panic(...)", "panic(err)", "panic(e)") {
		return s.banned("panic", "panic()", "panic(...)", "panic(err)", "panic(e)") || s.negPhrase(words("`panic(?:\\([^`]*\\))?`"))
	}
	// "No panics in library code": the plural names the call as well
	return words(`\bpanics?\b`).MatchString(s.prose()) && s.negPhrase(words(`\bpanics?\b`)) && s.has(words(`\b(?:go|golang|library|libraries|package|packages|return (?:an )?errors?|error returns?)\b`))
}

var goPanic = &Entry{
	Name:       "go-panic",
	Title:      "`panic` outside tests",
	Names:      goPanicNamed,
	Claims:     []string{"panic", "panic()", "panic(...)", "panic(err)", "panic(e)"},
	Message:    "`panic`",
	Suggestion: "return an error instead",
	NotInTests: true,
	// a test helper that panics is the tests' own business
	NotInTestFiles: true,
	Variants: []Variant{{Lang: engine.LangGo, Needles: []string{"panic"},
		// Go's idioms that panic by design are no violation: a Must function beside
		// its error-returning twin, a logger's Panic and Fatal methods, a recovered
		// panic passed on
		Query: `((call_expression function: (identifier) @match) (#eq? @match "panic") (#not-go-panic-idiom? @match))`,
		Bad:   []string{"package p\n\nfunc Get(v int, err error) int {\n\tif err != nil {\n\t\t«panic»(err)\n\t}\n\treturn v\n}\n"},
		Good: []string{
			"package p\n\nfunc Get(v int, err error) (int, error) {\n\tif err != nil {\n\t\treturn 0, err\n\t}\n\treturn v, nil\n}\n",
			"package p\n\n// panic(err)\nconst s = \"panic(x)\"\n\nfunc f() { defer func() { _ = recover() }(); x.panic() }\n",
			"package p\n\nfunc Get(k string) (int, error) { return 0, nil }\n\nfunc MustGet(v int, err error) int {\n\tif err != nil {\n\t\tpanic(err)\n\t}\n\treturn v\n}\n\nfunc (l *Log) Fatalf(f string) { panic(f) }\n\nfunc g() {\n\tdefer func() {\n\t\tif r := recover(); r != nil {\n\t\t\tpanic(r)\n\t\t}\n\t}()\n}\n",
		}}},
}

// publicItems: the sentence speaks of a project's public items ("exported
// functions", "every public struct, enum and trait").
const publicItems = `\b(?:exported|public) (?:identifiers?|functions?|types?|items?|apis?|symbols?|names?|declarations?|methods?|structs?|enums?|traits?|classes|class|members?|interfaces?)\b|\b(?:all|every|each|any)\b[^.;]*\b(?:exported|public)\b`

// exportedDocNamed: a doc comment required on every exported (public) item, in Go's
// or Rust's words ("godoc", "exported identifiers", "a comment starting with its
// name", "`///`", "rustdoc"). Python's docstrings, JSDoc, Javadoc and KDoc are other
// languages' conventions: not read here.
func exportedDocNamed(s *sentence) bool {
	if !plain(s) || s.negated() || s.has(words(`\b(?:docstrings?|jsdoc|tsdoc|javadoc|kdoc|xml doc|phpdoc|yard)\b`)) && !s.hasSpan("///") {
		return false
	}
	// "document public functions" alone may mean pages of documentation: a comment
	// must be named
	doc := s.has(words(`\b(?:doc(?:umentation)? comments?|godoc(?:-style)?(?: comments?)?|go doc comments?|rustdoc(?: comments?)?|a comment (?:starting|beginning) with (?:its|the) name)\b|\bcomments? (?:for|on) (?:all |every |each )?(?:exported|public)\b`)) || s.hasSpan("///", "//") ||
		// "Document all exported functions, types, and variables": in the languages
		// this entry checks, documenting every exported item is its doc comment;
		// pages of documentation are named by where they go
		s.has(words(`^(?:[-*] )?(?:always )?document (?:all|every|each) exported\b`)) && !s.has(words(`\b(?:readme|wiki|docs/|site|guides?|pages?|changelog|openapi|swagger)\b`))
	if !doc {
		return false
	}
	if !s.has(words(publicItems)) {
		return false
	}
	// a requirement ("must have", "requires", "add ... for", "document ... with"), not
	// a description
	return s.has(words(`\b(?:must|should|needs?|requires?|required|always)\b|^(?:[-*] )?(?:\[ \] )?(?:\*\*[^*]+\*\* )?(?:always )?(?:document|add|write|give|provide|include|ensure|use)\b|\bhave (?:a )?(?:godoc|doc)`))
}

var exportedDoc = &Entry{
	Name:       "exported-doc-comment",
	Title:      "an exported item without a doc comment",
	Names:      exportedDocNamed,
	Claims:     []string{"///", "//", "PascalCase", "godoc"},
	Message:    "exported `{{match}}` has no doc comment",
	Suggestion: "document it in a comment on the line above",
	NotInTests: true,
	// test functions are exported in Go and need no documentation
	NotInTestFiles: true,
	Variants: []Variant{
		{Lang: engine.LangGo,
			Query: `((function_declaration name: (identifier) @match) @d (#match? @match "^[A-Z]") (#no-doc? @d))
((method_declaration receiver: (parameter_list) @r name: (field_identifier) @match) @d (#match? @match "^[A-Z]") (#match? @r "^\\(\\s*(\\w+\\s+)?\\*?\\s*[A-Z]") (#no-doc? @d))
((type_declaration (type_spec name: (type_identifier) @match)) @d (#match? @match "^[A-Z]") (#no-doc? @d))`,
			Bad: []string{"package p\n\nfunc «Open»(p string) error { return nil }\n\n// Close closes it.\nfunc Close() {}\n\ntype «Store» struct{}\n\nfunc (s *Store) «Get»() int { return 0 }\n\nfunc (Store) «Len»() int { return 0 }\n"},
			Good: []string{
				"package p\n\n// Open opens p.\nfunc Open(p string) error { return nil }\n\n// Store keeps values.\ntype Store struct{}\n\n// Get returns 0.\n//\n//go:noinline\nfunc (s *Store) Get() int { return 0 }\n\nfunc open() {}\n\ntype store struct{}\n",
				// an exported method of an unexported type is no part of the package's API
				"package p\n\ntype writer struct{}\n\nfunc (w *writer) Write(b []byte) (int, error) { return 0, nil }\n\nfunc (writer) Close() error { return nil }\n",
			}},
		{Lang: engine.LangRust,
			Query: `((function_item (visibility_modifier) @v name: (identifier) @match) @d (#eq? @v "pub") (#no-doc? @d))
((struct_item (visibility_modifier) @v name: (type_identifier) @match) @d (#eq? @v "pub") (#no-doc? @d))
((enum_item (visibility_modifier) @v name: (type_identifier) @match) @d (#eq? @v "pub") (#no-doc? @d))
((trait_item (visibility_modifier) @v name: (type_identifier) @match) @d (#eq? @v "pub") (#no-doc? @d))`,
			Needles: []string{"pub"},
			Bad:     []string{"pub fn «open»() {}\n\n// not a doc comment\npub struct «Store»;\n\n#[derive(Debug)]\npub enum «Kind» { A }\n"},
			Good: []string{
				"/// Opens it.\npub fn open() {}\n\n/// A store.\n#[derive(Debug)]\npub struct Store;\n\npub(crate) fn helper() {}\n\nfn private() {}\n\n/** A kind. */\npub enum Kind { A }\n",
			}},
		csDocVariant,
	},
}

// blockDocNamed: doc comments required on public items in the languages whose doc
// comments are /** ... */ blocks: "All exported functions must have a JSDoc comment",
// "Public methods must have Javadoc", "Public functions and classes should have KDoc".
func blockDocNamed(s *sentence) bool {
	if !plain(s) || s.negated() || s.has(words(`\b(?:consider|where (?:it )?helps|if (?:it )?helps|when (?:it is )?useful|generated from|by typedoc)\b`)) {
		return false
	}
	if s.has(words(`\bonly (?:for|on|in) (?:the )?(?:public|exported)\b`)) {
		// "Use JSDoc ... only for public APIs and complex methods": where the format
		// may be used, not a demand that every public item carry it
		return false
	}
	if !s.has(words(publicItems)) {
		return false
	}
	// the demand is to have the comment ("must have a JSDoc comment", "Add JSDoc
	// to", "be documented with TSDoc"), not something said of it ("Javadoc
	// describes the purpose ...", "changes to public interfaces require a KIP")
	const doc = `(?:jsdoc|tsdoc|javadoc|kdoc|xml doc(?:umentation)?(?: comments?)?|xml docs|xml (?:doc )?(?:comments?|tags?)|doc(?:umentation)? comments?)`
	// "Public APIs must be documented (KDoc)", "Public API requires KDoc": the
	// public items are the subject, the doc comment named beside the demand
	if s.has(words(`^(?:[-*] )?(?:\*\*[^*]+\*\*:? )?(?:all |every |each )?(?:exported|public) [a-z ]{0,30}\b(?:must|should|shall) be documented\b[^.;]{0,40}\b` + doc + `\b|^(?:[-*] )?(?:\*\*[^*]+\*\*:? )?(?:all |every |each )?(?:exported|public) [a-z ]{0,30}\brequires? (?:an? )?(?:` + "`[^`]*` " + `)?` + doc + `\b`)) {
		return true
	}
	return s.has(words(`\b(?:must|should|shall|needs? to|always)(?: all)? (?:have|include|carry|get|contain)\b[^.;]{0,40}\b` + doc + `\b` +
		`|^(?:[-*] )?(?:always )?(?:add|write|include|provide|use)\b[^.;]{0,40}\b` + doc + `\b` +
		`|\b(?:be|are) documented with\b[^.;]{0,20}\b` + doc + `\b` +
		`|^(?:[-*] )?(?:always )?document (?:all|every|each|any)\b[^.;]{0,60}\bwith\b[^.;]{0,20}\b` + doc + `\b` +
		`|\b` + doc + ` (?:is |are )?(?:required|mandatory) (?:on|for)\b`))
}

// publicAPIOnly reports a sentence that names the public API as a whole ("public
// APIs", "the public interface") rather than the items that make it up.
func publicAPIOnly(s *sentence) bool {
	return s.has(words(`\bpublic (?:apis?|interfaces?|surface|api surface)\b`)) &&
		!s.has(words(`\b(?:exported|public) (?:functions?|methods?|classes|class|types?|members?|symbols?|declarations?|items?)\b|\bevery export`))
}

var blockDoc = &Entry{
	Name:       "public-doc-block",
	Title:      "a public item without a /** */ doc comment",
	Names:      blockDocNamed,
	Claims:     []string{"jsdoc", "tsdoc", "javadoc", "kdoc", "/**", "///"},
	Message:    "public `{{match}}` has no doc comment",
	Suggestion: "document it in a doc comment on the line above (`/** ... */`; `///` in C#)",
	// "Add JSDoc comments for public APIs": which exports make up the public API is
	// the project's to say (an application exports helpers to its own modules); a
	// sentence that names the items ("every exported function", "public methods")
	// says which
	Warn:           publicAPIOnly,
	NotInTests:     true,
	NotInTestFiles: true,
	Variants: []Variant{
		{Lang: engine.LangTypeScript,
			Query:   `((export_statement declaration: [(function_declaration name: (identifier) @match) (class_declaration name: (type_identifier) @match) (abstract_class_declaration name: (type_identifier) @match)]) @d (#no-doc? @d))`,
			Needles: []string{"export"},
			Bad:     []string{"// adds\nexport function «add»(a: number): number { return a; }\n\nexport class «Store» {}\n"},
			Good: []string{"/** Adds. */\nexport function add(a: number): number { return a; }\n\n/**\n * A store.\n */\nexport class Store {}\n\nfunction local() {}\n",
				// TypeScript attaches the last doc block before a declaration, blank lines or not
				"/**\n * Converts strings.\n */\n\nexport function convert(s: string): string { return s; }\n"}},
		{Lang: engine.LangTSX,
			Query:   `((export_statement declaration: [(function_declaration name: (identifier) @match) (class_declaration name: (type_identifier) @match)]) @d (#no-doc? @d))`,
			Needles: []string{"export"},
			Bad:     []string{"export function «Card»() { return <div/>; }\n"},
			Good:    []string{"/** A card. */\nexport function Card() { return <div/>; }\n"}},
		{Lang: engine.LangJavaScript,
			Query:   `((export_statement declaration: [(function_declaration name: (identifier) @match) (class_declaration name: (identifier) @match)]) @d (#no-doc? @d))`,
			Needles: []string{"export"},
			Bad:     []string{"export class «Store» {\n  get() { return 1; }\n}\n"},
			Good:    []string{"/** A store. */\nexport class Store {\n  get() { return 1; }\n}\n\nclass Local {}\n"}},
		{Lang: engine.LangJava,
			// an @Override inherits the documentation of what it overrides
			Query: `((method_declaration (modifiers "public") name: (identifier) @match) @d (#not-match? @d "@Override\\b") (#no-doc? @d))
((class_declaration (modifiers "public") name: (identifier) @match) @d (#no-doc? @d))
((interface_declaration (modifiers "public") name: (identifier) @match) @d (#no-doc? @d))`,
			Needles: []string{"public"},
			Bad:     []string{"package a;\n\npublic class «Util» {\n  public int «size»() { return 0; }\n}\n"},
			Good:    []string{"package a;\n\n/** Helpers. */\npublic class Util {\n  /** The size. */\n  @Override\n  public int size() { return 0; }\n\n  @Override\n  public String toString() { return \"\"; }\n\n  private int hidden() { return 1; }\n}\n"}},
		csDocVariant,
		{Lang: engine.LangKotlin,
			Query: `((function_declaration name: (identifier) @match) @d (#not-match? @d "^(private|internal|protected|override)\\b") (#no-doc? @d))
((class_declaration name: (identifier) @match) @d (#not-match? @d "^(private|internal|protected)\\b") (#no-doc? @d))`,
			Needles: []string{"fun", "class"},
			Bad:     []string{"fun «size»(): Int = 0\n"},
			Good:    []string{"/** The size. */\nfun size(): Int = 0\n\nprivate fun hidden(): Int = 1\n"}},
	},
}

// csDocVariant: a C# public type or member without a /// XML documentation comment;
// exported-doc-comment (a `///` rule) and public-doc-block ("XML docs") share it.
var csDocVariant = Variant{Lang: engine.LangCSharp,
	// an override inherits the documentation of what it overrides
	Query: `((class_declaration (modifier) @v name: (identifier) @match) @d (#eq? @v "public") (#no-doc? @d))
((interface_declaration (modifier) @v name: (identifier) @match) @d (#eq? @v "public") (#no-doc? @d))
((method_declaration (modifier) @v name: (identifier) @match) @d (#eq? @v "public") (#not-match? @d "^[^({=]*\\boverride\\b") (#no-doc? @d))
((property_declaration (modifier) @v name: (identifier) @match) @d (#eq? @v "public") (#not-match? @d "^[^({=]*\\boverride\\b") (#no-doc? @d))`,
	Needles: []string{"public"},
	Bad:     []string{"public class «Util»\n{\n    // not a doc comment\n    public int «Size»() { return 0; }\n    public int «Count» { get; set; }\n}\n"},
	Good:    []string{"/// <summary>Helpers.</summary>\npublic class Util\n{\n    /// <summary>The size.</summary>\n    [Obsolete]\n    public int Size() { return 0; }\n\n    public override string ToString() { return \"\"; }\n\n    private int Hidden() { return 1; }\n    internal int Count { get; set; }\n}\n"}}

// innerHTMLWriteNamed: writes to innerHTML (or outerHTML) banned, not reads and not
// writes only of untrusted input (a condition a query cannot see).
func innerHTMLWriteNamed(s *sentence) bool {
	return plain(s) && s.has(words("\\b(?:never|don't|do not|dont|avoid|no)\\b (?:directly |ever )?(?:assign(?:ing|ments?)?(?: to)?|set(?:ting)?|writ(?:e|ing)(?: to)?|mutat(?:e|ing)) (?:the )?(?:an? element's )?`(?:[\\w.]+\\.)?(?:inner|outer)HTML`"))
}

var innerHTMLWrite = &Entry{
	Name:       "innerhtml-write",
	Title:      "writes to `innerHTML`",
	Names:      innerHTMLWriteNamed,
	Claims:     []string{"innerHTML", ".innerHTML", "element.innerHTML", "el.innerHTML", "outerHTML", ".outerHTML", "textContent", ".textContent"},
	Message:    "write to `{{match}}`",
	Suggestion: "set `textContent`, or build the nodes with DOM APIs",
	Variants: jsVariants(jsLangs, `((assignment_expression left: (member_expression property: (property_identifier) @match)) (#any-of? @match "innerHTML" "outerHTML"))
((augmented_assignment_expression left: (member_expression property: (property_identifier) @match)) (#any-of? @match "innerHTML" "outerHTML"))`, []string{"HTML"},
		[]string{"export function show(el: HTMLElement, s: string) {\n  el.«innerHTML» = s;\n  el.«innerHTML» += s;\n}\n"},
		[]string{
			"export function show(el: HTMLElement, s: string) {\n  el.textContent = s;\n  const h = el.innerHTML;\n  return h;\n}\n",
			"// el.innerHTML = s\nconst t = \"el.innerHTML = s\";\n",
		}),
}

// starExportNamed: `export *` re-exports banned.
func starExportNamed(s *sentence) bool {
	spans := []string{"export *", "export * from", "export * from './x'", `export * from "./x"`}
	return plain(s) && s.hasSpan(spans...) && (s.banned(spans...) || s.negPhrase(words("`export \\*")))
}

var starExport = &Entry{
	Name:       "star-export",
	Title:      "`export *` re-exports",
	Names:      starExportNamed,
	Claims:     []string{"export *", "export * from", "export * from './x'", `export * from "./x"`},
	Message:    "`export *` re-export",
	Suggestion: "export the names explicitly",
	Variants: jsVariants(jsLangs, `((export_statement "*" source: (string)) @match)`, []string{"*"},
		[]string{"«export * from \"./a\";»\nexport { b } from \"./b\";\n"},
		[]string{
			"export { a, b } from \"./a\";\nexport * as ns from \"./ns\";\nexport const c = 2 * 3;\n",
			"// export * from \"./a\"\nconst s = \"export * from './a'\";\n",
		}),
}
