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

// keepOutRE: "Keep generated artifacts out of commits (`*.nvda-addon`, `*.mo`)",
// "Keep `dist/` out of version control": the files, in the sentence or in the
// parentheses after it.
var keepOutRE = lazyre.New("(?i)^\\s*[-*+]?\\s*keep\\s+([^.;()]{1,60}?)\\s+out\\s+of\\s+(?:(?:your|the|any)\\s+)?(?:commits?|version control|git|the repo(?:sitory)?)\\b\\s*(\\([^()]*\\))?")

// keptOut: the ban "Never commit X." a sentence of text that keeps files out of
// commits states, X the files its code spans name (in a parenthesis, those before
// its own verb: "(`*.mo`, `*.pot` are ignored by `.gitignore`)" names two).
func keptOut(text string) (string, bool) {
	if !strings.Contains(strings.ToLower(text), "out of") {
		return "", false
	}
	for _, sent := range strings.SplitAfter(text, ". ") {
		m := keepOutRE.FindStringSubmatch(sent)
		if m == nil {
			continue
		}
		src := m[1]
		if !strings.Contains(src, "`") {
			src = m[2]
			for _, verb := range []string{" are ", " is ", " get ", " will "} {
				if i := strings.Index(src, verb); i >= 0 {
					src = src[:i]
				}
			}
		}
		var spans []string
		for _, t := range Tokenize(src) {
			if t.Code {
				spans = append(spans, "`"+t.Text+"`")
			}
		}
		if len(spans) == 0 {
			continue
		}
		return "Never commit " + orList(spans) + ".", true
	}
	return "", false
}

// noCommitted rewrites such a phrase (or one that keeps files out of commits) as the
// ban it states, "Never commit X.", when X is a file named in a code span (the phrase
// about code, "No `console.log` in committed code", is left alone: "committed" does
// not end it).
func noCommitted(text string) (string, bool) {
	if ban, ok := keptOut(text); ok {
		return ban, true
	}
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
