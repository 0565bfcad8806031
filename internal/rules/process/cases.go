package process

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/shell"
)

// History conventions of process cases: an entry is an earlier command (argv) of the
// session that succeeded, unless it starts with one of these markers.
const (
	// HistoryEdit marks an agent's file edit: ["heed:edit", "src/a.py"].
	HistoryEdit = "heed:edit"
	// HistoryExit sets the exit status of the command that follows:
	// ["heed:exit=1", "make", "lint"]; "heed:exit=?" records it as unknown.
	HistoryExit = "heed:exit="
)

// CaseEvidence builds the evidence of a process case the way live enforcement does:
// history as earlier commands of the session, then the case's argv (with its wrappers
// unwrapped, as heed exec does) or shell line (parsed, as an agent hook does).
func CaseEvidence(c policy.Case) (*engine.Evidence, error) {
	ev := &engine.Evidence{Mode: engine.ModeAll}
	for i, h := range c.History {
		cmd, err := historyEntry(h, c.Cwd)
		if err != nil {
			return nil, fmt.Errorf("history[%d]: %w", i, err)
		}
		ev.Commands = append(ev.Commands, Past(cmd, i)...)
	}
	opt := shell.Options{Cwd: c.Cwd, Base: len(ev.Commands), Index: len(ev.Commands)}
	switch {
	case c.Shell != "" && len(c.Argv) > 0:
		return nil, fmt.Errorf("a process case has either argv or shell, not both")
	case c.Shell != "":
		ev.Commands = append(ev.Commands, shell.Parse(c.Shell, opt)...)
	case len(c.Argv) > 0:
		ev.Commands = append(ev.Commands, shell.FromArgv(c.Argv, opt)...)
	}
	return ev, nil
}

// Past expands an earlier command of the session into the commands it ran (the
// wrapped command of `sudo make lint` is `make lint`), all marked as context with the
// command's exit status, tree state and session position.
func Past(c engine.Command, index int) []engine.Command {
	if len(c.Argv) == 0 {
		c.Past, c.Index = true, index
		return []engine.Command{c}
	}
	out := shell.FromArgv(c.Argv, shell.Options{Cwd: c.Cwd, Index: index})
	for i := range out {
		out[i].Past = true
		out[i].Exit = c.Exit
		out[i].State = c.State
		out[i].Requires = nil
		out[i].Line = c.Line
	}
	return out
}

func historyEntry(h []string, cwd string) (engine.Command, error) {
	if len(h) == 0 {
		return engine.Command{}, fmt.Errorf("empty entry")
	}
	if h[0] == HistoryEdit {
		if len(h) == 1 {
			return engine.Command{}, fmt.Errorf("%s needs the edited paths", HistoryEdit)
		}
		return engine.Command{Edit: h[1:], Cwd: cwd, Past: true}, nil
	}
	zero := 0
	exit := &zero
	if v, ok := strings.CutPrefix(h[0], HistoryExit); ok {
		h = h[1:]
		if v == "?" {
			exit = nil
		} else {
			n, err := strconv.Atoi(v)
			if err != nil {
				return engine.Command{}, fmt.Errorf("%s%s: not an exit status", HistoryExit, v)
			}
			exit = &n
		}
		if len(h) == 0 {
			return engine.Command{}, fmt.Errorf("%s needs a command after it", HistoryExit)
		}
	}
	return engine.Command{Argv: h, Cwd: cwd, Exit: exit, Past: true}, nil
}
