package process

import (
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"path"
	"strconv"
	"strings"
)

// A constraint's text is read sentence by sentence. In a sentence's prose every code
// span is replaced by a marker "⟦n⟧" (n its index in spans), the rest is lower case
// with Markdown emphasis removed, so patterns can be written over words and spans.

type sentence struct {
	prose string
	spans []string
	// raw is the sentence as written (for messages).
	raw string
}

var (
	spanRE     = lazyre.New("`+([^`]+)`+")
	markerRE   = lazyre.New(`⟦(\d+)⟧`)
	emphRE     = lazyre.New(`\*\*|__|(^|\s)\*|\*(\s|$)`)
	sentEndRE  = lazyre.New(`([.!?;])\s+|\s+[—–]\s+|\s+-\s+`)
	spaceRE    = lazyre.New(`\s+`)
	markdownRE = lazyre.New(`\[([^\]]*)\]\([^)]*\)`) // [text](url) -> text
)

// sentences splits text into sentences with their spans.
func sentences(text string) []sentence {
	text = markdownRE.ReplaceAllString(text, "$1")
	var spans []string
	prose := spanRE.ReplaceAllStringFunc(text, func(m string) string {
		inner := strings.TrimSpace(spanRE.FindStringSubmatch(m)[1])
		spans = append(spans, inner)
		return "⟦" + strconv.Itoa(len(spans)-1) + "⟧"
	})
	prose = emphRE.ReplaceAllString(prose, "$1$2")
	prose = spaceRE.ReplaceAllString(prose, " ")
	var out []sentence
	for _, part := range splitKeep(prose) {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		s := sentence{raw: restore(part, spans)}
		// renumber the spans of this sentence from 0
		s.prose = markerRE.ReplaceAllStringFunc(part, func(m string) string {
			n, _ := strconv.Atoi(markerRE.FindStringSubmatch(m)[1])
			s.spans = append(s.spans, spans[n])
			return "⟦" + strconv.Itoa(len(s.spans)-1) + "⟧"
		})
		s.prose = strings.ToLower(s.prose)
		out = append(out, s)
	}
	return out
}

// splitKeep splits prose at sentence ends, keeping the punctuation with the sentence.
func splitKeep(p string) []string {
	var out []string
	last := 0
	for _, m := range sentEndRE.FindAllStringSubmatchIndex(p, -1) {
		end := m[1]
		if m[2] >= 0 {
			end = m[3] // keep the punctuation
		} else {
			end = m[0]
		}
		out = append(out, p[last:end])
		last = m[1]
	}
	return append(out, p[last:])
}

func restore(prose string, spans []string) string {
	return markerRE.ReplaceAllStringFunc(prose, func(m string) string {
		n, _ := strconv.Atoi(markerRE.FindStringSubmatch(m)[1])
		return "`" + spans[n] + "`"
	})
}

// spanAt returns the index of the span whose marker starts at byte i of prose.
func spanIndex(marker string) int {
	m := markerRE.FindStringSubmatch(marker)
	if m == nil {
		return -1
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// markers lists the spans referred to in a piece of prose, in order.
func markers(prose string) []int {
	var out []int
	for _, m := range markerRE.FindAllStringSubmatch(prose, -1) {
		n, _ := strconv.Atoi(m[1])
		out = append(out, n)
	}
	return out
}

// Words that make a sentence a prohibition when they start its clause.
const negWords = `never|do not|don't|dont|must not|mustn't|should not|shouldn't|shall not|cannot|can't|may not|avoid|no longer|not allowed to|forbidden to`

var (
	// a prohibition word, with what precedes it in its clause
	negRE = lazyre.New(`(^|[,:(]\s*|\band\s+|\bbut\s+|\bor\s+)((?:[a-z]+ ){0,4}?)(` + negWords + `)\b`)
	// "X is forbidden", "X is not allowed", "X must never be used"
	postNegRE = lazyre.New(`^\s*(?:\([^)]*\)\s*)?(?:is|are|must|should)\s+(?:never|not|strictly|absolutely)?\s*(?:be\s+)?(?:forbidden|prohibited|not allowed|disallowed|banned|not permitted|never (?:be )?(?:used|run))\b`)
	// sentence openers that forbid what follows: "FORBIDDEN: `x`"
	leadNegRE = lazyre.New(`^(?:forbidden|prohibited|not allowed|never|banned|do not use|don't use)\s*:`)
	// an exception: "`x` is fine"
	fineRE = lazyre.New(`^\s*(?:\([^)]*\)\s*)?(?:is|are)\s+(?:fine|ok|okay|allowed|permitted|acceptable|encouraged|safe|good)\b`)
	// the words that may lead a prohibition addressed to the reader ("you should
	// never", "make sure to never", "agents never"); any other subject ("it must
	// never", "the skill must not") makes it about something else
	readerLeadRE = lazyre.New(`^(?:(?:you|agents?|the|an?|ai|coding|we|please|always|also|just|make|sure|to|be|ensure|remember|should|must|will|shall|can|may|and|then|so|really|ever|absolutely|strictly|simply)\s+)*$`)
	// conditions on the branch: heed does not see which branch a command runs on
	branchCondRE = lazyre.New(`\b(?:in|on|while on|while in|from|into|directly to|directly on|directly into)\s+(?:the\s+)?(?:main|master|default|release|stable|trunk)(?:\s+branch)?\b`)
	// hedges: the rule is advice, it warns
	hedgeRE = lazyre.New(`\b(when possible|if possible|where possible|whenever possible|if you can|prefer|preferably|try to|generally|usually|typically|ideally|in most cases|for routine|when iterating|while iterating|between edits|during development)\b`)
	// conditions heed cannot evaluate (the rule is kept, marked inexact)
	conditionRE = lazyre.New(`\b(unless|without (?:an? )?(?:explicit|express|prior)|without (?:team|maintainer|user)|without being|except when|except if|if (?:the )?user|explicitly (?:asks?|asked|instructed|requested|told)|when asked|without asking|without discussion|without team discussion|if asked)\b`)
	// platform conditions: the rule applies on one OS only
	platformRE = lazyre.New(`^(windows|linux|macos|mac|on windows|on linux|on macos|on mac|vs code|vscode|visual studio|in ci|on ci)\s*[:,]`)
)

// prohibition finds where the prose of a sentence starts forbidding: the index just
// after the prohibition word, or -1. The word must start a clause addressed to the
// reader ("Never ...", "..., and don't ...", "make sure to never ..."), not describe
// what something else does ("it must never push").
func prohibition(prose string) int {
	if m := leadNegRE.FindStringIndex(prose); m != nil {
		return m[1]
	}
	for _, m := range negRE.FindAllStringSubmatchIndex(prose, -1) {
		lead := prose[m[4]:m[5]]
		if !readerLeadRE.MatchString(lead) {
			continue
		}
		return m[7]
	}
	return -1
}

// negationEnd is where a prohibition's reach ends in the prose after it: a turn to
// what to do instead.
var turnRE = lazyre.New(`\binstead\b|\brather\b|\bbut\b|\bexcept\b|\bunless\b|\bother than\b|(?:,|\band)\s*(?:use|run|prefer|call|try|always|only)\b|\balways\b|\bprefer\b|\bin favou?r of\b`)

func negationReach(after string) string {
	if m := turnRE.FindStringIndex(after); m != nil {
		return after[:m[0]]
	}
	return after
}

// severityOf is the rule severity for a constraint: its level, lowered to warning when
// the sentence hedges.
func severityOf(level policy.Level, prose string) string {
	sev := recognize.Severity(level)
	if hedgeRE.MatchString(prose) {
		return policy.SeverityWarning
	}
	return sev
}

// dirScope reads a trailing "in `web/`" (or "under `web/`", "inside `web/`"): the
// sentence's rule governs commands run in that directory. It returns the directory
// joined to the constraint's own, or "".
func dirScope(s sentence, base string, rc *recognize.RepoContext) string {
	m := dirScopeRE.FindStringSubmatch(s.prose)
	if m == nil {
		return ""
	}
	k := spanIndex(m[1])
	if k < 0 || k >= len(s.spans) {
		return ""
	}
	d := strings.Trim(strings.TrimPrefix(s.spans[k], "./"), "/")
	if d == "" || strings.ContainsAny(d, " *?[`") {
		return ""
	}
	isDir := strings.HasSuffix(s.spans[k], "/")
	if rc != nil {
		for _, x := range rc.Dirs {
			if x == path.Join(base, d) {
				isDir = true
			}
		}
	}
	if !isDir {
		return ""
	}
	return path.Join(base, d)
}

var dirScopeRE = lazyre.New(`,?\s+(?:in|under|inside|within)\s+(?:the\s+)?(⟦\d+⟧)(?:\s+(?:directory|folder|package))?\s*[.;!]?$`)
