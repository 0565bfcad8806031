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
	h := headings[len(headings)-1]
	found := ""
	for {
		i := strings.IndexByte(h, '`')
		if i < 0 {
			break
		}
		j := strings.IndexByte(h[i+1:], '`')
		if j < 0 {
			break
		}
		span := strings.TrimPrefix(strings.TrimSpace(h[i+1:i+1+j]), "./")
		h = h[i+j+2:]
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
