package norm

import (
	"reflect"
	"testing"
)

// Sentences of our own writing, in lower case with code spans taken out.
func TestReadConventional(t *testing.T) {
	for _, tc := range []struct {
		lower string
		spans []string
		frame ConventionalFrame
		want  Conventional
	}{
		{"commit messages follow conventional commits.", nil, ConventionalFrame{}, Conventional{ForCommits: true, Required: true}},
		{"pr titles must use conventional commits.", nil, ConventionalFrame{}, Conventional{ForPR: true, Required: true}},
		{"allowed types: , , and .", []string{"feat", "fix", "docs"}, ConventionalFrame{Around: "commit messages / "},
			Conventional{ForCommits: true, Types: []string{"feat", "fix", "docs"}, Required: true}},
		// an open list names examples, not the allowed types
		{"use a type such as , .", []string{"feat", "fix"}, ConventionalFrame{Around: "commit messages / "}, Conventional{ForCommits: true}},
		// the label of the history, the convention its value
		{"**git**: conventional commits ()", []string{"feat:"}, ConventionalFrame{}, Conventional{ForCommits: true, Required: true}},
		// what some commits tend to look like
		{"dependency updates commonly use conventional commit style.", nil, ConventionalFrame{Around: "commits / "}, Conventional{ForCommits: true}},
	} {
		if got := ReadConventional(tc.lower, tc.spans, tc.frame); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ReadConventional(%q) = %+v, want %+v", tc.lower, got, tc.want)
		}
	}
	if !BreakingBothMarkers("mark a breaking change with and a footer.", "Mark a breaking change with `!` and a `BREAKING CHANGE:` footer.") {
		t.Error("both markers of a breaking change not read")
	}
}
