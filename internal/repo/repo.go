// Package repo is heed's edge to repositories: which files a repository has (as git
// sees them, or by walking a plain directory), what a change touched (git diffs parsed
// into per-file line sets, renames, new and deleted files), the commits of a change, and
// read-only snapshots of the working tree, the index or a revision. It runs the `git`
// binary; nothing else in heed does.
package repo

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/heed-dev/heed/internal/gitdir"
)

// Repo is a repository root: the top of a git work tree, a folder inside one, or a
// plain directory (then Git is false and only the file listing works).
type Repo struct {
	// Root is absolute; every path heed reports is relative to it.
	Root string
	// Git is true when Root lies in a git work tree.
	Git bool
	// Top is the work tree's top and Prefix Root's path below it ("" or "sub/dir/").
	Top    string
	Prefix string
	// gitDir is the work tree's own git directory (its HEAD), commonDir the
	// directory its worktrees share (refs, reflogs); both absolute, "" outside git.
	gitDir, commonDir string
	// ls is the work tree's listing, made at most once (ListCandidates) unless
	// DropListing let it go.
	lsMu sync.Mutex
	ls   *stagedListing
	// listingStarted is set once StartListing started ls.
	listingStarted atomic.Bool
	// ut is the work tree's untracked files, listed alone (StartUntracked), and
	// untrackedStarted set once StartUntracked started it: a listing made after
	// takes them from it and asks git for the tracked files only.
	ut               *untrackedListing
	untrackedStarted atomic.Bool
	// started is the work-tree diff StartDiffWorktree began, until DiffWorktree takes it.
	diffMu  sync.Mutex
	started *startedDiff
	// resolved holds the commits ResolveRev found, by revision: a diff check asks for
	// its base once to load the base's rules and again to diff against it.
	resolved sync.Map
	// trees holds the trees of the commits ResolveRev found in the same call, by
	// revision.
	trees sync.Map
	// attrAsked maps each path PrefetchAttributes asked about to its batch (nil
	// until a prefetch: Attributes then asks git directly).
	attrMu    sync.Mutex
	attrAsked map[string]*attrBatch
}

// ErrNotGit is returned by operations that need git in a plain directory.
var ErrNotGit = errors.New("not a git repository")

// Open inspects root. A directory that is not in a git work tree is not an error:
// heed can still check every file in it.
func Open(root string) (*Repo, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("repository %s: %w", root, err)
	}
	st, err := os.Stat(abs)
	if err != nil {
		return nil, fmt.Errorf("repository %s: %w", root, err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("repository %s: not a directory", root)
	}
	r := &Repo{Root: abs}
	if gitdir.Outside(abs) {
		return r, nil // no .git at or above: git would only say so
	}
	if _, err := exec.LookPath("git"); err != nil {
		return r, nil
	}
	if top, prefix, ok := plainWorkTree(abs); ok {
		// a plain work tree: its .git folder is both its own and the common one
		r.Git, r.Top, r.Prefix = true, top, prefix
		r.gitDir = filepath.Join(top, ".git")
		r.commonDir = r.gitDir
		return r, nil
	}
	out, err := r.run(nil, "rev-parse", "--is-inside-work-tree", "--show-toplevel", "--show-prefix", "--absolute-git-dir", "--git-common-dir")
	if err != nil {
		return r, nil
	}
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(lines) < 2 || lines[0] != "true" {
		return r, nil
	}
	r.Git = true
	r.Top = lines[1]
	if len(lines) > 2 {
		r.Prefix = lines[2]
	}
	if len(lines) > 4 {
		r.gitDir, r.commonDir = lines[3], lines[4]
		if !filepath.IsAbs(r.commonDir) {
			r.commonDir = filepath.Join(abs, r.commonDir)
		}
	}
	return r, nil
}

// GitError is a git command that failed, with what it printed.
type GitError struct {
	Args   []string
	Stderr string
	Err    error
}

func (e *GitError) Error() string {
	msg := strings.TrimSpace(e.Stderr)
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	if msg == "" {
		msg = e.Err.Error()
	}
	return fmt.Sprintf("git %s: %s", strings.Join(e.Args, " "), msg)
}

func (e *GitError) Unwrap() error { return e.Err }

// gitEnv is the environment every git call runs with: no optional locks (heed only
// reads, and must not fight the user's git for index.lock), untranslated messages.
func gitEnv() []string {
	return append(os.Environ(), "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C", "GIT_TERMINAL_PROMPT=0", "GIT_PAGER=cat")
}

func (r *Repo) command(args ...string) *exec.Cmd {
	full := append([]string{"-C", r.Root, "-c", "core.quotePath=false", "-c", "core.fsmonitor=false"}, args...)
	cmd := exec.Command("git", full...)
	cmd.Env = gitEnv()
	return cmd
}

// run runs git in Root and returns its standard output.
func (r *Repo) run(stdin []byte, args ...string) ([]byte, error) {
	cmd := r.command(args...)
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return out, &GitError{Args: args, Stderr: stderr.String(), Err: err}
	}
	return out, nil
}

// eachNUL runs git in Root and calls each with every NUL-terminated record of its
// standard output, as it is read: the record's bytes are valid only during the call.
func (r *Repo) eachNUL(each func(rec []byte), args ...string) error {
	return r.eachNULIn(nil, each, args...)
}

// eachNULIn is eachNUL with stdin as git's standard input (nil: none).
func (r *Repo) eachNULIn(stdin io.Reader, each func(rec []byte), args ...string) error {
	cmd := r.command(args...)
	cmd.Stdin = stdin
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return &GitError{Args: args, Err: err}
	}
	if err := cmd.Start(); err != nil {
		return &GitError{Args: args, Err: err}
	}
	br := bufio.NewReaderSize(out, 64<<10)
	var long []byte // a record longer than the buffer, gathered
	var rerr error
	for {
		chunk, err := br.ReadSlice(0)
		if err == bufio.ErrBufferFull {
			long = append(long, chunk...)
			continue
		}
		if long != nil {
			chunk = append(long, chunk...)
			long = nil
		}
		if len(chunk) > 0 && chunk[len(chunk)-1] == 0 {
			chunk = chunk[:len(chunk)-1]
		}
		if len(chunk) > 0 {
			each(chunk)
		}
		if err != nil {
			if err != io.EOF {
				rerr = err
			}
			break
		}
	}
	if err := cmd.Wait(); err != nil {
		return &GitError{Args: args, Stderr: stderr.String(), Err: err}
	}
	if rerr != nil {
		return &GitError{Args: args, Err: rerr}
	}
	return nil
}

// GitOutput runs a git command in the repository and returns its output (for callers
// that need a plumbing command this package does not wrap).
func (r *Repo) GitOutput(args ...string) ([]byte, error) {
	if !r.Git {
		return nil, ErrNotGit
	}
	return r.run(nil, args...)
}

// UnknownRevisionError is a revision git cannot resolve to a commit.
type UnknownRevisionError struct{ Rev string }

func (e *UnknownRevisionError) Error() string {
	return fmt.Sprintf("unknown revision %q: no commit of that name in this repository", e.Rev)
}

// ResolveRev resolves rev to a full commit hash.
func (r *Repo) ResolveRev(rev string) (string, error) {
	if !r.Git {
		return "", ErrNotGit
	}
	if rev == "" || strings.HasPrefix(rev, "-") {
		return "", &UnknownRevisionError{Rev: rev}
	}
	if h, ok := r.resolved.Load(rev); ok {
		return h.(string), nil
	}
	// The commit and its tree in one git call: a diff check asks for both (the
	// base's rules are cached by its tree), and each git process costs a few ms.
	if out, err := r.run(nil, "rev-parse", "--end-of-options", rev+"^{commit}", rev+"^{tree}", "--"); err == nil {
		if c, t, ok := commitAndTree(out); ok {
			r.resolved.Store(rev, c)
			r.trees.Store(rev, t)
			return c, nil
		}
	}
	// A name rev-parse reads as more than one commit (a range), or none: --verify
	// says which.
	out, err := r.run(nil, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	if err != nil {
		return "", &UnknownRevisionError{Rev: rev}
	}
	h := strings.TrimSpace(string(out))
	r.resolved.Store(rev, h)
	return h, nil
}

// commitAndTree reads the two object names `git rev-parse REV^{commit} REV^{tree} --`
// prints (after the --end-of-options and before the -- that older gits echo): ok is
// false unless there are exactly two.
func commitAndTree(out []byte) (commit, tree string, ok bool) {
	var names []string
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		switch {
		case l == "--end-of-options" || l == "--":
		case isObjectName(l):
			names = append(names, l)
		default:
			return "", "", false
		}
	}
	if len(names) != 2 {
		return "", "", false
	}
	return names[0], names[1], true
}

// isObjectName reports whether s is a full SHA-1 or SHA-256 object name.
func isObjectName(s string) bool {
	if len(s) != 40 && len(s) != 64 {
		return false
	}
	for _, c := range s {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// ResolveTree resolves rev to the hash of its commit's tree: the whole content of
// the commit, whatever its history.
func (r *Repo) ResolveTree(rev string) (string, error) {
	if !r.Git {
		return "", ErrNotGit
	}
	if rev == "" || strings.HasPrefix(rev, "-") {
		return "", &UnknownRevisionError{Rev: rev}
	}
	if t, ok := r.trees.Load(rev); ok {
		return t.(string), nil
	}
	out, err := r.run(nil, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{tree}")
	if err != nil {
		return "", &UnknownRevisionError{Rev: rev}
	}
	return strings.TrimSpace(string(out)), nil
}

// MergeBase returns the best common ancestor of commits a and b.
func (r *Repo) MergeBase(a, b string) (string, error) {
	if !r.Git {
		return "", ErrNotGit
	}
	out, err := r.run(nil, "merge-base", "--end-of-options", a, b)
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(out)), nil
}

// HasHead reports whether HEAD names a commit (false in a repository with no commits).
func (r *Repo) HasHead() bool {
	_, err := r.ResolveRev("HEAD")
	return err == nil
}

// emptyTree is git's empty tree: the base of a diff in a repository with no commits.
const emptyTree = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"

// Rel converts a path as the user gave it (absolute, or relative to the working
// directory cwd) into a Root-relative, "/"-separated path. A path outside Root is an
// error that names it.
func (r *Repo) Rel(cwd, p string) (string, error) {
	abs := p
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(cwd, p)
	}
	abs = filepath.Clean(abs)
	rel, ok := inside(r.Root, abs)
	if !ok {
		// Symlinked roots (/tmp on macOS): compare the resolved paths too.
		root, err1 := filepath.EvalSymlinks(r.Root)
		res, err2 := filepath.EvalSymlinks(abs)
		if err1 == nil && err2 == nil {
			rel, ok = inside(root, res)
		}
	}
	if !ok {
		return "", fmt.Errorf("path %s is outside the repository %s", p, r.Root)
	}
	return rel, nil
}

func inside(root, abs string) (string, bool) {
	rel, err := filepath.Rel(root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	if rel == "." {
		return "", true
	}
	return filepath.ToSlash(rel), true
}

// Abs returns the absolute path of a Root-relative path, refusing paths that climb
// out of Root.
func (r *Repo) Abs(rel string) (string, error) {
	if !ValidRel(rel) {
		return "", fmt.Errorf("path %q is not a repository-relative path", rel)
	}
	return filepath.Join(r.Root, filepath.FromSlash(rel)), nil
}

// ValidRel reports whether p is a clean, relative, "/"-separated path inside the
// repository.
func ValidRel(p string) bool {
	if p == "" || strings.HasPrefix(p, "/") {
		return false
	}
	for _, seg := range strings.Split(p, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return false
		}
	}
	return true
}
