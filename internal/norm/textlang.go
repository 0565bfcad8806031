package norm

import "github.com/heed-dev/heed/internal/lazyre"

// The language a sentence asks commit messages or pull-request text to be written in
// ("Commit messages must be in English", "PR description always in Korean"), and
// one-line commit messages ("single line only, no description body").

var (
	textLangRE = lazyre.New(`\b(?:in|written in|use|using)\s+(english|korean|japanese|chinese|russian)\b`)
	// textLangEitherRE: a choice of languages ("in English or Korean") binds neither
	textLangEitherRE = lazyre.New(`\b(?:english|korean|japanese|chinese|russian)\s*(?:\s(?:or|and)\s|/)\s*[a-z]+\b`)
	// textLangRespondRE: the language of the agent's replies, not of what it writes
	// into the repository
	textLangRespondRE = lazyre.New(`\b(respond|reply|replies|answer|answers|chat|talk|speak|conversation)\b`)
	oneLineRE         = lazyre.New(`\b(?:single|one)[- ]line(?:\s+(?:commit\s+)?messages?)?\s+only\b|\b(?:only\s+)?(?:a\s+)?(?:single|one)[- ]line\s+commit\s+messages?\b|\bno\s+(?:description\s+|commit\s+|message\s+)?body\b|\bwithout\s+(?:a\s+|any\s+)?(?:description\s+|commit\s+|message\s+)?body\b|\bsubject\s+(?:line\s+)?only\b`)
	oneLineSoftRE     = lazyre.New(`\b(prefer|preferably|ideally|usually|unless|except|if|when|only for|where needed)\b`)
)

// TextLanguage is the language the sentence asks text to be written in, in lower case
// ("english"), or "" when it names none, a choice of several, or the language of the
// agent's replies. The caller knows which text the sentence speaks of.
func TextLanguage(lower string) string {
	m := textLangRE.FindStringSubmatch(lower)
	if m == nil || textLangEitherRE.MatchString(lower) || textLangRespondRE.MatchString(lower) || Forbids(lower) {
		return ""
	}
	return m[1]
}

// OneLineMessage reports whether the sentence asks for commit messages of a subject
// alone ("Single line only, no description body", "one-line commit messages"), not
// only preferably or except for large changes.
func OneLineMessage(lower string) bool {
	return oneLineRE.MatchString(lower) && !oneLineSoftRE.MatchString(lower)
}
