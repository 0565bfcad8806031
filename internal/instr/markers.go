package instr

import (
	"strings"
	"unicode"

	"github.com/heed-dev/heed/internal/lazy"
)

// Marker words, matched on word tokens rather than with one large alternation
// regexp: the regexp engine's backtracker made marker search most of extraction time.

type phraseSet map[string][][]string // first word -> the phrases that start with it

func phrases(list ...string) phraseSet {
	ps := phraseSet{}
	for _, p := range list {
		ws := strings.Fields(p)
		ps[ws[0]] = append(ps[ws[0]], ws)
	}
	return ps
}

// match returns the length of the longest phrase of ps starting at toks[i], or 0.
func (ps phraseSet) match(toks []string, i int) int {
	best := 0
	for _, p := range ps[toks[i]] {
		if len(p) > best && i+len(p) <= len(toks) && equalWords(toks[i:i+len(p)], p) {
			best = len(p)
		}
	}
	return best
}

func equalWords(a, b []string) bool {
	for k := range b {
		if a[k] != b[k] {
			return false
		}
	}
	return true
}

var (
	hardPhrases = lazy.Value[phraseSet]{F: func() phraseSet {
		return phrases("must", "mustn't", "shall", "never", "always", "required", "mandatory", "forbidden",
			"prohibited", "cannot", "can't", "exclusively", "strictly", "ensure", "may not", "not allowed",
			"not permitted", "need to", "needs to", "have to", "has to", "make sure", "be sure",
			"under no circumstances", "at all times", "no exception", "no exceptions", "only use", "use only",
			"only ever", "we expect you to", "you are expected to", "you're expected to", "are expected to")
	}}
	softPhrases = lazy.Value[phraseSet]{F: func() phraseSet {
		return phrases("should", "shouldn't", "prefer", "prefers", "preferred", "preferably", "avoid",
			"avoiding", "recommended", "recommend", "recommends", "ideally", "consider", "encouraged", "encourage",
			"strive", "discouraged", "generally", "sparingly", "favor", "favour", "favors", "favours", "try to",
			"try not to", "where possible", "when possible", "if possible", "whenever possible",
			"wherever possible", "as much as possible", "it's best", "it is best", "best practice", "better to",
			"aim to", "aim for", "in general", "be careful", "be mindful", "keep in mind", "a good idea", "good practice",
			"a good habit", "worth running", "helpful to",
			"suggest", "suggests", "suggested", "we suggest")
	}}
	// Phrases that contain a marker without being one: negated requirements, purpose
	// clauses ("to avoid API calls"), conditions ("if you must").
	notPhrases = lazy.Value[phraseSet]{F: func() phraseSet {
		return phrases("not required", "not mandatory", "not necessary", "not all required",
			"not always required", "not strictly required", "not strictly necessary", "to ensure", "to make sure",
			"to avoid", "to prevent", "in order to ensure", "in order to avoid", "in order to make sure",
			"so as to avoid", "so as to ensure", "help ensure", "helps ensure", "help to ensure", "helps to ensure",
			"help avoid", "helps avoid", "if you must", "if must", "if you need to", "if you have to",
			"if needed", "if required", "as required", "when required")
	}}
	labelWords = lazy.Value[map[string]bool]{F: func() map[string]bool {
		return map[string]bool{"important": true, "critical": true, "mandatory": true}
	}}
	// Words after which "do not"/"don't" is a command, not a relative clause ("lines
	// that do not have coverage").
	dontAfter = lazy.Value[map[string]bool]{F: func() map[string]bool {
		return map[string]bool{"you": true, "please": true, "and": true, "but": true, "or": true, "also": true,
			"always": true, "just": true, "simply": true, "so": true, "then": true, "we": true, "i": true}
	}}
)

// tokens splits lower-cased prose into words (letters, digits, ' and -) and the
// punctuation marks that separate clauses, each as its own token.
func tokens(s string) []string {
	s = strings.ToLower(strings.ReplaceAll(s, "’", "'"))
	var out []string
	start := -1
	flush := func(i int) {
		if start >= 0 {
			out = append(out, strings.Trim(s[start:i], "'-"))
			start = -1
		}
	}
	for i, r := range s {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' || r == '-' && start >= 0:
			if start < 0 {
				start = i
			}
		default:
			flush(i)
			if strings.ContainsRune(".;:,!?—–-", r) {
				out = append(out, string(r))
			}
		}
	}
	flush(len(s))
	return out
}

// markerLevels reports whether a clause carries a hard or a soft marker.
func markerLevels(s string) (hard, soft bool) {
	toks := tokens(s)
	for i := 0; i < len(toks); i++ {
		if n := notPhrases.Get().match(toks, i); n > 0 {
			i += n - 1
			continue
		}
		if n := hardPhrases.Get().match(toks, i); n > 0 {
			hard = true
			i += n - 1
			continue
		}
		if labelWords.Get()[toks[i]] && i+1 < len(toks) && toks[i+1] == ":" {
			hard = true
			continue
		}
		if toks[i] == "don't" || toks[i] == "dont" || toks[i] == "do" && i+1 < len(toks) && toks[i+1] == "not" {
			if i == 0 || dontAfter.Get()[toks[i-1]] || isPunct(toks[i-1]) {
				hard = true
				continue
			}
		}
		if n := softPhrases.Get().match(toks, i); n > 0 {
			soft = true
			i += n - 1
		}
	}
	return hard, soft
}

func isPunct(t string) bool { return t != "" && strings.Contains(".;:,!?—–-", t) }
