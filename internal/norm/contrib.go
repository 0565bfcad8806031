package norm

import (
	"regexp"
	"sync"
)

// Co-changes: files that must change together, in the forms the command reader does
// not take ("when you change X, also update Y" is a requirement it reads): a lockfile
// committed with its manifest, generated code with its source, a migration with a
// model change.

// CoChange is one co-change a sentence states: a change to If needs a change to Then.
type CoChange struct {
	// If and Then are the paths the sentence names, as written (a folder ends in
	// "/", a glob keeps its stars).
	If, Then []string
	// IfRoles and ThenRoles name kinds of files where the sentence names no path
	// (CoModel, CoMigration, CoPublicAPI, CoDocs, CoSchema; CoAny for "every change").
	IfRoles, ThenRoles []string
	// Added: only files the change adds trigger it ("when you add a file under X").
	Added bool
	// Judgement: the sentence leaves to the author which changes need it ("unless
	// the change is internal", "user-facing changes").
	Judgement bool
	// Approx states a stand-in the reading makes, when it makes one ("a change to the
	// generator's folder stands for a regeneration"): the rule can only warn.
	Approx string
	// Exempt are the kinds of change the text exempts: "tests", "docs".
	Exempt []string
	// What names what the Then side holds, as the sentence says it ("a migration",
	// "the regenerated code"), for messages.
	What string
	// Dependencies: the condition is a change to the dependencies the If files
	// declare ("if you change the dependencies in `pyproject.toml`"), not any
	// change to them.
	Dependencies bool
}

var ccSpanRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("`([^`]+)`") })

// CoChanges reads the co-changes a sentence states on its own, with no frame.
func CoChanges(text string) []CoChange { return CoChangesIn(text, CoFrame{}) }

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
