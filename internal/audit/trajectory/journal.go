package trajectory

import (
	"fmt"
	"strings"
)

// parseJournal reads heed's own .heed/journal.jsonl (internal/enforce): one record per
// command heed checked through `heed exec`, a PATH shim or an agent hook
// ({"t", "id", "src", "session", "argv" and/or "line", "cwd" relative to the
// repository, "verdict": allowed|warned|blocked}); an outcome record with the same
// "id" and the "exit" status the agent or the shim reported; and edit records
// ({"edit": [paths]}) for the files a tool changed. A blocked command did not run.
func parseJournal(data []byte) (*Trajectory, error) { return readJournal(dataLines(data)) }

// readJournal is parseJournal over lines read one at a time (Read).
func readJournal(next func() ([]byte, bool)) (*Trajectory, error) {
	t := &Trajectory{}
	var lineWarnings []string
	read := false
	byID := map[string]int{}
	for r := range records(next, t, &lineWarnings) {
		read = true
		m := r.m
		id := str(m, "id")
		exit, hasExit := intOf(m["exit"])
		line := str(m, "line", "command")
		var argv []string
		for _, a := range list(m, "argv") {
			if s, ok := a.(string); ok {
				argv = append(argv, s)
			}
		}
		if line == "" && len(argv) > 0 {
			line = joinArgv(argv)
		}
		when := str(m, "t", "time", "timestamp")
		src := str(m, "src", "via", "source")
		switch {
		case len(list(m, "edit")) > 0:
			for _, p := range list(m, "edit") {
				if s, ok := p.(string); ok {
					t.Steps = append(t.Steps, Step{Kind: KindEdit, Tool: src, Path: s, Time: when, Record: r.line})
				}
			}
		case line != "":
			s := Step{Kind: KindCommand, Tool: src, Command: line, Cwd: str(m, "cwd"), Time: when, Record: r.line}
			switch strings.ToLower(str(m, "verdict", "decision")) {
			case "blocked", "block", "deny", "denied":
				s.Denied = true
			}
			if hasExit {
				s.Exit = intPtr(exit)
			}
			t.Steps = append(t.Steps, s)
			if id != "" {
				byID[id] = len(t.Steps) - 1
			}
		case hasExit && id != "":
			i, ok := byID[id]
			if !ok {
				t.Warnings = append(t.Warnings, fmt.Sprintf("line %d: the outcome of command %q, which is not in the journal (rotated away?)", r.line, id))
				continue
			}
			t.Steps[i].Exit = intPtr(exit)
		default:
			t.Warnings = append(t.Warnings, fmt.Sprintf("line %d: a record with neither a command, an outcome nor an edit; skipped", r.line))
		}
	}
	if !read {
		return nil, fmt.Errorf("no readable record in the journal")
	}
	t.Warnings = append(lineWarnings, t.Warnings...)
	return t, nil
}
