package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// HeadingFolder is the one folder the innermost heading names in a code span
// ("### Frontend (`web/`)", "## `packages/cli`"), "" when it names none or several.
// An order in that section ("Run `pnpm --filter web lint` before committing") is about
// the work in that folder; whether the folder exists is the caller's to check.
func HeadingFolder(headings []string) string {
	if len(headings) == 0 {
		return ""
	}
	found := ""
	for _, t := range Tokenize(headings[len(headings)-1]) {
		if !t.Code {
			continue
		}
		span := strings.TrimPrefix(strings.TrimSpace(t.Text), "./")
		if span == "" || strings.ContainsAny(span, " *?<>{}") || strings.Contains(span, ".") && !strings.HasSuffix(span, "/") {
			continue // a command, a glob or a file, not a folder
		}
		if found != "" {
			return ""
		}
		found = strings.TrimSuffix(span, "/")
	}
	return found
}

// headingChangeRE: a heading that is the condition of its section ("When you touch
// the API", "If you change `proto/`", "After editing the schema", "Changing the
// database models", "Changes to `web/`"): what changed is the rest.
var headingChangeRE = lazyre.New(`(?i)^(?:(?:when|if|whenever|once|after)\s+(?:you(?:'ve| have)?\s+|you're\s+)?(?:touch(?:ing)?|chang(?:e|ing|ed)|modif(?:y|ying|ied)|edit(?:ing|ed)?|updat(?:e|ing|ed)|work(?:ing)?\s+on)|(?:touching|changing|modifying|editing|updating)|changes\s+(?:to|in))\s+(.+?)\s*:?$`)

// HeadingChange is what the innermost heading makes its section's condition ("When
// you touch the API": "the API"), "" when it is no such heading.
func HeadingChange(headings []string) string {
	if len(headings) == 0 {
		return ""
	}
	h := strings.Trim(strings.TrimSpace(headings[len(headings)-1]), "*_ ")
	first, _, _ := strings.Cut(strings.ToLower(h), " ")
	switch first {
	case "when", "if", "whenever", "once", "after", "touching", "changing", "modifying", "editing", "updating", "changes":
	default:
		return "" // (no expression compiled for the other headings)
	}
	m := headingChangeRE.FindStringSubmatch(h)
	if m == nil {
		return ""
	}
	return m[1]
}
