package source

import (
	"fmt"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/uniq"
)

// namingRecognizer compiles naming conventions of declared identifiers: "camelCase for
// variables/functions, PascalCase for types/classes", "Functions/variables:
// `snake_case`", "constants are UPPER_SNAKE_CASE", a table row "Functions |
// snake_case". Each kind of declaration a style names becomes a query over the
// declarations of that kind whose name is plainly in another style (a camelCase
// function where snake_case is asked). Conventions have exceptions a sentence does not
// list (framework hooks, generated code, platform names): the rules warn.
type namingRecognizer struct{}

func (namingRecognizer) Name() string { return "source.naming" }

// Identifier kinds.
const (
	kindFunction  = norm.NameFunction
	kindMethod    = norm.NameMethod
	kindVariable  = norm.NameVariable
	kindType      = norm.NameType
	kindConstant  = norm.NameConstant
	kindComponent = norm.NameComponent
	kindField     = norm.NameField
)

// Styles.
const (
	styleSnake      = norm.StyleSnake
	styleCamel      = norm.StyleCamel
	stylePascal     = norm.StylePascal
	styleScreaming  = norm.StyleScreaming
	styleMixedCaps  = norm.StyleMixedCaps
	styleUnderCamel = norm.StyleUnderscoreCamel
)

// nameViolation is the pattern of a name that plainly breaks the style, for a kind in
// a language; "" when heed does not judge that pairing.
func nameViolation(style, kind, l string) string {
	if kind == kindComponent {
		if style == stylePascal && (l == engine.LangTSX || l == engine.LangJavaScript) {
			return `^_*[a-z]`
		}
		return ""
	}
	if kind == kindField {
		// private fields: the styles .NET, Java and TypeScript projects ask of them
		switch style {
		case styleUnderCamel:
			// not an underscore and a lower-case letter, or an underscore after it
			return `^(?:[^_]|_[^a-z]|_[a-z][A-Za-z0-9]*_)`
		case styleCamel:
			return `^_*[a-z][A-Za-z0-9]*_|^_*[A-Z]`
		}
		return ""
	}
	switch style {
	case norm.StyleTitleSnake:
		if kind != kindType {
			return ""
		}
		return `^_*[a-z]`
	case styleMixedCaps:
		if l != engine.LangGo {
			return ""
		}
		// an underscore inside a name; the blank identifier and _-led names are not
		// judged
		return `^[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]*$`
	case styleSnake:
		// a camelCase hump; for functions in languages where a capitalised function
		// is no idiom, PascalCase too
		if (kind == kindFunction || kind == kindMethod) && slices.Contains([]string{engine.LangPython, engine.LangRust, engine.LangRuby, engine.LangC, engine.LangCPP}, l) {
			return `^_*(?:[a-z][a-z0-9]*[A-Z]|[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*$)`
		}
		return `^_*[a-z][a-z0-9]*[A-Z]`
	case styleCamel:
		if l == engine.LangGo {
			return `^[a-z][A-Za-z0-9]*_[A-Za-z0-9_]*$` // exported names are Go's PascalCase
		}
		// an underscore inside a name that is not all capitals
		return `^_*[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]*[a-z][A-Za-z0-9_]*$|^_*[a-z][a-z0-9]*_[a-z0-9_]*$`
	case stylePascal:
		if kind == kindVariable || kind == kindFunction && slices.Contains([]string{engine.LangPython, engine.LangRust, engine.LangGo}, l) {
			return "" // not the idiom of the language for that kind
		}
		return `^_*[a-z]|^_*[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*_[A-Za-z0-9]`
	case styleScreaming:
		if kind != kindConstant {
			return ""
		}
		if l == engine.LangJavaScript || l == engine.LangTypeScript || l == engine.LangTSX {
			// a module's const of one lowercase word (`x`, `version`) is as often a
			// plain binding as a constant: names of several words only
			return `[a-z][A-Z0-9_]*[A-Z]|[a-z]_|_[a-z]`
		}
		return `[a-z]`
	}
	return ""
}

// idiomaticLangs keeps, of a convention for function, method or variable names that
// names no language, the languages whose own idiom it is: "snake_case for
// functions/variables" in a Python project with a TypeScript web UI is the Python
// code's convention, not a demand that the TypeScript break its camelCase. When none
// of the languages has the style as its idiom, the project chose it for all of them.
func idiomaticLangs(langs []string, style, kind string) []string {
	if kind != kindFunction && kind != kindMethod && kind != kindVariable {
		return langs
	}
	var idiom []string
	switch style {
	case styleSnake:
		idiom = []string{engine.LangPython, engine.LangRuby, engine.LangRust, engine.LangC, engine.LangCPP, engine.LangPHP}
	case styleCamel:
		idiom = []string{engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX, engine.LangJava, engine.LangKotlin,
			engine.LangGo, engine.LangCSharp, engine.LangCPP, engine.LangPHP}
	default:
		return langs
	}
	if in := intersect(langs, idiom); len(in) > 0 {
		return in
	}
	return langs
}

// declQueries are the declarations of a kind, by language; the name is @match.
func declQueries(kind, l string) []string {
	js := l == engine.LangJavaScript || l == engine.LangTypeScript || l == engine.LangTSX
	ts := l == engine.LangTypeScript || l == engine.LangTSX
	switch kind {
	case kindComponent:
		if l != engine.LangTSX && l != engine.LangJavaScript {
			return nil
		}
		// a function or an arrow function that returns JSX: React's components
		jsx := `[(jsx_element) (jsx_self_closing_element) (parenthesized_expression [(jsx_element) (jsx_self_closing_element)])]`
		return []string{
			`(function_declaration name: (identifier) @match body: (statement_block (return_statement ` + jsx + `)))`,
			`(variable_declarator name: (identifier) @match value: (arrow_function body: ` + jsx + `))`,
			`(variable_declarator name: (identifier) @match value: (arrow_function body: (statement_block (return_statement ` + jsx + `))))`,
		}
	case kindFunction:
		switch {
		case l == engine.LangPython:
			return []string{`(function_definition name: (identifier) @match)`}
		case js:
			return []string{`(function_declaration name: (identifier) @match)`, `(generator_function_declaration name: (identifier) @match)`}
		case l == engine.LangGo:
			return []string{`(function_declaration name: (identifier) @match)`}
		case l == engine.LangRust:
			return []string{`(function_item name: (identifier) @match)`}
		case l == engine.LangKotlin:
			return []string{`(function_declaration name: (identifier) @match)`}
		case l == engine.LangC:
			return []string{`(function_definition declarator: (function_declarator declarator: (identifier) @match))`}
		case l == engine.LangPHP:
			return []string{`(function_definition name: (name) @match)`}
		case l == engine.LangCPP:
			// free functions, at file level or in a namespace; a class's constructors
			// are named for the class, and a function with C linkage (`extern "C"`)
			// for the C code or the FFI that calls it
			return []string{`((function_definition declarator: (function_declarator declarator: (identifier) @match)) (#not-inside? @match field_declaration_list linkage_specification))`,
				`((function_definition declarator: [(pointer_declarator (function_declarator declarator: (identifier) @match)) (reference_declarator (function_declarator declarator: (identifier) @match))]) (#not-inside? @match field_declaration_list linkage_specification))`}
		case l == engine.LangRuby, l == engine.LangJava, l == engine.LangCSharp:
			return declQueries(kindMethod, l)
		}
	case kindMethod:
		switch {
		case l == engine.LangPython, l == engine.LangRust, l == engine.LangKotlin:
			return declQueries(kindFunction, l)
		case js:
			return []string{`(method_definition name: (property_identifier) @match)`}
		case l == engine.LangGo:
			return []string{`(method_declaration name: (field_identifier) @match)`}
		case l == engine.LangJava, l == engine.LangCSharp:
			return []string{`(method_declaration name: (identifier) @match)`}
		case l == engine.LangRuby:
			return []string{`(method name: (identifier) @match)`}
		case l == engine.LangPHP:
			// PHP's magic methods (`__construct`) are the language's names
			return []string{`((method_declaration name: (name) @match) (#not-match? @match "^__"))`}
		case l == engine.LangCPP:
			// a method declared or defined in its class; a constructor's or a
			// destructor's name is no field_identifier
			return []string{`(field_declaration declarator: (function_declarator declarator: (field_identifier) @match))`,
				`(function_definition declarator: (function_declarator declarator: (field_identifier) @match))`}
		}
	case kindVariable:
		switch {
		case l == engine.LangPython:
			return []string{`(assignment left: (identifier) @match)`}
		case js:
			return []string{`(variable_declarator name: (identifier) @match)`}
		case l == engine.LangGo:
			return []string{`(short_var_declaration left: (expression_list (identifier) @match))`, `(var_spec name: (identifier) @match)`}
		case l == engine.LangRust:
			return []string{`(let_declaration pattern: (identifier) @match)`}
		case l == engine.LangJava:
			return []string{`(local_variable_declaration declarator: (variable_declarator name: (identifier) @match))`}
		case l == engine.LangKotlin:
			return []string{`(property_declaration (variable_declaration (identifier) @match))`}
		case l == engine.LangCSharp:
			return []string{`(local_declaration_statement (variable_declaration (variable_declarator name: (identifier) @match)))`}
		case l == engine.LangRuby:
			return []string{`(assignment left: (identifier) @match)`}
		}
	case kindType:
		switch {
		case l == engine.LangPython:
			return []string{`(class_definition name: (identifier) @match)`}
		case js:
			if ts {
				return []string{`(class_declaration name: (type_identifier) @match)`, `(interface_declaration name: (type_identifier) @match)`, `(type_alias_declaration name: (type_identifier) @match)`}
			}
			return []string{`(class_declaration name: (identifier) @match)`}
		case l == engine.LangGo:
			return []string{`(type_spec name: (type_identifier) @match)`}
		case l == engine.LangRust:
			return []string{`(struct_item name: (type_identifier) @match)`, `(enum_item name: (type_identifier) @match)`, `(trait_item name: (type_identifier) @match)`}
		case l == engine.LangJava:
			return []string{`(class_declaration name: (identifier) @match)`, `(interface_declaration name: (identifier) @match)`, `(enum_declaration name: (identifier) @match)`, `(record_declaration name: (identifier) @match)`}
		case l == engine.LangKotlin:
			return []string{`(class_declaration name: (identifier) @match)`, `(object_declaration name: (identifier) @match)`}
		case l == engine.LangCSharp:
			return []string{`(class_declaration name: (identifier) @match)`, `(interface_declaration name: (identifier) @match)`, `(struct_declaration name: (identifier) @match)`, `(enum_declaration name: (identifier) @match)`, `(record_declaration name: (identifier) @match)`}
		case l == engine.LangRuby:
			return []string{`(class name: (constant) @match)`, `(module name: (constant) @match)`}
		case l == engine.LangPHP:
			return []string{`(class_declaration name: (name) @match)`, `(interface_declaration name: (name) @match)`, `(trait_declaration name: (name) @match)`, `(enum_declaration name: (name) @match)`}
		case l == engine.LangCPP:
			return []string{`(class_specifier name: (type_identifier) @match body: (_))`, `(struct_specifier name: (type_identifier) @match body: (_))`,
				`(enum_specifier name: (type_identifier) @match body: (_))`}
		}
	case kindField:
		// a class's private instance fields; constants and statics keep their own
		// conventions (.NET's `s_` statics, Java's UPPER_SNAKE constants)
		switch l {
		case engine.LangCSharp:
			return []string{`((field_declaration (modifier) @mod (variable_declaration (variable_declarator name: (identifier) @match))) @decl (#eq? @mod "private") (#not-match? @decl "^[^=]*\\b(?:static|const)\\b"))`}
		case engine.LangJava:
			return []string{`((field_declaration (modifiers) @mods declarator: (variable_declarator name: (identifier) @match)) (#match? @mods "\\bprivate\\b") (#not-match? @mods "\\bstatic\\b"))`}
		case engine.LangTypeScript, engine.LangTSX:
			return []string{`((public_field_definition (accessibility_modifier) @mod name: (property_identifier) @match) @decl (#eq? @mod "private") (#not-match? @decl "^[^=]*\\bstatic\\b"))`}
		}
	case kindConstant:
		switch l {
		case engine.LangRust:
			return []string{`(const_item name: (identifier) @match)`, `(static_item name: (identifier) @match)`}
		case engine.LangKotlin:
			return []string{`(property_declaration (modifiers (property_modifier) @mod) (variable_declaration (identifier) @match) (#eq? @mod "const"))`}
		case engine.LangJava:
			// serialVersionUID is the platform's name, not the project's
			return []string{`(field_declaration (modifiers "static" "final") declarator: (variable_declarator name: (identifier) @match) (#not-eq? @match "serialVersionUID"))`}
		case engine.LangCSharp:
			return []string{`(field_declaration (modifier) @mod (variable_declaration (variable_declarator name: (identifier) @match)) (#eq? @mod "const"))`}
		case engine.LangGo:
			return []string{`(const_spec name: (identifier) @match)`}
		case engine.LangPHP:
			return []string{`(const_declaration (const_element (name) @match))`}
		case engine.LangPython:
			// Python declares no constants: a module's top-level name bound to a
			// number or a string is one by convention; a dunder (`__version__`) is
			// the language's own name
			return []string{`((module (expression_statement (assignment left: (identifier) @match right: [(integer) (float) (string)]))) (#not-match? @match "^__"))`}
		case engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX:
			// a module's constant: a top-level const bound to a number or a string
			// (a const that holds a function, an object or a call is a binding)
			decl := `(lexical_declaration "const" (variable_declarator name: (identifier) @match value: [(number) (string)]))`
			return []string{`(program ` + decl + `)`, `(program (export_statement declaration: ` + decl + `))`}
		}
	}
	return nil
}

// namingSamples are declarations of each kind of name, by language, with NAME where
// the name goes: the cases of a naming rule.
var namingSamples = lazy.Value[map[string]map[string]string]{F: func() map[string]map[string]string {
	js := map[string]string{
		kindFunction: "function NAME() {\n  return 1;\n}\n",
		kindMethod:   "class Example {\n  NAME() {\n    return 1;\n  }\n}\n",
		kindVariable: "let NAME = 1;\n",
		kindType:     "class NAME {}\n",
		kindConstant: "export const NAME = 3000;\n",
	}
	ts := maps.Clone(js)
	ts[kindField] = "class Example {\n  private NAME = 1;\n}\n"
	jsx := maps.Clone(js)
	jsx[kindComponent] = "export function NAME() {\n  return <div />;\n}\n"
	return map[string]map[string]string{
		engine.LangPython: {
			kindFunction: "def NAME():\n    pass\n",
			kindMethod:   "def NAME():\n    pass\n",
			kindVariable: "NAME = 1\n",
			kindType:     "class NAME:\n    pass\n",
			kindConstant: "NAME = 3000\n",
		},
		engine.LangJavaScript: jsx,
		engine.LangTypeScript: ts,
		engine.LangTSX:        jsx,
		engine.LangGo: {
			kindFunction: "package p\n\nfunc NAME() {}\n",
			kindMethod:   "package p\n\ntype T struct{}\n\nfunc (T) NAME() {}\n",
			kindVariable: "package p\n\nvar NAME = 1\n",
			kindType:     "package p\n\ntype NAME struct{}\n",
			kindConstant: "package p\n\nconst NAME = 1\n",
		},
		engine.LangRust: {
			kindFunction: "fn NAME() {}\n",
			kindMethod:   "fn NAME() {}\n",
			kindVariable: "fn f() {\n    let NAME = 1;\n}\n",
			kindType:     "struct NAME {}\n",
			kindConstant: "const NAME: u32 = 1;\n",
		},
		engine.LangJava: {
			kindField:    "class Example {\n    private int NAME;\n}\n",
			kindFunction: "class Example {\n    void NAME() {}\n}\n",
			kindMethod:   "class Example {\n    void NAME() {}\n}\n",
			kindVariable: "class Example {\n    void f() {\n        int NAME = 1;\n    }\n}\n",
			kindType:     "class NAME {}\n",
			kindConstant: "class Example {\n    static final int NAME = 1;\n}\n",
		},
		engine.LangKotlin: {
			kindFunction: "fun NAME() {}\n",
			kindMethod:   "fun NAME() {}\n",
			kindVariable: "val NAME = 1\n",
			kindType:     "class NAME\n",
			kindConstant: "const val NAME = 1\n",
		},
		engine.LangCSharp: {
			kindField:    "class Example {\n    private int NAME;\n}\n",
			kindFunction: "class Example {\n    void NAME() { }\n}\n",
			kindMethod:   "class Example {\n    void NAME() { }\n}\n",
			kindVariable: "class Example {\n    void F() { int NAME = 1; }\n}\n",
			kindType:     "class NAME { }\n",
			kindConstant: "class Example {\n    const int NAME = 1;\n}\n",
		},
		engine.LangRuby: {
			kindFunction: "def NAME\nend\n",
			kindMethod:   "def NAME\nend\n",
			kindVariable: "NAME = 1\n",
			kindType:     "class NAME\nend\n",
		},
		engine.LangC: {
			kindFunction: "int NAME(void) { return 0; }\n",
		},
		engine.LangPHP: {
			kindFunction: "<?php\nfunction NAME() {\n    return 1;\n}\n",
			kindMethod:   "<?php\nclass Example {\n    public function NAME() {\n        return 1;\n    }\n}\n",
			kindType:     "<?php\nclass NAME {\n}\n",
			kindConstant: "<?php\nclass Example {\n    const NAME = 1;\n}\n",
		},
		engine.LangCPP: {
			kindFunction: "int NAME() { return 0; }\n",
			kindMethod:   "class Example {\n    int NAME() { return 0; }\n};\n",
			kindType:     "class NAME {\n};\n",
		},
	}
}}

// namingSample is a declaration of the kind with the given name, for a rule's cases;
// "" where the language has no such declaration.
func namingSample(kind, l, name string) string {
	return strings.ReplaceAll(namingSamples.Get()[l][kind], "NAME", name)
}

// namesIn gives a name of the kind in each style, for samples.
var styleSamples = lazy.Value[map[string][2]string]{F: func() map[string][2]string {
	return map[string][2]string{ // style: {breaks, follows}
		styleSnake:     {"loadUserData", "load_user_data"},
		styleCamel:     {"load_user_data", "loadUserData"},
		stylePascal:    {"userData", "UserData"},
		styleScreaming: {"maxUserCount", "MAX_USER_COUNT"},
		styleMixedCaps: {"load_user_data", "loadUserData"},
		// a field's name: the style breaks or keeps the leading underscore
		styleUnderCamel:      {"userCount", "_userCount"},
		norm.StyleTitleSnake: {"user_Data", "User_Data"},
	}
}}

// exceptedNames are identifiers the sentence, or the sentence after it, names as
// exceptions ("The `unittest` hooks `setUp` and `tearDown` are the exception").
func exceptedNames(s *sentence, rc *recognize.RepoContext) []string {
	texts := []*policy.Constraint{s.c}
	texts = append(texts, rc.Following(s.c, 1)...)
	var out []string
	for _, c := range texts {
		if !norm.NamesExceptions(recognize.StripCode(c.Text)) {
			continue
		}
		for _, sp := range recognize.CodeSpans(c.Text) {
			if identRE.MatchString(sp) && norm.StyleOf(sp) == "" {
				out = append(out, sp)
			}
		}
	}
	return uniq.Values(out)
}

func (nr namingRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	if norm.AboutProseWriting(c.Text) {
		// "Backtick identifiers in markdown prose: unbackticked `snake_case` tokens
		// are mangled": how documents quote names, not how code names things (wild
		// round 23, teamster: 835 variables flagged)
		return recognize.Result{}
	}
	if parts := tableLangParts(c); len(parts) > 0 {
		// a table whose columns, or rows, are languages: each cell is the convention
		// of its language, read under that language's heading
		var rules []policy.Rule
		for _, p := range parts {
			cc := *c
			cc.Text = p.text
			cc.HeaderPath = append(slices.Clone(c.HeaderPath), p.lang)
			rules = append(rules, nr.Recognize(&cc, rc).Rules...)
		}
		return recognize.Result{Rules: rules}
	}
	if tags, rest := norm.StyleLangTags(c.Text); len(tags) > 0 {
		// "snake_case (Py), camelCase (JS)": the names of functions and variables
		// in each language; the rest of the sentence as it is
		var rules []policy.Rule
		for _, t := range tags {
			cc := *c
			cc.Text = t.Style + " for functions and variables"
			cc.HeaderPath = append(slices.Clone(c.HeaderPath), cellLang(t.Lang))
			rules = append(rules, nr.Recognize(&cc, rc).Rules...)
		}
		cc := *c
		cc.Text = rest
		return recognize.Result{Rules: append(rules, nr.Recognize(&cc, rc).Rules...)}
	}
	if norm.UnexportedKind(c.Text) {
		// "unexported identifiers: camelCase": Go's visibility is the case of a
		// name's first letter, which its compiler reads; a style check of every name
		// would flag each exported one
		return recognize.Result{Unenforced: "names unexported identifiers, whose first letter Go's visibility sets"}
	}
	if t, ok := norm.PEP8Naming(c.Text); ok {
		// "Follow PEP 8's naming conventions": the conventions it names
		cc := *c
		cc.Text = t
		c = &cc
	}
	if norm.PrivateUnderscore(c.Text) && !norm.NamesAStyle(c.Text) {
		// "Private properties are prefixed with an underscore": _camelCase fields
		cc := *c
		cc.Text = "Private fields: _camelCase"
		c = &cc
	}
	text := c.Text
	affixes := affixRules(c, rc)
	if r, ok := goPackageRule(c, rc); ok {
		affixes = append(affixes, r)
	}
	if r, ok := goInitialismRule(c, rc); ok {
		affixes = append(affixes, r)
	}
	if r, ok := booleanPrefixRule(c, rc); ok {
		affixes = append(affixes, r)
	}
	affixes = append(affixes, testFileRules(c, rc)...)
	if r, ok := hookNamingRule(c, rc); ok {
		affixes = append(affixes, r)
	}
	if !norm.NamesAStyle(text) || norm.StylePermitted(text) {
		return recognize.Result{Rules: affixes}
	}
	binds := norm.NamingBindings(text)
	s := itemSentence(c, rc)
	if len(binds) == 0 {
		// "## Classes" over "- Use PascalCase: `UserManager`": the kind is the
		// heading's
		h := s.headerRaw
		if i := strings.LastIndex(h, " > "); i >= 0 {
			h = h[i+3:]
		}
		if h != "" && !norm.NamesAStyle(h) {
			binds = norm.NamingBindings(h + ": " + text)
		}
	}
	if len(binds) == 0 {
		return recognize.Result{Rules: affixes}
	}
	if s.negated() && !s.headerBans() && norm.BansTheLastStyle(text) {
		return recognize.Result{}
	}
	if len(contextLangs(s)) == 0 && mainlyGrammarless(rc) {
		// a convention of a C++ or Swift project is about that code, not about
		// the scripts beside it in languages heed reads
		return recognize.Result{}
	}
	excepted := exceptedNames(s, rc)
	var rules []policy.Rule
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range binds {
			if !yield(k) {
				return
			}
		}
	})
	for _, key := range keys {
		style := binds[key]
		kind, unexported := strings.CutSuffix(key, "unexported")
		cands := slices.Clone(allGrammars)
		switch {
		case unexported, style == styleMixedCaps:
			cands = []string{engine.LangGo}
		case kind == kindComponent:
			cands = []string{engine.LangTSX, engine.LangJavaScript}
		}
		ls := s
		if kind != kindComponent && reactComponentsRE.MatchString(c.Text) {
			// "camelCase for variables and PascalCase for React components": React
			// is the components' language, not the variables'
			cc := *c
			cc.Text = reactComponentsRE.ReplaceAllString(c.Text, "components")
			ls = newSentence(&cc)
		}
		langs := pickLangs(ls, rc, cands)
		if len(contextLangs(ls)) == 0 {
			langs = idiomaticLangs(langs, style, kind)
		}
		sc, _ := ruleScope(s, rc, langs)
		for _, p := range norm.OtherStylePaths(c.Text, style) {
			// the folder another style is kept in is this one's exception
			if g := dirGlob(nestedDir(s, rc, strings.TrimSpace(p))); slices.Contains(sc.Globs, g) {
				sc.Globs = slices.DeleteFunc(sc.Globs, func(x string) bool { return x == g })
				sc.Exclude = append(sc.Exclude, g)
			}
		}
		qp := QueryParams{Queries: map[string]string{}}
		var caseLangs []string
		for _, l := range langs {
			re := nameViolation(style, kind, l)
			if kind == kindField && style == styleCamel && re != "" && !underscoreFieldsAsked(c, rc) {
				// "Private fields: camelCase" where nothing in the file asks a
				// leading underscore: `_count` is not the style
				re = `^_|` + re
			}
			qs := declQueries(kind, l)
			if kind == kindType && norm.ClassesOnly(c.Text) {
				// "Classes: `CUpperCamelCase`": an enum is no class (its own
				// convention, when the project has one, is another sentence's)
				qs = slices.DeleteFunc(slices.Clone(qs), func(q string) bool {
					return strings.Contains(q, "(enum_specifier") || strings.Contains(q, "(enum_declaration") || strings.Contains(q, "(enum_item")
				})
			}
			if kind == kindConstant && (l == engine.LangJavaScript || l == engine.LangTypeScript || l == engine.LangTSX || l == engine.LangPython) && !moduleLevelRE.MatchString(c.Text) {
				// a `const` binding, or a Python name bound at the top of a module, is
				// no constant by itself: only "module-level" or "top-level" constants
				// say which of them the text means
				qs = nil
			}
			if re == "" || len(qs) == 0 {
				continue
			}
			if unexported && style != styleCamel {
				continue // only Go's camelCase is read for unexported names
			}
			var pats []string
			for _, q := range qs {
				pred := fmt.Sprintf(` (#match? @match %q)`, re)
				if style == styleMixedCaps {
					// Go's tests and examples name their subject after an underscore
					pred += ` (#not-match? @match "^(Test|Benchmark|Example|Fuzz)")`
				}
				if (kind == kindFunction || kind == kindMethod) && !bindsTests(c.Text) && !norm.AboutTests(s.headerRaw) {
					// a test method is named by its test framework's convention
					// (`Save_WithoutName_Fails`, `should_reject_empty`), not the code's:
					// a style of methods binds it only where the text speaks of tests
					pred += ` (#not-in-test? @match)`
				}
				if kind == kindComponent {
					// a function that returns JSX is a component when it is declared
					// at the module's level under a name that is no helper's: a
					// `renderHeader` or `getMessage` inside a component, called as a
					// function, is no component
					pred += ` (#not-inside? @match statement_block class_body arguments)` +
						` (#not-match? @match "^(?:render|get|make|build|create|to|format|with|map|wrap|show|handle|use)(?:[A-Z0-9_]|$)")`
				}
				exc := excepted
				if l == engine.LangPython && (kind == kindFunction || kind == kindMethod) {
					// the hooks unittest and Django call by their camelCase names: an
					// override must keep the framework's name
					exc = uniq.Values(append(slices.Clone(excepted), pyFrameworkNames...))
				}
				if len(exc) > 0 {
					pred += " (#not-any-of? @match " + quoteAll(exc) + ")"
				}
				pats = append(pats, "("+q+pred+")")
			}
			qp.Queries[l] = strings.Join(pats, "\n")
			caseLangs = append(caseLangs, l)
		}
		if len(qp.Queries) == 0 {
			continue
		}
		r := policy.Rule{
			Domain: policy.DomainSource, Kind: KindQuery, Severity: policy.SeverityWarning, Exact: false, Scope: sc,
			Params:     marshal(qp),
			Message:    fmt.Sprintf("%s name not in %s", kind, style),
			Suggestion: fmt.Sprintf("name %ss in %s", kind, style),
		}
		samples := styleSamples.Get()[style]
		for _, l := range caseLangs {
			p, ok := samplePath(sc, l, "")
			bad, good := namingSample(kind, l, samples[0]), namingSample(kind, l, samples[1])
			if !ok || bad == "" {
				continue
			}
			r.Cases = []policy.Case{
				{Expect: policy.ExpectViolated, Path: p, Code: bad, Note: "a name in another style"},
				{Expect: policy.ExpectSatisfied, Path: p, Code: good, Note: "the name in " + style},
			}
			break
		}
		if len(r.Cases) == 0 {
			continue
		}
		rules = append(rules, r)
	}
	return recognize.Result{Rules: append(rules, affixes...)}
}

// underscoreFieldsAsked reports whether a camelCase convention of private fields lets
// them keep a leading underscore: the sentence does not say "no underscore" and
// another sentence of the repository's instructions asks the underscore ("Use camelCase for
// private fields" beside "Private fields use camelCase with underscore prefix").
func underscoreFieldsAsked(c *policy.Constraint, rc *recognize.RepoContext) bool {
	if norm.NoUnderscore(c.Text) {
		return false
	}
	if rc == nil {
		return true // nothing to read the file by: the lenient reading
	}
	for i := range rc.Constraints {
		// any instruction file of the repository: CLAUDE.md's "camelCase for
		// private fields" beside a rules file's "_fieldName"
		if norm.AsksUnderscoreFields(rc.Constraints[i].Text) {
			return true
		}
	}
	return false
}

// bindsTests reports whether a sentence of the text that states a style speaks of
// tests ("Test methods use snake_case"); one that only makes room for tests beside
// the convention ("Method names are lowerCamelCase. Test methods may use
// underscores") does not bring tests under it.
func bindsTests(text string) bool {
	for _, sent := range sentenceSplitRE.Split(text, -1) {
		if norm.NamesAStyle(sent) && norm.AboutTests(sent) {
			return true
		}
	}
	return false
}

var sentenceSplitRE = lazyre.New(`[.;!?](?:\s+|$)`)

// goRuleScope is the scope of a convention that binds Go code (the sentence names Go,
// or no language and the repository has Go) and a sample path in it; !ok when the
// sentence binds other languages or its scope holds no Go file.
func goRuleScope(c *policy.Constraint, rc *recognize.RepoContext) (policy.Scope, string, bool) {
	s := itemSentence(c, rc)
	if !slices.Contains(pickLangs(s, rc, []string{engine.LangGo}), engine.LangGo) {
		return policy.Scope{}, "", false
	}
	sc, _ := ruleScope(s, rc, []string{engine.LangGo})
	p, ok := samplePath(sc, engine.LangGo, "")
	return sc, p, ok
}

// goPackageRule reads Go's convention for package names (norm.GoPackageNaming) into a
// query over package clauses: a name with a capital or an underscore breaks it, except
// the "_test" suffix of an external test package, which is Go's own.
func goPackageRule(c *policy.Constraint, rc *recognize.RepoContext) (policy.Rule, bool) {
	if !norm.GoPackageNaming(c.Text) {
		return policy.Rule{}, false
	}
	sc, p, ok := goRuleScope(c, rc)
	if !ok {
		return policy.Rule{}, false
	}
	q := `((package_clause (package_identifier) @match) (#match? @match "[A-Z_]") (#not-match? @match "^[a-z][a-z0-9]*_test$"))`
	return policy.Rule{
		Domain: policy.DomainSource, Kind: KindQuery, Severity: policy.SeverityWarning, Exact: false, Scope: sc,
		Params:     marshal(QueryParams{Queries: map[string]string{engine.LangGo: q}}),
		Message:    "package name with a capital or an underscore",
		Suggestion: "name the package in one lower-case word",
		Cases: []policy.Case{
			{Expect: policy.ExpectViolated, Path: p, Code: "package user_store\n", Note: "an underscore"},
			{Expect: policy.ExpectViolated, Path: p, Code: "package userStore\n", Note: "a capital"},
			{Expect: policy.ExpectSatisfied, Path: p, Code: "package userstore\n", Note: "one lower-case word"},
			{Expect: policy.ExpectSatisfied, Path: p, Code: "package userstore_test\n", Note: "an external test package"},
		},
	}, true
}

// goInitialismRule reads a convention that keeps initialisms in one case
// (norm.Initialisms: "`ID` not `Id`", "`userID`, never `userId`") into a query over
// Go's declared names: a name that spells an initialism with only its first letter
// a capital (`userId`, `HttpClient`, `parseUrl`) breaks it. The convention is Go's
// (golint's initialisms); .NET's names are the other way (`HttpClient`), so a
// sentence that names no language binds Go code only.
func goInitialismRule(c *policy.Constraint, rc *recognize.RepoContext) (policy.Rule, bool) {
	inits := norm.Initialisms(c.Text)
	if len(inits) == 0 {
		return policy.Rule{}, false
	}
	sc, p, ok := goRuleScope(c, rc)
	if !ok {
		return policy.Rule{}, false
	}
	var alts []string
	for _, in := range inits {
		alts = append(alts, in[:1]+strings.ToLower(in[1:]))
	}
	re := `(?:^|[a-z0-9])(?:` + strings.Join(alts, "|") + `)s?(?:[A-Z0-9_]|$)`
	decls := `[(function_declaration name: (identifier) @match) (method_declaration name: (field_identifier) @match) (type_spec name: (type_identifier) @match) (var_spec name: (identifier) @match) (const_spec name: (identifier) @match) (short_var_declaration left: (expression_list (identifier) @match)) (parameter_declaration name: (identifier) @match) (field_declaration name: (field_identifier) @match)]`
	q := fmt.Sprintf("(%s (#match? @match %q))", decls, re)
	bad, good := alts[0], inits[0]
	return policy.Rule{
		Domain: policy.DomainSource, Kind: KindQuery, Severity: policy.SeverityWarning, Exact: false, Scope: sc,
		Params:     marshal(QueryParams{Queries: map[string]string{engine.LangGo: q}}),
		Message:    "initialism not in one case",
		Suggestion: "spell initialisms in one case (" + strings.Join(inits, ", ") + ")",
		Cases: []policy.Case{
			{Expect: policy.ExpectViolated, Path: p, Code: "package p\n\nfunc lookup(user" + bad + " string) string {\n\treturn user" + bad + "\n}\n", Note: "an initialism with one capital"},
			{Expect: policy.ExpectSatisfied, Path: p, Code: "package p\n\nfunc lookup(user" + good + " string) string {\n\treturn user" + good + "\n}\n", Note: "the initialism in capitals"},
		},
	}, true
}

// boolDeclQueries are the declarations of a boolean variable or field, by language:
// a name with a boolean type or a boolean literal for its value; the name is @match.
func boolDeclQueries(l string) []string {
	switch l {
	case engine.LangTypeScript, engine.LangTSX:
		return []string{
			`(variable_declarator name: (identifier) @match type: (type_annotation (predefined_type) @t) (#eq? @t "boolean"))`,
			`(variable_declarator name: (identifier) @match value: [(true) (false)])`,
			`(public_field_definition name: (property_identifier) @match type: (type_annotation (predefined_type) @t) (#eq? @t "boolean"))`,
			`(public_field_definition name: (property_identifier) @match value: [(true) (false)])`,
		}
	case engine.LangJavaScript:
		return []string{`(variable_declarator name: (identifier) @match value: [(true) (false)])`}
	case engine.LangPython:
		return []string{`(assignment left: (identifier) @match type: (type (identifier) @t) (#eq? @t "bool"))`, `(assignment left: (identifier) @match right: [(true) (false)])`}
	case engine.LangGo:
		return []string{`(var_spec name: (identifier) @match type: (type_identifier) @t (#eq? @t "bool"))`, `(var_spec name: (identifier) @match value: (expression_list [(true) (false)]))`,
			`(short_var_declaration left: (expression_list . (identifier) @match .) right: (expression_list . [(true) (false)] .))`}
	case engine.LangCSharp:
		return []string{`(variable_declaration type: (predefined_type) @t (variable_declarator name: (identifier) @match) (#eq? @t "bool"))`}
	case engine.LangJava:
		return []string{`(local_variable_declaration type: (boolean_type) declarator: (variable_declarator name: (identifier) @match))`, `(field_declaration type: (boolean_type) declarator: (variable_declarator name: (identifier) @match))`}
	}
	return nil
}

// boolSamples are a boolean's declaration by language, NAME where the name goes.
func boolSample(l string) string {
	switch l {
	case engine.LangTypeScript, engine.LangTSX:
		return "export let NAME: boolean = false;\n"
	case engine.LangJavaScript:
		return "export let NAME = false;\n"
	case engine.LangPython:
		return "NAME: bool = False\n"
	case engine.LangGo:
		return "package p\n\nvar NAME bool\n"
	case engine.LangCSharp:
		return "class Example {\n    void F() { bool NAME = false; }\n}\n"
	case engine.LangJava:
		return "class Example {\n    void f() {\n        boolean NAME = false;\n    }\n}\n"
	}
	return ""
}

// booleanPrefixRule reads a convention that names booleans with a prefix
// (norm.BooleanPrefixes) into a query over the declarations whose type or value is
// boolean: a name without any of the prefixes breaks it. A convention: it warns.
func booleanPrefixRule(c *policy.Constraint, rc *recognize.RepoContext) (policy.Rule, bool) {
	prefixes := norm.BooleanPrefixes(c.Text)
	if len(prefixes) == 0 {
		return policy.Rule{}, false
	}
	s := itemSentence(c, rc)
	langs := pickLangs(s, rc, allGrammars)
	sc, _ := ruleScope(s, rc, langs)
	var alts []string
	for _, p := range prefixes {
		alts = append(alts, "["+strings.ToLower(p[:1])+strings.ToUpper(p[:1])+"]"+p[1:])
	}
	re := `^_*(?:` + strings.Join(alts, "|") + `)(?:[A-Z0-9_]|$)`
	qp := QueryParams{Queries: map[string]string{}}
	var caseLangs []string
	for _, l := range langs {
		var pats []string
		for _, q := range boolDeclQueries(l) {
			// a constant in capitals (`DEBUG = False`) keeps its own convention
			pats = append(pats, fmt.Sprintf("(%s (#not-match? @match %q) (#not-match? @match %q))", q, re, "^[A-Z][A-Z0-9_]*$"))
		}
		if len(pats) > 0 {
			qp.Queries[l] = strings.Join(pats, "\n")
			caseLangs = append(caseLangs, l)
		}
	}
	if len(caseLangs) == 0 {
		return policy.Rule{}, false
	}
	r := policy.Rule{
		Domain: policy.DomainSource, Kind: KindQuery, Severity: policy.SeverityWarning, Exact: false, Scope: sc,
		Params:     marshal(qp),
		Message:    "boolean name without " + strings.Join(prefixes, "/"),
		Suggestion: "name the boolean with " + strings.Join(prefixes, ", "),
	}
	good := prefixes[0] + "Ready"
	if slices.Contains(prefixes, "is") {
		good = "isReady"
	}
	for _, l := range caseLangs {
		p, ok := samplePath(sc, l, "")
		if !ok {
			continue
		}
		g := good
		if l == engine.LangPython {
			g = strings.ToLower(good[:len(good)-5]) + "_ready"
		}
		r.Cases = []policy.Case{
			{Expect: policy.ExpectViolated, Path: p, Code: strings.ReplaceAll(boolSample(l), "NAME", "ready"), Note: "a boolean without the prefix"},
			{Expect: policy.ExpectSatisfied, Path: p, Code: strings.ReplaceAll(boolSample(l), "NAME", g), Note: "a boolean with it"},
		}
		break
	}
	if len(r.Cases) == 0 {
		return policy.Rule{}, false
	}
	return r, true
}

// testDeclQuery is a test a file declares, by language, the test's name as @match:
// Go's TestXxx(t *testing.T) and its benchmarks and fuzz targets, pytest's module-level
// test functions, a top-level describe/it/test call of JavaScript's runners, JUnit's
// @Test methods; "" where heed does not tell a test in the language.
func testDeclQuery(l string) string {
	switch l {
	case engine.LangGo:
		return `((function_declaration name: (identifier) @match parameters: (parameter_list (parameter_declaration type: (pointer_type (qualified_type package: (package_identifier) @pkg name: (type_identifier) @t))))) (#eq? @pkg "testing") (#match? @t "^[TBF]$") (#match? @match "^(Test|Benchmark|Fuzz)"))`
	case engine.LangPython:
		return "((module (function_definition name: (identifier) @match)) (#match? @match \"^test\"))\n((module (decorated_definition definition: (function_definition name: (identifier) @match))) (#match? @match \"^test\"))"
	case engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX:
		return `((program (expression_statement (call_expression function: (identifier) @match))) (#any-of? @match "describe" "it" "test"))`
	case engine.LangJava:
		return `((method_declaration (modifiers (marker_annotation name: (identifier) @a)) name: (identifier) @match) (#eq? @a "Test"))`
	}
	return ""
}

// testSample is a file of the language that declares one test.
func testSample(l string) string {
	switch l {
	case engine.LangGo:
		return "package p\n\nimport \"testing\"\n\nfunc TestRun(t *testing.T) {}\n"
	case engine.LangPython:
		return "def test_run():\n    assert True\n"
	case engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX:
		return "it(\"runs\", () => {});\n"
	case engine.LangJava:
		return "class ExampleTest {\n    @Test\n    void runs() {}\n}\n"
	}
	return ""
}

// testFileRules reads the names test files must have (norm.TestFilePatterns) into a
// query over the tests a file declares, with the files of the pattern left out: a
// test declared in a file named otherwise breaks it. A convention: it warns.
func testFileRules(c *policy.Constraint, rc *recognize.RepoContext) []policy.Rule {
	pats := norm.TestFilePatterns(c.Text)
	if len(pats) == 0 {
		return nil
	}
	byLang := map[string][]string{}
	for _, p := range pats {
		if l := langOfExt(p); l != "" {
			byLang[l] = append(byLang[l], p)
			if l == engine.LangTypeScript && strings.HasSuffix(p, ".ts") {
				// `*.test.ts` names the tests of .tsx files too
				byLang[engine.LangTSX] = append(byLang[engine.LangTSX], p+"x")
			}
		}
	}
	s := itemSentence(c, rc)
	var out []policy.Rule
	for _, l := range slices.Sorted(maps.Keys(byLang)) {
		q := testDeclQuery(l)
		if q == "" || !slices.Contains(pickLangs(s, rc, []string{l}), l) {
			continue
		}
		sc, _ := ruleScope(s, rc, []string{l})
		for _, p := range byLang[l] {
			sc.Exclude = append(sc.Exclude, "**/"+p)
		}
		if l == engine.LangPython {
			sc.Exclude = append(sc.Exclude, "**/conftest.py")
			if len(sc.Globs) == 0 {
				// a module's `def test_...` outside the test folders may be the
				// code's own function (`test_connection`): the test folders only
				sc.Globs = testGlobs(l)
			}
		}
		bad, ok := samplePath(sc, l, "checks")
		if !ok {
			continue
		}
		out = append(out, policy.Rule{
			Domain: policy.DomainSource, Kind: KindQuery, Severity: policy.SeverityWarning, Exact: false, Scope: sc,
			Params:     marshal(QueryParams{Queries: map[string]string{l: q}}),
			Message:    "a test in a file not named " + strings.Join(byLang[l], " or "),
			Suggestion: "keep tests in files named " + strings.Join(byLang[l], " or "),
			Cases: []policy.Case{
				{Expect: policy.ExpectViolated, Path: bad, Code: testSample(l), Note: "a test in a file named otherwise"},
				{Expect: policy.ExpectSatisfied, Path: bad, Code: namingSample(kindFunction, l, "helper"), Note: "a file named otherwise that declares no test"},
			},
		})
	}
	return out
}

// hookNamingRule reads a convention that names custom hooks with `use`
// (norm.HookNaming) into a query over the module-level functions that call a hook in
// their own body (`const [s] = useState()`, `useEffect(...)`, `return useQuery(...)`):
// one named neither `useXxx` nor as a component (a capital) breaks it. A convention:
// it warns.
func hookNamingRule(c *policy.Constraint, rc *recognize.RepoContext) (policy.Rule, bool) {
	if !norm.HookNaming(c.Text) {
		return policy.Rule{}, false
	}
	s := itemSentence(c, rc)
	langs := pickLangs(s, rc, []string{engine.LangTSX, engine.LangTypeScript, engine.LangJavaScript})
	if len(langs) == 0 {
		return policy.Rule{}, false
	}
	sc, _ := ruleScope(s, rc, langs)
	call := `[(lexical_declaration (variable_declarator value: (call_expression function: (identifier) @h))) (expression_statement (call_expression function: (identifier) @h)) (return_statement (call_expression function: (identifier) @h))]`
	pred := ` (#match? @h "^use[A-Z]") (#not-match? @match "^(?:use[A-Z0-9]|[A-Z])")`
	decls := []string{
		`(function_declaration name: (identifier) @match body: (statement_block ` + call + `))`,
		`(variable_declarator name: (identifier) @match value: (arrow_function body: (statement_block ` + call + `)))`,
	}
	var pats []string
	for _, d := range decls {
		pats = append(pats, "("+d+pred+")")
	}
	qp := QueryParams{Queries: map[string]string{}}
	for _, l := range langs {
		qp.Queries[l] = strings.Join(pats, "\n")
	}
	p, ok := samplePath(sc, langs[0], "")
	if !ok {
		return policy.Rule{}, false
	}
	sample := "export function NAME() {\n  const [s] = useState(0);\n  return s;\n}\n"
	return policy.Rule{
		Domain: policy.DomainSource, Kind: KindQuery, Severity: policy.SeverityWarning, Exact: false, Scope: sc,
		Params:     marshal(qp),
		Message:    "a function that calls hooks is not named `use...`",
		Suggestion: "name the hook `useXxx`",
		Cases: []policy.Case{
			{Expect: policy.ExpectViolated, Path: p, Code: strings.ReplaceAll(sample, "NAME", "counterState"), Note: "a hook named otherwise"},
			{Expect: policy.ExpectSatisfied, Path: p, Code: strings.ReplaceAll(sample, "NAME", "useCounter"), Note: "a hook named useXxx"},
		},
	}, true
}

// langOfExt is the language of a file pattern's extension, or "".
func langOfExt(p string) string {
	switch path.Ext(p) {
	case ".go":
		return engine.LangGo
	case ".py":
		return engine.LangPython
	case ".ts", ".mts", ".cts":
		return engine.LangTypeScript
	case ".tsx":
		return engine.LangTSX
	case ".js", ".jsx", ".mjs", ".cjs":
		return engine.LangJavaScript
	case ".java":
		return engine.LangJava
	}
	return ""
}

var reactComponentsRE = lazyre.New(`(?i)\breact\s+(components?)\b`)

// affixQuery is the declarations of an affix's kind in a language, the name as
// @match, with the predicates that keep only names that break the affix; "" where
// heed does not read that kind in the language.
func affixQuery(a norm.Affix, l string) string {
	var decl, extra string
	switch a.Kind {
	case norm.AffixInterface:
		switch l {
		case engine.LangCSharp, engine.LangJava:
			decl = `(interface_declaration name: (identifier) @match)`
		case engine.LangTypeScript, engine.LangTSX:
			decl = `(interface_declaration name: (type_identifier) @match)`
		}
	case norm.AffixAsync:
		if l == engine.LangCSharp {
			// a test framework names test methods; Main is the platform's
			decl = `(method_declaration (modifier) @mod name: (identifier) @match)`
			extra = ` (#eq? @mod "async") (#not-eq? @match "Main") (#not-in-test? @match)`
		}
	case norm.AffixException:
		switch l {
		case engine.LangPython:
			decl = `(class_definition name: (identifier) @match superclasses: (argument_list [(identifier) (attribute)] @base))`
		case engine.LangTypeScript, engine.LangTSX:
			decl = `(class_declaration name: (type_identifier) @match (class_heritage (extends_clause value: [(identifier) (member_expression)] @base)))`
		case engine.LangJava:
			decl = `(class_declaration name: (identifier) @match superclass: (superclass (type_identifier) @base))`
		case engine.LangCSharp:
			decl = `(class_declaration name: (identifier) @match (base_list (identifier) @base))`
		}
		if decl != "" {
			extra = ` (#match? @base "(Exception|Error)$")`
		}
	}
	switch a.Kind {
	case norm.AffixClass:
		switch l {
		case engine.LangPython:
			decl = `(class_definition name: (identifier) @match)`
		case engine.LangTypeScript, engine.LangTSX:
			decl = `(class_declaration name: (type_identifier) @match)`
		case engine.LangJavaScript, engine.LangJava, engine.LangCSharp:
			decl = `(class_declaration name: (identifier) @match)`
		}
	case norm.AffixFunction:
		// the module's own functions: not methods, and not the private helpers a
		// leading underscore marks (`_connect`)
		extra = ` (#not-match? @match "^_")`
		switch l {
		case engine.LangPython:
			decl = `[(module (function_definition name: (identifier) @match)) (module (decorated_definition definition: (function_definition name: (identifier) @match)))]`
		case engine.LangTypeScript, engine.LangTSX, engine.LangJavaScript:
			decl = `[(program (function_declaration name: (identifier) @match)) (program (export_statement declaration: (function_declaration name: (identifier) @match)))]`
		case engine.LangGo:
			decl = `(function_declaration name: (identifier) @match)`
		}
	}
	if decl == "" {
		return ""
	}
	if a.Kind == norm.AffixClass || a.Kind == norm.AffixFunction {
		op := "#not-match?"
		if a.Forbid {
			op = "#match?"
		}
		return fmt.Sprintf("(%s%s (%s @match %q))", decl, extra, op, "^"+regexp.QuoteMeta(a.Prefix))
	}
	var re string
	if a.Prefix != "" {
		re = "^" + regexp.QuoteMeta(a.Prefix) + "[A-Z]"
	} else {
		re = regexp.QuoteMeta(a.Suffix) + "$"
	}
	if a.Prefix == "I" && a.Forbid {
		re = "^I[A-Z][a-z]" // IUser, not Item or IO
	}
	op := "#not-match?"
	if a.Forbid {
		op = "#match?"
	}
	return fmt.Sprintf("(%s%s (%s @match %q))", decl, extra, op, re)
}

// affixSamples are a declaration of the affix's kind in a language with NAME where
// the name goes.
func affixSample(a norm.Affix, l string) string {
	switch a.Kind {
	case norm.AffixInterface:
		switch l {
		case engine.LangCSharp:
			return "interface NAME { }\n"
		case engine.LangJava:
			return "interface NAME {\n}\n"
		case engine.LangTypeScript, engine.LangTSX:
			return "interface NAME {\n  id: string;\n}\n"
		}
	case norm.AffixAsync:
		return "class Example {\n    async Task NAME() { await Task.Delay(1); }\n}\n"
	case norm.AffixClass:
		switch l {
		case engine.LangPython:
			return "class NAME:\n    pass\n"
		case engine.LangTypeScript, engine.LangTSX, engine.LangJavaScript:
			return "class NAME {}\n"
		case engine.LangJava, engine.LangCSharp:
			return "class NAME {\n}\n"
		}
	case norm.AffixFunction:
		switch l {
		case engine.LangPython:
			return "def NAME():\n    return 1\n"
		case engine.LangTypeScript, engine.LangTSX, engine.LangJavaScript:
			return "export function NAME() {\n  return 1;\n}\n"
		case engine.LangGo:
			return "package p\n\nfunc NAME() {}\n"
		}
	case norm.AffixException:
		switch l {
		case engine.LangPython:
			return "class NAME(Exception):\n    pass\n"
		case engine.LangTypeScript, engine.LangTSX:
			return "class NAME extends Error {}\n"
		case engine.LangJava:
			return "class NAME extends Exception {\n}\n"
		case engine.LangCSharp:
			return "class NAME : Exception { }\n"
		}
	}
	return ""
}

// affixRules compiles the prefixes and suffixes a sentence asks of a kind of
// declaration ("Interfaces: prefix with `I`", "Custom exceptions end in `Error`").
// Conventions: the rules warn.
func affixRules(c *policy.Constraint, rc *recognize.RepoContext) []policy.Rule {
	var rules []policy.Rule
	for _, a := range norm.NamingAffixes(c.Text) {
		s := itemSentence(c, rc)
		langs := pickLangs(s, rc, allGrammars)
		if a.Kind == norm.AffixInterface && a.Prefix == "I" && len(contextLangs(s)) == 0 && slices.Contains(langs, engine.LangCSharp) {
			// the `I` of interfaces is .NET's convention: a sentence that names no
			// language asks it of the C# beside the TypeScript, and one that bans it
			// bans it in the other languages
			if a.Forbid {
				langs = slices.DeleteFunc(slices.Clone(langs), func(l string) bool { return l == engine.LangCSharp })
			} else {
				langs = []string{engine.LangCSharp}
			}
		}
		sc, _ := ruleScope(s, rc, langs)
		qp := QueryParams{Queries: map[string]string{}}
		var caseLangs []string
		for _, l := range langs {
			if q := affixQuery(a, l); q != "" {
				qp.Queries[l] = q
				caseLangs = append(caseLangs, l)
			}
		}
		if len(caseLangs) == 0 {
			continue
		}
		what, want := "prefix `"+a.Prefix+"`", "prefixed with `"+a.Prefix+"`"
		if a.Suffix != "" {
			what, want = "suffix `"+a.Suffix+"`", "suffixed with `"+a.Suffix+"`"
		}
		msg, sugg := a.Kind+" name without the "+what, "name the "+a.Kind+" "+want
		bare, affixed := "OrderRepository", "I"+"OrderRepository"
		switch a.Kind {
		case norm.AffixAsync:
			bare, affixed = "Save", "Save"+a.Suffix
		case norm.AffixException:
			bare, affixed = "PaymentDeclined", "PaymentDeclined"+a.Suffix
		case norm.AffixClass:
			bare, affixed = "OrderHelper", a.Prefix+"OrderHelper"
		case norm.AffixFunction:
			bare, affixed = "load_orders", a.Prefix+"load_orders"
			if !sentenceNamesPlace(s, sc) {
				// "Functions are prefixed with `db_`" without the place whose
				// functions: not every function of the repository
				continue
			}
		}
		if a.Forbid {
			msg, sugg = a.Kind+" name with the "+what, "drop the "+what
			bare, affixed = affixed, bare
		}
		r := policy.Rule{Domain: policy.DomainSource, Kind: KindQuery, Severity: policy.SeverityWarning, Exact: false, Scope: sc,
			Params: marshal(qp), Message: msg, Suggestion: sugg}
		for _, l := range caseLangs {
			p, ok := samplePath(sc, l, "")
			if !ok {
				continue
			}
			r.Cases = []policy.Case{
				{Expect: policy.ExpectViolated, Path: p, Code: strings.ReplaceAll(affixSample(a, l), "NAME", bare), Note: "a name that breaks the convention"},
				{Expect: policy.ExpectSatisfied, Path: p, Code: strings.ReplaceAll(affixSample(a, l), "NAME", affixed), Note: "a name that follows it"},
			}
			break
		}
		if len(r.Cases) > 0 {
			rules = append(rules, r)
		}
	}
	return rules
}

// sentenceNamesPlace reports whether the rule's scope is narrower than the
// instruction file's own: the sentence or its heading named a place.
func sentenceNamesPlace(s *sentence, sc policy.Scope) bool {
	return len(sc.Globs) > len(s.c.Scope.Globs)
}

// langPart is a table cell's convention and the language its column or row names.
type langPart struct{ lang, text string }

// tableLangParts splits a table row whose header names languages in its columns
// ("| | Python | TypeScript |" over "| Functions | snake_case | camelCase |"), or
// whose first cell is a language under a "Language" column ("| Python | snake_case |
// PascalCase |" under "| Language | Functions | Classes |"), into one convention a
// language; nil for any other row.
func tableLangParts(c *policy.Constraint) []langPart {
	if !strings.Contains(c.Text, " | ") || c.Context == "" {
		return nil
	}
	head := c.Context
	if i := strings.LastIndex(head, " — "); i >= 0 {
		head = head[i+len(" — "):]
	}
	hs := strings.Split(head, " | ")
	cells := strings.Split(c.Text, " | ")
	if len(hs) != len(cells) || len(cells) < 2 {
		return nil
	}
	var out []langPart
	if l := cellLang(cells[0]); l != "" && tableLangHeadRE.MatchString(strings.TrimSpace(hs[0])) {
		var b []string
		for j := 1; j < len(cells); j++ {
			b = append(b, hs[j]+": "+cells[j])
		}
		return []langPart{{lang: l, text: strings.Join(b, "; ")}}
	}
	if cellLang(hs[0]) != "" {
		return nil
	}
	for j := 1; j < len(cells); j++ {
		if l := cellLang(hs[j]); l != "" {
			out = append(out, langPart{lang: l, text: cells[0] + ": " + cells[j]})
		}
	}
	if len(out) < 2 {
		return nil // one language column among others is that column's own topic
	}
	return out
}

// tableLangHeadRE: the header of a table's column of languages.
var tableLangHeadRE = lazyre.New(`(?i)^(?:languages?|lang)$`)

// cellLang is the heading that names a table cell's language the way contextLangs
// reads it ("Python", "TypeScript", "Go", "C#"), or "" for a cell that is no
// language's name.
func cellLang(cell string) string {
	w := strings.ToLower(strings.Trim(cell, " *_`"))
	switch w {
	case "go", "golang":
		return "Go"
	case "c":
		return "C code"
	case "js":
		return "JavaScript"
	case "py":
		return "Python"
	case "python", "typescript", "ts", "javascript", "rust", "java", "c#", "csharp", "kotlin", "ruby", "php", "c++", "cpp", "tsx", "react":
		return strings.Trim(cell, " *_`")
	}
	return ""
}

// pyFrameworkNames are the camelCase methods Python's unittest (and Django's test
// case) call by name: a test class overrides them under that name.
var pyFrameworkNames = []string{"setUp", "tearDown", "setUpClass", "tearDownClass", "setUpModule", "tearDownModule", "asyncSetUp", "asyncTearDown", "setUpTestData", "runTest"}

// moduleLevelRE: constants the text places at a module's top level.
var moduleLevelRE = lazyre.New(`(?i)\b(?:module[- ]level|top[- ]level|global|file[- ]level)\s+(?:constants?|consts?)\b`)
