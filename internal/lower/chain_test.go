package lower

import (
	"slices"
	"strings"
	"testing"
)

// The commands a chain in a sentence runs one after another; an escaped `\;` ends
// a `find -exec`, not a command.
func TestChainParts(t *testing.T) {
	for _, c := range []struct {
		line string
		want []string
	}{
		{"cd frontend && npm run lint:fix && npm run build ; cd ..", []string{"cd frontend", "npm run lint:fix", "npm run build", "cd .."}},
		{"git checkout main && git pull", []string{"git checkout main", "git pull"}},
		{"make fmt; make test", []string{"make fmt", "make test"}},
		{`find . -name '*.pyc' -exec rm {} \;`, []string{`find . -name '*.pyc' -exec rm {} \;`}},
		{"make test", []string{"make test"}},
	} {
		var got []string
		for _, p := range chainParts(c.line) {
			got = append(got, strings.TrimSpace(p))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("chainParts(%q) = %q, want %q", c.line, got, c.want)
		}
	}
}
