package trajectory

import (
	"fmt"
	"strings"
)

// parseJournal reads heed's own .heed/journal.jsonl: one record per command heed
// checked (through `heed exec`, a PATH shim or an agent hook), with the command as
// argv and/or shell line, its directory, heed's decision and, when the agent or the
// shim reported it, the exit status. A denied command did not run.
func parseJournal(data []byte) (*Trajectory, error) {
	t := &Trajectory{}
	recs := jsonLines(data, t)
	if len(recs) == 0 {
		return nil, fmt.Errorf("no readable record in the journal")
	}
	for _, r := range recs {
		m := r.m
		line := str(m, "line", "command")
		if line == "" {
			var argv []string
			for _, a := range list(m, "argv") {
				if s, ok := a.(string); ok {
					argv = append(argv, s)
				}
			}
			line = joinArgv(argv)
		}
		s := Step{Tool: str(m, "via", "source", "tool"), Cwd: str(m, "cwd"), Time: str(m, "time", "ts", "timestamp"), Record: r.line}
		switch str(m, "kind", "type") {
		case "write", "edit", "file":
			s.Kind = KindWrite
			s.Path = str(m, "path", "file")
			if c, ok := m["content"].(string); ok {
				s.Content = &c
			} else {
				s.Kind = KindEdit
			}
		default:
			if strings.TrimSpace(line) == "" {
				t.Warnings = append(t.Warnings, fmt.Sprintf("line %d: a record without a command; skipped", r.line))
				continue
			}
			s.Kind = KindCommand
			s.Command = line
		}
		switch strings.ToLower(str(m, "decision", "verdict")) {
		case "deny", "denied", "block", "blocked":
			s.Denied = true
		}
		for _, k := range []string{"exit", "exit_code", "status"} {
			if n, ok := intOf(m[k]); ok {
				s.Exit = intPtr(n)
				break
			}
		}
		t.Steps = append(t.Steps, s)
	}
	return t, nil
}
