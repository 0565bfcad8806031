package norm

import "testing"

// A spelling kept and one banned, in quotes, in a sentence about spelling; quoted
// words of another sentence are no spelling (batch 662, paraphrased).
func TestSpellingBan(t *testing.T) {
	for text, want := range map[string]string{
		`Spell it "color", never "colour", in names and comments.`: "color colour",
		`Spelling: 'organize', not 'organise'.`:                    "organize organise",
		`Answer "yes", not "y".`:                                   "",
		`Spell "Kubernetes" with a capital K.`:                     "",
	} {
		keep, ban, ok := SpellingBan(text)
		got := ""
		if ok {
			got = keep + " " + ban
		}
		if got != want {
			t.Errorf("%q: %q, want %q", text, got, want)
		}
	}
}
