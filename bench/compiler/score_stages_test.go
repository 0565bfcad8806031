package main

import (
	"strings"
	"testing"
)

// The census may be taken of the holdout, so a reason must lose every word of the
// sentence it was given: code spans, quotations and the scope a ban is limited to.
func TestScrubReasonQuotesNoSentence(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"bans `fmt.Println` only in situations heed cannot see (\"when logging\")", "bans `…` only in situations heed cannot see"},
		{"bans `panic` only in library packages and tools, which heed cannot locate in code", "bans `…` only in a scope, which heed cannot locate in code"},
		{"names `reflect` code, but only in code outside the codec, which heed cannot locate", "names a construct, but only in a scope, which heed cannot locate"},
		{"bans `Foo`, but no sample path of its languages lies in the rule's scope", "bans `…`, but no sample path of its languages lies in the rule's scope"},
		{"no checkable claim", "no checkable claim"},
	} {
		got := scrubReason(c.in)
		if got != c.want {
			t.Errorf("scrubReason(%q) = %q, want %q", c.in, got, c.want)
		}
		for _, w := range []string{"fmt.Println", "panic", "library", "reflect", "codec", "Foo", "logging"} {
			if strings.Contains(got, w) {
				t.Errorf("scrubReason(%q) keeps %q", c.in, w)
			}
		}
	}
}
