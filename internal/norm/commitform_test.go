package norm

import (
	"reflect"
	"testing"
)

// Sentences of our own writing.
func TestReadFormDemand(t *testing.T) {
	for _, tc := range []struct {
		lower, raw string
		ok         bool
		want       FormDemand
	}{
		{"prefix every commit message with the jira ticket.", "", true, FormDemand{TicketKey: true, Directs: true}},
		{`if your commit closes a ticket, begin with the text "fixed #xxxxx".`, `If your commit closes a ticket, begin with the text "Fixed #xxxxx".`, true,
			FormDemand{Quoted: []string{"Fixed #xxxxx"}, IfCloses: true, Directs: true}},
		// a precondition heed cannot observe
		{"when working on the cli, titles start with the area.", "", false, FormDemand{}},
		// a style illustrated, not required
		{"commit messages follow an imperative style seen in history.", "", true, FormDemand{}},
		{"keep commits small.", "", false, FormDemand{}},
	} {
		got, ok := ReadFormDemand(tc.lower, tc.raw)
		if ok != tc.ok || ok && !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ReadFormDemand(%q) = %+v, %v; want %+v, %v", tc.lower, got, ok, tc.want, tc.ok)
		}
	}
	if !SubjectLineOnly("write the subject line as a summary.") || SubjectLineOnly("the e-mail subject names the release.") {
		t.Error("SubjectLineOnly: a subject line with no other owner is a commit's; an e-mail's is not")
	}
}
