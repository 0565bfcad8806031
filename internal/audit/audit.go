// Package audit judges a whole agent session after the fact: every rule of every
// domain over one evidence bundle made of the trajectory's commands, the commits the
// session made (base..head), their diff with touched lines, and the pull-request text.
// Verdicts follow SWE-CC exactly (satisfied, violated, undetermined, inapplicable;
// a crash is never a violation nor a pass), with the triggering and compliance rates
// per domain, per instruction file and overall. Each violation is placed in the
// session (the step that made it) and marked as surviving into the final change or
// not. Reading is tolerant: what could be read is judged, what could not is named and
// the rules that needed it are undetermined.
package audit

import (
	"fmt"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/heed-dev/heed/internal/audit/trajectory"
	"github.com/heed-dev/heed/internal/config"
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/repo"
	"github.com/heed-dev/heed/internal/report"
	"github.com/heed-dev/heed/internal/rules/process"
	"github.com/heed-dev/heed/internal/shell"
	"github.com/heed-dev/heed/internal/taskrun"
)

// Parts of the evidence an audit may lack (engine.Evidence.Missing entries start with
// one of these, then ": " and the reason).
const (
	PartTrajectory = string(engine.PartTrajectory)
	PartCommits    = string(engine.PartCommits)
	PartDiff       = string(engine.PartDiff)
	PartPR         = string(engine.PartPR)
)

// Options say what to audit.
type Options struct {
	// Repo is the repository's absolute root; "" audits the trajectory alone.
	Repo string
	// Trajectory is the session as read; nil when TrajectoryErr says why it could not be.
	Trajectory     *trajectory.Trajectory
	TrajectoryPath string
	TrajectoryErr  error
	// Base and Head bound the session's commits (Head defaults to HEAD; Base to the
	// commit the trajectory records as the session's start).
	Base, Head string
	// PR is the pull-request text (title on the first line); PRSource names where it
	// came from. Without it the trajectory's "PR SUBMISSION:" text or its last
	// `gh pr create` is used.
	PR       *engine.PR
	PRSource string
	// Rules are the compiled rules to judge.
	Rules []engine.Compiled
	// Workers bounds parallelism inside the run; Timeout bounds one judgement.
	Workers int
	Timeout time.Duration
	// Cache shares repository reads between audits (batches); nil reads afresh.
	Cache *RepoCache
	// Config is the configuration in force (the file --config named); nil reads the
	// repository's .heed/config.
	Config *config.Config
	// Exclude are gitignore patterns of files file rules leave out (--exclude), after
	// the repository's .heedignore and the configuration's [check] exclude
	// (repo.Exclusions, as heed check leaves them out); commit and change-level rules
	// still see the whole change.
	Exclude []string
}

// Report is the result of auditing one session.
type Report struct {
	Version int     `json:"version"`
	Run     RunInfo `json:"run"`
	// Warnings are problems that did not stop the audit (malformed records, ...).
	Warnings []string `json:"warnings"`
	// Missing names the evidence that could not be read; rules that needed it are
	// undetermined.
	Missing []string     `json:"missing"`
	Metrics Metrics      `json:"rates"`
	Rules   []RuleResult `json:"rules"`
	// Session lists violations that happened during the session but are not in the
	// final change (a commit message rewritten by an amend, ...). They do not change
	// the verdicts, which judge what was run and what was delivered.
	Session []Violation `json:"session_violations"`
	// Blocked lists the steps the agent asked for that did not run (a hook or the user
	// refused them).
	Blocked []BlockedStep `json:"blocked"`
}

// ReportVersion is the version of the JSON report this build writes.
const ReportVersion = 1

// RunInfo describes what was audited.
type RunInfo struct {
	ID         string `json:"id,omitempty"`
	Trajectory string `json:"trajectory,omitempty"`
	Format     string `json:"format,omitempty"`
	Model      string `json:"model,omitempty"`
	Repo       string `json:"repo,omitempty"`
	Base       string `json:"base,omitempty"`
	Head       string `json:"head,omitempty"`
	Steps      int    `json:"steps"`
	Commands   int    `json:"commands"`
	Edits      int    `json:"edits"`
	Commits    int    `json:"commits"`
	Files      int    `json:"files_changed"`
	PR         string `json:"pr_source,omitempty"`
	// StartBranch is the branch the session started on, when known, and
	// StartBranchFrom where heed read it: "trajectory" (the session's record) or
	// "repository" (the branch checked out in the repository, for a session that
	// switches none).
	StartBranch     string `json:"start_branch,omitempty"`
	StartBranchFrom string `json:"start_branch_from,omitempty"`
	// DurationMS is how long the audit took.
	DurationMS float64 `json:"duration_ms"`
}

// RuleResult is one rule's verdict over the session.
type RuleResult struct {
	Rule        string             `json:"rule"`
	Constraint  string             `json:"constraint,omitempty"`
	Domain      string             `json:"domain"`
	Kind        string             `json:"kind"`
	Severity    string             `json:"severity"`
	Exact       bool               `json:"exact"`
	Instruction report.Instruction `json:"instruction"`
	Verdict     engine.Verdict     `json:"verdict"`
	// Reason says why a rule is undetermined (or a pass only partly judged).
	Reason     string      `json:"reason,omitempty"`
	Targets    int         `json:"targets"`
	Violations []Violation `json:"violations,omitempty"`
}

// Violation is a finding placed in the session.
type Violation struct {
	report.Finding
	// Step is the session step (trajectory index) where it happened, -1 when unknown.
	Step int `json:"step"`
	// Survived says whether it is in the final change (files, commits, PR); nil for a
	// command, which is an act, not a piece of the change.
	Survived *bool `json:"survived,omitempty"`
}

// BlockedStep is a step that was asked for and refused.
type BlockedStep struct {
	Step    int    `json:"step"`
	Kind    string `json:"kind"`
	Command string `json:"command,omitempty"`
	Path    string `json:"path,omitempty"`
}

// Run audits a session.
func Run(opt Options) (*Report, error) {
	start := time.Now()
	rep := &Report{Version: ReportVersion, Warnings: []string{}, Missing: []string{}, Session: []Violation{}, Blocked: []BlockedStep{}}
	b := &bundle{opt: opt, rep: rep, ev: &engine.Evidence{Mode: engine.ModeDiff}, prStep: -1}
	defer b.close()
	b.trajectory()
	if err := b.repository(); err != nil {
		return nil, err
	}
	b.useScrapedCommits()
	b.pullRequest()
	b.ev.Missing = rep.Missing

	outcomes := engine.Run(opt.Rules, b.ev, engine.Options{Workers: opt.Workers, Timeout: opt.Timeout})
	writes := b.judgeWrites()
	for i := range outcomes {
		rep.Rules = append(rep.Rules, b.result(&outcomes[i], &opt.Rules[i], writes[i]))
	}
	rep.Session = append(rep.Session, b.sessionCommits()...)
	rep.Metrics = Tally(rep.Rules)
	rep.Run.DurationMS = float64(time.Since(start).Microseconds()) / 1000
	return rep, nil
}

// bundle assembles the evidence and remembers where each piece came from.
type bundle struct {
	opt Options
	rep *Report
	ev  *engine.Evidence
	// sessionRoot is the directory the session ran in (the trajectory's cwd), mapped
	// onto the audited repository.
	sessionRoot string
	steps       []trajectory.Step
	// commitSteps are the steps that ran a successful `git commit`, in order.
	commitSteps []int
	// prStep is the step the pull-request text came from (-1: none, or given with --pr).
	prStep  int
	closers []func()
}

func (b *bundle) close() {
	b.ev.Close()
	for _, c := range b.closers {
		c()
	}
}

func (b *bundle) missing(part, why string) {
	b.rep.Missing = append(b.rep.Missing, part+": "+why)
}

// trajectory turns the session's steps into commands.
func (b *bundle) trajectory() {
	opt := b.opt
	b.rep.Run.Trajectory = opt.TrajectoryPath
	t := opt.Trajectory
	if t == nil {
		why := "no trajectory was given"
		if opt.TrajectoryErr != nil {
			why = opt.TrajectoryErr.Error()
		}
		b.missing(PartTrajectory, why)
		return
	}
	b.rep.Run.Format, b.rep.Run.Model = t.Format, t.Model
	b.rep.Warnings = append(b.rep.Warnings, t.Warnings...)
	if t.Truncated {
		b.missing(PartTrajectory, fmt.Sprintf("the trajectory is truncated after %d steps; later steps are unknown", len(t.Steps)))
	}
	b.steps = t.Steps
	if t.StartBranch != "" {
		b.ev.StartBranch = t.StartBranch
		b.rep.Run.StartBranch, b.rep.Run.StartBranchFrom = t.StartBranch, "trajectory"
	}
	b.sessionRoot = t.Cwd
	if b.sessionRoot == "" {
		b.sessionRoot = opt.Repo
	}
	b.rep.Run.Steps = len(t.Steps)
	for _, s := range t.Steps {
		if s.Denied {
			b.rep.Blocked = append(b.rep.Blocked, BlockedStep{Step: s.Index, Kind: s.Kind, Command: s.Command, Path: b.rel(s.Path)})
			continue
		}
		if s.Kind != trajectory.KindCommand {
			b.rep.Run.Edits++
			continue
		}
		b.rep.Run.Commands++
		cmds := shell.Parse(s.Command, shell.Options{Cwd: b.rel(s.Cwd), Root: b.sessionRoot, Base: len(b.ev.Commands), Index: s.Index})
		for i := range cmds {
			cmds[i].Exit = s.Exit
			if isGitCommit(cmds[i].Argv) && (s.Exit == nil || *s.Exit == 0) {
				if len(b.commitSteps) == 0 || b.commitSteps[len(b.commitSteps)-1] != s.Index {
					b.commitSteps = append(b.commitSteps, s.Index)
				}
			}
		}
		b.ev.Commands = append(b.ev.Commands, cmds...)
	}
	// what the session's task runner targets ran (`make fix` runs `ruff check`), read
	// from the repository's files as they stand
	if b.opt.Repo != "" {
		(&taskrun.Reader{}).Attach(b.opt.Repo, b.ev.Commands)
	}
}

// rel maps a path recorded in the session onto the repository: relative to the
// session's directory, "/"-separated; "" for a path outside it. When the trajectory
// does not record its directory, an absolute path is matched by its tail against the
// paths the change touched.
func (b *bundle) rel(p string) string {
	if p == "" {
		return ""
	}
	p = filepath.ToSlash(p)
	root := filepath.ToSlash(b.sessionRoot)
	if path.IsAbs(p) {
		switch {
		case root != "" && p == root:
			return ""
		case root != "" && strings.HasPrefix(p, strings.TrimSuffix(root, "/")+"/"):
			p = strings.TrimPrefix(p, strings.TrimSuffix(root, "/")+"/")
		default:
			best := ""
			for _, c := range b.ev.Changed {
				if strings.HasSuffix(p, "/"+c) && len(c) > len(best) {
					best = c
				}
			}
			return best
		}
	}
	p = path.Clean(p)
	if p == "." || strings.HasPrefix(p, "../") {
		return ""
	}
	return p
}

func isGitCommit(argv []string) bool {
	if len(argv) < 2 || path.Base(argv[0]) != "git" {
		return false
	}
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		switch {
		case a == "-C" || a == "-c" || a == "--git-dir" || a == "--work-tree":
			i++
		case strings.HasPrefix(a, "-"):
		default:
			return a == "commit"
		}
	}
	return false
}

// repository reads the commits and their diff (shared through opt.Cache when
// several runs audit the same repository state).
func (b *bundle) repository() error {
	opt := b.opt
	if opt.Repo == "" {
		b.missing(PartCommits, "no repository was given")
		b.missing(PartDiff, "no repository was given")
		return nil
	}
	b.rep.Run.Repo = opt.Repo
	base := opt.Base
	if base == "" && opt.Trajectory != nil {
		base = opt.Trajectory.StartCommit
	}
	var st *repoState
	var err error
	if opt.Cache != nil {
		st, err = opt.Cache.get(opt.Repo, base, opt.Head)
	} else {
		st, err = readRepo(opt.Repo, base, opt.Head)
		if st != nil && st.close != nil {
			b.closers = append(b.closers, st.close)
		}
	}
	if err != nil {
		return err
	}
	b.rep.Missing = append(b.rep.Missing, st.missing...)
	b.rep.Warnings = append(b.rep.Warnings, st.warnings...)
	b.rep.Run.Base, b.rep.Run.Head = st.base, st.head
	if b.ev.StartBranch == "" && st.branch != "" && (opt.Head == "" || opt.Head == "HEAD") && !b.switchesBranch() {
		// A session that switches no branch ends on the one it started on: the
		// repository's, when the audit reads the repository as the session left it.
		b.ev.StartBranch = st.branch
		b.rep.Run.StartBranch, b.rep.Run.StartBranchFrom = st.branch, "repository"
	}
	b.ev.Commits = append([]engine.Commit(nil), st.commits...)
	b.ev.Files, b.ev.Tree, b.ev.Changed, b.ev.DeletedPaths = st.files, st.tree, st.changed, st.deleted
	ig, err := repo.Exclusions(opt.Repo, opt.Config, opt.Exclude)
	if err != nil {
		return err
	}
	if !ig.Empty() {
		// the shared state is read-only: keep the files judged in a list of our own
		var kept []*engine.File
		for _, f := range b.ev.Files {
			if !ig.Match(f.Path) {
				kept = append(kept, f)
			}
		}
		b.ev.Files = kept
	}
	b.rep.Run.Commits = len(b.ev.Commits)
	b.rep.Run.Files = len(b.ev.Changed)
	return nil
}

// switchesBranch reports whether a command of the session checks out or switches to
// a branch, or may (a git command heed could not read, or one with words computed at
// run time: `git checkout "$BRANCH"`).
func (b *bundle) switchesBranch() bool {
	for _, c := range b.ev.Commands {
		if _, ok := process.SwitchesTo(c.Argv); ok {
			return true
		}
		maybe := c.Unparsable != "" || c.Dynamic && len(c.Argv) > 0 && path.Base(c.Argv[0]) == "git"
		if maybe && (strings.Contains(c.Line, "checkout") || strings.Contains(c.Line, "switch")) {
			return true
		}
	}
	return false
}

// repoState is what an audit reads of a repository: the commits base..head, their
// diff and the files at head, and the branch checked out. It is read-only once built,
// so runs may share it.
type repoState struct {
	// branch is the branch HEAD names, "" when detached or unknown.
	branch            string
	base, head        string
	commits           []engine.Commit
	files             []*engine.File
	tree              engine.Snapshot
	changed, deleted  []string
	missing, warnings []string
	close             func()
}

func readRepo(root, base, head string) (*repoState, error) {
	st := &repoState{}
	miss := func(part, why string) { st.missing = append(st.missing, part+": "+why) }
	r, err := repo.Open(root)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", root, err)
	}
	if !r.Git {
		miss(PartCommits, root+" is not a git repository")
		miss(PartDiff, root+" is not a git repository")
		return st, nil
	}
	if base == "" {
		miss(PartCommits, "no base revision: pass --base REV (the commit the session started from)")
		miss(PartDiff, "no base revision: pass --base REV")
		return st, nil
	}
	if head == "" {
		head = "HEAD"
	}
	baseHash, err := r.ResolveRev(base)
	if err != nil {
		miss(PartCommits, fmt.Sprintf("base %s is not in the repository: %v", base, err))
		miss(PartDiff, fmt.Sprintf("base %s is not in the repository", base))
		return st, nil
	}
	headHash, err := r.ResolveRev(head)
	if err != nil {
		miss(PartCommits, fmt.Sprintf("head %s is not in the repository: %v", head, err))
		miss(PartDiff, fmt.Sprintf("head %s is not in the repository", head))
		return st, nil
	}
	st.base, st.head = baseHash, headHash
	if out, err := r.GitOutput("symbolic-ref", "--quiet", "--short", "HEAD"); err == nil {
		st.branch = strings.TrimSpace(string(out))
	}
	if st.commits, err = r.Commits(baseHash, headHash); err != nil {
		miss(PartCommits, "cannot read the commits: "+err.Error())
	}
	change, err := r.DiffRevs(baseHash, headHash)
	if err != nil {
		miss(PartDiff, "cannot read the committed diff: "+err.Error())
		return st, nil
	}
	snap, err := r.RevSnapshot(headHash)
	if err != nil {
		miss(PartDiff, "cannot read the files at "+head+": "+err.Error())
		return st, nil
	}
	st.close = func() { snap.Close() }
	loaded := repo.LoadChange(snap, change)
	st.files, st.tree = loaded.Files, snap
	st.changed, st.deleted = change.Paths(), change.DeletedPaths()
	for _, p := range slices.Sorted(maps.Keys(loaded.Unreadable)) {
		st.warnings = append(st.warnings, fmt.Sprintf("%s: cannot read the file: %v", p, loaded.Unreadable[p]))
	}
	for _, p := range loaded.Skipped[repo.SkipBinary] {
		st.warnings = append(st.warnings, p+": binary file, not judged by file rules")
	}
	return st, nil
}

// RepoCache shares what audits read of a repository state between the runs of a
// batch that point at the same repository, base and head (runs of one task over one
// checkout): git is asked once. Close releases it.
type RepoCache struct {
	mu sync.Mutex
	m  map[[3]string]*repoEntry
}

type repoEntry struct {
	once sync.Once
	st   *repoState
	err  error
}

// NewRepoCache returns an empty cache.
func NewRepoCache() *RepoCache { return &RepoCache{m: map[[3]string]*repoEntry{}} }

func (c *RepoCache) get(root, base, head string) (*repoState, error) {
	if abs, err := filepath.Abs(root); err == nil {
		root = abs
	}
	key := [3]string{root, base, head}
	c.mu.Lock()
	e := c.m[key]
	if e == nil {
		e = &repoEntry{}
		c.m[key] = e
	}
	c.mu.Unlock()
	e.once.Do(func() { e.st, e.err = readRepo(root, base, head) })
	return e.st, e.err
}

// Close releases every cached repository state.
func (c *RepoCache) Close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, e := range c.m {
		if e.st != nil && e.st.close != nil {
			e.st.close()
		}
	}
	c.m = map[[3]string]*repoEntry{}
}

// pullRequest picks the PR text: given, else from the trajectory.
func (b *bundle) pullRequest() {
	if b.opt.PR != nil {
		b.ev.PR = b.opt.PR
		b.rep.Run.PR = b.opt.PRSource
		return
	}
	if t := b.opt.Trajectory; t != nil && t.PR != "" {
		b.ev.PR = ParsePR(t.PR)
		b.rep.Run.PR = "trajectory (PR SUBMISSION:)"
		if t.PRStep != nil {
			b.prStep = *t.PRStep
		}
		return
	}
	if pr, step := b.ghPR(); pr != nil {
		b.ev.PR = pr
		b.rep.Run.PR = fmt.Sprintf("trajectory step %d (gh pr create)", step)
		b.prStep = step
		return
	}
	b.missing(PartPR, "no pull-request text (pass --pr FILE)")
}

// ParsePR splits PR text into title and body (engine.ParsePR).
func ParsePR(text string) *engine.PR { return engine.ParsePR(text) }

// ghPR reads the last `gh pr create` of the session: its --title and --body.
func (b *bundle) ghPR() (*engine.PR, int) {
	for i := len(b.ev.Commands) - 1; i >= 0; i-- {
		argv := b.ev.Commands[i].Argv
		if len(argv) < 3 || path.Base(argv[0]) != "gh" || argv[1] != "pr" || argv[2] != "create" {
			continue
		}
		pr := &engine.PR{}
		for j := 3; j < len(argv); j++ {
			a := argv[j]
			val := func() string {
				if k := strings.IndexByte(a, '='); k >= 0 {
					return a[k+1:]
				}
				if j+1 < len(argv) {
					j++
					return argv[j]
				}
				return ""
			}
			switch {
			case a == "-t" || a == "--title" || strings.HasPrefix(a, "--title="):
				pr.Title = val()
			case a == "-b" || a == "--body" || strings.HasPrefix(a, "--body="):
				pr.Body = val()
			}
		}
		if pr.Title != "" || pr.Body != "" {
			return pr, b.ev.Commands[i].Index
		}
	}
	return nil, -1
}

// result turns an outcome into the rule's row: the verdict the engine folds over the
// session (engine.SessionVerdict), the violations placed in the session; writes are
// the session's writes that broke the rule and that the final change holds.
func (b *bundle) result(o *engine.Outcome, c *engine.Compiled, writes []Violation) RuleResult {
	r := o.Rule
	rr := RuleResult{Rule: r.ID, Domain: r.Domain, Kind: r.Kind, Severity: r.Severity, Exact: r.Exact, Targets: len(o.Targets)}
	if rr.Severity == "" {
		rr.Severity = policy.SeverityError
	}
	if c := o.Constraint; c != nil {
		rr.Constraint = c.ID
		rr.Instruction = report.Instruction{File: c.File, Line: c.Line, Text: c.Text, HeaderPath: c.HeaderPath}
	}
	if rr.Instruction.HeaderPath == nil {
		rr.Instruction.HeaderPath = []string{}
	}
	var byWrites bool
	rr.Verdict, rr.Reason, byWrites = engine.SessionVerdict(o, engine.SessionFacts{Unread: b.ev.Unread(c.Reads()), Writes: len(writes)})
	if byWrites {
		rr.Violations = writes
	}
	if rr.Verdict == engine.Violated {
		for _, t := range o.Targets {
			if t.Verdict != engine.Violated {
				continue
			}
			for _, f := range t.Findings {
				rr.Violations = append(rr.Violations, b.place(o, c.Reads(), t, f))
			}
		}
	}
	return rr
}

// place attributes a finding to the step that made it; reads are the parts of the
// evidence its rule reads (a finding about the change as a whole belongs to the pull
// request when its rule reads the PR's text).
func (b *bundle) place(o *engine.Outcome, reads []engine.Part, t engine.TargetResult, f engine.Finding) Violation {
	rf := report.FromEngine(f, o.Rule, o.Constraint)
	v := Violation{Finding: rf, Step: -1}
	yes := true
	switch {
	case t.Target.Kind == engine.TargetCommand || f.CommandIndex >= 0:
		v.Step = f.CommandIndex
		if v.Step < 0 && t.Target.Index >= 0 && t.Target.Index < len(b.ev.Commands) {
			v.Step = b.ev.Commands[t.Target.Index].Index
		}
		if v.Finding.Command == "" && t.Target.Kind == engine.TargetCommand && t.Target.Index >= 0 && t.Target.Index < len(b.ev.Commands) {
			c := b.ev.Commands[t.Target.Index]
			v.Finding.Command = c.Line
			if v.Finding.Command == "" {
				v.Finding.Command = shell.Join(c.Argv)
			}
		}
	case f.Path != "":
		v.Step = b.lastTouch(f.Path)
		v.Survived = &yes
	case f.Commit != "":
		v.Step = b.commitStep(f.Commit)
		v.Survived = &yes
	default:
		// About the change as a whole (what it lacks) or its PR.
		if slices.Contains(reads, engine.PartPR) {
			v.Step = b.prStep
		} else if n := len(b.commitSteps); n > 0 {
			v.Step = b.commitSteps[n-1]
		}
		v.Survived = &yes
	}
	return v
}

// lastTouch is the last step that wrote the file, or the last command that names it.
func (b *bundle) lastTouch(p string) int {
	for i := len(b.steps) - 1; i >= 0; i-- {
		s := b.steps[i]
		if s.Denied {
			continue
		}
		if s.Kind != trajectory.KindCommand && b.rel(s.Path) == p {
			return s.Index
		}
	}
	base := path.Base(p)
	for i := len(b.steps) - 1; i >= 0; i-- {
		s := b.steps[i]
		if !s.Denied && s.Kind == trajectory.KindCommand && (strings.Contains(s.Command, p) || strings.Contains(s.Command, base)) && !isReadOnly(s.Command) {
			return s.Index
		}
	}
	return -1
}

func isReadOnly(line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return true
	}
	switch path.Base(f[0]) {
	case "cat", "less", "head", "tail", "grep", "rg", "ls", "wc", "diff", "file", "stat":
		return !strings.ContainsAny(line, ">")
	case "git":
		return len(f) > 1 && (f[1] == "diff" || f[1] == "log" || f[1] == "show" || f[1] == "status" || f[1] == "blame")
	}
	return false
}

// commitStep maps a commit of base..head to the `git commit` step that made it: the
// k-th commit to the k-th successful commit command when the counts agree, else the
// command whose message quotes the commit's subject, else the last commit command.
func (b *bundle) commitStep(hash string) int {
	idx := -1
	for i, c := range b.ev.Commits {
		if c.Hash == hash {
			idx = i
		}
	}
	if idx < 0 || len(b.commitSteps) == 0 {
		return -1
	}
	if len(b.commitSteps) == len(b.ev.Commits) {
		return b.commitSteps[idx]
	}
	subject, _, _ := strings.Cut(b.ev.Commits[idx].Message, "\n")
	if subject != "" {
		for _, si := range b.commitSteps {
			if si < len(b.steps) && strings.Contains(b.steps[si].Command, subject) {
				return si
			}
		}
	}
	return b.commitSteps[len(b.commitSteps)-1]
}
