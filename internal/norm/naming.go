package norm

import (
	"sort"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// Identifier kinds a naming convention names.
const (
	NameFunction = "function"
	NameMethod   = "method"
	NameVariable = "variable"
	NameType     = "type"
	NameConstant = "constant"
)

// Naming styles.
const (
	StyleSnake     = "snake_case"
	StyleCamel     = "camelCase"
	StylePascal    = "PascalCase"
	StyleScreaming = "SCREAMING_SNAKE_CASE"
)

var (
	// convStyleRE finds a naming style, written in its own style or in words.
	convStyleRE = lazyre.New(`(?i)\b(screaming[_ ]snake[_ ]case|upper[_ ]snake[_ ]case|upper_case|constant_case|all[_ ]caps|uppercase with underscores|capitals with underscores|lower[_ ]snake[_ ]case|snake[_ ]case|lowercase[_ ]with[_ ]underscores|lower[_ ]?camel[_ ]?case|upper[_ ]?camel[_ ]?case|pascal[_ ]?case|capwords|camel[_ ]?case|mixedcase)\b`)
	// convKindRE finds a kind of declaration.
	convKindRE = lazyre.New(`(?i)\b(functions?|funcs?|methods?|variables?|vars|locals|local variables?|classes|class|types?|structs?|interfaces?|enums?|traits?|records?|constants?|consts?|const val|statics?|identifiers?)\b`)
	// namingNegRE: a style the sentence forbids ("never snake_case", "not camelCase").
	namingNegRE = lazyre.New(`(?i)\b(?:never|not|no|don't|do not|avoid|instead of|rather than)\s+(?:use\s+|using\s+)?$`)
	// namingOtherNamesRE: names that are not identifiers of the code ("JSON keys",
	// "database columns", "file names", "CSS classes"): a segment about them binds no
	// kind.
	namingOtherNamesRE = lazyre.New(`(?i)\b(?:json|yaml|keys?|fields? in|columns?|tables?|files?|file ?names?|directories|directory|folders?|css|html|env(?:ironment)? var(?:iable)?s?|branch(?:es)?|commits?|routes?|urls?|endpoints?|events?|tests? names?|test cases?|packages?|modules?|crates?|components?|hooks?|props|properties|attributes?|parameters?|arguments?|labels?|tags?|topics?|metrics?|flags?)\b`)
	namingSegRE        = lazyre.New(`[;,.](?:\s|$)|\s—\s|\s-\s`)
	// namingMemberWordRE: a word after a kind that makes it a modifier of something else
	// ("enum values", "class fields", "type hints", "function calls")
	namingMemberWordRE  = lazyre.New(`(?i)^[\s-]*(?:values?|members?|keys?|cases?|entries|entry|variants?|fields?|properties|property|parameters?|params|arguments?|args|attributes?|props|hints?|annotations?|checks?|checking|checker|safety|safe|errors?|system|signatures?|calls?|bod(?:y|ies)|comments?|docstrings?|tests?|coverage|hierarch(?:y|ies)|inference|stubs?|imports?)\b`)
	namingPublicRE      = lazyre.New(`(?i)\b(?:public|exported|external|externally|api)\b`)
	namingAlternativeRE = lazyre.New(`(?i)(?:\bor|/)\s*$`)
	namingExceptRE      = lazyre.New(`(?i)\b(?:except|exception|exceptions|exempt|allowed|may keep|keep their)\b`)
)

type namingMention struct {
	at    int
	style string // set for a style
	kind  string // set for a kind
	scope string // "unexported" when the sentence limits a kind to unexported names
}

// StyleOf is the naming style a word names ("snake_case", "UPPER_SNAKE_CASE",
// "PascalCase", "lowerCamelCase", "CamelCase" written with a capital...), or "".
func StyleOf(word string) string {
	w := strings.ToLower(strings.NewReplacer(" ", "_", "-", "_").Replace(word))
	switch {
	case strings.Contains(w, "screaming") || strings.HasPrefix(w, "upper_snake") || w == "upper_case" || w == "constant_case" || strings.Contains(w, "all_caps") || strings.Contains(w, "uppercase_with") || strings.Contains(w, "capitals_with"):
		return StyleScreaming
	case strings.Contains(w, "snake") || strings.Contains(w, "lowercase_with"):
		return StyleSnake
	case strings.HasPrefix(w, "upper_camel") || strings.HasPrefix(w, "uppercamel") || strings.HasPrefix(w, "pascal") || w == "capwords":
		return StylePascal
	case w == "mixedcaps" && word[0] == 'M':
		// Go's "MixedCaps" is the exported form
		return StylePascal
	case strings.HasPrefix(w, "lower_camel") || strings.HasPrefix(w, "lowercamel") || w == "mixedcase" || w == "mixedcaps":
		return StyleCamel
	case strings.HasPrefix(w, "camel"):
		// "CamelCase" written with a capital is the upper form (Ruby's classes)
		if word[0] == 'C' && strings.Contains(word, "C") && strings.IndexByte(word[1:], 'C') >= 0 {
			return StylePascal
		}
		return StyleCamel
	}
	return ""
}

func namingKindsOf(word string) []string {
	w := strings.ToLower(word)
	switch {
	case strings.HasPrefix(w, "func"):
		return []string{NameFunction}
	case strings.HasPrefix(w, "method"):
		return []string{NameMethod}
	case strings.HasPrefix(w, "var") || strings.HasPrefix(w, "local"):
		return []string{NameVariable}
	case strings.HasPrefix(w, "const") || strings.HasPrefix(w, "static"):
		return []string{NameConstant}
	case strings.HasPrefix(w, "identifier"):
		return []string{NameFunction, NameMethod, NameVariable, NameType, NameConstant}
	}
	return []string{NameType}
}

// NamingBindings reads which style each kind of declaration must follow, by kind
// (NameFunction...; a kind the sentence limits to unexported names has the suffix
// "unexported"): "camelCase for variables/functions, PascalCase for types", "Class
// names use PascalCase", a table row "Functions | snake_case".
func NamingBindings(text string) map[string]string {
	out := map[string]string{}
	// segments: a table row's cells are one segment; otherwise ";", "," and "."
	text = strings.ReplaceAll(text, "`", "")
	segs := namingSegRE.Split(text+" ", -1)
	if strings.Contains(text, " | ") {
		segs = []string{strings.ReplaceAll(text, " | ", " : ")}
	}
	for _, seg := range segs {
		var ms []namingMention
		alternatives := false
		for i, m := range convStyleRE.FindAllStringSubmatchIndex(seg, -1) {
			if namingNegRE.MatchString(seg[:m[0]]) {
				continue
			}
			if i > 0 && namingAlternativeRE.MatchString(seg[:m[0]]) {
				// "camelCase or snake_case for variables": either is allowed
				alternatives = true
			}
			ms = append(ms, namingMention{at: m[0], style: StyleOf(seg[m[2]:m[3]])})
		}
		if len(ms) == 0 || alternatives {
			continue
		}
		if namingOtherNamesRE.MatchString(seg) && !convKindRE.MatchString(seg) || namingPublicRE.MatchString(seg) {
			// "`camelCase` for public variable names and methods": which names are
			// public is the package's exports, which a declaration does not show
			continue
		}
		for _, m := range convKindRE.FindAllStringSubmatchIndex(seg, -1) {
			word := seg[m[2]:m[3]]
			// "class names" is a kind; "CSS classes", "test functions" are not ours
			before := strings.ToLower(seg[max(0, m[0]-12):m[0]])
			if strings.HasSuffix(strings.TrimSpace(before), "css") || strings.HasSuffix(strings.TrimSpace(before), "test") {
				continue
			}
			// "enum values", "class fields": the members, not the declaration
			if namingMemberWordRE.MatchString(seg[m[1]:]) {
				continue
			}
			scope := ""
			if strings.Contains(before, "unexported") || strings.Contains(before, "private") && strings.HasPrefix(strings.ToLower(word), "identifier") {
				scope = "unexported"
			}
			for _, k := range namingKindsOf(word) {
				ms = append(ms, namingMention{at: m[0], kind: k, scope: scope})
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

// NamesAStyle reports whether the text names a naming style.
func NamesAStyle(text string) bool { return convStyleRE.MatchString(text) }

// BansTheLastStyle reports whether the text ends in a ban of what follows it ("never
// use", "rather than"): a naming sentence that bans a style instead of asking for one.
func BansTheLastStyle(text string) bool { return namingNegRE.MatchString(strings.ToLower(text)) }

// NamesExceptions reports whether the text (its code spans taken out) speaks of
// exceptions to a convention ("`setUp` and `tearDown` are the exception").
func NamesExceptions(prose string) bool { return namingExceptRE.MatchString(prose) }
