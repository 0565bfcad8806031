package enforce

import (
	"os/exec"
	"testing"
)

// A ban that holds on one branch judges a live command by the branch the work tree
// has checked out now: the hook has no session record of a checkout, and the repository
// says where the command lands.
func TestLiveBranchRuleReadsTheCheckedOutBranch(t *testing.T) {
	root := newRepo(t, "- Never commit directly on `main`.\n- Never rebase `develop` onto `upstream/main`.")
	e := newEnforcer()
	checkout := func(args ...string) {
		t.Helper()
		if out, err := exec.Command("git", append([]string{"-C", root}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	for _, c := range []struct {
		branch  string
		argv    []string
		blocked bool
	}{
		{"main", []string{"git", "commit", "-m", "x"}, true},
		{"feature", []string{"git", "commit", "-m", "x"}, false},
		{"develop", []string{"git", "rebase", "upstream/main"}, true},
		{"feature", []string{"git", "rebase", "upstream/main"}, false},
		{"develop", []string{"git", "merge", "upstream/main"}, false},
	} {
		checkout("checkout", "-q", "-B", c.branch)
		d := e.Check(Request{Root: root, Argv: c.argv, Source: "exec"})
		if d.Blocked != c.blocked {
			t.Errorf("on %s, %v: blocked=%v, want %v\n%s", c.branch, c.argv, d.Blocked, c.blocked, d.Message)
		}
	}
	// a detached HEAD names no branch: the commit passes, as with an unknown branch
	checkout("checkout", "-q", "--detach")
	if d := e.Check(Request{Root: root, Argv: []string{"git", "commit", "-m", "x"}, Source: "exec"}); d.Blocked {
		t.Errorf("detached HEAD: blocked\n%s", d.Message)
	}
}
