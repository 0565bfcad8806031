package trajectory

import (
	"fmt"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// parseClaude reads a Claude Code transcript (~/.claude/projects/<dir>/<session>.jsonl):
// one JSON record per line; assistant records carry tool_use blocks (Bash commands,
// Write/Edit/MultiEdit calls) and later user records carry the matching tool_result
// blocks, linked by the tool_use id. Sub-agent records (isSidechain) are the same
// session's work and are kept.
func parseClaude(data []byte) (*Trajectory, error) { return readClaude(dataLines(data)) }

// readClaude is parseClaude over lines read one at a time (Read).
func readClaude(next func() ([]byte, bool)) (*Trajectory, error) {
	t := &Trajectory{}
	var lineWarnings []string
	read := false
	byID := map[string]int{}    // tool_use id -> step
	called := map[string]bool{} // every tool_use id, steps or not (Read, Grep...)
	var lastText string
	prStep := -1
	nrec := 0
	sawBranch := false
	for r := range records(next, t, &lineWarnings) {
		read = true
		nrec++
		typ := str(r.m, "type")
		msg := obj(r.m, "message")
		if t.Cwd == "" {
			t.Cwd = str(r.m, "cwd")
		}
		if !sawBranch {
			// the branch of the first record that records one: later records show the
			// branch the session moved to, not the one it started on
			if b := str(r.m, "gitBranch"); b != "" {
				sawBranch = true
				if b != "HEAD" {
					t.StartBranch = b
				}
			}
		}
		switch typ {
		case "assistant":
			if t.Model == "" && msg != nil {
				t.Model = str(msg, "model")
			}
			for _, b := range list(msg, "content") {
				blk, _ := b.(map[string]any)
				if blk == nil {
					continue
				}
				switch str(blk, "type") {
				case "text":
					if s := str(blk, "text"); strings.Contains(s, prMarker) {
						lastText, prStep = s, len(t.Steps)
					}
				case "tool_use":
					called[str(blk, "id")] = true
					step, ok := claudeStep(blk, str(r.m, "cwd"))
					if !ok {
						continue
					}
					step.Time = str(r.m, "timestamp")
					step.Record = r.line
					t.Steps = append(t.Steps, step)
					if id := str(blk, "id"); id != "" {
						byID[id] = len(t.Steps) - 1
					}
				}
			}
		case "user":
			content, _ := msg["content"].([]any)
			for _, b := range content {
				blk, _ := b.(map[string]any)
				if blk == nil || str(blk, "type") != "tool_result" {
					continue
				}
				id := str(blk, "tool_use_id")
				i, ok := byID[id]
				if !ok && called[id] {
					continue // the result of a tool that neither runs nor writes
				}
				if !ok {
					t.Warnings = append(t.Warnings, fmt.Sprintf("line %d: a tool result for %q, whose call is not in the transcript", r.line, id))
					continue
				}
				claudeResult(&t.Steps[i], blk, r.m["toolUseResult"])
			}
		}
	}
	t.PR = prFrom(lastText)
	if t.PR != "" && prStep >= 0 {
		t.PRStep = intPtr(prStep)
	}
	if !read {
		return nil, fmt.Errorf("no readable record in the transcript")
	}
	if len(t.Steps) == 0 && len(called) == 0 && t.Model == "" {
		// Not one assistant message with a model or a tool call: records of another
		// agent's format, read as Claude Code's, judge nothing. Say so.
		t.Warnings = append(t.Warnings, fmt.Sprintf("%d record(s) read, none a Claude Code message with a model or a tool call: is this a Claude Code transcript? (--agent names the format)", nrec))
	}
	t.Warnings = append(lineWarnings, t.Warnings...)
	return t, nil
}

// claudeStep turns a tool_use block into a step; tools that neither run commands nor
// change files (Read, Grep, WebFetch, ...) are not steps.
func claudeStep(blk map[string]any, cwd string) (Step, bool) {
	name := str(blk, "name")
	in := obj(blk, "input")
	if in == nil {
		in = map[string]any{}
	}
	s := Step{Tool: name, Cwd: cwd}
	switch name {
	case "Bash", "PowerShell":
		s.Kind = KindCommand
		s.Command = str(in, "command")
	case "Write":
		s.Kind = KindWrite
		s.Path = str(in, "file_path")
		c := str(in, "content")
		s.Content = &c
	case "Edit":
		s.Kind = KindEdit
		s.Path = str(in, "file_path")
		all, _ := in["replace_all"].(bool)
		s.Edits = []Edit{{Old: str(in, "old_string"), New: str(in, "new_string"), All: all}}
	case "MultiEdit":
		s.Kind = KindEdit
		s.Path = str(in, "file_path")
		for _, e := range list(in, "edits") {
			em, _ := e.(map[string]any)
			if em == nil {
				continue
			}
			all, _ := em["replace_all"].(bool)
			s.Edits = append(s.Edits, Edit{Old: str(em, "old_string"), New: str(em, "new_string"), All: all})
		}
	case "NotebookEdit":
		s.Kind = KindEdit
		s.Path = str(in, "notebook_path")
	default:
		return Step{}, false
	}
	return s, true
}

var exitCodeRE = lazyre.New(`^(?:Error: )?Exit code (-?[0-9]+)`)

// refusedRE matches the results Claude Code writes when a call did not run: the user
// or a hook refused it, or the tool rejected its input.
var refusedRE = lazyre.New(`(?i)doesn't want to proceed|tool use was rejected|permission to use \w+ has been denied|hook (error|blocked|denied)|blocked by (a )?(pre\w*use )?hook|^<tool_use_error>|PreToolUse:\w+ hook`)

func claudeResult(s *Step, blk map[string]any, extra any) {
	content := textOf(blk["content"])
	isErr, _ := blk["is_error"].(bool)
	if ex, ok := extra.(map[string]any); ok && content == "" {
		content = strings.TrimSpace(str(ex, "stdout") + "\n" + str(ex, "stderr"))
	}
	if s.Kind == KindCommand {
		s.Output = capOutput(content)
	}
	switch {
	case isErr && refusedRE.MatchString(content):
		s.Denied = true
	case isErr:
		if m := exitCodeRE.FindStringSubmatch(content); m != nil {
			var n int
			fmt.Sscanf(m[1], "%d", &n)
			s.Exit = intPtr(n)
		} else if s.Kind != KindCommand {
			// A write or edit that failed did not change the file.
			s.Denied = true
		}
	default:
		if ex, ok := extra.(map[string]any); ok {
			if intr, _ := ex["interrupted"].(bool); intr {
				return // stopped: no status
			}
		}
		if s.Kind == KindCommand {
			s.Exit = intPtr(0)
		}
	}
}
