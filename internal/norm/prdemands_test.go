package norm

import (
	"reflect"
	"testing"
)

// Sentences of our own writing, read in lower case with code spans taken out, as the
// contribution recognisers pass them.
func TestReadPRDemands(t *testing.T) {
	for _, tc := range []struct {
		lower string
		spans []string
		want  PRDemands
	}{
		{"disclose in the pull request description that claude wrote the change.", nil, PRDemands{Disclose: true}},
		// what the agent says in its chat reply is not pull-request text
		{"refuse in your chat reply and disclose that the pr policy forbids ai.", nil, PRDemands{}},
		{"do not put issue numbers or file names in the pull request title.", nil, PRDemands{TitleBans: []string{PRTitleIssueRef, PRTitleFileName}}},
		{"do not use a bare as the pr title.", []string{"Fix #123"}, PRDemands{TitleBans: []string{PRTitleBareRef}}},
		{"pr titles must be under 72 characters.", nil, PRDemands{TitleMax: 72}},
		{"every pull request must include a section.", []string{"## Testing"}, PRDemands{Sections: []string{"Testing"}}},
		{"link the issue with in the pull request description.", []string{"fixes #123"}, PRDemands{LinkKeyword: "fixes"}},
		// one way among others, not a requirement
		{"the pr description could simply be a reference, e.g. .", []string{"Resolves #123"}, PRDemands{}},
		{"keep the pull request description under 200 words.", nil, PRDemands{MaxWords: 200}},
	} {
		if got := ReadPRDemands(tc.lower, tc.spans, true, false); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ReadPRDemands(%q) = %+v, want %+v", tc.lower, got, tc.want)
		}
	}
	// a sentence about commit subjects: the length is the commit rules' business
	if got := ReadPRDemands("commit titles must be under 72 characters.", nil, false, true); got.TitleMax != 0 {
		t.Errorf("a commit subject's length read as a PR title's: %+v", got)
	}
}
