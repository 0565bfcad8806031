package norm

import "testing"

func TestProseWords(t *testing.T) {
	got := proseWords("Don't use well-known `x` names, e.g. snake_case; it’s fine.")
	want := []string{"don't", "use", "well-known", "x", "names", "e.g", "snake_case", "it's", "fine"}
	if len(got) != len(want) {
		t.Fatalf("%q", got)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%q, want %q", got, want)
		}
	}
}
