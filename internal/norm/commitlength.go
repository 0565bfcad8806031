package norm

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// Length limits a sentence sets on a commit message's lines: the subject's length, the
// body's width ("Keep the subject to 50 characters and wrap the body at 72", "the
// 50/72 rule").

// MessageLimit is one length limit on a message's lines.
type MessageLimit struct {
	// Body: the limit is the body's line width; otherwise the subject's length.
	Body bool
	Max  int
}

var (
	lenLimitRE   = lazyre.New(`\b([0-9]{2,3})\s*(?:-\s*)?(characters?|chars?|columns?|cols?)\b`)
	lenFiftyRE   = lazyre.New(`\b([0-9]{2})/([0-9]{2,3})\s+rule\b`)
	lenSubjectRE = lazyre.New(`\b(first line|summary|subject|title|header line|headline|one-line|oneline|short description)\b`)
	lenBodyRE    = lazyre.New(`\b(subsequent lines|other lines|remaining lines|body|wrap|wrapped|paragraphs?|following lines)\b`)
	lenLinesRE   = lazyre.New(`\blines?\b`)
	lenWrapAtRE  = lazyre.New(`\bwrap(?:ped)?\b[^.;0-9]{0,40}?\bat\s+([0-9]{2,3})\s*(?:$|[.,;)])`)
	// lenTypeTemplateRE: a Conventional Commits template whose text after the type is a
	// named placeholder ("`<type>(<scope>): <subject>`"); the name is captured.
	lenTypeTemplateRE = lazyre.New(`<type>[^<>` + "`" + `]*(?:\(<?scope>?\))?!?:\s*<([a-z ]+)>`)
)

// MessageLimitsIn reads the length limits a sentence sets on a message's lines, each
// once, in the order the sentence gives them, between 20 and 200 characters. lower
// is the sentence in lower case with its code spans taken out, raw the sentence as
// written. descriptionOnly: the subject's limit is on a template's placeholder after
// the type ("`<type>(<scope>): <subject>` ... subject at most 50 characters"), not on
// the whole line.
//
// frame is the sentence's heading and lead-in, in lower case ("" for none): a number
// no word of the sentence governs takes the line the frame names ("Commit subject:"
// over "- at most 50 characters").
func MessageLimitsIn(lower, raw, frame string) (limits []MessageLimit, descriptionOnly bool) {
	seen := map[MessageLimit]bool{}
	add := func(body bool, n int) {
		l := MessageLimit{Body: body, Max: n}
		if n >= 20 && n <= 200 && !seen[l] {
			seen[l] = true
			limits = append(limits, l)
		}
	}
	if m := lenTypeTemplateRE.FindStringSubmatch(raw); m != nil {
		if lazyre.New(`\b` + regexp.QuoteMeta(strings.ToLower(m[1])) + `\b[^.;]{0,40}\b[0-9]{2,3}\s*(characters?|chars?)`).MatchString(lower) {
			descriptionOnly = true
		}
	}
	for _, cl := range Clauses(lower) {
		if m := lenFiftyRE.FindStringSubmatch(cl); m != nil {
			a, _ := strconv.Atoi(m[1])
			b, _ := strconv.Atoi(m[2])
			add(false, a)
			add(true, b)
		}
		ms := lenLimitRE.FindAllStringSubmatchIndex(cl, -1)
		if m := lenWrapAtRE.FindStringSubmatch(cl); m != nil && len(ms) == 0 {
			// "wrap the body at 72": a width without its unit
			n, _ := strconv.Atoi(m[1])
			add(true, n)
		}
		for k, m := range ms {
			n, _ := strconv.Atoi(cl[m[2]:m[3]])
			// The words that govern a number are those since the previous number (or the
			// clause start) and, for "lines of 72 chars", the words just before it.
			from := 0
			if k > 0 {
				from = ms[k-1][1]
			}
			before := cl[from:m[0]]
			// The subject or body word nearest before the number governs it: "wrap it
			// at 72" after "subject ... body" is a body limit.
			subj, body := false, false
			ls, lb := lastMatch(lenSubjectRE, before), lastMatch(lenBodyRE, before)
			switch {
			case ls < 0 && lb < 0:
				// "72 char lines", "lines of 72 chars": every line, subject included;
				// "a maximum of 50 columns for the commit summary": the word after.
				after := cl[m[1]:min(len(cl), m[1]+30)]
				switch {
				case lenSubjectRE.MatchString(after):
					subj = true
				case lenBodyRE.MatchString(after):
					body = true
				case lenLinesRE.MatchString(before) || lenLinesRE.MatchString(after[:min(len(after), 8)]):
					subj, body = true, true
				case lenSubjectRE.MatchString(lower) != lenBodyRE.MatchString(lower):
					// "Summary line: 72 characters at most": the line another clause
					// of the sentence names
					subj, body = lenSubjectRE.MatchString(lower), lenBodyRE.MatchString(lower)
				case frame != "" && (lenSubjectRE.MatchString(frame) != lenBodyRE.MatchString(frame)):
					subj, body = lenSubjectRE.MatchString(frame), lenBodyRE.MatchString(frame)
				default:
					continue
				}
			case ls > lb:
				subj = true
			default:
				body = true
			}
			if subj {
				add(false, n)
			}
			if body {
				add(true, n)
			}
		}
	}
	return limits, descriptionOnly
}

// lastMatch returns the start of the last match of re in s, or -1.
func lastMatch(re *lazyre.RE, s string) int {
	ms := re.FindAllStringIndex(s, -1)
	if len(ms) == 0 {
		return -1
	}
	return ms[len(ms)-1][0]
}
