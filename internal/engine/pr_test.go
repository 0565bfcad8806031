package engine

import "testing"

func TestPRFromEvent(t *testing.T) {
	for _, tc := range []struct {
		name, event string
		want        *PR
	}{
		{"github pull request", `{"action":"opened","pull_request":{"title":" feat: x ","body":"Fixes #1\r\nmore"}}`, &PR{Title: "feat: x", Body: "Fixes #1\nmore"}},
		{"github pull request with no description", `{"pull_request":{"title":"feat: x","body":null}}`, &PR{Title: "feat: x"}},
		{"gitlab merge request", `{"object_kind":"merge_request","object_attributes":{"title":"fix: y","description":"Closes #2"}}`, &PR{Title: "fix: y", Body: "Closes #2"}},
		{"push", `{"ref":"refs/heads/main","commits":[]}`, nil},
		{"issue comment", `{"issue":{"title":"bug"},"comment":{"body":"hi"}}`, nil},
	} {
		got, err := PRFromEvent([]byte(tc.event))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if (got == nil) != (tc.want == nil) || got != nil && *got != *tc.want {
			t.Errorf("%s: got %+v, want %+v", tc.name, got, tc.want)
		}
	}
	if _, err := PRFromEvent([]byte("{")); err == nil {
		t.Error("a broken event: no error")
	}
}

func TestParsePR(t *testing.T) {
	got := ParsePR("\n# Title: feat: add x\r\n\r\nBody line\n")
	if got.Title != "feat: add x" || got.Body != "Body line" {
		t.Errorf("got %+v", got)
	}
}
