package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// documentScopeRE: an opening sentence that says which code a document's rules are
// for ("Read when writing or editing code under `Backend/` or `Backend.Tests/`",
// "These rules apply to files in `web/`", "Applies to `packages/api/`"), in prose
// whose spans read CODE.
var documentScopeRE = lazyre.New(`(?i)^(?:(?:read|apply|use|follow|consult)(?: (?:these|this|the)(?: \w+)? (?:rules|file|guide|guidelines|conventions|instructions))?(?: only)? (?:when|while|for)(?: (?:writing|editing|changing|modifying|touching|working on|working in|reviewing))?(?: (?:or|and) (?:writing|editing|changing|modifying|touching|reviewing))?(?: (?:the |any )?(?:code|files|sources?))?|(?:these|this|the)(?: \w+)? (?:rules|file|guide|guidelines|conventions|instructions) (?:apply|applies)(?: only)? to(?: (?:the |all |any )?(?:code|files|sources?))?|applies to(?: (?:the |all |any )?(?:code|files|sources?))?:?) (?:(?:under|in|inside|within) )?(CODE(?:(?:,| or| and|, or|, and) CODE)*)\.?$`)

// DocumentScope returns the spans of the folders an opening sentence of a document
// gives its rules to ("Read when writing or editing code under `Backend/` or
// `Backend.Tests/`"), nil for any other sentence.
func DocumentScope(text string) []string {
	low := strings.ToLower(text)
	if !strings.Contains(low, "`") || !strings.Contains(low, "appl") && !strings.Contains(low, "when") && !strings.Contains(low, "for") {
		return nil
	}
	for _, sentence := range strings.SplitAfter(strings.TrimSpace(text), ". ") {
		var spans []string
		prose := spanRE().ReplaceAllStringFunc(strings.TrimSpace(sentence), func(m string) string {
			spans = append(spans, strings.Trim(m, "`"))
			return "CODE"
		})
		if !documentScopeRE.MatchString(prose) {
			continue
		}
		for _, sp := range spans {
			if sp == "" || strings.ContainsAny(sp, " ()") {
				return nil
			}
		}
		return spans
	}
	return nil
}

// documentLangScopeRE: an opening sentence that gives a document's rules to the files
// of languages ("This rule applies globally to all TypeScript files", "These
// conventions apply to Python code"); group 1 names the languages.
var documentLangScopeRE = lazyre.New(`(?i)^(?:(?:these|this|the)(?: \w+)? (?:rules?|file|guide|guidelines|conventions|instructions|document) (?:apply|applies)|applies)(?: only)?(?: globally)? to(?: all| any)?(?: the)? ((?:[a-z+#]+)(?:(?:,| or| and|, or|, and) [a-z+#]+)*) (?:files|code|sources?|source files)(?: in this (?:repository|repo|project))?\.?$`)

// DocumentLanguageScope returns the globs of the files of the languages an opening
// sentence of a document gives its rules to ("This rule applies globally to all
// TypeScript files": the TypeScript files), nil for any other sentence or a
// language heed does not know.
func DocumentLanguageScope(text string) []string {
	low := strings.ToLower(strings.TrimSpace(text))
	if !strings.Contains(low, "appl") || strings.Contains(low, "`") {
		return nil
	}
	m := documentLangScopeRE.FindStringSubmatch(low)
	if m == nil {
		return nil
	}
	var globs []string
	for _, w := range strings.FieldsFunc(m[1], func(r rune) bool { return r == ',' || r == ' ' }) {
		if w == "and" || w == "or" {
			continue
		}
		g := languageFileGlobs(w)
		if g == nil {
			return nil
		}
		globs = append(globs, g...)
	}
	return globs
}

// languageFileGlobs are the globs of a language's files by its name in lower case.
func languageFileGlobs(name string) []string {
	switch name {
	case "typescript", "ts":
		return []string{"**/*.ts", "**/*.tsx", "**/*.mts", "**/*.cts"}
	case "javascript", "js":
		return []string{"**/*.js", "**/*.jsx", "**/*.mjs", "**/*.cjs"}
	case "python":
		return []string{"**/*.py", "**/*.pyi"}
	case "go", "golang":
		return []string{"**/*.go"}
	case "rust":
		return []string{"**/*.rs"}
	case "java":
		return []string{"**/*.java"}
	case "kotlin":
		return []string{"**/*.kt", "**/*.kts"}
	case "ruby":
		return []string{"**/*.rb"}
	case "php":
		return []string{"**/*.php"}
	case "c#", "csharp":
		return []string{"**/*.cs"}
	case "swift":
		return []string{"**/*.swift"}
	case "shell", "bash":
		return []string{"**/*.sh", "**/*.bash"}
	}
	return nil
}
