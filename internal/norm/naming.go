package norm

import (
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/heed-dev/heed/internal/lazyre"
)

// Identifier kinds a naming convention names.
const (
	NameFunction = "function"
	NameMethod   = "method"
	NameVariable = "variable"
	NameType     = "type"
	NameConstant = "constant"
	// NameComponent is a UI component: a function that returns JSX.
	NameComponent = "component"
	// NameField is a class's private instance field ("Private fields are
	// `_camelCase`"): fields the text does not call private are data as often as code
	// (JSON fields, model fields), and are not read.
	NameField = "field"
)

// Naming styles.
const (
	StyleSnake     = "snake_case"
	StyleCamel     = "camelCase"
	StylePascal    = "PascalCase"
	StyleScreaming = "SCREAMING_SNAKE_CASE"
	// StyleMixedCaps is Go's convention: camelCase or PascalCase by whether the
	// name is exported, never an underscore.
	StyleMixedCaps = "MixedCaps"
	// StyleUnderscoreCamel is camelCase after one leading underscore (`_logger`), the
	// private fields of .NET's conventions.
	StyleUnderscoreCamel = "_camelCase"
	// StyleTitleSnake is capitalised words joined by underscores (`Snake_Case`,
	// `Ada_Case`: `Server_Page_Context`): what is checkable is the leading capital.
	StyleTitleSnake = "Title_Snake_Case"
)

var (
	// convStyleRE finds a naming style, written in its own style or in words.
	convStyleRE = lazyre.New(`(?i)\b(_camel[_ ]?case|screaming[_ ]snake[_ ]case|upper[_ ]snake[_ ]case|upper_case|constant_case|all[_ ]caps|uppercase with underscores|capitals with underscores|lower[_ ]snake[_ ]case|snake[_ ]case|lowercase[_ ]with[_ ]underscores|lower[_ ]?camel[_ ]?case|upper[_ ]?camel[_ ]?case|pascal[_ ]?case|capwords|camel[_ ]?case|mixedcase|mixed[_ ]?caps)\b`)
	// convKindRE finds a kind of declaration.
	convKindRE = lazyre.New(`(?i)\b(functions?|funcs?|methods?|variables?|vars|locals|local variables?|classes|class|types?|structs?|interfaces?|enums?|traits?|records?|constants?|consts?|const val|statics?|identifiers?|components?|private(?:\s*/\s*internal|\s+(?:and|or)\s+internal)?\s+(?:instance\s+|member\s+)?fields?)\b`)
	// namingNegRE: a style the sentence forbids ("never snake_case", "not camelCase").
	namingNegRE = lazyre.New(`(?i)\b(?:never|not|no|don't|do not|avoid|instead of|rather than)\s+(?:use\s+|using\s+)?(?:(?:[\w-]+['’]s|the|a)\s+){0,2}$`)
	// namingOtherNamesRE: names that are not identifiers of the code ("JSON keys",
	// "database columns", "file names", "CSS classes"): a segment about them binds no
	// kind.
	namingOtherNamesRE = lazyre.New(`(?i)\b(?:json|yaml|keys?|fields? in|columns?|tables?|files?|file ?names?|directories|directory|folders?|css|html|env(?:ironment)? var(?:iable)?s?|branch(?:es)?|commits?|routes?|urls?|endpoints?|events?|tests? names?|test cases?|packages?|modules?|crates?|components?|hooks?|props|properties|attributes?|parameters?|arguments?|labels?|tags?|topics?|metrics?|flags?)\b`)
	namingSegRE        = lazyre.New(`[;,.](?:\s|$)|\s—\s|\s-\s`)
	// namingMemberWordRE: a word after a kind that makes it a modifier of something else
	// ("enum values", "class fields", "type hints", "function calls")
	namingMemberWordRE  = lazyre.New(`(?i)^[\s-]*(?:values?|members?|keys?|cases?|entries|entry|variants?|fields?|properties|property|parameters?|params|arguments?|args|attributes?|props|hints?|annotations?|checks?|checking|checker|safety|safe|errors?|system|signatures?|calls?|bod(?:y|ies)|comments?|docstrings?|tests?|coverage|hierarch(?:y|ies)|inference|stubs?|imports?|files?|filenames?|folders?|director(?:y|ies)|selectors?|styles?|librar(?:y|ies))\b`)
	namingPublicRE      = lazyre.New(`(?i)\b(?:public|exported|external|externally|api)\b`)
	namingAlternativeRE = lazyre.New(`(?i)(?:\bor|/)\s*$`)
	// namingDescribesRE: a style in a relative clause that describes the things the
	// sentence is about ("files whose main export is a PascalCase class", "modules
	// that define a PascalCase type"): what they hold, not how to name it.
	namingDescribesRE = lazyre.New(`(?i)\b(?:whose|that|which)\s+(?:[a-z]+\s+){0,3}?(?:is|are|exports?|defines?|declares?|contains?|holds?)\s+(?:an?|the|one|its)\s+$`)
	namingExceptRE    = lazyre.New(`(?i)\b(?:except|exception|exceptions|exempt|allowed|may keep|keep their)\b`)
	// namingExportRE: Go's words for a name's visibility ("exported identifiers use
	// PascalCase; unexported use camelCase"), or public and private said of names.
	namingLeadVerbRE = lazyre.New(`^(?:always |please )?(?:use|using|prefer|follow|write|name with|apply)$`)
	namingExportRE   = lazyre.New(`(?i)\b(?:exported|unexported)\b|\b(?:public|private)\b.*\b(?:go|golang)\b|\b(?:go|golang)\b.*\b(?:public|private)\b`)
)

var (
	// exceptBeforeRE: "except (for)" before a kind in the same segment.
	exceptBeforeRE = lazyre.New(`(?i)\bexcept(?:\s+for)?\b[^;]*$`)
	// identifierNameRE, everyBeforeRE: "identifier names", "every identifier": the
	// code's names, when the word is singular.
	identifierNameRE = lazyre.New(`(?i)^\s*names?\b`)
	everyBeforeRE    = lazyre.New(`(?i)\b(?:every|each|any|all)\s*$`)
	// everywhereRE: a style of every name.
	everywhereRE = lazyre.New(`(?i)\beverywhere\b|\bfor everything\b|\ball names\b`)
)

type namingMention struct {
	at    int
	style string // set for a style
	kind  string // set for a kind
	scope string // "unexported" when the sentence limits a kind to unexported names
}

// StyleOf is the naming style a word names ("snake_case", "UPPER_SNAKE_CASE",
// "PascalCase", "lowerCamelCase", "CamelCase" written with a capital...), or "".
// UnexportedKind: a naming convention stated for unexported identifiers ("unexported
// identifiers: camelCase", "unexported: camelCase"), Go's word for the names its
// visibility keeps lower-case.
func UnexportedKind(text string) bool {
	if !strings.Contains(text, "nexported") {
		return false
	}
	label, _, ok := strings.Cut(strings.ToLower(text), ":")
	return ok && strings.Contains(label, "unexported")
}

// NamingComment is the convention a comment of a code block states as a kind and its
// style ("Classes: PascalCase", "functions and methods: snake_case", "exported:
// PascalCase"), as an item of a list would say it; "" for a comment of anything else
// ("retry three times before giving up").
func NamingComment(comment string) string {
	c := strings.TrimSpace(strings.Trim(strings.TrimSpace(comment), "*/"))
	label, style, ok := strings.Cut(c, ":")
	if !ok {
		return ""
	}
	words := strings.Fields(label)
	if len(words) == 0 || len(words) > 5 {
		return ""
	}
	for _, w := range words {
		for _, r := range w {
			if !unicode.IsLetter(r) && r != '-' && r != '&' && r != '(' && r != ')' && r != ',' && r != '/' {
				return ""
			}
		}
	}
	first := strings.Fields(style)
	if len(first) == 0 || StyleOf(strings.Trim(first[0], ",.;`")) == "" && StyleOf(strings.Trim(strings.Join(first[:min(2, len(first))], " "), ",.;`")) == "" {
		return ""
	}
	return strings.TrimSpace(label) + ": " + strings.TrimSpace(style)
}

func StyleOf(word string) string {
	w := strings.ToLower(strings.NewReplacer(" ", "_", "-", "_").Replace(word))
	switch word {
	case "Snake_Case", "Ada_Case", "Title_Case", "Upper_Snake_Case":
		// capitalised words joined by underscores
		return StyleTitleSnake
	}
	switch {
	case strings.HasPrefix(w, "_camel"):
		return StyleUnderscoreCamel
	case strings.Contains(w, "screaming") || strings.HasPrefix(w, "upper_snake") || w == "upper_case" || w == "constant_case" || strings.Contains(w, "all_caps") || strings.Contains(w, "uppercase_with") || strings.Contains(w, "capitals_with"):
		return StyleScreaming
	case strings.Contains(w, "snake") || strings.Contains(w, "lowercase_with"):
		return StyleSnake
	case strings.HasPrefix(w, "upper_camel") || strings.HasPrefix(w, "uppercamel") || strings.HasPrefix(w, "pascal") || w == "capwords":
		return StylePascal
	case strings.HasPrefix(w, "mixed_caps") || strings.HasPrefix(w, "mixedcaps"):
		return StyleMixedCaps
	case strings.HasPrefix(w, "lower_camel") || strings.HasPrefix(w, "lowercamel") || w == "mixedcase":
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
	case strings.HasPrefix(w, "component"):
		return []string{NameComponent}
	case strings.HasPrefix(w, "private") && strings.Contains(w, "field"):
		return []string{NameField}
	}
	return []string{NameType}
}

// NamingBindings reads which style each kind of declaration must follow, by kind
// (NameFunction...; a kind the sentence limits to unexported names has the suffix
// "unexported"): "camelCase for variables/functions, PascalCase for types", "Class
// names use PascalCase", a table row "Functions | snake_case".
func NamingBindings(text string) map[string]string {
	out := map[string]string{}
	if examplesContradict(text) || StyleDefinition(text) {
		// "Use camelCase for function names (e.g. `load_config`, `parse_args`)": the
		// project's names are the other style; which one it means is in doubt
		return out
	}
	// segments: a table row's cells are one segment; otherwise ";", "," and "."
	text = dashLabels(strings.ReplaceAll(text, "`", ""))
	// "camelCase with underscore prefix", "camelCase prefixed with an underscore":
	// the _camelCase of private fields
	if strings.Contains(strings.ToLower(text), "underscore") {
		text = camelUnderscoreRE.ReplaceAllString(text, "_camelCase")
	}
	segs := namingSegRE.Split(text+" ", -1)
	if strings.Contains(text, " | ") {
		segs = []string{strings.ReplaceAll(text, " | ", " : ")}
	}
	if goMixedCaps(text) {
		// "Exported identifiers use CamelCase; unexported use camelCase", "camelCase
		// for unexported, PascalCase for exported", "MixedCaps (no underscores)": Go's
		// MixedCaps, a name's case set by its visibility; what is checkable is that no
		// name has an underscore
		kinds := map[string]bool{}
		for _, k := range convKindRE.FindAllStringSubmatch(text, -1) {
			for _, kk := range namingKindsOf(k[1]) {
				kinds[kk] = true
			}
		}
		if !constWordRE.MatchString(text) {
			// "identifiers" spans constants, whose syscall-style names Go keeps; a
			// sentence that names constants ("Constants are MixedCaps too") binds them
			delete(kinds, NameConstant)
		}
		delete(kinds, NameComponent)
		if len(kinds) == 0 {
			kinds = map[string]bool{NameFunction: true, NameMethod: true, NameType: true, NameVariable: true}
		}
		for k := range kinds {
			out[k] = StyleMixedCaps
		}
		return out
	}
	segs = joinKindLists(segs)
	for _, seg := range segs {

		var ms []namingMention
		alternatives := false
		prevEnd := -1
		for i, m := range convStyleRE.FindAllStringSubmatchIndex(seg, -1) {
			if namingNegRE.MatchString(seg[:m[0]]) || namingDescribesRE.MatchString(seg[:m[0]]) {
				continue
			}
			if prevEnd >= 0 && strings.TrimSpace(seg[prevEnd:m[0]]) == "(" {
				// "`Snake_Case` (PascalCase)": the gloss of the style before it
				continue
			}
			prevEnd = m[1]
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
			if tb := strings.TrimSpace(before); strings.HasSuffix(tb, "env") || strings.HasSuffix(tb, "environment") || strings.HasSuffix(tb, "shell") {
				// "SNAKE_CASE only for env vars": the names of the process's
				// environment, which no declaration of the code holds
				continue
			}
			// "enum values", "class fields": the members, not the declaration
			if namingMemberWordRE.MatchString(seg[m[1]:]) {
				continue
			}
			if exceptBeforeRE.MatchString(seg[:m[0]]) {
				// "snake_case everywhere except for class names": the kind the
				// style leaves out
				continue
			}
			if strings.EqualFold(word, "identifier") && !identifierNameRE.MatchString(seg[m[1]:]) && !everyBeforeRE.MatchString(before) {
				// "Unique section identifier (snake_case)": a value that identifies
				// something, not the code's identifiers
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
		if hasKind := slices.ContainsFunc(ms, func(m namingMention) bool { return m.kind != "" }); !hasKind && everywhereRE.MatchString(seg) {
			// "Use snake_case everywhere (except for class names)": the names of
			// code a style of everything covers, functions, methods and variables
			at := everywhereRE.FindStringIndex(seg)[0]
			for _, k := range []string{NameFunction, NameMethod, NameVariable} {
				ms = append(ms, namingMention{at: at, kind: k})
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

// dashLabels turns a dash between kinds of declaration and the style they take into
// a colon ("Types and interfaces — PascalCase" under a "Naming" heading is "Types and
// interfaces: PascalCase"): a dash that separates two statements stays.
func dashLabels(text string) string {
	var b strings.Builder
	last := 0
	for _, m := range dashRE.FindAllStringIndex(text, -1) {
		before := text[last:m[0]]
		if i := strings.LastIndexAny(before, ";,."); i >= 0 {
			before = before[i+1:]
		}
		after := strings.TrimLeft(text[m[1]:], "*_ ")
		st := convStyleRE.FindStringIndex(after)
		if st == nil || st[0] != 0 || !convKindRE.MatchString(before) || convStyleRE.MatchString(before) {
			continue
		}
		b.WriteString(text[last:m[0]])
		b.WriteString(": ")
		last = m[1]
	}
	b.WriteString(text[last:])
	return b.String()
}

// dashRE: a dash between two parts of a sentence.
var dashRE = lazyre.New(`\s+[—–-]\s+`)

// joinKindLists joins a segment that names kinds of declaration but no style to the
// segment after it when that one gives its kinds first ("Classes, Interfaces,
// Methods, Properties: PascalCase"), or to the one before it when that one gave its
// style first ("camelCase for variables, functions"); a segment neither can take
// stays as it is.
func joinKindLists(segs []string) []string {
	var out []string
	for i := 0; i < len(segs); i++ {
		seg := segs[i]
		if convStyleRE.MatchString(seg) || !convKindRE.MatchString(seg) {
			out = append(out, seg)
			continue
		}
		// a run of kind-only segments, then one with a style
		j := i
		for j+1 < len(segs) && !convStyleRE.MatchString(segs[j+1]) && convKindRE.MatchString(segs[j+1]) {
			j++
		}
		listed := true
		for _, k := range segs[i : j+1] {
			// a list's items are a few words each: "function and method names never
			// start with an uppercase letter" is a sentence of its own
			listed = listed && len(strings.Fields(k)) <= 5
		}
		if listed && j+1 < len(segs) && kindFirst(segs[j+1]) && !databaseSubject(segs[j+1]) && !fileSubject(segs[j+1]) {
			// (not "Names and enums stay stable. Tables are snake case": the style's
			// segment has a subject of its own, no code's)
			out = append(out, strings.Join(segs[i:j+2], ", "))
			i = j + 1
			continue
		}
		if n := len(out); n > 0 && convStyleRE.MatchString(out[n-1]) && !kindFirst(out[n-1]) {
			out[n-1] += ", " + strings.Join(segs[i:j+1], ", ")
			i = j
			continue
		}
		out = append(out, segs[i:j+1]...)
		i = j
	}
	return out
}

// fileSubject: a segment whose subject is the files' names ("Filenames stay
// snake_case"), no declaration's.
func fileSubject(seg string) bool {
	f := strings.Fields(strings.ToLower(strings.Trim(seg, " *_")))
	return len(f) > 0 && (strings.HasPrefix(f[0], "filename") || f[0] == "files" || len(f) > 1 && f[0] == "file" && strings.HasPrefix(f[1], "name"))
}

// databaseSubject: a segment whose subject is the database's (tables, columns).
func databaseSubject(seg string) bool {
	f := strings.Fields(strings.ToLower(strings.Trim(seg, " *_")))
	if len(f) > 0 && f[0] == "the" {
		f = f[1:]
	}
	if len(f) == 0 {
		return false
	}
	switch strings.Trim(f[0], "*_:`") {
	case "table", "tables", "column", "columns", "database", "db", "schema", "schemas", "index", "indexes", "sql":
		return true
	}
	return false
}

// kindFirst reports whether a segment names what takes its style before the style
// ("Properties: PascalCase", "Class names use PascalCase"), not the style first
// ("camelCase for variables", "use PascalCase for types").
func kindFirst(seg string) bool {
	st := convStyleRE.FindStringIndex(seg)
	if st == nil {
		return false
	}
	before := strings.ToLower(strings.Trim(seg[:st[0]], " \t*_-`"))
	return before != "" && !namingLeadVerbRE.MatchString(before)
}

// goMixedCaps reports whether the text states Go's MixedCaps: the word itself, or
// camelCase and PascalCase both, set by a name's visibility, and no other style.
func goMixedCaps(text string) bool {
	if loc := convStyleRE.FindStringIndex(text); loc != nil && styleNegatedRE.MatchString(text[:loc[0]]) {
		// "No `_` or `mixedCaps`", "Don't use `MixedCaps` for unexported helpers": the
		// style is what the sentence bans, not the convention it states
		return false
	}
	seen := map[string]bool{}
	for _, m := range convStyleRE.FindAllString(text, -1) {
		st := StyleOf(m)
		switch st {
		case StyleCamel, StylePascal, StyleMixedCaps:
			seen[st] = true
		default:
			return false
		}
	}
	return seen[StyleMixedCaps] || seen[StyleCamel] && seen[StylePascal] && namingExportRE.MatchString(text)
}

// constWordRE: a sentence names constants themselves.
var constWordRE = lazyre.New(`(?i)\bconst(?:ant)?s?\b`)

// styleNegatedRE: a negation before the first style a sentence names.
var styleNegatedRE = lazyre.New(`(?i)(?:^|\W)(?:no|not|never|don'?t|do not|avoid|without)\W`)

// NamesAStyle reports whether the text names a naming style.
func NamesAStyle(text string) bool { return convStyleRE.MatchString(text) }

// BansTheLastStyle reports whether the text ends in a ban of what follows it ("never
// use", "rather than"): a naming sentence that bans a style instead of asking for one.
func BansTheLastStyle(text string) bool { return namingNegRE.MatchString(strings.ToLower(text)) }

// NamesExceptions reports whether the text (its code spans taken out) speaks of
// exceptions to a convention ("`setUp` and `tearDown` are the exception").
func NamesExceptions(prose string) bool { return namingExceptRE.MatchString(prose) }

// FileNaming is a naming convention of file names a sentence states: the style, the
// words before "files" that say which files ("component", "markdown", "python"; ""
// for all), the code spans of the same part of the sentence (its examples), and the
// words and spans of an exception ("except React components, which use PascalCase
// (`UserCard.tsx`)").
type FileNaming struct {
	Style       string // snake_case, kebab-case, camelCase or PascalCase
	Main        string // the part of the sentence that states it, without the exception
	Qualifier   string
	Examples    []string
	Except      string
	ExceptSpans []string
	// Aside: the style is stated in parentheses after what the sentence asks
	// ("Use consistent file naming conventions (camelCase for files, ...)"): an
	// example of the convention more than its statement.
	Aside bool
}

var (
	fileStyleRE = lazyre.New(`(?i)\b(kebab[-_ ]case|snake[_ ]case|lower[_ ]snake[_ ]case|lowercase[_ ]with[_ ]underscores|lowercase,? with (?:dashes|hyphens)|lowercase and (?:dashes|hyphens)|lower[_ ]?camel[_ ]?case|camel[_ ]?case|pascal[_ ]?case|upper[_ ]?camel[_ ]?case)\b`)
	// fileNounRE: the files a segment is about, with the words that qualify them
	// ("React component files", "Markdown filenames"); Python's and Rust's modules
	// are files.
	// fileGenericHeadRE: a heading about naming in general, under a heading of files.
	fileGenericHeadRE = lazyre.New(`(?i)\b(?:naming|names|conventions?|rules|guidelines?|style|standards?|overview|general|summary|format)\b`)
	fileNounRE        = lazyre.New(`(?i)((?:[\w-]+\s+){0,2}?)\b(?:file\s?names?|files?)\b|\b(python|rust)\s+modules\b|(?:^|:)[\s*_-]*(modules)\b`)
	// fileNotRE: files named in passing that are not the subject ("test files" are
	// the test rules'; directories and folders are not files)
	fileNotRE = lazyre.New(`(?i)\b(?:test|spec|director(?:y|ies)|folders?|config(?:uration)?|env|lock)\b`)
	fileSegRE = lazyre.New(`;\s|\.\s|\.$|\s—\s|\s-\s`)
	// fileParenQualRE: the kind of file in parentheses after the noun ("Files
	// (classes)", "File names (components)").
	fileParenQualRE = lazyre.New(`(?i)\b(?:files?|file ?names?)\s*\(([a-z][a-z -]{1,30})\)`)
	fileExceptRE    = lazyre.New(`(?i),?\s*\b(?:except(?:\s+for)?|other than|apart from|but not)\b`)
	// styleForFilesRE: a style followed by the files it is for ("camelCase for
	// files", "kebab-case for all file names").
	styleForFilesRE = lazyre.New(`(?i)^\s+for\s+(?:all\s+|the\s+|our\s+)?(?:files|file\s?names|filenames|(modules))\b`)
	// styleForKindRE: the kind of file a style is for, after it ("kebab-case for
	// utilities"), not all files or the modules.
	styleForKindRE = lazyre.New(`(?i)^\s+for\s+(?:the\s+)?([a-z]+(?:\s+[a-z]+)?)\b`)
	allFilesRE     = lazyre.New(`(?i)^(?:all|every|any|each|files?|file names?|filenames|names?|everything)\b`)
	fileQualStopRE = lazyre.New(`(?i)^(?:use|using|all|the|our|for|any|every|each|new|and|name|names|are|is|in|with|of|to|should|must|be|written|source|code|your)$`)
)

// FileStyles counts the distinct case styles a text names for file names
// ("PascalCase for components, camelCase for utilities, kebab-case for routes": 3).
func FileStyles(text string) int {
	seen := map[string]bool{}
	for _, m := range fileStyleRE.FindAllString(text, -1) {
		seen[fileStyleOf(m)] = true
	}
	return len(seen)
}

// StyleForKind reports whether the first style of text is bound to a kind of thing
// other than files ("PascalCase for components"), not "snake_case for filenames".
func StyleForKind(text string) bool {
	m := fileStyleRE.FindStringIndex(text)
	if m == nil {
		return false
	}
	k := styleForRE.FindStringSubmatch(text[m[1]:])
	return k != nil && !strings.HasPrefix(strings.ToLower(k[1]), "file")
}

var styleForRE = lazyre.New(`^\s+for\s+(?:the\s+|all\s+)?([A-Za-z][\w-]*)`)

// FileNamings reads the file-naming conventions of a sentence (its backticks kept),
// with the heading above it: "Use kebab-case for file names", "Component files are
// PascalCase: `InvoiceList.tsx`", "modules/packages in `snake_case`" (Python), a
// table row "Python | snake_case | `order_book.py`" under "File names".
func FileNamings(text, header string) []FileNaming {
	var out []FileNaming
	text = strings.NewReplacer("e.g.", "eg", "i.e.", "ie", "E.g.", "eg").Replace(text)
	segs := fileSegRE.Split(text, -1)
	if strings.Contains(text, " | ") {
		segs = []string{text}
	}
	if StyleDefinition(text) {
		return nil
	}
	for _, seg := range segs {
		plain := strings.ReplaceAll(seg, "`", "")
		main, except := plain, ""
		if m := fileExceptRE.FindStringIndex(plain); m != nil {
			main, except = plain[:m[0]], plain[m[1]:]
		}
		whole := main
		main = fileStyledPart(main)
		st := fileStyleRE.FindStringSubmatchIndex(main)
		if st == nil {
			continue
		}
		if namingNegRE.MatchString(main[:st[0]]) || namingDescribesRE.MatchString(main[:st[0]]) {
			// "not camelCase file names"; "files that export a PascalCase component"
			// say what the files hold
			continue
		}
		noun := fileNounRE.FindStringSubmatch(main)
		if m := styleForFilesRE.FindStringSubmatch(main[st[1]:]); m != nil && m[1] != "" {
			// "snake_case for modules and functions": Python's and Rust's modules are
			// files
			noun = []string{"modules", "", "", "modules"}
		} else if m != nil {
			// "camelCase for files, PascalCase for classes": the files the style is
			// for are all of them, whatever words stand before another "file" of the
			// sentence ("Use consistent file naming conventions (...)")
			noun = []string{"files", "", "", ""}
		}
		if noun == nil {
			if !fileNounRE.MatchString(header) || convKindRE.MatchString(main) {
				continue
			}
			// "### Test Files" over "- Use kebab-case": the nearest heading says
			// which files; under "### Hooks" or "### Utility Functions" the style is
			// of things heed does not tell apart by their paths
			last := header
			if i := strings.LastIndex(header, " > "); i >= 0 {
				last = header[i+3:]
			}
			switch {
			case fileNounRE.MatchString(last):
				noun = fileNounRE.FindStringSubmatch(last)
			case fileGenericHeadRE.MatchString(last):
				noun = []string{"", "", "", ""}
			default:
				continue
			}
		}
		qual := ""
		switch {
		case noun[2] != "":
			qual = strings.ToLower(noun[2])
		case noun[3] != "":
			qual = "modules"
		default:
			var words []string
			for _, w := range strings.Fields(strings.Trim(noun[1], " *_:")) {
				w = strings.ToLower(strings.Trim(w, "*_:,"))
				if w != "" && !fileQualStopRE.MatchString(w) && fileStyleRE.FindString(w) == "" {
					words = append(words, w)
				}
			}
			qual = strings.Join(words, " ")
		}
		if qual == "" {
			// "React components use PascalCase filenames", "Vue components:
			// `PascalCase` filenames": the subject before the style is the files'
			if !strings.Contains(strings.ToLower(main[:st[0]]), "component") {
				// (a cheap look first: most styles have no components before them)
			} else if m := componentSubjectRE.FindStringSubmatch(main[:st[0]]); m != nil {
				qual = strings.ToLower(strings.Join(strings.Fields(m[1]), " "))
			}
		}
		if qual == "" && strings.Contains(main[:st[0]], "(") {
			// "Files (classes) | PascalCase matching class name": the kind of file in
			// parentheses after the noun
			if m := fileParenQualRE.FindStringSubmatch(main[:st[0]]); m != nil && !fileNotRE.MatchString(m[1]) {
				qual = strings.ToLower(strings.TrimSpace(m[1]))
			}
		}
		if qual == "" {
			// "Files: kebab-case for utilities (e.g., `weather-utils.ts`)": the kind of
			// file the style is for follows it
			rest := main[st[1]:]
			if m := styleForKindRE.FindStringSubmatch(rest); m != nil && !styleForFilesRE.MatchString(rest) && !allFilesRE.MatchString(m[1]) && FileStyles(whole) == 1 {
				qual = strings.ToLower(m[1])
			}
		}
		if fileNotRE.MatchString(qual) || fileNotRE.MatchString(strings.ToLower(noun[0])) && !strings.Contains(strings.ToLower(noun[0]), "file") {
			continue
		}
		style := fileStyleOf(main[st[2]:st[3]])
		fn := FileNaming{Style: style, Main: whole, Qualifier: qual, Except: strings.TrimSpace(except),
			Aside: strings.Count(main[:st[0]], "(") > strings.Count(main[:st[0]], ")")}
		sp := strings.Split(seg, "`")
		inExcept := false
		for i := 1; i < len(sp); i += 2 {
			before := strings.Join(sp[:i], "")
			inExcept = inExcept || fileExceptRE.MatchString(before)
			if inExcept {
				fn.ExceptSpans = append(fn.ExceptSpans, sp[i])
			} else {
				fn.Examples = append(fn.Examples, sp[i])
			}
		}
		out = append(out, fn)
	}
	return out
}

// fileStyledPart narrows a list of styles, each with what it names ("PascalCase
// classes, camelCase functions, kebab-case files"), to the item of the files: the
// style beside the files is theirs, not the list's first. Any other text is returned
// as it is.
func fileStyledPart(main string) string {
	if len(fileStyleRE.FindAllStringIndex(main, 3)) < 2 {
		return main
	}
	for _, part := range strings.FieldsFunc(main, func(r rune) bool { return r == ',' || r == ';' }) {
		for _, p := range strings.Split(part, " and ") {
			if fileStyleRE.MatchString(p) && fileNounRE.MatchString(p) {
				return p
			}
		}
	}
	return main
}

// fileStyleOf is the style a file-naming word names: kebab-case written as such or in
// words ("lowercase with dashes"), else StyleOf's.
func fileStyleOf(word string) string {
	w := strings.ToLower(word)
	if strings.HasPrefix(w, "kebab") || strings.Contains(w, "dash") || strings.Contains(w, "hyphen") {
		return "kebab-case"
	}
	return StyleOf(word)
}

var (
	// dirNounRE: the directories a segment is about, with up to two words before
	// them that may qualify them ("feature folders").
	dirNounRE = lazyre.New(`(?i)((?:[\w-]+\s+){0,2}?)\b(?:director(?:y|ies)|folders?|dirs)(?:\s?names?)?\b`)
	// dirQualStopRE: words before "directories" that do not narrow which ones.
	statementSegRE = lazyre.New(`;\s|\.\s|\.$`)
	dirQualStopRE  = lazyre.New(`(?i)^(?:use|using|all|the|our|for|any|every|each|new|and|files?|file names?|filenames|name|names|are|is|in|with|of|to|should|must|be|written|source|code|your|&|\+)$`)
)

// DirNamings reads the naming convention a sentence states for directories: "Directory
// names: lowercase with dashes", "Files and directories - kebab-case", "Use snake_case
// for folders", a table row under a "Directories" heading. Directories the sentence
// qualifies ("feature folders", "component directories"), a style it bans, a segment
// that also names kinds of declaration, and a convention with an exception are not
// read: which directories it speaks of is then not certain.
func DirNamings(text, header string) []string {
	var out []string
	// a dash between a label and its value is a colon ("Files and directories -
	// kebab-case"), not a boundary between two statements
	text = strings.NewReplacer("e.g.", "eg", "i.e.", "ie", "E.g.", "eg", " - ", ": ", " — ", ": ").Replace(text)
	segs := statementSegRE.Split(text, -1)
	if strings.Contains(text, " | ") {
		segs = []string{text}
	}
	for _, seg := range segs {
		plain := strings.ReplaceAll(seg, "`", "")
		st := fileStyleRE.FindStringSubmatchIndex(plain)
		if st == nil || namingNegRE.MatchString(plain[:st[0]]) || fileExceptRE.MatchString(plain) || convKindRE.MatchString(plain) {
			continue
		}
		noun := dirNounRE.FindStringSubmatch(plain)
		if noun == nil {
			if !dirNounRE.MatchString(header) || fileNounRE.MatchString(plain) {
				continue
			}
			noun = []string{"", ""}
		}
		qualified := false
		for _, w := range strings.Fields(strings.Trim(noun[1], " *_:")) {
			w = strings.Trim(w, "*_:,")
			if w != "" && !dirQualStopRE.MatchString(w) && fileStyleRE.FindString(w) == "" {
				qualified = true
			}
		}
		if !qualified {
			out = append(out, fileStyleOf(plain[st[2]:st[3]]))
		}
	}
	return slices.Compact(out)
}

var (
	// pkgNamesRE: the sentence is about the names of packages ("Package names are
	// ...", "name packages ...", "Packages: short, lowercase").
	pkgNamesRE = lazyre.New(`(?i)\bpackage[ -]?nam(?:es?|ing)\b|\bname (?:your |the )?packages\b|^\W*packages?\W*:`)
	// pkgLowerRE: what Go asks of them: lower case, one word, no underscores.
	pkgLowerRE = lazyre.New(`(?i)\blower[ -]?case\b|\bno underscores?\b|\bwithout underscores?\b|\bsingle[ -]word\b|\bone word\b`)
	// pkgNotRE: the sentence says something else of package names (a length, what
	// they must not repeat) or lets them break the rule.
	// pkgNextKindRE: the next kind of name a list of conventions goes on to.
	pkgNextKindRE    = lazyre.New(`(?i)[,;]\s+(?:and\s+)?(?:(?:\w+ ?case|mixed ?caps)\s+(?:for|in|on)\s+(?:all\s+|the\s+)?)?(?:exported|unexported|public|private|identifiers?|functions?|types?|variables?|constants?|methods?|structs?|interfaces?|receivers?)\b`)
	pkgBannedStyleRE = lazyre.New(`(?i)\b(?:no|not|nor|or|without)\s+(?:underscores?\s+(?:or|nor)\s+)?(?:mixed ?caps|camel ?case)\b`)
	pkgNotRE         = lazyre.New(`(?i)\b(?:not|never|don't|do not|need not|may)\s+(?:be\s+)?(?:all\s+)?lower[ -]?case\b|\bupper[ -]?case\b|\bpascal|\bcamel|\bsnake`)
)

// GoPackageNaming reports whether the text states Go's convention for package names:
// lower case, one word, no underscores ("Package names are short, lowercase, single
// words — no underscores or mixedCaps"). Which language it is about is the caller's to
// tell: the same words of a Python package speak of its directory.
func GoPackageNaming(text string) bool {
	for _, t := range statementSegRE.Split(strings.ReplaceAll(text, "`", ""), -1) {
		// the names and what is asked of them in one clause: "Use lowercase for file
		// names; package names follow the directory" asks nothing of packages
		if loc := pkgNamesRE.FindStringIndex(t); loc != nil {
			// "short, lowercase package names (ai), exported identifiers with
			// PascalCase": the styles of other names are not the packages'
			if m := pkgNextKindRE.FindStringIndex(t[loc[1]:]); m != nil {
				t = t[:loc[1]+m[0]]
			}
		}
		if !pkgNamesRE.MatchString(t) || !pkgLowerRE.MatchString(t) {
			continue
		}
		// "no ... mixedCaps" and "no camelCase" ban a style; a style the text asks
		// for is another convention
		return !pkgNotRE.MatchString(pkgBannedStyleRE.ReplaceAllString(t, ""))
	}
	return false
}

// An Affix is a prefix or suffix a kind of declaration must carry, or must not:
// "Interfaces: prefix with `I`", "Do not prefix interfaces with `I`", "Async methods:
// suffix with `Async`", "Custom exceptions end in `Error`".
type Affix struct {
	Kind   string // AffixInterface, AffixAsync or AffixException
	Prefix string
	Suffix string
	Forbid bool
}

// Kinds of declaration an affix is read for.
const (
	AffixInterface = "interface"
	AffixAsync     = "async method"
	AffixException = "exception"
	// AffixClass: a class name's leading underscore ("No class name may start with
	// a leading underscore").
	AffixClass = "class"
	// AffixFunction: a lowercase prefix the functions of a place carry ("Every
	// function in `app/database/` is prefixed with `db_`").
	AffixFunction = "function"
)

var (
	affixKindRE = lazyre.New(`(?i)\b(interfaces?|interface names|(?:async|asynchronous) (?:methods?|functions?)|(?:custom )?exceptions?(?: classes)?|(?:custom )?error (?:classes|types)|exception classes)\b`)
	// affixPrefixRE, affixSuffixRE: the words that say where the span goes.
	affixPrefixRE = lazyre.New(`(?i)\bprefix(?:ed|es)?\b|\b(?:start|starts|begin|begins|starting|beginning)\s+with\b`)
	affixSuffixRE = lazyre.New(`(?i)\bsuffix(?:ed|es)?\b|\b(?:end|ends|ending)\s+(?:in|with)\b`)
	affixNegRE    = lazyre.New(`(?i)\b(?:do not|don't|never|no|not|without|avoid)\b`)
	affixSpanRE   = lazyre.New("[`\"'“]-?([A-Z][A-Za-z]*|-?er)[`\"'”]")
	// affixBareIRE: an interface's I written bare, after the words that say it is a
	// prefix (group 1), or before "+ PascalCase" and "-prefix" (group 2)
	// affixNarrowedRE: "I-prefixed" then words that narrow the interfaces before
	// the noun ("I-prefixed platform abstraction interfaces").
	affixNarrowedRE = lazyre.New(`^I-prefix(?:ed)?\s+(?:[A-Za-z-]+\s+){1,3}interfaces?\b`)
	affixBareIRE    = lazyre.New(`\b(?:[Pp]refix(?:ed|es)?(?: with)?|[Ss]tart(?:s|ing)? with|[Bb]egin(?:s|ning)? with) (?:an? )?(?:letter )?(I)(?:[^\w-]|$)|(?:^|[\s|(:])(I)(?:\s*\+\s*(?:PascalCase|UpperCamelCase)\b|-prefix(?:ed)?\b)`)
)

// NamingAffixes reads the prefixes and suffixes a sentence asks of interfaces, async
// methods and exception classes. A sentence that names several kinds or several
// spans is not read: which span goes with which kind is not certain.
func NamingAffixes(text string) []Affix {
	if a, ok := lowerAffix(text); ok {
		return []Affix{a}
	}
	kinds := affixKindRE.FindAllStringSubmatchIndex(text, -1)
	spans := affixSpanRE.FindAllStringSubmatchIndex(text, -1)
	bareI := false
	if len(kinds) == 0 {
		return nil
	}
	if m := affixBareIRE.FindStringSubmatchIndex(text); m != nil && m[4] >= 0 && affixNarrowedRE.MatchString(text[m[4]:]) {
		// "the I-prefixed platform abstraction interfaces that adapters implement":
		// the letter marks a kind of interface the words between name, not every one
		return nil
	} else if m != nil {
		// "Interfaces are not prefixed with I (`ButtonProps`, not `IButtonProps`)",
		// "Interfaces | I + PascalCase | `IOrderRepository`": the letter written
		// bare; the spans are its examples
		at := m[2]
		if at < 0 {
			at, bareI = m[4], true
		}
		spans = [][]int{{at, at + 1, at, at + 1}}
	}
	if len(kinds) == 0 || len(spans) == 0 {
		return nil
	}
	kind := ""
	for _, k := range kinds {
		w := strings.ToLower(text[k[2]:k[3]])
		var this string
		switch {
		case strings.HasPrefix(w, "interface"):
			this = AffixInterface
		case strings.HasPrefix(w, "async"):
			this = AffixAsync
		default:
			this = AffixException
		}
		if kind != "" && kind != this {
			return nil
		}
		kind = this
	}
	sp := text[spans[0][2]:spans[0][3]]
	for _, s := range spans[1:] {
		if o := text[s[2]:s[3]]; o != sp && len(o) < len(sp)+2 {
			return nil // "`I` or `Abstract`": two affixes, not one and its examples
		}
	}
	if strings.HasPrefix(sp, "-") || sp == "er" {
		return nil // Go's -er: "single-method interfaces" is more than heed reads
	}
	pre, suf := affixPrefixRE.FindStringIndex(text), affixSuffixRE.FindStringIndex(text)
	if bareI && pre == nil && suf == nil {
		pre = spans[0][:2] // "I + PascalCase" says the I leads
	}
	a := Affix{Kind: kind}
	switch {
	case pre != nil && suf == nil:
		a.Prefix = sp
	case suf != nil && pre == nil:
		a.Suffix = sp
	default:
		return nil
	}
	if kind == AffixInterface && a.Prefix != "I" {
		return nil
	}
	if kind == AffixAsync && a.Suffix != "Async" {
		return nil
	}
	if kind == AffixException && a.Suffix != "Error" && a.Suffix != "Exception" {
		return nil
	}
	verb := pre
	if verb == nil {
		verb = suf
	}
	a.Forbid = affixNegRE.MatchString(text[:verb[0]])
	return []Affix{a}
}

var (
	// lowerAffixKindRE: a class or a function named as the subject of a prefix
	// ("No Python class name may start with", "Every function in `x/` is prefixed"),
	// with the words after it up to the verb.
	lowerAffixKindRE = lazyre.New(`(?i)\b(?:no|every|all|each|the)?\s*(?:[A-Z][a-z]+\s+)?\b(class(?:es| names?)?|functions?(?: names?)?)\b([^.;:]*?)\b(?:(?:must|should|may|can|shall|will)\s+(?:never\s+|not\s+)?|(?:are|is)\s+(?:never\s+|not\s+)?|(?:never|do not|don't|does not|doesn't)\s+)?(start(?:s|ing)?\s+with|begin(?:s|ning)?\s+with|prefixed(?:\s+with)?)\b`)
	// lowerAffixSpanRE: the prefix: a lowercase word and its underscore in
	// backticks, or a leading underscore in words.
	lowerAffixSpanRE  = lazyre.New("^\\s*(?:an?\\s+)?(?:`([a-z][a-z0-9]*_)`|(?:leading\\s+)?underscores?\\b|`_`)")
	lowerAffixCondRE  = lazyre.New(`(?i)^\s*(?:that|which|who|when|if|whose)\b`)
	affixCondAfterRE  = lazyre.New(`(?i)^[^.;]*\b(?:when|if|unless|whenever|where they|that)\b`)
	lowerAffixPlaceRE = lazyre.New("^\\s*(?:in|under|inside|within)\\s+`[^`]+/?`\\s*$")
)

// lowerAffix reads the two lowercase prefixes heed checks: a class name's leading
// underscore, banned ("No Python class name may start with a leading underscore",
// "Class names must never start with an underscore"), and a prefix the functions of
// one place carry ("Every function in `app/database/` is prefixed with `db_`"). A
// kind qualified by a clause ("Every function that touches the database") is not
// read: which functions it speaks of is more than the name says.
func lowerAffix(text string) (Affix, bool) {
	m := lowerAffixKindRE.FindStringSubmatchIndex(text)
	if m == nil {
		return Affix{}, false
	}
	kindWord := strings.ToLower(text[m[2]:m[3]])
	if strings.HasSuffix(strings.TrimSpace(strings.ToLower(text[:m[2]])), "test") {
		// "Test functions must start with `test_`": the prefix is what makes a
		// function a test, so no other function of a test file breaks it
		return Affix{}, false
	}
	between := text[m[4]:m[5]]
	if lowerAffixCondRE.MatchString(between) {
		return Affix{}, false
	}
	if strings.TrimSpace(between) != "" && !lowerAffixPlaceRE.MatchString(between) {
		return Affix{}, false
	}
	sp := lowerAffixSpanRE.FindStringSubmatch(text[m[1]:])
	if sp == nil {
		return Affix{}, false
	}
	if affixCondAfterRE.MatchString(text[m[1]+len(sp[0]):]) {
		return Affix{}, false // "Functions start with `get_` when they read"
	}
	prefix := sp[1]
	if prefix == "" {
		prefix = "_"
	}
	lead := strings.ToLower(text[:m[3]])
	verb := strings.ToLower(text[m[3]:m[1]])
	forbid := affixNegRE.MatchString(lead) || affixNegRE.MatchString(verb)
	switch {
	case strings.HasPrefix(kindWord, "class") && prefix == "_" && forbid:
		return Affix{Kind: AffixClass, Prefix: "_", Forbid: true}, true
	case strings.HasPrefix(kindWord, "function") && prefix != "_" && !forbid:
		return Affix{Kind: AffixFunction, Prefix: prefix}, true
	}
	return Affix{}, false
}

var (
	// exampleSpanRE: an identifier in a code span.
	exampleSpanRE = lazyre.New("`([A-Za-z_][A-Za-z0-9_]*)`")
	// counterExampleRE: the words before a span that make it the wrong form ("`a`,
	// not `b`", "never `c`").
	counterExampleRE = lazyre.New(`(?i)\b(?:not|never|avoid|instead of|rather than|bad|wrong|don't|do not)\W*$`)
	humpRE           = lazyre.New(`[a-z0-9][A-Z]`)
	exampleSentRE    = lazyre.New(`[.;!?](?:\s+|$)`)
	snakeNameRE      = lazyre.New(`^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$`)
	lowerLetterRE    = lazyre.New(`[a-z]`)
)

// examplesContradict reports a sentence that names one style and gives examples of
// names, every one of which is plainly in another style ("Use camelCase for function
// names (e.g. `load_config`, `parse_args`)"). The examples are the project's names:
// the sentence, or its reading, is in doubt, and no rule should flag the very names it
// shows. A name the sentence marks as wrong ("not `loadConfig`"), and one word names
// (`load`), say nothing either way.
func examplesContradict(text string) bool {
	if !strings.Contains(text, "`") {
		return false // no examples
	}
	style := ""
	for _, m := range convStyleRE.FindAllStringIndex(text, -1) {
		if namingNegRE.MatchString(text[:m[0]]) {
			continue
		}
		st := StyleOf(text[m[0]:m[1]])
		if style != "" && st != style {
			return false // several styles: which example goes with which is not read
		}
		style = st
	}
	if style == "" {
		return false
	}
	// the examples: spans of the sentences that name the style, up to an exception
	// ("The `unittest` hooks `setUp` and `tearDown` are the exception")
	var ex strings.Builder
	for _, sent := range exampleSentRE.Split(strings.NewReplacer("e.g.", "eg", "i.e.", "ie", "E.g.", "Eg", "etc.", "etc").Replace(text), -1) {
		if !convStyleRE.MatchString(sent) {
			continue
		}
		if loc := namingExceptRE.FindStringIndex(sent); loc != nil {
			sent = sent[:loc[0]]
		}
		ex.WriteString(sent + " ")
	}
	text = ex.String()
	seen := 0
	for _, m := range exampleSpanRE.FindAllStringSubmatchIndex(text, -1) {
		name := strings.TrimLeft(text[m[2]:m[3]], "_")
		if name == "" || StyleOf(name) != "" || counterExampleRE.MatchString(text[max(0, m[0]-16):m[0]]) {
			continue
		}
		var against, with bool
		switch style {
		case StyleSnake:
			against = humpRE.MatchString(name)
			with = snakeNameRE.MatchString(name)
		case StyleCamel, StyleMixedCaps:
			against = snakeNameRE.MatchString(name)
			with = humpRE.MatchString(name)
		case StylePascal:
			// one lowercase word is as often a keyword (`type`) as a name
			against = lowerLetterRE.MatchString(name[:1]) && (humpRE.MatchString(name) || strings.Contains(name, "_"))
			with = !lowerLetterRE.MatchString(name[:1])
		case StyleScreaming:
			against = lowerLetterRE.MatchString(name) && (humpRE.MatchString(name) || strings.Contains(name, "_"))
			with = !lowerLetterRE.MatchString(name)
		default:
			return false
		}
		if with {
			return false
		}
		if against {
			seen++
		}
	}
	return seen > 0
}

// OtherStylePaths are the folders a sentence places under a style other than the
// given one ("Modules in `legacy/` still use camelCase; all new code uses snake_case"):
// for the snake_case rule, `legacy/` is the exception, not the place.
func OtherStylePaths(text, style string) []string {
	var out []string
	for _, seg := range namingSegRE.Split(text+" ", -1) {
		other, same := false, false
		for _, m := range convStyleRE.FindAllStringIndex(seg, -1) {
			if StyleOf(seg[m[0]:m[1]]) == style {
				same = true
			} else if !namingNegRE.MatchString(seg[:m[0]]) {
				other = true
			}
		}
		other = other && !same
		if other {
			out = append(out, InPaths(seg)...)
		}
	}
	return out
}

// styleDefinitionRE: a style's name, then what it means ("PascalCase: Capitalize the
// first letter of each word", "**kebab-case**: words separated by hyphens").
var styleDefinitionRE = lazyre.New("(?i)^[\\s*_`-]*(?:kebab|snake|camel|pascal|screaming|upper|lower|title)[\\w-]*[*_`]*\\s*(?:\\([^)]*\\))?\\s*[:=—–-]\\s*(?:all\\b|first\\b|each\\b|every\\b|words?\\b|capitali[sz]e|lower[- ]?case\\b|upper[- ]?case\\b|multiple\\b|the first\\b|separat)")

// StyleDefinition reports a sentence that says what a style is, not where it is
// used: the glossary of a naming guide.
func StyleDefinition(text string) bool {
	return strings.ContainsAny(text, ":=—–-") && styleDefinitionRE.MatchString(text)
}

// A StyleTag is a style a sentence gives a language in parentheses, with no kind of
// declaration: "snake_case (Py), camelCase (JS)".
type StyleTag struct{ Style, Lang string }

// styleTagRE: a style, then a language's name in parentheses.
var styleTagRE = lazyre.New("(?i)`?([A-Za-z_]*(?:case|caps))`?\\s*\\(\\s*(py|python|js|javascript|ts|typescript|go|golang|rust|java|kotlin|ruby|php|c#|c\\+\\+)\\s*\\)")

// StyleLangTags reads the styles a sentence gives languages in parentheses, in
// segments that name no kind of declaration ("Naming: snake_case (Py), camelCase
// (JS), PascalCase for classes/types": functions and variables are snake_case in
// Python and camelCase in JavaScript), and the text without them.
func StyleLangTags(text string) (tags []StyleTag, rest string) {
	if !strings.Contains(text, "(") || !NamesAStyle(text) {
		return nil, text
	}
	var keep []string
	for _, seg := range strings.SplitAfter(text, ",") {
		m := styleTagRE.FindStringSubmatch(seg)
		if m == nil || StyleOf(m[1]) == "" || convKindRE.MatchString(strings.Replace(seg, m[0], "", 1)) {
			keep = append(keep, seg)
			continue
		}
		tags = append(tags, StyleTag{Style: m[1], Lang: m[2]})
	}
	return tags, strings.Join(keep, "")
}

// privateUnderscoreRE: private members said to carry a leading underscore ("Private
// properties and methods are prefixed with an underscore", "Private class members
// start with an underscore").
var privateUnderscoreRE = lazyre.New("(?i)(?:\\bprivate\\s+(?:class\\s+|instance\\s+)?(?:members?|properties|property|fields?)\\b(?:\\s+and\\s+methods)?|\\b(?:members?|properties|fields?)\\s+that\\s+are\\s+private\\b)[^.;]*?\\b(?:starts?\\s+with|begins?\\s+with|(?:are\\s+|is\\s+|be\\s+)?prefixed\\s+with|prefix(?:es)?\\s+with|use|have|get)\\s+(?:an?\\s+|one\\s+|a\\s+single\\s+)?(?:leading\\s+)?(?:underscore|`_`)")

// camelUnderscoreRE: camelCase said in words to carry a leading underscore.
var camelUnderscoreRE = lazyre.New(`(?i)\b(?:underscore[- ]prefixed\s+camel[_ ]?case|camel[_ ]?case,?\s+(?:with|plus|and)\s+(?:an?\s+|one\s+)?(?:leading\s+)?underscore(?:\s+prefix)?|camel[_ ]?case,?\s+prefixed\s+(?:with|by)\s+(?:an?\s+)?underscore)\b`)

// AsksUnderscoreFields reports a sentence that asks private fields for a leading
// underscore, in any of the ways NamingBindings and PrivateUnderscore read.
func AsksUnderscoreFields(text string) bool {
	if PrivateUnderscore(text) {
		return true
	}
	l := strings.ToLower(text)
	if !strings.Contains(l, "underscore") && !strings.Contains(l, "_camel") {
		return false
	}
	return NamingBindings(text)[NameField] == StyleUnderscoreCamel
}

// NoUnderscore reports a sentence that says a name carries no underscore ("camelCase,
// no leading underscore", "without an underscore prefix").
func NoUnderscore(text string) bool {
	if !strings.Contains(strings.ToLower(text), "underscore") && !strings.Contains(text, "`_`") {
		return false
	}
	return noUnderscoreRE.MatchString(text)
}

var noUnderscoreRE = lazyre.New(`(?i)\b(?:no|not|never|without|don't use|do not use)\s+(?:an?\s+|the\s+)?(?:leading\s+)?(?:underscores?|` + "`_`" + `)(?:\s+prefix(?:es)?)?\b|\bnot\s+(?:be\s+)?prefixed\s+with\s+(?:an?\s+)?(?:underscore|` + "`_`" + `)`)

// PrivateUnderscore reports a sentence that asks private fields for a leading
// underscore, said in words: the _camelCase of .NET's and TypeScript's private
// fields. A negated one ("never prefix private members with an underscore") is not.
func PrivateUnderscore(text string) bool {
	if l := strings.ToLower(text); !strings.Contains(l, "private") || !strings.Contains(l, "underscore") && !strings.Contains(l, "`_`") {
		return false
	}
	loc := privateUnderscoreRE.FindStringIndex(text)
	return loc != nil && !styleNegatedRE.MatchString(text[loc[0]:loc[1]])
}

// Initialisms reads a convention that keeps initialisms in one case ("`ID` not `Id`",
// "Initialisms keep one case: `userID`, `parseURL`; never `userId`", "Acronyms in
// identifiers stay upper case"): the initialisms it names, upper case ("ID", "URL",
// "HTTP"), or Go's common ones when it names none. nil for any other text.
func Initialisms(text string) []string {
	l := strings.ToLower(text)
	named := strings.Contains(l, "initialism") || strings.Contains(l, "acronym")
	if !named && strings.Count(text, "`") < 4 {
		return nil // no word for them, and no two spans to compare
	}
	if !named && !caseTwinSpans(text) {
		return nil
	}
	locs := identSpanRE.FindAllStringSubmatchIndex(text, -1)
	spans := make([][]string, len(locs))
	for i, m := range locs {
		spans[i] = []string{text[m[0]:m[1]], text[m[2]:m[3]]}
	}
	var out []string
	pair := false
	for i := 0; i < len(spans); i++ {
		for j := i + 1; j < len(spans); j++ {
			a, b := spans[i][1], spans[j][1]
			if a == b || !strings.EqualFold(a, b) {
				continue
			}
			if !named && !caseContrastRE.MatchString(text[locs[i][1]:locs[j][0]]) && !caseContrastRE.MatchString(text[:locs[i][0]]) {
				// "`PODMAN`: the path to the binary, `podman` by default": two
				// names that differ in case, set against each other by nothing
				continue
			}
			if allOneCase(a) && allOneCase(b) && len(a) > 5 {
				// `PODMAN` and `podman`: an environment variable and a command,
				// not an initialism inside a name
				continue
			}
			if init := initialismOf(a, b); init != "" {
				out, pair = append(out, init), true
			} else if init := initialismOf(b, a); init != "" {
				out, pair = append(out, init), true
			}
		}
	}
	if !pair {
		if !initialismWordRE.MatchString(text) || !initialismCaseRE.MatchString(text) || styleNegatedRE.MatchString(text) {
			return nil
		}
		for _, sp := range spans {
			for _, m := range capsRunRE.FindAllStringIndex(sp[1], -1) {
				run := sp[1][m[0]:m[1]]
				if m[1] < len(sp[1]) && unicode.IsLower(rune(sp[1][m[1]])) {
					run = run[:len(run)-1] // `HTTPServer`: the S starts the next word
				}
				if len(run) >= 2 {
					out = append(out, run)
				}
			}
		}
		if len(out) == 0 {
			out = append(out, goInitialisms...)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// caseTwinSpans reports two code spans that differ only in their letters' case, read
// without an expression (most sentences have none).
func caseTwinSpans(text string) bool {
	parts := strings.Split(text, "`")
	seen := map[string]string{}
	for i := 1; i < len(parts); i += 2 {
		k := strings.ToLower(parts[i])
		if o, ok := seen[k]; ok && o != parts[i] {
			return true
		}
		seen[k] = parts[i]
	}
	return false
}

// initialismOf is the initialism spelled in capitals in a and not in b, two spellings
// of one name ("userID" and "userId": "ID"), or "".
func initialismOf(a, b string) string {
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	if i == len(a) || !unicode.IsUpper(rune(a[i])) || !unicode.IsLower(rune(b[i])) {
		return ""
	}
	lo, hi := i, i
	for lo > 0 && unicode.IsUpper(rune(a[lo-1])) {
		lo--
	}
	for hi < len(a) && unicode.IsUpper(rune(a[hi])) {
		hi++
	}
	if hi < len(a) && unicode.IsLower(rune(a[hi])) {
		hi-- // `HTTPClient`: the C starts the next word
	}
	if hi-lo < 2 {
		return ""
	}
	return a[lo:hi]
}

// allOneCase reports a word whose letters are all upper or all lower case.
func allOneCase(w string) bool { return w == strings.ToUpper(w) || w == strings.ToLower(w) }

var (
	// caseContrastRE: words that set one spelling against another ("`ID` not `Id`",
	// "`userID` instead of `userId`", "never `Url`", "✗ `Http`").
	caseContrastRE   = lazyre.New(`(?i)\b(?:not|never|instead of|rather than|over|vs\.?|versus|avoid|don't|do not|wrong|bad|good|right|correct|incorrect)\b|[→✗✓❌✅]|->`)
	identSpanRE      = lazyre.New("`([A-Za-z][A-Za-z0-9]*)`")
	capsRunRE        = lazyre.New(`[A-Z]{2,}`)
	initialismWordRE = lazyre.New(`(?i)\b(?:initialisms?|acronyms?)\b`)
	initialismCaseRE = lazyre.New(`(?i)\b(?:(?:one|same|consistent|a single)\s+case|upper[ -]?case|all[ -]?caps|capitali[sz]ed|capitals)\b`)
)

// goInitialisms are the initialisms Go's own linters keep in one case.
var goInitialisms = []string{"ACL", "API", "ASCII", "CPU", "CSS", "DNS", "EOF", "GUID", "HTML", "HTTP", "HTTPS", "ID", "IP", "JSON", "QPS", "RAM", "RPC", "SLA", "SMTP", "SQL", "SSH", "TCP", "TLS", "TTL", "UDP", "UI", "UID", "UUID", "URI", "URL", "UTF8", "VM", "XML", "XMPP", "XSRF", "XSS"}

// BooleanPrefixes reads a convention that names booleans with a prefix ("Boolean
// variables start with `is`, `has` or `should`", "prefix booleans with
// `is`/`has`/`should`", "Booleans: is/has prefix"): the prefixes, or nil for any
// other text and for one that bans them.
func BooleanPrefixes(text string) []string {
	if !strings.Contains(strings.ToLower(text), "boolean") {
		return nil
	}
	loc := boolKindRE.FindStringIndex(text)
	if loc == nil || !boolPrefixWordRE.MatchString(text) || styleNegatedRE.MatchString(text) {
		return nil
	}
	var out []string
	for _, m := range boolSpanRE.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	if len(out) == 0 {
		// "is/has prefix": the words of a slash list
		if m := boolSlashRE.FindString(text); m != "" {
			out = strings.Split(m, "/")
		}
	}
	if len(out) == 0 {
		return nil
	}
	slices.Sort(out)
	return slices.Compact(out)
}

var (
	boolKindRE       = lazyre.New(`(?i)\bbooleans?\b`)
	boolPrefixWordRE = lazyre.New(`(?i)\b(?:prefix(?:ed|es)?|start(?:s|ing)?\s+with|begins?\s+with|beginning\s+with)\b`)
	boolSpanRE       = lazyre.New("`(is|has|have|should|can|will|did|was|were|are|does|needs|allows?)`")
	boolSlashRE      = lazyre.New(`\b(?:is|has|have|should|can|will|did|was|does)(?:/(?:is|has|have|should|can|will|did|was|does))+\b`)
)

// testPatternDontFitRE: a sentence that keeps files out of the pattern ("don't rename
// it to fit `*_test.py`", "need not match", "intentionally don't follow").
var testPatternDontFitRE = lazyre.New(`(?i)\b(?:don'?t|do\s+not|never|no\s+need\s+to)\s+(?:rename|force|change)\b[^.;]*\b(?:to\s+)?(?:fit|match|follow)\b|\b(?:need\s+not|don'?t\s+(?:have\s+to|need\s+to))\s+(?:match|follow|fit)\b`)

// TestFilePatterns reads the names test files must have ("Test files end in
// `_test.go`", "Naming: `test_<feature>.py` convention", "Test files follow the
// pattern `*.test.ts`", "with a test_ prefix or suffix (e.g., test_scoring.py,
// scoring.test.js)"): each as a file glob without folders ("*_test.go",
// "test_*.py", "*.test.ts"); a pattern the text sets aside ("not `.test.ts`") is
// left out. nil for any other text.
func TestFilePatterns(text string) []string {
	l := strings.ToLower(text)
	if !strings.Contains(l, "test") && !strings.Contains(l, "spec") {
		return nil
	}
	if !testFileSpan(text) && !strings.Contains(l, "prefix") && !strings.Contains(l, "suffix") {
		return nil // no span of a test file's name, and no affix in words
	}
	if !testFileTopicRE.MatchString(text) {
		return nil
	}
	if containsAny(l, " off ", "disabled", "not enforced", "relaxed", "exempt", "excluded", "ignored", "apply") && testPatternsExemptRE.MatchString(text) {
		// "The rule is switched off for `*.test.ts` and `testing.ts` files": the
		// files a rule leaves alone, named by their pattern, no convention of
		// naming (wild round 39, obsidian-journal)
		return nil
	}
	if containsAny(l, "rename", "need not", "don't have to", "don't need to") && testPatternDontFitRE.MatchString(text) {
		// "don't rename it to fit the `*_test.py` pattern unless ...": files that
		// need not follow it (wild round 23, yaal_examples)
		return nil
	}
	var out []string
	for _, m := range testPatternRE.FindAllStringSubmatchIndex(text, -1) {
		if testPatternNotRE.MatchString(text[:m[0]]) {
			continue // "`.spec.ts`, not `.test.ts`": the pattern set aside
		}
		p := text[m[2]:m[3]]
		p = testPatternPlaceholderRE.ReplaceAllString(p, "*")
		if strings.HasPrefix(p, ".") || strings.HasPrefix(p, "_") {
			p = "*" + p
		}
		if !strings.Contains(p, "*") || strings.ContainsAny(p, "/ ") {
			continue // `test_scoring.py`: one file, an example
		}
		out = append(out, p)
	}
	if len(out) == 0 {
		// "(e.g., test_scoring.py, scoring.test.js)": examples of a prefix or
		// suffix the text names in words
		if testAffixWordsRE.MatchString(text) {
			for _, m := range testExampleRE.FindAllStringSubmatch(text, -1) {
				switch {
				case strings.HasPrefix(m[1], "test_"):
					out = append(out, "test_*"+m[1][strings.LastIndexByte(m[1], '.'):])
				default:
					if i := strings.Index(m[1], ".test."); i > 0 {
						out = append(out, "*"+m[1][i:])
					} else if i := strings.Index(m[1], "_test."); i > 0 {
						out = append(out, "*"+m[1][i:])
					}
				}
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// testFileSpan reports a code span that may be a test file's name ("`*_test.go`"),
// read without an expression.
func testFileSpan(text string) bool {
	parts := strings.Split(text, "`")
	for i := 1; i < len(parts); i += 2 {
		p := strings.ToLower(parts[i])
		if strings.Contains(p, ".") && (strings.Contains(p, "test") || strings.Contains(p, "spec")) {
			return true
		}
	}
	return false
}

// TestFileNaming reports a sentence that states the names of test files in words that
// say it names them ("Test files are named `test_<module>.py`", "Unit test files use
// the `.spec.ts` suffix", "end in `_test.go`"): a convention wherever it stands. One
// that only says which files are used ("Test files use `.test.ts`") is read by its
// section.
func TestFileNaming(text string) bool {
	if l := strings.ToLower(text); !strings.Contains(l, "test") && !strings.Contains(l, "spec") {
		return false
	}
	return testNamingVerbRE.MatchString(text) && len(TestFilePatterns(text)) > 0
}

// testPatternsExemptRE: test files named as the ones a rule or check leaves alone.
var testPatternsExemptRE = lazyre.New("(?i)\\b(?:switched off|turned off|disabled|not enforced|relaxed|exempt(?:ed)?|excluded|ignored|does(?: not|n't) apply|off)\\s+(?:for|in|on)\\s+(?:the\\s+)?`")

var testNamingVerbRE = lazyre.New(`(?i)\b(?:named|name|naming|ends?\s+(?:in|with)|suffix(?:ed)?|prefix(?:ed)?|pattern|convention)\b`)

var (
	testFileTopicRE          = lazyre.New(`(?i)\b(?:test|unit test|spec)\s+(?:files?|modules?)\b|\bname\s+(?:unit\s+)?tests?\b|\b(?:naming|named|pattern|convention|suffix|prefix)\b`)
	testPatternRE            = lazyre.New("`(\\*?[._]?[A-Za-z0-9_<>{}\\[\\]*-]*(?:test|spec|Test|Spec)[A-Za-z0-9_<>{}\\[\\]*.-]*\\.(?:go|py|ts|tsx|js|jsx|mjs|cjs|java|kt|rb|rs|cs))`")
	testPatternNotRE         = lazyre.New("(?i)\\b(?:not|never|instead of|rather than|avoid|over)\\b[^.;`]*$")
	testPatternPlaceholderRE = lazyre.New(`<[^>]*>|\{[^}]*\}|\[[^\]]*\]`)
	testAffixWordsRE         = lazyre.New(`(?i)\btest_?\s+(?:prefix|suffix)\b|\b(?:prefix|suffix)\s+(?:of\s+)?` + "`?" + `_?test`)
	testExampleRE            = lazyre.New(`\b([a-z0-9_]+(?:\.test|_test)?\.(?:py|js|ts|go))\b`)
)

// HookNaming reports a convention that names React's custom hooks with `use` ("Custom
// hooks are named `useXxx`", "Hooks must start with `use`", "Query hooks should follow
// the pattern use[Resource]").
func HookNaming(text string) bool {
	if !strings.Contains(strings.ToLower(text), "hook") {
		return false
	}
	return hookWordRE.MatchString(text) && hookUseRE.MatchString(text) && !styleNegatedRE.MatchString(text)
}

var (
	hookWordRE = lazyre.New(`(?i)\bhooks?\b`)
	hookUseRE  = lazyre.New("(?:\\b(?:named|start(?:s|ing)?\\s+with|begins?\\s+with|prefix(?:ed)?(?:\\s+with)?|pattern|follow)\\b[^.;]*?(?:`use`|`use[A-Z\\[<{]|\\buse\\[|\\buse[A-Z][a-z]*\\b|\\buse-?\\s+prefix))|`use[A-Z][A-Za-z]*`\\s+(?:naming|pattern|prefix)")
)

// stylePermittedRE: a style the sentence allows, not asks for ("composables may use
// PascalCase", "test methods can be snake_case", "PascalCase is fine for
// components").
var stylePermittedRE = lazyre.New(`(?i)\b(?:may|can|might|are\s+allowed\s+to|is\s+allowed\s+to|are\s+permitted\s+to)\s+(?:also\s+)?(?:use|be|have|start|begin|follow|keep)\b[^.;]{0,40}$`)

// styleFineRE: the same, said after the style ("PascalCase is fine").
var styleFineRE = lazyre.New(`(?i)^\W{0,3}(?:is|are)\s+(?:also\s+)?(?:fine|ok|okay|acceptable|allowed|permitted|tolerated)\b`)

// StylePermitted reports whether the text only allows the naming style it names
// ("Function naming: standard rule disabled - composables may use PascalCase"): a
// permission makes no rule.
func StylePermitted(text string) bool {
	low := strings.ToLower(text)
	if !containsAny(low, "may ", "can ", "might ", "allowed", "permitted", "fine", " ok", "acceptable", "tolerated") {
		return false
	}
	loc := convStyleRE.FindStringIndex(text)
	if loc == nil {
		return false
	}
	// the permission before the style ("may use PascalCase"), or after it
	// ("PascalCase is fine for components")
	return stylePermittedRE.MatchString(text[:loc[0]]) || styleFineRE.MatchString(text[loc[1]:])
}

// classesOnly: the sentence names classes, and no other kind of type.
var (
	classWordRE     = lazyre.New(`(?i)\bclass(?:es)?\b`)
	otherTypeWordRE = lazyre.New(`(?i)\b(?:types?|enums?|enumerations?|records?|traits?|type\s+aliases)\b`)
)

// ClassesOnly reports whether a naming sentence's types are classes alone
// ("Classes: `CUpperCamelCase`"), which leaves enums to their own convention.
func ClassesOnly(text string) bool {
	if !strings.Contains(strings.ToLower(text), "class") {
		return false
	}
	return classWordRE.MatchString(text) && !otherTypeWordRE.MatchString(text)
}

// componentSubjectRE: components named as the subject of a file-naming style, right
// before it ("React components use", "Vue components:").
var componentSubjectRE = lazyre.New(`(?i)(?:^|[^\w])((?:react|vue|svelte|angular)?\s*components?)\s*(?::|\b(?:use|have|get|are|take|follow)\b)?\s*\x60?$`)
