package cli

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/enforce"
	"github.com/heed-dev/heed/internal/githook"
)

// The commit messages an agent gives on a `git commit` command line are judged in its
// hook, before the command runs, with the code of heed's commit-msg git hook
// (githook.CommitMessage): an agent whose repository has no heed git hooks installed
// would otherwise commit a message the instruction files forbid. Messages git takes
// from an editor, from another commit (-C, -c, --fixup, --squash, --amend without
// -m) or from a file heed cannot read safely are left to the commit-msg hook. This
// lives in the full binary only: heed-shim links no English and no contribution
// rules.

// maxCommitReason bounds what the hook says about the commits of one command.
const maxCommitReason = 8000

// judgeCommitMessages adds, to an allowed pre-tool answer about a shell command, the
// verdict of the project's commit rules on the messages of the `git commit` commands
// it runs: an error-severity violation denies the command, a warning rides along as
// context. Commands that run no `git commit` cost a substring test: no rule is loaded.
func (app *App) judgeCommitMessages(ev *enforce.HookEvent, res enforce.HookResult, projects *projectOnce) enforce.HookResult {
	root, ok := gitCommandRoot(ev, res, "commit")
	if !ok {
		return res
	}
	msgs := githook.CommandMessages(root, ev.Cwd, ev.Line, ev.Argv)
	if len(msgs) == 0 {
		return res
	}
	var deny, warn bytes.Buffer
	for _, raw := range msgs {
		v, subject, err := githook.CommitMessageWith(projects.open, root, raw)
		if err != nil {
			return enforce.HookResult{Deny: true, Reason: "[heed] BLOCKED: heed could not check the message of this commit, so it does not run\n  Reason: " + oneLine(err.Error()) + "\n"}
		}
		var blocked, warned bytes.Buffer
		for _, n := range v.Notices {
			switch {
			case n.Crashed != "":
				fmt.Fprintf(&blocked, "[heed] BLOCKED: rule %s could not judge the commit message: %s\n", n.Crashed, n.Reason)
			case v.Blocked:
				writeFinding(&blocked, n.Finding, "commit message")
			default:
				writeFinding(&warned, n.Finding, "commit message")
			}
		}
		if v.Blocked {
			deny.Write(blocked.Bytes())
			fmt.Fprintf(&deny, "[heed] the commit %q was not made: give a message that follows the rule and run the commit again\n", subject)
		} else {
			warn.Write(warned.Bytes())
		}
	}
	if deny.Len() > 0 {
		return enforce.HookResult{Deny: true, Reason: bounded(deny.String())}
	}
	if warn.Len() > 0 {
		res.Context = joinLines(res.Context, bounded(warn.String()))
	}
	return res
}

// judgeCommitPaths adds, to an allowed pre-tool answer about a shell command, the
// verdict of the project's rules about which paths a commit may hold ("do not commit
// `.env`") on what the command's `git add` and `git commit` would put in the commit
// (githook.CommitCommand): an error-severity violation denies the command, a warning
// rides along as context.
func (app *App) judgeCommitPaths(ev *enforce.HookEvent, res enforce.HookResult, projects *projectOnce) enforce.HookResult {
	root, ok := gitCommandRoot(ev, res, "add", "commit", "stage")
	if !ok {
		return res
	}
	v, err := githook.CommitCommand(projects.open, root, ev.Cwd, ev.Line, ev.Argv)
	if err != nil {
		return enforce.HookResult{Deny: true, Reason: "[heed] BLOCKED: heed could not tell what this command would commit, so it does not run\n  Reason: " + oneLine(err.Error()) + "\n"}
	}
	if v == nil {
		return res
	}
	var b bytes.Buffer
	for _, n := range v.Notices {
		if n.Crashed != "" {
			fmt.Fprintf(&b, "[heed] BLOCKED: rule %s could not judge what the command commits: %s\n", n.Crashed, n.Reason)
			continue
		}
		writeFinding(&b, n.Finding, "commit")
	}
	if b.Len() == 0 {
		return res
	}
	if v.Blocked {
		b.WriteString("[heed] the command did not run: leave those paths out of the commit (unstage them with `git restore --staged PATH`)\n")
		return enforce.HookResult{Deny: true, Reason: bounded(b.String())}
	}
	res.Context = joinLines(res.Context, bounded(b.String()))
	return res
}

// gitCommandRoot is the repository of an allowed pre-tool shell command that may run
// git with one of the subcommands (a substring test: other commands load nothing);
// ok is false for any other answer or command.
func gitCommandRoot(ev *enforce.HookEvent, res enforce.HookResult, subcommands ...string) (string, bool) {
	if res.Deny || ev == nil || ev.Phase != enforce.PhasePre {
		return "", false
	}
	text := ev.Line
	if text == "" {
		text = strings.Join(ev.Argv, " ")
	}
	if !strings.Contains(text, "git") || !slices.ContainsFunc(subcommands, func(s string) bool { return strings.Contains(text, s) }) {
		return "", false
	}
	return enforce.FindRoot(ev.Cwd)
}

// bounded cuts s at a line boundary under maxCommitReason.
func bounded(s string) string {
	if len(s) <= maxCommitReason {
		return s
	}
	cut := strings.LastIndexByte(s[:maxCommitReason], '\n')
	if cut < 0 {
		cut = maxCommitReason
	}
	return s[:cut+1] + "[heed] (more: run the commit with heed's git hooks installed, `heed hook install git`)\n"
}

func joinLines(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return strings.TrimRight(a, "\n") + "\n" + b
}
