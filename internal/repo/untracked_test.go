package repo

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// A diff check lists the untracked files first (they are part of the change) and the
// tracked ones only if a rule reads the tree: the listing made that way is the one a
// single git call makes, tracked and untracked, symlinks and ignored files left out.
func TestAListingAfterTheUntrackedFilesIsTheSame(t *testing.T) {
	g := newGitRepo(t)
	g.write(map[string]string{".gitignore": "*.log\n", "a.py": "a\n", "pkg/b.py": "b\n", "pkg/c.go": "c\n"})
	g.commit("base")
	g.write(map[string]string{"new.py": "n\n", "pkg/new.go": "n\n", "debug.log": "x\n", "pkg/b.py": "B\n"})
	if err := os.Symlink("a.py", filepath.Join(g.dir, "link.py")); err != nil {
		t.Fatal(err)
	}

	alone := g.open()
	wantCand, err := alone.ListCandidates()
	if err != nil {
		t.Fatal(err)
	}
	wantUntracked, err := alone.Untracked()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(wantUntracked, []string{"link.py", "new.py", "pkg/new.go"}) {
		t.Fatalf("untracked %q: the fixture is wrong", wantUntracked)
	}

	r := g.open()
	r.StartUntracked()
	untracked, err := r.Untracked()
	if err != nil || !reflect.DeepEqual(untracked, wantUntracked) {
		t.Errorf("untracked files listed alone: %q (%v), want %q", untracked, err, wantUntracked)
	}
	r.StartListing()
	cand, err := r.ListCandidates()
	if err != nil || !reflect.DeepEqual(cand, wantCand) {
		t.Errorf("listing after the untracked files: %q (%v), want %q", cand, err, wantCand)
	}
	for _, p := range cand {
		if p == "link.py" || p == "debug.log" {
			t.Errorf("the listing holds %s: a symlink or an ignored file", p)
		}
	}
	if again, _ := r.Untracked(); !reflect.DeepEqual(again, wantUntracked) {
		t.Errorf("untracked after the listing: %q, want %q", again, wantUntracked)
	}
}
