package source

import (
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazyre"
)

// Construct conventions that recur across projects outside Python (session 29, issue
// 19): unwrap/expect and panic! outside tests in Rust, %v instead of %w in Go's
// fmt.Errorf, interface{} instead of any, TypeScript type assertions, nested
// ternaries, Kotlin's !! and Swift's force unwrap, try! and as!. Each Names reads the
// phrasings several independent instruction files use, and leaves alone sentences that
// only mention the construct.

// plain: the sentence states the convention without a situation heed cannot see ("only
// when the invariant is proven", "when there's something to add").
func plain(s *sentence) bool { return !s.conditional() }

// rustUnwrapNamed: the sentence names unwrap as code (`unwrap()`, `.unwrap()`) or as
// the bare word, not the "force unwrap" of Swift and Kotlin.
func rustUnwrapNamed(s *sentence) bool {
	if s.hasSpan("unwrap", "unwrap()", ".unwrap()", ".unwrap", "Option::unwrap", "Result::unwrap") {
		return true
	}
	return s.has(words(`\bunwrap\b`)) && !s.has(words(`\bforce[- ]?unwrap`))
}

// unwrapBanned: unwrap is banned, or ? is preferred over it.
func unwrapBanned(s *sentence) bool {
	return s.banned("unwrap", "unwrap()", ".unwrap()", ".unwrap") || s.negPhrase(words(`\bunwrap\b`))
}

var rustUnwrap = &Entry{
	Name:  "rust-unwrap",
	Title: "`.unwrap()` outside tests",
	Names: func(s *sentence) bool {
		return rustUnwrapNamed(s) && unwrapBanned(s) && plain(s)
	},
	Claims:     []string{"unwrap", "unwrap()", ".unwrap()", ".unwrap"},
	Message:    "`.unwrap()` panics on `None` or `Err`",
	Suggestion: "propagate the error with `?`, or handle it",
	NotInTests: true,
	Variants: []Variant{{Lang: engine.LangRust,
		Query:   `(call_expression function: (field_expression field: (field_identifier) @match) arguments: (arguments) (#eq? @match "unwrap"))`,
		Needles: []string{"unwrap"},
		Bad:     []string{"fn f(s: &str) -> u32 {\n    s.parse::<u32>().«unwrap»()\n}\n", "fn g(x: Option<u8>) -> u8 {\n    x\n        .«unwrap»()\n}\n"},
		Good: []string{
			"fn f(s: &str) -> u32 {\n    s.parse::<u32>().unwrap_or(0)\n}\n",
			"// x.unwrap()\nconst S: &str = \"x.unwrap()\";\nfn unwrap() {}\nfn g() { unwrap(); }\n",
			"fn f() {}\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn t() {\n        Some(1).unwrap();\n    }\n}\n",
		}}},
}

// expect is an English word: only `expect()` as code, or beside unwrap in a list
// ("unwrap/expect", "`unwrap()` and `expect()`"), names the method.
func rustExpectNamed(s *sentence) bool {
	return s.hasSpan("expect", "expect()", ".expect()", ".expect", `expect("...")`, ".expect(...)", "expect(...)") ||
		s.has(words(`\bunwrap(?:\(\))?\s*(?:/|,|or|and|&)\s*\.?expect\b|\bexpect(?:\(\))?\s*(?:/|,|or|and|&)\s*\.?unwrap\b`))
}

var rustExpect = &Entry{
	Name:  "rust-expect",
	Title: "`.expect()` outside tests",
	Names: func(s *sentence) bool {
		return rustExpectNamed(s) && plain(s) && (s.banned("expect", "expect()", ".expect()", ".expect") || s.negPhrase(words(`\bexpect\b`)))
	},
	Claims:     []string{"expect", "expect()", ".expect()", ".expect"},
	Message:    "`.expect()` panics on `None` or `Err`",
	Suggestion: "propagate the error with `?`, or handle it",
	NotInTests: true,
	Variants: []Variant{{Lang: engine.LangRust,
		Query:   `(call_expression function: (field_expression field: (field_identifier) @match) arguments: (arguments) (#eq? @match "expect"))`,
		Needles: []string{"expect"},
		Bad:     []string{"fn f(p: &str) -> Vec<u8> {\n    std::fs::read(p).«expect»(\"read\")\n}\n"},
		Good: []string{
			"fn f(p: &str) -> std::io::Result<Vec<u8>> {\n    std::fs::read(p)\n}\n",
			"// x.expect(\"y\")\nconst S: &str = \"x.expect()\";\nfn expect() {}\nfn g() { expect(); }\n",
		}}},
}

var rustPanic = &Entry{
	Name:  "rust-panic",
	Title: "`panic!` outside tests",
	Names: func(s *sentence) bool {
		named := s.hasSpan("panic!", "panic!()", "panic", "panic!(...)") || s.has(words(`\bpanic!|\bunwrap(?:\(\))?\s*(?:/|,|or|and)\s*panic\b|\bpanic\s*(?:/|,|or|and)\s*\.?unwrap\b`))
		return named && plain(s) && (s.banned("panic!", "panic!()", "panic") || s.negPhrase(words(`\bpanic\b`)))
	},
	Claims:     []string{"panic!", "panic!()", "panic"},
	Message:    "`panic!`",
	Suggestion: "return an error instead",
	NotInTests: true,
	Variants: []Variant{{Lang: engine.LangRust,
		Query:   `(macro_invocation macro: (identifier) @match (#eq? @match "panic"))`,
		Needles: []string{"panic"},
		Bad:     []string{"fn f(x: u32) {\n    if x == 0 {\n        «panic»!(\"zero\");\n    }\n}\n"},
		Good: []string{
			"fn f(x: u32) -> Result<(), String> {\n    if x == 0 {\n        return Err(\"zero\".into());\n    }\n    Ok(())\n}\n",
			"// panic!(\"x\")\nconst S: &str = \"panic!\";\nfn g() { std::panic::catch_unwind(|| 1).ok(); }\n",
		}}},
}

// goErrorfW: %w is named and the sentence directs it (an imperative, a modal, a
// prohibition of %v), not a description of what %w does.
func goErrorfWNamed(s *sentence) bool {
	w := s.has(words("`[^`]*%w[^`]*`|(?:^|\\s)%w\\b"))
	// "Never format an error with `%v` in `fmt.Errorf`" (its "; use `%w`" split off)
	if !w && s.hasSpan("%v", "%s", "%+v") && s.has(words(`\berrors?\b|errorf`)) && (s.banned("%v", "%s", "%+v") || s.negPhrase(words("`%\\+?[vs]`"))) {
		w = true
	}
	if !w || !s.has(words(`\berr(?:or)?s?\b|\bwrap`)) {
		return false
	}
	// "when wrapping errors" is what every fmt.Errorf of an error does; "when there's
	// something to add" is a judgement heed cannot make
	if s.conditional() && !s.has(words(`\bwhen (?:wrapping|you wrap|returning|propagating)\b`)) {
		return false
	}
	// the clause that names the verb directs it ("Wrap errors with `%w`"), not a
	// description of the design ("Meta-pipes wrap errors using `fmt.Errorf(...)`")
	for _, cl := range s.clauses() {
		if !strings.Contains(cl, "%w") && !strings.Contains(cl, "%v") && !strings.Contains(cl, "%s") {
			continue
		}
		if errorfDirectiveRE.MatchString(cl) {
			return true
		}
	}
	return false
}

var errorfDirectiveRE = words(`^(?:[-*] )?(?:always |please |\*\*[^*]+\*\* )?(?:wrap|use|include|return|prefer|propagate|add|format)\b|\b(?:must|should|always|never|don't|do not|avoid|not)\b`)

var goErrorfW = &Entry{
	Name:  "go-errorf-w",
	Title: "an error formatted with `%v` or `%s` in `fmt.Errorf`",
	Names: goErrorfWNamed,
	Claims: []string{"%w", "%v", "%s", `fmt.Errorf("...: %w", err)`, "fmt.Errorf", "fmt.Errorf()", `fmt.Errorf("doing thing: %w", err)`,
		`fmt.Errorf("context: %w", err)`, `fmt.Errorf("some context: %w", err)`},
	Message:    "error formatted with %v/%s in fmt.Errorf: the chain is lost to errors.Is and errors.As",
	Suggestion: "wrap it with %w",
	Variants: []Variant{{Lang: engine.LangGo,
		Query: `(call_expression
  function: (selector_expression operand: (identifier) @pkg field: (field_identifier) @fn)
  arguments: (argument_list . (interpreted_string_literal) @fmt (identifier) @arg)
  (#eq? @pkg "fmt") (#eq? @fn "Errorf")
  (#not-match? @fmt "%w")
  (#match? @fmt "%[-+# 0-9.]*[vs]")
  (#match? @arg "^(err|e|[a-z][A-Za-z0-9]*Err|[a-z][A-Za-z0-9]*Error)$")
  (#not-match? @arg "^(rec|panic)")) @match`,
		Needles: []string{"Errorf"},
		Bad: []string{
			"package p\n\nimport \"fmt\"\n\nfunc f(err error) error {\n\treturn «fmt.Errorf(\"load: %v\", err)»\n}\n",
			"package p\n\nimport \"fmt\"\n\nfunc f(p string, readErr error) error {\n\treturn «fmt.Errorf(\"read %s: %s\", p, readErr)»\n}\n",
		},
		Good: []string{
			"package p\n\nimport \"fmt\"\n\nfunc f(err error) error {\n\treturn fmt.Errorf(\"load: %w\", err)\n}\n",
			"package p\n\nimport \"fmt\"\n\nfunc f(id int, name string) error {\n\treturn fmt.Errorf(\"bad id %v for %s\", id, name)\n}\n",
			"package p\n\nimport \"fmt\"\n\nfunc f() (err error) {\n\tdefer func() {\n\t\tif recErr := recover(); recErr != nil {\n\t\t\terr = fmt.Errorf(\"recovered: %v\", recErr)\n\t\t}\n\t}()\n\treturn nil\n}\n",
			"package p\n\n// fmt.Errorf(\"x: %v\", err)\nconst s = \"fmt.Errorf(\\\"x: %v\\\", err)\"\n",
		}}},
}

var goAny = &Entry{
	Name:  "go-any",
	Title: "`interface{}` instead of `any`",
	Names: func(s *sentence) bool {
		named := s.hasSpan("interface{}", "interface {}", "map[string]interface{}", "[]interface{}") || s.has(words(`\bempty interface\b`))
		if !named || !plain(s) {
			return false
		}
		return s.banned("interface{}", "interface {}", "map[string]interface{}", "[]interface{}") ||
			s.negPhrase(words("`interface ?\\{\\}`|\\bempty interface\\b")) ||
			s.has(words("(?:use|prefer|write) `any`,? (?:instead of|over|rather than|not|in place of) `interface ?\\{\\}`"))
	},
	Claims:     []string{"interface{}", "interface {}", "any", "map[string]interface{}", "[]interface{}"},
	Message:    "`interface{}`",
	Suggestion: "write `any`",
	Variants: []Variant{{Lang: engine.LangGo,
		Query:   `((interface_type) @match (#match? @match "^interface[ \t]*\\{[ \t]*\\}$"))`,
		Needles: []string{"interface"},
		Bad: []string{
			"package p\n\nfunc f(v «interface{}») {}\n\nvar m = map[string]«interface{}»{}\n",
			"package p\n\nfunc g(vs ...«interface {}») {}\n",
		},
		Good: []string{
			"package p\n\nfunc f(v any) {}\n\ntype R interface {\n\tRead() string\n}\n",
			"package p\n\n// interface{}\nconst s = \"interface{}\"\n",
		}}},
}

// goErrorEqualityNamed: `errors.Is` asked for in place of comparing errors with `==`
// ("Use `errors.Is` to compare errors, not `==`", "never compare errors with `==`;
// use `errors.Is`").
func goErrorEqualityNamed(s *sentence) bool {
	if !plain(s) || !s.hasSpan("errors.Is", "errors.Is()", "errors.Is(err, target)") {
		return false
	}
	eq := s.hasSpan("==", "!=", "err == target", "err == ErrX") || s.has(words(`\bequality\b|==`))
	if !eq || !s.has(words(`\berrors?\b`)) {
		return false
	}
	return s.negated() || s.has(words("(?i)\\b(?:use|prefer)\\b[^.;]*`errors\\.is[^`]*`[^.;]*\\b(?:not|instead of|over|rather than)\\b"))
}

var goErrorEquality = &Entry{
	Name:   "go-error-equality",
	Title:  "an error compared with a sentinel by `==` or `!=` instead of `errors.Is`",
	Names:  goErrorEqualityNamed,
	Claims: []string{"errors.Is", "errors.Is()", "errors.Is(err, target)", "==", "!=", "err == target", "err == ErrX", "errors.As"},
	// a sentinel is named Err... (or io.EOF) by Go's convention; `err == nil` is no
	// comparison of errors
	Message:    "error compared with `==`/`!=`: a wrapped error never matches",
	Suggestion: "use `errors.Is(err, target)`",
	Variants: []Variant{{Lang: engine.LangGo, Needles: []string{"Err", "EOF"},
		Query: `((binary_expression operator: ["==" "!="] right: [(identifier) (selector_expression)] @r) @match (#match? @r "^([A-Za-z_][A-Za-z0-9_]*\\.)?(Err[A-Z0-9_][A-Za-z0-9_]*|EOF)$"))
((binary_expression left: [(identifier) (selector_expression)] @l operator: ["==" "!="]) @match (#match? @l "^([A-Za-z_][A-Za-z0-9_]*\\.)?(Err[A-Z0-9_][A-Za-z0-9_]*|EOF)$"))`,
		Bad: []string{"package p\n\nfunc done(err error) bool {\n\treturn «err == io.EOF»\n}\n",
			"package p\n\nfunc f(err error) bool {\n\treturn «ErrNotFound != err»\n}\n"},
		Good: []string{"package p\n\nfunc f(err error) bool {\n\treturn err != nil && errors.Is(err, io.EOF)\n}\n\nfunc g(e Errno) bool { return e == Errno(2) }\n\nfunc h(n int) bool { return n == ErrorCount }\n"}}},
}

// javaOptionalRoleNamed: Java's `Optional` banned in one role, a parameter or a
// field ("Do not use `Optional` as a method parameter or field type"): the return type
// it was made for stays allowed. role is "param" or "field".
func javaOptionalRoleNamed(role string) func(s *sentence) bool {
	return func(s *sentence) bool {
		if !plain(s) || !s.hasSpan("Optional", "Optional<T>", "java.util.Optional") || !s.negated() {
			return false
		}
		if role == "param" {
			return s.has(words(`\b(?:method |constructor )?(?:parameters?|params?|arguments?)\b`))
		}
		return s.has(words(`\bfields?\b|\bfield types?\b|\bmembers?\b`))
	}
}

// javaOptionalEntry bans `Optional` in one role: node is the declaration whose type
// is the `Optional` (a formal parameter, a field).
func javaOptionalEntry(role, node, what, suggestion, bad, good string) *Entry {
	return &Entry{
		Name:       "java-optional-" + role,
		Title:      "`Optional` as a " + what + "'s type",
		Names:      javaOptionalRoleNamed(role),
		Claims:     []string{"Optional", "Optional<T>", "java.util.Optional"},
		Message:    "`Optional` " + what,
		Suggestion: suggestion,
		Variants: []Variant{{Lang: engine.LangJava, Needles: []string{"Optional"},
			Query: `((` + node + ` type: (generic_type (type_identifier) @t)) @match (#eq? @t "Optional"))`,
			Bad:   []string{bad}, Good: []string{good}}},
	}
}

var (
	javaOptionalParam = javaOptionalEntry("param", "formal_parameter", "parameter",
		"take the value or null (or overload the method); `Optional` is for return types",
		"class S {\n  void f(«Optional<String> name») {}\n}\n",
		"class S {\n  Optional<String> find() {\n    return Optional.empty();\n  }\n  void g(String name) {}\n}\n")
	javaOptionalField = javaOptionalEntry("field", "field_declaration", "field",
		"keep the value or null in the field; return `Optional` from its getter",
		"class S {\n  «private Optional<String> name;»\n}\n",
		"class S {\n  private String name;\n  Optional<String> name() {\n    return Optional.ofNullable(name);\n  }\n}\n")
)

// tsAssertionNamed: a type assertion or cast, in words or as the `as` keyword, banned;
// not `as any` alone (ts-any's) nor a non-null assertion.
func tsAssertionNamed(s *sentence) bool {
	// Swift's force cast is swift-force-cast's
	// Go's x.(T) ("never discard a type-assertion result with `_`") is not TypeScript's
	if !plain(s) || s.has(words("\\bforce[- ]?cast|`as[!?]`|\\bdiscard|\\bcomma-ok\\b|\\.\\(t\\)")) || s.hasSpan("_") {
		return false
	}
	if s.negPhrase(words(`\btype[- ](?:assertions?|casts?|casting)\b|\bcasting\b|\bcasts?\b|\bcast types\b|` + "`as`" + ` (?:casts?|assertions?|keyword)`)) {
		return true
	}
	if s.hasSpan("as", "as T", "x as T", "as Type", "as SomeType") && (s.banned("as", "as T", "x as T", "as Type", "as SomeType") || s.negPhrase(words("`as(?: t| type| sometype)?`"))) {
		return true
	}
	// "Narrow with type guards; avoid assertions and `!`"
	return s.has(words(`\btype guards?\b|\bnarrow`)) && s.negPhrase(words(`(?:^|[^-])\bassertions?\b`))
}

var tsTypeAssertion = &Entry{
	Name:       "ts-type-assertion",
	Title:      "type assertions (`x as T`, `<T>x`)",
	Names:      tsAssertionNamed,
	Claims:     []string{"as", "as T", "x as T", "as Type", "as SomeType", "<T>x"},
	Message:    "type assertion",
	Suggestion: "narrow the value with a type guard, or fix its type",
	Variants: append(
		jsVariants([]string{engine.LangTypeScript}, `((as_expression (_) (_)) @match (#not-inside? @match as_expression))
((type_assertion) @match)`, nil,
			[]string{"interface U { id: string }\nconst u = «data as U»;\nconst v = «<U>data»;\nconst w = «x as unknown as U»;\n"},
			[]string{
				"const K = [\"a\", \"b\"] as const;\nimport { a as b } from \"./m\";\nexport { b as c };\nconst u: U = parse(d);\n",
				"// data as U\nconst s = \"data as U\";\nconst t = `${a} as ${b}`;\n",
			}),
		jsVariants([]string{engine.LangTSX}, `((as_expression (_) (_)) @match (#not-inside? @match as_expression))`, nil,
			[]string{"const F = (p: unknown) => <input value={(«p as { v: string }»).v} />;\n"},
			[]string{"const K = [1] as const;\nconst F = (p: { v: string }) => <input value={p.v} />;\n"})...,
	),
}

// nestedTernaryNamed: nested, chained or multi-level ternaries (conditional
// expressions) banned, or only single-level ones allowed.
func nestedTernaryNamed(s *sentence) bool {
	if !plain(s) {
		return false
	}
	const tern = `(?:ternar(?:y|ies)|conditional (?:expressions?|operators?)|` + "`\\? ?:`" + `)`
	return s.negPhrase(words(`\b(?:nested|chained|multi-?level|multiple levels of) `+tern)) ||
		s.negPhrase(words(`\bnest(?:ing)? (?:the )?`+tern)) ||
		s.negPhrase(words(tern+` (?:inside|within|in) (?:another |other )?`+tern)) ||
		s.has(words(`\bonly (?:single|one)[- ]level `+tern+`|\bsingle[- ]level `+tern+` only\b`)) ||
		s.has(words(`\bprefer\b[^.;]*\b(?:over|to|instead of|rather than) (?:nested|chained) `+tern))
}

var nestedTernary = &Entry{
	Name:       "nested-ternary",
	Title:      "nested ternary expressions",
	Names:      nestedTernaryNamed,
	Message:    "nested ternary expression",
	Suggestion: "use if/else, a switch or a lookup table",
	Variants: append(jsVariants(jsLangs, `((ternary_expression consequence: [(ternary_expression) (parenthesized_expression (ternary_expression))]) @match (#not-inside? @match ternary_expression))
((ternary_expression alternative: [(ternary_expression) (parenthesized_expression (ternary_expression))]) @match (#not-inside? @match ternary_expression))`, []string{"?"},
		[]string{
			"const l = «v === 1 ? \"one\" : v === 2 ? \"two\" : \"many\"»;\n",
			"const m = «a ? (b ? 1 : 2) : 3»;\nconst n = «a ? 1 : b ? 2 : c ? 3 : 4»;\n",
		},
		[]string{
			"const l = active ? \"on\" : \"off\";\nconst f = a ? xs.map((x) => (x > 0 ? x : 0)) : [];\n",
			"// a ? b ? c : d : e\nconst s = \"a ? b ? c : d : e\";\nconst o = a?.b ?? c;\n",
		}),
		Variant{Lang: engine.LangJava, Needles: []string{"?"},
			Query: `((ternary_expression consequence: [(ternary_expression) (parenthesized_expression (ternary_expression))]) @match (#not-inside? @match ternary_expression))
((ternary_expression alternative: [(ternary_expression) (parenthesized_expression (ternary_expression))]) @match (#not-inside? @match ternary_expression))`,
			Bad:  []string{"class B {\n  int f(boolean a, boolean b) {\n    return «a ? 1 : b ? 2 : 3»;\n  }\n}\n"},
			Good: []string{"class B {\n  int f(boolean a) {\n    return a ? 1 : 3;\n  }\n  // a ? 1 : b ? 2 : 3\n  String s = \"a ? 1 : b ? 2 : 3\";\n}\n"}},
		Variant{Lang: engine.LangCSharp, Needles: []string{"?"},
			Query: `((conditional_expression consequence: [(conditional_expression) (parenthesized_expression (conditional_expression))]) @match (#not-inside? @match conditional_expression))
((conditional_expression alternative: [(conditional_expression) (parenthesized_expression (conditional_expression))]) @match (#not-inside? @match conditional_expression))`,
			Bad:  []string{"class L {\n  string F(int v) => «v == 1 ? \"one\" : v == 2 ? \"two\" : \"many\"»;\n}\n"},
			Good: []string{"class L {\n  string F(int v) => v == 1 ? \"one\" : \"many\";\n  string G(string s) => s ?? \"x\";\n  // a ? b : c ? d : e\n}\n"}},
		Variant{Lang: engine.LangPHP, Needles: []string{"?"},
			Query: `((conditional_expression body: [(conditional_expression) (parenthesized_expression (conditional_expression))]) @match (#not-inside? @match conditional_expression))
((conditional_expression alternative: [(conditional_expression) (parenthesized_expression (conditional_expression))]) @match (#not-inside? @match conditional_expression))`,
			Bad:  []string{"<?php\nfunction label($v) {\n    return «$v === 1 ? 'one' : ($v === 2 ? 'two' : 'many')»;\n}\n"},
			Good: []string{"<?php\nfunction label($v) {\n    return $v === 1 ? 'one' : 'many';\n}\n// $a ? 1 : ($b ? 2 : 3)\n$s = '$a ? 1 : ($b ? 2 : 3)';\n$t = $x ?: $y;\n"}},
	),
}

// kotlinBangBang: Kotlin's not-null assertion `!!` (glossed "force unwrap" in some
// files), banned.
var kotlinNotNull = &Entry{
	Name:  "kotlin-not-null-assertion",
	Title: "Kotlin's not-null assertion `!!`",
	Names: func(s *sentence) bool {
		if !plain(s) {
			return false
		}
		return s.hasSpan("!!") && (s.banned("!!") || s.negPhrase(words("`!!`"))) ||
			s.negPhrase(words(`\bnot-?null assertions?(?: operator)?\b|\bdouble[- ]bang\b`)) && s.has(words("`!!`|\\bkotlin\\b|double[- ]bang"))
	},
	Claims:     []string{"!!"},
	Message:    "not-null assertion `!!`",
	Suggestion: "use `?.`, `?:` or `requireNotNull` with a message",
	Variants: []Variant{{Lang: engine.LangKotlin, Needles: []string{"!!"},
		Query: `((unary_expression) @match (#match? @match "!!$"))`,
		Bad:   []string{"fun f(s: String?): Int = «s!!».length\nfun g(u: User?) = «u!!»\n"},
		Good:  []string{"fun f(s: String?): Int = s?.length ?: 0\nfun n(a: Int, b: Int) = a != b && !(a == 0)\n// s!!.length\nval t = \"s!!\"\n"}}},
}

// Swift has no grammar: its force unwraps are found by text in code (not comments or
// strings). A postfix `!` after a call, a subscript or a member (`URL(string: s)!`,
// `xs.first!`, `d["k"]!`) is a force unwrap; `: String!` (an implicitly unwrapped
// type) and `!=` are not.
var swiftForceUnwrap = &Entry{
	Name:  "swift-force-unwrap",
	Title: "Swift force unwraps (`x!`)",
	Names: func(s *sentence) bool {
		if !plain(s) || s.has(words(`\bnot-?null\b|`+"`!!`")) {
			return false
		}
		return s.negPhrase(words(`\bforce[- ]?unwrap(?:s|ping|ped)?\b|\bforced unwrap`)) ||
			s.hasSpan("!") && s.negPhrase(words("`!`")) && s.has(words(`\bunwrap|\boptionals?\b`))
	},
	Inexact:    true,
	Warn:       alwaysWarn,
	Message:    "force unwrap",
	Suggestion: "unwrap it with `if let`, `guard let` or `??`",
	Variants: []Variant{{Lang: engine.LangSwift, Regex: `(?m)(?:\)|\]|\.[A-Za-z_][A-Za-z0-9_]*)!(?:[^=\n]|$)`, Where: "code",
		Bad:  []string{"let u = URL(string: s«)!»\nlet x = xs«.first!»\nlet n = d[\"k\"«]!.»count\n"},
		Good: []string{"var name: String!\nif a != b && !flag { }\n// URL(string: s)!\nlet s = \"x.first!\"\n"}}},
}

var swiftTryBang = &Entry{
	Name:  "swift-try-bang",
	Title: "Swift's `try!`",
	Names: func(s *sentence) bool {
		return plain(s) && s.hasSpan("try!") && (s.banned("try!") || s.negPhrase(words("`try!`")))
	},
	Claims:     []string{"try!"},
	Message:    "`try!` crashes when the call throws",
	Suggestion: "use `try` and handle the error, or `try?`",
	Variants: []Variant{{Lang: engine.LangSwift, Regex: `\btry!`, Where: "code",
		Bad:  []string{"let d = «try!» Data(contentsOf: u)\n"},
		Good: []string{"let d = try Data(contentsOf: u)\nlet e = try? Data(contentsOf: u)\n// try! x\nlet s = \"try! x\"\n"}}},
}

var swiftForceCast = &Entry{
	Name:  "swift-force-cast",
	Title: "Swift's force cast `as!`",
	Names: func(s *sentence) bool {
		return plain(s) && (s.hasSpan("as!") && (s.banned("as!") || s.negPhrase(words("`as!`"))) || s.negPhrase(words(`\bforce[- ]?cast(?:s|ing)?\b`)))
	},
	Claims:     []string{"as!"},
	Message:    "force cast `as!`",
	Suggestion: "cast with `as?` and handle the failure",
	Variants: []Variant{{Lang: engine.LangSwift, Regex: `\bas!`, Where: "code",
		Bad:  []string{"let l = v «as!» UILabel\n"},
		Good: []string{"let l = v as? UILabel\n// v as! UILabel\nlet s = \"as!\"\n"}}},
}

// discardNamed: the blank identifier (`_ =`, `let _ =`, "the blank identifier", "_
// variables") banned as a way to drop an error or a Result.
func discardNamed(s *sentence) bool {
	if !plain(s) {
		return false
	}
	if s.has(words(`\btype[- ]assertions?\b|\.\(t\)`)) {
		return false // "never discard a type-assertion result with `_`": the ok of x.(T)
	}
	blank := s.hasSpan("_", "_ =", "_ = f()", "let _ =", "let _", "_ = ...", "let _ = ...") || s.has(words(`\bblank identifier\b|\b_ (?:variables?|assignments?)\b|\busing _\b`))
	if !blank {
		return false
	}
	// "Do not use `_` without a documented reason" (after "Handle all errors
	// explicitly."): a discard that needs a reason; not a naming rule
	justified := s.has(words(`\bwithout (?:a |an )?(?:documented |good |clear |explicit )?(?:reason|justification|comment)`)) && !s.has(words(`\bnam(?:e|es|ing)\b|\bcase\b`))
	if !s.has(words(`(?i)\berr(?:or)?s?\b|\bresults?\b`)) && !headerErrors(s) && !justified {
		return false
	}
	return s.banned("_", "_ =", "let _ =", "let _") || s.negPhrase(words("`(?:let )?_(?: =)?`|\\bblank identifier\\b|\\b_ (?:variables?|assignments?)\\b|\\busing _\\b"))
}

// headerErrors: a heading or bold lead-in about error handling ("**Error Handling:**").
func headerErrors(s *sentence) bool {
	return errHeaderRE.MatchString(s.header) || errHeaderRE.MatchString(s.c.Context)
}

var errHeaderRE = words(`(?i)\berror[- ]handling\b|\berrors\b`)

var discardResult = &Entry{
	Name:       "discard-result",
	Title:      "a call's result (an error, a `Result`) discarded with `_`",
	Names:      discardNamed,
	Claims:     []string{"_", "_ =", "let _ =", "let _"},
	Message:    "result discarded with `_`",
	Suggestion: "handle the error, or return it",
	Inexact:    true,
	Warn:       alwaysWarn,
	// "_ = ln.Close() //nolint:errcheck // already shut down": a discard the code explains
	CommentExempts: true,
	Variants: []Variant{
		{Lang: engine.LangGo, Needles: []string{"_"},
			// "v, _ := strconv.Atoi(s)": the last result, a call's error by Go's
			// convention, discarded
			Query: `((assignment_statement left: (expression_list . (identifier) @b .) right: (expression_list . (call_expression) .)) @match (#eq? @b "_"))
((assignment_statement left: (expression_list (_) . (identifier) @b .) right: (expression_list . (call_expression) .)) @match (#eq? @b "_"))
((short_var_declaration left: (expression_list (_) . (identifier) @b .) right: (expression_list . (call_expression) .)) @match (#eq? @b "_"))`,
			Bad: []string{"package p\n\nfunc f(p string) {\n\t«_ = os.Remove(p)»\n}\n",
				"package p\n\nfunc n(s string) int {\n\t«v, _ := strconv.Atoi(s)»\n\treturn v\n}\n"},
			Good: []string{
				"package p\n\nfunc f(p string) error {\n\tif err := os.Remove(p); err != nil {\n\t\treturn err\n\t}\n\tfor _, x := range xs {\n\t\t_ = x\n\t}\n\tv, _ := m[k]\n\t_ = v\n\treturn nil\n}\n\nvar _ io.Reader = (*R)(nil)\n",
				"package p\n\n// _ = os.Remove(p)\nconst s = \"_ = f()\"\n",
			}},
		{Lang: engine.LangRust, Needles: []string{"_"},
			Query: `((let_declaration value: [(call_expression) (await_expression)]) @match (#match? @match "^let[ \t]+_[ \t]*(:[^=]*)?=") (#not-match? @match "\\.(unwrap|expect|unwrap_or_default|ok|err)\\([^()]*\\)[ \t]*;?$"))`,
			Bad:   []string{"fn f(p: &Path) {\n    «let _ = std::fs::remove_file(p);»\n}\n"},
			Good: []string{
				"fn f(p: &Path) -> std::io::Result<()> {\n    std::fs::remove_file(p)?;\n    let _guard = lock();\n    let _x = g();\n    let _ = std::fs::read(p)?;\n    let _ = t.count().await.unwrap();\n    Ok(())\n}\n",
				"// let _ = f();\nconst S: &str = \"let _ = f();\";\n",
			}},
	},
}

// fieldInjectionNamed: field injection banned, constructor injection preferred to it,
// or an injection annotation banned on fields.
func fieldInjectionNamed(s *sentence) bool {
	if !plain(s) {
		return false
	}
	return s.negPhrase(words(`\bfield injection\b`)) ||
		// "Field injection (`@Autowired` on fields) is not allowed"
		s.has(words(`(?i)\bfield injection\b[^.;]*\b(?:is|are) (?:not allowed|not permitted|forbidden|prohibited|banned|disallowed)\b`)) ||
		s.has(words(`\bprefer\b[^.;]*\bconstructor injection\b[^.;]*\b(?:over|to|instead of|rather than) (?:field|setter(?: or field)?)(?: or field)? injection\b`)) ||
		s.hasSpan("@Autowired", "@Inject") && s.negPhrase(words("(?i)`@(?:autowired|inject)`")) && s.has(words(`\bfields?\b`))
}

var javaFieldInjection = &Entry{
	Name:       "java-field-injection",
	Title:      "field injection (`@Autowired`, `@Inject`, `@Value` on a field)",
	Names:      fieldInjectionNamed,
	Claims:     []string{"@Autowired", "@Inject", "@Value", "@Resource"},
	Message:    "field injection",
	Suggestion: "inject it through the constructor, into a final field",
	// Spring test classes take their beans by field injection (JUnit creates them)
	NotInTests: true,
	Variants: []Variant{{Lang: engine.LangJava, Needles: []string{"@"},
		Query: `((field_declaration (modifiers [(marker_annotation name: (identifier) @a) (annotation name: (identifier) @a)] @match)) (#any-of? @a "Autowired" "Inject" "Value" "Resource"))`,
		Bad:   []string{"class S {\n  «@Autowired» private UserService users;\n  «@Value(\"${x}\")»\n  String x;\n}\n"},
		Good: []string{
			"class S {\n  private final UserService users;\n\n  @Autowired\n  S(UserService users, @Value(\"${x}\") String x) {\n    this.users = users;\n  }\n}\n",
			"class S {\n  // @Autowired private UserService users;\n  String s = \"@Autowired\";\n  @Deprecated private int n;\n}\n",
		}}},
}

// iPrefixNamed: an I prefix on interface names banned (not asked for).
func iPrefixNamed(s *sentence) bool {
	if !plain(s) || !s.has(words(`\binterfaces?\b`)) {
		return false
	}
	// the letter in a code span, or a bare capital I ("are not prefixed with I")
	prefix := words("(?i)\\b(?:an? )?`i`[- ]?prefix(?:es|ed)?\\b|\\bprefix(?:es|ed)?\\b[^.;]*\\b(?:with|like|by) (?:an? )?(?:`i`|(?-i:I)\\b)|\\b(?:an? )?(?-i:I)[- ]prefix(?:es|ed)?\\b|\\bhungarian notation\\b")
	if s.has(words("(?i)\\binterfaces? (?:names? )?(?:are|is|should|must) (?:not|never) (?:be )?(?:prefixed|started|starting) with (?:an? )?(?:`i`|(?-i:I)\\b)")) {
		// "Interfaces are not prefixed with I (`ButtonProps`, not `IButtonProps`)"
		return true
	}
	return s.negPhrase(prefix) || s.has(words(`(?i)\bnot with an? (?:prefix|`+"`i`"+`)`)) && s.has(prefix)
}

var iPrefixInterface = &Entry{
	Name:       "i-prefix-interface",
	Title:      "interface names prefixed with `I`",
	Names:      iPrefixNamed,
	Claims:     []string{"I", "IReader", "IUser"},
	Message:    "interface name with an `I` prefix",
	Suggestion: "name the interface for what it does ({{match}} without the I)",
	Variants: append(jsVariants(tsLangs, `((interface_declaration name: (type_identifier) @match) (#match? @match "^I[A-Z][a-z]"))`, []string{"interface"},
		[]string{"export interface «IUser» {\n  id: string;\n}\n"},
		[]string{"export interface User { id: string }\nexport interface Item { id: string }\nexport interface IO { n: number }\n// interface IUser {}\n"}),
		Variant{Lang: engine.LangGo, Needles: []string{"interface"},
			Query: `((type_spec name: (type_identifier) @match type: (interface_type)) (#match? @match "^I[A-Z][a-z]"))`,
			Bad:   []string{"package p\n\ntype «IReader» interface {\n\tRead() string\n}\n"},
			Good:  []string{"package p\n\ntype Reader interface {\n\tRead() string\n}\n\ntype Image interface{ Bounds() int }\n\ntype IThing struct{}\n"}}),
}

// phpNullableSpanRE: PHP's short nullable type as a sentence writes it (`?Foo`,
// `?string`, `?Type`).
var phpNullableSpanRE = lazyre.New(`^\?[A-Za-z_\\][\w\\]*$`)

// phpNullableShort: PHP's short nullable syntax `?T`, banned for the union `null|T`
// ("Write nullable types as `null|Foo`, never `?Foo`").
var phpNullableShort = &Entry{
	Name:  "php-nullable-short",
	Title: "PHP's short nullable type `?T`",
	Names: func(s *sentence) bool {
		if !strings.Contains(s.norm, "`?") {
			return false
		}
		for _, b := range s.bans() {
			if phpNullableSpanRE.MatchString(b.span) {
				return true
			}
		}
		return false
	},
	Claims:     []string{"?Foo", "?Type", "?string", "?T"},
	Message:    "short nullable type `?T`",
	Suggestion: "write it as the union `null|T`",
	Variants: []Variant{{Lang: engine.LangPHP, Needles: []string{"?"},
		Query: `((optional_type) @match)`,
		Bad:   []string{"<?php\nfunction f(«?string» $a): «?int» {\n    return null;\n}\n"},
		Good:  []string{"<?php\nfunction f(null|string $a): int|null {\n    return $a ? 1 : null;\n}\n// ?string\n$s = '?string';\n"}}},
}

var (
	// classesWordRE: classes named as a construct of the language ("avoid classes",
	// "no classes", "functions, not classes").
	classesWordRE = words(`\bclasses\b`)
	// classesOtherRE: classes of another kind (of CSS, of tests, of errors), or a
	// framework's (React's class components).
	classesOtherRE = words(`\b(?:class components?|css classes|utility classes|tailwind classes|style classes|html classes|class ?names?|error classes|exception classes|test classes|base classes|abstract classes|data ?classes|model classes|classes? for (?:styling|errors?|exceptions?))\b`)
	// classesOverRE: functions set before or over classes ("prefer functions over
	// classes", "write plain functions, not classes").
	classesOverRE = words(`\b(?:prefer|use|write|favou?r)\b[^.;]{0,40}\b(?:functions?|functional (?:patterns?|style|code)|plain objects|modules)\b[^.;]{0,20}\b(?:over|instead of|rather than|not)\s+classes\b`)
)

// tsClasses: classes of TypeScript and JavaScript, put out of use for functions
// ("Avoid classes in TypeScript; write plain functions and objects"). A class that
// extends an error type is how the languages make one, and stays.
var tsClasses = &Entry{
	Name:  "ts-classes",
	Title: "classes in TypeScript and JavaScript",
	Names: func(s *sentence) bool {
		at := strings.Index(s.norm, "classes")
		if at < 0 || !containsAnyWord(s.norm[max(0, at-40):at], "avoid", "no", "not", "never", "don't", "over", "instead", "rather", "than") || s.has(classesOtherRE) {
			return false
		}
		return s.negPhrase(classesWordRE) || s.has(classesOverRE)
	},
	Claims:     []string{"class", "classes"},
	Message:    "class declaration",
	Suggestion: "write functions and plain objects",
	Variants: append(jsVariants(tsLangs, `([(class_declaration) (abstract_class_declaration)] @match (#not-match? @match "^(?:export\\s+)?(?:default\\s+)?(?:abstract\\s+)?class\\s+\\w+(?:<[^>]*>)?\\s+extends\\s+[\\w.]*(?:Error|Exception)\\b"))`, []string{"class"},
		[]string{"export «class Store {\n  get() { return 1; }\n}»\n", "«abstract class Base {}»\n"},
		[]string{"export function get() {\n  return 1;\n}\nexport class NotFound extends Error {}\n// class A {}\nconst s = \"class A {}\";\n"}),
		jsVariants([]string{engine.LangJavaScript}, `((class_declaration) @match (#not-match? @match "^(?:export\\s+)?(?:default\\s+)?class\\s+\\w+\\s+extends\\s+[\\w.]*(?:Error|Exception)\\b"))`, []string{"class"},
			[]string{"export «class Store {\n  get() { return 1; }\n}»\n"},
			[]string{"export function get() {\n  return 1;\n}\nexport class NotFound extends Error {}\n"})...),
}

var (
	// catchUnknownRE: the catch variable typed `unknown` ("`catch (error: unknown)`",
	// "type every catch variable as `unknown`").
	catchUnknownRE = words("`catch\\s*\\(\\s*\\w+\\s*:\\s*unknown\\s*\\)`|\\bcatch\\b[^.;]{0,40}(?:`unknown`|\\bunknown\\b)|`unknown`[^.;]{0,40}\\bcatch\\b")
	// onPushRE: Angular's OnPush change detection asked of components.
	onPushRE = words("(?i)\\bonpush\\b|changedetectionstrategy\\.onpush")
	// onPushAskedRE: the words that ask it of every component.
	onPushAskedRE = words(`\b(?:every|all|each|always|must|mandatory|required|use|set|sets)\b`)
)

// tsCatchAny: a catch variable typed `any` where the rule types it `unknown`.
var tsCatchAny = &Entry{
	Name:  "ts-catch-any",
	Title: "a catch variable typed `any` where the rule asks for `unknown`",
	Names: func(s *sentence) bool {
		return strings.Contains(s.norm, "catch") && s.has(catchUnknownRE) && !s.negated()
	},
	Claims:     []string{"catch (error: unknown)", "catch (err: unknown)", "catch (e: unknown)", "unknown"},
	Message:    "catch variable typed `any`",
	Suggestion: "type it `unknown` and narrow it (`instanceof Error`) before use",
	Variants: jsVariants(tsLangs, `((catch_clause type: (type_annotation (predefined_type) @t)) @match (#eq? @t "any"))`, []string{"catch"},
		[]string{"export function f() {\n  try { g(); } «catch (err: any) { h(err); }»\n}\n"},
		[]string{"export function f() {\n  try { g(); } catch (err: unknown) { h(err); }\n  try { g(); } catch { h(); }\n}\n// catch (e: any)\n"}),
}

// angularOnPush: an Angular component without OnPush change detection, where the
// rule asks it of every component.
var angularOnPush = &Entry{
	Name:  "angular-onpush",
	Title: "Angular components without `ChangeDetectionStrategy.OnPush`",
	Names: func(s *sentence) bool {
		return strings.Contains(strings.ToLower(s.norm), "onpush") && s.has(onPushRE) && s.has(onPushAskedRE) && !s.negated()
	},
	Claims:     []string{"OnPush", "ChangeDetectionStrategy.OnPush", "changeDetection: ChangeDetectionStrategy.OnPush"},
	Message:    "component without OnPush change detection",
	Suggestion: "add `changeDetection: ChangeDetectionStrategy.OnPush` to its @Component",
	Variants: jsVariants(tsLangs, `((decorator (call_expression function: (identifier) @d arguments: (arguments (object) @o))) @match (#eq? @d "Component") (#not-match? @o "changeDetection\\s*:\\s*ChangeDetectionStrategy\\.OnPush"))`, []string{"Component"},
		[]string{"import { Component } from '@angular/core';\n\n«@Component({ selector: 'app-list', template: '' })»\nexport class ListComponent {}\n"},
		[]string{"import { ChangeDetectionStrategy, Component } from '@angular/core';\n\n@Component({ selector: 'app-list', template: '', changeDetection: ChangeDetectionStrategy.OnPush })\nexport class ListComponent {}\n@Injectable()\nexport class S {}\n"}),
}

// containsAnyWord reports whether lower-case text holds one of the words, as a word
// (a cheap look before an expression is compiled).
func containsAnyWord(text string, ws ...string) bool {
	for _, f := range strings.FieldsFunc(text, func(r rune) bool { return !isWordRune(r) }) {
		if slices.Contains(ws, f) {
			return true
		}
	}
	return false
}
