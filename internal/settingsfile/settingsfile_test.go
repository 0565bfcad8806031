package settingsfile

import (
	"strings"
	"testing"
)

func TestDepthIgnoresBracketsInStrings(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
	}{
		{`{}`, 1},
		{`{"a": [1, {"b": []}]}`, 4},
		{`{"a": "[[[[{{{{", "b": "\"[["}`, 1},
		{strings.Repeat("[", 1000), MaxDepth + 1}, // stops counting past the limit
		// JSON with comments: brackets and quotes in comments do not count
		{"{\n  // it's \"[[[\n  \"a\": [] /* {{{ \" */\n}", 2},
		{"{ /* [[[ unterminated", 1},
	} {
		if got := Depth([]byte(c.in), MaxDepth); got != c.want {
			t.Errorf("Depth(%.40q) = %d, want %d", c.in, got, c.want)
		}
	}
}
