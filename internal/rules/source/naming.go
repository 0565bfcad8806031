package source

import (
	"fmt"
	"slices"
	"sort"
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
	kindFunction = "function"
	kindMethod   = "method"
	kindVariable = "variable"
	kindType     = "type"
	kindConstant = "constant"
)

// Styles.
const (
	styleSnake     = "snake_case"
	styleCamel     = "camelCase"
	stylePascal    = "PascalCase"
	styleScreaming = "SCREAMING_SNAKE_CASE"
)

var (
	// styleRE finds a naming style, written in its own style or in words.
	styleRE = lazyre.New(`(?i)\b(screaming[_ ]snake[_ ]case|upper[_ ]snake[_ ]case|upper_case|constant_case|all[_ ]caps|uppercase with underscores|capitals with underscores|lower[_ ]snake[_ ]case|snake[_ ]case|lowercase[_ ]with[_ ]underscores|lower[_ ]?camel[_ ]?case|upper[_ ]?camel[_ ]?case|pascal[_ ]?case|capwords|camel[_ ]?case|mixedcase)\b`)
	// kindRE finds a kind of declaration.
	kindRE = lazyre.New(`(?i)\b(functions?|funcs?|methods?|variables?|vars|locals|local variables?|classes|class|types?|structs?|interfaces?|enums?|traits?|records?|constants?|consts?|const val|statics?|identifiers?)\b`)
	// namingNegRE: a style the sentence forbids ("never snake_case", "not camelCase").
	namingNegRE = lazyre.New(`(?i)\b(?:never|not|no|don't|do not|avoid|instead of|rather than)\s+(?:use\s+|using\s+)?$`)
	// otherNamesRE: names that are not identifiers of the code ("JSON keys",
	// "database columns", "file names", "CSS classes"): a segment about them binds no
	// kind.
	otherNamesRE = lazyre.New(`(?i)\b(?:json|yaml|keys?|fields? in|columns?|tables?|files?|file ?names?|directories|directory|folders?|css|html|env(?:ironment)? var(?:iable)?s?|branch(?:es)?|commits?|routes?|urls?|endpoints?|events?|tests? names?|test cases?|packages?|modules?|crates?|components?|hooks?|props|properties|attributes?|parameters?|arguments?|labels?|tags?|topics?|metrics?|flags?)\b`)
	namingSegRE  = lazyre.New(`[;,.](?:\s|$)|\s—\s|\s-\s`)
	// memberWordRE: a word after a kind that makes it a modifier of something else
	// ("enum values", "class fields", "type hints", "function calls")
	memberWordRE  = lazyre.New(`(?i)^[\s-]*(?:values?|members?|keys?|cases?|entries|entry|variants?|fields?|properties|property|parameters?|params|arguments?|args|attributes?|props|hints?|annotations?|checks?|checking|checker|safety|safe|errors?|system|signatures?|calls?|bod(?:y|ies)|comments?|docstrings?|tests?|coverage|hierarch(?:y|ies)|inference|stubs?|imports?)\b`)
	publicNamesRE = lazyre.New(`(?i)\b(?:public|exported|external|externally|api)\b`)
	alternativeRE = lazyre.New(`(?i)(?:\bor|/)\s*$`)
	exceptWordRE  = lazyre.New(`(?i)\b(?:except|exception|exceptions|exempt|allowed|may keep|keep their)\b`)
)

type mention struct {
	at    int
	style string // set for a style
	kind  string // set for a kind
	scope string // "unexported" when the sentence limits a kind to unexported names
}

func styleOf(word string) string {
	w := strings.ToLower(strings.NewReplacer(" ", "_", "-", "_").Replace(word))
	switch {
	case strings.Contains(w, "screaming") || strings.HasPrefix(w, "upper_snake") || w == "upper_case" || w == "constant_case" || strings.Contains(w, "all_caps") || strings.Contains(w, "uppercase_with") || strings.Contains(w, "capitals_with"):
		return styleScreaming
	case strings.Contains(w, "snake") || strings.Contains(w, "lowercase_with"):
		return styleSnake
	case strings.HasPrefix(w, "upper_camel") || strings.HasPrefix(w, "uppercamel") || strings.HasPrefix(w, "pascal") || w == "capwords":
		return stylePascal
	case strings.HasPrefix(w, "lower_camel") || strings.HasPrefix(w, "lowercamel") || w == "mixedcase":
		return styleCamel
	case strings.HasPrefix(w, "camel"):
		// "CamelCase" written with a capital is the upper form (Ruby's classes)
		if word[0] == 'C' && strings.Contains(word, "C") && strings.IndexByte(word[1:], 'C') >= 0 {
			return stylePascal
		}
		return styleCamel
	}
	return ""
}

func kindsOf(word string) []string {
	w := strings.ToLower(word)
	switch {
	case strings.HasPrefix(w, "func"):
		return []string{kindFunction}
	case strings.HasPrefix(w, "method"):
		return []string{kindMethod}
	case strings.HasPrefix(w, "var") || strings.HasPrefix(w, "local"):
		return []string{kindVariable}
	case strings.HasPrefix(w, "const") || strings.HasPrefix(w, "static"):
		return []string{kindConstant}
	case strings.HasPrefix(w, "identifier"):
		return []string{kindFunction, kindMethod, kindVariable, kindType, kindConstant}
	}
	return []string{kindType}
}

// namingBindings reads which style each kind of declaration must follow.
func namingBindings(text string) map[string]string {
	out := map[string]string{}
	// segments: a table row's cells are one segment; otherwise ";", "," and "."
	text = strings.ReplaceAll(text, "`", "")
	segs := namingSegRE.Split(text+" ", -1)
	if strings.Contains(text, " | ") {
		segs = []string{strings.ReplaceAll(text, " | ", " : ")}
	}
	for _, seg := range segs {
		var ms []mention
		alternatives := false
		for i, m := range styleRE.FindAllStringSubmatchIndex(seg, -1) {
			if namingNegRE.MatchString(seg[:m[0]]) {
				continue
			}
			if i > 0 && alternativeRE.MatchString(seg[:m[0]]) {
				// "camelCase or snake_case for variables": either is allowed
				alternatives = true
			}
			ms = append(ms, mention{at: m[0], style: styleOf(seg[m[2]:m[3]])})
		}
		if len(ms) == 0 || alternatives {
			continue
		}
		if otherNamesRE.MatchString(seg) && !kindRE.MatchString(seg) || publicNamesRE.MatchString(seg) {
			// "`camelCase` for public variable names and methods": which names are
			// public is the package's exports, which a declaration does not show
			continue
		}
		for _, m := range kindRE.FindAllStringSubmatchIndex(seg, -1) {
			word := seg[m[2]:m[3]]
			// "class names" is a kind; "CSS classes", "test functions" are not ours
			before := strings.ToLower(seg[max(0, m[0]-12):m[0]])
			if strings.HasSuffix(strings.TrimSpace(before), "css") || strings.HasSuffix(strings.TrimSpace(before), "test") {
				continue
			}
			// "enum values", "class fields": the members, not the declaration
			if memberWordRE.MatchString(seg[m[1]:]) {
				continue
			}
			scope := ""
			if strings.Contains(before, "unexported") || strings.Contains(before, "private") && strings.HasPrefix(strings.ToLower(word), "identifier") {
				scope = "unexported"
			}
			for _, k := range kindsOf(word) {
				ms = append(ms, mention{at: m[0], kind: k, scope: scope})
			}
		}
		sort.SliceStable(ms, func(i, j int) bool { return ms[i].at < ms[j].at })
		if ms[0].style != "" {
			// "camelCase for variables/functions": each kind takes the style before it
			cur := ""
			for _, m := range ms {
				if m.style != "" {
					cur = m.style
				} else if cur != "" {
					out[m.kind+m.scope] = cur
				}
			}
		} else {
			// "Class names use PascalCase": each kind takes the style after it
			for i, m := range ms {
				if m.kind == "" {
					continue
				}
				for _, n := range ms[i+1:] {
					if n.style != "" {
						out[m.kind+m.scope] = n.style
						break
					}
				}
			}
		}
	}
	return out
}

// nameViolation is the pattern of a name that plainly breaks the style, for a kind in
// a language; "" when heed does not judge that pairing.
func nameViolation(style, kind, l string) string {
	switch style {
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
		return `[a-z]`
	}
	return ""
}

// declQueries are the declarations of a kind, by language; the name is @match.
func declQueries(kind, l string) []string {
	js := l == engine.LangJavaScript || l == engine.LangTypeScript || l == engine.LangTSX
	ts := l == engine.LangTypeScript || l == engine.LangTSX
	switch kind {
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
			// are named for the class
			return []string{`((function_definition declarator: (function_declarator declarator: (identifier) @match)) (#not-inside? @match field_declaration_list))`,
				`((function_definition declarator: [(pointer_declarator (function_declarator declarator: (identifier) @match)) (reference_declarator (function_declarator declarator: (identifier) @match))]) (#not-inside? @match field_declaration_list))`}
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
	}
	return map[string]map[string]string{
		engine.LangPython: {
			kindFunction: "def NAME():\n    pass\n",
			kindMethod:   "def NAME():\n    pass\n",
			kindVariable: "NAME = 1\n",
			kindType:     "class NAME:\n    pass\n",
		},
		engine.LangJavaScript: js,
		engine.LangTypeScript: js,
		engine.LangTSX:        js,
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
	}
}}

// exceptedNames are identifiers the sentence, or the sentence after it, names as
// exceptions ("The `unittest` hooks `setUp` and `tearDown` are the exception").
func exceptedNames(s *sentence, rc *recognize.RepoContext) []string {
	texts := []*policy.Constraint{s.c}
	texts = append(texts, rc.Following(s.c, 1)...)
	var out []string
	for _, c := range texts {
		if !exceptWordRE.MatchString(recognize.StripCode(c.Text)) {
			continue
		}
		for _, sp := range recognize.CodeSpans(c.Text) {
			if identRE.MatchString(sp) && styleOf(sp) == "" {
				out = append(out, sp)
			}
		}
	}
	return uniq.Values(out)
}

func (namingRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	if t, ok := norm.PEP8Naming(c.Text); ok {
		// "Follow PEP 8's naming conventions": the conventions it names
		cc := *c
		cc.Text = t
		c = &cc
	}
	text := c.Text
	if !styleRE.MatchString(text) {
		return recognize.Result{}
	}
	binds := namingBindings(text)
	if len(binds) == 0 {
		return recognize.Result{}
	}
	s := newSentence(c)
	if s.negated() && !s.headerBans() && namingNegRE.MatchString(strings.ToLower(text)) {
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
		if unexported {
			cands = []string{engine.LangGo}
		}
		langs := pickLangs(s, rc, cands)
		sc, _ := ruleScope(s, rc, langs)
		qp := QueryParams{Queries: map[string]string{}}
		var caseLangs []string
		for _, l := range langs {
			re := nameViolation(style, kind, l)
			qs := declQueries(kind, l)
			if re == "" || len(qs) == 0 {
				continue
			}
			if unexported && style != styleCamel {
				continue // only Go's camelCase is read for unexported names
			}
			var pats []string
			for _, q := range qs {
				pred := fmt.Sprintf(` (#match? @match %q)`, re)
				if len(excepted) > 0 {
					pred += " (#not-any-of? @match " + quoteAll(excepted) + ")"
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
	return recognize.Result{Rules: rules}
}
