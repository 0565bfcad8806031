package norm

import (
	"slices"
	"testing"
)

// A ban of creating files (fresh file s57: "DO NOT create nested `MCP/MCP/`
// directories"; the commoner "Do not create new files under `src/legacy/`") is a ban of
// adding them that the write itself breaks; sentences that create no file are left.
func TestUntouchedCreates(t *testing.T) {
	for text, want := range map[string][]string{
		"Do not create new files under `src/legacy/`.": {"src/legacy/"},
		"Never create `.env` files.":                   {".env"},
		"Don't create a new branch for small fixes.":   nil,
		"Do not create new files unless necessary.":    nil,
	} {
		u, ok := UntouchedFiles(text)
		if ok != (want != nil) {
			t.Errorf("%q: read %v, want %v", text, ok, want != nil)
			continue
		}
		if ok && (!u.Creates || !u.AddedOnly || !slices.Equal(u.Paths, want)) {
			t.Errorf("%q: %+v, want a creation ban of %v", text, u, want)
		}
	}
	if u, _ := UntouchedFiles("Never commit `.env` files."); u.Creates {
		t.Errorf("a commit ban is no creation ban: %+v", u)
	}
}
