// Package gitdir tells, without running git, when a folder cannot be inside a git
// work tree: a process costs milliseconds, and a compile or check outside git asked
// git three times only to hear "not a git repository".
package gitdir

import (
	"os"
	"path/filepath"
	"strings"
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

// HeadBranch is the branch checked out in the work tree at root, read from its HEAD
// file without running git: "" when root has no .git, HEAD is detached, or it names
// no local branch. A linked worktree's .git file points to its own HEAD.
func HeadBranch(root string) string {
	dot := filepath.Join(root, ".git")
	fi, err := os.Stat(dot)
	if err != nil {
		return ""
	}
	dir := dot
	if !fi.IsDir() {
		b, err := os.ReadFile(dot)
		if err != nil {
			return ""
		}
		target, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir: ")
		if !ok {
			return ""
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(root, target)
		}
		dir = target
	}
	return BranchOfHead(dir)
}

// BranchOfHead is the local branch the HEAD file of a git directory names, or "".
func BranchOfHead(gitDir string) string {
	b, err := os.ReadFile(filepath.Join(gitDir, "HEAD"))
	if err != nil {
		return ""
	}
	ref, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "ref: ")
	if !ok {
		return "" // detached: a commit id
	}
	name, _ := strings.CutPrefix(ref, "refs/heads/")
	if name == ref {
		return ""
	}
	return name
}
