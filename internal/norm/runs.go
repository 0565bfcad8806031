package norm

import (
	"strings"
	"unicode"
)

// RunsDirectly: the sentence gives span as what to run, right after the verb ("Run
// `pnpm typecheck` to verify types", "Always run `dune fmt`", "please execute `make
// lint`"), not as the means of another object ("Run the tests with `X`") or the
// example after a label ("A single file: `X`").
func RunsDirectly(sentence, span string) bool {
	toks := Tokenize(sentence)
	for i, t := range toks {
		if !t.Code || t.Text != span {
			continue
		}
		if i == 0 {
			return false
		}
		switch toks[i-1].Low {
		case "run", "execute", "invoke", "rerun", "re-run":
			return true
		}
		return false
	}
	return false
}

// Contrasted: the sentence sets what it names against something else ("rather than
// relying on a list", "instead of by hand"): a preference of means, not a step.
func Contrasted(sentence string) bool {
	toks := Tokenize(sentence)
	for i := range toks {
		if phraseAt(toks, i, mInsteadE) > 0 {
			return true
		}
		if n := phraseAt(toks, i, mInstead); n > 1 || n == 1 && toks[i].Low != "not" && toks[i].Low != "over" && toks[i].Low != "never" {
			return true
		}
	}
	return false
}

// HeadingEvent is the event a short heading names and nothing else ("Committing",
// "Before you push", "Opening a pull request"), or "": the section's "run X first"
// comes before it.
func HeadingEvent(heading []string) string {
	if len(heading) == 0 {
		return ""
	}
	toks := Tokenize(heading[len(heading)-1])
	if len(toks) == 0 || len(toks) > 5 {
		return ""
	}
	for i := range toks {
		if ev, n := eventAt(toks, i); n > 0 {
			return ev
		}
	}
	return ""
}

// WorkFraming: the heading or lead-in a sentence sits under frames it as a step of
// the work ("## Workflow", "### Verification", "When implementing features:",
// "Definition of done"), where a bare "Run `X`" is a duty, not the reference a
// "## Commands" section gives.
func WorkFraming(heading []string, leadIn string) bool {
	var texts []string
	if len(heading) > 0 {
		texts = append(texts, heading[len(heading)-1])
	}
	texts = append(texts, leadIn)
	for _, text := range texts {
		for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && r != '-' }) {
			for _, stem := range workStems {
				if strings.HasPrefix(w, stem) {
					return true
				}
			}
		}
	}
	return false
}

// workStems begin the words of a framing that makes its steps duties.
var workStems = []string{"workflow", "checklist", "verif", "validat", "quality", "done", "finish", "complet", "implement",
	"before", "after", "pre-commit", "pre-push", "submit", "submission", "steps"}

// StepEvent is the event a short step of a list is ("Commit.", "Commit and push",
// "Open a pull request"), or "": the steps before it run before that event.
func StepEvent(text string) string {
	toks := Tokenize(text)
	for len(toks) > 0 && toks[len(toks)-1].Punct {
		toks = toks[:len(toks)-1]
	}
	if len(toks) == 0 || len(toks) > 6 {
		return ""
	}
	i := 0
	if toks[0].Low == "then" || toks[0].Low == "finally" {
		i++
	}
	ev, _ := eventAt(toks, i)
	return ev
}
