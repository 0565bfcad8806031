package enforce

import (
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/rules/process"
)

// cleared is the live index's pre-filter: it reports whether no rule the index
// files under the commands' programs (or under every program) can apply to cmds,
// from the trigger words heed compile wrote (engine.Triggerer), so that the command
// runs without a rule read, compiled or run. It fails closed: anything it cannot
// take word by word says no, and the full path judges. That is a line with no
// command, an empty, unparsable or computed command, a task runner's target whose
// steps were read, a file edit, a program with rules and no trigger entry (an
// index that lacks it, a kind that cannot tell), or one whose rules are always
// judged.
func (x *liveIndex) cleared(cmds []engine.Command) bool {
	if len(cmds) == 0 || x.h.Triggers == nil {
		return false
	}
	for i := range cmds {
		c := &cmds[i]
		if c.Unparsable != "" || c.Dynamic || len(c.DynamicArgs) > 0 || len(c.DynamicEnv) > 0 || len(c.Runs) > 0 || len(c.Edit) > 0 {
			return false
		}
		if len(c.Argv) == 0 {
			return false
		}
		if !x.clearOf("*", c.Argv, len(x.h.Any)) {
			return false
		}
		p := programKey(c.Argv[0])
		if !x.clearOf(p, c.Argv, len(x.h.Programs[p])) {
			return false
		}
	}
	return true
}

// clearOf reports whether none of the n rules filed under program can apply to argv.
func (x *liveIndex) clearOf(program string, argv []string, n int) bool {
	if n == 0 {
		return true
	}
	t := x.h.Triggers[program]
	if t == nil {
		return false
	}
	if program == "*" {
		if len(t.programs) == 0 {
			return false // an index that does not say which programs
		}
		if !process.ProgramMay(t.programs, argv[0]) {
			return true
		}
	}
	if t.always {
		return false
	}
	return !process.MayTrigger(argv[1:], t.words, t.options)
}
