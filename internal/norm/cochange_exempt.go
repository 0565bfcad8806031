package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// ExemptionsIn reads the kinds of change ("tests", "docs") a sentence exempts from
// the demand it states itself ("Every change to `lib/` needs a test.
// Documentation-only changes are exempt."), for readers of demands other than the
// co-change reader's (a test demand).
func ExemptionsIn(text string) []string {
	_, prose := coProse(text)
	return coExemptions(prose)
}

// coSurfaceOfRE: a condition on the API or an interface of files the sentence names
// ("when the exported API of `pkg/client` changes", "after changing any interface
// in `internal/store/`"): a change to the files stands for one to their surface,
// which only a reader can tell apart from an internal one.
var coSurfaceOfRE = lazyre.New(`\b(?:(?:exported|public)\s+)?(?:apis?|interfaces?|surface)\b`)

// coEachFile splits a co-change whose demand joins its files with "and" (a table's
// cell "`docs/cli.md` and `completions/app.bash`") into one per file: each is
// needed, not either.
func coEachFile(out []CoChange, demand string) []CoChange {
	if len(out) != 1 || len(out[0].Then) < 2 || !coAllRE().MatchString(demand) || strings.Contains(demand, " or ") {
		return out
	}
	var each []CoChange
	for _, p := range out[0].Then {
		one := out[0]
		one.Then = []string{p}
		each = append(each, one)
	}
	return each
}

// ToolChangeFiles reports whether the sentence asks for the change files a release
// tool writes ("create change files with `yarn change`", beachball's `change/`):
// which changes need one is the tool's configuration (its packages), which heed does
// not read, so a rule of it can only remind.
func ToolChangeFiles(lower string) bool { return toolChangeFilesRE.MatchString(lower) }

var toolChangeFilesRE = lazyre.New(`\b(?:add|create|generate|include|commit)\s+(?:a\s+|the\s+)?change\s+files?\b`)

// coAddInFolder reports a condition that adds a thing to a folder ("when you add a
// locale under `locales/`"): the thing is a file the change adds there, and a change
// to one the folder holds already is none (a file span, "add a dependency to
// `package.json`", is an edit).
func coAddInFolder(cond string, spans []string) bool {
	m := coAddInRE.FindStringSubmatch(cond)
	if m == nil {
		return false
	}
	n := atoiN(m[1])
	return n < len(spans) && strings.HasSuffix(strings.TrimSpace(spans[n]), "/")
}

var coAddInRE = lazyre.New(`\b(?:add|adds|adding|added|create|creates|creating|created|introduce|introduces|introducing)\s+(?:a|an|any|one)\s+(?:[\w-]+\s+){1,2}?(?:under|in|into|inside|within|to)\s+§(\d+)`)

// PlaceholderGlob turns a path with a placeholder (`packages/<package>/.changes/<name>.md`)
// into the glob of the paths it stands for (packages/*/.changes/*.md); ok is false for
// a path without one.
func PlaceholderGlob(sp string) (string, bool) { return placeholderGlob(sp) }
