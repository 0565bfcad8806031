package norm

import (
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// madeChangesRE: a condition that only says the work is done ("once you've made your
// changes", "when you're done", "after finishing your work").
var madeChangesRE = lazyre.New(`(?i)^(?:once |after |when |whenever )?(?:you(?:'ve| have| are|'re)? )?(?:made|making|finished|finishing|completed|completing|done)(?: with)?(?: (?:your|the|all|any|some)?\s*(?:changes?|edits?|work|modifications?))?$`)

// madeChanges drops from an order with its own moment ("Once you've made your
// changes, `pnpm typecheck` has to succeed before you open a PR") the condition that
// the work is done: an order holds after the last change anyway, so it narrows
// nothing. Read alone, "after making changes" names no moment and stays unread.
func madeChanges(ns []Norm) {
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Require || len(n.Before) == 0 || n.Condition == "" || !madeChangesRE.MatchString(strings.TrimSpace(n.Condition)) {
			continue
		}
		cond := n.Condition
		n.Condition = ""
		n.Uncertain = slices.DeleteFunc(slices.Clone(n.Uncertain), func(u string) bool { return u == "condition: "+cond })
	}
}

// parenMeansRE: an imperative of a verb of doing, its object in a few words, and the
// command that does it in parentheses ("Regenerate the docs (`make docs`)", "Format
// the code (`make fmt`)").
var parenMeansRE = lazyre.New("(?i)^([\\s*_>-]*)([a-z-]+)((?:\\s+[\\w./-]+){1,4})\\s*\\(\\s*(`[^`]+`)\\s*\\)")

// parenMeans reads the parenthesis as the means the verb is done with, as "with"
// would say it: "Regenerate the docs (`make docs`) whenever you touch `docs/src/`"
// is "Regenerate the docs with `make docs` ...". Only for the verbs of doing a
// command does (meansVerbs), and a span shaped like a command.
func parenMeans(text string) string {
	if !strings.Contains(text, "(`") && !strings.Contains(text, "( `") {
		return text // (most texts: no expression compiled for them)
	}
	m := parenMeansRE.FindStringSubmatchIndex(text)
	if m == nil || !meansVerbs[strings.ToLower(text[m[4]:m[5]])] || !commandShaped(strings.Trim(text[m[8]:m[9]], "`")) {
		return text
	}
	for _, w := range strings.Fields(strings.ToLower(text[m[6]:m[7]])) {
		if meansPreposition(w) || w == "by" {
			// "Format your code with black (`make format`)": the means is named
			// already, and the parenthesis is how else to run it
			return text
		}
	}
	return text[:m[6]] + text[m[6]:m[7]] + " with " + text[m[8]:m[9]] + text[m[1]:]
}

var (
	// preMomentRE: a label naming a moment by its hook's name ("Pre-push checklist:",
	// "Pre-commit:", "Pre-merge checks:")
	preMomentRE = lazyre.New(`(?i)^([\s*_>-]*)pre-?(push|commit|merge)(?:\s+(?:checklist|checks?|steps?|requirements?))?\s*:`)
	// blockedUnlessRE: "All commits are blocked unless `X` passes", "Pushes are
	// rejected unless `X` succeeds"
	blockedUnlessRE = lazyre.New("(?i)^[\\s*_>-]*(?:all\\s+)?(commits|pushes|merges)(?:\\s+and\\s+(?:commits|pushes))?\\s+(?:are|get|will be)\\s+(?:blocked|rejected|refused)\\s+unless\\s+(`[^`]+`)\\s+(?:passes|succeeds|is green|is clean)")
)

// MomentLabels reads a label that names its moment by a hook's name as that moment
// ("Pre-push checklist: `npm run lint`, `npm test`" is "Before pushing: ..."), and "all
// commits are blocked unless `X` passes" as the order it states.
func MomentLabels(text string) string {
	// (each expression only where its word is: most texts compile neither)
	low := strings.ToLower(text)
	if strings.Contains(low, "pre") {
		if m := preMomentRE.FindStringSubmatchIndex(text); m != nil {
			return text[:m[3]] + "Before " + momentGerund(text[m[4]:m[5]]) + ":" + text[m[1]:]
		}
	}
	if strings.Contains(low, "unless") {
		if m := blockedUnlessRE.FindStringSubmatch(text); m != nil {
			return "Run " + m[2] + " before " + momentGerund(m[1]) + "."
		}
	}
	return text
}

// momentGerund names a moment ("push", "commits", "merges") by its -ing form.
func momentGerund(w string) string {
	w = strings.ToLower(w)
	switch {
	case strings.HasPrefix(w, "push"):
		return "pushing"
	case strings.HasPrefix(w, "merge"):
		return "merging"
	}
	return "committing"
}
