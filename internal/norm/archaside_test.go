package norm

import (
	"regexp"
	"slices"
	"testing"
)

// A parenthesis of words between two spans of a list is an aside: the list goes on
// after it ("may import only `a`, `b` (where code is) and `c`" allows c too). heed's
// own AGENTS.md once lost `internal/rules/process` this way.
func TestArchListAsideKeepsTheList(t *testing.T) {
	for text, want := range map[string][]string{
		"`internal/lower` may import only `internal/norm`, `internal/layout` (where code and tests are) and `internal/rules/process`.": {"internal/lower", "internal/norm", "internal/layout", "internal/rules/process"},
		"`app` may import only `a` (the API), `b` (the store), `c`.":                                                                   {"app", "a", "b", "c"},
	} {
		ss := ArchSentences(text)
		if len(ss) != 1 || !slices.Equal(ss[0].Spans, want) {
			t.Fatalf("%q: %+v", text, ss)
		}
		if got := ss[0].Prose; archListAsideRE.MatchString(got) || !archImportList(got) {
			t.Errorf("%q: prose %q keeps an aside inside its list", text, got)
		}
	}
}

// archImportList: the prose's allowed list reaches its last span.
func archImportList(prose string) bool {
	return regexp.MustCompile(`only §1(?:, §\d+)*,? (?:and )?§\d+\.?$`).MatchString(prose)
}
