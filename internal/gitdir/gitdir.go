// Package gitdir tells, without running git, when a folder cannot be inside a git
// work tree: a process costs milliseconds, and a compile or check outside git asked
// git three times only to hear "not a git repository".
package gitdir

import (
	"os"
	"path/filepath"
)

// Outside reports whether dir is certainly outside any git work tree: git's
// environment does not redirect it (GIT_DIR, GIT_WORK_TREE) and neither dir nor any
// folder above it has a .git entry (a repository, a linked worktree or a submodule).
// The folders above are those of where dir really is, as git finds them: a symlink
// into a repository leads into its work tree. False means git must be asked.
func Outside(dir string) bool {
	if os.Getenv("GIT_DIR") != "" || os.Getenv("GIT_WORK_TREE") != "" {
		return false
	}
	d, err := filepath.Abs(dir)
	if err != nil {
		return false
	}
	if d, err = filepath.EvalSymlinks(d); err != nil {
		return false
	}
	for {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil || !os.IsNotExist(err) {
			return false
		}
		parent := filepath.Dir(d)
		if parent == d {
			return true
		}
		d = parent
	}
}
