package repo

import "testing"

// A commit made on main and still its tip is told from main's ref file; once the
// refs are packed (no ref file), git says main holds it; a commit main no longer
// holds was not left on it.
func TestACommitMadeOnABranchWithLooseOrPackedRefs(t *testing.T) {
	g := newGitRepo(t)
	g.write(map[string]string{"a.txt": "a\n"})
	base := g.commit("base")
	g.write(map[string]string{"a.txt": "b\n"})
	tip := g.commit("change")
	r := g.open()
	madeOn := func() string {
		t.Helper()
		cs, err := r.Commits(base, "HEAD")
		if err != nil || len(cs) != 1 || cs[0].Hash != tip {
			t.Fatalf("commits %+v, %v", cs, err)
		}
		return cs[0].MadeOn
	}
	if got := madeOn(); got != "main" {
		t.Errorf("loose ref: made on %q, want main", got)
	}
	g.git("pack-refs", "--all")
	if got := madeOn(); got != "main" {
		t.Errorf("packed refs: made on %q, want main", got)
	}
	g.git("checkout", "-q", "-b", "side")
	g.git("branch", "-f", "main", base)
	if got := madeOn(); got != "" {
		t.Errorf("main reset before the commit: made on %q, want none", got)
	}
}
