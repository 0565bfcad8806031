package instr

import (
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

func idsByText(t *testing.T, src string) map[string][]string {
	t.Helper()
	cs, _ := Extract("AGENTS.md", []byte(src), FormatAgents, policy.Scope{})
	m := map[string][]string{}
	for _, c := range cs {
		m[c.Text] = append(m[c.Text], c.ID)
	}
	return m
}

// An id depends on file, header path, text and duplicate index only: editing,
// adding or moving other parts of the file keeps it.
func TestStableIDs(t *testing.T) {
	before := idsByText(t, `# Rules

## Testing

- Run `+"`make test`"+` before committing.
- Keep tests fast.
- Keep tests fast.

## Style

Use tabs, not spaces.
`)
	after := idsByText(t, `---
description: added front matter
---
# Rules

A new introduction paragraph that shifts every line.

## Style

Use tabs,
not spaces.

## Testing

- A new first item.
- Run  `+"`make test`"+`   before committing.
- Keep tests fast.
- Keep tests fast.
- Keep tests reliable.
`)
	for _, text := range []string{"Run `make test` before committing.", "Use tabs, not spaces."} {
		if len(before[text]) != 1 || len(after[text]) != 1 || before[text][0] != after[text][0] {
			t.Errorf("%q: id changed from %v to %v", text, before[text], after[text])
		}
	}
	dups := before["Keep tests fast."]
	if len(dups) != 2 || dups[0] == dups[1] {
		t.Fatalf("duplicates must get distinct ids: %v", dups)
	}
	if a := after["Keep tests fast."]; len(a) != 2 || a[0] != dups[0] || a[1] != dups[1] {
		t.Errorf("duplicate ids changed: %v -> %v", dups, a)
	}

	// What does change an id: its text, its header path, its file.
	changed := idsByText(t, "# Rules\n\n## Testing\n\n- Run `make test` after committing.\n")
	if changed["Run `make test` after committing."][0] == before["Run `make test` before committing."][0] {
		t.Errorf("a changed text kept its id")
	}
	moved := idsByText(t, "# Rules\n\n## Checks\n\n- Run `make test` before committing.\n")
	if moved["Run `make test` before committing."][0] == before["Run `make test` before committing."][0] {
		t.Errorf("a constraint under another heading kept its id")
	}
	other, _ := Extract("web/AGENTS.md", []byte("# Rules\n\n## Testing\n\n- Run `make test` before committing.\n"), FormatAgents, policy.Scope{Dir: "web"})
	if other[0].ID == before["Run `make test` before committing."][0] {
		t.Errorf("the same rule in another file kept its id")
	}
}
