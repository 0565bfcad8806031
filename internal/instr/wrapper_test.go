package instr

import (
	"fmt"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// A file wrapped in an "instructions" fence is read as the Markdown inside it, front
// matter included, with its lines' numbers kept.
func TestInstructionsFenceIsUnwrapped(t *testing.T) {
	for _, c := range []struct {
		name, src string
		want      []string // "line: text" of constraints that must be read
		scope     string   // the globs the front matter gives, joined
	}{
		{"four backticks around the whole file, front matter inside",
			"````instructions\n---\napplyTo: '**/*.py'\n---\n\n# Rules\n\n- Never use `print()`; use the logger.\n\n```bash\nmake test\n```\n````\n",
			[]string{"8: Never use `print()`"}, "**/*.py"},
		{"three backticks after a lead-in, closed at the end of the file",
			"# Guide\n\nRead this first.\n\n```instructions\n## Core rules\n\n- NEVER call the API directly.\n- Secrets: never commit tokens.\n```\n",
			[]string{"8: NEVER call the API directly.", "9: Secrets: never commit tokens."}, ""},
		{"a fence of another language stays code",
			"# Rules\n\n```markdown\n- Never use `print()`.\n```\n",
			nil, ""},
	} {
		file := "AGENTS.md"
		if c.scope != "" {
			file = ".github/instructions/python.instructions.md" // where applyTo is read
		}
		cons, _ := Extract(file, []byte(c.src), Classify(file), policy.Scope{})
		var got []string
		for _, k := range cons {
			got = append(got, fmt.Sprintf("%d: %s", k.Line, k.Text))
			if k.Level == policy.Must && strings.Join(k.Scope.Globs, ",") != c.scope {
				t.Errorf("%s: %q scoped to %q, want %q", c.name, k.Text, k.Scope.Globs, c.scope)
			}
		}
		all := strings.Join(got, "\n")
		for _, w := range c.want {
			if !strings.Contains(all, w) {
				t.Errorf("%s: %q not read; got %q", c.name, w, got)
			}
		}
		if c.want == nil && strings.Contains(all, "print") {
			t.Errorf("%s: the code block was read as instructions: %q", c.name, got)
		}
	}
}
