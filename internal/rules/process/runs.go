package process

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/shell"
	"github.com/heed-dev/heed/internal/taskrun"
)

// Task runners. An agent told to run `ruff check` and `pytest` before committing
// often runs the project's `make check` instead; the evidence builder reads what such
// a target runs (engine.Command.Runs, internal/taskrun) and the rules read it so:
//
//   - an ordering rule counts a runner target whose recipe runs the prerequisite,
//     with the prerequisite's own arguments as the rule requires them, when the
//     runner's success implies the step's (not `-ruff check`, not `pytest || true`);
//   - a command rule warns about a target that runs a forbidden action (`make
//     deploy` runs `terraform apply`), naming the target and the line; it blocks only
//     when the rule says the forbidden effect is banned however it is reached
//     (CommandParams.Indirect). A rule that asks for another tool (Via: "use pnpm,
//     not npm"), bans a combination or a folder, a whole program, or a spelling
//     (without `--dry-run`) is about what the agent types: the project's own recipes
//     are not the agent's choice (effectForm).

// runsKey names the expansion of the command at i: a session's many `make check`
// share one (taskrun.Reader.Attach), so what is read of it is read once.
func runsKey(ev *engine.Evidence, i int) string {
	return fmt.Sprintf("%p\x00%s", &ev.Commands[i].Runs[0], ev.Commands[i].Root)
}

// parsedStep reads a runner step's command as the rules match it.
func parsedStep(ev *engine.Evidence, i, k int) *parsed {
	st := &ev.Commands[i].Runs[k].Command
	parse := func() *parsed {
		p := parseArgv(st.Argv, st.DynamicArgs).withEnv(st)
		p.cwd, p.cwdUnknown, p.root = st.Cwd, st.CwdUnknown, ev.Commands[i].Root
		return p
	}
	v, err := ev.Memo("process.run:"+runsKey(ev, i)+"\x00"+strconv.Itoa(k), func() (any, error) {
		return parse(), nil
	})
	if err != nil {
		return parse()
	}
	return v.(*parsed)
}

// runStep finds a step of the command at i that matches one of ps, preferring one
// whose success the command's implies (Implied). dir is the folder of the rule's
// instruction file: a step that calls a task runner elsewhere runs another folder's
// target (stepElsewhere).
func runStep(ev *engine.Evidence, i int, ps []Pattern, dir string) (*engine.RunStep, bool) {
	cmd := &ev.Commands[i]
	if len(cmd.Runs) == 0 || len(ps) == 0 {
		return nil, false
	}
	find := func() int {
		best := -1
		for k := range cmd.Runs {
			st := &cmd.Runs[k]
			if st.Command.Unparsable != "" || len(st.Command.Argv) == 0 {
				continue
			}
			if stepElsewhere(cmd, st, dir) || !anyMatches(ps, parsedStep(ev, i, k)) {
				continue
			}
			if st.Implied {
				return k
			}
			if best < 0 {
				best = k
			}
		}
		return best
	}
	v, err := ev.Memo(fmt.Sprintf("process.runstep:%p:%s:%s", &ps[0], dir, runsKey(ev, i)), func() (any, error) { return find(), nil })
	k := -1
	if err == nil {
		k = v.(int)
	} else {
		k = find()
	}
	if k < 0 {
		return nil, false
	}
	return &cmd.Runs[k], true
}

// describeStep words a step for messages: "`make fix` runs `ruff check .`
// (Makefile:12)".
func describeStep(cmd *engine.Command, st *engine.RunStep) string {
	where := st.At
	if t := st.Target; t != "" && !strings.Contains(t, " > ") {
		where += ", target " + t
	} else if t != "" {
		where += ", via " + t
	}
	return fmt.Sprintf("`%s` runs `%s` (%s)", shell.Join(cmd.Argv), shell.Join(st.Command.Argv), where)
}

// stepElsewhere reports a step of a task runner's target that runs another folder's
// target (`"test:server": "cd server && npm test"`), not the one of the same name the
// rule names: `npm test` in `server/` is the server package's tests, not the
// repository's whole suite, and the commands that target runs in `server/` are its
// too. A step counts where it runs in the folder of the command that ran it or of
// the rule's instruction file; a program that is no runner, run elsewhere by the
// target itself (`cd server && go test ./...`), is the same program wherever it runs.
func stepElsewhere(cmd *engine.Command, st *engine.RunStep, dir string) bool {
	c := &st.Command
	if c.CwdUnknown || cmd.CwdUnknown || len(c.Argv) == 0 {
		return false
	}
	at := sameDir(c.Cwd)
	if at == sameDir(cmd.Cwd) || at == sameDir(dir) {
		return false
	}
	if taskrun.IsRunner(c.Argv[0]) {
		return true
	}
	for k := range cmd.Runs {
		o := &cmd.Runs[k].Command
		if !o.CwdUnknown && len(o.Argv) > 0 && sameDir(o.Cwd) == at && taskrun.IsRunner(o.Argv[0]) {
			return true // a step of that folder's own target
		}
	}
	return false
}

// sameDir is a repository-relative folder in one spelling: "" for the root.
func sameDir(d string) string {
	d = strings.Trim(strings.TrimPrefix(d, "./"), "/")
	if d == "." {
		return ""
	}
	return d
}
