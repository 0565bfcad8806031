package trajectory

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// parseOpenHands reads an OpenHands event stream in either generation:
//   - V1 (the software-agent SDK): events tagged by "kind": ActionEvent with an action
//     (TerminalAction{command}, FileEditorAction{command, path, file_text, old_str,
//     new_str}, FinishAction{message}) and ObservationEvent pointing back by action_id,
//     with observation.exit_code; AgentErrorEvent and UserRejectObservation are results
//     with status 1;
//   - V0: {"id", "source", "action": "run", "args": {"command"}} and observations
//     {"observation": "run", "cause": <action id>, "extras": {"metadata":
//     {"exit_code"}}}; "edit"/"write" actions change files.
//
// The record is an EvalOutput {instance_id, history, ...}, a bare {"events": [...]}, a
// JSON list, or JSON lines of events.
func parseOpenHands(data []byte) (*Trajectory, error) {
	t := &Trajectory{}
	events, err := openHandsEvents(data, t)
	if err != nil {
		return nil, err
	}
	byID := map[string][]int{}
	var finish string
	finishStep := -1
	for i, e := range events {
		rec := i + 1
		kind := str(e, "kind")
		switch {
		case kind == "ActionEvent" || (str(e, "action") != "" && str(e, "observation") == ""):
			steps, msg := openHandsAction(e)
			if msg != "" {
				finish, finishStep = msg, len(t.Steps)-1
			}
			for j := range steps {
				steps[j].Record = rec
				steps[j].Time = str(e, "timestamp")
			}
			first := len(t.Steps)
			t.Steps = append(t.Steps, steps...)
			id := idString(e["id"])
			if id != "" {
				for j := range steps {
					byID[id] = append(byID[id], first+j)
				}
			}
			if t.Model == "" {
				if md := obj(e, "metadata"); md != nil {
					t.Model = str(obj(md, "llm"), "model")
				}
			}
		case kind == "ObservationEvent" || kind == "UserRejectObservation" || kind == "AgentErrorEvent" || str(e, "observation") != "":
			id := idString(e["action_id"])
			if id == "" {
				id = idString(e["cause"])
			}
			idx, ok := byID[id]
			if !ok {
				if kind == "AgentErrorEvent" || str(e, "observation") == "error" || str(e, "observation") == "agent_state_changed" || str(e, "observation") == "null" {
					continue
				}
				t.Warnings = append(t.Warnings, fmt.Sprintf("event %d: an observation of action %q, which is not in the stream", rec, id))
				continue
			}
			if t.Cwd == "" {
				t.Cwd = str(obj(obj(e, "extras"), "metadata"), "working_dir")
			}
			out, exit, rejected := openHandsObservation(e, kind)
			for _, j := range idx {
				s := &t.Steps[j]
				if rejected {
					s.Denied = true
					continue
				}
				if s.Kind == KindCommand {
					s.Output, s.Exit = out, exit
				}
			}
		}
	}
	t.PR = prFrom(finish)
	if t.PR != "" && finishStep >= 0 {
		t.PRStep = intPtr(finishStep) // the finish action ends the session after it
	}
	return t, nil
}

func idString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return fmt.Sprintf("%d", int64(x))
	}
	return ""
}

// openHandsEvents finds the event list in any of the record shapes.
func openHandsEvents(data []byte, t *Trajectory) ([]map[string]any, error) {
	trimmed := bytes.TrimSpace(data)
	doc, cut, kept, err := decodeDocument(trimmed)
	if err == nil && cut {
		t.Truncated = true
		t.Warnings = append(t.Warnings, cutWarning(kept))
	}
	if err == nil {
		var raw []any
		switch d := doc.(type) {
		case []any:
			raw = d
		case map[string]any:
			if h := list(d, "history"); h != nil {
				raw = h
			} else if ev := list(d, "events"); ev != nil {
				raw = ev
			}
			if md := obj(d, "metadata"); md != nil {
				t.Model = str(obj(md, "llm_config"), "model")
				if t.Model == "" {
					t.Model = str(obj(md, "llm"), "model")
				}
			}
		}
		if raw == nil {
			return nil, fmt.Errorf("no event list (\"history\" or \"events\"): not an OpenHands event stream")
		}
		var out []map[string]any
		for i, r := range raw {
			if m, ok := r.(map[string]any); ok {
				out = append(out, m)
			} else {
				t.Warnings = append(t.Warnings, fmt.Sprintf("event %d: not an object; skipped", i+1))
			}
		}
		return out, nil
	} else if len(trimmed) > 0 && (trimmed[0] == '{' || trimmed[0] == '[') && !bytes.Contains(trimmed, []byte("\n{")) {
		return nil, fmt.Errorf("not a JSON document: %s", shortErr(err))
	}
	// JSON lines: one event per line, or one EvalOutput per line (the output.jsonl of
	// OpenHands' evaluation harness, a run per instance).
	recs := jsonLines(data, t)
	if len(recs) == 0 {
		return nil, fmt.Errorf("no readable event")
	}
	if h := list(recs[0].m, "history"); h != nil {
		run := recs[0].m
		if md := obj(run, "metadata"); md != nil {
			t.Model = str(obj(md, "llm_config"), "model")
		}
		if len(recs) > 1 {
			var ids []string
			for _, r := range recs {
				ids = append(ids, str(r.m, "instance_id"))
			}
			t.Warnings = append(t.Warnings, fmt.Sprintf("the file holds %d runs, one per line (%s); heed audited the first, %s: audit each run from its own line",
				len(recs), strings.Join(ids, ", "), str(run, "instance_id")))
		}
		var out []map[string]any
		for i, e := range h {
			if m, ok := e.(map[string]any); ok {
				out = append(out, m)
			} else {
				t.Warnings = append(t.Warnings, fmt.Sprintf("event %d: not an object; skipped", i+1))
			}
		}
		return out, nil
	}
	out := make([]map[string]any, len(recs))
	for i, r := range recs {
		out[i] = r.m
	}
	return out, nil
}

// openHandsAction turns an action event into steps; a finish action returns its
// message instead.
func openHandsAction(e map[string]any) ([]Step, string) {
	if str(e, "kind") == "ActionEvent" {
		act := obj(e, "action")
		tool := str(e, "tool_name")
		if act == nil {
			// Not deserialised: the raw tool-call arguments.
			if tc := obj(obj(e, "tool_call"), "function"); tc != nil {
				_ = json.Unmarshal([]byte(str(tc, "arguments")), &act)
				if tool == "" {
					tool = str(tc, "name")
				}
			}
		}
		if act == nil {
			return nil, ""
		}
		ak := str(act, "kind")
		switch {
		case ak == "FinishAction" || tool == "finish":
			return nil, str(act, "message")
		case ak == "TerminalAction" || ak == "ExecuteBashAction" || ak == "CmdRunAction" || tool == "terminal" || tool == "execute_bash" || tool == "bash":
			if inp, _ := act["is_input"].(bool); inp {
				return nil, "" // keystrokes to a running process, not a command
			}
			return []Step{{Kind: KindCommand, Tool: tool, Command: str(act, "command")}}, ""
		case ak == "FileEditorAction" || ak == "StrReplaceEditorAction" || tool == "file_editor" || tool == "str_replace_editor":
			return editorStep(tool, act), ""
		}
		return nil, ""
	}
	args := obj(e, "args")
	switch str(e, "action") {
	case "run":
		if inp, _ := args["is_input"].(bool); inp {
			return nil, ""
		}
		return []Step{{Kind: KindCommand, Tool: "run", Command: str(args, "command"), Cwd: str(args, "cwd")}}, ""
	case "edit":
		return editorStep("edit", args), ""
	case "write":
		c := str(args, "content")
		return []Step{{Kind: KindWrite, Tool: "write", Path: str(args, "path"), Content: &c}}, ""
	case "finish":
		return nil, str(args, "final_thought", "outputs", "message") + "\n" + textOf(obj(args, "outputs")["content"])
	}
	return nil, ""
}

// editorStep reads the str_replace_editor family: create, str_replace, insert
// (view and undo_edit change nothing heed judges).
func editorStep(tool string, a map[string]any) []Step {
	path := str(a, "path")
	switch str(a, "command") {
	case "create":
		c := str(a, "file_text", "content")
		return []Step{{Kind: KindWrite, Tool: tool, Path: path, Content: &c}}
	case "str_replace":
		return []Step{{Kind: KindEdit, Tool: tool, Path: path, Edits: []Edit{{Old: str(a, "old_str"), New: str(a, "new_str")}}}}
	case "insert":
		return []Step{{Kind: KindPatch, Tool: tool, Path: path, Added: strings.Split(str(a, "new_str"), "\n")}}
	case "":
		// V0 "edit" with content: a whole-file write.
		if c, ok := a["content"].(string); ok && c != "" {
			return []Step{{Kind: KindWrite, Tool: tool, Path: path, Content: &c}}
		}
	}
	return nil
}

func openHandsObservation(e map[string]any, kind string) (string, *int, bool) {
	if kind == "UserRejectObservation" || str(e, "observation") == "user_rejected" {
		return "", nil, true
	}
	if kind == "AgentErrorEvent" {
		return str(e, "error"), intPtr(1), false
	}
	if kind == "ObservationEvent" {
		ob := obj(e, "observation")
		out := textOf(ob["content"])
		if out == "" {
			out = str(ob, "output", "text", "result", "error")
		}
		for _, k := range []string{"exit_code", "returncode", "return_code"} {
			if n, ok := intOf(ob[k]); ok {
				return out, intPtr(n), false
			}
		}
		if md := obj(ob, "metadata"); md != nil {
			if n, ok := intOf(md["exit_code"]); ok {
				return out, intPtr(n), false
			}
		}
		return out, nil, false
	}
	out := str(e, "content")
	ex := obj(e, "extras")
	if md := obj(ex, "metadata"); md != nil {
		if n, ok := intOf(md["exit_code"]); ok && n != -1 {
			return out, intPtr(n), false
		}
	}
	if n, ok := intOf(ex["exit_code"]); ok && n != -1 {
		return out, intPtr(n), false
	}
	return out, nil, false
}
