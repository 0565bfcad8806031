package source

import (
	"strings"

	"github.com/heed-dev/heed/internal/engine"
)

// emptyConstructor: "Do not write empty constructors", "no empty `__construct()`": a
// constructor that takes nothing and does nothing, which the language provides by
// itself. One that takes parameters is not empty (PHP's and TypeScript's promoted
// properties are declared there), and a private one keeps a class from being built
// (Java's and C#'s utility classes), which is its purpose.
var emptyConstructor = &Entry{
	Name:  "empty-constructor",
	Title: "empty constructors",
	Names: func(s *sentence) bool {
		// (a cheap look first: most sentences that say "empty" say nothing of constructors)
		return strings.Contains(s.norm, "empty") && strings.Contains(s.norm, "construct") && s.has(words(`\bempty (?:class )?constructors?\b|\bempty `+"`"+`?__construct(?:\(\))?`+"`"+`?`)) &&
			(s.negated() || s.has(words(`\b(?:remove|delete|avoid|drop)\b`)))
	},
	Claims:     []string{"__construct", "__construct()", "constructor", "constructor()"},
	Message:    "empty constructor",
	Suggestion: "remove it: the language provides one",
	Variants: append(append(jsVariants([]string{engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX},
		`((method_definition name: (property_identifier) @n parameters: (formal_parameters) @p body: (statement_block) @b) @match (#eq? @n "constructor") (#eq? @p "()") (#match? @b "^\\{\\s*\\}$"))`, []string{"constructor"},
		[]string{"class A {\n  «constructor() {}»\n}\n"},
		[]string{"class A {\n  constructor(private readonly b: B) {}\n}\nclass C {\n  constructor() { init(); }\n}\n"}),
		Variant{Lang: engine.LangPHP, Needles: []string{"__construct"},
			Query: `((method_declaration name: (name) @n parameters: (formal_parameters) @p body: (compound_statement) @b) @match (#eq? @n "__construct") (#eq? @p "()") (#match? @b "^\\{\\s*\\}$"))`,
			Bad:   []string{"<?php\nclass A {\n    «public function __construct() {}»\n}\n"},
			Good:  []string{"<?php\nclass A {\n    public function __construct(private B $b) {}\n}\nclass C {\n    public function __construct() {\n        $this->x = 1;\n    }\n}\n"}},
		Variant{Lang: engine.LangJava,
			Query: `((constructor_declaration parameters: (formal_parameters) @p body: (constructor_body) @b) @match (#eq? @p "()") (#match? @b "^\\{\\s*\\}$") (#not-match? @match "^\\s*(?:@\\w+\\s+)*private\\b"))`,
			Bad:   []string{"class A {\n  «public A() {}»\n}\n"},
			Good:  []string{"class U {\n  private U() {}\n}\nclass B {\n  B(int x) {}\n}\n"}}),
		Variant{Lang: engine.LangCSharp,
			Query: `((constructor_declaration parameters: (parameter_list) @p body: (block) @b) @match (#eq? @p "()") (#match? @b "^\\{\\s*\\}$") (#not-match? @match "^\\s*(?:\\[[^\\]]*\\]\\s*)*(?:private|static)\\b"))`,
			Bad:   []string{"class A {\n  «public A() {}»\n}\n"},
			Good:  []string{"class U {\n  private U() {}\n}\nclass B {\n  public B(int x) {}\n}\n"}}),
}
