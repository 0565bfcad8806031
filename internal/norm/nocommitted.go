package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// noCommittedRE: "No committed `.env` files", "No checked-in secrets"; noInCommitsRE:
// "No `.env` files in commits", "No build output committed" — a ban said as a noun
// phrase, in a list of a project's rules.
var (
	noCommittedRE = lazyre.New("(?i)^(\\s*[-*+]?\\s*)no\\s+(?:committed|checked[- ]in)\\s+([^;:]{1,60}?)\\s*\\.?\\s*$")
	noInCommitsRE = lazyre.New("(?i)^(\\s*[-*+]?\\s*)no\\s+([^;:]{1,60}?)\\s+(?:in\\s+(?:any\\s+)?commits|committed|checked\\s+in)\\s*\\.?\\s*$")
)

// noCommitted rewrites such a phrase as the ban it states, "Never commit X.", when X
// is a file named in a code span (the phrase about code, "No `console.log` in
// committed code", is left alone: "committed" does not end it).
func noCommitted(text string) (string, bool) {
	low := strings.ToLower(text)
	if !strings.Contains(low, "commit") && !strings.Contains(low, "checked") || !strings.Contains(text, "`") {
		return "", false
	}
	m := noCommittedRE.FindStringSubmatch(text)
	if m == nil {
		m = noInCommitsRE.FindStringSubmatch(text)
	}
	if m == nil || !strings.HasPrefix(strings.TrimSpace(m[2]), "`") {
		return "", false
	}
	return m[1] + "Never commit " + m[2] + ".", true
}
