package norm

import "testing"

// Session 42's readings of contribution sentences, on sentences of our own writing in
// the shapes public instruction files give them (whole-file batch s42-1 found them).

func TestIssueRefClauses(t *testing.T) {
	for _, tc := range []struct {
		lower string
		want  bool
	}{
		{"link the pr to an existing issue: that way the work is agreed on and you avoid rework.", true},
		{"prs should describe the change, link related issues, and say which docs you touched.", true},
		{"mention the related github issue in both commit messages and pr descriptions.", true},
		{"pr references related issue(s) and describes the change.", true},
		// a reference only some pull requests need, or one offered as an option
		{"link to any relevant issues.", false},
		{"links to a related issue if applicable.", false},
		{"you can link the issue your pr fixes.", false},
		// bare issues: a kind of reference, not the issue the pull request addresses
		{"reference issues with in the description.", false},
		{"the prompt includes issue/pr body, comments and diff.", false},
		// negated, or a style of commit messages
		{"do not link issues in the pr.", false},
		{"reference issues and pull requests liberally after the first line.", false},
		// a reference asked of the title
		{"include the issue number in the pr title, e.g. .", false},
		// a reference asked of commit messages only
		{"reference the issue in your commit message.", false},
	} {
		if got := ReadPRDemands(tc.lower, nil, true, false).IssueRef; got != tc.want {
			t.Errorf("ReadPRDemands(%q).IssueRef = %v, want %v", tc.lower, got, tc.want)
		}
	}
	if d := ReadPRDemands("link the pr to an existing issue.", nil, true, false); !d.IssueRefShould {
		t.Error("an issue link read from a clause blocks: a pull request may close no issue")
	}
}
