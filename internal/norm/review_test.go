package norm

import "testing"

func TestWordsTheSelfReviewAsksAbout(t *testing.T) {
	for text, want := range map[string]string{
		"Examples: `feature/ana/x`":              "examples",
		"Exception — under `src/api/` use camel": "exception",
		"Use examples from the docs.":            "",
	} {
		if got := SentenceLabel(text); got != want {
			t.Errorf("SentenceLabel(%q) = %q, want %q", text, got, want)
		}
	}
	if !AboutTests("Unit tests") || AboutTests("Contest rules") {
		t.Error("AboutTests reads words, not parts of words")
	}
	if got := KindOfChange("When introducing a deprecation, add a fragment."); got != "When introducing" {
		t.Errorf("KindOfChange = %q", got)
	}
	if got := KindOfChange("When you change a crate, add an entry to its changelog."); got != "" {
		t.Errorf("a change to any crate is no kind of change: %q", got)
	}
	if got := MessagePlaceOnly("Do not write a bare `#NNN` anywhere in a commit message."); got != "commit message" {
		t.Errorf("MessagePlaceOnly = %q", got)
	}
	if got := MessagePlaceOnly("Never use `TODO` in code or in commit messages."); got != "" {
		t.Errorf("a sentence that also names the code: %q", got)
	}
}
