package project

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/heed-dev/heed/internal/instr"
)

// skipDirs are never entered by the walk used outside git repositories.
var skipDirs = map[string]bool{".git": true, "node_modules": true, "vendor": true, ".venv": true, "venv": true, "__pycache__": true, ".heed": true, "target": true, "dist": true, "build": true}

// ListFiles returns the repository's files, repository-relative and sorted: what git
// tracks or would track (git ls-files, exact about .gitignore), else a walk that skips
// dependency and build folders.
func ListFiles(root string) ([]string, error) {
	cmd := exec.Command("git", "-C", root, "-c", "core.quotePath=false", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C")
	if out, err := cmd.Output(); err == nil {
		var files []string
		for _, p := range bytes.Split(out, []byte{0}) {
			if len(p) > 0 {
				files = append(files, string(p))
			}
		}
		sort.Strings(files)
		return files, nil
	}
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == root {
				return err
			}
			return nil // an unreadable folder is skipped, not fatal
		}
		if d.IsDir() {
			if p != root && (skipDirs[d.Name()] || (strings.HasPrefix(d.Name(), ".") && d.Name() != ".github" && d.Name() != ".cursor" && d.Name() != ".claude")) {
				return filepath.SkipDir
			}
			return nil
		}
		if rel, err := filepath.Rel(root, p); err == nil {
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list files of %s: %w", root, err)
	}
	sort.Strings(files)
	return files, nil
}

// loadInstructions reads the repository's instruction set.
func loadInstructions(root string) (*instr.Set, error) {
	return nil, errors.New("reading instruction files is not available in this build yet")
}
