package enforce

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/rules/process"
	"github.com/heed-dev/heed/internal/shell"
)

// The journal, .heed/journal.jsonl, records every command heed checked (with its
// verdict), how it ended when the agent or the shim reports it, and the agent's file
// edits. Ordering rules read it ("run `make lint` before committing").
//
// Appends are atomic: one write(2) of one line on a file opened O_APPEND, each line
// under the size the kernel writes in one piece. The file is bounded: past MaxJournal
// bytes it is rotated to journal.jsonl.1 (one older generation kept) under an flock.

// JournalFile is the journal's path below the repository root.
const JournalFile = ".heed/journal.jsonl"

// MaxJournal bounds the journal's size before rotation.
const MaxJournal = 1 << 20

// maxEntry bounds one line (PIPE_BUF: the size Linux appends in one piece).
const maxEntry = 4096

// JournalEntry is one line of the journal. A command entry has Argv or Line; an outcome
// entry has the same ID and Exit (and State); an edit entry has Edit.
type JournalEntry struct {
	Time    string   `json:"t"`
	ID      string   `json:"id"`
	Source  string   `json:"src,omitempty"`
	Session string   `json:"session,omitempty"`
	Argv    []string `json:"argv,omitempty"`
	Line    string   `json:"line,omitempty"`
	Cwd     string   `json:"cwd,omitempty"`
	// Verdict is allowed, warned or blocked.
	Verdict string   `json:"verdict,omitempty"`
	Rules   []string `json:"rules,omitempty"`
	Exit    *int     `json:"exit,omitempty"`
	// State fingerprints the working tree after the command succeeded.
	State string   `json:"state,omitempty"`
	Edit  []string `json:"edit,omitempty"`
}

// AppendJournal appends one entry.
func AppendJournal(root string, e JournalEntry) error {
	line := e.appendJSON(make([]byte, 0, 256))
	if len(line)+1 > maxEntry {
		// keep the entry whole: shorten what can be shortened
		if len(e.Line) > 1024 {
			e.Line = e.Line[:1024] + "…"
		}
		if len(e.Argv) > 32 {
			e.Argv = append(e.Argv[:32:32], "…")
		}
		for i, a := range e.Argv {
			if len(a) > 256 {
				e.Argv[i] = a[:256] + "…"
			}
		}
		if len(e.Edit) > 32 {
			e.Edit = e.Edit[:32]
		}
		if line = e.appendJSON(line[:0]); len(line)+1 > maxEntry {
			return fmt.Errorf("journal entry too large (%d bytes)", len(line))
		}
	}
	line = append(line, '\n')
	path := filepath.Join(root, filepath.FromSlash(JournalFile))
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		defer EnsureIgnored(root) // a new journal: keep it out of git
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if errors.Is(err, fs.ErrNotExist) {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return fmt.Errorf("journal: %w", err)
		}
		f, err = os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	}
	if err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	_, werr := f.Write(line)
	fi, serr := f.Stat()
	f.Close()
	if werr != nil {
		return fmt.Errorf("journal: %w", werr)
	}
	if serr == nil && fi.Size() > MaxJournal {
		rotate(path)
	}
	return nil
}

// rotate moves a full journal aside, once, under an exclusive lock.
func rotate(path string) {
	lock, err := os.OpenFile(path+".lock", os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		return
	}
	defer syscall.Flock(int(lock.Fd()), syscall.LOCK_UN)
	if fi, err := os.Stat(path); err != nil || fi.Size() <= MaxJournal {
		return // another process rotated it
	}
	_ = os.Rename(path, path+".1")
}

// JournalScope says which of the journal's entries are the history of a checked
// command: the journal is one file for every agent session in the repository, and
// an edit an earlier session made must not hold a later session's commit to an order
// it no longer owes ("run the formatter after changing Go files": the earlier
// session's change is committed, or is the working tree's, which the check reads).
type JournalScope struct {
	// Session is the agent session the command comes from, as its hook payload names
	// it (Claude Code, Codex and Gemini CLI's session_id, Cursor's conversation_id,
	// Copilot CLI's sessionId); "" when unknown (a PATH shim, heed exec).
	Session string
	// Now is the time of the check; the zero time reads every entry, however old.
	Now time.Time
}

// SessionHistory is how far back a session's own entries are read: a session
// resumed after that starts its history again (what it did before is in the commits
// and the working tree).
const SessionHistory = 24 * time.Hour

// UnscopedHistory is how far back the entries of no session are read (commands a
// PATH shim or heed exec checked), and every entry for a command of no known session:
// the journal of one sitting, not of every earlier one.
const UnscopedHistory = 8 * time.Hour

// keeps reports whether an entry is part of the scope's history. An outcome is
// kept whatever its age: it counts only with the command it is paired with.
func (s JournalScope) keeps(e *JournalEntry) bool {
	if e.Exit != nil && len(e.Argv) == 0 && e.Line == "" && len(e.Edit) == 0 {
		return true
	}
	window := UnscopedHistory
	if s.Session != "" && e.Session != "" {
		if e.Session != s.Session {
			return false // another session's
		}
		window = SessionHistory
	}
	if s.Now.IsZero() {
		return true
	}
	t, err := time.Parse(time.RFC3339Nano, e.Time)
	if err != nil {
		return false // of no known time: too old to tell
	}
	return s.Now.Sub(t) <= window
}

// ReadJournal returns the history the journal records for a command of the scope,
// oldest first, as earlier commands (Past) with their exit status and tree state,
// and edits. Blocked commands never ran and are left out.
func ReadJournal(root string, scope JournalScope) ([]engine.Command, error) {
	path := filepath.Join(root, filepath.FromSlash(JournalFile))
	var entries []JournalEntry
	cur, err := readTail(path, historyWindow)
	if err != nil {
		return nil, err
	}
	var older []byte
	if len(cur) < historyWindow {
		if older, err = readTail(path+".1", historyWindow-len(cur)); err != nil {
			return nil, err
		}
	}
	for _, data := range [][]byte{older, cur} {
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(make([]byte, 64*1024), maxEntry*4)
		for sc.Scan() {
			var e JournalEntry
			if json.Unmarshal(sc.Bytes(), &e) == nil && scope.keeps(&e) {
				entries = append(entries, e) // a torn or foreign line is skipped
			}
		}
	}
	// an outcome belongs to the latest command of its id that has none yet: ids
	// derived from the command text (callKey) repeat when a command runs again
	type outcome struct {
		exit  *int
		state string
	}
	outcomes := make([]outcome, len(entries))
	waiting := map[string][]int{}
	for i, e := range entries {
		switch {
		case e.Verdict == "blocked" || len(e.Edit) > 0:
		case len(e.Argv) > 0 || e.Line != "":
			waiting[e.ID] = append(waiting[e.ID], i)
		case e.Exit != nil:
			if w := waiting[e.ID]; len(w) > 0 {
				outcomes[w[len(w)-1]] = outcome{e.Exit, e.State}
				waiting[e.ID] = w[:len(w)-1]
			}
		}
	}
	var out []engine.Command
	for i, e := range entries {
		switch {
		case len(e.Edit) > 0:
			out = append(out, engine.Command{Edit: e.Edit, Past: true, Index: len(out)})
		case e.Verdict == "blocked":
		case len(e.Argv) > 0 || e.Line != "":
			o := outcomes[i]
			c := engine.Command{Argv: e.Argv, Cwd: e.Cwd, Exit: o.exit, State: o.state}
			var cmds []engine.Command
			if e.Line != "" {
				cmds = pastLine(e.Line, e.Cwd, o.exit, o.state)
			} else {
				cmds = process.Past(c, 0)
			}
			for _, pc := range cmds {
				pc.Index = len(out)
				out = append(out, pc)
			}
		}
	}
	return out, nil
}

// historyWindow bounds how much of the journal a guarded command reads: the latest
// commands of the session, which is what ordering rules look at.
const historyWindow = 256 << 10

// readTail returns up to n bytes from the end of a file, starting at a line.
func readTail(path string, n int) ([]byte, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", JournalFile, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", JournalFile, err)
	}
	off := fi.Size() - int64(n)
	if off < 0 {
		off = 0
	}
	buf := make([]byte, fi.Size()-off)
	if _, err := f.ReadAt(buf, off); err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("read %s: %w", JournalFile, err)
	}
	if off > 0 {
		if i := bytes.IndexByte(buf, '\n'); i >= 0 {
			buf = buf[i+1:]
		}
	}
	return buf, nil
}

// pastLine expands a shell line that ran: when it succeeded, the commands its success
// implies succeeded too; the others' status is unknown.
func pastLine(line, cwd string, exit *int, state string) []engine.Command {
	cmds, ok := shell.ParseStatus(line, shell.Options{Cwd: cwd})
	status := map[int]bool{}
	for _, i := range ok {
		status[i] = true
	}
	for i := range cmds {
		cmds[i].Past = true
		cmds[i].Requires = nil
		if status[i] {
			cmds[i].Exit = exit
			cmds[i].State = state
		} else if exit != nil && *exit == 0 {
			cmds[i].Exit = nil
		}
	}
	return cmds
}

// newID is a random journal entry id. The runtime's generator (ChaCha8, seeded from
// the system's entropy) is random enough to keep ids apart, and spares every shim
// crypto/rand's start-up and size.
func newID() string {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], rand.Uint64())
	return hex.EncodeToString(b[:])
}
