package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// The form of a commit subject a sentence asks for: a blank line after it, a final
// period or none, a mood or tense, a letter case. Each reader takes the sentence in
// lower case with its code spans taken out; whether the sentence speaks of commit
// messages at all is the caller's question (SaysCommit).

var (
	subjBlankRE      = lazyre.New(`\b(blank|empty) line\b`)
	subjSeparateRE   = lazyre.New(`\b(separat\w*|after the (summary|subject|first line|title)|between the (summary|subject|title))\b`)
	subjFirstLineRE  = lazyre.New(`\b(summary|subject|first line|title)\b`)
	subjPeriodRE     = lazyre.New(`\b(periods?|full stops?|trailing dot|dot)\b`)
	subjPeriodEndRE  = lazyre.New(`\b(end|ends|ending|ended|trailing|final|terminat\w*)\b`)
	subjPeriodAtRE   = lazyre.New(`\b(first line|summary|subject|title|description|commit message|commit subject|them)\b`)
	subjOtherLinesRE = lazyre.New(`\b(subsequent|other|body) lines\b`)
	subjSubjectRE    = lazyre.New(`\b(first line|summary|subject)\b`)
	subjCommentRE    = lazyre.New(`\bcomments?\b`)
	// subjNamedLineRE finds a named line of a message ("Solution line", "last line").
	subjNamedLineRE  = lazyre.New(`(?i)\b([a-z]+) (line|paragraph|section)\b`)
	subjPastRE       = lazyre.New(`\bpast[- ]tense\b`)
	subjImperativeRE = lazyre.New(`\bimperative( mood)?\b`)
	subjPresentRE    = lazyre.New(`\bpresent[- ]tense\b`)
	subjBothTensesRE = lazyre.New(`\bpast( tense)?,? (and|&|or|/) (the )?present\b|\bpresent( tense)?,? (and|&|or|/) (the )?past\b`)
	subjAsInRE       = lazyre.New(`\b(just )?(as|like) (in|for|with) the (subject|summary|title)\b`)
	subjBodyHeadRE   = lazyre.New(`^\W*(message )?body\W*$`)
	subjEntriesRE    = lazyre.New(`\b(release notes?|changelog|news fragments?|entries|entry)\b`)
	subjLowerRE      = lazyre.New(`\b(lower[- ]?case|small letter)\b`)
	subjUpperRE      = lazyre.New(`\b(capitali[sz]e[ds]?|capital letter|upper[- ]?case)\b`)
	subjCaseAtRE     = lazyre.New(`\b(descriptions?|summary|summaries|subjects?|first line|titles?|first word|first letter)\b`)
	subjCaseNotRE    = lazyre.New(`\b(comments?|release notes?|entries|entry|sentences?)\b`)
)

// SubjectBlankLine reports whether the sentence asks for a blank line between a
// message's subject and its body.
func SubjectBlankLine(lower string) bool {
	return subjBlankRE.MatchString(lower) && subjSeparateRE.MatchString(lower) && subjFirstLineRE.MatchString(lower)
}

// SubjectPeriod reads a final period the sentence asks of a subject: "forbid",
// "require" or "". around is the sentence's headings and lead-in in lower case: a
// clause naming no line counts when they speak of commits.
func SubjectPeriod(lower, around string) string {
	for _, cl := range Clauses(lower) {
		if !subjPeriodRE.MatchString(cl) || !subjPeriodEndRE.MatchString(cl) {
			continue
		}
		if !subjPeriodAtRE.MatchString(cl) && !SaysCommit(around) {
			continue
		}
		if subjOtherLinesRE.MatchString(cl) && !subjSubjectRE.MatchString(cl) {
			continue
		}
		if subjCommentRE.MatchString(cl) {
			continue
		}
		if otherLine(lower) && !subjFirstLineRE.MatchString(cl) {
			// "Solution line ends with `(Author Name)` — period after them": a line of
			// the body the message's template names, not the subject
			continue
		}
		// Find the negation that governs "period": the part of the clause before it.
		at := subjPeriodRE.FindStringIndex(cl)[0]
		head := cl[:at]
		if i := strings.LastIndex(head, " and "); i >= 0 && !Forbids(head[i:]) {
			// "past tense and end them with a period": the part after "and" governs.
			head = head[i:]
		}
		if Forbids(head) {
			return "forbid"
		}
		return "require"
	}
	return ""
}

// otherLine: the sentence is about a line of the message other than the subject.
func otherLine(text string) bool {
	for _, m := range subjNamedLineRE.FindAllStringSubmatch(text, -1) {
		switch strings.ToLower(m[1]) {
		case "first", "subject", "summary", "title", "header", "top", "opening", "commit", "one", "single", "blank", "empty", "new", "each", "every", "a", "the", "that", "this":
		default:
			return true
		}
	}
	return false
}

// subjExampleLeadRE: words that give the next code span as an example ("e.g.", "for
// example", "such as"); subjExampleNegRE: words that give it as a counter-example.
var (
	subjExampleLeadRE = lazyre.New(`(?:\be\.g\.|\bi\.e\.|\bfor (?:example|instance)|\bsuch as|\blike|\bexamples?)[,:]?\s*$`)
	subjExampleNegRE  = lazyre.New(`\b(?:not|never|avoid|instead of|rather than|don't|do not|bad|wrong)\b`)
)

// SubjectExampleLead reports whether the words before a code span (as written) offer
// it as an example of a good subject, not as one to avoid ("present-tense summaries
// (e.g., `Simplifies release note generation`)", not "`Add`, not `Added`").
func SubjectExampleLead(before string) bool {
	before = strings.ToLower(before)
	return subjExampleLeadRE.MatchString(before) && !subjExampleNegRE.MatchString(before)
}

// SubjectMood reads the mood or tense the sentence asks of a subject: "past",
// "imperative" or "". heading is the nearest heading above the sentence, as written:
// under "Body" a tense is the body's.
func SubjectMood(lower, heading string) string {
	if subjBothTensesRE.MatchString(lower) {
		// "use simple past and present tense: 'Previously, ... now ...'": the prose
		// of a body, not one mood of a subject
		return ""
	}
	mood := ""
	for _, cl := range Clauses(lower) {
		if loc := subjPastRE.FindStringIndex(cl); loc != nil && !Forbids(cl[max(0, loc[0]-12):loc[0]]) {
			mood = "past"
			break
		}
		if subjImperativeRE.MatchString(cl) {
			mood = "imperative"
			break
		}
		if loc := subjPresentRE.FindStringIndex(cl); loc != nil && !Forbids(cl[max(0, loc[0]-12):loc[0]]) && !subjPastRE.MatchString(cl) {
			mood = "imperative"
			break
		}
	}
	if mood == "" {
		return ""
	}
	if subjAsInRE.MatchString(lower) || subjBodyHeadRE.MatchString(strings.ToLower(heading)) {
		// "Just as in the subject, use the imperative" under "#### Body": the body's
		// tense, which a check of the subject does not judge
		return ""
	}
	if subjEntriesRE.MatchString(lower) && !SaysCommit(lower) {
		// Tense rules for changelog entries are not commit rules.
		return ""
	}
	return mood
}

// SubjectCase reads the letter case the sentence asks of a subject's description:
// "lower", "upper" or "".
func SubjectCase(lower string) string {
	for _, cl := range Clauses(lower) {
		if !subjCaseAtRE.MatchString(cl) || subjCaseNotRE.MatchString(cl) {
			continue
		}
		// (the negation may stand a few words before the case: "must not start
		// with an uppercase letter" asks for the other one)
		if loc := subjLowerRE.FindStringIndex(cl); loc != nil {
			if !Forbids(cl[max(0, loc[0]-32):loc[0]]) {
				return "lower"
			}
			return "upper"
		} else if loc := subjUpperRE.FindStringIndex(cl); loc != nil {
			if !Forbids(cl[max(0, loc[0]-32):loc[0]]) {
				return "upper"
			}
			return "lower"
		}
	}
	return ""
}
