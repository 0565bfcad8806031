package process

import (
	"fmt"
	"github.com/bmatcuk/doublestar/v4"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/shell"
	"github.com/heed-dev/heed/internal/taskrun"
)

// SequenceParams are the parameters of an ordering rule: before a command of Then
// runs, a command of First must have run and succeeded.
type SequenceParams struct {
	// Then lists the commands the rule guards (git commit).
	Then []Pattern `json:"then"`
	// First lists the commands that satisfy it (make lint); any one of them.
	First []Pattern `json:"first"`
	// Anytime, when true, accepts First run at any earlier point of the session
	// ("run ./restore.sh first"); by default First must have run after the latest
	// change to the working tree ("lint before committing").
	Anytime bool `json:"anytime,omitempty"`
	// Label names First in messages (`make lint`); default: the first pattern.
	Label string `json:"label,omitempty"`
	// Changed, when set, limits the rule to sessions that edited a file matching one
	// of these globs since First last succeeded ("run `just fmt` after changing Rust
	// code"): without such an edit the guarded command is fine. Where the session's
	// edits are not recorded at all, the rule cannot apply and says so.
	Changed []string `json:"changed,omitempty"`
	// ChangedInferred marks Changed as heed's inference from what First is (`gofmt`
	// formats Go files), not the sentence's words: where the session's edits are not
	// recorded, the order holds as though Changed were unset.
	ChangedInferred bool `json:"changed_inferred,omitempty"`
	// In are folders (repository-relative) the rule's file names for First ("run
	// `cd web && npm test`"): a task runner's target run there counts. Elsewhere only
	// the folder of the rule's file and of the guarded command do
	// (sequenceCheck.otherFolders).
	In []string `json:"in,omitempty"`
	// Unless are globs of files whose change alone needs no First ("docs-only
	// changes don't need the test run": ["**/*.md", "docs/**"]): when every file
	// the session changed since First last succeeded matches one of them, the
	// guarded command is fine. Where the session's edits are not recorded, the
	// working tree's pending changes decide; with neither, the order holds.
	Unless []string `json:"unless,omitempty"`
}

func compileSequence(rule *policy.Rule) (engine.Check, error) {
	var p SequenceParams
	if err := decodeParams(rule.Params, &p); err != nil {
		return nil, err
	}
	if len(p.Then) == 0 {
		return nil, fmt.Errorf("params.then: at least one guarded command form is required")
	}
	if len(p.First) == 0 {
		return nil, fmt.Errorf("params.first: at least one prerequisite command form is required")
	}
	for i := range p.Then {
		if err := p.Then[i].validate("params.then", i); err != nil {
			return nil, err
		}
	}
	for i := range p.First {
		if err := p.First[i].validate("params.first", i); err != nil {
			return nil, err
		}
	}
	for i, g := range p.Changed {
		if strings.TrimSpace(g) == "" {
			return nil, fmt.Errorf("params.changed[%d]: empty glob", i)
		}
		if !doublestar.ValidatePattern(strings.TrimPrefix(g, "/")) {
			return nil, fmt.Errorf("params.changed[%d]: bad glob %q", i, g)
		}
	}
	for i, g := range p.Unless {
		if strings.TrimSpace(g) == "" {
			return nil, fmt.Errorf("params.unless[%d]: empty glob", i)
		}
		if !doublestar.ValidatePattern(strings.TrimPrefix(g, "/")) {
			return nil, fmt.Errorf("params.unless[%d]: bad glob %q", i, g)
		}
	}
	if p.Label == "" {
		p.Label = p.First[0].String()
	}
	return &sequenceCheck{rule: rule, p: p}, nil
}

type sequenceCheck struct {
	rule *policy.Rule
	p    SequenceParams
}

// Programs lists the guarded programs.
func (s *sequenceCheck) Programs() []string { return programsOf(s.p.Then) }

// ProgramSpecs lists the guarded and prerequisite programs as written, for PATH shims.
func (s *sequenceCheck) ProgramSpecs() []string { return specsOf(s.p.Then, s.p.First) }

// PrerequisitePrograms lists the programs whose outcome the rule reads later.
func (s *sequenceCheck) PrerequisitePrograms() []string { return programsOf(s.p.First) }

// Guards reports whether judging argv needs the session's history (it is a guarded
// command).
func (s *sequenceCheck) Guards(argv []string) bool {
	return anyMatches(s.p.Then, parseArgv(argv, nil))
}

// Prerequisite reports whether argv is a prerequisite: its exit status and the state
// of the tree after it must be recorded.
func (s *sequenceCheck) Prerequisite(argv []string) bool {
	return anyMatches(s.p.First, parseArgv(argv, nil))
}

// Fresh reports whether a prerequisite must have run after the latest change.
func (s *sequenceCheck) Fresh() bool { return !s.p.Anytime }

// WantsFile implements engine.FileSelector: it judges commands, no file.
func (s *sequenceCheck) WantsFile(string, string) bool { return false }

func anyMatches(ps []Pattern, c *parsed) bool {
	for i := range ps {
		if ps[i].match(c).m == matches {
			return true
		}
	}
	return false
}

func (s *sequenceCheck) Targets(ev *engine.Evidence) []engine.Target {
	var ts []engine.Target
	for i := range ev.Commands {
		cmd := &ev.Commands[i]
		if cmd.Past || len(cmd.Edit) > 0 || len(cmd.Argv) == 0 || !s.rule.Scope.CoversDir(cmd.Cwd) {
			continue
		}
		p := parsedAt(ev, i)
		for j := range s.p.Then {
			if s.p.Then[j].match(p).m != noMatch {
				ts = append(ts, engine.Target{Kind: engine.TargetCommand, Index: i})
				break
			}
		}
	}
	return ts
}

func (s *sequenceCheck) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	cmd := &ev.Commands[t.Index]
	line := shell.Join(cmd.Argv)
	if r := s.p.Then[0]; anyMay(s.p.Then, parsedAt(ev, t.Index)) && !anyMatches(s.p.Then, parsedAt(ev, t.Index)) {
		return violated(cmd, line, fmt.Sprintf("heed cannot tell whether this is `%s`, which must follow %s: words are computed at run time", r.String(), quote(s.p.Label)),
			"write the command with literal words so heed can check it")
	}
	if len(s.p.Unless) > 0 {
		if only := s.onlyExempt(ev, t.Index, cmd); only != "" {
			return engine.Result{Verdict: engine.Satisfied, Reason: fmt.Sprintf("%s changed only %s, which needs no %s", only, strings.Join(s.p.Unless, ", "), quote(s.p.Label))}
		}
	}
	if len(s.p.Changed) > 0 {
		if res, done := s.changedSince(ev, t.Index, cmd); done {
			return res
		}
	}
	required := map[int]bool{}
	for _, r := range cmd.Requires {
		required[r] = true
	}
	var changedSince string // why a prerequisite found further back does not count
	var unsure string       // a runner target that may run it, but heed cannot tell that it succeeded
	for j := t.Index - 1; j >= 0; j-- {
		prev := &ev.Commands[j]
		if len(prev.Edit) > 0 {
			if !s.p.Anytime && changedSince == "" {
				changedSince = fmt.Sprintf("%s was edited after it", strings.Join(prev.Edit, ", "))
			}
			continue
		}
		if len(prev.Argv) == 0 {
			continue
		}
		name := quote(s.p.Label)
		if s.otherFolders(prev, cmd) {
			// `cd server && npm test`: the server package's tests, not the ones the
			// rule's file names
			if unsure == "" {
				unsure = fmt.Sprintf("; `%s` ran in %s, which runs that folder's own target", shell.Join(prev.Argv), folderName(prev.Cwd))
			}
			continue
		}
		if !anyMatches(s.p.First, parsedAt(ev, j)) {
			// a task runner's target that runs it (`make fix` runs `ruff check`)
			st, ok := runStep(ev, j, s.p.First, s.rule.Scope.Dir)
			if !ok {
				if prev.RunsErr != "" && unsure == "" {
					unsure = fmt.Sprintf("; heed could not read all that `%s` runs: %s", shell.Join(prev.Argv), prev.RunsErr)
				}
				continue
			}
			if !st.Implied {
				if unsure == "" {
					unsure = fmt.Sprintf("; %s, but `%s` can succeed without it (its failure is ignored, or the target may be skipped)", describeStep(prev, st), shell.Join(prev.Argv))
				}
				continue
			}
			if prev.Past && (prev.Exit == nil || *prev.Exit != 0) {
				// a failed target may have failed on another of its commands: it shows
				// nothing about this one, and an earlier run may still count
				if unsure == "" {
					how := "heed has no record that it succeeded"
					if prev.Exit != nil {
						how = fmt.Sprintf("it failed (exit status %d)", *prev.Exit)
					}
					unsure = fmt.Sprintf("; %s, but %s, so heed cannot tell whether %s passed", describeStep(prev, st), how, quote(s.p.Label))
				}
				continue
			}
			name = fmt.Sprintf("%s (through `%s`, %s)", quote(s.p.Label), shell.Join(prev.Argv), st.At)
		}
		// a prerequisite earlier in the same command line. Live, every command not
		// Past is of the line being judged; in an audit no command is Past, and a
		// line's commands share their step's Index and the line
		if !prev.Past && (prev.Index == cmd.Index || prev.Line == cmd.Line) {
			if required[j] {
				return engine.Result{Verdict: engine.Satisfied, Reason: fmt.Sprintf("%s runs first and this command runs only if it succeeds", name)}
			}
			return violated(cmd, line,
				fmt.Sprintf("%s runs earlier in the same command line, but this command runs even if it fails", name),
				fmt.Sprintf("join them with && (%s && %s)", shell.Join(prev.Argv), line))
		}
		if changedSince != "" {
			return violated(cmd, line, fmt.Sprintf("%s ran, but %s", name, changedSince), s.runFirst(line))
		}
		if !s.p.Anytime && prev.State != "" && cmd.State != "" && prev.State != cmd.State {
			return violated(cmd, line, fmt.Sprintf("files changed after the last %s", name), s.runFirst(line))
		}
		if prev.Exit == nil {
			if after := statusHiddenBy(ev, j); after != "" {
				// `cd web && npm test; cd ..`: the line's status was recorded, but it
				// is that of the command after it
				return violated(cmd, line,
					fmt.Sprintf("%s ran, but its exit status is hidden by `%s` after it in the same command line (`%s`)", name, after, prev.Line),
					fmt.Sprintf("run it so that the line's exit status is its own (join the commands with &&, or end the line with it), then %s", line))
			}
			return violated(cmd, line,
				fmt.Sprintf("%s ran, but heed has no record that it succeeded", name),
				s.runFirst(line)+" (with heed's PostToolUse hook or heed exec, so its exit status is recorded)")
		}
		if *prev.Exit != 0 {
			return violated(cmd, line, fmt.Sprintf("the last %s failed (exit status %d)", name, *prev.Exit),
				"fix what it reports and run it again, then "+line)
		}
		return engine.Result{Verdict: engine.Satisfied, Reason: fmt.Sprintf("%s succeeded before", name)}
	}
	return violated(cmd, line, fmt.Sprintf("%s has not run before this command%s", quote(s.p.Label), unsure), s.runFirst(line))
}

// ran reports whether the command at j ran a prerequisite and succeeded: itself, or
// a task runner's target whose success implies the prerequisite's.
func (s *sequenceCheck) ran(ev *engine.Evidence, j int) bool {
	prev := &ev.Commands[j]
	if len(prev.Argv) == 0 || prev.Exit == nil || *prev.Exit != 0 {
		return false
	}
	if anyMatches(s.p.First, parsedAt(ev, j)) {
		return !s.otherFolders(prev, nil)
	}
	st, ok := runStep(ev, j, s.p.First, s.rule.Scope.Dir)
	return ok && st.Implied
}

// otherFolders reports a prerequisite typed as a task runner's target in another
// folder than the guarded command's (cmd, when known) and the rule's instruction
// file's (`cd server && npm test` against the root's "run `npm test` before
// committing"): it runs that folder's target of the same name, as a runner's step
// there does (stepElsewhere). A folder the rule's changes lie in is where its
// commands may run ("after changing `web/`, run `npm test`").
func (s *sequenceCheck) otherFolders(prev, cmd *engine.Command) bool {
	if prev.CwdUnknown || len(prev.Argv) == 0 || !taskrun.IsRunner(prev.Argv[0]) {
		return false
	}
	for _, a := range prev.Argv[1:] {
		name, _, _ := strings.Cut(a, "=")
		switch name {
		case "-C", "--dir", "--prefix", "--cwd", "--directory":
			// `pnpm -C docs run cli-table`: the command names its folder itself, as
			// the rule's may
			return false
		}
	}
	at := sameDir(prev.Cwd)
	if at == sameDir(s.rule.Scope.Dir) || cmd != nil && !cmd.CwdUnknown && at == sameDir(cmd.Cwd) {
		return false
	}
	for _, d := range s.p.In {
		if d = sameDir(d); at == d || strings.HasPrefix(at, d+"/") {
			return false
		}
	}
	for _, g := range s.p.Changed {
		if g = sameDir(g); strings.HasPrefix(g, at+"/") || g == at {
			return false
		}
	}
	return true
}

func (s *sequenceCheck) runFirst(line string) string {
	if s.rule.Suggestion != "" {
		return s.rule.Suggestion
	}
	return fmt.Sprintf("run %s first, then %s", quote(s.p.Label), line)
}

func anyMay(ps []Pattern, c *parsed) bool {
	for i := range ps {
		if ps[i].match(c).m != noMatch {
			return true
		}
	}
	return false
}

func quote(s string) string { return "`" + s + "`" }

// changedSince decides a rule limited to changes of some files: satisfied when the
// session edited none of them since the prerequisite last ran (or at all), and
// inapplicable when the session's edits are not recorded. done is false when such a
// file was edited: the order is then judged as usual.
func (s *sequenceCheck) changedSince(ev *engine.Evidence, at int, cmd *engine.Command) (engine.Result, bool) {
	recorded := false
	for j := 0; j < at; j++ {
		if len(ev.Commands[j].Edit) > 0 {
			recorded = true
		}
	}
	for j := at - 1; j >= 0; j-- {
		prev := &ev.Commands[j]
		if len(prev.Edit) > 0 {
			for _, p := range prev.Edit {
				for _, g := range s.p.Changed {
					if policy.MatchGlob(g, "", p) {
						return engine.Result{}, false
					}
				}
			}
			continue
		}
		if s.ran(ev, j) {
			break
		}
	}
	if !recorded && cmd.Pending != nil {
		// the session's edits are unknown (a shim, an agent without a transcript),
		// but the working tree shows what the command can carry
		for _, p := range cmd.Pending {
			for _, g := range s.p.Changed {
				if policy.MatchGlob(g, "", p) {
					return engine.Result{}, false
				}
			}
		}
		return engine.Result{Verdict: engine.Satisfied, Reason: fmt.Sprintf("the working tree holds no change to %s", strings.Join(s.p.Changed, ", "))}, true
	}
	if !recorded && s.p.ChangedInferred {
		return engine.Result{}, false
	}
	if !recorded {
		return engine.Result{Verdict: engine.Inapplicable, Reason: fmt.Sprintf("heed has no record of the files this session changed, so it cannot tell whether %s must run", quote(s.p.Label))}, true
	}
	return engine.Result{Verdict: engine.Satisfied, Reason: fmt.Sprintf("no change to %s since %s last ran", strings.Join(s.p.Changed, ", "), quote(s.p.Label))}, true
}

// onlyExempt: every file changed since the prerequisite last succeeded matches one of
// the rule's Unless globs ("docs-only changes don't need the test run"): what saw
// the changes ("the session", "the working tree"), "" when some other file changed
// or heed cannot tell what changed.
func (s *sequenceCheck) onlyExempt(ev *engine.Evidence, at int, cmd *engine.Command) string {
	exempt := func(p string) bool {
		for _, g := range s.p.Unless {
			if policy.MatchGlob(g, "", p) {
				return true
			}
		}
		return false
	}
	recorded, seen := false, false
	for j := 0; j < at; j++ {
		if len(ev.Commands[j].Edit) > 0 {
			recorded = true
		}
	}
	if recorded {
		for j := at - 1; j >= 0; j-- {
			prev := &ev.Commands[j]
			if len(prev.Edit) == 0 {
				if s.ran(ev, j) {
					break
				}
				continue
			}
			for _, p := range prev.Edit {
				if !exempt(p) {
					return ""
				}
				seen = true
			}
		}
		if seen {
			return "the session"
		}
		return ""
	}
	if cmd.Pending == nil {
		return ""
	}
	for _, p := range cmd.Pending {
		if !exempt(p) {
			return ""
		}
		seen = true
	}
	if seen {
		return "the working tree"
	}
	return ""
}

// statusHiddenBy: the past command j ran in a line whose exit status was recorded
// (a later command of the line carries it), but after a ";" that makes the status
// another command's: that command, as written; "" when no such command.
func statusHiddenBy(ev *engine.Evidence, j int) string {
	prev := &ev.Commands[j]
	if !prev.Past || prev.Line == "" {
		return ""
	}
	for k := j + 1; k < len(ev.Commands); k++ {
		c := &ev.Commands[k]
		if !c.Past || c.Line != prev.Line {
			break
		}
		if c.Exit != nil && *c.Exit == 0 {
			return shell.Join(c.Argv)
		}
	}
	return ""
}
