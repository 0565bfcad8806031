package norm

import "testing"

// TestBeforeSpanList: the words before a list of spans, for its later items.
func TestBeforeSpanList(t *testing.T) {
	for text, want := range map[string]string{
		"avoid truncating output from `a`, `b` and ": "avoid truncating output from",
		"pipe it into `head`, or ":                   "pipe it into",
		"pipe it into ":                              "pipe it into",
		"run `a` then ":                              "run `a` then",
	} {
		if got := beforeSpanList(text); got != want {
			t.Errorf("beforeSpanList(%q) = %q, want %q", text, got, want)
		}
	}
	if !outputOf("Don't cut the output of `go test`, `go vet` or `make lint` short.", Object{Kind: KCode, Text: "make lint"}) {
		t.Error("a command late in a list after 'the output of' is its output's source")
	}
	if outputOf("Run `make lint` and read its output.", Object{Kind: KCode, Text: "make lint"}) {
		t.Error("a command that is run is no output's source")
	}
}
