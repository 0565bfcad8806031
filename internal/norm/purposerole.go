package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// ensureVerb: a verb that opens a purpose clause after "to" ("use the PR workflow
// to ensure tests run", "... to make sure the build passes").
func ensureVerb(w string) bool {
	switch w {
	case "ensure", "guarantee", "verify", "confirm", "make", "keep", "let", "allow", "help", "avoid", "prevent", "catch", "guard":
		return true
	}
	return false
}

// purposeRole reports whether the role word at i sits in a purpose clause of a
// sentence whose own verb came before it: "always use the PR workflow to ensure
// tests run before merging" asks for the workflow; the tests it mentions are why,
// not what the agent is told to run. A "to" that binds the demand itself ("make sure
// to run the tests", "remember to ...") opens no purpose, nor does a sentence whose
// only verb is the purpose's ("to ensure tests pass, run `make test`" has its own).
func purposeRole(toks []Token, i int, verb string) bool {
	if verb == "" {
		return false
	}
	for j := i - 1; j >= 1 && j >= i-6; j-- {
		t := toks[j]
		if t.Code || t.Punct {
			return false
		}
		if t.Low == "to" && !bindingTo(toks, j) && ensureVerb(toks[j+1].Low) && j+1 < i {
			return true
		}
	}
	return false
}

// finishedHeading: a heading that names the end of the work as when its steps run
// ("when you are done", "once you're finished", "when the task is complete"); a
// heading with more words than that ("when you are done with the API, ...") is left
// alone.
func finishedHeading(h string) bool {
	f := strings.Fields(strings.NewReplacer("’", "'", "'re", " are").Replace(h))
	if len(f) < 2 || len(f) > 6 || f[0] != "when" && f[0] != "once" {
		return false
	}
	switch f[len(f)-1] {
	case "done", "finished", "complete", "completed", "finish":
	default:
		return false
	}
	for _, w := range f[1 : len(f)-1] {
		switch w {
		case "you", "are", "have", "we", "the", "task", "work", "is", "your", "change", "changes", "you've", "you're", "i":
		default:
			return false
		}
	}
	return true
}

var trailingHedgeRE = lazyre.New(`(?i)\((?:(?:only\s+)?(?:if|when|where)\s+(?:applicable|possible|needed|necessary|relevant|appropriate|available)|(?:optional|optionally|not required|nice to have|if you have time)\b[^()]*)\)\s*[.!]?\s*$`)

// trailingHedge marks every reading of a sentence that ends in a parenthesised hedge
// ("..., run all tests and `bun tsc --noEmit` (if applicable).") as uncertain: the
// hedge is the sentence's, not only its last clause's.
func trailingHedge(out []Norm) {
	for i := range out {
		n := &out[i]
		if (n.Polarity == Require || n.Polarity == Forbid) && trailingHedgeRE.MatchString(n.Sentence) {
			n.Uncertain = append(n.Uncertain, "hedged: the sentence ends in a condition heed cannot tell")
		}
	}
}

// forRole reports whether the role word at i follows "for" ("inputs for unit tests"):
// the role names what something is for, never what the sentence runs or bans. "wait
// for the tests", "look for lint errors": verbs that take "for" as their object are
// left alone.
func forRole(toks []Token, i int) bool {
	j := i - 1
	for j >= 0 && !toks[j].Code && !toks[j].Punct {
		switch toks[j].Low {
		case "the", "all", "any", "your", "our", "its", "their", "these", "those", "every", "each":
			j--
			continue
		}
		break
	}
	if j < 0 || toks[j].Code || toks[j].Low != "for" {
		return false
	}
	if j > 0 {
		switch toks[j-1].Low {
		case "wait", "waiting", "waits", "look", "looking", "check", "checking", "ask", "asking", "search", "searching":
			return false
		}
	}
	return true
}
