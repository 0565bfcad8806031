package engine

import (
	"bytes"
	"io"
	"sort"
	"strings"
	"sync"
)

// Mode says how much of the repository a run judges.
type Mode string

const (
	// ModeAll judges every file as it stands: every line belongs to the run.
	ModeAll Mode = "all"
	// ModeDiff judges a change: only what the change added or touched is reported.
	ModeDiff Mode = "diff"
)

// Command is one command a process rule judges: a simple command after shell parsing,
// with the wrappers (sudo, env, ...) already stripped by the adapter that made it.
type Command struct {
	// Argv is the command as it would be executed.
	Argv []string `json:"argv"`
	// Line is the whole shell line this command came from, when there was one.
	Line string `json:"line,omitempty"`
	// Cwd is the repository-relative directory it runs in ("" = root).
	Cwd string `json:"cwd,omitempty"`
	// CwdUnknown is set when the directory the command runs in cannot be known before
	// it runs (`cd "$DIR"`, popd past the line's own pushd): Cwd is then only where the
	// line started, and a rule about where a command runs must not pass it.
	CwdUnknown bool `json:"cwd_unknown,omitempty"`
	// Root is the repository's absolute path when known: rules about paths the
	// command names (`rm -rf /abs/path/of/the/repo`) place absolute operands with it.
	Root string `json:"-"`
	// Index is the command's position in the session (0-based), -1 when not from one.
	Index int `json:"index"`
	// Exit is the exit status when known (audits, journal).
	Exit *int `json:"exit,omitempty"`
	// Unparsable holds the reason when the line could not be analysed; process rules
	// that see it must not pass it.
	Unparsable string `json:"unparsable,omitempty"`
	// Dynamic is true when argv[0] or an argument is computed at run time ($VAR, $(...)).
	Dynamic bool `json:"dynamic,omitempty"`
	// Env holds the environment assignments the line writes for this command (`CI=1
	// pnpm install`, `env X=1 cmd`), by name: the value as written, or "" with the
	// name in DynamicEnv when it is computed at run time. Variables the session set
	// earlier (an `export` in another line) are not here.
	Env        map[string]string `json:"env,omitempty"`
	DynamicEnv []string          `json:"dynamic_env,omitempty"`
	// DynamicArgs lists the positions in Argv whose words are computed at run time; their
	// text there is the source as written ("$BRANCH"). A rule must not pass a command
	// whose dynamic words could make it match.
	DynamicArgs []int `json:"dynamic_args,omitempty"`
	// Requires lists the positions in Evidence.Commands of commands that must have
	// succeeded for this one to run at all (`a && b`, `if a; then b; fi`).
	Requires []int `json:"requires,omitempty"`
	// LaunchedBy lists the positions in Evidence.Commands of the commands that run
	// this one on its behalf (`uv run pytest` launches `pytest`), outermost first.
	LaunchedBy []int `json:"launched_by,omitempty"`
	// Past marks an earlier command of the session given as context (a journal entry):
	// stateful rules read it, no rule targets it.
	Past bool `json:"past,omitempty"`
	// Edit, when set, makes this entry a file edit by an agent's tool rather than a
	// command (Argv is empty): the repository-relative paths it wrote.
	Edit []string `json:"edit,omitempty"`
	// State is a fingerprint of the working tree's changed files when the command
	// finished (earlier commands) or is about to run (the judged one); "" when unknown.
	State string `json:"state,omitempty"`
	// Pending are the repository-relative paths the working tree changes when the
	// judged command is about to run (staged or not, untracked included): what a
	// commit can carry. Nil when unknown; empty when the tree is clean.
	Pending []string `json:"-"`
	// Runs lists the simple commands a task runner runs on this command's behalf
	// (`make fix` runs the recipe lines of fix and of its prerequisites), read from
	// the repository's Makefile, justfile, package.json, Taskfile or tox.ini by the
	// evidence builder (internal/taskrun); nil when the command runs no target heed
	// could read. RunsErr says why a runner's file could not be read.
	Runs    []RunStep `json:"runs,omitempty"`
	RunsErr string    `json:"runs_error,omitempty"`
}

// RunStep is one simple command a task runner's target runs.
type RunStep struct {
	// Command is the simple command as internal/shell reads the line that runs it.
	Command Command `json:"command"`
	// At is where the line is written, repository-relative: "Makefile:12".
	At string `json:"at"`
	// Target names the targets that lead to it, outermost first: "check > lint".
	Target string `json:"target"`
	// Implied is true when the runner's success implies this command succeeded: false
	// for a line whose failure the runner ignores (`-ruff check`), a command whose
	// status the line discards (`ruff check || true`), or a target make may find up
	// to date and skip.
	Implied bool `json:"implied,omitempty"`
}

// LineSet is a set of 1-based line numbers.
type LineSet map[int]bool

// File is one file whose content is judged.
type File struct {
	// Path is repository-relative and "/"-separated.
	Path    string
	Content []byte
	// Lang is the language name (python, javascript, typescript, tsx, go, rust, java,
	// or "" for text only), detected by the evidence builder.
	Lang string
	// New is true when the change created the file (diff modes).
	New bool
	// Touched holds the lines the change added or modified; nil means every line
	// belongs to the run (ModeAll or a new file).
	Touched LineSet
	// Deleted holds, for each line after which the change deleted lines, that anchor.
	Deleted LineSet
	// Replaced holds, for each touched line that replaced an old line in place (a
	// modified line, not an added one), the text of the line it replaced; git pairs
	// a hunk's removed and added lines in order, the surplus of either side being
	// deleted or added lines. Nil when the whole file is the run's.
	Replaced map[int]string
}

// Added reports whether the change added line: a line of a new file, or a touched
// line that replaced none ("new code" in a change; Touched is added or modified).
func (f *File) Added(line int) bool {
	if f.Touched == nil {
		return true
	}
	if !f.Touched[line] {
		return false
	}
	_, replaced := f.Replaced[line]
	return !replaced
}

// NewText reports whether the change brought text onto line: the line is added,
// or it replaced a line that held text fewer times than it does now ("" stands
// for any text: the line is modified). A modified line that kept the text it had
// keeps something that was there before the change.
func (f *File) NewText(line int, text string) bool {
	if f.Added(line) {
		return true
	}
	was, ok := f.Replaced[line]
	if !ok {
		return false
	}
	return text == "" || strings.Count(f.LineText(line), text) > strings.Count(was, text)
}

// LineText is the text of a 1-based line of the file, without its line break ("" past
// the end).
func (f *File) LineText(line int) string {
	c := f.Content
	for i := 1; i < line; i++ {
		j := bytes.IndexByte(c, '\n')
		if j < 0 {
			return ""
		}
		c = c[j+1:]
	}
	if j := bytes.IndexByte(c, '\n'); j >= 0 {
		c = c[:j]
	}
	return strings.TrimSuffix(string(c), "\r")
}

// Was returns the text a modified line replaced, and whether it replaced one.
func (f *File) Was(line int) (string, bool) {
	s, ok := f.Replaced[line]
	return s, ok
}

// Owns reports whether a finding on line belongs to the run.
func (f *File) Owns(line int) bool {
	if f.Touched == nil {
		return true
	}
	return f.Touched[line] || f.Deleted[line]
}

// Commit is one commit of a change.
type Commit struct {
	Hash    string   `json:"hash"`
	Message string   `json:"message"`
	Author  string   `json:"author,omitempty"`
	Parents int      `json:"parents"`
	Files   []string `json:"files,omitempty"`
	// MadeOn is the local branch the commit was made on while checked out, when the
	// repository's reflog records it and the branch still holds the commit ("" =
	// unknown, or brought in by a merge, pull or rebase).
	MadeOn string `json:"made_on,omitempty"`
	// Merged: the commit came into the range with a merge, reached from its head only
	// through a merge's second (or later) parent: the merged branch's history, not
	// the line of first parents the change was made on.
	Merged bool `json:"merged,omitempty"`
}

// PR is a pull request's text.
type PR struct {
	Title string `json:"title"`
	Body  string `json:"body"`
}

// Snapshot is a read-only view of the repository's files in the state being judged. It
// is evidence like any other: checks may read it, never the disk.
type Snapshot interface {
	// Paths lists every file, repository-relative, sorted.
	Paths() []string
	// Read returns a file's content.
	Read(path string) ([]byte, error)
}

// MapSnapshot is a Snapshot held in memory (tests, authored cases, proposed writes).
type MapSnapshot map[string][]byte

// Paths implements Snapshot.
func (m MapSnapshot) Paths() []string {
	out := make([]string, 0, len(m))
	for p := range m {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// Read implements Snapshot.
func (m MapSnapshot) Read(path string) ([]byte, error) {
	b, ok := m[path]
	if !ok {
		return nil, &NotFoundError{Path: path}
	}
	return b, nil
}

// NotFoundError is returned by Snapshot.Read for a path that is not there.
type NotFoundError struct{ Path string }

func (e *NotFoundError) Error() string { return e.Path + ": no such file in the snapshot" }

// Evidence is everything a run judges. It is assembled at the edges (repository,
// trajectory, hook payload) and then only read: checks are pure functions of it.
type Evidence struct {
	Mode Mode
	// Commands in session order (process rules).
	Commands []Command
	// Files to judge: every file in ModeAll, the changed files in ModeDiff.
	Files []*File
	// Tree is the whole repository in the judged state (import graphs need all files).
	Tree Snapshot
	// Changed lists every path the change added, modified or deleted (diff modes).
	Changed []string
	// AgentWrite: the evidence is one write an agent's tool is about to make (the
	// live hook), not a change to commit: a rule about editing files by hand judges
	// only this.
	AgentWrite bool
	// DeletedPaths lists the paths the change removed.
	DeletedPaths []string
	// AddedPaths lists the paths the change added, sorted, whether or not Files
	// holds them (a rule that reads no file still asks which paths are new).
	AddedPaths []string
	// Commits of the change, oldest first.
	Commits []Commit
	// PR is nil when no pull-request text was given.
	PR *PR
	// StartBranch is the branch checked out when the session began, when its record
	// or the repository shows it ("" = unknown): branch rules judge the commands run
	// before the session's first checkout on it.
	StartBranch string
	// CommitBranch is the branch the judged change's uncommitted part would be
	// committed on: the branch HEAD is on, for a check of the staged change (the
	// pre-commit hook) and for a diff to the work tree or the index that holds edits
	// not committed yet, on a branch a rule judges commits on (BranchJudge); ""
	// otherwise, or when HEAD is detached.
	CommitBranch string
	// Uncommitted lists the paths of that uncommitted part, sorted (nil: all of
	// Changed, as in a check of the staged change); UncommittedWorkTree says it is
	// the work tree's edits (a diff to the work tree), not the index's.
	Uncommitted         []string
	UncommittedWorkTree bool
	// Missing names the parts of the evidence that could not be read (a truncated
	// trajectory, a missing base commit); rules that need them judge undetermined.
	Missing []string
	// Judged counts the files a streamed run judged (those of Files, or as many when
	// the run kept no record of them: StreamOptions.ForgetFiles).
	Judged int

	// toolWritten holds the changed files a streamed run's source left out as written
	// by a tool or another project (Source.ToolWritten): a condition on what the
	// change's code shows does not look in them, so they leave it decided.
	toolWritten map[string]bool

	memo      memo
	indexOnce sync.Once
	byPath    map[string]*File
	// run is, for one file's view of a streamed run, the run's evidence: the view
	// shares its memo. streamLangs counts the streamed run's files by language.
	run         *Evidence
	streamLangs map[string]int
}

// fileView is the evidence of one file of a streamed run: the run's evidence with
// Files holding that file alone, sharing the run's memo.
func (ev *Evidence) fileView(f *File) *Evidence {
	v := ev.withFiles([]*File{f})
	v.run = ev
	return v
}

// withFiles is the evidence of the same change and session with files as its Files.
func (ev *Evidence) withFiles(files []*File) *Evidence {
	return &Evidence{Mode: ev.Mode, Commands: ev.Commands, Files: files, Tree: ev.Tree,
		Changed: ev.Changed, DeletedPaths: ev.DeletedPaths, AddedPaths: ev.AddedPaths, Commits: ev.Commits, PR: ev.PR,
		StartBranch: ev.StartBranch, CommitBranch: ev.CommitBranch, Uncommitted: ev.Uncommitted,
		UncommittedWorkTree: ev.UncommittedWorkTree, Missing: ev.Missing}
}

// WithContent is f with its content. The rules that judge after a streamed run see
// its records, which keep a file's path and touched lines but not its content: the
// judged tree holds that. f itself is left alone.
func (ev *Evidence) WithContent(f *File) *File {
	if f == nil || len(f.Content) > 0 || ev.Tree == nil {
		return f
	}
	b, err := ev.Tree.Read(f.Path)
	if err != nil {
		return f
	}
	g := *f
	g.Content = b
	return &g
}

// Streamed reports whether ev is one file's view of a streamed run (StreamWith): its
// Files hold the file being judged, not the run's.
func (ev *Evidence) Streamed() bool { return ev.run != nil }

// FilesPerLang counts the files the run judges by language: those of Files, or, in
// a streamed run, every candidate of the run by its extension's language (the files
// are read one at a time; a candidate may still turn out to be skipped).
func (ev *Evidence) FilesPerLang() map[string]int {
	if ev.run != nil && ev.run.streamLangs != nil {
		return ev.run.streamLangs
	}
	out := map[string]int{}
	for _, f := range ev.Files {
		out[f.Lang]++
	}
	return out
}

// File returns the judged file with the given path, or nil. Files must not be added
// after the first call. A streamed file's view knows its own file only.
func (ev *Evidence) File(path string) *File {
	if ev.run != nil {
		if len(ev.Files) == 1 && ev.Files[0].Path == path {
			return ev.Files[0]
		}
		return nil
	}
	ev.indexOnce.Do(func() {
		ev.byPath = make(map[string]*File, len(ev.Files))
		for _, f := range ev.Files {
			ev.byPath[f.Path] = f
		}
	})
	return ev.byPath[path]
}

// Memo returns the value stored under key, building it once with build. Derived
// evidence (syntax trees, the import graph) lives here so every rule shares one copy.
// Values that implement io.Closer are closed by Release or Close.
func (ev *Evidence) Memo(key string, build func() (any, error)) (any, error) {
	if ev.run != nil {
		return ev.run.memo.get(key, build)
	}
	return ev.memo.get(key, build)
}

// Release closes and forgets every memoised value whose key starts with prefix (the
// engine calls it with "file:"+path+"\x00" when it is done with a file, so per-file
// keys must be "file:"+path+"\x00"+name).
func (ev *Evidence) Release(prefix string) {
	if ev.run != nil {
		ev.run.memo.release(prefix)
		return
	}
	ev.memo.release(prefix)
}

// Close releases every memoised value (of the run, for a streamed file's view).
func (ev *Evidence) Close() { ev.Release("") }

type memoEntry struct {
	once sync.Once
	val  any
	err  error
}

type memo struct {
	mu sync.Mutex
	m  map[string]*memoEntry
	// groups indexes the keys that hold a NUL by their text up to the first NUL
	// ("file:a.go\x00"), so releasing one file's values does not scan every key: a
	// run over n files would otherwise be quadratic in n.
	groups map[string]map[string]bool
}

// memoGroup is the key's text up to and including its first NUL, or "" when it has
// none.
func memoGroup(key string) string {
	if i := strings.IndexByte(key, 0); i >= 0 {
		return key[:i+1]
	}
	return ""
}

func (m *memo) get(key string, build func() (any, error)) (any, error) {
	m.mu.Lock()
	if m.m == nil {
		m.m = map[string]*memoEntry{}
	}
	e, ok := m.m[key]
	if !ok {
		e = &memoEntry{}
		m.m[key] = e
		if g := memoGroup(key); g != "" {
			if m.groups == nil {
				m.groups = map[string]map[string]bool{}
			}
			if m.groups[g] == nil {
				m.groups[g] = map[string]bool{}
			}
			m.groups[g][key] = true
		}
	}
	m.mu.Unlock()
	e.once.Do(func() {
		defer func() {
			if r := recover(); r != nil {
				e.err = &PanicError{Value: r}
			}
		}()
		e.val, e.err = build()
	})
	return e.val, e.err
}

func (m *memo) release(prefix string) {
	m.mu.Lock()
	var closers []io.Closer
	drop := func(k string) {
		if c, ok := m.m[k].val.(io.Closer); ok {
			closers = append(closers, c)
		}
		delete(m.m, k)
		if g := memoGroup(k); g != "" {
			delete(m.groups[g], k)
			if len(m.groups[g]) == 0 {
				delete(m.groups, g)
			}
		}
	}
	if i := strings.IndexByte(prefix, 0); i >= 0 && i == len(prefix)-1 {
		// A prefix whose only NUL ends it matches exactly the keys of its group.
		for k := range m.groups[prefix] {
			drop(k)
		}
	} else {
		for k := range m.m {
			if strings.HasPrefix(k, prefix) {
				drop(k)
			}
		}
	}
	m.mu.Unlock()
	for _, c := range closers {
		c.Close()
	}
}
