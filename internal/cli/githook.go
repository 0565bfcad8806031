package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/heed-dev/heed/internal/enforce"
	"github.com/heed-dev/heed/internal/githook"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/report"
)

// Git hooks (internal/githook). `heed hook install git` writes pre-commit, commit-msg
// and pre-push into the repository's hooks directory; `heed hook git EVENT ...` is what
// those hooks call. Like every enforcement point, the hooks fail closed: a broken
// policy or a missing heed binary blocks the commit or push with the reason.

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

// gitPreCommit is what the pre-commit framework's heed-check hook runs: heed check,
// with the arguments githook.PreCommitArgs picks from the files pre-commit passes.
func (app *App) gitPreCommit(files []string) error {
	root, err := app.Repo()
	if err != nil {
		return err
	}
	args, err := githook.PreCommitArgs(root, files, app.Getenv)
	if err != nil {
		return Fail("hook git pre-commit: %v", err)
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
	v, subject, err := githook.CommitMsg(root, file)
	if err != nil {
		return blockErr("commit", err)
	}
	app.printNotices(v.Notices, "commit")
	if v.Blocked {
		fmt.Fprintf(app.Stderr, "[heed] the commit was not made; fix the message and commit again (%q)\n", subject)
		return Violations()
	}
	return nil
}

// gitPrePush judges what a push sends (git passes the remote's name and URL, and the
// refs on standard input).
func (app *App) gitPrePush(args []string) error {
	root, err := app.Repo()
	if err != nil {
		return blockErr("push", err)
	}
	remote := ""
	if len(args) > 0 {
		remote = args[0]
	}
	pushed, err := githook.PrePush(root, remote, app.Stdin)
	blocked := false
	for _, p := range pushed {
		app.printNotices(p.Notices, "push of "+p.Ref)
		blocked = blocked || p.Blocked
	}
	if err != nil {
		return blockErr("push", err)
	}
	if blocked {
		return Violations()
	}
	return nil
}

// printNotices writes what a hook found, in the style of DESIGN.md "Messages".
func (app *App) printNotices(ns []githook.Notice, what string) {
	for _, n := range ns {
		if n.Crashed != "" {
			fmt.Fprintf(app.Stderr, "[heed] BLOCKED: rule %s could not judge the %s: %s\n", n.Crashed, what, n.Reason)
			continue
		}
		app.printBlocked(n.Finding, what)
	}
}

// printBlocked writes a finding in the style of DESIGN.md "Messages".
func (app *App) printBlocked(f report.Finding, what string) {
	writeFinding(app.Stderr, f, what)
}

// writeFinding writes a finding of a hook on w, in the style of DESIGN.md "Messages".
func writeFinding(w io.Writer, f report.Finding, what string) {
	head := "BLOCKED"
	if f.Severity != policy.SeverityError {
		head = "WARNING"
	}
	fmt.Fprintf(w, "[heed] %s: %s rule violated in the %s\n", head, f.Domain, what)
	loc := f.Instruction.File
	if f.Instruction.Line > 0 {
		loc += fmt.Sprintf(":%d", f.Instruction.Line)
	}
	if len(f.Instruction.HeaderPath) > 0 {
		loc += ", " + strings.Join(f.Instruction.HeaderPath, " > ")
	}
	fmt.Fprintf(w, "  Rule: %q (%s)\n", oneLine(f.Instruction.Text), loc)
	if f.File != "" || f.Commit != "" {
		fmt.Fprintf(w, "  At: %s\n", f.Location())
	}
	fmt.Fprintf(w, "  Found: %s\n", f.Message)
	if f.Snippet != "" {
		fmt.Fprintf(w, "    %s\n", oneLine(f.Snippet))
	}
	if f.Suggestion != "" {
		fmt.Fprintf(w, "  Instead: %s\n", oneLine(f.Suggestion))
	}
}

// blockErr fails closed: an internal error blocks the commit or push with the reason.
func blockErr(what string, err error) error {
	return &ExitError{Code: ExitViolation, Msg: fmt.Sprintf("hook git: the %s is blocked because heed could not check it: %s", what, oneLine(err.Error()))}
}

// installGitHooks writes heed's hooks into the repository's hooks directory, keeping
// (and chaining) the hooks that were there. It reports what it did on w.
func (app *App) installGitHooks(root string, w io.Writer) error {
	self, err := enforce.Self()
	if err != nil {
		return Fail("hook install git: %v", err)
	}
	done, err := githook.Install(root, self)
	for _, in := range done {
		if in.Kept != "" {
			fmt.Fprintf(w, "kept the existing %s hook as %s (it runs first)\n", in.Name, in.Kept)
		}
		if !in.Failed {
			fmt.Fprintf(w, "installed %s\n", in.Path)
		}
	}
	if err != nil {
		return Fail("hook install git: %v", err)
	}
	return nil
}
