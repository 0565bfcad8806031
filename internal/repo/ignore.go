package repo

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"

	"github.com/heed-dev/heed/internal/policy"
)

// IgnoreFile is the repository's ignore file, relative to its root: the files heed
// leaves out of judging, in gitignore syntax (Exclusions says which).
const IgnoreFile = policy.IgnoreFile

// SkipExcluded is the skip reason of a file .heedignore or --exclude leaves out.
const SkipExcluded = "excluded"

// maxIgnoreSize bounds the ignore file.
const maxIgnoreSize = 1 << 20

// Ignore matches repository-relative paths against gitignore patterns: the
// repository's .heedignore, then the patterns of the configuration and the command
// line, a later pattern overriding an earlier one (as git reads .gitignore files).
// Matching is go-git's gitignore: `*.py` matches at any depth, `/build` and
// `docs/*.md` only from the root, `build/` a folder and what is under it, `**` any
// number of folders, `!pattern` includes again what an earlier pattern left out (a
// file under an excluded folder too, unlike git), `#` starts a comment line.
// The zero value and nil match nothing.
type Ignore struct {
	m gitignore.Matcher
	// Patterns are the patterns in force, in order (for messages and tests).
	Patterns []string
}

// LoadIgnore reads the repository's .heedignore (a missing file is no pattern) and
// adds extra patterns after it. Errors name the file.
func LoadIgnore(root string, extra []string) (*Ignore, error) {
	path := filepath.Join(root, IgnoreFile)
	var lines []string
	fi, err := os.Lstat(path)
	switch {
	case os.IsNotExist(err):
	case err != nil:
		return nil, fmt.Errorf("read %s: %w", path, err)
	case !fi.Mode().IsRegular():
		// a committed link to /dev/zero or outside the repository is not read
		return nil, fmt.Errorf("read %s: not a regular file (%s)", path, fi.Mode().Type())
	case fi.Size() > maxIgnoreSize:
		return nil, fmt.Errorf("read %s: %d bytes, more than an ignore file's %d", path, fi.Size(), maxIgnoreSize)
	default:
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", path, err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(make([]byte, 64*1024), maxIgnoreSize)
		for sc.Scan() {
			lines = append(lines, sc.Text())
		}
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("read %s: %w", path, err)
		}
	}
	return NewIgnore(append(lines, extra...)), nil
}

// NewIgnore builds a matcher from gitignore lines; blank lines and comments are
// dropped.
func NewIgnore(lines []string) *Ignore {
	ig := &Ignore{}
	var ps []gitignore.Pattern
	for _, l := range lines {
		l = strings.TrimSuffix(l, "\r")
		if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#") {
			continue
		}
		ps = append(ps, gitignore.ParsePattern(l, nil))
		ig.Patterns = append(ig.Patterns, l)
	}
	if len(ps) > 0 {
		ig.m = gitignore.NewMatcher(ps)
	}
	return ig
}

// Match reports whether the repository-relative file path is left out.
func (ig *Ignore) Match(rel string) bool {
	if ig == nil || ig.m == nil {
		return false
	}
	return ig.m.Match(strings.Split(filepath.ToSlash(rel), "/"), false)
}

// Empty reports whether the matcher leaves nothing out.
func (ig *Ignore) Empty() bool { return ig == nil || ig.m == nil }
