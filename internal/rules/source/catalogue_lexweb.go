package source

import (
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/norm"
)

// Conventions of Python, TypeScript and React that linters name and instruction files
// state in plain words (task lexweb, stop 44, issue 19): TypeScript enums and
// namespaces, `React.FC`, the array index as a React key, `Array<T>` against `T[]`,
// `None` and booleans compared with `==` in Python, and suppression comments without a
// rule code. Each Names reads the concept and its usual members, never one
// sentence's wording; own-sentences-380/381 hold the sentences it was tried on.

// tsEnumRE: TypeScript's enums named in words or as the keyword.
var tsEnumRE = words("`(?:const )?enums?`|\\b(?:typescript |ts |const )?enums?\\b")

// enumOtherLangRE: enums of another language or kind (C++'s scoped enums, Java's,
// a database's), or the enum as a thing the sentence wants ("use enums for states").
var enumOtherLangRE = words(`\b(?:scoped|unscoped|plain|c-style|old-style)\s+enums?\b|\benum class\b|\b(?:java|kotlin|rust|c#|c\+\+|swift|python|sql|postgres(?:ql)?|database|db|graphql|protobuf|proto|prisma|django|pydantic)\b`)

// enumAlternativeRE: the alternatives a file sets above enums ("union types of string
// literals instead of enums", "`as const` objects over enums").
var enumAlternativeRE = words("\\b(?:(?:string )?(?:literal )?union(?: types?)?|string literals?|literal types?|`as const`(?: objects?)?|as const objects?|const objects?|const assertions?)\\b[^.;]*\\b(?:instead of|over|rather than|not)\\b[^.;]*\\benums?\\b|\\benums?\\b[^.;]*\\b(?:use|prefer)\\b[^.;]*\\b(?:unions?|union types?|string literals?|`as const`|as const|const objects?)\\b")

// tsEnumNamed: TypeScript enums banned, or an alternative preferred to them.
func tsEnumNamed(s *sentence) bool {
	if !plain(s) || !s.has(tsEnumRE) || s.has(enumOtherLangRE) || enumValuesNamed(s) {
		return false
	}
	if constructBanned(s, tsEnumRE) || s.banned("enum", "enums", "const enum") {
		return true
	}
	return s.has(enumAlternativeRE)
}

// enumValuesRE: the values of an enum, hard-coded or written out, are what the
// sentence is about ("never hardcode enum values in the logic"), not declaring one.
var enumValuesRE = words(`\b(?:hard-?cod\w*|inline\w*|duplicat\w*|repeat\w*|magic)\b[^.;]{0,30}\benums?\s+(?:values?|strings?|members?|literals?)\b|\benums?\s+(?:values?|strings?|literals?)\b[^.;]{0,20}\b(?:hard-?cod\w*|inline\w*)`)

// enumValuesNamed runs enumValuesRE only on a sentence with one of its verbs.
func enumValuesNamed(s *sentence) bool {
	for _, w := range []string{"hardcod", "hard-cod", "inline", "duplicat", "repeat", "magic"} {
		if strings.Contains(s.norm, w) {
			return s.has(enumValuesRE)
		}
	}
	return false
}

var tsEnum = &Entry{
	Name:       "ts-enum",
	Title:      "TypeScript `enum` declarations",
	Names:      tsEnumNamed,
	Claims:     []string{"enum", "enums", "const enum", "as const", "enum Foo {}"},
	Message:    "`enum` declaration",
	Suggestion: "use a union of string literals, or an `as const` object",
	Variants: jsVariants(tsLangs, `((enum_declaration) @match (#not-inside? @match ambient_declaration))`, []string{"enum"},
		[]string{
			"export «enum Color {\n  Red = \"red\",\n  Blue = \"blue\",\n}»\n",
			"«enum Mode { A, B }»\n«const enum Dir { Up }»\n",
		},
		[]string{
			"export type Color = \"red\" | \"blue\";\nexport const Mode = { A: \"a\" } as const;\n",
			"// enum Color { Red }\nconst s = \"enum Color {}\";\nconst enumName = 1;\ndeclare enum Ext { A }\n",
		}),
}

// tsNamespaceRE: TypeScript's namespaces, named as such (a namespace of Kubernetes,
// XML or C++ is no TypeScript construct).
var tsNamespaceRE = words("`namespace`s?|\\b(?:typescript|ts|internal) (?:namespaces?|modules?)\\b|\\bnamespace (?:declarations?|blocks?)\\b")

// tsNamespaceNamed: TypeScript namespaces banned, or ES modules required instead.
func tsNamespaceNamed(s *sentence) bool {
	if !plain(s) || !s.has(tsNamespaceRE) || s.has(words(`\b(?:kubernetes|k8s|xml|c\+\+|c#|php|helm|cluster)\b|`+"`using namespace`")) {
		return false
	}
	if ts, _ := norm.MockedTargets(s.c.Text); len(ts) > 0 || strings.Contains(strings.ToLower(s.c.Text), "mock internal module") {
		// "Never mock internal modules (`@/lib/*`)": the project's own modules,
		// which the ban keeps from being mocked
		return false
	}
	return constructBanned(s, tsNamespaceRE) || s.banned("namespace", "namespaces") ||
		s.has(words(`\b(?:es|ecmascript) modules?\b[^.;]*\b(?:instead of|over|rather than|not)\b[^.;]*\bnamespaces?\b`))
}

var tsNamespace = &Entry{
	Name:       "ts-namespace",
	Title:      "TypeScript `namespace` declarations",
	Names:      tsNamespaceNamed,
	Claims:     []string{"namespace", "namespaces"},
	Message:    "`namespace` declaration",
	Suggestion: "use an ES module: export the members from their own file",
	// `declare namespace` in a declaration file types a global a script defines
	Variants: jsVariants(tsLangs, `((internal_module) @match (#not-inside? @match ambient_declaration))`, []string{"namespace"},
		[]string{"«namespace Geo {\n  export const r = 1;\n}»\nexport «namespace Api { export type Id = string; }»\n"},
		[]string{
			"export const r = 1;\ndeclare namespace NodeJS { interface Global { x: number } }\ndeclare module \"x\" {}\n",
			"// namespace Geo {}\nconst namespace = \"k8s\";\nconst s = \"namespace Geo {}\";\n",
		}),
}

// reactFCSpans are the names of React's function-component type.
var reactFCSpans = []string{"React.FC", "FC", "React.FunctionComponent", "FunctionComponent", "React.VFC", "VFC", "React.FC<Props>", "FC<Props>", "React.FC<>"}

// reactFCNamed: `React.FC` (or `FunctionComponent`) banned as the type of components.
func reactFCNamed(s *sentence) bool {
	if !plain(s) {
		return false
	}
	return s.banned(reactFCSpans...) || tableBanned(s, reactFCSpans...) ||
		s.negPhrase(words("(?i)`(?:react\\.)?(?:fc|vfc|functioncomponent)(?:<[^`]*>)?`|\\breact\\.fc\\b"))
}

var reactFC = &Entry{
	Name:       "react-fc",
	Title:      "`React.FC` / `FunctionComponent` as a component's type",
	Names:      reactFCNamed,
	Claims:     reactFCSpans,
	Message:    "component typed with `{{match}}`",
	Suggestion: "type the props parameter: `function Card({ title }: Props)`",
	Variants: jsVariants(tsLangs, `((nested_type_identifier module: (identifier) @m name: (type_identifier) @n) @match (#eq? @m "React") (#any-of? @n "FC" "VFC" "FunctionComponent"))
((generic_type name: (type_identifier) @match) (#any-of? @match "FC" "VFC" "FunctionComponent"))`, []string{"FC", "FunctionComponent"},
		[]string{
			"export const Card: «React.FC»<Props> = ({ title }) => null;\nconst A: «React.FC» = () => null;\n",
			"import { FC } from \"react\";\nexport const B: «FC»<Props> = () => null;\nconst C: «React.FunctionComponent»<P> = () => null;\n",
		},
		[]string{
			"export function Card({ title }: Props) {\n  return null;\n}\nconst FC = 1;\nconst x = React.FC;\n",
			"// const A: React.FC = () => null;\nconst s = \"React.FC\";\ntype FCProps = { a: string };\n",
		}),
}

// indexKeyRE: the array index used as a React `key`, in words or as the attribute.
var indexKeyRE = words("\\b(?:array |the |an? |loop |map(?:'s)? )?(?:index|indices|indexes|idx)(?:es)? (?:as (?:(?:a|the|list|react) ){0,2}(?:`key` props?\\b|`key`|keys?\\b|key props?\\b)|for (?:the )?(?:react |list |item )?(?:`key`|keys?\\b))|\\b(?:`key`|keys?)(?: props?)? (?:=|from|of) (?:the )?(?:array |loop |map )?(?:index|idx)\\b|`key=\\{(?:index|i|idx)\\}`")

// indexKeyNamed: the array index as a list item's key banned.
func indexKeyNamed(s *sentence) bool {
	return plain(s) && s.has(indexKeyRE) && (constructBanned(s, indexKeyRE) || s.negated())
}

var jsxIndexKey = &Entry{
	Name:       "jsx-index-key",
	Title:      "the array index as a React `key`",
	Names:      indexKeyNamed,
	Claims:     []string{"key", "key={index}", "key={i}", "index", "map"},
	Message:    "`key` set from a loop index (`{{match}}`)",
	Suggestion: "use a stable id of the item",
	// the query knows the index by its usual names, not by the map callback's
	// parameter: a stand-in that warns
	Inexact: true,
	Warn:    alwaysWarn,
	Variants: jsVariants([]string{engine.LangJavaScript, engine.LangTSX},
		`((jsx_attribute (property_identifier) @n (jsx_expression (identifier) @v)) @match (#eq? @n "key") (#any-of? @v "index" "i" "idx" "ix" "j"))`, []string{"key"},
		[]string{"export const L = ({ xs }) => <ul>{xs.map((x, i) => <li «key={i}»>{x}</li>)}</ul>;\nconst M = ({ xs }) => xs.map((x, index) => <b «key={index}» />);\n"},
		[]string{"export const L = ({ xs }) => <ul>{xs.map((x) => <li key={x.id}>{x.name}</li>)}</ul>;\nconst K = ({ k }) => <b key={k} data-i={i} />;\n// <li key={i}>\n"}),
}

// arrayGenericNamed: `Array<T>` banned for array types, `T[]` required.
func arrayGenericNamed(s *sentence) bool {
	if !plain(s) {
		return false
	}
	return s.banned("Array<T>", "Array<...>", "Array<string>", "Array<Foo>", "Array<>") ||
		s.negPhrase(words("(?i)`array<[^`]*>`|\\bgeneric array (?:types?|syntax)\\b")) ||
		// "Arrays: `string[]` rather than `Array<string>`"
		s.has(words("(?i)`[^`]*\\[\\]` (?:rather than|over|instead of|not|never) `array<[^`]*>`"))
}

var tsArrayGeneric = &Entry{
	Name:       "ts-array-generic",
	Title:      "array types written `Array<T>`",
	Names:      arrayGenericNamed,
	Claims:     []string{"Array<T>", "T[]", "Array<...>", "Array<string>", "string[]", "Array<Foo>", "Foo[]", "Array<>"},
	Message:    "array type written `{{match}}`",
	Suggestion: "write it `T[]`",
	Variants: jsVariants(tsLangs, `((generic_type name: (type_identifier) @n) @match (#eq? @n "Array"))`, []string{"Array"},
		[]string{"let xs: «Array<string>» = [];\nfunction f(a: «Array<number>»): void {}\n"},
		[]string{"let xs: string[] = [];\nconst a = new Array<number>(3);\nconst b = Array.from(s);\n// Array<string>\n"}),
}

// pyNoneEqNamed: `None` compared with `==`/`!=` banned, or `is`/`is not` required.
func pyNoneEqNamed(s *sentence) bool {
	if !plain(s) {
		return false
	}
	if s.banned("== None", "!= None", "x == None", "== None / != None") || s.negPhrase(words("(?i)`[!=]= ?none`")) {
		return true
	}
	none := s.hasSpan("None") || s.has(words("(?i)`is (?:not )?none`|\\bnone\\b"))
	is := s.hasSpan("is", "is not", "is None", "is not None", "is / is not", "is`/`is not") || s.has(words("(?i)`is (?:not )?none`|\\busing is\\b"))
	eq := s.hasSpan("==", "!=", "== / !=") || s.has(words(`\bequality\b|\bdouble equals\b`))
	return none && is && eq && s.negated()
}

var pyNoneEq = &Entry{
	Name:    "py-none-equality",
	Title:   "`None` compared with `==` / `!=`",
	Names:   pyNoneEqNamed,
	Claims:  []string{"None", "is", "is not", "is None", "is not None", "==", "!=", "== None", "!= None", "x == None", "is / is not"},
	Message: "`None` compared with `==`/`!=`",
	// `column == None` builds a query in SQLAlchemy, `array == None` compares
	// elementwise in NumPy and pandas: the operand's type decides, which a query
	// cannot see, so the rule warns
	Warn:       alwaysWarn,
	Suggestion: "use `is None` / `is not None`",
	Variants: []Variant{{Lang: engine.LangPython, Needles: []string{"None"},
		Query: `((comparison_operator (none)) @match (#match? @match "[!=]="))`,
		Bad:   []string{"if «x == None»:\n    pass\nok = «None != y»\n"},
		Good:  []string{"if x is None:\n    pass\nok = y is not None\n# x == None\ns = \"x == None\"\nz = a == b\n"}}},
}

// pyBoolEqRE: booleans compared with `==` to `True` or `False`.
var pyBoolEqRE = words("(?i)`[^`]*[!=]= ?(?:true|false)\\b[^`]*`|\\bcompar(?:e|ing|isons?)\\b[^.;]*\\b(?:booleans?|bools?|`true`|`false`|true|false)\\b[^.;]*(?:`==`|\\bwith ==)|\\bcompar(?:e|ing|isons?) (?:a )?(?:booleans?|bools?) (?:to|with|against) (?:`true`|`false`|true|false)\\b")

// pyBoolEqNamed: a comparison with `True`/`False` banned.
func pyBoolEqNamed(s *sentence) bool {
	return plain(s) && (s.banned("== True", "== False", "!= True", "!= False", "x == True", "if x == True") || s.negPhrase(pyBoolEqRE))
}

var pyBoolEq = &Entry{
	Name:       "py-bool-equality",
	Title:      "a comparison with `True` / `False` by `==`",
	Names:      pyBoolEqNamed,
	Claims:     []string{"True", "False", "==", "!=", "== True", "== False", "!= True", "!= False", "x == True", "if x == True", "if x:"},
	Message:    "comparison with `True`/`False`",
	Suggestion: "test the value itself: `if ok:` / `if not ok:`",
	Variants: []Variant{{Lang: engine.LangPython, NeedlePattern: `\b(?:True|False)\b`,
		Query: `((comparison_operator [(true) (false)]) @match (#match? @match "[!=]="))`,
		Bad:   []string{"if «ok == True»:\n    pass\nz = «False != done»\n"},
		Good:  []string{"if ok:\n    pass\nif x is True:\n    pass\n# ok == True\ns = \"ok == True\"\nn = a == b\n"}}},
}

// bareSuppressRE: a suppression comment without the code of what it suppresses ("a
// bare `# noqa`", "blanket `# type: ignore`", "name the rule code").
var bareSuppressRE = words(`\b(?:bare|blanket|plain|generic|naked|unqualified|catch-all)\b|\bwithout (?:an? |the )?(?:specific )?(?:rule|error|lint|check)? ?codes?\b|\b(?:name|specify|include|add|give|state|list) (?:the |a |an )?(?:specific )?(?:rule|error|lint|check|violation) ?(?:codes?|ids?|names?)\b|\bspecific (?:rule|error) (?:codes?|ids?)\b`)

// codeRequiredRE: the suppression required to carry its code ("Every `# noqa` must
// include the specific rule code", "is only acceptable with an error code").
var codeRequiredRE = words(`\b(?:must|should|needs? to|has to|have to|always) (?:include|name|specify|carry|have|list|state|give)\b[^.;]*\b(?:codes?|ids?)\b|\bonly (?:acceptable|allowed|ok|okay|fine|permitted) with (?:an? |the )?(?:specific )?(?:rule|error|lint|check)? ?codes?\b`)

// suppressBare: the sentence bans the comment without its code, or requires the code.
func suppressBare(s *sentence) bool {
	return s.has(bareSuppressRE) && s.negated() || s.has(codeRequiredRE)
}

// noqaBareNamed: a `# noqa` without rule codes banned.
func noqaBareNamed(s *sentence) bool {
	return s.hasSpan("# noqa", "noqa", "#noqa", "# noqa: E501", "# noqa: CODE") && suppressBare(s)
}

// typeIgnoreBareNamed: a `# type: ignore` without an error code banned.
func typeIgnoreBareNamed(s *sentence) bool {
	return s.hasSpan("# type: ignore", "type: ignore", "#type: ignore") && suppressBare(s)
}

var pyBareNoqa = &Entry{
	Name:       "py-bare-noqa",
	Title:      "a `# noqa` comment without rule codes",
	Names:      noqaBareNamed,
	Claims:     []string{"# noqa", "noqa", "#noqa", "# noqa: E501", "# noqa: CODE", "# noqa: F401"},
	Message:    "`# noqa` without a rule code",
	Suggestion: "name the rules it silences: `# noqa: E501`",
	Variants: []Variant{{Lang: engine.LangPython, Regex: `(?i)#\s*noqa\b[^:\n]*$`, Where: "comments",
		Bad:  []string{"import os  «# noqa»\nx = 1  «# noqa # long»\n"},
		Good: []string{"import os  # noqa: F401\ny = 2  # noqa:E501\ns = \"# noqa\"\n"}}},
}

var pyBareTypeIgnore = &Entry{
	Name:       "py-bare-type-ignore",
	Title:      "a `# type: ignore` comment without error codes",
	Names:      typeIgnoreBareNamed,
	Claims:     []string{"# type: ignore", "type: ignore", "#type: ignore", "# type: ignore[code]", "# type: ignore[attr-defined]", "[code]"},
	Message:    "`# type: ignore` without an error code",
	Suggestion: "name the error it silences: `# type: ignore[attr-defined]`",
	Variants: []Variant{{Lang: engine.LangPython, Regex: `#\s*type:\s*ignore\b[^\[\n]*$`, Where: "comments",
		Bad:  []string{"x: int = load()  «# type: ignore»\ny = f()  «# type: ignore # why»\n"},
		Good: []string{"x: int = load()  # type: ignore[assignment]\ns = \"# type: ignore\"\n"}}},
}

// classComponentStrict: class components banned, or function components required, in
// the words the entry has always read.
func classComponentStrict(s *sentence) bool {
	return s.has(words(`\bfunction(?:al)? components? only\b|\bonly function(?:al)? components?\b|\buse function(?:al)? components?\b|\bprefer (?:react )?function(?:al)? components?\b|\b(?:no|avoid|never use|don't use|do not use|never write|don't write|do not write) class components?\b|\bclass components? (?:are|is) (?:not allowed|forbidden|banned|prohibited)\b`)) ||
		// "All components must be function components", "components are written as functional components"
		s.has(words(`\bcomponents? (?:must|should|shall|are to) be (?:written as |implemented as |defined as )?(?:react )?function(?:al)? components?\b`)) && !s.has(words(`\bclass components? (?:are|is) (?:fine|ok|allowed|acceptable)\b`))
}

// functionComponentsLoose: function components required with words between the verb
// and them ("Use proper React patterns (hooks, functional components)", "Use React
// with functional components and hooks"), or a list item that is only the requirement
// ("Functional components with hooks"); not where class components keep a place.
func functionComponentsLoose(s *sentence) bool {
	if s.negated() || s.has(words(`\bclass components?\b[^.;]*\b(?:for|when|where|fine|ok|allowed|acceptable|only)\b|\b(?:or|and) class components?\b`)) {
		return false
	}
	return s.has(words(`^(?:[-*] )?(?:\*\*)?(?:always )?(?:use|prefer|write|stick to|build with)\b[^.;:]{0,60}\bfunction(?:al)? (?:react )?components?\b|^(?:[-*] )?(?:\*\*)?(?:react )?function(?:al)? components?(?:\*\*)?(?: with hooks| and hooks| only| everywhere)?(?:\*\*)?[.!]?$`))
}

// thenNamed: the sentence names `.then()` chains.
func thenNamed(s *sentence) bool {
	return s.hasSpan("then", ".then", ".then()", "then()", ".then(...)") || s.has(words(`\.then\(\)|\bthen\(\) (?:calls|chains)|\bpromise chains?\b|\.then chains?`))
}

// asyncAwaitRequiredRE: async/await required as the way to write asynchronous code
// ("Always use async/await with try/catch", "Use async/await for asynchronous code").
var asyncAwaitRequiredRE = words("^(?:[-*] )?(?:\\*\\*)?(?:always |please )?(?:use|prefer|write)\\b[^.;:]{0,30}(?:\\basync ?/ ?await\\b|`async`/`await`|`async/await`)(?: syntax| patterns?| style)?(?: with (?:`?try`?/`?catch`?|try-catch|proper error handling))?(?: for (?:all )?(?:async(?:hronous)? (?:code|operations|calls|functions)|promises))?(?: everywhere| consistently| throughout)?(?:\\*\\*)?[.!]?$")

// asyncAwaitRequired: async/await required, nothing else in the item.
func asyncAwaitRequired(s *sentence) bool {
	return !s.negated() && s.has(asyncAwaitRequiredRE) && !s.has(words(`\bcallbacks?\b|\bpython\b|\basyncio\b|\brust\b|\bc#\b|\btokio\b`))
}

// strFormatNamed: `str.format()` banned, or f-strings preferred over it.
func strFormatNamed(s *sentence) bool {
	if !plain(s) || !s.hasSpan(".format()", "str.format()", "str.format", ".format", "format()", "\"{}\".format()", "'{}'.format()") && !s.has(words(`\bstr\.format\b|\.format\(\) calls?\b`)) {
		return false
	}
	if s.has(words(`\blog(?:s|ging|ger|gers)?\b|\blog messages?\b|\btranslat`)) {
		// "Don't format log messages eagerly with f-strings or `.format()`": the
		// logging call's argument is logging-format's; a translated template is
		// formatted later on purpose
		return false
	}
	fstr := s.has(words(`\bf-?strings?\b`))
	return s.banned(".format()", "str.format()", "str.format", ".format", "format()") || fstr && (s.negated() || s.has(words(`\b(?:prefer|use)\b[^.;]*\bf-?strings?\b[^.;]*\b(?:over|instead of|rather than|not|to)\b`)))
}

var pyStrFormat = &Entry{
	Name:       "py-str-format",
	Title:      "`str.format()` instead of f-strings",
	Names:      strFormatNamed,
	Claims:     []string{".format()", "str.format()", "str.format", ".format", "format()", "\"{}\".format()", "'{}'.format()"},
	Message:    "`str.format()` call",
	Suggestion: "use an f-string",
	Variants: []Variant{{Lang: engine.LangPython, Needles: []string{"format"},
		Query: `((call function: (attribute object: [(string) (concatenated_string)] attribute: (identifier) @f)) @match (#eq? @f "format"))`,
		Bad:   []string{"msg = «\"{}: {}\".format(name, n)»\nt = «'{x}'.format(x=1)»\n"},
		Good:  []string{"msg = f\"{name}: {n}\"\nfmt.format(x)\ntemplate.format(**ctx)\n# \"{}\".format(x)\ns = \"x.format()\"\n"}}},
}

// forInRE: JavaScript's `for...in` loop named.
var forInRE = words("`for ?(?:\\.\\.\\.|…|-)? ?in`(?: loops?| statements?)?|`for \\((?:const|let|var) \\w+ in \\w+\\)`|\\bfor ?(?:\\.\\.\\.|…|-) ?in\\b(?: loops?| statements?)?")

// forInNamed: `for...in` loops banned.
func forInNamed(s *sentence) bool {
	return plain(s) && s.has(forInRE) && (constructBanned(s, forInRE) || s.banned("for...in", "for..in", "for-in", "for in", "for…in"))
}

var jsForIn = &Entry{
	Name:       "js-for-in",
	Title:      "`for...in` loops",
	Names:      forInNamed,
	Claims:     []string{"for...in", "for..in", "for-in", "for in", "for…in", "for...of", "for..of", "for-of", "for of", "Object.entries()", "Object.keys()", "Object.entries", "Object.keys"},
	Message:    "`for...in` loop",
	Suggestion: "use `for...of` over an array, or `Object.entries()` / `Object.keys()`",
	Variants: jsVariants(jsLangs, `((for_in_statement operator: "in") @match)`, []string{"in"},
		[]string{"«for (const k in obj) {\n  use(k);\n}»\n"},
		[]string{"for (const v of list) {\n  use(v);\n}\nif (\"a\" in obj) {}\nfor (let i = 0; i < n; i++) {}\n// for (const k in o) {}\n"}),
}

// nullishDefaultNamed: `??` required instead of `||` for defaults.
func nullishDefaultNamed(s *sentence) bool {
	if !plain(s) || !s.hasSpan("??") || !s.hasSpan("||") {
		return false
	}
	return s.banned("||") || s.has(words("`\\?\\?`[^.;]*\\b(?:instead of|over|rather than|not)\\b[^.;]*`\\|\\|`"))
}

var jsNullishDefault = &Entry{
	Name:       "js-nullish-default",
	Title:      "`||` for a default value instead of `??`",
	Names:      nullishDefaultNamed,
	Claims:     []string{"??", "||", "?.", "x || y", "x ?? y"},
	Message:    "default value taken with `||`",
	Suggestion: "use `??`, which keeps `0`, `\"\"` and `false`",
	// which `||` gives a default is a reading of the operands: a literal on the right
	// stands in for it, and the rule warns
	Inexact: true,
	Warn:    alwaysWarn,
	Variants: jsVariants(jsLangs, `((binary_expression operator: "||" right: [(number) (string) (template_string) (array) (object)]) @match)`, []string{"||"},
		[]string{"const port = «opts.port || 3000»;\nconst name = «u.name || \"anon\"»;\n"},
		[]string{"const port = opts.port ?? 3000;\nconst ok = a || b;\nif (x || y) {}\n// a || 1\n"}),
}

// elseAfterReturnRE: an `else` after a `return` named ("no `else` after `return`",
// "early returns instead of `else`").
var elseAfterReturnRE = words("(?:`else`|\\belse\\b)(?: blocks?| branches?| clauses?)? after (?:an? |the )?(?:`return`|\\breturn\\b)")

// elseAfterReturnNamed: an `else` that follows a branch ending in `return`, banned.
func elseAfterReturnNamed(s *sentence) bool {
	return plain(s) && s.has(elseAfterReturnRE) && (constructBanned(s, elseAfterReturnRE) || s.has(words(`\bno-else-return\b`)))
}

var noElseReturn = &Entry{
	Name:       "no-else-after-return",
	Title:      "`else` after a branch that returns",
	Names:      elseAfterReturnNamed,
	Claims:     []string{"else", "return", "if", "no-else-return"},
	Message:    "`else` after a `return`",
	Suggestion: "drop the `else` and dedent its body",
	Variants: append(jsVariants(jsLangs, `((if_statement consequence: (statement_block (return_statement) .) alternative: (else_clause) @match))`, []string{"else"},
		[]string{"export function f(a) {\n  if (a) {\n    return 1;\n  } «else {\n    return 2;\n  }»\n}\n"},
		[]string{"export function f(a) {\n  if (a) {\n    return 1;\n  }\n  return 2;\n}\nfunction g(a) {\n  if (a) {\n    h();\n  } else {\n    k();\n  }\n}\n"}),
		Variant{Lang: engine.LangPython, Needles: []string{"else"},
			Query: `((if_statement consequence: (block (return_statement) .) alternative: [(else_clause) (elif_clause)] @match))`,
			Bad:   []string{"def f(a):\n    if a:\n        return 1\n    «else:\n        return 2»\n"},
			Good:  []string{"def f(a):\n    if a:\n        return 1\n    return 2\n\ndef g(a):\n    if a:\n        h()\n    else:\n        k()\n"}}),
}

// lambdaAssignRE: a lambda bound to a name, in words.
var lambdaAssignRE = words("\\bassign(?:ing)? (?:a |an )?(?:`lambda`|lambdas?)(?: expressions?| functions?)? to (?:a )?(?:variables?|names?)\\b|\\b(?:`lambda`|lambdas?)(?: expressions?)? (?:assigned|bound) to (?:a )?(?:variables?|names?)\\b|\\bnamed lambdas?\\b|\\blambdas?\\b[^.;]{0,20}\\b(?:must not|mustn't|should not|shouldn't|may not|cannot|can't|are not to) be (?:assigned|bound) to\\b|\\be731\\b")

var pyLambdaAssign = &Entry{
	Name:  "py-lambda-assignment",
	Title: "a lambda assigned to a name",
	Names: func(s *sentence) bool {
		return plain(s) && s.has(lambdaAssignRE) && (constructBanned(s, lambdaAssignRE) || s.has(words(`\b(?:must not|mustn't|should not|shouldn't|may not|cannot|can't|are not to) be (?:assigned|bound) to\b|\be731\b`)))
	},
	Claims:     []string{"lambda", "def"},
	Message:    "lambda assigned to a name",
	Suggestion: "write a `def`",
	Variants: []Variant{{Lang: engine.LangPython, Needles: []string{"lambda"},
		Query: `((assignment left: (identifier) right: (lambda)) @match)`,
		Bad:   []string{"«square = lambda x: x * x»\n"},
		Good:  []string{"def square(x):\n    return x * x\n\nitems.sort(key=lambda i: i.name)\nhandlers = {\"a\": lambda: 1}\n# f = lambda: 1\n"}}},
}

// typeCompareNamed: `type(x) == T` banned, or `isinstance()` required instead.
func typeCompareNamed(s *sentence) bool {
	if !plain(s) {
		return false
	}
	isinst := s.hasSpan("isinstance()", "isinstance", "isinstance(x, T)", "isinstance(obj, cls)")
	typ := s.hasSpan("type()", "type(x) ==", "type(x) == T", "type(obj) ==", "type(x) is T") || s.has(words(`\bcompar(?:e|ing|isons? of) (?:the )?types?\b|\btype\(\) (?:results?|comparisons?|checks?)\b`))
	if s.banned("type(x) == T", "type(x) ==", "type(obj) ==", "type(a) == type(b)") || s.negPhrase(words("(?i)`type\\([^`]*\\) ?[!=]=[^`]*`")) {
		return true
	}
	return isinst && typ && (s.negated() || s.has(words(`\b(?:instead of|rather than|over|not)\b`)))
}

var pyTypeCompare = &Entry{
	Name:       "py-type-comparison",
	Title:      "`type(x) == T` instead of `isinstance()`",
	Names:      typeCompareNamed,
	Claims:     []string{"isinstance()", "isinstance", "isinstance(x, T)", "isinstance(obj, cls)", "type()", "type(x) ==", "type(x) == T", "type(obj) ==", "type(x) is T"},
	Message:    "type compared with `type()`",
	Suggestion: "use `isinstance()`",
	Variants: []Variant{{Lang: engine.LangPython, Needles: []string{"type"},
		Query: `((comparison_operator (call function: (identifier) @f)) @match (#eq? @f "type") (#match? @match "[!=]="))`,
		Bad:   []string{"if «type(x) == int»:\n    pass\nok = «str != type(y)»\n"},
		Good:  []string{"if isinstance(x, int):\n    pass\nt = type(x)\nok = type(x) is int\n# type(x) == int\n"}}},
}

// dictCallNamed: literals preferred over `dict()` / `list()` calls.
func dictCallNamed(s *sentence) bool {
	if !plain(s) || !s.hasSpan("dict()", "list()", "tuple()") {
		return false
	}
	return s.banned("dict()", "list()", "tuple()") || s.has(words("\\bliterals?\\b[^.;]*\\b(?:over|instead of|rather than|to|not)\\b[^.;]*`(?:dict|list|tuple)\\(\\)`"))
}

var pyDictCall = &Entry{
	Name:       "py-empty-collection-call",
	Title:      "`dict()` / `list()` / `tuple()` for an empty collection",
	Names:      dictCallNamed,
	Claims:     []string{"dict()", "list()", "tuple()", "{}", "[]", "()"},
	Message:    "`{{match}}` instead of a literal",
	Suggestion: "write the literal: `{}`, `[]`, `()`",
	Variants: []Variant{{Lang: engine.LangPython,
		Query: `((call function: (identifier) @f arguments: (argument_list) @a) @match (#any-of? @f "dict" "list" "tuple") (#eq? @a "()"))`,
		Bad:   []string{"d = «dict()»\nxs = «list()»\n"},
		Good:  []string{"d = {}\npairs = dict(zip(a, b))\nys = list(gen)\n# dict()\n"}}},
}

// jsConsoleRE: console output named in words ("console logging", "console
// statements", "console calls").
var jsConsoleRE = words(`\bconsole (?:logging|logs?|statements?|output|calls?|methods?|prints?)\b`)

var jsConsoleWords = &Entry{
	Name:  "js-console",
	Title: "`console` calls",
	Names: func(s *sentence) bool {
		return plain(s) && s.has(jsConsoleRE) && (constructBanned(s, jsConsoleRE) || s.has(removeBeforeRE))
	},
	Claims:     []string{"console", "logger", "console.*"},
	Message:    "`console.{{m}}` call",
	Suggestion: "use the project's logger",
	Variants: jsVariants(jsLangs, `((call_expression function: (member_expression object: (identifier) @o property: (property_identifier) @m)) @match (#eq? @o "console"))`, []string{"console"},
		[]string{"«console.log(\"x\")»;\nexport const f = () => «console.error(e)»;\n"},
		[]string{"logger.info(\"x\");\nconst console = 1;\n// console.log(\"x\")\nconst s = \"console.log\";\n"}),
}

// focusedTestSpans: the test functions of Jest, Vitest and Mocha with their focus.
var focusedTestSpans = []string{".only", "it.only", "describe.only", "test.only", "fit", "fdescribe", "it.only()", "describe.only()", "test.only()", "only"}

// focusedTestNamed: focused tests (`.only`) banned.
func focusedTestNamed(s *sentence) bool {
	if !plain(s) {
		return false
	}
	if s.hasSpan(focusedTestSpans...) {
		return s.negated() || s.banned(focusedTestSpans...)
	}
	// "(and pass any focused tests you relied on) ..., but don't duplicate the
	// suite": the prohibition must be of the focused tests
	return s.negPhrase(words(`\bfocused tests?\b`))
}

var jsFocusedTest = &Entry{
	Name:       "js-focused-test",
	Title:      "focused tests (`.only`)",
	Names:      focusedTestNamed,
	Claims:     focusedTestSpans,
	Message:    "focused test `{{match}}`",
	Suggestion: "remove `.only`: it skips every other test",
	Variants: jsVariants(jsLangs, `((call_expression function: (member_expression object: (identifier) @o property: (property_identifier) @p)) @match (#any-of? @o "it" "describe" "test" "context" "suite") (#eq? @p "only"))
((call_expression function: (identifier) @match arguments: (arguments . [(string) (template_string)] . [(arrow_function) (function_expression)])) (#any-of? @match "fit" "fdescribe"))`, []string{"only", "fit", "fdescribe"},
		[]string{"«describe.only(\"a\", () => {\n  it(\"b\", () => {});\n})»;\n«test.only(\"c\", () => {})»;\n"},
		[]string{"describe(\"a\", () => {\n  it(\"b\", () => {});\n});\nconst only = 1;\nx.only(1);\n// it.only(\"x\")\n", "const fit = () => resize();\nfit();\n"}),
}

// removeBeforeRE: "remove all X before you commit / deploy / open a PR": what must not
// be left in the code that lands, a ban of X in it.
var removeBeforeRE = words(`^(?:[-*] )?(?:\*\*)?(?:always )?(?:remove|strip|delete|clean up|get rid of) (?:all |any |every |the )?[^.;,]{0,40}\bbefore (?:you )?(?:commit(?:ting)?|deploy(?:ing)?|merg(?:e|ing)|push(?:ing)?|shipping|releas(?:e|ing)|opening (?:a|the) (?:pr|pull request)|(?:a|the) (?:pr|pull request|commit|merge|release))\b`)

// allReturnTypesRE: return types required of every function.
var allReturnTypesRE = words(`\breturn types? (?:for|on|of) (?:all|every|each)(?: exported| public| top-level)? (?:functions?|methods?)\b|\b(?:all|every|each) (?:functions?|methods?) (?:must|should|need to|needs to) (?:have|declare|specify) (?:an? )?(?:explicit )?return types?\b|\btype all (?:function )?(?:parameters|params|arguments) and return (?:values|types)\b`)

// allReturnTypesNamed: return types required of all functions, in TypeScript (Python's
// type hints are py-untyped-def's).
func allReturnTypesNamed(s *sentence) bool {
	return plain(s) && !s.negated() && s.has(allReturnTypesRE) && !s.has(words(`\bpython\b|\bmypy\b|\bpyright\b|\bhints?\b|\boptional\b|\bwhere (?:reasonable|useful|helpful)\b`))
}

// requestsTimeoutNamed: every `requests` call required to pass a timeout ("Every
// `requests` call must pass an explicit `timeout=`", "Never call `requests.get`
// without a `timeout`").
func requestsTimeoutNamed(s *sentence) bool {
	if !s.has(words("(?i)`requests(?:\\.\\w+(?:\\(\\))?)?`|\\brequests (?:calls?|library)\\b|\\bhttp requests? (?:made )?with `?requests`?\\b")) || !s.has(words("(?i)`timeout=?`|\\btimeouts?\\b")) {
		return false
	}
	required := s.has(words(`\b(?:must|should|always|needs? to|has to|have to) (?:pass|set|include|specify|use|have|carry|give)\b|\b(?:every|each|all)\b[^.;]*\b(?:must|should|needs?)\b`))
	return required && !s.negated() || s.has(words(`\b(?:never|don't|do not|must not|no)\b[^;]*\bwithout (?:an? |the |any )?(?:explicit )?(?:`+"`timeout=?`"+`|timeouts?\b)`))
}

var pyRequestsTimeout = &Entry{
	Name:       "py-requests-timeout",
	Title:      "a `requests` call without `timeout=`",
	Names:      requestsTimeoutNamed,
	Claims:     []string{"requests", "timeout", "timeout=", "requests.get", "requests.post", "requests.get()", "requests.post()"},
	Message:    "`requests.{{fn}}()` without `timeout=`: it can wait forever",
	Suggestion: "pass `timeout=`",
	// "without a `timeout`" is the rule's own antecedent, which the query locates
	Locates: words(`(?i)\btimeout|\bwithout\b|\bCODE\b`),
	Variants: []Variant{{Lang: engine.LangPython, Needles: []string{"requests"},
		Query: `((call function: (attribute object: (identifier) @mod attribute: (identifier) @fn) arguments: (argument_list) @args) @match (#eq? @mod "requests") (#any-of? @fn "get" "post" "put" "patch" "delete" "head" "options" "request") (#no-keyword-arg? @args "timeout") (#not-match? @args "\\*\\*"))`,
		Bad:   []string{"import requests\n\nr = «requests.get(url)»\np = «requests.post(url, json=d)»\n"},
		Good:  []string{"import requests\n\nr = requests.get(url, timeout=10)\ns = session.get(url)\nt = requests.get(url, **opts)\n# requests.get(url)\n"}}},
}
