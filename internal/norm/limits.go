package norm

import (
	"regexp"
	"sync"
)

// limitStatementRE: a formatting limit stated as a setting, a label and a number
// ("Line length: 100 characters", "max line length: 120", "Print width: 80", a
// table row "Line length | 88").
var limitStatementRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)(?:^|[;,(|]\s*\x60?|\*\*\s*|\x60)(?:max(?:imum)?[- _])?(?:line[- _]length|line[- _]width|print[- _]?width|page[- _]width|column[- _]limit|max[- _]line[- _]length)\s*(?:\*\*\s*)?(?::|=|\||\bis\b)\s*(?:\*\*\s*)?\d{2,3}\b`)
})

// LimitStatement reports a sentence that states a formatting limit as a setting,
// without a modal: a rule of the project's style, as firm as a "should" (formatters
// that keep such a limit leave some lines longer).
func LimitStatement(text string) bool { return limitStatementRE().MatchString(text) }

// IndentStatement reports a sentence that states the project's indentation without a
// modal ("4 spaces for indentation in JavaScript", "Indent: 2 spaces", "4-space
// indentation, Allman braces", "Tabs for indentation", "PHP files are indented with
// tabs"): a setting, as firm as a "should".
func IndentStatement(text string) bool { return indentStatementRE().MatchString(text) }

var indentStatementRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:\d|two|four)[- ]spaces? (?:for )?indent(?:ation|s)?\b|\bindent(?:ation|s)?\s*(?::|=|is|of|with)\s*(?:\d|two|four)\s*spaces\b|\b(?:tabs|hard tabs) for indentation\b|\bindent(?:ation)?\s*(?::|=|\|)\s*(?:tabs|(?:\d|two|four)[- ]spaces?)\b|\b(?:are|is)\s+indented\s+(?:with|using|by)\s+(?:tabs|hard tabs|(?:\d|two|four)[- ]spaces?)\b`)
})

var (
	namingStyleRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile("(?i)(?:^|[^\\w])(_camel[_ ]?case|screaming[_ ]snake[_ ]case|upper[_ ]snake[_ ]case|upper_case|constant_case|all[_ ]caps|uppercase with underscores|capitals with underscores|capwords|snake[_ ]case|lower[_ ]snake[_ ]case|lowercase with underscores|lowercase,? with (?:dashes|hyphens)|lowercase and (?:dashes|hyphens)|lower[_ ]?camel[_ ]?case|upper[_ ]?camel[_ ]?case|pascal[_ ]?case|camel[_ ]?case|kebab[-_ ]case|mixed[_ ]?caps)(?:[^\\w]|$)")
	})
	namingKindRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(?:functions?|methods?|variables?|locals|class(?:es)?|types?|structs?|interfaces?|enums?|traits?|constants?|consts?|const val|statics?|identifiers?|naming|private(?:\s*/\s*internal|\s+(?:and|or)\s+internal)?\s+(?:instance\s+|member\s+)?fields?)\b`)
	})
	namingFileKindRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(?:components?|files?|file ?names?|filenames?|modules?|folders?|folder ?names?|director(?:y|ies)|dirs)\b`)
	})
)

// NamingStatement reports a sentence that states the naming style of a kind of
// declaration without a modal ("Functions/variables: `snake_case`", "Method names are
// PascalCase", a table row "Classes | PascalCase"): a convention, as firm as a
// "should" (conventions have exceptions a sentence does not list).
func NamingStatement(text string) bool {
	return namingStyleRE().MatchString(text) && namingKindRE().MatchString(text)
}

// NamingFileStatement reports a sentence that states the naming style of files,
// folders or components without a modal ("Component files are PascalCase", "Modules:
// `snake_case.py`", "Folder names are kebab-case"): when nothing firmer reads it, as
// firm as a "should".
func NamingFileStatement(text string) bool {
	return namingStyleRE().MatchString(text) && namingFileKindRE().MatchString(text)
}

// NamingRow reports a table row that gives a naming style for what its header or
// heading names ("Python | snake_case | `order_book.py`" under "File names", or
// "Kind | Convention" over "Functions | camelCase"): as firm as a "should".
func NamingRow(row, ctx string) bool {
	return namingStyleRE().MatchString(row) && (namingKindRE().MatchString(row+" | "+ctx) || namingFileKindRE().MatchString(row+" | "+ctx))
}

// pairStatementRE: a list item that is only a preference of one code span over
// another ("`bg-container` instead of `bg-white`", "`ID` not `Id`").
var pairStatementRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("^[\\s*_-]*`[^`]+`[*_]*\\s+(?:instead of|rather than|over|not|vs\\.?)\\s+[*_]*`[^`]+`[\\s*_.]*$")
})

// PairStatement reports a sentence that only prefers one code span to another: a
// rule without a modal, as firm as a "should".
func PairStatement(text string) bool { return pairStatementRE().MatchString(text) }
