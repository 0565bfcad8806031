package process

import (
	"fmt"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/shell"
)

// KindBranch is the kind of a rule that forbids committing on some branches ("never
// commit directly on `main`"). The branch a commit lands on is the one the session
// last checked out or switched to; before any, the branch the session started on
// (Evidence.StartBranch: an audit reads it from the session's record or the
// repository). When neither is known the branch is unknown, and the rule lets the
// commit pass (a check reads only its evidence). Evidence without a session (heed
// check, a push) has no commands: the rule judges the staged change by the branch it
// is committed on (Evidence.CommitBranch) and the change's commits by the branch the
// repository's reflog says each was made on (Commit.MadeOn); unknown, they pass.
const KindBranch = "branch"

// BranchParams are the parameters of a branch rule.
type BranchParams struct {
	// Branches are the branches no commit may be made on.
	Branches []string `json:"branches"`
	// Commands are the commands the rule forbids on those branches ("while checked
	// out on `master`, do not run `git merge`, `git add`..."); empty: git commit.
	Commands []Pattern `json:"commands,omitempty"`
}

func compileBranch(rule *policy.Rule) (engine.Check, error) {
	var p BranchParams
	if err := decodeParams(rule.Params, &p); err != nil {
		return nil, err
	}
	if len(p.Branches) == 0 {
		return nil, fmt.Errorf("params.branches: at least one branch is required")
	}
	for i, b := range p.Branches {
		if strings.TrimSpace(b) == "" || strings.ContainsAny(b, " \t") {
			return nil, fmt.Errorf("params.branches[%d]: %q is not a branch name", i, b)
		}
	}
	for i := range p.Commands {
		if err := p.Commands[i].validate("params.commands", i); err != nil {
			return nil, err
		}
	}
	return &branchCheck{rule: rule, p: p}, nil
}

// guarded are the commands the rule judges.
func (b *branchCheck) guarded() []Pattern {
	if len(b.p.Commands) > 0 {
		return b.p.Commands
	}
	return []Pattern{commitForm}
}

// guards reports whether a parsed command is one the rule judges.
func (b *branchCheck) guards(pc *parsed) bool {
	for _, g := range b.guarded() {
		if g.match(pc).m == matches {
			return true
		}
	}
	return false
}

type branchCheck struct {
	rule *policy.Rule
	p    BranchParams
}

var commitForm = Pattern{Program: []string{"git"}, Args: []string{"commit"}}

// Programs lists the guarded programs.
func (b *branchCheck) Programs() []string {
	ps := programsOf(b.guarded())
	if !slices.Contains(ps, "git") {
		ps = append(ps, "git") // the checkouts the rule reads
	}
	return ps
}

// ProgramSpecs lists the programs as written, for PATH shims.
func (b *branchCheck) ProgramSpecs() []string { return b.Programs() }

// PrerequisitePrograms lists the programs whose record the rule reads later.
func (b *branchCheck) PrerequisitePrograms() []string { return []string{"git"} }

// Guards reports whether argv is a guarded command (a commit, by default): judging it
// needs the session's history.
func (b *branchCheck) Guards(argv []string) bool { return b.guards(parseArgv(argv, nil)) }

// Prerequisite reports whether argv changes the branch: it must be recorded.
func (b *branchCheck) Prerequisite(argv []string) bool {
	_, ok := SwitchesTo(argv)
	return ok
}

// Fresh: a checkout counts at any earlier point of the session.
func (b *branchCheck) Fresh() bool { return false }

// WantsFile implements engine.FileSelector: it judges commands, no file.
func (b *branchCheck) WantsFile(string, string) bool { return false }

func (b *branchCheck) Targets(ev *engine.Evidence) []engine.Target {
	if len(ev.Commands) == 0 {
		return b.commitTargets(ev)
	}
	var ts []engine.Target
	for i := range ev.Commands {
		cmd := &ev.Commands[i]
		if cmd.Past || len(cmd.Edit) > 0 || len(cmd.Argv) == 0 || !b.rule.Scope.CoversDir(cmd.Cwd) {
			continue
		}
		if b.guards(parsedAt(ev, i)) {
			ts = append(ts, engine.Target{Kind: engine.TargetCommand, Index: i})
		}
	}
	return ts
}

var _ engine.BranchJudge = (*branchCheck)(nil)

// CommitBranches implements engine.BranchJudge: the branches no commit may be made
// on, for a rule that guards commits.
func (b *branchCheck) CommitBranches() []string {
	if !b.guards(parseArgv([]string{"git", "commit"}, nil)) {
		return nil
	}
	return b.p.Branches
}

// commitTargets are, for evidence without a session (heed check, a push), the
// commits the rule can place on a branch: the staged change when the evidence says
// which branch it is committed on (the pre-commit hook), and each commit of the
// change whose making the repository's reflog records (Commit.MadeOn). Merge
// commits bring in work made elsewhere and are left alone. A rule that guards
// other commands than a commit has nothing to judge without a session.
func (b *branchCheck) commitTargets(ev *engine.Evidence) []engine.Target {
	if !b.guards(parseArgv([]string{"git", "commit"}, nil)) {
		return nil
	}
	var ts []engine.Target
	pending := ev.Uncommitted
	if pending == nil {
		pending = ev.Changed
	}
	if ev.CommitBranch != "" && b.inScope(pending) {
		ts = append(ts, engine.Target{Kind: engine.TargetChange, Index: -1})
	}
	for i, c := range ev.Commits {
		if c.MadeOn != "" && c.Parents <= 1 && b.inScope(c.Files) {
			ts = append(ts, engine.Target{Kind: engine.TargetCommit, Index: i})
		}
	}
	return ts
}

// inScope reports whether a commit of these files falls under the rule: any
// commit for a rule of the whole repository, one touching its folder for a nested
// file's rule (files unknown: the commit counts).
func (b *branchCheck) inScope(files []string) bool {
	if b.rule.Scope.CoversDir("") || len(files) == 0 {
		return true
	}
	return slices.ContainsFunc(files, b.rule.Scope.Covers)
}

// pathList names up to n paths, and how many more there are.
func pathList(ps []string, n int) string {
	if len(ps) <= n {
		return strings.Join(ps, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(ps[:n], ", "), len(ps)-n)
}

// judgeCommit judges the staged change or a commit of the change by the branch it
// is, or was, committed on.
func (b *branchCheck) judgeCommit(ev *engine.Evidence, t engine.Target) engine.Result {
	if t.Kind == engine.TargetChange {
		name := ev.CommitBranch
		if !slices.Contains(b.p.Branches, name) {
			return engine.Result{Verdict: engine.Satisfied, Reason: fmt.Sprintf("the change is committed on %s", name)}
		}
		msg := fmt.Sprintf("the staged change would be committed on %s, the branch checked out", name)
		if ev.UncommittedWorkTree {
			// edits not even staged: the branch can still be made, and takes them along
			msg = fmt.Sprintf("the change's uncommitted edits (%s) are on %s, the branch checked out: committed there, they would be commits on %s", pathList(ev.Uncommitted, 3), name, name)
		}
		return engine.Result{Verdict: engine.Violated, Reason: msg, Findings: []engine.Finding{{
			CommandIndex: -1, Change: true, Message: msg,
			Suggestion: "create a branch first (git switch -c my-change keeps the edits), then commit there",
		}}}
	}
	c := ev.Commits[t.Index]
	if !slices.Contains(b.p.Branches, c.MadeOn) {
		return engine.Result{Verdict: engine.Satisfied, Reason: fmt.Sprintf("the commit was made on %s", c.MadeOn)}
	}
	subject, _, _ := strings.Cut(c.Message, "\n")
	msg := fmt.Sprintf("this commit was made on %s while it was checked out (the branch's reflog records it), and %s still holds it", c.MadeOn, c.MadeOn)
	return engine.Result{Verdict: engine.Violated, Reason: msg, Findings: []engine.Finding{{
		Commit: c.Hash, CommandIndex: -1, Message: msg, Snippet: subject,
		Suggestion: fmt.Sprintf("move the commit to a branch of its own (git branch my-change, then reset %s to its upstream) and work there", c.MadeOn),
	}}}
}

func (b *branchCheck) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	if t.Kind != engine.TargetCommand {
		return b.judgeCommit(ev, t)
	}
	cmd := &ev.Commands[t.Index]
	name, how := "", ""
	for j := t.Index - 1; j >= 0 && name == ""; j-- {
		prev := &ev.Commands[j]
		if len(prev.Argv) == 0 || prev.Exit != nil && *prev.Exit != 0 {
			continue // a checkout that failed left the branch as it was
		}
		if n, ok := SwitchesTo(prev.Argv); ok {
			name, how = n, "which the session checked out"
		}
	}
	if name == "" && ev.StartBranch != "" {
		name, how = ev.StartBranch, "the branch the session started on"
	}
	if name == "" {
		return engine.Result{Verdict: engine.Satisfied, Reason: "the session shows no checkout: heed cannot tell the branch"}
	}
	if !slices.Contains(b.p.Branches, name) {
		return engine.Result{Verdict: engine.Satisfied, Reason: fmt.Sprintf("the session works on %s", name)}
	}
	line := shell.Join(cmd.Argv)
	if len(b.p.Commands) > 0 {
		return violated(cmd, line, fmt.Sprintf("this runs on %s, %s", name, how),
			"create a branch first (git switch -c my-change), then work there")
	}
	return violated(cmd, line, fmt.Sprintf("this commits on %s, %s", name, how),
		"create a branch first (git switch -c my-change), then commit there")
}

// createFlag: the options of checkout and switch that create the branch they name.
func createFlag(a string) bool {
	switch a {
	case "-b", "-B", "-c", "-C", "--create", "--force-create", "--orphan":
		return true
	}
	return false
}

// SwitchesTo returns the branch a git checkout or switch moves to, when argv is one
// that does ("git checkout main", "git switch -c fix"); a checkout of paths
// ("git checkout -- a.go", "git checkout main -- a.go") is none.
func SwitchesTo(argv []string) (string, bool) {
	if len(argv) < 2 || progName(argv[0]) != "git" {
		return "", false
	}
	args := argv[1:]
	// git's own options before the subcommand: -C dir, -c key=value, --no-pager...
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		if (args[0] == "-C" || args[0] == "-c") && len(args) > 1 {
			args = args[1:]
		}
		args = args[1:]
	}
	if len(args) == 0 || args[0] != "checkout" && args[0] != "switch" {
		return "", false
	}
	args = args[1:]
	if slices.Contains(args, "--") {
		return "", false
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if createFlag(a) && i+1 < len(args) {
			return args[i+1], true
		}
		if name, ok := strings.CutPrefix(a, "--create="); ok {
			return name, true
		}
		if strings.HasPrefix(a, "-") {
			continue
		}
		if a == "." || strings.Contains(a, "*") {
			return "", false
		}
		return a, true
	}
	return "", false
}
