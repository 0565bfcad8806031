package recognize

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// The clauses cut from one line before a constraint are its earlier clauses, in
// order; the first clause of a line, one of another file, or one the context lacks
// has none.
func TestEarlierOnLine(t *testing.T) {
	rc := &RepoContext{Constraints: []policy.Constraint{
		{ID: "a", File: "AGENTS.md", Line: 3},
		{ID: "b", File: "AGENTS.md", Line: 4},
		{ID: "c", File: "AGENTS.md", Line: 4},
		{ID: "d", File: "AGENTS.md", Line: 4},
		{ID: "e", File: "CLAUDE.md", Line: 4},
	}}
	for i, want := range []string{"", "", "b", "b,c", ""} {
		var got []string
		for _, c := range rc.EarlierOnLine(&rc.Constraints[i]) {
			got = append(got, c.ID)
		}
		if strings.Join(got, ",") != want {
			t.Errorf("EarlierOnLine(%s) = %q, want %q", rc.Constraints[i].ID, got, want)
		}
	}
	if got := rc.EarlierOnLine(&policy.Constraint{ID: "missing", File: "AGENTS.md", Line: 4}); len(got) != 0 {
		t.Errorf("a constraint the context lacks: %d earlier", len(got))
	}
}
