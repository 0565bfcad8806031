package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// pronounSubjectRE: a sentence whose subject is a pronoun for a thing another
// sentence named ("They must not call `useFieldProps`" after "`*Base` components render
// markup only"; "It must never import `fs`"), before its modal or verb.
var pronounSubjectRE = lazyre.New(`(?i)^\W*(?:they|these|those|it|such\s+\w+|these\s+\w+|those\s+\w+)\s+(?:(?:must|should|shall|may|can|cannot|can't|need|needs|are|is|do|does|will|ought)\b|(?:never|always|only|also)\s)`)

// PronounSubject reports whether the sentence's subject is a pronoun standing for a
// thing another sentence names: what the rule governs is said there, not here.
func PronounSubject(text string) bool {
	t := strings.TrimSpace(text)
	if len(t) < 3 {
		return false
	}
	switch strings.ToLower(t[:2]) {
	case "th", "it", "su":
	default:
		return false
	}
	return pronounSubjectRE.MatchString(t)
}
