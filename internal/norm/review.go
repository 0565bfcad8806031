package norm

import (
	"regexp"
	"strings"
	"sync"
)

// The words the compiler's self-review asks about (internal/compile/review.go): what a
// sentence is labelled as, whether a heading is about tests, which kind of change a
// condition names, whether a sentence places its rule in a message.

// SentenceLabel is what a sentence's leading label says it is, when that is not a rule
// of its own: "examples" ("Examples: `feature/jsmith/x`", "e.g.:") or "exception"
// ("Exception — under `src/api/**` names are camelCase"); "" for none.
func SentenceLabel(text string) string {
	m := sentenceLabelRE().FindStringSubmatch(text)
	if m == nil {
		return ""
	}
	if strings.HasPrefix(strings.ToLower(m[1]), "exception") {
		return "exception"
	}
	return "examples"
}

var sentenceLabelRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?i)[\s*_>#-]*(examples?|e\.g\.|for example|exceptions?)\b\s*(?:\([^)]*\))?\s*[:—–-]`)
})

// AboutTests: the heading is about tests ("Testing", "Unit tests", "Specs").
func AboutTests(heading string) bool { return testWordRE().MatchString(heading) }

var testWordRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(tests?|testing|specs?|unit tests?)\b`)
})

// KindOfChange is the condition that opens the text or one of its clauses when it
// names one kind of change ("When adding new integration tests", "if your change
// affects", "when introducing a deprecation"): its first two words, for a review to
// quote; "" when the text has none, or when the condition names any change to a unit
// of the code ("When you change a crate": AnyChangeOf).
func KindOfChange(text string) string {
	loc := conditionRE().FindStringIndex(text)
	if loc == nil {
		return ""
	}
	if AnyChangeOf(strings.TrimLeft(text[loc[0]:], ".:;, ")) {
		return ""
	}
	return strings.TrimLeft(text[loc[0]:loc[1]], ".:;, ")
}

var conditionRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)(?:^|[.:;]\s+|,\s+)(?:when|whenever|if)\s+\w+`)
})

// MessagePlaceOnly is the place in a commit message or a pull request's text that the
// sentence puts its rule in ("Do not write a bare `#NNN` anywhere in a commit
// message"), in lower case, when its prose names no place in the files as well; "" for
// none.
func MessagePlaceOnly(text string) string {
	m := messagePlaceRE().FindString(text)
	if m == "" || codePlaceRE().MatchString(codeSpanRE().ReplaceAllString(text, " ")) {
		return ""
	}
	return strings.ToLower(m)
}

var (
	messagePlaceRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(commit messages?|commit subjects?|commit titles?|pull request (titles?|descriptions?|bod(y|ies))|PR (titles?|descriptions?|bod(y|ies)))\b`)
	})
	codePlaceRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(code|comments?|docs?|documentation|files?|sources?|identifiers?|names?)\b`)
	})
	codeSpanRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("`+[^`]*`+") })
)
