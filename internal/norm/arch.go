package norm

import (
	"regexp"
	"strings"
	"sync"
)

// Architecture statements: a project states its dependency rules as often without a
// modal verb as with one. "Allowed import direction: `api` -> `service` -> `repo`",
// "Dependencies flow one way: `app` → `lib` → `utils`" and "`render` depends only on
// `model`" are rules, though no "must" says so; a request flow drawn with the same
// arrows ("Request flow: `a.ts` → `b.ts` → `c.ts`") is not.

var (
	// codeSpanRE finds inline code spans.
	archSpanRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("`+[^`]+`+") })
	// arrowListRE: three or more spans joined by arrows, one way.
	arrowListRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`§(?:\s*(?:→|->|-->|=>|⟶)\s*§){2,}|§(?:\s*(?:←|<-|<--|<=|⟵)\s*§){2,}`)
	})
	// dependencyWordsRE: the words that make an arrow list a statement of dependencies.
	dependencyWordsRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(dependenc(y|ies)|depends?|imports?|import direction|layers?|layering)\b`)
	})
	// onlyDependsRE: "§ depends only on §", "§ imports only from §".
	onlyDependsRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)^(the\s+)?§(\s*(,|and|or)\s*§)*(\s+(package|module|layer|folder|crate)s?)?\s+(depends|imports)\s+(only|exclusively)\s+(on|from)?\s*§`)
	})
)

// BoundaryStatement reports whether text states a dependency rule without a modal
// verb: an arrow list of three or more code spans in a sentence about dependencies,
// imports or layers (names, not command lines), or "X depends only on Y".
func BoundaryStatement(text string) bool {
	prose := archSpanRE().ReplaceAllString(text, "§")
	prose = strings.Join(strings.Fields(prose), " ")
	if arrowListRE().MatchString(prose) {
		for _, sp := range archSpanRE().FindAllString(text, -1) {
			if strings.ContainsAny(strings.Trim(sp, "`"), " \t") {
				return false // a command line, not a part of the code
			}
		}
		words := arrowListRE().ReplaceAllString(prose, " ")
		return dependencyWordsRE().MatchString(words)
	}
	return onlyDependsRE().MatchString(strings.TrimLeft(prose, "-*• "))
}

// importColumnRE: a table column that lists what a row's part may import.
var importColumnRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)(^|\|)\s*(may|can|is allowed to|allowed to)\s+(import|depend on|use)( from)?\s*(\||$)|(^|\|)\s*(allowed|permitted)\s+(imports|dependencies)\s*(\||$)`)
})

// ImportColumn reports whether a table's header row ("Layer | May import") has a
// column of what each row's part may import: its rows are rules.
func ImportColumn(header string) bool { return importColumnRE().MatchString(header) }
