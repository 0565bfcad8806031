package trajectory

import (
	"fmt"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// parseGemini reads a Gemini CLI chat (~/.gemini/tmp/<project>/chats/): either a whole
// session, {"sessionId", "startTime", "lastUpdated", "messages": [...]}, or its JSON
// lines form, a metadata line with the session fields, then one message per line and
// control lines ({"$set": {...}} patches metadata; {"$rewindTo": "<message id>"} drops
// that message and every later one). A message is {"id", "timestamp", "type": "user" |
// "gemini" | "info" | "error" | "warning", "content", "model", "toolCalls": [...]}; a
// tool call is {"id", "name", "args", "result": [{"functionResponse": {"response":
// {"output"}}}], "status": "success" | "error" | "cancelled"}. run_shell_command runs a
// command, write_file writes a file, replace edits one; the other tools only read.
func parseGemini(data []byte) (*Trajectory, error) {
	t := &Trajectory{}
	var msgs []map[string]any
	if doc, cut, kept, err := decodeDocument(data); err == nil {
		m, _ := doc.(map[string]any)
		if m == nil || list(m, "messages") == nil {
			return nil, fmt.Errorf("no \"messages\" list: not a Gemini CLI chat")
		}
		if cut {
			t.Truncated = true
			t.Warnings = append(t.Warnings, cutWarning(kept))
		}
		for i, v := range list(m, "messages") {
			if mm, ok := v.(map[string]any); ok {
				msgs = append(msgs, mm)
			} else {
				t.Warnings = append(t.Warnings, fmt.Sprintf("message %d: not an object; skipped", i+1))
			}
		}
	} else {
		for _, r := range jsonLines(data, t) {
			switch {
			case r.m["$rewindTo"] != nil:
				id := idString(r.m["$rewindTo"])
				for i, m := range msgs {
					if idString(m["id"]) == id {
						msgs = msgs[:i]
						break
					}
				}
			case r.m["$set"] != nil, r.m["type"] == nil && r.m["sessionId"] != nil:
				// metadata
			default:
				msgs = append(msgs, r.m)
			}
		}
	}
	var lastText string
	prStep := -1
	for i, m := range msgs {
		if str(m, "type") != "gemini" && str(m, "type") != "model" {
			continue
		}
		if t.Model == "" {
			t.Model = str(m, "model")
		}
		if text := textOf(m["content"]); strings.Contains(text, prMarker) {
			lastText, prStep = text, len(t.Steps)
		}
		for _, c := range list(m, "toolCalls") {
			call, _ := c.(map[string]any)
			if call == nil {
				continue
			}
			s, ok := geminiStep(call)
			if !ok {
				continue
			}
			s.Record = i + 1
			s.Time = str(call, "timestamp")
			if s.Time == "" {
				s.Time = str(m, "timestamp")
			}
			t.Steps = append(t.Steps, s)
		}
	}
	t.PR = prFrom(lastText)
	if t.PR != "" && prStep >= 0 {
		t.PRStep = intPtr(prStep)
	}
	return t, nil
}

var geminiExitRE = lazyre.New(`(?m)^Exit Code: (-?[0-9]+)`)

// geminiStep turns a tool call into a step; tools that only read are not steps.
func geminiStep(call map[string]any) (Step, bool) {
	args := obj(call, "args")
	if args == nil {
		args = map[string]any{}
	}
	name := str(call, "name")
	s := Step{Tool: name}
	switch name {
	case "run_shell_command", "shell":
		s.Kind = KindCommand
		s.Command = str(args, "command")
		s.Cwd = str(args, "directory", "dir_path")
	case "write_file":
		s.Kind = KindWrite
		s.Path = str(args, "file_path", "absolute_path")
		c := str(args, "content")
		s.Content = &c
	case "replace":
		s.Kind = KindEdit
		s.Path = str(args, "file_path", "absolute_path")
		n, _ := intOf(args["expected_replacements"])
		s.Edits = []Edit{{Old: str(args, "old_string"), New: str(args, "new_string"), All: n > 1}}
	default:
		return s, false
	}
	var out []string
	for _, r := range list(call, "result") {
		rm, _ := r.(map[string]any)
		if resp := obj(obj(rm, "functionResponse"), "response"); resp != nil {
			if o := str(resp, "output", "error"); o != "" {
				out = append(out, o)
			}
		}
	}
	s.Output = capOutput(strings.Join(out, "\n"))
	switch str(call, "status") {
	case "cancelled":
		s.Denied = true // the user refused it: it did not run
	case "success", "error":
		if s.Kind == KindCommand {
			if m := geminiExitRE.FindStringSubmatch(s.Output); m != nil {
				if n, ok := intOf(m[1]); ok {
					s.Exit = intPtr(n)
				}
			} else if str(call, "status") == "success" {
				s.Exit = intPtr(0)
			}
		}
	}
	return s, true
}

// isGeminiMessage tells a Gemini CLI chat message or session line.
func isGeminiMessage(m map[string]any) bool {
	switch str(m, "type") {
	case "gemini":
		return true
	case "user", "info", "error", "warning":
		_, content := m["content"]
		_, message := m["message"]
		return content && !message && m["uuid"] == nil
	}
	if _, ok := m["toolCalls"]; ok {
		return true
	}
	// the metadata line of the JSON lines form
	return m["type"] == nil && m["sessionId"] != nil && m["startTime"] != nil
}
