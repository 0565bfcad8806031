package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

var spanMomentRE = lazyre.New("^`([^`]+)`\\s+((?:before|prior to)\\s+[^`]+)$")

// spanBeforeMoment reads an item that is a command and the moment it runs before,
// with no verb: "`cargo fmt --all` before pushing." is "Run `cargo fmt --all`
// before pushing.". A span that is no command ("`main` before tagging") is left.
func spanBeforeMoment(text string, ctx Context) (string, bool) {
	return spanOrder(text, ctx, spanMomentRE, 2)
}

// spanOrder reads an item that opens with a command's span and matches re as "Run
// `<span>` <group moment of re>": re's first group is the span, which must be a
// command.
func spanOrder(text string, ctx Context, re *lazyre.RE, moment int) (string, bool) {
	if ctx.Command == nil || !strings.HasPrefix(text, "`") {
		return "", false
	}
	m := re.FindStringSubmatch(strings.TrimSpace(text))
	if m == nil {
		return "", false
	}
	argv, ok := ctx.Command(m[1])
	if !ok || len(argv) < 2 && !commandShaped(m[1]) {
		return "", false
	}
	return "Run `" + m[1] + "` " + m[moment], true
}

// definitionRunItRE: an item that names a command, says what it does after a dash,
// then when to run "it".
var definitionRunItRE = lazyre.New("(?i)^`([^`]+)`\\s*(?:—|–|-{1,2}|:)\\s*[^;`]*(?:`[^`]*`[^;`]*)*;\\s*((?:re-?)?run)\\s+it\\s+((?:after|before|whenever|when|once|if)\\b[^;]*)$")

// definitionRunIt reads "`make docs` — regenerates `docs/cli.md`; run it after
// changing any command in `cmd/`." as "Run `make docs` after changing ...": "it" is
// the command the item is about. A head span that is no command is left.
func definitionRunIt(text string, ctx Context) (string, bool) {
	if !strings.Contains(text, " it ") {
		return "", false
	}
	return spanOrder(text, ctx, definitionRunItRE, 3)
}

// SpanMomentOrder: text is a command and the moment it runs before, with no verb
// ("`cargo fmt --all` before pushing."): an order the project states, which the
// extractor levels as advice (it has no word of duty) rather than as information.
func SpanMomentOrder(text string) bool {
	m := spanMomentRE.FindStringSubmatch(strings.TrimSpace(text))
	return m != nil && commandShaped(m[1]) && len(strings.Fields(m[1])) > 1
}

var slashMomentsRE = lazyre.New(`(?i)\b(before|prior to)\s+((?:every|each|any)\s+)?(commit|committing|push|pushing|prs?|merge|merging|hand-?off|handing off|review|release|releasing|deploy|deploying|submit|submitting|submission|tag|tagging|publish|publishing)/(commit|committing|push|pushing|prs?|merge|merging|hand-?off|review|release|releasing|deploy|deploying|submit|submitting|submission|tag|tagging|publish|publishing)\b`)

// slashMoments spells moments joined by a slash as a choice inside a sentence: "run
// X before commit/push", "... before push/hand-off" are "before commit or push",
// which the order readers know.
func slashMoments(text string) string {
	if !strings.Contains(text, "/") {
		return text
	}
	var b strings.Builder
	last := 0
	for _, m := range slashMomentsRE.FindAllStringSubmatchIndex(text, -1) {
		if strings.TrimSpace(text[:m[0]]) == "" {
			// "Before PR/merge:" heading its item is a label the checklist
			// readers take as it stands
			continue
		}
		b.WriteString(text[last:m[0]])
		b.WriteString(text[m[2]:m[3]] + " ")
		if m[4] >= 0 {
			b.WriteString(text[m[4]:m[5]])
		}
		b.WriteString(text[m[6]:m[7]] + " or " + text[m[8]:m[9]])
		last = m[1]
	}
	if last == 0 {
		return text
	}
	b.WriteString(text[last:])
	return b.String()
}
