package repo

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpenFindsTheWorkTreeAsGitDoes: Open decides whether a folder is in a work tree
// without running git in the plain case, and its answer is git's in every layout,
// the plain ones and those it leaves to git.
func TestOpenFindsTheWorkTreeAsGitDoes(t *testing.T) {
	g := newGitRepo(t)
	g.write(map[string]string{"src/app/main.py": "x = 1\n"})
	g.commit("one")
	// a linked worktree (.git is a file), a repository whose config says it is bare,
	// one whose work tree is elsewhere
	linked := filepath.Join(t.TempDir(), "linked")
	g.git("worktree", "add", "-q", linked)
	bare := newGitRepo(t)
	bare.git("config", "core.bare", "true")
	moved := newGitRepo(t)
	elsewhere := t.TempDir()
	moved.git("config", "core.worktree", elsewhere)
	if err := os.MkdirAll(filepath.Join(moved.dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	// a link from outside into the repository, and one from inside it to a plain
	// folder: git goes by where the folder really is
	outside := t.TempDir()
	into := filepath.Join(outside, "into")
	plainDir := filepath.Join(outside, "plain")
	if err := os.MkdirAll(plainDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(g.dir, "src"), into); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(plainDir, filepath.Join(g.dir, "away")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		dir   string
		plain bool // answered without git
	}{
		{g.dir, true},
		{filepath.Join(g.dir, "src", "app"), true},
		{filepath.Join(g.dir, ".git"), false},
		{filepath.Join(g.dir, ".git", "refs"), false},
		{linked, false},
		{filepath.Join(linked, "src"), false},
		{bare.dir, false},
		{filepath.Join(moved.dir, "sub"), false},
		{filepath.Join(into, "app"), true},
		{filepath.Join(g.dir, "away"), false},
	} {
		_, _, plain := plainWorkTree(c.dir)
		if plain != c.plain {
			t.Errorf("%s: answered without git %v, want %v", c.dir, plain, c.plain)
		}
		r, err := Open(c.dir)
		if err != nil {
			t.Fatalf("open %s: %v", c.dir, err)
		}
		cmd := exec.Command("git", "-C", c.dir, "rev-parse", "--is-inside-work-tree", "--show-prefix")
		cmd.Env = gitEnv()
		out, _ := cmd.Output()
		lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
		inside := lines[0] == "true"
		if r.Git != inside {
			t.Errorf("%s: Git %v, git says inside a work tree: %v", c.dir, r.Git, inside)
			continue
		}
		if inside {
			prefix := ""
			if len(lines) > 1 {
				prefix = lines[1]
			}
			if r.Prefix != prefix {
				t.Errorf("%s: prefix %q, git says %q", c.dir, r.Prefix, prefix)
			}
		}
	}
}

// TestOpenAsksGitWhenTheEnvironmentMovesTheRepository: GIT_DIR and its kin change
// git's discovery, so Open asks git.
func TestOpenAsksGitWhenTheEnvironmentMovesTheRepository(t *testing.T) {
	g := newGitRepo(t)
	t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(g.dir))
	if _, _, plain := plainWorkTree(g.dir); plain {
		t.Errorf("GIT_CEILING_DIRECTORIES set: the work tree must be git's answer")
	}
}

func TestPlainConfig(t *testing.T) {
	for cfg, want := range map[string]bool{
		"[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = true\n": true,
		"[core]\n\tbare = true\n":                       false,
		"[core]\n\tbare\n":                              false,
		"[core]\n\tbare = false\n\tworktree = /srv/x\n": false,
		"[include]\n\tpath = other.cfg\n":               false,
		"[includeIf \"gitdir:~/w/\"]\n\tpath = w.cfg\n": false,
	} {
		if got := plainConfig([]byte(cfg)); got != want {
			t.Errorf("%q: %v, want %v", cfg, got, want)
		}
	}
}

// TestRevFileAgreesWithGit: RevFile reads through one cat-file what `git show
// REV:PATH` shows of a regular file, nothing for anything else, and an unknown
// revision is an error naming it.
func TestRevFileAgreesWithGit(t *testing.T) {
	g := newGitRepo(t)
	g.write(map[string]string{".heed/policy.json": "{}\n", "a.txt": "one\n", "deep/er/b.go": "package b\n", "x/y": "y\n"})
	if err := os.Symlink("a.txt", filepath.Join(g.dir, "link")); err != nil {
		t.Fatal(err)
	}
	first := g.commit("one")
	g.write(map[string]string{"a.txt": "two\n"})
	g.commit("two")
	g.git("tag", "-a", "-m", "t", "v1", first)
	r := g.open()
	for _, c := range []struct {
		rev, path, want string
		ok              bool
	}{
		{"HEAD", "a.txt", "two\n", true},
		{"HEAD~1", "a.txt", "one\n", true},
		{"v1", "a.txt", "one\n", true}, // an annotated tag, peeled
		{first, ".heed/policy.json", "{}\n", true},
		{"HEAD", "deep/er/b.go", "package b\n", true},
		{"HEAD", "deep/er", "", false},      // a folder
		{"HEAD", "link", "", false},         // a symlink
		{"HEAD", "a.txt/x", "", false},      // below a file
		{"HEAD", "x/z", "", false},          // missing
		{"HEAD", "missing/z.go", "", false}, // no such folder
	} {
		data, ok, err := r.RevFile(c.rev, c.path)
		if err != nil {
			t.Errorf("%s:%s: %v", c.rev, c.path, err)
			continue
		}
		if ok != c.ok || string(data) != c.want {
			t.Errorf("%s:%s: %q %v, want %q %v", c.rev, c.path, data, ok, c.want, c.ok)
		}
	}
	// the commit and tree it resolved are the ones git names
	if h, _ := r.ResolveRev("v1"); h != first {
		t.Errorf("v1 resolved to %s, want %s", h, first)
	}
	if tr, _ := r.ResolveTree("HEAD~1"); tr != g.git("rev-parse", "HEAD~1^{tree}") {
		t.Errorf("tree of HEAD~1: %s", tr)
	}
	for _, rev := range []string{"nope", "HEAD..HEAD~1", "HEAD~1 HEAD"} {
		_, ok, err := r.RevFile(rev, "a.txt")
		var ue *UnknownRevisionError
		if ok || !errors.As(err, &ue) {
			t.Errorf("%q: ok %v, err %v; want an unknown revision", rev, ok, err)
		}
	}
}
