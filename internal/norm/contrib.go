package norm

import (
	"regexp"
	"strings"
	"sync"
)

// Co-changes: files that must change together, in the forms the command reader does
// not take ("when you change X, also update Y" is a requirement it reads): a lockfile
// committed with its manifest, generated code with its source, a migration with a
// model change.

// CoChange is one co-change a sentence states: a change to If needs a change to Then.
type CoChange struct {
	If, Then []string
	// What names what the Then side holds, as the sentence says it ("a migration",
	// "the regenerated code"), for messages.
	What string
}

var coChangeREs = sync.OnceValue(func() []*regexp.Regexp {
	const (
		span   = "§(\\d+)"
		change = `(?:change|changes|modify|modifies|edit|edits|touch|touches|update|updates)`
		modal  = `(?:must|should|need to|needs to|have to|has to)`
	)
	return []*regexp.Regexp{
		// "if you change §0, commit the updated §1 with it"
		regexp.MustCompile(`^(?:if|when|whenever) (?:you |a change |a commit |a pr )?` + change + ` (?:to |in |under )?(?:the )?` + span + `,? (?:then )?(?:also |always )?(?:commit|include|update|regenerate|add|stage) (?:the |an? )?(?:updated |regenerated |matching |new )?((?:[\w-]+ ){0,2}?)(?:in |under |from )?` + span),
		// "changes to §0 must come with the regenerated code in §1",
		// "a change to §0 needs a migration in §1"
		regexp.MustCompile(`^(?:every |each |any |all |a |an )?(?:changes?|edits?|modifications?) (?:to|under|in|of) (?:the )?` + span + ` (?:` + modal + ` (?:come with|include|be accompanied by|ship with)|(?:needs|requires|need|require)) (?:the |an? )?(?:updated |regenerated |matching |new )?((?:[\w-]+ ){0,2}?)(?:in|under|from) ` + span),
	}
})

var ccSpanRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("`([^`]+)`") })

// CoChanges reads the co-changes a sentence states, with the paths as written.
func CoChanges(text string) []CoChange {
	var spans []string
	prose := ccSpanRE().ReplaceAllStringFunc(text, func(m string) string {
		spans = append(spans, strings.Trim(m, "`"))
		return "§" + itoaN(len(spans)-1)
	})
	prose = strings.ToLower(strings.Join(strings.Fields(prose), " "))
	prose = strings.TrimLeft(prose, "-*• ")
	var out []CoChange
	for _, re := range coChangeREs() {
		m := re.FindStringSubmatch(prose)
		if m == nil {
			continue
		}
		a, b := atoiN(m[1]), atoiN(m[3])
		if a >= len(spans) || b >= len(spans) || strings.ContainsAny(spans[a]+spans[b], " \t") {
			continue
		}
		out = append(out, CoChange{If: []string{spans[a]}, Then: []string{spans[b]}, What: strings.TrimSpace(m[2])})
		break
	}
	return out
}

func itoaN(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoaN(n/10) + string(rune('0'+n%10))
}

func atoiN(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

var (
	// formatSubjectRE: a statement about the form of commit messages or PR titles.
	formatSubjectRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)^\W*(commit (messages?|subjects?|titles?|style|format)|commits|(pr|pull request) titles?)\b[^.]{0,20}?\b(follow|follows|use|uses|are written (in|as)|are in|take the form)\b`)
	})
	// formatTemplateRE: a template with placeholders ("<type>(<scope>): <subject>") or
	// the name of a convention.
	formatTemplateRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile("(?i)`[^`]*<[a-z][a-z _-]*>[^`]*`|\\bconventional commits?\\b")
	})
)

// FormatStatement reports whether text states the form of commit messages or PR
// titles as a fact ("Commit messages follow `<type>(<scope>): <subject>`"): a rule,
// though no modal verb says so.
func FormatStatement(text string) bool {
	return formatSubjectRE().MatchString(text) && formatTemplateRE().MatchString(text)
}
