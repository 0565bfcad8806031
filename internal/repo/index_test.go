package repo

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// gitRegularPaths lists what `git ls-files --stage` lists of regular files in dir.
func gitRegularPaths(t *testing.T, g *gitRepo, dir string) []string {
	t.Helper()
	var out []string
	for _, rec := range strings.Split(g.git("-C", dir, "ls-files", "--stage", "--cached", "-z"), "\x00") {
		meta, p, ok := strings.Cut(rec, "\t")
		if ok && (strings.HasPrefix(meta, "100644 ") || strings.HasPrefix(meta, "100755 ")) {
			out = append(out, p)
		}
	}
	return out
}

func indexPaths(r *Repo) ([]string, bool) {
	var out []string
	ok := indexRegularPaths(r.gitDir, r.commonDir, r.Prefix, func(p []byte) { out = append(out, string(p)) })
	return out, ok
}

// The index read in place lists what git lists, in each of the index's versions:
// regular files only (a symlink and a submodule left out), an executable, a path
// added with intent to add (an extended entry), a long path, a listing of a folder
// below the top; a split index is left to git.
func TestTheIndexReadInPlaceListsWhatGitLists(t *testing.T) {
	g := newGitRepo(t)
	long := "deep/" + strings.Repeat("segment-of-a-long-path/", 8) + "file.py"
	g.write(map[string]string{"a.py": "a\n", "sub/b.py": "b\n", "sub/dir/c.go": "c\n", "tool.sh": "#!/bin/sh\n", long: "l\n", "z.txt": "z\n"})
	if err := os.Chmod(filepath.Join(g.dir, "tool.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("a.py", filepath.Join(g.dir, "link.py")); err != nil {
		t.Fatal(err)
	}
	g.commit("base")
	g.write(map[string]string{"later.py": "l\n"})
	g.git("add", "-N", "later.py")
	for _, v := range []string{"2", "3", "4"} {
		if v != "3" { // intent-to-add entries make the index version 3 at least
			g.git("update-index", "--index-version", v)
		}
		r := g.open()
		got, ok := indexPaths(r)
		want := gitRegularPaths(t, g, g.dir)
		if !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("index version %s: read %q (ok %v), git lists %q", v, got, ok, want)
		}
		if len(want) != 7 {
			t.Errorf("git lists %d regular files, want 7: the fixture is wrong", len(want))
		}
		sub, err := Open(filepath.Join(g.dir, "sub"))
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := indexPaths(sub); !ok || !reflect.DeepEqual(got, []string{"b.py", "dir/c.go"}) {
			t.Errorf("index version %s, listed from sub/: %q (ok %v), want the paths below it, relative to it", v, got, ok)
		}
	}
	g.git("update-index", "--split-index")
	if got, ok := indexPaths(g.open()); ok {
		t.Errorf("a split index was read in place (%q): its entries are in another file", got)
	}
	// the listing git makes then, without what the read handed over before it
	// found the split
	want, err := g.open().ListCandidates()
	if err != nil {
		t.Fatal(err)
	}
	r := g.open()
	r.StartUntracked()
	r.StartListing()
	if got, err := r.ListCandidates(); err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("listing of a split index after the untracked files: %q (%v), want %q", got, err, want)
	}
	g.git("update-index", "--no-split-index")
	// a damaged index is git's to report
	b, err := os.ReadFile(filepath.Join(g.dir, ".git", "index"))
	if err != nil {
		t.Fatal(err)
	}
	cut := bytes.Clone(b[:len(b)/2])
	if err := os.WriteFile(filepath.Join(g.dir, ".git", "index"), cut, 0o644); err != nil {
		t.Fatal(err)
	}
	if got, ok := indexPaths(g.open()); ok {
		t.Errorf("half an index was read in place: %q", got)
	}
}
