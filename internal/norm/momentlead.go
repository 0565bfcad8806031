package norm

import "strings"

// A lead-in that names only a moment ("Before you commit:", "Before every push:",
// "Prior to opening a PR:") over a list of bare commands: the commands are the steps
// of that moment, as if it said "Before you commit, run the following:". The lead-in
// says when, not what to do with them, so the reading is marked uncertain.

// momentOnlyLead is the uncertainty a step of such a list carries.
const momentOnlyLead = "the lead-in names only the moment; running its commands is inferred"

// MomentLead rewrites a lead-in that is only a moment as the order it implies ("Before
// you commit, run the following:"), "" when it says anything more.
func MomentLead(lead string) string {
	t := strings.TrimSpace(lead)
	if !strings.HasSuffix(t, ":") {
		return ""
	}
	t = strings.TrimSpace(strings.TrimRight(t, ":"))
	t = strings.Trim(t, "*_ ")
	toks := Tokenize(t)
	n := phraseAt(toks, 0, mBefore)
	if n == 0 || len(toks) > 8 {
		return ""
	}
	for k := n; k < len(toks) && k <= n+2; k++ {
		if !momentFiller(toks[k].Low) {
			if ev, m := eventAt(toks, k); m > 0 && ev != "" && k+m == len(toks) {
				return t + ", run the following:"
			}
			return ""
		}
	}
	return ""
}

// momentFiller: a word between "before" and the event that says nothing more ("before
// you commit", "before every push", "before opening a PR").
func momentFiller(w string) bool {
	switch w {
	case "you", "we", "every", "each", "any", "a", "an", "the", "your":
		return true
	}
	return false
}
