package norm

import "strings"

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
