package repo

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/heed-dev/heed/internal/engine"
)

// Worktree is the working tree as an engine.Snapshot. Its listing is computed on the
// first call to Paths, so a check whose rules never need the whole tree never pays
// for it; it is the cheap listing (no lstat per file), minus what the run found gone.
type Worktree struct {
	r *Repo

	candMu   sync.Mutex
	candDone bool
	cand     []string
	err      error

	once sync.Once
	list []string

	mu   sync.Mutex
	gone map[string]bool
	// verify lists paths Paths checks are there before it lists them.
	verify Selection
}

// Selection is some paths of a listing: all of them (Idx nil), or those at the
// indexes Idx names. A selection of 20,000 paths out of a listing costs 80 KB of
// indexes, where a slice of its own costs 320 KB.
type Selection struct {
	All []string
	Idx []int32
	// Packed, when set, holds the paths selected (All and Idx are not used).
	Packed *Packed
}

// Len is the number of paths selected.
func (s Selection) Len() int {
	if s.Packed != nil {
		return s.Packed.Len()
	}
	if s.Idx == nil {
		return len(s.All)
	}
	return len(s.Idx)
}

// At is the i-th path selected.
func (s Selection) At(i int) string {
	if s.Packed != nil {
		return s.Packed.At(i)
	}
	if s.Idx == nil {
		return s.All[i]
	}
	return s.All[s.Idx[i]]
}

// Covers reports whether the selection holds q or a path under the folder q (its
// paths sorted, as a listing's are).
func (s Selection) Covers(q string) bool {
	i := sort.Search(s.Len(), func(i int) bool { return s.At(i) >= q })
	if i == s.Len() {
		return false
	}
	p := s.At(i)
	return p == q || strings.HasPrefix(p, q+"/")
}

// SelectionOf selects the paths of all keep says yes to: all of them without
// indexes when it says yes to every one.
func SelectionOf(all []string, keep func(string) bool) Selection {
	var idx []int32
	for i, p := range all {
		ok := keep(p)
		switch {
		case idx != nil:
			if ok {
				idx = append(idx, int32(i))
			}
		case !ok:
			idx = make([]int32, i, len(all)-1)
			for j := range idx {
				idx[j] = int32(j)
			}
		}
	}
	if idx != nil && cap(idx)-len(idx) > len(idx)/8 {
		idx = append(make([]int32, 0, len(idx)), idx...)
	}
	return Selection{All: all, Idx: idx}
}

// Worktree returns the working tree's snapshot.
func (r *Repo) Worktree() *Worktree { return &Worktree{r: r, gone: map[string]bool{}} }

// Paths implements engine.Snapshot. A listing error leaves it empty; Err reports it.
func (w *Worktree) Paths() []string {
	w.once.Do(func() {
		cand, _ := w.Candidates()
		if n := w.verify.Len(); n > 0 {
			gone := make([]bool, n)
			parallelChunks(n, func(lo, hi int) {
				for i := lo; i < hi; i++ {
					st, err := os.Lstat(filepath.Join(w.r.Root, filepath.FromSlash(w.verify.At(i))))
					gone[i] = err != nil || !st.Mode().IsRegular()
				}
			})
			for i, g := range gone {
				if g {
					w.Forget(w.verify.At(i))
				}
			}
		}
		w.mu.Lock()
		defer w.mu.Unlock()
		if !slices.ContainsFunc(cand, func(p string) bool { return w.gone[p] }) {
			w.list = cand // the listing itself: a copy of 80,000 paths is 1.3 MB
			return
		}
		w.list = make([]string, 0, len(cand))
		for _, p := range cand {
			if !w.gone[p] {
				w.list = append(w.list, p)
			}
		}
	})
	return w.list
}

// Candidates is the listing before Forget: what git lists (or the walk finds),
// possibly with tracked files deleted from the work tree.
func (w *Worktree) Candidates() ([]string, error) {
	w.candMu.Lock()
	defer w.candMu.Unlock()
	if !w.candDone {
		w.cand, w.err = w.r.ListCandidates()
		w.candDone = true
	}
	return w.cand, w.err
}

// DropListing lets the listing go, for a run that took what it needed of it (the
// files to judge) and may never need the rest: 80,000 paths are 5 MB. Paths, if a
// rule asks for it after all, lists the tree again.
func (w *Worktree) DropListing() {
	w.candMu.Lock()
	w.cand, w.candDone = nil, false
	w.candMu.Unlock()
	w.r.dropListing()
}

// Forget removes paths the caller knows are not in the work tree (a diff's
// deletions, a file found missing) from the listing. Call it before the first Paths:
// the listing is fixed then, as engine.Snapshot requires for a run.
func (w *Worktree) Forget(paths ...string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, p := range paths {
		w.gone[p] = true
	}
}

// ForgetMissing makes Paths, when first called, leave out those of paths the work
// tree no longer has as regular files (tracked, but deleted): for a run that reads
// paths while it judges them, and so would find the deleted ones only as it goes,
// when Forget no longer changes the listing. It costs an lstat per path, and only
// if some rule lists the tree.
func (w *Worktree) ForgetMissing(paths []string) { w.ForgetMissingOf(Selection{All: paths}) }

// ForgetMissingOf is ForgetMissing of a selection.
func (w *Worktree) ForgetMissingOf(sel Selection) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.verify = sel
}

// Err is the error of the listing, if any.
func (w *Worktree) Err() error {
	_, err := w.Candidates()
	return err
}

// Read implements engine.Snapshot.
func (w *Worktree) Read(p string) ([]byte, error) {
	b, err := w.r.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) || IsNotRegular(err) {
		return nil, &engine.NotFoundError{Path: p}
	}
	return b, err
}

// Close implements io.Closer (nothing to release).
func (w *Worktree) Close() error { return nil }

// GitSnapshot is the index or a revision as an engine.Snapshot: the listing comes
// from git at once, blobs are read on demand through one `git cat-file --batch`.
type GitSnapshot struct {
	r     *Repo
	blobs map[string]string // path -> blob id
	paths []string
	cat   *catFile
}

// IndexSnapshot is the state the index holds: what the next commit would record.
// For a path with merge conflicts, "ours" (stage 2) stands in.
func (r *Repo) IndexSnapshot() (*GitSnapshot, error) {
	if !r.Git {
		return nil, ErrNotGit
	}
	out, err := r.run(nil, "ls-files", "--stage", "-z")
	if err != nil {
		return nil, err
	}
	s := &GitSnapshot{r: r, blobs: map[string]string{}}
	for _, rec := range splitNUL(out) {
		// "<mode> <object> <stage>\t<path>"
		meta, p, ok := strings.Cut(rec, "\t")
		f := strings.Fields(meta)
		if !ok || len(f) != 3 || !regularMode(f[0]) {
			continue
		}
		if f[2] != "0" && f[2] != "2" {
			continue
		}
		s.blobs[p] = f[1]
	}
	s.finish()
	return s, nil
}

// RevFile reads one file of the tree of a commit, without listing the rest of the
// tree (a listing of 80,000 files costs git 50 to 200 ms): ok is false when the
// commit has no regular file at p. One `git cat-file --batch` resolves rev (its
// commit and tree are kept, as ResolveRev keeps them), walks the trees down to p and
// reads the file: a diff check asks for its base's policy file first, before anything
// else can start, and each git process on that path costs a few milliseconds.
func (r *Repo) RevFile(rev, p string) (data []byte, ok bool, err error) {
	if !r.Git {
		return nil, false, ErrNotGit
	}
	if rev == "" || strings.HasPrefix(rev, "-") || strings.ContainsAny(rev, "\x00\r\n") || !ValidRel(p) {
		return r.revFileListed(rev, p)
	}
	c := &catFile{r: r}
	defer c.close()
	tree, found := r.treeOf(c, rev)
	if !found {
		return r.revFileListed(rev, p) // git says why, as before
	}
	id := tree
	parts := strings.Split(p, "/")
	for i, part := range parts {
		_, typ, body, err := c.object(id, p)
		if err != nil || typ != "tree" {
			return r.revFileListed(rev, p)
		}
		mode, oid, has := treeEntry(body, part, len(tree)/2)
		if !has {
			return nil, false, nil
		}
		if i < len(parts)-1 {
			if mode != "40000" {
				return nil, false, nil
			}
			id = oid
			continue
		}
		if !regularMode(mode) {
			return nil, false, nil
		}
		data, err := c.read(oid, p)
		return data, err == nil, err
	}
	return nil, false, nil
}

// treeOf resolves rev to its commit and tree through c, keeping both for ResolveRev
// and ResolveTree; found is false when c cannot say (a name that is no one commit).
func (r *Repo) treeOf(c *catFile, rev string) (tree string, found bool) {
	if t, ok := r.trees.Load(rev); ok {
		return t.(string), true
	}
	commit, typ, body, err := c.object(rev+"^{commit}", rev)
	if err != nil || typ != "commit" || !isObjectName(commit) {
		return "", false
	}
	line, _, _ := strings.Cut(string(body), "\n")
	tree, ok := strings.CutPrefix(line, "tree ")
	if !ok || !isObjectName(tree) {
		return "", false
	}
	r.resolved.Store(rev, commit)
	r.trees.Store(rev, tree)
	return tree, true
}

// treeEntry finds the entry name of a tree object's content (git's binary form:
// "<mode> <name>\0<hashLen bytes>" after one another): its mode and object name.
func treeEntry(tree []byte, name string, hashLen int) (mode, oid string, found bool) {
	for len(tree) > 0 {
		sp := bytes.IndexByte(tree, ' ')
		nul := bytes.IndexByte(tree, 0)
		if sp < 0 || nul < sp || nul+1+hashLen > len(tree) {
			return "", "", false
		}
		if string(tree[sp+1:nul]) == name {
			return string(tree[:sp]), hex.EncodeToString(tree[nul+1 : nul+1+hashLen]), true
		}
		tree = tree[nul+1+hashLen:]
	}
	return "", "", false
}

// revFileListed is RevFile by `git ls-tree`, for the names the batch cannot read.
func (r *Repo) revFileListed(rev, p string) (data []byte, ok bool, err error) {
	hash, err := r.ResolveRev(rev)
	if err != nil {
		return nil, false, err
	}
	out, err := r.run(nil, "ls-tree", "-z", hash, "--", p)
	if err != nil {
		return nil, false, err
	}
	s := &GitSnapshot{r: r, blobs: map[string]string{}}
	for _, rec := range splitNUL(out) {
		// "<mode> <type> <object>\t<path>"
		meta, q, found := strings.Cut(rec, "\t")
		f := strings.Fields(meta)
		if found && q == p && len(f) == 3 && f[1] == "blob" && regularMode(f[0]) {
			s.blobs[p] = f[2]
		}
	}
	if len(s.blobs) == 0 {
		return nil, false, nil
	}
	s.finish()
	defer s.Close()
	data, err = s.Read(p)
	return data, err == nil, err
}

// RevSnapshot is the tree of a commit.
func (r *Repo) RevSnapshot(rev string) (*GitSnapshot, error) {
	if !r.Git {
		return nil, ErrNotGit
	}
	hash, err := r.ResolveRev(rev)
	if err != nil {
		return nil, err
	}
	out, err := r.run(nil, "ls-tree", "-r", "-z", hash)
	if err != nil {
		return nil, err
	}
	s := &GitSnapshot{r: r, blobs: map[string]string{}}
	for _, rec := range splitNUL(out) {
		// "<mode> <type> <object>\t<path>"
		meta, p, ok := strings.Cut(rec, "\t")
		f := strings.Fields(meta)
		if !ok || len(f) != 3 || f[1] != "blob" || !regularMode(f[0]) {
			continue
		}
		s.blobs[p] = f[2]
	}
	s.finish()
	return s, nil
}

func regularMode(m string) bool { return m == "100644" || m == "100755" }

func (s *GitSnapshot) finish() {
	s.paths = make([]string, 0, len(s.blobs))
	for p := range s.blobs {
		s.paths = append(s.paths, p)
	}
	sort.Strings(s.paths)
	s.cat = &catFile{r: s.r}
}

// Paths implements engine.Snapshot.
func (s *GitSnapshot) Paths() []string { return s.paths }

// Has reports whether the snapshot has the path.
func (s *GitSnapshot) Has(p string) bool { _, ok := s.blobs[p]; return ok }

// Read implements engine.Snapshot.
func (s *GitSnapshot) Read(p string) ([]byte, error) {
	id, ok := s.blobs[p]
	if !ok {
		return nil, &engine.NotFoundError{Path: p}
	}
	return s.cat.read(id, p)
}

// Close stops the cat-file process.
func (s *GitSnapshot) Close() error { return s.cat.close() }

// catFile keeps one `git cat-file --batch` running and serves blob reads through it.
type catFile struct {
	r     *Repo
	mu    sync.Mutex
	cmd   *exec.Cmd
	in    io.WriteCloser
	out   *bufio.Reader
	err   error
	start sync.Once
}

func (c *catFile) read(id, p string) ([]byte, error) {
	_, _, data, err := c.object(id, p)
	if errors.Is(err, errMissing) {
		return nil, fmt.Errorf("%s: blob %s missing from the repository", p, id)
	}
	return data, err
}

// errMissing is an object name git cannot find (or finds more than one of).
var errMissing = errors.New("no such object")

// object asks for the object name names (p, the path it stands for, names it in
// errors): its full object name, type and content. An object over MaxFileBytes is a *TooLargeError,
// a name git does not know errMissing; any other failure stops the process.
func (c *catFile) object(name, p string) (oid, typ string, data []byte, err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.start.Do(func() {
		cmd := c.r.command("cat-file", "--batch")
		in, err := cmd.StdinPipe()
		if err != nil {
			c.err = err
			return
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			c.err = err
			return
		}
		if err := cmd.Start(); err != nil {
			c.err = fmt.Errorf("start git cat-file: %w", err)
			return
		}
		c.cmd, c.in, c.out = cmd, in, bufio.NewReaderSize(out, 64<<10)
	})
	if c.err != nil {
		return "", "", nil, c.err
	}
	if _, err := io.WriteString(c.in, name+"\n"); err != nil {
		c.err = fmt.Errorf("git cat-file: %w", err)
		return "", "", nil, c.err
	}
	header, err := c.out.ReadString('\n')
	if err != nil {
		c.err = fmt.Errorf("git cat-file: %w", err)
		return "", "", nil, c.err
	}
	f := strings.Fields(header)
	// "<name> missing", "<name> ambiguous" (the name is the request's, which may hold spaces)
	if n := len(f); n >= 2 && (f[n-1] == "missing" || f[n-1] == "ambiguous") && strings.TrimSuffix(header, "\n") == name+" "+f[n-1] {
		return "", "", nil, errMissing
	}
	if len(f) != 3 {
		c.err = fmt.Errorf("git cat-file: unexpected header %q", header)
		return "", "", nil, c.err
	}
	size, err := strconv.ParseInt(f[2], 10, 64)
	if err != nil {
		c.err = fmt.Errorf("git cat-file: unexpected header %q", header)
		return "", "", nil, c.err
	}
	if size > MaxFileBytes {
		if _, err := c.out.Discard(int(size) + 1); err != nil {
			c.err = err
		}
		return f[0], f[1], nil, &TooLargeError{Path: p, Size: size}
	}
	buf := make([]byte, size+1)
	if _, err := io.ReadFull(c.out, buf); err != nil {
		c.err = fmt.Errorf("git cat-file: %w", err)
		return "", "", nil, c.err
	}
	return f[0], f[1], buf[:size], nil
}

func (c *catFile) close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cmd == nil {
		return nil
	}
	c.in.Close()
	err := c.cmd.Wait()
	c.cmd = nil
	c.err = fmt.Errorf("git cat-file: closed")
	return err
}

// Overlay is a snapshot with some files replaced, added or removed (a proposed write
// judged against the rest of the tree).
type Overlay struct {
	Base    engine.Snapshot
	Files   map[string][]byte
	Removed map[string]bool
	once    sync.Once
	paths   []string
}

// Paths implements engine.Snapshot.
func (o *Overlay) Paths() []string {
	o.once.Do(func() {
		seen := map[string]bool{}
		for _, p := range o.Base.Paths() {
			if !o.Removed[p] {
				seen[p] = true
			}
		}
		for p := range o.Files {
			seen[p] = true
		}
		o.paths = make([]string, 0, len(seen))
		for p := range seen {
			o.paths = append(o.paths, p)
		}
		sort.Strings(o.paths)
	})
	return o.paths
}

// Read implements engine.Snapshot.
func (o *Overlay) Read(p string) ([]byte, error) {
	if b, ok := o.Files[p]; ok {
		return b, nil
	}
	if o.Removed[p] {
		return nil, &engine.NotFoundError{Path: p}
	}
	return o.Base.Read(p)
}

// HeadView is the tree of HEAD as an engine.Snapshot that reads a file from the working
// tree where git reports it unchanged since HEAD, and from git only where it changed:
// blobs come through one `git cat-file` process, one at a time, while working-tree
// files are read in parallel, and most files of a working tree are unchanged.
type HeadView struct {
	*GitSnapshot
	changed map[string]bool
}

// HeadView returns the tree of HEAD.
func (r *Repo) HeadView() (*HeadView, error) {
	head, err := r.RevSnapshot("HEAD")
	if err != nil {
		return nil, err
	}
	// Staged and unstaged changes to tracked files, against HEAD.
	out, err := r.run(nil, "diff", "--name-only", "--no-renames", "-z", "HEAD", "--")
	if err != nil {
		head.Close()
		return nil, err
	}
	v := &HeadView{GitSnapshot: head, changed: map[string]bool{}}
	for _, p := range splitNUL(out) {
		v.changed[p] = true
	}
	return v, nil
}

// Read implements engine.Snapshot.
func (v *HeadView) Read(p string) ([]byte, error) {
	if !v.Has(p) {
		return nil, &engine.NotFoundError{Path: p}
	}
	if !v.changed[p] {
		if b, err := v.r.ReadFile(p); err == nil {
			return b, nil
		}
	}
	return v.GitSnapshot.Read(p)
}
