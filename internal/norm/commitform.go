package norm

import "github.com/heed-dev/heed/internal/lazyre"

// A required form of commit subjects or pull-request titles: what a sentence says of
// how they start ("Prefix every commit with the ticket key", "PR titles look like
// `[component] Summary`"). The forms themselves are the code spans and quoted strings;
// these readings say whether the sentence requires one and under what condition.

var (
	formStartRE = lazyre.New(`\blooks? like\b|^\W*(commit|pr|pull request)( message| title| subject)? (style|format|convention)s?\s*:|\b(start|starts|begin|begins|prefix|prefixed)\b( \w+){0,4} with\b|\bfollows?\b[^.]{0,30}\b(format|pattern|form|style)\b|\bin the format\b|\b(title|subject)[- ]style\b|\b(write|format) (the |your |each |every )?(commit |pr |pull request )?(subject|title|message)s?( line)? (as|like)\b`)
	// formDirectiveRE: what makes a template the required form, not a style it
	// illustrates ("follow an imperative style seen in history: `Fix <area>: ...`")
	formDirectiveRE = lazyre.New(`\b(must|should|always|required?|need to|start|starts|begin|begins|prefix|prefixed|looks? like)\b|^\W*(commit|pr|pull request)( message| title| subject)? (style|format|convention)s?\s*:`)
	formIfCloseRE   = lazyre.New(`\b(if|when) (your |the |a )?(commit|change|patch) (closes|fixes|resolves)\b`)
	// the state of a pull request is a condition too: "Mark unfinished pull requests as
	// drafts or prefix their title with `WIP:`" asks the prefix only of work not ready
	formConditionRE = lazyre.New(`\b(if|when|unless|for commits to)\b|\b(documentation|docs?|trivial|wip|draft|unfinished|incomplete|in-progress|work-in-progress)[- ](only )?(prs?|pull requests?|commits?)\b|\b(documentation|docs?) (pr|pull request)'s\b|\bnot (yet )?(ready|finished|complete)\b`)
	formOnlyWhenRE  = lazyre.New(`\bonly (when|if)\b`)
	formTicketKeyRE = lazyre.New(`\b(jira|youtrack|linear) (ticket|issue|key|id)s?\b|\bticket (key|id|number)s?\b|\bissue keys?\b`)
	formQuotedRE    = lazyre.New(`"([^"]{3,80})"|(?:^|\s)'([^']{3,80})'(?:\s|[.,;:]|$)`)
	formSubjectRE   = lazyre.New(`\bsubject( line)?s?\b`)
	formOtherSubjRE = lazyre.New(`\b(e-?mail|mail|issue|ticket)('s)? (subjects?|titles?)\b`)
)

// SubjectLineOnly reports whether the sentence speaks of a subject line and names no
// other owner of it (a pull request, an e-mail, an issue): "Write the subject as
// `[TICKET-ID] Short summary`" is a commit's.
func SubjectLineOnly(lower string) bool {
	return formSubjectRE.MatchString(lower) && !SaysPR(lower) && !formOtherSubjRE.MatchString(lower)
}

// FormDemand is what a sentence says of a required start of subjects or titles.
type FormDemand struct {
	// Quoted are the double- or single-quoted strings of the sentence as written
	// ("begin with the text "Fixed #xxxxx""): forms, beside its code spans.
	Quoted []string
	// IfCloses: the form is asked only of messages that close or fix a ticket ("If
	// your commit closes a ticket, begin with ...").
	IfCloses bool
	// OnlyWhen: "only when there is a valid ticket": a condition heed cannot see
	// beside the form it can.
	OnlyWhen bool
	// TicketKey: the sentence asks for a ticket key without an example ("Prefix every
	// commit message with the Jira ticket").
	TicketKey bool
	// Directs: the sentence requires the form rather than illustrating a style
	// ("must", "start with", "Commit format:"); a template only described is no rule.
	Directs bool
}

// ReadFormDemand reads a required start of subjects or titles. lower is the sentence
// in lower case with its code spans taken out, raw the sentence as written. ok is
// false when the sentence sets no start, or sets it under a precondition heed cannot
// observe ("When working on ty, titles start with [ty]", "a documentation PR's
// title").
func ReadFormDemand(lower, raw string) (d FormDemand, ok bool) {
	if !formStartRE.MatchString(lower) {
		return d, false
	}
	d.IfCloses = formIfCloseRE.MatchString(lower)
	d.OnlyWhen = formOnlyWhenRE.MatchString(lower)
	if formConditionRE.MatchString(lower) && !d.IfCloses && !d.OnlyWhen {
		return d, false
	}
	for _, m := range formQuotedRE.FindAllStringSubmatch(raw, -1) {
		d.Quoted = append(d.Quoted, m[1]+m[2])
	}
	d.TicketKey = formTicketKeyRE.MatchString(lower)
	d.Directs = formDirectiveRE.MatchString(lower)
	return d, true
}
