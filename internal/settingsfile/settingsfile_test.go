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
	} {
		if got := Depth([]byte(c.in), MaxDepth); got != c.want {
			t.Errorf("Depth(%.40q) = %d, want %d", c.in, got, c.want)
		}
	}
}

func TestDuplicateKeyOnThePathOnly(t *testing.T) {
	for _, c := range []struct {
		in, want string
	}{
		{`{"mcpServers": {"heed": {}}}`, ""},
		{`{"model": 1, "model": 2, "mcpServers": {"heed": {}}}`, ""},
		{`{"mcpServers": {}, "mcpServers": {}}`, "mcpServers"},
		{`{"mcpServers": {"heed": {}, "x": {}, "heed": {}}}`, "mcpServers.heed"},
		{`{"mcpServers": {"heed": {"command": "a", "command": "b"}}}`, ""},
		{`[{"mcpServers": 1}, {"mcpServers": 2}]`, ""},
	} {
		got, err := DuplicateKey([]byte(c.in), "mcpServers", "heed")
		if err != nil || got != c.want {
			t.Errorf("DuplicateKey(%s) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}
