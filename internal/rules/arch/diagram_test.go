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

// Layers listed one an item under a lead-in that says which way the list runs, given
// their meaning by a sentence after the list.
func TestListLayers(t *testing.T) {
	head := []string{"Layers"}
	item := func(line int, text, lead string) policy.Constraint {
		return policy.Constraint{File: "AGENTS.md", Line: line, HeaderPath: head, Level: policy.Info, Text: text, Context: lead}
	}
	dirs := []string{"app", "app/interfaces", "app/application", "app/domain"}
	want := `{"layers":[{"name":"domain","paths":["app/domain/**"]},{"name":"application","paths":["app/application/**"]},{"name":"interfaces","paths":["app/interfaces/**"]}]}`
	for _, c := range []struct {
		lead, items, sentence, want string
	}{
		{"Layers, from top to bottom:", "interfaces application domain", "A layer never imports a layer above it.", want},
		{"Layers, bottom first:", "domain application interfaces", "A layer never imports a layer above it.", want},
		{"Layers:", "interfaces application domain", "A layer never imports a layer above it.", ``},                      // which way is not said
		{"Layers, from top to bottom:", "interfaces application domain", "Each layer has its own README.", ``},           // no meaning given
		{"Folders, from top to bottom:", "interfaces application domain", "A layer never imports a layer above it.", ``}, // no layers
	} {
		var cons []policy.Constraint
		for i, n := range strings.Fields(c.items) {
			cons = append(cons, item(10+i, "`"+n+"`", c.lead))
		}
		s := policy.Constraint{File: "AGENTS.md", Line: 20, HeaderPath: head, Level: policy.Must, Text: c.sentence}
		rc := &recognize.RepoContext{Dirs: dirs, Constraints: append(cons, s)}
		got := ""
		for _, r := range (layersRecognizer{}).Recognize(&s, rc).Rules {
			got += string(r.Params)
		}
		if got != c.want {
			t.Errorf("%q / %q: %s, want %s", c.lead, c.sentence, got, c.want)
		}
	}
}
