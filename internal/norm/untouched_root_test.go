package norm

import "testing"

// A ban of committing files the text places at the repository's root names them
// there, not in every folder.
func TestUntouchedAtRoot(t *testing.T) {
	for _, c := range []struct {
		text string
		root bool
	}{
		{"The `PAT_*.md` notes at the repo root are scratch — do not commit them.", true},
		{"`notes.md` in the root of the repository is yours; never commit it.", true},
		{"`scratch.txt` in the project root is local only. Don't commit it.", true},
		{"`draft.md` in the root of the docs site is generated; never commit it.", false},
		{"`.env.local` holds your secrets; never commit it.", false},
	} {
		u, ok := UntouchedFiles(c.text)
		if !ok {
			t.Errorf("%q: no ban read", c.text)
			continue
		}
		if u.AtRoot != c.root {
			t.Errorf("%q: at the root %v, want %v", c.text, u.AtRoot, c.root)
		}
	}
}
