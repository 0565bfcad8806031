package process

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/shell"
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

// parsedStep reads a runner step's command as the rules match it.
func parsedStep(ev *engine.Evidence, i, k int) *parsed {
	st := &ev.Commands[i].Runs[k].Command
	parse := func() *parsed {
		p := parseArgv(st.Argv, st.DynamicArgs).withEnv(st)
		p.cwd, p.cwdUnknown, p.root = st.Cwd, st.CwdUnknown, ev.Commands[i].Root
		return p
	}
	v, err := ev.Memo("process.run:"+strconv.Itoa(i)+":"+strconv.Itoa(k), func() (any, error) {
		return parse(), nil
	})
	if err != nil {
		return parse()
	}
	return v.(*parsed)
}

// runStep finds the latest step of the command at i that matches one of ps; implied
// reports whether that step's success follows from the command's. A step whose
// success is implied is preferred to one whose is not.
func runStep(ev *engine.Evidence, i int, ps []Pattern) (step *engine.RunStep, ok bool) {
	cmd := &ev.Commands[i]
	for k := range cmd.Runs {
		st := &cmd.Runs[k]
		if st.Command.Unparsable != "" || len(st.Command.Argv) == 0 {
			continue
		}
		if !anyMatches(ps, parsedStep(ev, i, k)) {
			continue
		}
		if st.Implied {
			return st, true
		}
		if step == nil {
			step = st
		}
	}
	return step, step != nil
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
