package source

import (
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/norm"
)

// styleProseHeadingRE: a section about documentation or prose, whose style words are
// about the examples and text it writes.
var styleProseHeadingRE = lazyre.New(`\bdocumentation\b|\bdocs\b|\bprose\b|\bmarkdown\b|\bwriting style\b|\bcommit|\bpunctuation\b|\bgrammar\b|\bvoice\b|\btone\b|\bwording\b|\bcopy ?writing\b`)

// The formatting a formatter keeps and the text checks cannot see without the tree:
// the quote of string literals, semicolons at the ends of statements, trailing commas
// in multi-line literals. norm.ReadCodeStyle reads the sentence; a setting is the
// project's style, not a ban read with certainty of every string (a formatter's rule
// has exceptions the sentence leaves out: the quote a string holds), so each rule
// warns.

// styleOf is the formatting a sentence states, for the family of languages an entry
// checks: a Prettier line is no rule of Python's strings, a Black one none of
// TypeScript's.
func styleOf(s *sentence, family string) norm.CodeStyle {
	st := norm.ReadCodeStyle(s.c.Text)
	if !st.Any() || styleProseHeadingRE.MatchString(s.header) {
		// (under "Documentation Contributions": the style of the docs' examples)
		return norm.CodeStyle{}
	}
	if st.Family == "" {
		// the family a heading or a parent item's label names ("TypeScript:")
		st.Family = norm.StyleFamily(s.c.Text + "\n" + s.header + " " + labelContext(s.c.Context))
	}
	if st.Family != "" && st.Family != family {
		return norm.CodeStyle{}
	}
	return st
}

// jsDoubleQuoted and jsSingleQuoted find a JavaScript string literal in that quote
// holding none of the other (which the formatter would keep), outside JSX attributes
// (whose quote is a formatter option of its own).
const (
	jsDoubleQuoted = `((string) @match (#match? @match "^\"[^']*\"$") (#not-parent? @match jsx_attribute))`
	jsSingleQuoted = `((string) @match (#match? @match "^'[^\"]*'$") (#not-parent? @match jsx_attribute))`
)

var jsSingleQuotes = &Entry{
	Name:       "js-single-quotes",
	Title:      "string literals in double quotes where the style is single quotes",
	Names:      func(s *sentence) bool { return styleOf(s, "js").Quotes == "single" },
	Warn:       alwaysWarn,
	Message:    "string literal in double quotes",
	Suggestion: "use single quotes",
	Variants: jsVariants(jsLangs, jsDoubleQuoted, []string{`"`},
		[]string{"import x from «\"x\"»;\nconst a = «\"b\"» + y;\n"},
		[]string{"import x from 'x';\nconst a = \"don't\";\nconst t = `t ${x}`;\n// \"a comment\"\n"}),
}

var jsDoubleQuotes = &Entry{
	Name:       "js-double-quotes",
	Title:      "string literals in single quotes where the style is double quotes",
	Names:      func(s *sentence) bool { return styleOf(s, "js").Quotes == "double" },
	Warn:       alwaysWarn,
	Message:    "string literal in single quotes",
	Suggestion: "use double quotes",
	Variants: jsVariants(jsLangs, jsSingleQuoted, []string{`'`},
		[]string{"import x from «'x'»;\n"},
		[]string{"import x from \"x\";\nconst a = 'say \"hi\"';\n"}),
}

// pySingleQuoted and pyDoubleQuoted find a Python string in that quote holding none
// of the other; a triple-quoted docstring keeps PEP 257's double quotes under either
// style.
const (
	pySingleQuoted = `((string) @match (#match? @match "^[rRbBuUfF]{0,2}'[^\"]*'$"))`
	pyDoubleQuoted = `((string) @match (#match? @match "^[rRbBuUfF]{0,2}\"(?:\"|[^\"'][^']*\")$"))`
)

var pyDoubleQuotes = &Entry{
	Name:       "py-double-quotes",
	Title:      "Python strings in single quotes where the style is double quotes",
	Names:      func(s *sentence) bool { return styleOf(s, "python").Quotes == "double" },
	Warn:       alwaysWarn,
	Message:    "string in single quotes",
	Suggestion: "use double quotes",
	Variants: []Variant{{Lang: engine.LangPython, Query: pySingleQuoted, Needles: []string{`'`},
		Bad:  []string{"name = «'heed'»\nraw = «r'\\d'»\n"},
		Good: []string{"name = \"heed\"\nmsg = 'say \"hi\"'\n# 'a comment'\n"}}},
}

var pySingleQuotes = &Entry{
	Name:       "py-single-quotes",
	Title:      "Python strings in double quotes where the style is single quotes",
	Names:      func(s *sentence) bool { return styleOf(s, "python").Quotes == "single" },
	Warn:       alwaysWarn,
	Message:    "string in double quotes",
	Suggestion: "use single quotes",
	Variants: []Variant{{Lang: engine.LangPython, Query: pyDoubleQuoted, Needles: []string{`"`},
		Bad:  []string{"name = «\"heed\"»\nempty = «\"\"»\n"},
		Good: []string{"def f():\n    \"\"\"Docstring.\"\"\"\n    return 'x' + \"don't\"\n"}}},
}

var jsNoSemicolons = &Entry{
	Name:       "js-no-semicolons",
	Title:      "semicolons at the ends of statements where the style has none",
	Names:      func(s *sentence) bool { return styleOf(s, "js").Semicolons == "never" },
	Warn:       alwaysWarn,
	Message:    "semicolon at the end of a statement",
	Suggestion: "leave the semicolon out",
	Variants: jsVariants(jsLangs, `((";" @match) (#line-end? @match))`, []string{";"},
		[]string{"const x = 1«;»\nimport y from './y'«;» // why\n"},
		[]string{"const x = 1\nfor (let i = 0; i < 3; i++) {\n  f(i)\n}\nconst s = 'a;'\n// done;\n;[a, b] = [b, a]\n"}),
}

// jsStatementQuery finds a statement TypeScript ends with a semicolon that has none
// (automatic semicolon insertion ended it): an export of a function or class by
// `export default` is a declaration that takes none.
const jsStatementQuery = `([(expression_statement) (lexical_declaration) (variable_declaration) (return_statement) (throw_statement) (break_statement) (continue_statement) (import_statement) (debugger_statement)] @match (#unterminated? @match) (#not-parent? @match for_statement for_in_statement))
((export_statement !declaration) @match (#unterminated? @match) (#not-match? @match "^export\\s+default\\s+(?:async\\s+)?(?:function|class)\\b"))`

var jsSemicolons = &Entry{
	Name:       "js-semicolons",
	Title:      "statements without a semicolon where the style ends each with one",
	Names:      func(s *sentence) bool { return styleOf(s, "js").Semicolons == "always" },
	Warn:       alwaysWarn,
	Message:    "statement without a semicolon",
	Suggestion: "end the statement with `;`",
	Variants: append(jsVariants([]string{engine.LangJavaScript}, jsStatementQuery, nil,
		[]string{"«const x = 1»\n«f(x)»\n"},
		[]string{"const x = 1;\nexport default function () {}\nfor (const a of b) {\n  f(a);\n}\nexport class A {}\n"}),
		jsVariants([]string{engine.LangTypeScript, engine.LangTSX},
			jsStatementQuery+"\n([(type_alias_declaration)] @match (#unterminated? @match))", nil,
			[]string{"«const x = 1»\n«type A = string»\n"},
			[]string{"const x = 1;\ntype A = string;\ninterface B {\n  a: string\n}\n"})...),
}

var jsTrailingCommas = &Entry{
	Name:       "js-trailing-commas",
	Title:      "multi-line object and array literals without a trailing comma",
	Names:      func(s *sentence) bool { return styleOf(s, "js").TrailingCommas },
	Warn:       alwaysWarn,
	Message:    "multi-line literal without a trailing comma",
	Suggestion: "end the last element with `,`",
	Variants: jsVariants(jsLangs, `(object "}" @match (#missing-trailing-comma? @match))
(array "]" @match (#missing-trailing-comma? @match))`, nil,
		[]string{"const o = {\n  a: 1,\n  b: 2\n«}»\nconst l = [\n  1\n«]»\n"},
		[]string{"const o = {\n  a: 1,\n  b: 2,\n}\nconst p = { a: 1 }\nconst l = [\n  1, // one\n]\nconst e = {\n}\nconst q = { a,\n  b }\n"}),
}
