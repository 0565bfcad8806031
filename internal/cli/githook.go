package cli

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/heed-dev/heed/internal/audit"
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/project"
	"github.com/heed-dev/heed/internal/report"
	"github.com/heed-dev/heed/internal/rules/contrib"
)

// Git hooks. `heed hook install git` writes pre-commit (heed check --staged),
// commit-msg (heed hook git commit-msg FILE) and pre-push (heed hook git pre-push)
// into the repository's hooks directory, chaining any hook that was there: the old hook
// is kept as <name>.pre-heed and runs first. `heed hook git EVENT ...` is what the
// hooks call. Like every enforcement point, the hooks fail closed: a broken policy or
// a missing heed binary blocks the commit or push with the reason.

// gitHookEvents are the hooks heed installs, with the heed command each runs.
var gitHookEvents = []struct{ name, run string }{
	{"pre-commit", `"$HEED" check --staged`},
	{"commit-msg", `"$HEED" hook git commit-msg "$1"`},
	{"pre-push", `"$HEED" hook git pre-push "$@"`},
}

// gitHookMarker identifies a hook file heed wrote.
const gitHookMarker = "# heed: managed git hook"

// runGitHook runs `heed hook git EVENT ARGS...` (the switch point of `heed hook`).
func (app *App) runGitHook(args []string) error {
	if len(args) == 0 {
		return Fail("hook git: name the event: commit-msg FILE or pre-push REMOTE URL")
	}
	switch args[0] {
	case "commit-msg":
		if len(args) != 2 {
			return Fail("hook git commit-msg: want the message file (git passes it as the hook's argument)")
		}
		return app.gitCommitMsg(args[1])
	case "pre-push":
		return app.gitPrePush(args[1:])
	case "pre-commit":
		return app.gitPreCommit(args[1:])
	}
	return Fail("hook git: unknown event %q (want pre-commit, commit-msg or pre-push)", args[0])
}

// gitPreCommit is what the pre-commit framework's heed-check hook runs, with the
// files pre-commit chose. pre-commit says nothing else about how it was run, so the
// files tell: the staged files (a commit, or plain `pre-commit run`) mean the staged
// change, checked whole so that rules across files see all of it; a file that is not
// staged means `pre-commit run --all-files` or `--files`, and those files are checked
// whole (--all). `pre-commit run --from-ref A --to-ref B` sets PRE_COMMIT_FROM_REF:
// the change from A. Without files it is `heed check --staged`, as heed's own git
// hook runs it.
func (app *App) gitPreCommit(files []string) error {
	root, err := app.Repo()
	if err != nil {
		return err
	}
	args := []string{"--staged"}
	if from := app.Getenv("PRE_COMMIT_FROM_REF"); from != "" && app.Getenv("PRE_COMMIT_TO_REF") != "" {
		args = append([]string{"--diff", from, "--"}, files...)
	} else if len(files) > 0 {
		out, err := gitOut(root, "diff", "--cached", "--name-only", "-z", "--no-renames")
		if err != nil {
			return Fail("hook git pre-commit: %v", err)
		}
		staged := map[string]bool{}
		for _, f := range strings.Split(out, "\x00") {
			staged[f] = true
		}
		for _, f := range files {
			if !staged[filepath.ToSlash(filepath.Clean(f))] {
				args = append([]string{"--all", "--"}, files...)
				break
			}
		}
	}
	cmd := app.newCheckCmd()
	cmd.SetArgs(args)
	cmd.SetIn(app.Stdin)
	cmd.SetOut(app.Stdout)
	cmd.SetErr(app.Stderr)
	cmd.SilenceErrors, cmd.SilenceUsage = true, true
	return cmd.Execute()
}

// gitCommitMsg judges the message of the commit being made, before it exists.
func (app *App) gitCommitMsg(file string) error {
	root, err := app.Repo()
	if err != nil {
		return blockErr("commit", err)
	}
	raw, err := os.ReadFile(file)
	if err != nil {
		return blockErr("commit", fmt.Errorf("read the commit message: %v", err))
	}
	msg := contrib.CleanupHookMessage(string(raw), gitCommentChar(root))
	p, err := project.Open(root)
	if err != nil {
		return blockErr("commit", err)
	}
	var rules []engine.Compiled
	for _, c := range p.Rules {
		if c.Rule.Kind == contrib.KindCommit {
			rules = append(rules, c)
		}
	}
	if len(rules) == 0 {
		return nil
	}
	parents := 1
	if out, err := gitOut(root, "rev-parse", "-q", "--verify", "MERGE_HEAD"); err == nil && strings.TrimSpace(out) != "" {
		parents = 2 // a merge in progress: message rules leave git's merge message alone
	}
	var staged []string
	if out, err := gitOut(root, "diff", "--cached", "--name-only", "-z"); err == nil {
		for _, f := range strings.Split(out, "\x00") {
			if f != "" {
				staged = append(staged, f)
			}
		}
	}
	ev := &engine.Evidence{Mode: engine.ModeDiff, Changed: staged,
		Commits: []engine.Commit{{Hash: "", Message: strings.TrimRight(msg, "\n"), Parents: parents, Files: staged}}}
	defer ev.Close()
	outcomes := engine.Run(rules, ev, engine.Options{Workers: 1})
	return app.gitVerdicts(outcomes, "commit", strings.SplitN(msg, "\n", 2)[0])
}

// gitPrePush judges what a push sends: for each pushed ref, the commits the remote does
// not have and their diff, with every rule that reads commits or diffs (an audit
// without a trajectory).
func (app *App) gitPrePush(args []string) error {
	root, err := app.Repo()
	if err != nil {
		return blockErr("push", err)
	}
	remote := ""
	if len(args) > 0 {
		remote = args[0]
	}
	p, err := project.Open(root)
	if err != nil {
		return blockErr("push", err)
	}
	var rules []engine.Compiled
	for _, c := range p.Rules {
		if c.Rule.Domain != policy.DomainProcess && c.Rule.Domain != policy.DomainSemantic {
			rules = append(rules, c)
		}
	}
	sc := bufio.NewScanner(app.Stdin)
	blocked := false
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 4 {
			continue
		}
		localRef, localSHA, remoteSHA := f[0], f[1], f[3]
		if strings.Trim(localSHA, "0") == "" {
			continue // deleting a remote ref sends no commit
		}
		base := remoteSHA
		if strings.Trim(remoteSHA, "0") == "" {
			// A new branch: the commits no remote-tracking branch of this remote has.
			base, err = newBranchBase(root, localSHA, remote)
			if err != nil {
				return blockErr("push", err)
			}
			if base == "" {
				continue // nothing new
			}
		}
		rep, err := audit.Run(audit.Options{Repo: root, Base: base, Head: localSHA, Rules: rules, Workers: 1})
		if err != nil {
			return blockErr("push", err)
		}
		if err := app.gitReport(rep, localRef); err != nil {
			blocked = true
		}
	}
	if err := sc.Err(); err != nil {
		return blockErr("push", fmt.Errorf("read the refs git is pushing: %v", err))
	}
	if blocked {
		return Violations()
	}
	return nil
}

// newBranchBase is the parent of the oldest commit of local that the remote's
// branches do not hold; "" when there is no such commit. Without any branch of the
// remote, the whole history is new and the base is the empty tree.
func newBranchBase(root, local, remote string) (string, error) {
	args := []string{"rev-list", "--reverse", local, "--not"}
	if remote != "" {
		args = append(args, "--remotes="+remote)
	} else {
		args = append(args, "--remotes")
	}
	out, err := gitOut(root, args...)
	if err != nil {
		return "", fmt.Errorf("list the commits to push: %v", err)
	}
	commits := strings.Fields(out)
	if len(commits) == 0 {
		return "", nil
	}
	parent, err := gitOut(root, "rev-parse", "-q", "--verify", commits[0]+"^")
	if err != nil || strings.TrimSpace(parent) == "" {
		return emptyTreeHash, nil
	}
	return strings.TrimSpace(parent), nil
}

// emptyTreeHash is git's empty tree: the base of a first push.
const emptyTreeHash = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"

// gitReport prints a pushed ref's violations; an error-severity one returns an error.
func (app *App) gitReport(rep *audit.Report, ref string) error {
	var err error
	for _, rr := range rep.Rules {
		for _, v := range rr.Violations {
			app.printBlocked(v.Finding, "push of "+ref)
			if rr.Severity == policy.SeverityError {
				err = Violations()
			}
		}
	}
	return err
}

// gitVerdicts prints the violations of a hook's run; an error-severity violation blocks.
func (app *App) gitVerdicts(outcomes []engine.Outcome, what, subject string) error {
	blocked := false
	for _, o := range outcomes {
		for _, t := range o.Targets {
			if t.Verdict != engine.Violated {
				continue
			}
			for _, f := range t.Findings {
				rf := report.FromEngine(f, o.Rule, o.Constraint)
				app.printBlocked(rf, what)
				if rf.Severity == policy.SeverityError {
					blocked = true
				}
			}
		}
		if o.Verdict == engine.Undetermined && o.Rule.Severity == policy.SeverityError {
			for _, t := range o.Targets {
				if t.Verdict == engine.Undetermined && strings.HasPrefix(t.Reason, "internal error") {
					// Fail closed: a rule that crashed cannot vouch for the message.
					fmt.Fprintf(app.Stderr, "[heed] BLOCKED: rule %s could not judge the %s: %s\n", o.Rule.ID, what, t.Reason)
					blocked = true
				}
			}
		}
	}
	if blocked {
		fmt.Fprintf(app.Stderr, "[heed] the %s was not made; fix the message and commit again (%q)\n", what, subject)
		return Violations()
	}
	return nil
}

// printBlocked writes a finding in the style of DESIGN.md "Messages".
func (app *App) printBlocked(f report.Finding, what string) {
	head := "BLOCKED"
	if f.Severity != policy.SeverityError {
		head = "WARNING"
	}
	fmt.Fprintf(app.Stderr, "[heed] %s: %s rule violated in the %s\n", head, f.Domain, what)
	loc := f.Instruction.File
	if f.Instruction.Line > 0 {
		loc += fmt.Sprintf(":%d", f.Instruction.Line)
	}
	if len(f.Instruction.HeaderPath) > 0 {
		loc += ", " + strings.Join(f.Instruction.HeaderPath, " > ")
	}
	fmt.Fprintf(app.Stderr, "  Rule: %q (%s)\n", oneLine(f.Instruction.Text), loc)
	if f.File != "" || f.Commit != "" {
		fmt.Fprintf(app.Stderr, "  At: %s\n", f.Location())
	}
	fmt.Fprintf(app.Stderr, "  Found: %s\n", f.Message)
	if f.Snippet != "" {
		fmt.Fprintf(app.Stderr, "    %s\n", oneLine(f.Snippet))
	}
	if f.Suggestion != "" {
		fmt.Fprintf(app.Stderr, "  Instead: %s\n", oneLine(f.Suggestion))
	}
}

// blockErr fails closed: an internal error blocks the commit or push with the reason.
func blockErr(what string, err error) error {
	return &ExitError{Code: ExitViolation, Msg: fmt.Sprintf("hook git: the %s is blocked because heed could not check it: %s", what, oneLine(err.Error()))}
}

func gitOut(root string, args ...string) (string, error) {
	cmd := exec.Command("git", append([]string{"-C", root}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(errb.String()))
	}
	return out.String(), nil
}

// gitCommentChar is core.commentChar ("#" by default; "auto" picks "#" here, as git
// does for a message without "#").
func gitCommentChar(root string) string {
	out, err := gitOut(root, "config", "--get", "core.commentChar")
	c := strings.TrimSpace(out)
	if err != nil || c == "" || c == "auto" {
		return "#"
	}
	return c
}

// installGitHooks writes heed's hooks into the repository's hooks directory, keeping
// (and chaining) the hooks that were there. It reports what it did on w.
func (app *App) installGitHooks(root string, w io.Writer) error {
	out, err := gitOut(root, "rev-parse", "--path-format=absolute", "--git-path", "hooks")
	if err != nil {
		return Fail("hook install git: %s is not a git repository: %v", root, err)
	}
	dir := strings.TrimSpace(out)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Fail("hook install git: %v", err)
	}
	self, err := os.Executable()
	if err != nil {
		return Fail("hook install git: cannot find heed's own path: %v", err)
	}
	if abs, err := filepath.EvalSymlinks(self); err == nil {
		self = abs
	}
	for _, ev := range gitHookEvents {
		path := filepath.Join(dir, ev.name)
		chained := path + ".pre-heed"
		old, err := os.ReadFile(path)
		switch {
		case err == nil && bytes.Contains(old, []byte(gitHookMarker)):
			// Ours: rewrite it (heed may have moved).
		case err == nil:
			if _, err := os.Stat(chained); err == nil {
				return Fail("hook install git: %s exists and is not heed's, and %s is taken too; move one of them away first", path, chained)
			}
			if err := os.Rename(path, chained); err != nil {
				return Fail("hook install git: keep the existing %s hook: %v", ev.name, err)
			}
			fmt.Fprintf(w, "kept the existing %s hook as %s (it runs first)\n", ev.name, filepath.Base(chained))
		case os.IsNotExist(err):
		default:
			return Fail("hook install git: read %s: %v", path, err)
		}
		tmp := path + ".heed-tmp"
		if err := os.WriteFile(tmp, []byte(gitHookScript(ev.name, ev.run, self)), 0o755); err != nil {
			return Fail("hook install git: %v", err)
		}
		if err := os.Rename(tmp, path); err != nil {
			os.Remove(tmp)
			return Fail("hook install git: %v", err)
		}
		fmt.Fprintf(w, "installed %s\n", path)
	}
	return nil
}

// gitHookScript is one hook: run the chained hook (with the same arguments and
// standard input), then heed. It fails closed when heed cannot be found.
func gitHookScript(name, run, heed string) string {
	q := "'" + strings.ReplaceAll(heed, "'", `'\''`) + "'"
	var b strings.Builder
	b.WriteString("#!/bin/sh\n")
	b.WriteString(gitHookMarker + " (heed hook install git). The hook that was here before, if any,\n")
	b.WriteString("# is " + name + ".pre-heed and runs first. Remove this file to stop heed's checks.\n")
	fmt.Fprintf(&b, "HEED=%s\n", q)
	b.WriteString("[ -x \"$HEED\" ] || HEED=$(command -v heed) || {\n")
	fmt.Fprintf(&b, "\techo \"heed: %s hook: the heed binary is gone ($HEED); blocked. Reinstall with: heed hook install git\" >&2\n", name)
	b.WriteString("\texit 1\n}\n")
	b.WriteString("chained=\"$(dirname \"$0\")/" + name + ".pre-heed\"\n")
	if name == "pre-push" {
		// Both hooks read the refs on standard input.
		b.WriteString("input=$(cat)\n")
		b.WriteString("if [ -x \"$chained\" ]; then printf '%s\\n' \"$input\" | \"$chained\" \"$@\" || exit $?; fi\n")
		b.WriteString("printf '%s\\n' \"$input\" | " + run + "\n")
		return b.String()
	}
	b.WriteString("if [ -x \"$chained\" ]; then \"$chained\" \"$@\" || exit $?; fi\n")
	b.WriteString("exec " + run + "\n")
	return b.String()
}
