package trajectory

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// parseMiniSWE reads a mini-SWE-agent trajectory (.traj.json): {"info": {...},
// "messages": [...]}. Version 2 records each assistant message's actions in
// extra.actions ({command, tool_call_id}) and answers each with a role "tool" message
// carrying extra.returncode, paired by tool_call_id (or by position when ids are
// absent). Version 1 has one ```bash block per assistant message, answered by the next
// user message's <returncode>N</returncode><output>...</output>.
func parseMiniSWE(data []byte) (*Trajectory, error) {
	v, cut, kept, err := decodeDocument(data)
	if err != nil {
		return nil, fmt.Errorf("not a JSON document: %s", shortErr(err))
	}
	doc, _ := v.(map[string]any)
	msgs := list(doc, "messages")
	if msgs == nil {
		if cut {
			return nil, fmt.Errorf("the file ends inside the JSON document (truncated) before any message was written whole")
		}
		return nil, fmt.Errorf("no \"messages\" list: not a mini-SWE-agent trajectory")
	}
	t := &Trajectory{Truncated: cut}
	if cut {
		t.Warnings = append(t.Warnings, cutWarning(kept))
	}
	info := obj(doc, "info")
	if cfg := obj(info, "config"); cfg != nil {
		if m := obj(cfg, "model"); m != nil {
			t.Model = str(m, "model_name")
		}
		if env := obj(cfg, "environment"); env != nil {
			t.Cwd = str(env, "cwd")
		}
	}
	byID := map[string]int{}
	var pending []int // v2 actions without ids, answered in order
	awaitV1 := -1     // the v1 step waiting for its observation
	var lastPR string
	prStep := -1
	notRun := -1 // the last step recorded as not executed
	exitSubmission := ""
	for i, mv := range msgs {
		m, _ := mv.(map[string]any)
		if m == nil {
			t.Warnings = append(t.Warnings, fmt.Sprintf("message %d: not an object; skipped", i+1))
			continue
		}
		role := str(m, "role")
		content := textOf(m["content"])
		extra := obj(m, "extra")
		switch role {
		case "assistant":
			if strings.Contains(content, prMarker) {
				// The PR text comes with this message's action (the submission), or
				// after the last step when it has none.
				lastPR, prStep = content, len(t.Steps)
			}
			acts := list(extra, "actions")
			if acts == nil {
				acts = toolCallActions(m)
			}
			if acts != nil {
				for _, a := range acts {
					am, _ := a.(map[string]any)
					if am == nil {
						continue
					}
					t.Steps = append(t.Steps, Step{Kind: KindCommand, Tool: "bash", Command: str(am, "command"), Cwd: t.Cwd, Record: i + 1})
					if id := str(am, "tool_call_id"); id != "" {
						byID[id] = len(t.Steps) - 1
					} else {
						pending = append(pending, len(t.Steps)-1)
					}
				}
				continue
			}
			if cmd, ok := v1Command(content); ok {
				t.Steps = append(t.Steps, Step{Kind: KindCommand, Tool: "bash", Command: cmd, Cwd: t.Cwd, Record: i + 1})
				awaitV1 = len(t.Steps) - 1
			}
		case "tool":
			idx := -1
			if id := str(m, "tool_call_id"); id != "" {
				if j, ok := byID[id]; ok {
					idx = j
				}
			}
			if idx < 0 && len(pending) > 0 {
				idx, pending = pending[0], pending[1:]
			}
			if idx < 0 {
				t.Warnings = append(t.Warnings, fmt.Sprintf("message %d: a tool result without its action", i+1))
				continue
			}
			s := &t.Steps[idx]
			s.Output = str(extra, "raw_output")
			if s.Output == "" {
				s.Output = content
			}
			if n, ok := intOf(extra["returncode"]); ok {
				if n == -1 && strings.Contains(str(extra, "exception_info"), "not executed") {
					s.Denied = true
					notRun = idx
				} else {
					s.Exit = intPtr(n)
				}
			} else if n, ok := v1Returncode(content); ok {
				s.Exit = intPtr(n)
			}
		case "exit":
			// The run's end: its content is the submission (what the submit command
			// printed after the sentinel).
			exitSubmission = content
			if exitSubmission == "" {
				exitSubmission = str(extra, "submission")
			}
		case "user":
			if awaitV1 >= 0 {
				if n, ok := v1Returncode(content); ok {
					s := &t.Steps[awaitV1]
					s.Exit = intPtr(n)
					s.Output = v1Output(content)
					awaitV1 = -1
				}
			}
		}
	}
	// mini-swe-agent records the submit command as "not executed" once it has raised
	// the submission, yet its output is the submission: the command ran (SWE-CC's
	// collect script, git included). Only the command that prints the submit sentinel,
	// in a run that ended submitted, is taken as run.
	if notRun >= 0 && notRun == len(t.Steps)-1 && strings.Contains(t.Steps[notRun].Command, submitSentinel) {
		sub := exitSubmission
		if sub == "" && str(info, "exit_status") == "Submitted" {
			sub = str(info, "submission")
		}
		if sub != "" {
			s := &t.Steps[notRun]
			s.Denied, s.Exit, s.Output = false, intPtr(0), sub
		}
	}
	// A v1 final message ends with the block that submits: not part of the PR text.
	t.PR = strings.TrimSpace(v1BlockRE.ReplaceAllString(prFrom(lastPR), ""))
	if t.PR != "" && prStep >= 0 {
		t.PRStep = intPtr(prStep)
	}
	if t.PR == "" {
		t.PR = prFrom(str(info, "submission"))
	}
	return t, nil
}

// toolCallActions reads OpenAI-style tool_calls when extra.actions is absent.
func toolCallActions(m map[string]any) []any {
	calls := list(m, "tool_calls")
	if calls == nil {
		return nil
	}
	var out []any
	for _, c := range calls {
		cm, _ := c.(map[string]any)
		fn := obj(cm, "function")
		if fn == nil {
			continue
		}
		var args map[string]any
		_ = json.Unmarshal([]byte(str(fn, "arguments")), &args)
		out = append(out, map[string]any{"command": str(args, "command"), "tool_call_id": str(cm, "id")})
	}
	return out
}

var (
	v1BlockRE = lazyre.New("(?s)```(?:bash|mswea_bash_command|sh)\\s*\\n(.*?)\\n```")
	v1RCRE    = lazyre.New(`<returncode>\s*(-?[0-9]+)\s*</returncode>`)
	v1OutRE   = lazyre.New(`(?s)<output>\n?(.*?)</output>|<output_head>\n?(.*?)</output_head>`)
)

func v1Command(content string) (string, bool) {
	ms := v1BlockRE.FindAllStringSubmatch(content, -1)
	if len(ms) != 1 {
		// mini-SWE-agent v1 runs only a message with exactly one block.
		return "", false
	}
	return strings.TrimSpace(ms[0][1]), true
}

func v1Returncode(content string) (int, bool) {
	m := v1RCRE.FindStringSubmatch(content)
	if m == nil {
		return 0, false
	}
	n, ok := intOf(m[1])
	return n, ok
}

func v1Output(content string) string {
	m := v1OutRE.FindStringSubmatch(content)
	if m == nil {
		return ""
	}
	return m[1] + m[2]
}
