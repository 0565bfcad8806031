package source

import (
	"slices"

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
	case strict && s.has(words(`^(?:[-*] )?(?:\*\*)?(?:always |please )?(?:use|prefer|require|enforce)\b|\b(?:must|always) use\b`)) && !s.negated():
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
	Variants:   jsVariants(jsLangs, looseEqQuery, []string{"="}, looseEqBad, looseEqGood),
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
		`((jsx_attribute (property_identifier) @n [(jsx_expression (object)) (string)]) @match (#eq? @n "style"))`, []string{"style"},
		[]string{"export function Card() {\n  return <div «style={{ color: \"red\" }}» className=\"c\">x</div>;\n}\n", "const B = () => <b «style=\"margin: 0\"»>y</b>;\n"},
		[]string{
			"export function Card() {\n  return <div className=\"text-red-500\" data-style=\"x\">x</div>;\n}\n",
			"const styles = { a: { color: \"red\" } };\nconst C = () => <i style={styles.a}>z</i>;\n// <div style={{ color: \"red\" }} />\nconst s = \"style={{}}\";\n",
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
	Name:       "ts-exported-return-type",
	Title:      "an exported function without an explicit return type",
	Names:      exportedReturnTypeNamed,
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
	return words(`\bpanic\b`).MatchString(s.prose()) && s.negPhrase(words(`\bpanic\b`)) && s.has(words(`\b(?:go|golang|library|libraries|package|packages|return (?:an )?errors?|error returns?)\b`))
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
		Query: `((call_expression function: (identifier) @match) (#eq? @match "panic"))`,
		Bad:   []string{"package p\n\nfunc Must(v int, err error) int {\n\tif err != nil {\n\t\t«panic»(err)\n\t}\n\treturn v\n}\n"},
		Good: []string{
			"package p\n\nfunc Get(v int, err error) (int, error) {\n\tif err != nil {\n\t\treturn 0, err\n\t}\n\treturn v, nil\n}\n",
			"package p\n\n// panic(err)\nconst s = \"panic(x)\"\n\nfunc f() { defer func() { _ = recover() }(); x.panic() }\n",
		}}},
}
