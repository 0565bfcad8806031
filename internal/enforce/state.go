package enforce

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// TreeState fingerprints the working tree's changes: the paths that differ from HEAD
// (staged or not, and untracked files git does not ignore) with their content. Staging
// does not change it, editing does: `make lint`, `git add .`, `git commit` sees the
// state lint saw. heed's own files are left out. It runs git once, and only for
// ordering rules.
func TreeState(root string) (string, error) {
	state, _, err := TreeChanges(root)
	return state, err
}

// TreeChanges is TreeState with the changed paths themselves (sorted), which an
// ordering rule limited to some files reads when the session's edits are unknown.
func TreeChanges(root string) (string, []string, error) {
	cmd := exec.Command("git", "-C", root, "-c", "core.quotePath=false", "status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames")
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C")
	out, err := cmd.Output()
	if err != nil {
		return "", nil, fmt.Errorf("git status in %s: %w", root, err)
	}
	var paths []string
	for _, rec := range bytes.Split(out, []byte{0}) {
		if len(rec) < 4 {
			continue
		}
		p := string(rec[3:])
		if p == ".heed" || strings.HasPrefix(p, ".heed/") {
			continue
		}
		paths = append(paths, p)
	}
	sort.Strings(paths)
	h := sha256.New()
	for _, p := range paths {
		h.Write([]byte(p))
		h.Write([]byte{0})
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p)))
		if err != nil {
			h.Write([]byte("<absent>"))
		} else {
			sum := sha256.Sum256(data)
			h.Write(sum[:])
		}
		h.Write([]byte{0})
	}
	if paths == nil {
		paths = []string{} // known: nothing changed
	}
	return hex.EncodeToString(h.Sum(nil)[:16]), paths, nil
}
