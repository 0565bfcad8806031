package repo

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/sourcegraph/go-diff/diff"

	"github.com/heed-dev/heed/internal/engine"
)

// Status is what a change did to a path.
type Status byte

const (
	Added       Status = 'A'
	Modified    Status = 'M'
	Deleted     Status = 'D'
	Renamed     Status = 'R'
	Copied      Status = 'C'
	TypeChanged Status = 'T'
	Unmerged    Status = 'U'
)

// FileChange is one path a change touched.
type FileChange struct {
	// Path is the path after the change; for a deletion, the path that was deleted.
	Path string
	// OldPath is the path before a rename or copy.
	OldPath string
	Status  Status
	// Untracked is true for a file git does not track yet (always Added).
	Untracked bool
	// Binary is true when git treats the file as binary.
	Binary bool
	// Touched holds the post-change lines the change added or modified. It is nil when
	// the whole file belongs to the change (a new file), and empty, not nil, for a file
	// whose change added no line (a pure rename, a deletion of lines, a mode change).
	Touched engine.LineSet
	// Deleted holds the anchors of deleted lines: for each place lines were removed,
	// the line after which they were (at least 1).
	Deleted engine.LineSet
	// Replaced holds, for the touched lines that replaced an old line in place, the
	// old line's text (engine.File.Replaced).
	Replaced map[int]string
	// Err says why the change's lines in this file cannot be known (a blob missing
	// from a shallow or partial clone's object store): the file is not judged, and
	// its rules are undetermined there, never passed.
	Err error
}

// New reports whether the change created the file.
func (fc *FileChange) New() bool { return fc.Status == Added }

// Change is what a diff touched, path by path, sorted by path.
type Change struct {
	// Base is the commit the change is measured from (git's empty tree in a
	// repository without commits).
	Base  string
	Files []FileChange
}

// Paths lists every path the change added, modified or deleted, with the old side of
// renames, sorted.
func (c *Change) Paths() []string {
	seen := map[string]bool{}
	var out []string
	add := func(p string) {
		if p != "" && !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, f := range c.Files {
		add(f.Path)
		if f.Status == Renamed {
			add(f.OldPath)
		}
	}
	sort.Strings(out)
	return out
}

// AddedPaths lists the paths the change added (untracked files included), sorted.
func (c *Change) AddedPaths() []string {
	var out []string
	for i := range c.Files {
		if c.Files[i].New() {
			out = append(out, c.Files[i].Path)
		}
	}
	sort.Strings(out)
	return out
}

// DeletedPaths lists the paths the change removed (renames remove their old path).
func (c *Change) DeletedPaths() []string {
	var out []string
	for _, f := range c.Files {
		switch f.Status {
		case Deleted:
			out = append(out, f.Path)
		case Renamed:
			out = append(out, f.OldPath)
		}
	}
	sort.Strings(out)
	return out
}

// DiffWorktree is the change from the commit base to the working tree: the commits
// base..HEAD, what is staged, what is not, and untracked files (as new files).
func (r *Repo) DiffWorktree(base string) (*Change, error) {
	if !r.Git {
		return nil, ErrNotGit
	}
	r.diffMu.Lock()
	d := r.started
	if d != nil && d.base == base {
		r.started = nil
	}
	r.diffMu.Unlock()
	if d != nil && d.base == base {
		<-d.done
		return d.change, d.err
	}
	return r.diff(base, []string{base}, true)
}

// startedDiff is a DiffWorktree under way in the background.
type startedDiff struct {
	base   string
	done   chan struct{}
	change *Change
	err    error
}

// StartDiffWorktree starts DiffWorktree(base) in the background; the next
// DiffWorktree of the same base waits for it instead of asking git again. A diff
// check on a large tree waits longest for git's two walks of the work tree (the diff
// stats every tracked file, the untracked listing reads every folder): started
// before the rules are loaded, both run while they load.
func (r *Repo) StartDiffWorktree(base string) {
	if !r.Git {
		return
	}
	d := &startedDiff{base: base, done: make(chan struct{})}
	r.diffMu.Lock()
	if r.started != nil {
		r.diffMu.Unlock()
		return
	}
	r.started = d
	r.diffMu.Unlock()
	go func() {
		defer close(d.done)
		d.change, d.err = r.diff(base, []string{base}, true)
	}()
}

// DiffStaged is the change the index holds over HEAD (what `git commit` would
// record); in a repository without commits, everything staged is new.
func (r *Repo) DiffStaged() (*Change, error) {
	if !r.Git {
		return nil, ErrNotGit
	}
	base := emptyTree
	if h, err := r.ResolveRev("HEAD"); err == nil {
		base = h
	}
	return r.diff(base, []string{"--cached", base}, false)
}

// DiffIndex is the change from the commit base to the index: the commits base..HEAD
// and what is staged (what the next commit would hold), without the work tree's
// unstaged edits or untracked files.
func (r *Repo) DiffIndex(base string) (*Change, error) {
	if !r.Git {
		return nil, ErrNotGit
	}
	return r.diff(base, []string{"--cached", base}, false)
}

// Uncommitted lists, of a change measured from a commit to the work tree (index:
// false) or to the index (true), the paths whose state there differs from HEAD: the
// edits not committed yet, sorted. commits are the change's commits (base..HEAD). A
// path no commit touched owes its place in the change to uncommitted edits alone;
// git is asked only about the paths commits touched (did they change again since?),
// and only for those, so the work tree is not walked twice.
func (r *Repo) Uncommitted(c *Change, commits []engine.Commit, index bool) ([]string, error) {
	if !r.Git {
		return nil, ErrNotGit
	}
	committed := map[string]bool{}
	for _, cm := range commits {
		for _, f := range cm.Files {
			committed[f] = true
		}
	}
	var out, ask []string
	for _, p := range c.Paths() {
		if committed[p] {
			ask = append(ask, p)
		} else {
			out = append(out, p)
		}
	}
	if len(ask) > 0 && r.HasHead() {
		args := append(append([]string{"diff", "--name-only", "-z"}, diffFlags...), "--no-renames")
		if index {
			args = append(args, "--cached")
		}
		args = append(args, "HEAD", "--")
		for _, p := range ask {
			args = append(args, ":(literal)"+p)
		}
		got, err := r.run(nil, args...)
		if err != nil {
			return nil, fmt.Errorf("list the uncommitted edits: %w", err)
		}
		out = append(out, splitNUL(got)...)
	} else {
		out = append(out, ask...)
	}
	sort.Strings(out)
	return slices.Compact(out), nil
}

// DiffUnstaged is the change the working tree holds over the index, with untracked
// files as new files.
func (r *Repo) DiffUnstaged() (*Change, error) {
	if !r.Git {
		return nil, ErrNotGit
	}
	return r.diff("", nil, true)
}

// DiffRevs is the change from commit base to commit head.
func (r *Repo) DiffRevs(base, head string) (*Change, error) {
	if !r.Git {
		return nil, ErrNotGit
	}
	return r.diff(base, []string{base, head}, false)
}

// diffFlags make git's output independent of the user's configuration: no colour,
// no external diff or textconv drivers, fixed prefixes, rename detection, paths
// relative to Root, submodules left out (they are not files).
var diffFlags = []string{"--no-color", "--no-ext-diff", "--no-textconv", "--relative", "-M", "--ignore-submodules=all"}

func (r *Repo) diff(base string, revs []string, untracked bool) (*Change, error) {
	// One git call gives both the exact paths and statuses (--raw -z: no quoting) and
	// the line numbers (-p -U0): each call stats the whole work tree, so one is half
	// the cost of two. Untracked files are listed beside it, at the same time.
	args := append(append([]string{"diff", "--raw", "-z", "-p", "-U0", "--src-prefix=a/", "--dst-prefix=b/"}, diffFlags...), revs...)
	args = append(args, "--")
	var (
		wg             sync.WaitGroup
		out            []byte
		err, uErr      error
		untrackedPaths []string
	)
	if untracked {
		wg.Add(1)
		go func() { defer wg.Done(); untrackedPaths, uErr = r.Untracked() }()
	}
	out, err = r.run(nil, args...)
	// A blob missing from the object store (a partial or damaged clone) stops git's
	// patch of the whole change: the paths are listed without it and each file's
	// patch asked for alone, so only the files whose blobs are missing go unjudged.
	lacking := err != nil && missingObject(err)
	if lacking {
		out, err = r.rawOnly(revs)
	}
	var entries []nameEntry
	var patch []byte
	if err == nil {
		entries, patch = parseRaw(out)
		if untracked {
			// The untracked files are still being listed (the longest wait on a large
			// tree): the attributes of the changed ones can be asked for meanwhile.
			var kept []string
			for _, e := range entries {
				if e.status != Deleted {
					kept = append(kept, e.path)
				}
			}
			if len(kept) > 0 {
				r.PrefetchAttributes(kept)
			}
		}
	}
	wg.Wait()
	if err == nil {
		err = uErr
	}
	if err != nil {
		return nil, err
	}
	patches, perr := parsePatch(patch)
	// A patch whose name matches no entry means git quoted a name in a way the patch
	// parser read differently; the files without a patch are then asked for alone.
	named := map[string]bool{}
	for _, e := range entries {
		named[e.path] = true
	}
	misnamed := perr != nil || lacking
	for k := range patches {
		if !named[k] {
			misnamed = true
		}
	}
	change := &Change{Base: base}
	for _, e := range entries {
		fc := FileChange{Path: e.path, OldPath: e.old, Status: e.status}
		if fc.Status != Deleted && fc.Status != Added {
			p, ok := patches[e.path]
			if !ok && (misnamed || fc.Status == Unmerged) {
				// The combined patch did not parse, or named this file differently
				// (an unusual quoting), or was not made: ask git for this file alone.
				var perr error
				p, ok, perr = r.patchOf(revs, e.path)
				if perr != nil && missingObject(perr) {
					fc.Err = fmt.Errorf("%s: the change's lines cannot be read: %w", e.path, perr)
				}
			}
			switch {
			case fc.Err != nil:
				fc.Touched, fc.Deleted = engine.LineSet{}, engine.LineSet{}
			case ok:
				fc.Binary, fc.Touched, fc.Deleted, fc.Replaced = p.binary, p.touched, p.deleted, p.replaced
			case perr != nil || fc.Status == Unmerged:
				// No line information at all: the whole file is the change's, which
				// over-reports rather than hides a violation.
				fc.Touched = nil
			default:
				fc.Touched, fc.Deleted = engine.LineSet{}, engine.LineSet{}
			}
			if fc.Status == TypeChanged {
				fc.Touched = nil
			}
		} else if p, ok := patches[e.path]; ok {
			fc.Binary = p.binary
		}
		change.Files = append(change.Files, fc)
	}
	seen := map[string]bool{}
	for _, f := range change.Files {
		seen[f.Path] = true
	}
	for _, p := range untrackedPaths {
		if !seen[p] {
			change.Files = append(change.Files, FileChange{Path: p, Status: Added, Untracked: true})
		}
	}
	sort.Slice(change.Files, func(i, j int) bool { return change.Files[i].Path < change.Files[j].Path })
	return change, nil
}

func (r *Repo) patchOf(revs []string, p string) (filePatch, bool, error) {
	args := append(append(append([]string{"diff"}, diffFlags...), "-U0", "--src-prefix=a/", "--dst-prefix=b/"), revs...)
	args = append(args, "--", ":(literal)"+p)
	out, err := r.run(nil, args...)
	if err != nil {
		return filePatch{}, false, err
	}
	patches, err := parsePatch(out)
	if err != nil {
		return filePatch{}, false, nil
	}
	if fp, ok := patches[p]; ok {
		return fp, true, nil
	}
	// One file asked for, one patch back: it is that file, whatever its header says.
	if len(patches) == 1 {
		for _, fp := range patches {
			return fp, true, nil
		}
	}
	return filePatch{}, false, nil
}

// rawOnly lists the change's paths and statuses without a patch, with git's
// plumbing (the porcelain diff reads the blobs of files whose stat changed), which
// reads no blob but those rename detection compares; when that fails too, without
// renames (a renamed file is then a deletion and a new file).
func (r *Repo) rawOnly(revs []string) ([]byte, error) {
	var cmd []string
	switch {
	case len(revs) == 0:
		cmd = []string{"diff-files"}
	case len(revs) == 1:
		cmd = []string{"diff-index", revs[0]}
	case revs[0] == "--cached":
		cmd = []string{"diff-index", "--cached", revs[1]}
	default:
		cmd = []string{"diff-tree", "-r", revs[0], revs[1]}
	}
	flags := []string{"--raw", "-z", "--relative", "--ignore-submodules=all"}
	args := append(append(append([]string{cmd[0]}, flags...), "-M"), append(cmd[1:], "--")...)
	out, err := r.run(nil, args...)
	if err != nil && missingObject(err) {
		args = append(append([]string{cmd[0]}, flags...), append(cmd[1:], "--")...)
		out, err = r.run(nil, args...)
	}
	return out, err
}

// missingObject reports whether git failed for want of an object its store lacks.
func missingObject(err error) bool {
	var ge *GitError
	if !errors.As(err, &ge) {
		return false
	}
	msg := ge.Stderr
	return strings.Contains(msg, "unable to read ") || strings.Contains(msg, "bad object ") ||
		strings.Contains(msg, "missing blob") || strings.Contains(msg, "could not read object")
}

type nameEntry struct {
	status    Status
	path, old string
}

// parseRaw splits the output of `git diff --raw -z -p` into the raw records
// (":old-mode new-mode old-id new-id STATUS\0path\0[new-path\0]") and the patch
// that follows them after one more NUL.
func parseRaw(out []byte) ([]nameEntry, []byte) {
	var entries []nameEntry
	next := func() (string, bool) {
		i := bytes.IndexByte(out, 0)
		if i < 0 {
			return "", false
		}
		tok := string(out[:i])
		out = out[i+1:]
		return tok, true
	}
	for len(out) > 0 && out[0] == ':' {
		meta, ok := next()
		if !ok {
			break
		}
		f := strings.Fields(meta)
		if len(f) < 5 || f[4] == "" {
			break
		}
		st := Status(f[4][0])
		p, ok := next()
		if !ok {
			break
		}
		e := nameEntry{status: st, path: p}
		if st == Renamed || st == Copied {
			np, ok := next()
			if !ok {
				break
			}
			e.old, e.path = p, np
		}
		entries = append(entries, e)
	}
	if len(out) > 0 && out[0] == 0 {
		out = out[1:]
	}
	return entries, out
}

type filePatch struct {
	binary           bool
	touched, deleted engine.LineSet
	replaced         map[int]string
}

// parsePatch reads a unified diff made with -U0 into per-file line sets, keyed by
// the new path (the old path for deletions).
func parsePatch(out []byte) (map[string]filePatch, error) {
	fds, err := diff.ParseMultiFileDiff(out)
	if err != nil {
		return nil, fmt.Errorf("parse git diff: %w", err)
	}
	patches := make(map[string]filePatch, len(fds))
	for _, fd := range fds {
		key := stripPrefix(fd.NewName, "b/")
		if fd.NewName == "/dev/null" || key == "" {
			key = stripPrefix(fd.OrigName, "a/")
		}
		for _, h := range fd.Extended {
			if strings.HasPrefix(h, "rename to ") && key == "" {
				key = unquote(strings.TrimPrefix(h, "rename to "))
			}
		}
		fp := filePatch{touched: engine.LineSet{}, deleted: engine.LineSet{}, replaced: map[int]string{}}
		for _, h := range fd.Extended {
			if strings.HasPrefix(h, "Binary files ") || h == "GIT binary patch" {
				fp.binary = true
			}
		}
		for _, h := range fd.Hunks {
			hunkLines(h, fp.touched, fp.deleted, fp.replaced)
		}
		patches[key] = fp
	}
	return patches, nil
}

// hunkLines adds a hunk's added lines (post-change numbers) to touched and the
// anchors of its deletions to deleted; an added line that follows removed ones takes
// the place of the first of them not yet replaced (git lists a change's removed lines
// before its added ones), and replaced records that line's old text.
func hunkLines(h *diff.Hunk, touched, deleted engine.LineSet, replaced map[int]string) {
	if h.NewLines == 0 {
		// A pure deletion: git numbers the hunk by the line before it.
		deleted[max(int(h.NewStartLine), 1)] = true
		return
	}
	n := int(h.NewStartLine)
	pendingDelete := false
	var removed []string // removed lines no added line has replaced yet
	for _, line := range bytes.Split(h.Body, []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		switch line[0] {
		case '+':
			touched[n] = true
			if len(removed) > 0 {
				replaced[n] = removed[0]
				removed = removed[1:]
			}
			n++
			pendingDelete = false
		case ' ':
			if pendingDelete {
				deleted[max(n-1, 1)] = true
				pendingDelete = false
			}
			removed = nil
			n++
		case '-':
			removed = append(removed, strings.TrimSuffix(string(line[1:]), "\r"))
			pendingDelete = true
		}
	}
	if pendingDelete {
		deleted[max(n-1, 1)] = true
	}
}

func stripPrefix(name, prefix string) string {
	if name == "/dev/null" {
		return ""
	}
	return strings.TrimPrefix(name, prefix)
}

// unquote undoes git's C-style quoting of a path ("a\tb" in quotes).
func unquote(s string) string {
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return s
	}
	var b strings.Builder
	for i := 1; i < len(s)-1; i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s)-1 {
			b.WriteByte(c)
			continue
		}
		i++
		switch c = s[i]; c {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'v':
			b.WriteByte('\v')
		case '0', '1', '2', '3':
			if i+2 < len(s)-1 {
				v := (int(c-'0') << 6) | (int(s[i+1]-'0') << 3) | int(s[i+2]-'0')
				b.WriteByte(byte(v))
				i += 2
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
