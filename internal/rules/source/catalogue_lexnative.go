package source

import "github.com/heed-dev/heed/internal/engine"

// Construct conventions of the native languages from the space linters organise (task
// lexnative, stop 44, issue 19; internal/compile/testdata/own-sentences-390.md and
// bench/compiler/construct-firstsight-5.md): Go's init functions, dot imports and
// naked returns, Rust lint suppressions without a reason, C++'s C-style casts, C#'s
// async void, Kotlin's lateinit and PHP's missing strict_types declaration. Each
// Names reads the construct's usual names, in a code span or in words, and leaves
// alone a sentence that only mentions it or allows it in a case a query cannot see.

// goInitNamed: Go's init functions banned ("Avoid `init()` functions", "No init
// functions").
func goInitNamed(s *sentence) bool {
	if !plain(s) {
		return false
	}
	if s.hasSpan("init()", "init", "func init()", "func init() {}", "func init") {
		return s.banned("init()", "init", "func init()", "func init() {}", "func init") || s.negPhrase(words("`(?:func )?init(?:\\(\\))?(?: \\{\\})?`"))
	}
	return s.negPhrase(words(`\binit(?:\(\))? functions?\b`))
}

var goInitFunc = &Entry{
	Name:       "go-init-func",
	Title:      "an `init()` function",
	Names:      goInitNamed,
	Claims:     []string{"init()", "init", "func init()", "func init() {}", "func init"},
	Message:    "`init()` function",
	Suggestion: "initialise the state explicitly, from `main` or a constructor",
	Variants: []Variant{{Lang: engine.LangGo, Needles: []string{"init"},
		Query: `((function_declaration name: (identifier) @match) (#eq? @match "init"))`,
		Bad:   []string{"package store\n\nvar cache map[string]int\n\nfunc «init»() {\n\tcache = map[string]int{}\n}\n"},
		Good: []string{
			"package store\n\nfunc New() map[string]int { return map[string]int{} }\n\nfunc (s *S) init() {}\n\nfunc initialise() {}\n",
			"package store\n\n// func init() {}\nconst s = \"func init() {}\"\n\nfunc f() { init := 1; _ = init }\n",
		}}},
}

// goDotImportNamed: Go's dot imports banned ("We don't use dot imports", "No `import .`").
func goDotImportNamed(s *sentence) bool {
	if !plain(s) {
		return false
	}
	return constructBanned(s, words(`\bdot[- ]imports?\b|`+"`import \\.[^`]*`")) || s.banned("import .", ". import")
}

var goDotImport = &Entry{
	Name:       "go-dot-import",
	Title:      "a dot import (`import . \"pkg\"`)",
	Names:      goDotImportNamed,
	Claims:     []string{"import .", ". import", `import . "pkg"`},
	Message:    "dot import",
	Suggestion: "import the package by its name and qualify its identifiers",
	Variants: []Variant{{Lang: engine.LangGo, Needles: []string{"."},
		Query: `((import_spec name: (dot)) @match)`,
		Bad:   []string{"package app\n\nimport (\n\t«. \"github.com/onsi/gomega\"»\n\t\"testing\"\n)\n", "package app\n\nimport «. \"strings\"»\n"},
		Good: []string{
			"package app\n\nimport (\n\t\"testing\"\n\n\tg \"github.com/onsi/gomega\"\n\t_ \"embed\"\n)\n",
			"package app\n\n// import . \"strings\"\nconst s = `import . \"strings\"`\n",
		}}},
}

// goNakedReturnNamed: naked (bare) returns banned in functions with named results.
func goNakedReturnNamed(s *sentence) bool {
	return s.negPhrase(words(`\b(?:naked|bare) returns?\b`)) && !s.has(words(`\b(?:short|small|tiny) functions?\b[^.;]*\b(?:fine|ok|okay|allowed|acceptable)\b`))
}

var goNakedReturn = &Entry{
	Name:       "go-naked-return",
	Title:      "a naked return in a function with named results",
	Names:      goNakedReturnNamed,
	Claims:     []string{"return"},
	Message:    "naked `return`",
	Suggestion: "return the values explicitly",
	Variants: []Variant{{Lang: engine.LangGo, Needles: []string{"return"},
		Query: `((return_statement) @match (#eq? @match "return") (#named-results? @match))`,
		Bad:   []string{"package calc\n\nfunc Div(a, b int) (q int, err error) {\n\tif b == 0 {\n\t\terr = errZero\n\t\t«return»\n\t}\n\tq = a / b\n\t«return»\n}\n"},
		Good: []string{
			"package calc\n\nfunc Div(a, b int) (q int, err error) {\n\tq = a / b\n\treturn q, nil\n}\n\nfunc Log(s string) {\n\tif s == \"\" {\n\t\treturn\n\t}\n}\n\nfunc N() (int, error) { return 0, nil }\n",
			"package calc\n\nfunc Run() (err error) {\n\tf := func() {\n\t\treturn\n\t}\n\tf()\n\treturn nil\n}\n\n// return\nconst s = \"return\"\n",
		}}},
}

// lintReasonNamed: a lint suppression must give its reason ("Never silence a warning
// without a `reason` field justifying it", "every `#[allow]` needs a `reason = \"...\"`").
func lintReasonNamed(s *sentence) bool {
	if !plain(s) || !s.has(words(`\breasons?\b`)) {
		return false
	}
	suppress := s.has(words(`\b(?:silenc|suppress|allow|expect|disabl)\w*\b[^.;]*\b(?:warnings?|lints?|clippy)\b|\b(?:lint|warning|clippy) (?:suppressions?|allows?)\b`)) ||
		s.has(words("`#!?\\[(?:allow|expect)[^`]*`"))
	if !suppress {
		return false
	}
	// "without a reason" after a ban, or a requirement of one
	return s.has(words(`\b(?:never|don't|do not|no)\b[^.;]*\bwithout (?:a |an |its )?`+"(?:`reason`|reason\\b)")) ||
		s.has(words(`\b(?:must|should|needs?|requires?|always)\b[^.;]*\b(?:a |an |its )?`+"(?:`reason(?: = [^`]*)?`|reason\\b)"))
}

var rustLintReason = &Entry{
	Name:       "rust-lint-reason",
	Title:      "a lint suppression (`#[allow]`, `#[expect]`) without a `reason`",
	Names:      lintReasonNamed,
	Claims:     []string{"reason", "reason = \"...\"", "#[allow]", "#[expect]", "#[allow(...)]", "#[expect(...)]"},
	Message:    "lint suppression without a `reason`",
	Suggestion: "say why: `#[expect(lint, reason = \"...\")]`",
	Variants: []Variant{{Lang: engine.LangRust, Needles: []string{"allow", "expect"},
		Query: `((attribute_item (attribute (identifier) @name arguments: (token_tree) @args (#any-of? @name "allow" "expect") (#not-match? @args "\\breason\\s*="))) @match)
((inner_attribute_item (attribute (identifier) @name arguments: (token_tree) @args (#any-of? @name "allow" "expect") (#not-match? @args "\\breason\\s*="))) @match)`,
		Bad: []string{"«#[allow(dead_code)]»\nfn f() {}\n«#[expect(clippy::too_many_arguments)]»\nfn g() {}\n", "«#![allow(unused)]»\n"},
		Good: []string{
			"#[expect(dead_code, reason = \"used by the FFI layer\")]\nfn f() {}\n#[allow(clippy::x, reason = \"false positive\")]\nfn g() {}\n#[derive(Debug)]\nstruct S;\n",
			"// #[allow(dead_code)]\nconst S: &str = \"#[allow(x)]\";\n#[cfg(test)]\nmod t {}\n",
		}}},
}

// cStyleCastNamed: C-style casts banned in C++ ("Don't use C-style casts; use
// `static_cast`", "No C-style casts").
func cStyleCastNamed(s *sentence) bool {
	if !plain(s) {
		return false
	}
	const cast = `\bc[- ]style casts?\b|\bc casts?\b|\bold[- ]style casts?\b`
	if s.negPhrase(words(cast)) {
		return true
	}
	return s.has(words(cast)) && s.has(words(`\b(?:use|prefer)\b[^.;]*\b(?:static_cast|named casts?|c\+\+ casts?|c\+\+-style casts?)\b[^.;]*\b(?:instead of|over|rather than|not)\b`))
}

var cppCStyleCast = &Entry{
	Name:       "cpp-c-style-cast",
	Title:      "a C-style cast in C++",
	Names:      cStyleCastNamed,
	Claims:     []string{"static_cast", "reinterpret_cast", "const_cast", "dynamic_cast", "(int)x", "(T)x"},
	Message:    "C-style cast `{{match}}`",
	Suggestion: "use `static_cast`, `reinterpret_cast` or `const_cast`",
	Variants: []Variant{{Lang: engine.LangCPP,
		// `(void)x` discards a value: no conversion to name. The grammar cannot tell a
		// type from an expression, so `(mean(v))(j)`, a call's result called or
		// indexed, parses as a cast: a "type" that calls something is none. Nor is a
		// declaration the parser recovered from (`operator=(T&&) noexcept`).
		Query: `((cast_expression type: (type_descriptor) @t value: (_) @v) @match (#not-eq? @t "void") (#not-match? @t "[\\w>]\\s*\\(\\s*[\\w:\"'.]") (#not-match? @v "^(?:noexcept|const|override|final|volatile)$") (#not-inside? @match ERROR))`,
		Bad:   []string{"int f(double d, const void* p) {\n  auto q = «(const char*)p»;\n  return «(int)d»;\n}\n"},
		Good: []string{
			"int f(double d) {\n  int a = int(d);\n  (void)a;\n  return static_cast<int>(d);\n}\n",
			"// (int)d\nconst char* s = \"(int)d\";\nint g(int x) { return (x) + 1; }\n",
			"double g(const V& v, int j) {\n  return (maths::mean(v))(j) + (std::min(a, b))[j];\n}\n",
		}}},
}

// asyncVoidNamed: C#'s async void methods banned ("Never use `async void`", "avoid
// async void methods").
func asyncVoidNamed(s *sentence) bool {
	if s.hasSpan("async void") {
		return s.banned("async void") || s.negPhrase(words("`async void`"))
	}
	return s.negPhrase(words(`\basync void\b`))
}

var csAsyncVoid = &Entry{
	Name:       "cs-async-void",
	Title:      "an `async void` method",
	Names:      asyncVoidNamed,
	Claims:     []string{"async void", "async Task", "Task"},
	Message:    "`async void` method `{{match}}`",
	Suggestion: "return `Task`",
	// event handlers are the one use the language needs; a handler of .NET's
	// pattern takes an `...EventArgs` and is left alone, but one of a custom
	// delegate (`async void OnMessage(string m)`) looks like any other method
	Warn: alwaysWarn,
	// "outside event handlers": the exception is the use every rule of this entry
	// warns about, not a region to give up on
	Locates: words(`\bevent[- ]handlers?\b`),
	Variants: []Variant{{Lang: engine.LangCSharp, Needles: []string{"async"},
		Query: `((method_declaration (modifier) @a returns: (predefined_type) @t name: (identifier) @match parameters: (parameter_list) @ps) (#eq? @a "async") (#eq? @t "void") (#not-match? @ps "EventArgs"))`,
		Bad:   []string{"class Sync {\n    public async void «Run»() { await Task.Delay(1); }\n}\n"},
		Good: []string{
			"class Sync {\n    public async Task Run() { await Task.Delay(1); }\n    public void Stop() { }\n    private async void OnClick(object sender, EventArgs e) { await Task.Delay(1); }\n}\n",
			"class Sync {\n    // public async void Run() { }\n    string s = \"async void\";\n}\n",
		}}},
}

// lateinitNamed: Kotlin's lateinit banned ("Avoid `lateinit var`").
func lateinitNamed(s *sentence) bool {
	if !plain(s) || !s.has(words(`\blateinit\b`)) {
		return false
	}
	return s.banned("lateinit", "lateinit var") || s.negPhrase(words("`lateinit(?: var)?`|\\blateinit\\b"))
}

var kotlinLateinit = &Entry{
	Name:       "kotlin-lateinit",
	Title:      "a `lateinit` property",
	Names:      lateinitNamed,
	Claims:     []string{"lateinit", "lateinit var", "by lazy", "lazy"},
	Message:    "`lateinit` property",
	Suggestion: "initialise it in the constructor, or with `by lazy`",
	Variants: []Variant{{Lang: engine.LangKotlin, Needles: []string{"lateinit"},
		Query: `(([(member_modifier) (property_modifier)] @match) (#eq? @match "lateinit"))`,
		Bad:   []string{"class Repo {\n    «lateinit» var db: Db\n}\n"},
		Good: []string{
			"class Repo(private val db: Db) {\n    val cache by lazy { load() }\n}\n",
			"// lateinit var db: Db\nval s = \"lateinit var\"\nval lateinitCount = 1\n",
		}}},
}

// strictTypesNamed: every PHP file must declare strict types ("All PHP files must
// declare `declare(strict_types=1);`", "Always add `declare(strict_types=1)`").
func strictTypesNamed(s *sentence) bool {
	if !plain(s) || s.negated() || !s.has(words(`\bstrict_types\b|\bstrict types\b`)) {
		return false
	}
	return s.has(words(`\b(?:must|should|always|every|all|each|required?|requires)\b|^(?:[-*] )?(?:\*\*[^*]+\*\*:? )?(?:use|add|declare|start|begin|include|enable)\b`))
}

var phpStrictTypes = &Entry{
	Name:          "php-strict-types",
	Title:         "a PHP file without `declare(strict_types=1)`",
	Names:         strictTypesNamed,
	Claims:        []string{"declare(strict_types=1);", "declare(strict_types=1)", "strict_types=1", "strict_types"},
	ClaimPrefixes: []string{"declare(strict_types"},
	Message:       "no `declare(strict_types=1)`",
	Suggestion:    "add `declare(strict_types=1);` after `<?php`",
	// a template mixes PHP into markup: the declaration is for code files
	ExcludeGlobs: []string{"**/*.blade.php", "**/*.phtml"},
	Variants: []Variant{{Lang: engine.LangPHP,
		Query: `((program (php_tag) @match) @p (#not-match? @p "declare\\s*\\(\\s*strict_types\\s*=\\s*1") (#not-match? @p "\\?>"))`,
		Bad:   []string{"«<?php»\n\nnamespace App;\n\nfinal class User {}\n"},
		Good: []string{
			"<?php\n\ndeclare(strict_types=1);\n\nnamespace App;\n\nfinal class User {}\n",
			"<?php\n/**\n * Licence.\n */\n\ndeclare(strict_types = 1);\n\nnamespace App;\n",
			"<html><body><?php echo $title; ?></body></html>\n",
		}}},
}

// rustAsCastNamed: Rust's numeric `as` casts banned, or `TryFrom`/`From` conversions
// preferred to them ("Prefer `TryFrom`/`From` conversions over `as` casts", "Don't use
// `as` for numeric conversions that can truncate"). `as` is TypeScript's assertion
// too: the sentence must speak of Rust's conversions.
func rustAsCastNamed(s *sentence) bool {
	if !plain(s) {
		return false
	}
	asRE := words("`as`|`as (?:u|i|f)(?:8|16|32|64|128|size)`|\\bas[- ]casts?\\b")
	if !s.has(asRE) || !s.has(words(`\b(?:try_?from|try_into|tryfrom|tryinto|from|into|truncat\w*|numeric|integers?|overflow|lossy|lossless|rust)\b`)) {
		return false
	}
	return constructBanned(s, asRE) || s.has(words(`\b(?:prefer|use)\b[^.;]*\b(?:over|instead of|rather than)\b[^.;]*(?:`+"`as`"+`|\bas[- ]casts?\b)`))
}

var rustAsCast = &Entry{
	Name:       "rust-as-cast",
	Title:      "a numeric `as` cast",
	Names:      rustAsCastNamed,
	Claims:     []string{"as", "TryFrom", "From", "try_from", "try_into", "try_into()", "TryFrom`/`From", "as u32", "as usize", "as i64"},
	Message:    "numeric `as` cast `{{match}}`",
	Suggestion: "convert with `TryFrom`/`try_into()` (or `From` when it cannot fail)",
	// a widening cast (`u8 as u32`) loses nothing, and the query cannot see the
	// source type: every finding needs a look
	Warn:    alwaysWarn,
	Inexact: true,
	Variants: []Variant{{Lang: engine.LangRust, Needles: []string{" as "},
		Query: `((type_cast_expression type: (primitive_type) @t) @match (#match? @t "^([iu](8|16|32|64|128|size)|f32|f64)$"))`,
		Bad:   []string{"pub fn len32(v: &[u8]) -> u32 {\n    «v.len() as u32»\n}\n"},
		Good: []string{
			"pub fn len32(v: &[u8]) -> Result<u32, std::num::TryFromIntError> {\n    u32::try_from(v.len())\n}\nuse std::io::Result as IoResult;\nfn f(p: *const u8) -> *const i8 { p as *const i8 }\n",
			"// v.len() as u32\nconst S: &str = \"x as u32\";\n",
		}}},
}

// iuoNamed: Swift's implicitly unwrapped optionals banned ("Avoid implicitly unwrapped
// optionals (`var x: Foo!`) outside `@IBOutlet`s").
func iuoNamed(s *sentence) bool {
	return s.negPhrase(words(`\bimplicitly[- ]unwrapped(?: optionals?)?\b|\biuos?\b`))
}

var swiftIUO = &Entry{
	Name:       "swift-implicitly-unwrapped",
	Title:      "an implicitly unwrapped optional (`var x: T!`)",
	Names:      iuoNamed,
	Claims:     []string{"var x: Foo!", "T!", "!", "@IBOutlet", "@IBOutlet`s"},
	Message:    "implicitly unwrapped optional `{{match}}`",
	Suggestion: "declare it optional (`T?`) and unwrap it where it is used",
	// a declaration led by an attribute (`@IBOutlet var label: UILabel!`) is the use
	// Interface Builder needs: the pattern starts at the line's first word
	Variants: []Variant{{Lang: engine.LangSwift, Where: "code",
		Regex: `(?m)^[ \t]*(?:(?:private|fileprivate|public|internal|open|weak|unowned|static|class|lazy|final|override)(?:\([a-z]+\))?[ \t]+)*(?:var|let)[ \t]+\w+[ \t]*:[ \t]*[\w.]+(?:<[^>\n]*>)?!`,
		Bad:   []string{"final class Store {\n«    var db: Database!»\n«    private var name: String!»\n}\n"},
		Good: []string{
			"final class Store {\n    var db: Database?\n    @IBOutlet weak var label: UILabel!\n    let n = a!\n    var ok = !done\n}\n",
			"// var db: Database!\nlet s = \"var db: Database!\"\n",
		}}},
}
