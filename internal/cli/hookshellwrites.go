package cli

import (
	"bytes"
	"fmt"

	"github.com/heed-dev/heed/internal/check"
	"github.com/heed-dev/heed/internal/enforce"
	"github.com/heed-dev/heed/internal/policy"
)

// judgeShellWrites adds, to an allowed pre-tool answer about a shell command, the
// verdict of the rules that guard which files may be written ("Never edit
// `Localizable.strings`") on the files the command writes itself: `sed -i`, `>>`,
// `tee`, `cp`, `mv`, `rm` (enforce.WrittenPaths). A Write of the file was judged
// already; the same edit through the shell went through. An error-severity finding
// denies the command, a warning rides along.
func (app *App) judgeShellWrites(ev *enforce.HookEvent, res enforce.HookResult, projects *projectOnce) enforce.HookResult {
	if res.Deny || ev == nil || ev.Phase != enforce.PhasePre || ev.Line == "" && len(ev.Argv) == 0 {
		return res
	}
	root, ok := enforce.FindRoot(ev.Cwd)
	if !ok {
		return res
	}
	paths := enforce.WrittenPaths(root, ev.Cwd, ev.Line, ev.Argv)
	if len(paths) == 0 {
		return res
	}
	p, err := projects.open(root)
	if err != nil {
		return enforce.HookResult{Deny: true, Reason: "[heed] BLOCKED: heed could not check the files this command writes, so it does not run\n  Reason: " + oneLine(err.Error()) + "\n"}
	}
	var deny, warn bytes.Buffer
	for _, f := range check.GuardedShellWrites(p, paths) {
		b, verdict := &warn, "WARNING"
		if f.Severity == policy.SeverityError {
			b, verdict = &deny, "BLOCKED"
		}
		fmt.Fprintf(b, "[heed] %s: the command writes %s\n  Rule: %q (%s:%d)\n  Found: %s\n", verdict, f.File, f.Instruction.Text, f.Instruction.File, f.Instruction.Line, f.Message)
		if f.Suggestion != "" {
			fmt.Fprintf(b, "  Instead: %s\n", f.Suggestion)
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
