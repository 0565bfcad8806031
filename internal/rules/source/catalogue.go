package source

import (
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazyre"
)

// Entry is a named coding convention heed knows how to check: the phrases that name
// it, and per language a hand-written query (or, for languages without a grammar, a
// regular expression) with code that must match, code that must not, and where the
// finding must be. Every variant is tested (catalogue_test.go): adding an entry is
// where heed's coverage grows.
type Entry struct {
	Name  string
	Title string
	// Names reports whether a constraint names this convention as a rule (a ban of
	// the construct, or a preference for its alternative).
	Names func(s *sentence) bool
	// Claims are the code spans the entry accounts for, so the generic banned-API
	// recogniser does not read them a second time.
	Claims []string
	// ClaimPrefixes claim every span that starts with one of them (`Optional[X]`,
	// `Optional[str]`), for entries whose spans vary.
	ClaimPrefixes []string
	// Warn (optional) reports a sentence whose rule only warns whatever its level: the
	// construct has uses the sentence allows that a query cannot tell apart (a print
	// that is the program's output, where the rule is about debug output), or the
	// stand-in's matches need a look (it cannot see a call's type, it reads text:
	// alwaysWarn).
	Warn func(s *sentence) bool
	// NotInTestFiles leaves the project's test files out (where the construct is the
	// tests' own idiom: prints, unannotated test functions); Exclude adds parts of a
	// file to leave out (QueryParams.Exclude: "programs", "main").
	NotInTestFiles bool
	Exclude        []string
	// ExcludeGlobs are paths the rule leaves out (a print is an example's output).
	ExcludeGlobs []string
	Message      string
	Suggestion   string
	// NotInTests drops matches inside test code even when the sentence does not say
	// "in production code": the construct is idiomatic in tests (unwrap in Rust).
	NotInTests bool
	// Exact is false when the query is a mechanical stand-in for the convention.
	Inexact bool
	// CommentExempts: a match whose line, or the line above, carries a comment is the
	// project's documented exception.
	CommentExempts bool
	// Locates (optional) matches a region the sentence limits the rule to that the
	// entry's query locates itself ("inside an `except` block" for a raise in a
	// handler), so the region is no reason to drop the rule.
	Locates *lazyre.RE
	// LocatesAdded (with Locates) is the pattern of an added line that holds the
	// construct: a sentence whose precondition is what the entry locates ("when
	// suppressing warnings" for the attribute that suppresses them) applies to a
	// change that adds such a line, not to one whose lines say the precondition's
	// words.
	LocatesAdded string
	// Narrow (optional) returns the part of a variant's query the sentence names (a
	// brace rule said of if statements alone checks no loop).
	Narrow   func(s *sentence, query string) string
	Variants []Variant
}

// Variant is an entry's check for one language.
type Variant struct {
	Lang string
	// Query is a Tree-sitter query whose @match capture locates a violation.
	Query string
	// Needles (optional) are strings every match contains (see QueryParams.Needles);
	// NeedlePattern a regular expression every file with a match matches.
	Needles       []string
	NeedlePattern string
	// Regex and Where make a pattern rule instead, for languages heed has no grammar for.
	Regex string
	Where string
	// EqualGroups (PatternParams.EqualGroups): two groups of Regex that must match
	// the same text.
	EqualGroups []int
	// SkipLines (PatternParams.SkipLines): a line it matches holds no violation.
	SkipLines string
	// Bad is code that must match; «» marks each expected finding's located text.
	Bad []string
	// Good is code that must not match: the same token in a comment, a string, an
	// identifier that contains it, and the allowed alternative.
	Good []string
}

func words(s string) *lazyre.RE { return lazyre.New(s) }

// anySituationRE: `any` banned in one situation of the data ("when receiving untyped
// input", "for external data", "at API boundaries").
var anySituationRE = words(`\b(?:when|if|for|at)\b[^.;]{0,20}\b(?:receiv\w*|pars\w*|untyped|untrusted|external (?:data|input|apis?|payloads?)|unknown data|(?:api|system|trust|network|i/o|io) boundar(?:y|ies)|json|user input|input from)\b`)

// cGap, in a needle pattern, is what may stand between two tokens of a C-like
// language: blanks and comments. Any nesting of block comments is covered, since the
// lazy body may run on to any later "*/".
// jsSpace is what a Tree-sitter grammar's /\s/ extras count as blank: JavaScript's
// \s, wider than RE2's (a vertical tab, no-break and other Unicode spaces).
const jsSpace = `[\s\v\x{a0}\x{feff}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}]`

const cGap = `(?:` + jsSpace + `|/\*[\s\S]*?\*/|//[^\n]*)*`

var (
	jsLangs = []string{engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX}
	tsLangs = []string{engine.LangTypeScript, engine.LangTSX}
)

// jsVariants repeats one query and its samples for JavaScript, TypeScript and TSX,
// whose grammars share these node types.
func jsVariants(langs []string, query string, needles []string, bad, good []string) []Variant {
	var out []Variant
	for _, l := range langs {
		out = append(out, Variant{Lang: l, Query: query, Needles: needles, Bad: bad, Good: good})
	}
	return out
}

var (
	defaultExportBad = []string{
		"«export default function DayCard() {\n  return null;\n}»\n",
		"function formatRange() {}\n«export default formatRange;»\n",
		"const x = 1;\n«export { x as default };»\n«export { default } from \"./a\";»\n",
	}
	defaultExportGood = []string{
		"export { default as DayCard } from \"./DayCard\";\nexport function addStop() {}\nexport const defaultTripLength = 3;\n",
		"// export default x\nconst s = \"export default x\";\nswitch (k) { default: break; }\n",
	}
)

// rustAllowNamed: the sentence names `#[allow]` with `#[expect]`, or bans it.
func rustAllowNamed(s *sentence) bool {
	allow := s.has(words("`#?!?\\[?allow(?:\\([^`]*\\))?\\]?`"))
	expect := s.has(words("`#?!?\\[?expect(?:\\([^`]*\\))?\\]?`"))
	// "Avoid `#[allow(dead_code)]`" bans suppressing one lint, not every `#[allow]`:
	// the banned-API recogniser reads the attribute with its argument
	if !expect && s.has(words("`#?!?\\[?allow\\(\\s*[a-z_]+(?:::[a-z_]+)*\\s*\\)\\]?`")) {
		return false
	}
	return allow && (expect || s.negated())
}

// rustCrateAllowNamed: the sentence bans suppressing warnings for a whole module or
// crate, by `#![allow(...)]` or in words ("never suppress warnings at the crate
// level", "suppressing warnings for a whole module is never acceptable").
func rustCrateAllowNamed(s *sentence) bool {
	inner := s.has(words("`#!\\[allow"))
	level := s.has(words(`\b(?:crate|module)[- ]level\b|\bwhole (?:module|crate)\b|\b(?:module|crate) or (?:module|crate) level\b`))
	if !inner && !(level && s.has(words(`\bsuppress\w*\b|\bsilenc\w*\b`)) && s.has(words(`\bwarnings?\b|\blints?\b`))) {
		return false
	}
	return s.banned("#![allow(...)]", "#![allow]", "#![allow()]") || s.negPhrase(words(`\bsuppress\w*\b|\bsilenc\w*\b|#!\[allow`)) ||
		s.has(words(`\b(?:never|not|un)\s?(?:acceptable|allowed|permitted|ok|okay)\b`))
}

// Catalogue is every entry, in the order the recogniser tries them.
var Catalogue = []*Entry{
	{
		Name:  "promise-then",
		Title: "`.then()` chains instead of async/await",
		Names: func(s *sentence) bool {
			then := s.hasSpan("then", ".then", ".then()", "then()", ".then(...)") || s.has(words(`\.then\(\)|\bthen\(\) (?:calls|chains)|\bpromise chains?\b|\.then chains?`))
			await := s.hasSpan("async", "await", "async/await") || s.has(words(`\basync ?/ ?await\b|\basync and await\b`))
			return then && (await || s.negated()) || asyncAwaitRequired(s)
		},
		// async/await required without a word on `.then()` ("Always use async/await
		// with try/catch"): a chain may be what the code needs, so the rule warns
		Warn:       func(s *sentence) bool { return !thenNamed(s) },
		Claims:     []string{"then", ".then", ".then()", "then()", "async", "await", "Promise", "async/await"},
		Message:    "`.then()` call",
		Suggestion: "use async/await",
		Variants: jsVariants(jsLangs,
			`(call_expression function: (member_expression property: (property_identifier) @match (#eq? @match "then")))`, nil,
			[]string{
				"fetchUser(id).«then»(u => render(u));\n",
				"load()\n  .«then»(parse)\n  .«then»(show);\n",
			},
			[]string{
				"const u = await fetchUser(id);\n",
				"// fetchUser(id).then(render)\nconst s = \"x.then(y)\";\n",
				"const thenable = { then: 1 };\nobj.thenable();\n",
			}),
	},
	{
		Name:  "ts-any",
		Title: "the `any` type",
		Names: func(s *sentence) bool {
			// "zero `any` types": a count of none is a ban
			return s.banned("any", ": any", "as any") || s.has(words("\\bzero `any`(?: types?)?"))
		},
		Claims:     []string{"any", ": any", "as any"},
		Message:    "`any` type",
		Suggestion: "give it a real type, or `unknown` and narrow it",
		// "Use `unknown` instead of `any` when receiving untyped input": the `any` of
		// one situation (data from outside), which the annotation does not show
		// (tsparticles, wild round 30: casts of typed objects were blocked)
		Warn: func(s *sentence) bool { return s.has(anySituationRE) },
		// "never `as any`": the assertion to any, not every annotation with it
		Narrow: func(s *sentence, q string) string {
			if s.banned("as any") && !s.banned("any", ": any") {
				return asAnyQuery
			}
			return q
		},
		Variants: jsVariants(tsLangs, `((predefined_type) @match (#eq? @match "any"))`, nil,
			// (the first sample holds an assertion: it stays the violated case of a
			// rule narrowed to `as any`)
			[]string{
				"const v = y as «any»;\nlet list: Array<«any»> = [];\n",
				"function f(x: «any»): string { return String(x); }\n",
			},
			[]string{
				"const company: Company = load();\nconst anyValue: unknown = 1;\n",
				"// any value works here\nconst s: string = \"any\";\n",
				"if (items.some(Boolean)) { any(); }\n",
			}),
	},
	{
		Name:  "ts-unknown",
		Title: "the `unknown` type",
		Names: func(s *sentence) bool {
			return s.banned("unknown") && s.banned("any")
		},
		Claims:     []string{"unknown"},
		Message:    "`unknown` type",
		Suggestion: "give it a proper type",
		Variants: jsVariants(tsLangs, `((predefined_type) @match (#eq? @match "unknown"))`, nil,
			[]string{"function f(x: «unknown») {}\n"},
			[]string{"const unknownUser = 1;\n// unknown\nconst s = \"unknown\";\n"}),
	},
	{
		Name:  "arrow-parens",
		Title: "a parenthesized single arrow-function parameter",
		Names: func(s *sentence) bool {
			return s.has(words(`arrow[- ]function param|arrow param|single param`)) && s.has(words(`surround|parenthes|\bparens?\b|brackets?`))
		},
		Claims:     []string{"(x) => x + x", "x => x + x", "(x, y) => x + y", "<T>(x: T, y: T) => x === y"},
		Message:    "single arrow-function parameter in parentheses",
		Suggestion: "{{param}} => …",
		Variants: append(
			jsVariants(tsLangs, `(arrow_function !type_parameters !return_type parameters: (formal_parameters . (required_parameter !type !value pattern: (identifier) @param) .) @match)`, nil,
				[]string{
					"items.map(«(item)» => item.id);\n",
					"const f = async «(x)» => { await x; };\n",
				},
				[]string{
					"items.map(item => item.id);\n",
					"const g = (x, y) => x + y;\nconst h = (x: number) => x;\nconst k = <T>(x: T) => x;\nconst d = (x = 1) => x;\nconst r = ({ a }) => a;\nconst s = (...rest) => rest;\nconst n = (x): number => x;\n",
					"// (x) => x\nconst t = \"(x) => x\";\n",
				}),
			Variant{Lang: engine.LangJavaScript, Query: `(arrow_function parameters: (formal_parameters . (identifier) @param .) @match)`,
				Bad:  []string{"items.map(«(item)» => item.id);\n"},
				Good: []string{"items.map(item => item.id);\nconst g = (x, y) => x + y;\nconst d = (x = 1) => x;\nconst r = ({ a }) => a;\n// (x) => x\n"}},
		),
	},
	{
		Name:  "bare-except",
		Title: "a bare `except:`",
		Names: func(s *sentence) bool {
			return s.banned("except:", "except") || s.negPhrase(words(`\bbare `+"`?"+`except\b`))
		},
		Claims:     []string{"except:", "except"},
		Message:    "bare `except:` catches every exception, KeyboardInterrupt and SystemExit included",
		Suggestion: "catch the exceptions you expect: `except ValueError:`",
		Variants: []Variant{{Lang: engine.LangPython, Query: `(except_clause "except" @match !value) @clause`, Needles: []string{"except"}, NeedlePattern: `except[\s\\]*:`,
			Bad: []string{"try:\n    run()\n«except»:\n    pass\n", "try:\n    run()\n«except» \\\n  :\n    pass\n"},
			Good: []string{
				"try:\n    run()\nexcept ValueError:\n    pass\nexcept (A, B) as e:\n    raise\n",
				"# except:\ns = \"except:\"\n",
			}}},
	},
	{
		Name:  "open-encoding",
		Title: "text-mode `open()` without `encoding=`",
		Names: func(s *sentence) bool {
			return s.has(words("`encoding=?`|\\bencoding=|\\bencoding\\b")) && (s.hasSpan("open()", "open", "open(...)") || s.has(words(`\bopen\(\)`)))
		},
		Claims:     []string{"encoding=", "encoding", "open()", "open", "Path.read_text()", "write_text()", "read_text()"},
		Message:    "text-mode `{{fn}}()` without `encoding=`: it uses the locale's encoding, not UTF-8",
		Suggestion: "pass `encoding=\"utf-8\"`",
		Variants: []Variant{{Lang: engine.LangPython,
			Query: `(call function: (identifier) @fn arguments: (argument_list) @args (#eq? @fn "open") (#no-keyword-arg? @args "encoding") (#text-mode? @args 2) (#max-positional? @args 3)) @match
(call function: (attribute object: (identifier) @mod attribute: (identifier) @fn) arguments: (argument_list) @args (#eq? @mod "io") (#eq? @fn "open") (#no-keyword-arg? @args "encoding") (#text-mode? @args 2) (#max-positional? @args 3)) @match
(call function: (attribute attribute: (identifier) @fn) arguments: (argument_list) @args (#eq? @fn "read_text") (#no-keyword-arg? @args "encoding") (#max-positional? @args 0)) @match
(call function: (attribute attribute: (identifier) @fn) arguments: (argument_list) @args (#eq? @fn "write_text") (#no-keyword-arg? @args "encoding") (#max-positional? @args 1)) @match`,
			Bad: []string{
				"with «open(path)» as f:\n    data = f.read()\n",
				"f = «open(path, \"w\")»\ng = «io.open(p, mode=\"rt\")»\n",
				"text = «config.read_text()»\n«out.write_text(data)»\n",
			},
			Good: []string{
				"with open(path, encoding=\"utf-8\") as f:\n    pass\n",
				"blob = open(path, \"rb\")\nw = open(path, mode=\"wb\")\nx = open(path, mode)\ny = open(path, **kw)\n",
				"fd = os.open(path, os.O_RDONLY)\nreopen(path)\n# open(path)\ns = \"open(path)\"\n",
				"t = p.read_text(\"utf-8\")\np.write_text(data, encoding=\"utf-8\")\nz = open(p, \"r\", -1, \"utf-8\")\n",
			}}},
	},
	{
		Name:  "wildcard-import",
		Title: "a wildcard import",
		Names: func(s *sentence) bool {
			return s.banned("import *", "from x import *", "from module import *", "*", ".*") || s.negPhrase(words(`\b(?:wildcard|star) imports?\b`))
		},
		Claims:     []string{"import *", "from x import *", "from module import *", "*", ".*"},
		Message:    "wildcard import",
		Suggestion: "import the names you use",
		Variants: []Variant{
			{Lang: engine.LangPython, Query: `((import_from_statement (wildcard_import)) @match)`, Needles: []string{"*"}, NeedlePattern: `import[\s\\]*\*`,
				Bad:  []string{"«from os.path import *»\n"},
				Good: []string{"from os.path import join\nx = a * b\n# from os import *\ns = \"from os import *\"\n"}},
			{Lang: engine.LangJava, Query: `((import_declaration (asterisk)) @match)`, Needles: []string{"*"}, NeedlePattern: `\.` + cGap + `\*` + cGap + `;`,
				Bad:  []string{"package p;\n«import java.util.*;»\nclass A {}\n", "package p;\n«import java.util. /* all */ * // of it\n;»\n"},
				Good: []string{"package p;\nimport java.util.List;\n// import java.util.*;\nclass A { int x = 2 * 3; }\n"}},
			{Lang: engine.LangRust, Query: `((use_declaration argument: (use_wildcard)) @match (#not-in-test? @match))`, Needles: []string{"*"}, NeedlePattern: `(?:::|use)` + cGap + `\*`,
				Bad:  []string{"«use std::collections::*;»\n", "«use std::collections:: /* a /* nested */ comment */ *;»\n", "«use *;»\n"},
				Good: []string{"use std::collections::HashMap;\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n"}},
			{Lang: engine.LangKotlin, Query: `((import "*") @match)`, Needles: []string{"*"}, NeedlePattern: `\.` + cGap + `\*`,
				Bad:  []string{"package app\n\n«import kotlinx.coroutines.*»\nimport java.io.File\n"},
				Good: []string{"package app\n\nimport kotlinx.coroutines.launch\n// import java.util.*\nval s = \"import a.*\"\nval x = 2 * 3\n"}},
		},
	},
	{
		Name:  "rust-allow",
		Title: "`#[allow(...)]` instead of `#[expect(...)]`",
		Names: func(s *sentence) bool {
			return rustAllowNamed(s) && !s.has(words(`\bclippy\b`)) && !rustCrateAllowNamed(s)
		},
		Claims:     []string{"#[allow()]", "[allow()]", "#[expect()]", "allow()", "expect()", "#[allow]", "#[expect]", "allow", "expect", "#[allow(...)]", "#[expect(...)]", "[allow(...)]"},
		Message:    "`#[allow(...)]` suppression",
		Suggestion: "use `#[expect(...)]`, which fails once the lint no longer fires",
		Variants: []Variant{{Lang: engine.LangRust,
			Query: `((attribute_item (attribute (identifier) @name (#eq? @name "allow"))) @match)
((inner_attribute_item (attribute (identifier) @name (#eq? @name "allow"))) @match)`,
			Bad:  []string{"«#[allow(clippy::too_many_arguments)]»\nfn f() {}\n", "«#![allow(dead_code)]»\n"},
			Good: []string{"#[expect(clippy::too_many_arguments)]\nfn f() {}\n// #[allow(dead_code)]\nconst S: &str = \"#[allow(x)]\";\nfn allow() {}\n"}}},
	},
	{
		// "It is never acceptable to suppress warnings at the module or crate level"
		// (anelson-labs/cgx CLAUDE.md:39-41): the inner attribute, `#![allow(...)]`,
		// which holds for the whole module or crate; an item's `#[allow]` is what such
		// a sentence asks for instead.
		Name:  "rust-crate-allow",
		Title: "`#![allow(...)]` for a whole module or crate",
		Names: rustCrateAllowNamed,
		// "When suppressing warnings, ...": the attribute is the suppression
		Locates:      words(`\bsuppress\w*\s+(?:\w+\s+)?(?:warnings?|lints?)\b`),
		LocatesAdded: `#!\s*\[\s*allow`,
		// "unless you are told to": an exception by instruction, which heed cannot see
		Warn:       func(s *sentence) bool { return s.conditional() },
		Claims:     []string{"#![allow(...)]", "#![allow]", "#![allow()]", "#[allow(...)]", "#[allow]", "#[allow()]"},
		Message:    "`#![allow(...)]` suppresses the lint for the whole module or crate",
		Suggestion: "put `#[allow(...)]` on the item that needs it, with a comment saying why",
		Variants: []Variant{{Lang: engine.LangRust,
			Query:   `((inner_attribute_item (attribute (identifier) @name (#eq? @name "allow"))) @match)`,
			Needles: []string{"allow"},
			Bad:     []string{"«#![allow(dead_code)]»\n\npub fn f() {}\n", "mod m {\n    «#![allow(unused)]»\n}\n"},
			Good:    []string{"// needed until the next release\n#[allow(dead_code)]\nfn g() {}\n// #![allow(unused)]\nconst S: &str = \"#![allow(x)]\";\n#![deny(warnings)]\n"}}},
	},
	{
		// "PREFER `#[expect()]` over `[allow()]` if clippy must be disabled" (astral-sh/uv
		// AGENTS.md:12): the suppressions of clippy's lints, not rustc's
		// (#[allow(dead_code)], #[allow(unsafe_code)]).
		Name:  "rust-allow-clippy",
		Title: "`#[allow(clippy::...)]` instead of `#[expect(clippy::...)]`",
		Names: func(s *sentence) bool {
			return rustAllowNamed(s) && s.has(words(`\bclippy\b`))
		},
		Claims:     []string{"#[allow()]", "[allow()]", "#[expect()]", "allow()", "expect()", "#[allow]", "#[expect]", "allow", "expect", "#[allow(...)]", "#[expect(...)]", "[allow(...)]"},
		Message:    "`#[allow(clippy::...)]` suppression",
		Suggestion: "use `#[expect(...)]`, which fails once the lint no longer fires",
		Variants: []Variant{{Lang: engine.LangRust,
			Query: `((attribute_item (attribute (identifier) @name arguments: (token_tree) @args (#eq? @name "allow") (#match? @args "clippy::"))) @match)
((inner_attribute_item (attribute (identifier) @name arguments: (token_tree) @args (#eq? @name "allow") (#match? @args "clippy::"))) @match)`,
			Needles: []string{"clippy::"},
			Bad:     []string{"«#[allow(clippy::too_many_arguments)]»\nfn f() {}\n«#![allow(dead_code, clippy::pedantic)]»\n"},
			Good:    []string{"#[expect(clippy::too_many_arguments)]\nfn f() {}\n#[allow(dead_code)]\n#![allow(unsafe_code)]\n// #[allow(clippy::x)]\n"}}},
	},
	{
		Name:  "js-var",
		Title: "`var` declarations",
		Names: func(s *sentence) bool {
			return s.banned("var")
		},
		Claims:     []string{"var", "let", "const"},
		Message:    "`var` declaration",
		Suggestion: "use `const`, or `let` when it is reassigned",
		Variants: jsVariants(jsLangs, `((variable_declaration "var" @match) (#not-inside? @match ambient_declaration))`, nil,
			[]string{"«var» count = 0;\nfunction f() { for («var» i = 0; i < 2; i++) {} }\n"},
			[]string{"let count = 0;\nconst variable = 1;\n// var x = 1\nconst s = \"var x\";\n"}),
	},
	{
		Name:  "eq-null",
		Title: "`== null` / `!= null` instead of `is null` / `is not null`",
		Names: func(s *sentence) bool {
			return s.hasSpan("is null", "is not null") && s.hasSpan("== null", "!= null")
		},
		Claims:     []string{"is null", "is not null", "== null", "!= null"},
		Message:    "null check with `==`/`!=`",
		Suggestion: "use `is null` / `is not null`",
		// a lambda may be an expression tree (EF Core's `.Where(f => f.X != null)`,
		// `HasConversion`), where `is null` does not compile (CS8122): `==` is the
		// only form there (EveTogether, wild round 28)
		Variants: []Variant{{Lang: engine.LangCSharp, Needles: []string{"null"},
			Query: `((binary_expression operator: ["==" "!="] right: (null_literal)) @match (#not-inside? @match lambda_expression))
((binary_expression left: (null_literal) operator: ["==" "!="]) @match (#not-inside? @match lambda_expression))`,
			Bad:  []string{"class A {\n  void F() {\n    if («x == null») return;\n    if («y != null») Use(y);\n    if («null == z») {}\n  }\n}\n"},
			Good: []string{"class A {\n  void F() {\n    if (x is null) return;\n    // x == null\n    var s = \"x == null\";\n    var t = @\"y != null\";\n    bool b = a == nullable;\n    var q = db.Fleets.Where(f => f.CompositionId != null);\n  }\n}\n"}}},
	},
	{
		Name:  "percent-format",
		Title: "`%`-formatting instead of f-strings",
		Names: func(s *sentence) bool {
			fstr := s.has(words(`\bf-?strings?\b`))
			pct := s.has(words("%-format|% format|`%`|printf-style|old-style (?:string )?format|percent format|%-style|`%s`"))
			prefer := s.has(words(`\b(?:use|prefer) f-?strings?\b`))
			// "f-strings everywhere; no `.format()` calls and no `%` interpolation"
			banned := s.negPhrase(words("`%`(?: formatting| interpolation| string formatting| strings)|%-format|printf-style|old-style (?:string )?format|percent format|%-style"))
			return pct && (fstr && prefer || banned)
		},
		Claims:     []string{"%", "%s", "%-formatting"},
		Message:    "`%`-formatting",
		Suggestion: "use an f-string",
		Variants: []Variant{{Lang: engine.LangPython, Query: `((binary_operator left: [(string) (concatenated_string)] operator: "%") @match)`, Needles: []string{"%"},
			Bad:  []string{"msg = «\"%s: %d\" % (name, n)»\n"},
			Good: []string{"msg = f\"{name}: {n}\"\nodd = n % 2\n# \"%s\" % x\nlog.info(\"%s\", x)\n"}}},
	},
	{
		Name:  "logging-format",
		Title: "log messages formatted before the call",
		Names: func(s *sentence) bool {
			log := s.has(words(`\blog(?:ging|ger)?\b|\blog messages?\b`))
			pre := s.has(words(`pre-?formatted|f-?strings?|string concatenation|concatenat|interpolat|parameteri[sz]ed logging|placeholders`))
			// "f-strings should not be used for any string that may require translation"
			// is about translation, not logging.
			return log && pre && !s.has(words(`translat`)) && (s.negated() || s.has(words(`\bparameteri[sz]ed\b|\bplaceholders?\b|%-style parameters`)))
		},
		Claims:     []string{"{}", "logger.exception(f\"Failed: {e}\")", "logger.exception(\"Failed\")"},
		Message:    "log message built before the logging call",
		Suggestion: "pass the values as arguments: the logger formats them only when the message is emitted",
		Variants: []Variant{
			{Lang: engine.LangPython,
				Query: `(call function: (attribute object: (_) @obj attribute: (identifier) @meth) arguments: (argument_list . (string) @msg) (#any-of? @meth "debug" "info" "warning" "warn" "error" "exception" "critical" "fatal") (#match? @obj "(^|\\.)(log|logger|logging|_log|_logger|LOG|LOGGER|log_)$") (#match? @msg "^[rRbB]?[fF]")) @match
(call function: (attribute object: (_) @obj attribute: (identifier) @meth) arguments: (argument_list . [(binary_operator left: (string)) (binary_operator right: (string)) (call function: (attribute object: (string) attribute: (identifier) @fmt) (#eq? @fmt "format"))]) (#any-of? @meth "debug" "info" "warning" "warn" "error" "exception" "critical" "fatal") (#match? @obj "(^|\\.)(log|logger|logging|_log|_logger|LOG|LOGGER|log_)$")) @match`,
				Bad: []string{
					"«logger.exception(f\"Failed: {e}\")»\n",
					"«log.info(\"loaded %s\" % name)»\n«logging.debug(\"a \" + b)»\n«self.logger.warning(\"{}\".format(x))»\n",
				},
				Good: []string{
					"logger.exception(\"Failed\")\nlog.info(\"loaded %s\", name)\nprint(f\"x {y}\")\nlogger.info(MESSAGE)\n",
					"# logger.info(f\"x\")\ncatalog.info(f\"x {y}\")\n",
				}},
			{Lang: engine.LangJava,
				Query: `(method_invocation object: (_) @obj name: (identifier) @meth arguments: (argument_list . (binary_expression operator: "+") @msg) (#any-of? @meth "trace" "debug" "info" "warn" "error") (#match? @obj "(?i)(^|\\.)_?(log|logger)$") (#match? @msg "\"")) @match
(method_invocation object: (_) @obj name: (identifier) @meth arguments: (argument_list . (method_invocation object: (identifier) @s name: (identifier) @f) @msg) (#any-of? @meth "trace" "debug" "info" "warn" "error") (#match? @obj "(?i)(^|\\.)_?(log|logger)$") (#eq? @s "String") (#eq? @f "format")) @match`,
				Bad:  []string{"class A { void f() { «log.debug(\"parsed \" + n + \" rows\")»; «LOGGER.info(String.format(\"x %s\", y))»; } }\n"},
				Good: []string{"class A { void f() { log.debug(\"parsed {} rows\", n); log.debug(\"line {}\", i + 1); out.println(\"a\" + b); } }\n"}},
			{Lang: engine.LangCSharp,
				// Microsoft.Extensions.Logging's LogX extension methods on any logger,
				// Serilog's methods on a logger named so.
				Query: `((invocation_expression function: (member_access_expression name: (identifier) @meth) arguments: (argument_list . (argument [(interpolated_string_expression) (binary_expression left: [(string_literal) (interpolated_string_expression)]) (binary_expression right: [(string_literal) (interpolated_string_expression)])]))) @match (#match? @meth "^Log(Trace|Debug|Information|Warning|Error|Critical)$"))
((invocation_expression function: (member_access_expression expression: (_) @obj name: (identifier) @meth) arguments: (argument_list . (argument [(interpolated_string_expression) (binary_expression left: [(string_literal) (interpolated_string_expression)]) (binary_expression right: [(string_literal) (interpolated_string_expression)])]))) @match (#any-of? @meth "Verbose" "Debug" "Information" "Warning" "Error" "Fatal") (#match? @obj "(?i)(^|\\.)_?(log|logger)$"))`,
				Bad:  []string{"class A {\n  void F() {\n    «_logger.LogInformation($\"Loaded {count} rows\")»;\n    «Log.Warning(\"slow: \" + ms)»;\n  }\n}\n"},
				Good: []string{"class A {\n  void F() {\n    _logger.LogInformation(\"Loaded {Count} rows\", count);\n    Console.WriteLine($\"x {y}\");\n    // _logger.LogError($\"x {y}\");\n    catalog.Warning($\"x {y}\");\n  }\n}\n"}},
			{Lang: engine.LangKotlin,
				Query: `((call_expression . (navigation_expression . (_) @obj (identifier) @meth .) (value_arguments . (value_argument [(string_literal) @msg (binary_expression left: (string_literal)) (binary_expression right: (string_literal))]))) @match (#any-of? @meth "trace" "debug" "info" "warn" "error") (#match? @obj "(?i)(^|\\.)_?(log|logger)$") (#match? @msg "\\$"))`,
				Bad:   []string{"fun f() {\n    «log.debug(\"parsed $n rows\")»\n    «logger.info(\"user \" + id)»\n}\n"},
				Good:  []string{"fun f() {\n    log.debug(\"parsed {} rows\", n)\n    logger.info { \"user $id\" }\n    println(\"x $y\")\n    // log.info(\"x $y\")\n}\n"}},
		},
	},
	{
		Name:  "default-export",
		Title: "default exports",
		Names: func(s *sentence) bool {
			// ("Use named exports instead." alone is the alternative to what an
			// earlier sentence bans, barrel files, say: no ban of default exports)
			named := s.has(words(`\bnamed exports? only\b|\bonly named exports?\b|\bprefer named exports?\b|\buse named exports?\b`)) &&
				!s.has(words(`\bnamed exports? instead\s*[.!]?\s*$`))
			forms := []string{"export default", "export default ...", "default export", "default exports"}
			for _, sp := range s.spans {
				// "`export default function`", "`export default class`": the
				// statement, shown with what it exports
				if strings.HasPrefix(sp, "export default ") && !slices.Contains(forms, sp) {
					forms = append(forms, sp)
				}
			}
			if strings.Contains(s.norm, "`'s default export") {
				// "Don't use `@repo/supabase`'s default export": a module's export
				// the code imports, not the code's own default exports
				return false
			}
			def := s.hasSpan(forms...) || s.has(words(`\bdefault exports?\b`))
			return (def && (s.banned(forms...) || s.negPhrase(words(`\bdefault exports?\b`)))) || named
		},
		Claims: []string{"export default", "default export", "default exports"},
		// the files whose tools take their default export: a bundler's or test
		// runner's config, a story, a Next.js route file, and Jest's manual mocks,
		// which mirror the exports of the module they stand for
		// (a tool's configuration also sits in a dot-file, `.dependency-cruiser.mjs`, or
		// under the tool's name, GraphQL's `codegen.ts`)
		ExcludeGlobs: []string{"**/*.config.*", "**/*.stories.*", "**/*.story.*", "**/.storybook/**", "**/__mocks__/**",
			"**/.*.{js,cjs,mjs,ts,cts,mts}", "**/codegen*.{js,cjs,mjs,ts,cts,mts}",
			"**/app/**/{page,layout,template,loading,error,not-found,default}.{js,jsx,ts,tsx}",
			"**/pages/**/*.{js,jsx,ts,tsx}"},
		Message:    "default export",
		Suggestion: "export it by name: `export function …` / `export const …`",
		Variants: append(jsVariants(tsLangs,
			`((export_statement "default") @match)
((export_statement (export_clause (export_specifier alias: (identifier) @a (#eq? @a "default")))) @match)
((export_statement (export_clause (export_specifier name: (identifier) @n !alias (#eq? @n "default"))) source: (_)) @match)`, []string{"default"},
			defaultExportBad, defaultExportGood),
			// The JavaScript grammar reads `default` in export clauses as a keyword.
			Variant{Lang: engine.LangJavaScript, Needles: []string{"default"},
				Query: `((export_statement "default") @match)
((export_statement (export_clause (export_specifier alias: "default"))) @match)
((export_statement (export_clause (export_specifier name: "default" !alias)) source: (_)) @match)`,
				Bad: defaultExportBad, Good: defaultExportGood}),
	},
	{
		Name:  "non-null-assertion",
		Title: "non-null assertions (`x!`)",
		Names: func(s *sentence) bool {
			return s.negPhrase(words(`\bnon-?null assertions?\b`)) ||
				s.hasSpan("!") && s.negPhrase(words("`!`")) && s.has(words(`\bassertions?\b|\btype guards?\b|\bnarrow`)) ||
				// "Use explicit checks instead of `!` assertions"
				plain(s) && s.has(words("\\b(?:instead of|rather than|over) (?:using )?(?:the )?(?:`!` (?:non-?null )?(?:assertions?|operators?)|non-?null assertions?)\\b"))
		},
		Claims:     []string{"!"},
		Message:    "non-null assertion",
		Suggestion: "narrow the value with a check instead",
		Variants: jsVariants(tsLangs, `((non_null_expression) @match)`, []string{"!"},
			[]string{"const n = «user!».name;\nconst m = «map.get(k)!»;\n"},
			[]string{"if (!user) return;\nconst ok = a !== b && a != c;\n// user!.name\nconst s = \"user!\";\n"}),
	},
	{
		Name:  "prefer-type-alias",
		Title: "`interface` where the rule asks for `type`",
		Names: func(s *sentence) bool {
			return s.has(words("(?:use|prefer) (?:`type`|type alias(?:es)?|types) (?:over|instead of|rather than|not) (?:`interface`|interfaces?)|(?:no|avoid|don't use|do not use) (?:`interface`|interfaces)"))
		},
		Claims:     []string{"type", "interface"},
		Message:    "`interface` declaration",
		Suggestion: "declare it with `type`",
		Variants: jsVariants(tsLangs, `((interface_declaration) @match)`, []string{"interface"},
			[]string{"«interface Props {\n  day: number;\n}»\n"},
			[]string{"type Props = { day: number };\n// interface X {}\nconst interfaceName = \"interface\";\n"}),
	},
	{
		Name:  "prefer-interface",
		Title: "object `type` aliases where the rule asks for `interface`",
		Names: func(s *sentence) bool {
			return s.has(words("(?:use|prefer) (?:`interface`|interfaces?) (?:over|instead of|rather than|not) (?:`type`|type alias(?:es)?\\b|types?\\b)")) ||
				// "Use `interface` for object shapes, `type` for unions"
				s.has(words("\\b(?:use|prefer|always use) (?:`interface`s?|interfaces?) (?:for|to (?:define|declare|describe)) (?:(?:all|the) )?(?:object (?:shapes?|types?|definitions?)|objects|props(?: types?)?|data shapes?)\\b")) && !s.negated()
		},
		Claims:     []string{"type", "interface"},
		Message:    "object type declared with `type`",
		Suggestion: "declare it with `interface`",
		// a mapped type ("{ [K in keyof T]: ... }") has no interface form (wild round
		// 38, liquidrender)
		Variants: jsVariants(tsLangs, `((type_alias_declaration value: (object_type) @o) @match (#not-holds? @o mapped_type_clause))`, []string{"type"},
			[]string{"«type Props = { day: number };»\n"},
			[]string{"interface Props { day: number }\ntype Id = string;\ntype U = A | B;\n// type X = {}\ntype Opt<T> = { [K in keyof T]?: T[K] };\n"}),
	},
	{
		Name:  "relative-import",
		Title: "relative imports",
		Names: func(s *sentence) bool {
			if s.has(words(`\brelative imports? (?:for|within|in) (?:local|the same|sibling)`)) {
				return false // "relative imports for local components": both kinds are allowed somewhere
			}
			// "Use `@/*` import alias for all project imports"
			alias := s.has(words("\\buse (?:the )?`@/\\*?`(?: path)?(?: import)? alias(?:es)? for (?:all|every) (?:project |internal |local |app )?imports?\\b"))
			return alias || s.has(words(`\b(?:no|avoid|never use|don't use|do not use|not use) relative imports?\b|\buse absolute imports?\b(?: only| everywhere| where(?:ver)? possible| whenever possible)?(?: \([^)]*\))?[.!]?\s*$|\babsolute imports? only\b`)) && !s.has(words(`\brelative imports\b.*\b(?:for|in) local\b`))
		},
		Message:    "relative import",
		Suggestion: "import by absolute path",
		Variants: append(jsVariants(jsLangs,
			`((import_statement source: (string (string_fragment) @s)) @match (#match? @s "^\\.\\.?/"))
((export_statement source: (string (string_fragment) @s)) @match (#match? @s "^\\.\\.?/"))`, []string{"./"},
			[]string{"«import { a } from \"./a\";»\n«import b from \"../b\";»\n"},
			[]string{"import { a } from \"@/a\";\nimport fs from \"node:fs\";\n// import x from \"./x\"\nconst p = \"./a\";\n"}),
			Variant{Lang: engine.LangPython, Query: `((import_from_statement module_name: (relative_import)) @match)`, Needles: []string{"."}, NeedlePattern: `from[\s\\]*\.`,
				Bad:  []string{"«from . import models»\n«from ..core import x»\n", "«from.import models»\n«from \\\n  .core import x»\n"},
				Good: []string{"from app import models\nimport os.path\n# from . import x\n"}}),
	},
	{
		Name:  "parent-relative-import",
		Title: "parent-relative imports (`../`, `..module`)",
		Names: func(s *sentence) bool {
			return s.has(words("(?:multi-dot|parent|`\\.\\./`|`\\.\\.`) relative imports?|relative imports? (?:that|which) (?:climb|go up)|never use multi-dot")) && s.negated()
		},
		Claims:     []string{"../", ".."},
		Message:    "import from a parent package",
		Suggestion: "import by absolute path",
		Variants: append(jsVariants(jsLangs,
			`((import_statement source: (string (string_fragment) @s)) @match (#match? @s "^\\.\\./"))`, []string{"../"},
			[]string{"«import b from \"../b\";»\n"},
			[]string{"import { a } from \"./a\";\nconst p = \"../b\";\n"}),
			Variant{Lang: engine.LangPython, Query: `((import_from_statement module_name: (relative_import (import_prefix) @p)) @match (#match? @p "^\\.\\."))`, Needles: []string{".."},
				Bad:  []string{"«from ..core import x»\n"},
				Good: []string{"from . import models\nfrom app.core import x\n"}}),
	},
	{
		Name:  "relative-import-js-extension",
		Title: "a `.js` extension on relative imports",
		Names: func(s *sentence) bool {
			return s.hasSpan(".js") && s.has(words(`\brelative imports?\b`)) && s.negated()
		},
		Claims:     []string{".js"},
		Message:    "relative import with a `.js` extension",
		Suggestion: "drop the extension",
		Variants: jsVariants(tsLangs,
			`((import_statement source: (string (string_fragment) @s)) @match (#match? @s "^\\.\\.?/.*\\.js$"))
((export_statement source: (string (string_fragment) @s)) @match (#match? @s "^\\.\\.?/.*\\.js$"))`, []string{".js"},
			[]string{"«import { a } from \"./a.js\";»\n"},
			[]string{"import { a } from \"./a\";\nimport z from \"zod/v4/index.js\";\nconst p = \"./a.js\";\n"}),
	},
	{
		Name:  "node-protocol",
		Title: "Node.js built-ins imported without `node:`",
		Names: func(s *sentence) bool {
			return s.hasSpan("node:") && s.has(words(`\bbuilt-?ins?\b`))
		},
		Claims:     []string{"node:"},
		Message:    "Node.js built-in `{{mod}}` imported without the `node:` prefix",
		Suggestion: "import `node:{{mod}}`",
		Variants: jsVariants(jsLangs,
			`((import_statement source: (string (string_fragment) @mod)) @match (#any-of? @mod "assert" "buffer" "child_process" "crypto" "dns" "events" "fs" "fs/promises" "http" "https" "net" "os" "path" "process" "stream" "timers" "tls" "url" "util" "worker_threads" "zlib" "readline" "querystring" "module" "perf_hooks" "async_hooks" "v8" "vm"))
((call_expression function: (identifier) @req arguments: (arguments . (string (string_fragment) @mod))) @match (#eq? @req "require") (#any-of? @mod "assert" "buffer" "child_process" "crypto" "dns" "events" "fs" "fs/promises" "http" "https" "net" "os" "path" "process" "stream" "timers" "tls" "url" "util" "worker_threads" "zlib" "readline" "querystring" "module" "perf_hooks" "async_hooks" "v8" "vm"))`, nil,
			[]string{"«import fs from \"fs\";»\nconst p = «require(\"path\")»;\n"},
			[]string{"import fs from \"node:fs\";\nimport x from \"fsx\";\nconst s = \"fs\";\n// import os from \"os\"\n"}),
	},
	{
		Name:  "react-class-component",
		Title: "React class components",
		Names: func(s *sentence) bool {
			return classComponentStrict(s) || functionComponentsLoose(s)
		},
		Message:    "class component",
		Suggestion: "write a function component",
		// a requirement of function components named loosely ("Use proper React
		// patterns (hooks, functional components)") leaves the class components it
		// does not name (error boundaries aside) for a look
		Warn: func(s *sentence) bool { return !classComponentStrict(s) },
		Variants: []Variant{
			{Lang: engine.LangTSX, Query: `((class_declaration (class_heritage (extends_clause value: [(identifier) @base (member_expression property: (property_identifier) @base)]))) @match (#any-of? @base "Component" "PureComponent") (#not-defines? @match "componentDidCatch" "getDerivedStateFromError"))`,
				Bad: []string{"«class Card extends React.Component<Props> {\n  render() { return <div />; }\n}»\n"},
				Good: []string{"function Card(props: Props) { return <div />; }\nclass Store extends Base {}\n// class A extends Component {}\n",
					// an error boundary: React has no function form of componentDidCatch
					"class Guard extends React.Component<Props> {\n  componentDidCatch(e: Error) { log(e); }\n  render() { return this.props.children; }\n}\n"}},
			{Lang: engine.LangJavaScript, Query: `((class_declaration (class_heritage [(identifier) @base (member_expression property: (property_identifier) @base)])) @match (#any-of? @base "Component" "PureComponent") (#not-defines? @match "componentDidCatch" "getDerivedStateFromError"))`,
				Bad:  []string{"«class Card extends Component {}»\n"},
				Good: []string{"function Card() { return null; }\nclass Store extends Base {}\n"}},
		},
	},
	{
		Name:  "exported-arrow-const",
		Title: "exported arrow-function constants instead of function declarations",
		Names: func(s *sentence) bool {
			return s.has(words("(?:`export function|function declarations?)[^.]*(?:instead of|over|rather than)[^.]*(?:`export const|arrow)")) ||
				s.has(words(`\bprefer function declarations? for (?:named or )?exported functions\b`))
		},
		Claims:     []string{"export function x(…) {…}", "export const x = (…) => {…}"},
		Message:    "exported function declared as an arrow-function constant",
		Suggestion: "declare it with `export function {{name}}(…)`",
		Variants: jsVariants(jsLangs,
			`((program (export_statement declaration: (lexical_declaration (variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression)]))) @match))`, nil,
			[]string{"«export const sum = (a, b) => a + b;»\n"},
			[]string{"export function sum(a, b) { return a + b; }\nexport const limit = 3;\nconst local = () => 1;\n"}),
	},
	{
		Name:  "curly-braces",
		Title: "loop and conditional bodies without braces",
		Names: func(s *sentence) bool {
			return s.has(words(`\b(?:curly )?braces\b`)) && s.has(words(`\b(?:loop|conditional|if|body|bodies|control structures?|control flow)\b`)) && s.has(words(`\balways\b|\bmust\b|\bsurround\b`))
		},
		Message:    "body without curly braces",
		Suggestion: "wrap the body in `{ … }`",
		Narrow:     curlyIfOnly,
		Variants: append(jsVariants(jsLangs,
			`(if_statement consequence: (_) @match (#not-kind? @match statement_block))
(else_clause (_) @match (#not-kind? @match statement_block if_statement comment))
(for_statement body: (_) @match (#not-kind? @match statement_block))
(for_in_statement body: (_) @match (#not-kind? @match statement_block))
(while_statement body: (_) @match (#not-kind? @match statement_block))
(do_statement body: (_) @match (#not-kind? @match statement_block))`, nil,
			[]string{"if (x) «return;»\nfor (const a of b) «use(a);»\nif (y) { go(); } else «stop();»\n"},
			[]string{"if (x) {\n  return;\n} else if (y) {\n  z();\n}\nfor (;;) { break; }\n"}),
			Variant{Lang: engine.LangC, Query: `(if_statement consequence: (_) @match (#not-kind? @match compound_statement))
(else_clause (_) @match (#not-kind? @match compound_statement if_statement comment))
(for_statement body: (_) @match (#not-kind? @match compound_statement))
(while_statement body: (_) @match (#not-kind? @match compound_statement))
(do_statement body: (_) @match (#not-kind? @match compound_statement))`,
				Bad: []string{"void f(int x) {\n    if (x) «return;»\n    for (;;) «step();»\n    if (x > 1) { go(); } else «stop();»\n}\n"},
				Good: []string{"void f(int x) {\n    if (x) {\n        return;\n    } else if (x > 1) {\n        go();\n    }\n    while (x) { x--; }\n    // if (x) return;\n}\n",
					"void g(int x) {\n    if (x) {\n        x--;\n    } else /* the rest */ {\n        x++;\n    }\n}\n"}},
			Variant{Lang: engine.LangCPP, Query: `(if_statement consequence: (_) @match (#not-kind? @match compound_statement))
(else_clause (_) @match (#not-kind? @match compound_statement if_statement comment))
(for_statement body: (_) @match (#not-kind? @match compound_statement))
(for_range_loop body: (_) @match (#not-kind? @match compound_statement))
(while_statement body: (_) @match (#not-kind? @match compound_statement))
(do_statement body: (_) @match (#not-kind? @match compound_statement))`,
				Bad: []string{"void f(int x, std::vector<int> &v) {\n    if (x) «return;»\n    for (auto &e : v) «use(e);»\n    if (x > 1) { go(); } else «stop();»\n}\n"},
				Good: []string{"void f(int x) {\n    if (x) {\n        return;\n    } else if (x > 1) {\n        go();\n    }\n    while (x) { x--; }\n    // if (x) return;\n}\n",
					"void g(int x) {\n    if (x) {\n        x--;\n    } else /* the rest */ {\n        x++;\n    }\n}\n"}},
			Variant{Lang: engine.LangPHP, Query: `(if_statement body: (_) @match (#not-kind? @match compound_statement colon_block))
(else_if_clause body: (_) @match (#not-kind? @match compound_statement colon_block))
(else_clause body: (_) @match (#not-kind? @match compound_statement colon_block if_statement))
(for_statement body: (_) @match (#not-kind? @match compound_statement colon_block))
(foreach_statement body: (_) @match (#not-kind? @match compound_statement colon_block))
(while_statement body: (_) @match (#not-kind? @match compound_statement colon_block))
(do_statement body: (_) @match (#not-kind? @match compound_statement))`,
				Bad:  []string{"<?php\nfunction f($x, $xs) {\n    if ($x) «return 1;»\n    foreach ($xs as $a) «use_it($a);»\n    if ($x > 1) { go(); } else «stop();»\n}\n"},
				Good: []string{"<?php\nfunction f($x) {\n    if ($x) {\n        return 1;\n    } elseif ($x > 1) {\n        go();\n    } else if ($x > 2) {\n        stop();\n    }\n    while ($x): $x--; endwhile;\n    // if ($x) return 1;\n}\n"}},
			Variant{Lang: engine.LangCSharp, Query: `(if_statement consequence: (_) @match (#not-kind? @match block))
(if_statement alternative: (_) @match (#not-kind? @match block if_statement))
(for_statement body: (_) @match (#not-kind? @match block))
(foreach_statement body: (_) @match (#not-kind? @match block))
(while_statement body: (_) @match (#not-kind? @match block))
(do_statement body: (_) @match (#not-kind? @match block))`,
				Bad:  []string{"class A {\n  void F(int x) {\n    if (x > 0) «return;»\n    foreach (var a in xs) «Use(a);»\n    if (x > 1) { Go(); } else «Stop();»\n  }\n}\n"},
				Good: []string{"class A {\n  void F(int x) {\n    if (x > 0) {\n      return;\n    } else if (x > 1) {\n      Go();\n    }\n    // if (x) return;\n  }\n}\n"}}),
	},
	{
		Name:  "anonymous-function",
		Title: "anonymous function expressions instead of arrow functions",
		Names: func(s *sentence) bool {
			return s.has(words(`\barrow functions?\b.*\bover anonymous function expressions?\b|\b(?:no|avoid) anonymous function expressions?\b`))
		},
		Claims:     []string{"=>"},
		Message:    "anonymous function expression",
		Suggestion: "use an arrow function",
		Variants: jsVariants(jsLangs, `((function_expression !name) @match)`, []string{"function"},
			[]string{"items.forEach(«function (x) {\n  use(x);\n}»);\n"},
			[]string{"items.forEach(x => use(x));\nconst f = function named() {};\nfunction decl() {}\n"}),
	},
	{
		Name:       "jackson-annotations",
		Title:      "Jackson annotations",
		Names:      func(s *sentence) bool { return s.negPhrase(words(`\bjackson annotations?\b`)) },
		Message:    "Jackson annotation",
		Suggestion: "serialize with a hand-written parser class",
		Variants: []Variant{{Lang: engine.LangJava,
			Query: `((import_declaration (scoped_identifier) @imp) @match (#match? @imp "^com\\.fasterxml\\.jackson\\.annotation(\\.|$)"))
([(marker_annotation name: (identifier) @n) (annotation name: (identifier) @n)] @match (#match? @n "^Json[A-Z]"))`,
			Bad:  []string{"«import com.fasterxml.jackson.annotation.JsonProperty;»\nclass A { «@JsonProperty(\"a\")» int a; «@JsonIgnore» int b; }\n"},
			Good: []string{"import com.fasterxml.jackson.databind.ObjectMapper;\nclass A { @Override public String toString() { return \"@JsonProperty\"; } }\n"}}},
	},
	{
		Name:  "ts-enum-member-pascal",
		Title: "enum members not in PascalCase",
		Names: func(s *sentence) bool {
			return s.has(words(`\bpascal ?case\b`)) && (s.hasSpan("enum") || s.has(words(`\benums?\b`))) &&
				s.has(words(`\b(?:values?|members?|keys?|entries|cases)\b`)) && !s.negated()
		},
		Claims:     []string{"enum"},
		Message:    "enum member `{{match}}` is not PascalCase",
		Suggestion: "name it in PascalCase",
		Variants: jsVariants(tsLangs, `(enum_body name: (property_identifier) @match (#not-match? @match "^[A-Z][A-Za-z0-9]*$"))
(enum_assignment name: (property_identifier) @match (#not-match? @match "^[A-Z][A-Za-z0-9]*$"))`, []string{"enum"},
			[]string{
				"enum Color { Red, «dark_blue», «green» }\n",
				"export const enum Mode { «readOnly» = 1, Write = 2 }\n",
			},
			[]string{
				"enum Color { Red, DarkBlue, Green2 }\nconst enumValue = { dark_blue: 1 };\n",
				"// enum Bad { lower }\nconst s = \"enum x { y }\";\n",
			}),
	},
	{
		Name:  "java-switch-statement",
		Title: "colon-style `switch` cases",
		Names: func(s *sentence) bool {
			return s.has(words(`\bswitch expressions?\b`)) && s.has(words(`\b(?:over|instead of|rather than|not)\b[^.]*\b(?:statement switch(?:es)?|switch statements?|statement switches)\b`))
		},
		Claims:     []string{"case X -> ...", "default"},
		Message:    "colon-style `case` (a statement switch)",
		Suggestion: "use a switch expression with `case X -> ...`",
		Inexact:    true,
		Variants: []Variant{{Lang: engine.LangJava, Query: `(switch_block (switch_block_statement_group) @match)`, Needles: []string{"switch"},
			Bad: []string{"class A { int f(int k) { switch (k) { «case 1: return 2;» «default: return 0;» } } }\n"},
			Good: []string{"class A { int f(int k) { return switch (k) { case 1 -> 2; default -> 0; }; } }\n" +
				"class B { void g(int k) { switch (k) { case 1 -> run(); default -> {} } } }\n"}}},
	},
	{
		Name:  "py-fixed-sleep",
		Title: "waiting for async work with a fixed `sleep`",
		Names: func(s *sentence) bool {
			return (s.hasSpan("anyio.sleep()", "anyio.sleep", "asyncio.sleep()", "asyncio.sleep")) &&
				s.has(words(`\b(?:fixed|hard-?coded|arbitrary|constant) (?:durations?|delays?|times?|timeouts?|intervals?)\b`)) &&
				(s.negated() || s.has(words(`\bavoid\b`)))
		},
		Claims:     []string{"anyio.sleep()", "anyio.sleep", "asyncio.sleep()", "asyncio.sleep"},
		Message:    "`{{mod}}.sleep()` with a fixed duration",
		Suggestion: "wait for the event itself (`anyio.Event`, `await event.wait()`), not for a fixed time",
		Inexact:    true,
		Variants: []Variant{{Lang: engine.LangPython,
			Query: `((call function: (attribute object: (identifier) @mod attribute: (identifier) @fn) arguments: (argument_list . [(integer) (float)] @d .)) @match (#any-of? @mod "anyio" "asyncio") (#eq? @fn "sleep") (#not-any-of? @d "0" "0.0"))`,
			Bad:   []string{"async def test_x():\n    await «anyio.sleep(0.1)»\n    await «asyncio.sleep(2)»\n"},
			Good:  []string{"async def test_x():\n    await anyio.sleep(0)\n    await event.wait()\n    await anyio.sleep(delay)\n    time.sleep(1)\n"}}},
	},
	{
		Name:  "java-final-local",
		Title: "`final` on local variables",
		Names: func(s *sentence) bool {
			return s.banned("final") && s.has(words(`\blocals?\b|\blocal variables?\b`))
		},
		Claims:     []string{"final"},
		Message:    "`final` on a local variable",
		Suggestion: "drop `final`",
		Variants: []Variant{{Lang: engine.LangJava, Query: `(local_variable_declaration (modifiers "final" @match))`,
			Bad:  []string{"class A { void f() { «final» int x = 1; } }\n"},
			Good: []string{"class A { private final int y = 2; void f(final int p) { int x = 1; } }\n"}}},
	},
	{
		Name:  "java-fqcn",
		Title: "fully-qualified class names inline",
		Names: func(s *sentence) bool {
			// "Always use import statements instead of fully qualified class names in
			// code" (google/adk-java GEMINI.md), "Never use FQNs"
			return s.negPhrase(words(`\bfully[- ]qualified (?:class |type )?names?\b|\bfqc?ns?\b`)) ||
				s.has(words(`\b(?:use|prefer|always use)\b[^.;]{0,30}\b(?:imports?|import statements?)\b[^.;]{0,20}\b(?:instead of|rather than|over|not) (?:using |writing )?(?:the )?fully[- ]qualified (?:class |type )?names?\b`)) && plain(s)
		},
		Message:    "fully-qualified class name",
		Suggestion: "import the class",
		// A name Java cannot import (another class of the file has its simple name) is
		// the exception every such rule makes ("unless absolutely necessary for
		// collision resolution", apache/gravitino .github/copilot-instructions.md:23).
		Variants: []Variant{{Lang: engine.LangJava, Query: `((scoped_type_identifier) @match (#match? @match "^[a-z][a-z0-9_]*\\.[a-z]") (#not-inside? @match scoped_type_identifier) (#not-colliding? @match))`,
			Bad: []string{"class A { «java.util.List»<String> xs = new «java.util.ArrayList»<>(); }\n"},
			Good: []string{"import java.util.List;\nclass A { List<String> xs; Map.Entry<K, V> e; }\n",
				"import org.acme.rel.Table;\nclass A { Table t; org.apache.iceberg.Table it; org.apache.flink.table.catalog.Table.Kind k; }\n"}}},
	},
	{
		Name:  "go-context-first",
		Title: "`context.Context` not the first parameter",
		Names: func(s *sentence) bool {
			return s.hasSpan("context.Context", "ctx") && s.has(words(`\bfirst (?:parameter|argument|param)\b`))
		},
		Claims:     []string{"context.Context", "ctx"},
		Message:    "`context.Context` is not the first parameter",
		Suggestion: "move it first: `func F(ctx context.Context, …)`",
		// Parameters only, not results; a test helper's `t *testing.T` (or b, f, tb) may
		// come before ctx, the order Go's test helpers use (revive's context-as-argument
		// allows it the same way), but nothing else may.
		Variants: []Variant{{Lang: engine.LangGo, Query: `((_ parameters: (parameter_list . (parameter_declaration type: (_) @first) (parameter_declaration type: (qualified_type) @t) @match)) (#not-match? @first "^\\*?testing\\.(?:T|B|F|TB)$") (#eq? @t "context.Context"))
((_ parameters: (parameter_list . (parameter_declaration type: (_) @first) . (parameter_declaration type: (_) @second) (parameter_declaration type: (qualified_type) @t) @match)) (#match? @first "^\\*?testing\\.(?:T|B|F|TB)$") (#not-eq? @second "context.Context") (#eq? @t "context.Context"))`, Needles: []string{"context.Context"},
			Bad: []string{"package p\n\nfunc Save(name string, «ctx context.Context») error { return nil }\n\nfunc run(t *testing.T, tool Tool, «ctx context.Context») {}\n\nfunc (s *S) Get(id int, «ctx context.Context») {}\n"},
			Good: []string{"package p\n\nfunc Save(ctx context.Context, name string) error { return nil }\n// func F(a int, ctx context.Context)\n" +
				"func helper(t *testing.T, ctx context.Context, id string) {}\nfunc open(t *testing.T, name string) (*Session, context.Context) { return nil, nil }\n" +
				"func bench(b *testing.B, ctx context.Context) {}\n"}}},
	},
	{
		Name:  "go-context-name",
		Title: "a `context.Context` parameter not named `ctx`",
		Names: func(s *sentence) bool {
			// "`context.Context` is always the first parameter, named `ctx`"
			return s.hasSpan("context.Context") && s.hasSpan("ctx") && s.has(words("\\b(?:named|called)\\s+`ctx`"))
		},
		Claims:     []string{"context.Context", "ctx"},
		Message:    "`context.Context` parameter not named `ctx`",
		Suggestion: "name it `ctx`",
		// An unused context may stay unnamed or be `_`: it has no name to get wrong.
		Variants: []Variant{{Lang: engine.LangGo, Query: `((parameter_declaration name: (identifier) @match type: (qualified_type) @t) (#eq? @t "context.Context") (#not-any-of? @match "ctx" "_"))`, Needles: []string{"context.Context"},
			Bad:  []string{"package p\n\nfunc Load(«c» context.Context, id string) error { return nil }\n\nfunc (s *S) Get(«context» context.Context) {}\n"},
			Good: []string{"package p\n\nfunc Load(ctx context.Context, id string) error { return nil }\nfunc Skip(_ context.Context) {}\nfunc Anon(context.Context) {}\n// func F(c context.Context)\nvar c context.Context\n"}}},
	},
	{
		Name:  "rust-local-use",
		Title: "`use` declarations inside functions",
		Names: func(s *sentence) bool {
			return s.has(words(`\bimports?\b`)) && s.has(words(`\btop of (?:the )?file\b`)) && s.has(words(`\b(?:functions?|locally)\b`))
		},
		Message:    "`use` inside a function",
		Suggestion: "move the import to the top of the file",
		Variants: []Variant{{Lang: engine.LangRust, Query: `((use_declaration) @match (#inside? @match function_item))`, Needles: []string{"use"},
			Bad:  []string{"fn f() {\n    «use std::io::Write;»\n}\n"},
			Good: []string{"use std::io::Write;\n\nfn f() {}\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n"}}},
	},
	{
		Name:  "rust-unsafe",
		Title: "`unsafe` code",
		Names: func(s *sentence) bool {
			return (s.banned("unsafe") || s.negPhrase(words(`\bunsafe (?:code|blocks?)\b`))) && !withoutSafetyComment(s)
		},
		Claims:     []string{"unsafe"},
		Message:    "`unsafe` code",
		Suggestion: "find a safe alternative",
		NotInTests: true,
		Variants: []Variant{{Lang: engine.LangRust, Query: `((unsafe_block) @match)
((function_item (function_modifiers "unsafe")) @match)
((impl_item "unsafe") @match)`, Needles: []string{"unsafe"},
			Bad:  []string{"fn f() {\n    «unsafe { libc::exit(0) }»\n}\n"},
			Good: []string{"fn f() { safe(); }\n// unsafe { x }\nconst S: &str = \"unsafe\";\n"}},
			{Lang: engine.LangCSharp, Query: `((unsafe_statement) @match)
((modifier) @match (#eq? @match "unsafe"))`, Needles: []string{"unsafe"},
				Bad:  []string{"class A {\n  «unsafe» void F(byte* p) {}\n  void G() {\n    «unsafe { Use(); }»\n  }\n}\n"},
				Good: []string{"class A {\n  void G() { Safe(); }\n  // unsafe { x }\n  string s = \"unsafe\";\n  bool unsafeMode;\n}\n"}}},
	},
	{
		// "Every unsafe block MUST have a `// SAFETY:` comment explaining invariants"
		// (a demand, not a ban: the ban of `unsafe` with the same exemption is
		// rust-unsafe's). Heed sees whether the comment is there, not what it says.
		Name:  "rust-unsafe-safety-comment",
		Title: "`unsafe` blocks without a `// SAFETY:` comment",
		Names: func(s *sentence) bool {
			if !safetyCommentRE.MatchString(s.c.Text) || !s.has(words(`\bunsafe\b`)) {
				return false
			}
			// "never write an `unsafe` block without a `// SAFETY:` comment" demands
			// the comment as surely as "every `unsafe` block needs one"
			return withoutSafetyComment(s) || (!s.banned("unsafe") && !s.negPhrase(words(`\bunsafe (?:code|blocks?)\b`)))
		},
		Message:    "`unsafe` block without a `// SAFETY:` comment",
		Suggestion: "say above the block, in a `// SAFETY:` comment, why its invariants hold",
		Exclude:    []string{"safety-commented"},
		Variants: []Variant{{Lang: engine.LangRust, Query: `((unsafe_block) @match)
((impl_item "unsafe") @match)`, Needles: []string{"unsafe"},
			Bad: []string{"fn f(p: *const u8) -> u8 {\n    «unsafe { *p }»\n}\n"},
			Good: []string{"fn f(p: *const u8) -> u8 {\n    // SAFETY: the caller passes a valid pointer.\n    unsafe { *p }\n}\n",
				"fn g(p: *const u8) -> u8 {\n    // Reads one byte.\n    // SAFETY: p is valid for reads.\n    let v = unsafe { *p };\n    v\n}\n// unsafe { x }\n"}}},
	},
	{
		Name:  "go-test-issue-name",
		Title: "tests named after an issue number",
		Names: func(s *sentence) bool {
			return s.has(words("`testissue[0-9]*`|`TestIssue[0-9]*`")) || (s.hasSpan("TestIssue1234") && s.negated())
		},
		Claims:     []string{"TestIssue1234"},
		Message:    "test named after an issue number",
		Suggestion: "name the test after the behaviour it checks; cite the issue in a doc comment",
		Variants: []Variant{{Lang: engine.LangGo, Query: `(function_declaration name: (identifier) @match (#match? @match "^TestIssue[0-9]+"))`,
			Bad:  []string{"package p\n\nfunc «TestIssue1234»(t *testing.T) {}\n"},
			Good: []string{"package p\n\n// See issue 1234.\nfunc TestDisablePathToLower(t *testing.T) {}\n"}}},
	},
	{
		Name:  "go-test-underscore",
		Title: "an underscore after `Test` in test names",
		Names: func(s *sentence) bool {
			return s.hasSpan("Test_Retry") || (s.has(words(`\bunderscore\b`)) && s.hasSpan("Test"))
		},
		Claims:     []string{"Test", "TestRetry", "Test_Retry"},
		Message:    "underscore after `Test` in a test name",
		Suggestion: "`TestRetry`, not `Test_Retry`",
		Variants: []Variant{{Lang: engine.LangGo, Query: `(function_declaration name: (identifier) @match (#match? @match "^Test_"))`,
			Bad:  []string{"package p\n\nfunc «Test_Retry»(t *testing.T) {}\n"},
			Good: []string{"package p\n\nfunc TestRetry(t *testing.T) {}\nfunc test_helper() {}\n"}}},
	},
	{
		Name:  "go-getter-prefix",
		Title: "a `Get` prefix on getters",
		Names: func(s *sentence) bool {
			return s.hasSpan("Get") && s.has(words(`\bprefix\b`)) && s.has(words(`\bgetters?\b`)) && s.negated()
		},
		Claims:     []string{"Get", "func (a *Activity) Store()", "GetStore()"},
		Message:    "getter named with a `Get` prefix",
		Suggestion: "drop the prefix: `Store()`, not `GetStore()`",
		Variants: []Variant{{Lang: engine.LangGo, Query: `(method_declaration name: (field_identifier) @match parameters: (parameter_list) @p (#match? @match "^Get[A-Z0-9]") (#eq? @p "()"))`,
			Bad:  []string{"package p\n\nfunc (a *Activity) «GetStore»() *Store { return a.s }\n"},
			Good: []string{"package p\n\nfunc (a *Activity) Store() *Store { return a.s }\nfunc (a *Activity) GetOrCreate(k string) int { return 0 }\n"}}},
	},
	{
		Name:  "java-get-prefix",
		Title: "a `get` prefix on method names",
		Names: func(s *sentence) bool {
			return s.hasSpan("get") && s.has(words(`\bprefix\b`)) && s.negated()
		},
		Claims:     []string{"get", "find", "fetch", "load", "parse", "create"},
		Message:    "method named with a `get` prefix",
		Suggestion: "use `find`, `fetch`, `load`, `parse`, `create`, or drop the prefix",
		Inexact:    true,
		Variants: []Variant{{Lang: engine.LangJava, Query: `(method_declaration name: (identifier) @match (#match? @match "^get[A-Z0-9]"))`,
			Bad:  []string{"class A { int «getSize»() { return 0; } }\n"},
			Good: []string{"class A { int size() { return 0; } int target() { return getter; } }\n"}}},
	},
	{
		Name:  "impl-suffix",
		Title: "an `Impl` suffix on type names",
		Names: func(s *sentence) bool {
			return s.hasSpan("Impl") && s.has(words(`\bsuffix\b`)) && s.negated()
		},
		Claims:     []string{"Impl"},
		Message:    "type named with an `Impl` suffix",
		Suggestion: "name it for what distinguishes it",
		Variants: []Variant{
			{Lang: engine.LangGo, Query: `(type_spec name: (type_identifier) @match (#match? @match "Impl$"))`,
				Bad:  []string{"package p\n\ntype «StoreImpl» struct{}\n"},
				Good: []string{"package p\n\ntype Store struct{}\ntype Implementer interface{}\n"}},
			{Lang: engine.LangJava, Query: `(class_declaration name: (identifier) @match (#match? @match "Impl$"))`,
				Bad:  []string{"class «StoreImpl» {}\n"},
				Good: []string{"class Store {}\nclass Implementation {}\n"}},
			{Lang: engine.LangKotlin, Query: `(class_declaration name: (identifier) @match (#match? @match "Impl$"))`,
				Bad:  []string{"class «StoreImpl» : Store\n"},
				Good: []string{"class Store\nclass Implementation\nval storeImpl = 1\n"}},
			{Lang: engine.LangCSharp, Query: `(class_declaration name: (identifier) @match (#match? @match "Impl$"))`,
				Bad:  []string{"public class «StoreImpl» : IStore {}\n"},
				Good: []string{"public class Store : IStore {}\npublic class Implementation {}\n"}},
		},
	},
	{
		Name:  "python-test-class",
		Title: "`Test`-prefixed test classes",
		Names: func(s *sentence) bool {
			return s.hasSpan("Test") && s.has(words(`\bclass(?:es)?\b`)) && s.has(words(`\bprefix`)) && s.negated()
		},
		Claims:     []string{"Test", "test_*"},
		Message:    "test class",
		Suggestion: "write plain top-level `test_*` functions",
		Variants: []Variant{{Lang: engine.LangPython, Query: `(class_definition name: (identifier) @match (#match? @match "^Test([A-Z_0-9]|$)"))`,
			Bad:  []string{"class «TestClient»:\n    def test_connects(self):\n        pass\n"},
			Good: []string{"def test_connects():\n    pass\nclass Testimony:\n    pass\n"}}},
	},
	{
		Name:  "test-prefix",
		Title: "a `test_` prefix on test functions",
		Names: func(s *sentence) bool {
			return s.hasSpan("test_", "test") && s.has(words(`\bprefix`)) && s.has(words(`\btests?\b`)) && s.negated()
		},
		Claims:     []string{"test_", "test"},
		Message:    "test name with a `test` prefix",
		Suggestion: "name the test for the behaviour it checks, without the prefix",
		Variants: []Variant{
			{Lang: engine.LangRust, Query: `((attribute_item (attribute (identifier) @a (#eq? @a "test"))) . (function_item name: (identifier) @match (#match? @match "^test_")))`,
				Bad:  []string{"#[test]\nfn «test_parses»() {}\n"},
				Good: []string{"#[test]\nfn parses() {}\nfn test_helper() {}\n"}},
			{Lang: engine.LangJava, Query: `(method_declaration (modifiers (marker_annotation name: (identifier) @a (#eq? @a "Test"))) name: (identifier) @match (#match? @match "^test"))`,
				Bad:  []string{"class A { @Test void «testParses»() {} }\n"},
				Good: []string{"class A { @Test void parses() {} void testHelper() {} }\n"}},
			{Lang: engine.LangKotlin, Query: `(function_declaration (modifiers (annotation (user_type (identifier) @a (#eq? @a "Test")))) name: (identifier) @match (#match? @match "^test"))`,
				Bad:  []string{"class A {\n    @Test\n    fun «testParses»() {}\n}\n"},
				Good: []string{"class A {\n    @Test\n    fun parses() {}\n    fun testHelper() {}\n}\n"}},
		},
	},
	{
		Name:  "dataclass-frozen",
		Title: "`@dataclass` without an explicit `frozen=`",
		Names: func(s *sentence) bool {
			return s.has(words(`@dataclass`)) && s.has(words(`\bfrozen\b`)) && s.has(words(`\bbare\b|\bwithout\b`))
		},
		Claims:     []string{"@dataclass", "frozen="},
		Message:    "`@dataclass` without an explicit `frozen=`",
		Suggestion: "choose: `@dataclass(frozen=True)` (or the project's frozen helper)",
		Variants: []Variant{{Lang: engine.LangPython,
			Query: `(decorator (identifier) @match (#eq? @match "dataclass"))
(decorator (attribute attribute: (identifier) @match) (#eq? @match "dataclass"))
(decorator (call function: (identifier) @match arguments: (argument_list) @args) (#eq? @match "dataclass") (#no-keyword-arg? @args "frozen"))
(decorator (call function: (attribute attribute: (identifier) @match) arguments: (argument_list) @args) (#eq? @match "dataclass") (#no-keyword-arg? @args "frozen"))`,
			Bad:  []string{"@«dataclass»\nclass A:\n    x: int\n\n@dataclasses.«dataclass»(slots=True)\nclass B:\n    y: int\n"},
			Good: []string{"@dataclass(frozen=True)\nclass A:\n    x: int\n\n@frozen\nclass B:\n    y: int\n"}}},
	},
	{
		Name:  "no-emoji",
		Title: "emoji in source files",
		Names: func(s *sentence) bool {
			return s.negPhrase(emojiWordRE) && s.has(words(`\b(?:code|source|comments?|files?|tests?)\b`)) && !emojiInCommentsOnly(s) && !emojiInDocsOnly(s)
		},
		Message:    "emoji",
		Suggestion: "write it in words",
		Variants: func() []Variant {
			var out []Variant
			for _, l := range codeLangs {
				out = append(out, Variant{Lang: l, Regex: emojiClass, Where: "any",
					Bad:  []string{"«✅»\n"},
					Good: []string{"ok\n— – ©\n➞ ★ ✓\n"}})
			}
			return out
		}(),
	},
	pyPrint, pyUnion, pyGenerics, pyUntypedDef, pyUntypedPublicDef, tsUntypedHook, pyMissingDocstring, pyUnittestClass, pyDocGoogle, pyDocSphinx, pyAliasNumpy, pyAliasMatplotlib, pyAliasPyplot, pyAliasPandas, pyFutureAnnotations, // catalogue_py.go
	pyRaiseFrom, pyGenericRaise, pyRootLogger, pyLoggerName, pySwallowed, // catalogue_pyerr.go
	rustUnwrap, rustExpect, rustPanic, goErrorfW, goAny, tsTypeAssertion, nestedTernary, kotlinNotNull, swiftForceUnwrap, swiftTryBang, swiftForceCast, discardResult, goErrorEquality, javaOptionalParam, javaOptionalField, javaFieldInjection, iPrefixInterface, phpNullableShort, tsClasses, tsCatchAny, angularOnPush, // catalogue_constructs.go
	csFileScopedNamespace, catchGeneric, cppNoExceptions, cppNoRTTI, swiftRedundantInternal, rubyHashRocket, swiftIfLetShorthand, // catalogue_native.go
	looseEquality, looseEqualityNullOK, jsxInlineStyle, imgAlt, tsExportedReturnType, pyMutableDefault, goPanic, exportedDoc, blockDoc, innerHTMLWrite, starExport, // catalogue_common.go
	sqlInterpolated, esmRequire, jsExtensionRequired, // catalogue_web.go
	jsDynamicImport, cppUnscopedEnum, emptyCatch, // catalogue_claim.go
	mocking, logSecrets, // catalogue_mocks.go, catalogue_secretlogs.go
	goInitFunc, goDotImport, goNakedReturn, rustLintReason, cppCStyleCast, csAsyncVoid, kotlinLateinit, phpStrictTypes, rustAsCast, swiftIUO, // catalogue_lexnative.go
	cTypedefStruct, csConfigureAwait, // catalogue_cfamily.go
	commentPeriod, commentPeriodDoc, commentPeriodOwnLine, commentNoPeriod, commentNoPeriodOne, commentTodoNoOwner, commentCapital, commentCapitalOwnLine, commentCapitalDoc, commentLower, commentLowerNoDoc, commentSpace, commentOutCode, commentDivider, commentMultiline, commentStacked, commentStackedDoc, commentBlock, commentLine, commentDocBlock, commentTrailing, commentTodoOwner, commentTodoIssue, commentEnglish, noEmojiComments, goDocName, pyCommentNotDocstring, // catalogue_comments.go
	tsEnum, tsNamespace, reactFC, jsxIndexKey, tsArrayGeneric, pyNoneEq, pyBoolEq, pyBareNoqa, pyBareTypeIgnore, pyStrFormat, jsForIn, jsNullishDefault, noElseReturn, pyLambdaAssign, pyTypeCompare, pyDictCall, jsConsoleWords, jsFocusedTest, pyRequestsTimeout, // catalogue_lexweb.go
	jsSingleQuotes, jsDoubleQuotes, pyDoubleQuotes, pySingleQuotes, jsNoSemicolons, jsSemicolons, jsTrailingCommas, // catalogue_format.go
	emptyConstructor, // catalogue_ctor.go
}

// alwaysWarn is Warn for an entry whose every rule warns.
func alwaysWarn(*sentence) bool { return true }

// asAnyQuery finds TypeScript's assertion to any (`x as any`), what a sentence that
// bans "`as any`" bans.
const asAnyQuery = `((as_expression (predefined_type) @match) (#eq? @match "any"))`
