package arch

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// A diagram of the layers in a code block, given its meaning by the sentence after
// it, read as drawn: each part depends on the next.
func TestDiagramLayers(t *testing.T) {
	head := []string{"Dependency direction"}
	block := func(text string) policy.Constraint {
		return policy.Constraint{ID: "b", File: "AGENTS.md", HeaderPath: head, Level: policy.Info, Code: []policy.CodeBlock{{Text: text}}}
	}
	sent := policy.Constraint{ID: "s", File: "AGENTS.md", HeaderPath: head, Level: policy.Must, Text: "Arrows point the way imports may go; nothing points back."}
	dirs := []string{"internal", "internal/api", "internal/core", "internal/storage"}
	for _, c := range []struct {
		block, text, want string
	}{
		{"api --> core --> storage\n", sent.Text, `{"layers":[{"name":"storage","paths":["internal/storage/**"]},{"name":"core","paths":["internal/core/**"]},{"name":"api","paths":["internal/api/**"]}]}`},
		// two chains: heed would have to join them
		{"api --> core --> storage\ncli --> core --> storage\n", sent.Text, ``},
		// the sentence gives the arrows no meaning
		{"api --> core --> storage\n", "The request goes through these parts.", ``},
		// a flow of commands, not names
		{"make build --> make test --> make deploy\n", sent.Text, ``},
	} {
		b := block(c.block)
		s := sent
		s.Text = c.text
		rc := &recognize.RepoContext{Dirs: dirs, Constraints: []policy.Constraint{b, s}}
		got := ""
		for _, r := range (layersRecognizer{}).Recognize(&s, rc).Rules {
			got += string(r.Params)
		}
		if got != c.want {
			t.Errorf("%q under %q: %s, want %s", c.text, c.block, got, c.want)
		}
	}
}

func TestVerticalChain(t *testing.T) {
	for _, c := range []struct {
		text string
		want string
	}{
		{"web\n │\n ▼\ncore\n │\n ▼\nstorage\n", "web core storage"},
		{"storage\n  ▲\ncore\n  ▲\nweb\n", "web core storage"},
		{"web\n ▼\ncore\n ▲\nstorage\n", ""},               // both ways: no chain
		{"web\ncore\nstorage\n", ""},                       // no arrows: a list, no chain
		{"go build ./...\n ▼\ngo test ./...\n ▼\nx\n", ""}, // commands, not names
	} {
		got, ok := verticalChain(c.text)
		if strings.Join(got, " ") != c.want || ok != (c.want != "") {
			t.Errorf("verticalChain(%q) = %q, %v; want %q", c.text, got, ok, c.want)
		}
	}
}
