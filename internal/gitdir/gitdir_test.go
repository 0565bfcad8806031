package gitdir

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Outside agrees with git: a folder git calls no work tree is outside, one inside a
// repository (however deep) or named by GIT_DIR is not.
func TestOutsideAgreesWithGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	tmp := t.TempDir()
	if !Outside(tmp) {
		t.Skipf("%s is inside a .git folder's reach on this machine", tmp)
	}
	plain := filepath.Join(tmp, "plain", "deep")
	repo := filepath.Join(tmp, "repo")
	deep := filepath.Join(repo, "a", "b")
	for _, d := range []string{plain, deep} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := exec.Command("git", "init", "-q", repo).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	// a link from a plain folder into the repository: git goes where it leads
	linked := filepath.Join(tmp, "plain", "into")
	if err := os.Symlink(deep, linked); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		dir     string
		outside bool
	}{{plain, true}, {repo, false}, {deep, false}, {linked, false}} {
		inside := exec.Command("git", "-C", c.dir, "rev-parse", "--is-inside-work-tree").Run() == nil
		if inside == c.outside {
			t.Fatalf("%s: git says inside %v, the test expects outside %v", c.dir, inside, c.outside)
		}
		if got := Outside(c.dir); got != c.outside {
			t.Errorf("%s: Outside %v, want %v", c.dir, got, c.outside)
		}
	}
	t.Setenv("GIT_DIR", filepath.Join(repo, ".git"))
	if Outside(plain) {
		t.Errorf("with GIT_DIR set, git must be asked")
	}
}

// HeadBranch agrees with `git branch --show-current` in a work tree, a linked
// worktree and a detached HEAD.
func TestHeadBranchAgreesWithGit(t *testing.T) {
	root := t.TempDir()
	wt := filepath.Join(t.TempDir(), "wt")
	run := func(dir string, args ...string) string {
		t.Helper()
		out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	run(root, "init", "-q", "-b", "trunk")
	run(root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "init")
	run(root, "worktree", "add", "-q", "-b", "side/topic", wt)
	for _, dir := range []string{root, wt} {
		if got, want := HeadBranch(dir), run(dir, "branch", "--show-current"); got != want {
			t.Errorf("%s: HeadBranch %q, git %q", dir, got, want)
		}
	}
	run(wt, "checkout", "-q", "--detach")
	if got := HeadBranch(wt); got != "" {
		t.Errorf("detached: %q", got)
	}
	if got := HeadBranch(t.TempDir()); got != "" {
		t.Errorf("no repository: %q", got)
	}
}
