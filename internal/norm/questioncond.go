package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// A condition asked as a question, the sentence after it the order: "Changed public
// API (`mongo/`, `bson/`, `event/`, `tag/`)? Run `task api-report` and include the
// output in the PR description.", "Touched the schema? Regenerate with `pnpm
// codegen`.", "Did you add a migration? Run `make migrate`." The question is read as
// the condition it asks ("If you changed public API (...), run ..."); without that
// reading the order held on every change. What the question names (a "public API"
// given by its folders) is the writer's gloss of the change, so the reading is marked
// uncertain and the order only warns.

// questionCondRE: a short question that opens the text, then the sentence it
// conditions.
var questionCondRE = lazyre.New("^\\s*([A-Z][A-Za-z-]*\\b[^?`]{0,80}(?:`[^`]*`[^?`]{0,40}){0,8})\\?\\s+([A-Z][^?]*)$")

// askingWord: the word opens a question that introduces the text after it rather than
// conditioning it ("Why uv? It is fast.", "Want to help? ...").
func askingWord(w string) bool {
	switch w {
	case "Why", "What", "How", "Where", "Who", "Which", "Want", "Wondering", "Curious", "Questions", "Interested":
		return true
	}
	return false
}

// questionUncertain is the uncertainty an order under such a question carries.
const questionUncertain = "the condition is asked as a question, and what it names is the writer's gloss of the change"

// questionCondition rewrites a question and the sentence after it as "If ..., ...";
// ok is false when text opens with no such question.
func questionCondition(text string) (string, bool) {
	if !strings.Contains(text, "? ") {
		return "", false
	}
	m := questionCondRE.FindStringSubmatch(text)
	if m == nil {
		return "", false
	}
	q, rest := strings.TrimSpace(m[1]), strings.TrimSpace(m[2])
	first, tail, _ := strings.Cut(q, " ")
	if askingWord(first) {
		return "", false
	}
	switch {
	case strings.HasPrefix(q, "Did you "):
		q = "you " + strings.TrimPrefix(q, "Did you ")
	case strings.HasPrefix(q, "Have you "), strings.HasPrefix(q, "Are you "):
		q = "you " + strings.ToLower(first[:1]) + first[1:] + " " + strings.TrimPrefix(tail, "you ")
		q = strings.Replace(q, "you have you ", "you have ", 1)
		q = strings.Replace(q, "you are you ", "you are ", 1)
	case strings.HasSuffix(first, "ing"):
		q = "you are " + lowerFirstWord(q)
	case strings.HasSuffix(first, "ed"):
		q = "you " + lowerFirstWord(q)
	default:
		// "New dependency? Run ...", "Breaking change? ...": the thing the question
		// names is the condition
		q = "there is a " + lowerFirstWord(q)
	}
	return "If " + q + ", " + lowerFirstWord(rest), true
}
