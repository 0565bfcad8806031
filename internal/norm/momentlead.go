package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// A lead-in that names only a moment ("Before you commit:", "Before every push:",
// "Prior to opening a PR:") over a list of bare commands: the commands are the steps
// of that moment, as if it said "Before you commit, run the following:". The lead-in
// says when, not what to do with them, so the reading is marked uncertain.

// momentOnlyLead is the uncertainty a step of such a list carries.
const momentOnlyLead = "the lead-in names only the moment; running its commands is inferred"

// MomentLead rewrites a lead-in that is only a moment as the order it implies ("Before
// you commit, run the following:"), "" when it says anything more.
func MomentLead(lead string) string {
	t := strings.Trim(strings.TrimSpace(lead), "*_ ")
	if !strings.HasSuffix(t, ":") {
		return ""
	}
	t = strings.TrimSpace(strings.TrimRight(t, ":"))
	if m := momentNounRE.FindStringSubmatch(t); m != nil {
		// "Pre-commit requirements:", "Pre-push checklist:": the moment as a noun
		return momentNounLead(strings.ToLower(m[1])) + ", run the following:"
	}
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

// momentNounRE: a lead-in that names the moment as the noun of its list
// ("Pre-commit requirements", "Pre-push checklist", "Before-merge checks"): the
// items are what that moment needs. A list of hooks ("Pre-commit hooks:") describes
// what runs on its own and is no such lead-in.
var momentNounRE = lazyre.New(`(?i)^(?:pre|before)[- ]?(commit|push|pr|pull[- ]request|merge|submit|submission|review)\s+(?:requirements?|checks?|checklist|steps|verification|validation|gates?|tasks|must[- ]pass)$`)

// momentOnlyLabelRE: a label that is only a moment ("Pre-commit", "Pre-push", "Before
// merge"), put before the command that moment needs ("Pre-commit: `just check`").
var momentOnlyLabelRE = lazyre.New(`(?i)^(?:pre|before)[- ]?(?:commit|push|pr|pull[- ]request|merge)$`)

// MomentLabel reports whether a line is such a label directly over a code span
// ("Pre-commit: `just check`"); a label followed by words ("Pre-commit: install the
// hooks with `pre-commit install`") says more and is read as its words.
func MomentLabel(line string) bool {
	label, rest, ok := strings.Cut(strings.Trim(strings.TrimSpace(line), "*_ "), ":")
	if !ok {
		return false
	}
	rest = strings.TrimLeft(rest, "*_ ")
	return momentOnlyLabelRE.MatchString(strings.Trim(strings.TrimSpace(label), "*_ ")) && strings.HasPrefix(rest, "`")
}

// momentNounLead is the order a moment noun stands for, in the words the reader
// knows as an event.
func momentNounLead(moment string) string {
	switch moment {
	case "commit":
		return "Before you commit"
	case "push":
		return "Before you push"
	case "merge":
		return "Before merging"
	}
	return "Before opening a pull request"
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

// banLeadRE: a lead-in that only labels its list as forbidden ("Forbidden commands:",
// "**Prohibited operations:**", "Commands you must not run:"), nothing more: no
// condition, no aside.
var banLeadRE = lazyre.New(`(?i)^(?:(?:forbidden|prohibited|banned|disallowed|not allowed)(?:\s+(?:commands|operations|actions|tools))?|(?:commands|operations)\s+(?:that\s+)?(?:you\s+)?(?:must|may)\s+not\s+(?:run|use)|(?:commands|operations)\s+(?:that\s+are\s+)?(?:never|not)\s+(?:allowed|permitted))$`)

// BanLead rewrites such a lead-in as the ban it states ("Never run the following:"),
// "" when it is not one.
func BanLead(lead string) string {
	t := strings.Trim(strings.TrimSpace(lead), "*_ ")
	if !strings.HasSuffix(t, ":") {
		return ""
	}
	t = strings.TrimSpace(strings.TrimRight(t, ":"))
	if !banLeadRE.MatchString(t) {
		return ""
	}
	return "Never run the following:"
}

// doneUntilRE: a lead-in that says what "done" means by what it waits for ("A task is
// not done until all of the following hold:", "Work is done only when:", "A change is
// not complete until:"); a lead-in that waits for a person ("until the user says so")
// is not one.
var doneUntilRE = lazyre.New(`(?i)^(?:an?|the|your|each|every|this|work|a\s+\w+)?\s*(?:\w+\s+)?(?:is|are)\s+(?:(?:not|never)\s+(?:done|complete|completed|finished)\s+until|(?:done|complete|completed|finished)\s+only\s+(?:when|if|once))(?:\s+(?:all|each|every)\s+of\s+the\s+following(?:\s+(?:hold|holds|pass|are\s+(?:true|met|satisfied)))?|\s+(?:all|each|every)\s+(?:of\s+)?(?:these|the\s+following)\s+(?:hold|pass|are\s+(?:true|met|satisfied)))?$`)

// doneUntilLead is the uncertainty an item of such a lead-in carries: the work's end
// is what it waits for, and heed sees a commit or a push, not the end.
const doneUntilLead = "the lead-in says what done means; a commit or push is taken for the end of the work"

// DoneLead reports a lead-in that says what "done" means ("Definition of done:",
// "Done means:", "A task is not done until all of the following hold:"): its items
// must hold when the work ends.
func DoneLead(lead string) bool {
	if definesDone(lead) {
		return true
	}
	t := strings.NewReplacer("**", "", "__", "").Replace(strings.TrimSpace(lead))
	t = strings.Trim(t, "*_ ")
	if !strings.HasSuffix(t, ":") {
		return false
	}
	return doneUntilRE.MatchString(strings.TrimSpace(strings.TrimRight(t, ":")))
}

// CommalessMoment rewrites an order whose leading moment has no comma ("Before you
// push make sure to run the linter:", "Before committing please run `npm test`.") with
// the comma it lacks, the way it reads: the moment, then the reader's duty. Only a
// moment heed knows as an event ("you push", "committing", "opening a pull request")
// followed at once by the words of a duty ("make sure", "be sure to", "please", "run",
// "always") is rewritten; "Before you run the tests make sure Docker is running"
// names no such event and stays as it is. The moment may open any sentence of the
// text ("Our CI checks the format. Before submitting a PR be sure to run ...").
func CommalessMoment(text string) (string, bool) {
	for start := 0; start < len(text); {
		if out, ok := commalessMomentAt(text[start:]); ok {
			return text[:start] + out, true
		}
		next := strings.IndexAny(text[start:], ".!?")
		if next < 0 {
			break
		}
		start += next + 1
		for start < len(text) && text[start] == ' ' {
			start++
		}
	}
	return "", false
}

// commalessMomentAt is CommalessMoment for a moment that opens the text.
func commalessMomentAt(text string) (string, bool) {
	if !strings.HasPrefix(strings.ToLower(text), "before ") && !strings.HasPrefix(strings.ToLower(text), "prior to ") {
		return "", false // most sentences: no tokens needed
	}
	toks := Tokenize(text)
	n := phraseAt(toks, 0, mBefore)
	if n == 0 {
		return "", false
	}
	k := n
	for k < len(toks) && momentFiller(toks[k].Low) {
		k++
	}
	ev, m := eventAt(toks, k)
	p := k + m
	if m == 0 || ev == "" || p >= len(toks) || toks[p].Punct || toks[p].Code {
		return "", false
	}
	switch {
	case phraseAt(toks, p, mRemind) > 0:
	case toks[p].Low == "please" || toks[p].Low == "always" || toks[p].Low == "run":
	default:
		return "", false
	}
	// the lead's words are the text's first p fields: no mark or code among them
	fields := strings.Fields(text)
	if len(fields) <= p {
		return "", false
	}
	for i := 0; i < p; i++ {
		if toks[i].Punct || toks[i].Code || strings.ToLower(strings.Trim(fields[i], "*_")) != toks[i].Low {
			return "", false
		}
	}
	rest := text
	for i := 0; i < p; i++ {
		rest = strings.TrimLeft(rest, " \t\n")
		rest = rest[len(fields[i]):]
	}
	return strings.Join(fields[:p], " ") + "," + rest, true
}
