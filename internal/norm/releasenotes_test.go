package norm

import (
	"slices"
	"testing"
)

// TestReleaseNoteBans: SymPy's release-note policies (../shared/corpus/swe-cc, by id)
// and sentences of heed's own; a changelog file's entries and advice on tone are no
// pull request's release notes.
func TestReleaseNoteBans(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"A release-note entry must not contain issue numbers; issue references belong elsewhere in the pull-request description.", []string{NoteNumbers}},                                         // SYMPY-C063
		{"A release-note entry must contain neither a pull-request number nor author names; the bot adds them automatically.", []string{NoteNumbers}},                                              // SYMPY-C061
		{"A release-note entry must omit first-person phrases such as `I have fixed` and pull-request-relative phrases such as `this pull request fixes`.", []string{NoteFirstPerson, NoteThisPR}}, // SYMPY-C066
		{"Every release-note entry must use past tense, be self-contained, and be phrased for direct insertion into the wiki rather than referring to `this pull request`.", []string{NoteThisPR}}, // SYMPY-C065
		{"Each release-note entry must be a complete sentence beginning with a capital letter and ending with a period.", []string{NoteLowercase}},                                                 // SYMPY-C060
		{"Keep release notes friendly and short.", nil},
		{"A changelog entry in `CHANGES.rst` must not contain issue numbers.", nil},
		{"Do not reference issue numbers in commit subjects.", nil},
		{"Release notes are written by the maintainers; never start them with a capital letter heading.", nil},
	}
	for _, c := range cases {
		if got := ReleaseNoteBans(c.in); !slices.Equal(got, c.want) {
			t.Errorf("ReleaseNoteBans(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}
