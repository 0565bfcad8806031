package enforce

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/gitdir"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/shell"
	"github.com/heed-dev/heed/internal/taskrun"
)

// Enforcer judges commands before they run.
type Enforcer struct {
	Loader *Loader
	// State fingerprints the working tree (default TreeState); ordering rules compare
	// it before a guarded command with the state after its prerequisite.
	State func(root string) (string, error)
	// Now is the clock of journal entries (default time.Now).
	Now func() time.Time
	// NoJournal turns journaling off (tests).
	NoJournal bool
	// Instruction tells an instruction file by its repository-relative path, for the
	// guard of agents' writes (nil: only the policy's recorded sources are known).
	Instruction func(rel string) bool
	// Runners reads what task runners' targets run (`make fix` runs `ruff check`), for
	// the rules that count them; nil: a reader of the Enforcer's own, made on first
	// use. NoRunners leaves targets unread.
	Runners   *taskrun.Reader
	NoRunners bool
	runners   sync.Once
}

// expand fills the Runs of the task runner commands among cmds.
func (e *Enforcer) expand(root string, cmds []engine.Command) {
	if e.NoRunners {
		return
	}
	e.runners.Do(func() {
		if e.Runners == nil {
			e.Runners = &taskrun.Reader{}
		}
	})
	e.Runners.Attach(root, cmds)
}

// Request is a command to judge.
type Request struct {
	// Root is the repository's absolute root; Cwd the absolute directory the command
	// runs in (default Root).
	Root, Cwd string
	// Argv is a command (heed exec, a shim); Line a shell line (agent hooks). One of
	// them is set.
	Argv []string
	Line string
	// Source says who asks: exec, shim, hook:claude, ...
	Source string
	// ID links the command to its outcome reported later (a hook's tool_use_id);
	// empty means a new id.
	ID      string
	Session string
	// Guard denies a line that writes the files deciding the rules (heed's folder,
	// the instruction files, the agents' hook settings): an agent's tool call.
	Guard bool
}

// Violation is one rule a command breaks.
type Violation struct {
	Rule       *policy.Rule
	Constraint *policy.Constraint
	Finding    engine.Finding
	// Check is the rule's check (shims ask it whether an ancestor runs the command on
	// the agent's behalf).
	Check engine.Check
}

// Decision is the verdict on a request.
type Decision struct {
	Blocked bool
	// Blocks are the error-severity violations; Warnings the others.
	Blocks, Warnings []Violation
	// Internal is set when heed itself failed; the command is blocked.
	Internal string
	// Message is what to tell the agent (empty when allowed without warnings).
	Message string
	// Commands are the simple commands judged.
	Commands []engine.Command
	// Record is true when an ordering rule will read this command's exit status and
	// the tree state after it: the caller must report them with Finish.
	Record bool
	// ID identifies the journal entry.
	ID string
	// Rules counts the process rules of the repository.
	Rules int
	// Stale is set, with the command blocked, when the loader could only have judged
	// from the live index and the index does not describe the policy (heed-shim hands
	// the command to heed then).
	Stale bool
	// Cleared is set when the live index's pre-filter found that no rule can apply
	// to the commands: allowed without a rule loaded, and not journaled.
	Cleared bool
}

// Asks are the warnings of rules that let the command run once the user agrees
// (policy.Rule.Ask): an agent's hook that can put the question to the user asks
// instead of only warning.
func (d *Decision) Asks() []Violation {
	var out []Violation
	for _, v := range d.Warnings {
		if v.asks() {
			out = append(out, v)
		}
	}
	return out
}

// asks reports whether the violation's rule lets the command run once the user agrees.
func (v Violation) asks() bool { return v.Rule != nil && v.Rule.Ask }

// Check judges a request. It never fails: an internal error or a panic blocks the
// command with the reason.
func (e *Enforcer) Check(req Request) (d Decision) {
	defer func() {
		if p := recover(); p != nil {
			d = internalDecision(fmt.Sprintf("panic: %v\n%s", p, firstLines(string(debug.Stack()), 6)))
		}
	}()
	if req.Cwd == "" {
		req.Cwd = req.Root
	}
	if req.ID == "" {
		req.ID = newID()
	}
	d.ID = req.ID
	cmds, redirs := e.commandsOf(req)
	d.Commands = cmds
	progs, all := commandPrograms(cmds)
	set, err := e.Loader.LoadFor(req.Root, cmds, progs, all)
	var untrusted *UntrustedError
	if errors.As(err, &untrusted) {
		return untrustedDecision(untrusted)
	}
	if errors.Is(err, ErrStale) {
		d := internalDecision(err.Error())
		d.Stale = true
		return d
	}
	if err != nil {
		return internalDecision(fmt.Sprintf("cannot load the policy of %s: %v", req.Root, err))
	}
	d.Rules = set.Total
	if req.Guard {
		hits, err := allow(req.Root, newGuard(req.Root, set.Sources, e.Instruction).commandHits(cmds, redirs))
		if err != nil {
			return internalDecision(err.Error())
		}
		if len(hits) > 0 {
			d.Blocked, d.Message = true, guardMessage(hits)
			if !e.NoJournal {
				e.journal(req, &d)
			}
			return d
		}
	}
	if set.Total == 0 || set.Cleared {
		// no process rule, or none that can apply (the index's pre-filter): nothing
		// to enforce, nothing an ordering rule reads later, nothing to journal
		d.Cleared = set.Cleared
		return d
	}
	guard := false
	for _, c := range set.Rules {
		sc, ok := c.Check.(engine.Ordering)
		if !ok {
			continue
		}
		for _, cmd := range cmds {
			if len(cmd.Argv) == 0 {
				continue
			}
			if sc.Guards(cmd.Argv) {
				guard = true
			}
			if sc.Prerequisite(cmd.Argv) {
				d.Record = true
			}
			for _, st := range cmd.Runs {
				if len(st.Command.Argv) > 0 && sc.Prerequisite(st.Command.Argv) {
					d.Record = true
				}
			}
		}
	}
	var past []engine.Command
	if guard {
		hist, err := ReadJournal(req.Root, JournalScope{Session: req.Session, Now: e.now()})
		if err != nil {
			return internalDecision(err.Error())
		}
		past = hist
		e.expand(req.Root, past)
		state, pending := e.tree(req.Root)
		for i := range cmds {
			cmds[i].State, cmds[i].Pending = state, pending
		}
	}
	ev := &engine.Evidence{Mode: engine.ModeAll, Commands: append(append([]engine.Command(nil), past...), shift(cmds, len(past))...)}
	defer ev.Close()
	if engine.AnyHas(set.Rules, engine.UseBranch) {
		// the branch checked out now is the one a command lands on, unless the
		// session's own commands switched since
		ev.StartBranch = gitdir.HeadBranch(req.Root)
	}
	for _, o := range engine.Run(set.Rules, ev, engine.Options{Workers: 1, Timeout: 5 * time.Second}) {
		for _, t := range o.Targets {
			if t.Target.Index < len(past) {
				continue
			}
			switch {
			case t.Verdict == engine.Violated:
				for _, f := range t.Findings {
					v := Violation{Rule: o.Rule, Constraint: o.Constraint, Finding: f, Check: checkOf(set.Rules, o.Rule)}
					if o.Rule.Severity == policy.SeverityError && !f.Advisory {
						d.Blocks = append(d.Blocks, v)
					} else {
						d.Warnings = append(d.Warnings, v)
					}
				}
			case engine.SurfaceLiveHook.Blocks(&o, t):
				// a check that crashed or overran never passes a command (the
				// engine's table of what undetermined means on each surface)
				f := engine.Finding{CommandIndex: -1, Command: ev.Commands[t.Target.Index].Line, Message: "heed could not judge this command: " + t.Reason}
				d.Blocks = append(d.Blocks, Violation{Rule: o.Rule, Constraint: o.Constraint, Finding: f})
			}
		}
	}
	d.Blocked = len(d.Blocks) > 0
	d.Message = Format(&d, req)
	if !e.NoJournal {
		e.journal(req, &d)
	}
	return d
}

// Cleared reports whether the live index's pre-filter clears the command of req:
// no rule can apply to it, so it was not journaled and nothing reads its outcome.
// Any error says no.
func (e *Enforcer) Cleared(req Request) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	if req.Cwd == "" {
		req.Cwd = req.Root
	}
	cmds, _ := e.commandsOf(req)
	progs, all := commandPrograms(cmds)
	if all {
		return false
	}
	set, err := e.Loader.LoadFor(req.Root, cmds, progs, all)
	return err == nil && set.Cleared
}

// commandsOf reads the commands of req's line (or argv) as they run in its folder,
// task-runner targets expanded, with the line's redirections.
func (e *Enforcer) commandsOf(req Request) ([]engine.Command, []shell.Redirect) {
	opt := shell.Options{Cwd: relDir(req.Root, req.Cwd), Root: req.Root, Index: -1}
	var cmds []engine.Command
	var redirs []shell.Redirect
	if req.Line != "" || req.Argv == nil {
		cmds, redirs = shell.ParseWrites(req.Line, opt)
	} else {
		cmds = shell.FromArgv(req.Argv, opt)
	}
	e.expand(req.Root, cmds)
	return cmds, redirs
}

func checkOf(rules []engine.Compiled, r *policy.Rule) engine.Check {
	for _, c := range rules {
		if c.Rule == r {
			return c.Check
		}
	}
	return nil
}

// tree is the working tree's fingerprint and changed paths; the paths are nil when
// unknown (a State function given for tests knows no paths).
func (e *Enforcer) tree(root string) (string, []string) {
	if e.State != nil {
		return e.state(root), nil
	}
	s, paths, err := TreeChanges(root)
	if err != nil {
		return "", nil
	}
	return s, paths
}

func (e *Enforcer) state(root string) string {
	f := e.State
	if f == nil {
		f = TreeState
	}
	s, err := f(root)
	if err != nil {
		return ""
	}
	return s
}

func (e *Enforcer) now() time.Time {
	if e.Now != nil {
		return e.Now()
	}
	return time.Now()
}

// Finish reports how a checked command ended, for the ordering rules that read it.
func (e *Enforcer) Finish(req Request, d *Decision, exit int) {
	if e.NoJournal || !d.Record {
		return
	}
	en := JournalEntry{Time: e.now().UTC().Format(time.RFC3339Nano), ID: d.ID, Exit: &exit}
	if exit == 0 {
		en.State = e.state(req.Root)
	}
	_ = AppendJournal(req.Root, en)
}

func (e *Enforcer) journal(req Request, d *Decision) {
	en := JournalEntry{
		Time: e.now().UTC().Format(time.RFC3339Nano), ID: d.ID, Source: req.Source, Session: req.Session,
		Argv: req.Argv, Line: req.Line, Cwd: relDir(req.Root, req.Cwd),
	}
	switch {
	case d.Blocked:
		en.Verdict = "blocked"
	case len(d.Warnings) > 0:
		en.Verdict = "warned"
	default:
		en.Verdict = "allowed"
	}
	seen := map[string]bool{}
	for _, v := range append(append([]Violation(nil), d.Blocks...), d.Warnings...) {
		if v.Rule != nil && !seen[v.Rule.ID] {
			seen[v.Rule.ID] = true
			en.Rules = append(en.Rules, v.Rule.ID)
		}
	}
	_ = AppendJournal(req.Root, en)
}

// internalDecision blocks a command because heed failed.
func internalDecision(reason string) Decision {
	d := Decision{Blocked: true, Internal: reason}
	d.Message = "[heed] BLOCKED: heed could not check this command, so it does not run\n  Reason: " + clip(reason, maxShownText) + "\n"
	return d
}

// shift renumbers commands parsed from index 0 so that they follow n earlier ones.
func shift(cmds []engine.Command, n int) []engine.Command {
	if n == 0 {
		return cmds
	}
	out := make([]engine.Command, len(cmds))
	for i, c := range cmds {
		c.Index += n
		if len(c.Requires) > 0 {
			r := make([]int, len(c.Requires))
			for j, x := range c.Requires {
				r[j] = x + n
			}
			c.Requires = r
		}
		out[i] = c
	}
	return out
}

// commandPrograms lists the programs of the commands; all is true when a program is
// unknown (computed, or the line could not be parsed), so every rule must be loaded.
func commandPrograms(cmds []engine.Command) ([]string, bool) {
	seen := map[string]bool{}
	var out []string
	for _, c := range cmds {
		if c.Unparsable != "" || len(c.Argv) == 0 {
			if c.Unparsable != "" {
				return nil, true
			}
			continue
		}
		for _, d := range c.DynamicArgs {
			if d == 0 {
				return nil, true
			}
		}
		name := programKey(c.Argv[0])
		if !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
		// the programs a task runner's target runs: the rules about them judge it
		for _, st := range c.Runs {
			sc := &st.Command
			if len(sc.Argv) == 0 || sc.Unparsable != "" || len(sc.DynamicArgs) > 0 && sc.DynamicArgs[0] == 0 {
				continue
			}
			if name := programKey(sc.Argv[0]); !seen[name] {
				seen[name] = true
				out = append(out, name)
			}
		}
	}
	sort.Strings(out)
	return out, false
}

// programKey is the name the live index files a program's rules under: its base
// name without ".exe", as the rules match it (`npm.exe` is npm: otherwise a rule
// about npm would never be loaded for it, and the command would run unjudged).
func programKey(argv0 string) string {
	return strings.TrimSuffix(filepath.Base(argv0), ".exe")
}

// relDir is dir relative to root, "/"-separated; absolute when outside.
func relDir(root, dir string) string {
	if dir == "" || root == "" {
		return ""
	}
	r, err := filepath.Rel(root, dir)
	if err != nil {
		return filepath.ToSlash(dir)
	}
	r = filepath.ToSlash(r)
	if r == "." {
		return ""
	}
	if r == ".." || strings.HasPrefix(r, "../") {
		return filepath.ToSlash(dir)
	}
	return r
}

// FindRoot returns the repository root governing dir: the nearest directory at or
// above it with a .heed directory or a .git entry. It does not run git.
func FindRoot(dir string) (string, bool) {
	return NearestAbove(dir, func(d string) bool {
		if fi, err := os.Stat(filepath.Join(d, ".heed")); err == nil && fi.IsDir() {
			return true
		}
		_, err := os.Lstat(filepath.Join(d, ".git"))
		return err == nil
	})
}

// NearestAbove returns the nearest directory at or above dir (made absolute) for which
// has is true.
func NearestAbove(dir string, has func(d string) bool) (string, bool) {
	d, err := filepath.Abs(dir)
	if err != nil {
		return "", false
	}
	for {
		if has(d) {
			return d, true
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", false
		}
		d = parent
	}
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
