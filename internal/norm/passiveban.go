package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// A thing put out of use by a passive verb after it, with no modal: "Moment is
// banned.", "Lodash is deprecated in this codebase.", "Raw SQL strings are not
// allowed." The subject comes first, in a few words, and the sentence is no
// condition ("If the lock is not allowed ...") and no question.

var (
	// passiveBanRE: a short subject, then a verb of being and the words of a ban
	// whatever the subject is.
	passiveBanRE = lazyre.New(`(?i)^\s*(?:the\s+)?[\w.@/\-]+(?:\s+[\w.@/\-]+){0,3}\s+(?:is|are)\s+(?:now\s+|strictly\s+|officially\s+)?(?:banned|forbidden|prohibited|disallowed|not allowed|not permitted|off-limits|off limits)\b`)
	// deprecatedHereRE: "is deprecated" says what upstream did unless the sentence
	// puts it in this project ("in this codebase", "here").
	deprecatedHereRE = lazyre.New(`(?i)^\s*(?:the\s+)?[\w.@/\-]+(?:\s+[\w.@/\-]+){0,3}\s+(?:is|are)\s+(?:now\s+|officially\s+)?deprecated\s+(?:here|in (?:this|our|the) (?:codebase|code base|repo|repository|project|app|monorepo|code))\b`)
	// passiveCondRE: words that make the sentence a condition or a question.
	passiveCondRE = lazyre.New(`(?i)^\s*(?:if|when|whether|unless|once|while|since|because|what|which|why|how)\b|\?\s*$`)
)

// PassiveBanStrength is "must" for a sentence that bans its subject in the passive
// ("X is banned", "X is not allowed"), "should" for one that deprecates it in this
// project ("X is deprecated in this codebase"), and "" otherwise.
func PassiveBanStrength(text string) string {
	t := strings.TrimSpace(strings.NewReplacer("`", "", "**", "", "__", "").Replace(text))
	if passiveCondRE.MatchString(t) {
		return ""
	}
	switch {
	case passiveBanRE.MatchString(t):
		return "must"
	case deprecatedHereRE.MatchString(t):
		return "should"
	}
	return ""
}
