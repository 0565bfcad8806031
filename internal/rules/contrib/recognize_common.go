package contrib

import (
	"encoding/json"
	"github.com/heed-dev/heed/internal/layout"
	"regexp"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// sentence is what the recognisers read of a constraint: its prose in lower case with
// code spans replaced, the code spans, and the surrounding headings and context.
type sentence struct {
	c     *policy.Constraint
	text  string // recognize.Lower(text)
	raw   string // the text as written, white space folded
	spans []string
	// around is the lower-cased header path and context: where the sentence stands.
	around string
	// near is the nearest frame alone: the last heading and the list's lead-in.
	near string
}

func read(c *policy.Constraint) sentence {
	around := strings.ToLower(strings.Join(c.HeaderPath, " / ") + " / " + c.Context)
	near := strings.ToLower(c.Context)
	if len(c.HeaderPath) > 0 {
		near = strings.ToLower(c.HeaderPath[len(c.HeaderPath)-1]) + " / " + near
	}
	return sentence{
		near:   near,
		c:      c,
		text:   recognize.Lower(c.Text),
		raw:    strings.Join(strings.Fields(c.Text), " "),
		spans:  recognize.CodeSpans(c.Text),
		around: around,
	}
}

// aboutCommitMessages reports whether the sentence speaks of commit messages: it says
// "commit", or stands under a heading or list that does, and is not a rule about when
// to run something.
func (s sentence) aboutCommitMessages() bool {
	if norm.SaysWhenToRun(s.text) {
		return false
	}
	if norm.SaysCommit(s.text) {
		return true
	}
	return norm.SaysCommit(s.around) && !s.nearPROnly()
}

// nearPROnly: the sentence's nearest frame speaks of pull requests and not of
// commits ("#### PR titles should:" under "## Pull request titles and commit
// messages"): its items are about pull requests, whatever the wider section names.
func (s sentence) nearPROnly() bool {
	return norm.PROnlyFrame(s.near)
}

// aboutPRs reports whether the sentence speaks of pull requests.
func (s sentence) aboutPRs() bool {
	return norm.SaysPR(s.text) || norm.SaysPR(s.around)
}

// severity maps the constraint's level, softened when the sentence calls its own limits
// soft or only asks to try.
func (s sentence) severity() string {
	if norm.SoftDemand(s.text) {
		return policy.SeverityWarning
	}
	return recognize.Severity(s.c.Level)
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// rule assembles a rule of the contribution domain.
func (s sentence) rule(kind string, params any, exact bool, message, suggestion string, cases []policy.Case) policy.Rule {
	r := policy.Rule{
		Domain:     policy.DomainContribution,
		Kind:       kind,
		Params:     mustJSON(params),
		Severity:   s.severity(),
		Exact:      exact,
		Message:    message,
		Suggestion: suggestion,
		Cases:      cases,
	}
	if p, ok := params.(CochangeParams); ok && slices.Equal(p.If, layout.CodeGlobs()) && s.forOneOccasion() {
		// "in `changes.yml`, add a filter" under "When adding a new integration:":
		// the step of one kind of change, which heed reads as any change to the code
		r.Severity = policy.SeverityWarning
	}
	return r
}

// forOneOccasion: the sentence or its nearest frame ties it to one kind of change
// (adding an integration, deprecating a feature, a release) and the sentence does not
// say every change.
func (s sentence) forOneOccasion() bool {
	return norm.OneOccasion(s.text, s.near)
}

func sat(note string, msg string) policy.Case {
	return policy.Case{Expect: policy.ExpectSatisfied, Message: msg, Note: note}
}

func vio(note string, msg string) policy.Case {
	return policy.Case{Expect: policy.ExpectViolated, Message: msg, Note: note}
}

func inapp(note string, msg string) policy.Case {
	return policy.Case{Expect: policy.ExpectInapplicable, Message: msg, Note: note}
}

// exampleToPattern turns a template or example an instruction quotes into a regular
// expression: placeholders (XXXXX, NNNN, 1234, <type>, ...) become what they stand for,
// the rest is literal.
func exampleToPattern(ex string) string {
	var b strings.Builder
	i := 0
	for i < len(ex) {
		rest := ex[i:]
		switch {
		case strings.HasPrefix(rest, "..."), strings.HasPrefix(rest, "…"):
			b.WriteString(`.*`)
			if strings.HasPrefix(rest, "...") {
				i += 3
			} else {
				i += len("…")
			}
			continue
		case rest[0] == '<':
			if j := strings.IndexByte(rest, '>'); j > 0 {
				b.WriteString(`\S.*?`)
				i += j + 1
				continue
			}
		}
		if m := placeholderDigitsRE.FindString(rest); m != "" {
			b.WriteString(`[0-9]+`)
			i += len(m)
			continue
		}
		r := rest[:1]
		b.WriteString(regexp.QuoteMeta(r))
		i++
	}
	return b.String()
}

// placeholderDigitsRE matches the ways instructions write "a number here".
var placeholderDigitsRE = lazyre.New(`^(X{3,}|x{3,}|N{3,}|n{3,}|#{3,}|[0-9]+)\b`)
