package enforce

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/lazyre"
)

// Agents whose hook protocols heed speaks (shared/research/ecosystem.md §1, §6).
const (
	AgentClaude  = "claude"
	AgentCodex   = "codex"
	AgentGemini  = "gemini"
	AgentCursor  = "cursor"
	AgentCopilot = "copilot"
)

// Agents lists them.
var Agents = []string{AgentClaude, AgentCodex, AgentGemini, AgentCursor, AgentCopilot}

// Hook phases.
const (
	PhasePre  = "pre"  // before the tool runs: heed may deny it
	PhasePost = "post" // after: heed records what happened
)

// HookEvent is an agent's hook payload in heed's terms.
type HookEvent struct {
	Agent, Phase, Tool string
	// Event is the agent's event name (PreToolUse, beforeShellExecution, ...).
	Event string
	Cwd   string
	// Line is a shell command the tool runs; Argv one given as words.
	Line string
	Argv []string
	// Writes are the files the tool writes.
	Writes []FileWrite
	// Patch is a Codex apply_patch text.
	Patch string
	// Exit is how a command ended, when the agent says.
	Exit        *int
	ID, Session string
}

// FileWrite is one file a tool writes: its whole new content, or replacements in the
// current content.
type FileWrite struct {
	Path    string
	Content *string
	Edits   []Edit
	// Delete: the tool removes the file.
	Delete bool
	// PathOnly: what the tool writes is not computed (a notebook cell edit): the
	// write is judged by its path alone.
	PathOnly bool
	// patchSource and hunks: an apply_patch update of patchSource (moved to Path).
	patchSource string
	hunks       []hunk
	// Cell is set for a notebook cell written by Claude Code's NotebookEdit: Content
	// is the cell's source, judged as code of the notebook's language.
	Cell *NotebookCell
}

// NotebookCell is the cell a NotebookEdit writes.
type NotebookCell struct {
	// ID is the cell's id ("" for a cell inserted at the top).
	ID string
	// Markdown: a text cell, which the source rules do not judge.
	Markdown bool
}

// Edit replaces Old by New (every occurrence when All).
type Edit struct {
	Old, New string
	All      bool
}

// ParseHook reads an agent's hook payload. A payload heed cannot read as one of the
// events it is installed for is an error, which the hook answers with a denial: null,
// a missing, mistyped or unknown event name (Copilot, which names no event: a missing
// tool name), and a tool input without the command, path or text the tool needs.
// Tools heed does not judge (Read, Grep, ...) are not errors.
func ParseHook(agent string, payload []byte) (*HookEvent, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(payload, &raw); err != nil {
		return nil, fmt.Errorf("the %s hook payload is not a JSON object: %v", agent, err)
	}
	if raw == nil {
		return nil, fmt.Errorf("the %s hook payload is null, not a JSON object", agent)
	}
	ev := &HookEvent{Agent: agent}
	if err := parseHook(agent, raw, ev); err != nil {
		return nil, fmt.Errorf("the %s hook payload: %v", agent, err)
	}
	if ev.ID == "" && (ev.Line != "" || len(ev.Argv) > 0) {
		ev.ID = callKey(ev)
	}
	return ev, nil
}

// callKey links a command's pre-tool and post-tool payloads when the agent names no
// tool call (Gemini CLI and Copilot CLI send no tool_use_id): both carry the session,
// the directory and the command, so both hash to the same key. The journal pairs an
// outcome with the latest command of its key that has none yet, so a command run
// twice in a session is two entries, each with its own outcome.
func callKey(ev *HookEvent) string {
	h := sha256.New()
	for _, part := range append([]string{ev.Agent, ev.Session, ev.Cwd, ev.Line}, ev.Argv...) {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	return "k" + hex.EncodeToString(h.Sum(nil)[:12])
}

// required reads a field that must be a string.
func required(m map[string]json.RawMessage, k string) (string, error) {
	v, ok := m[k]
	if !ok {
		return "", fmt.Errorf("%s is missing", k)
	}
	var s string
	if err := json.Unmarshal(v, &s); err != nil || jsonKind(v) == "null" {
		return "", fmt.Errorf("%s is %s, not a string", k, jsonKind(v))
	}
	return s, nil
}

// jsonKind names the kind of a JSON value for messages.
func jsonKind(v json.RawMessage) string {
	t := strings.TrimSpace(string(v))
	switch {
	case t == "" || t == "null":
		return "null"
	case t[0] == '{':
		return "an object"
	case t[0] == '[':
		return "a list"
	case t[0] == '"':
		return "a string"
	case t == "true" || t == "false":
		return "a boolean"
	}
	return "a number"
}

// toolEvents are the events of the Claude Code protocol (Codex and Gemini CLI share it)
// heed answers.
const toolEvents = "PreToolUse, PostToolUse, PostToolUseFailure, BeforeTool or AfterTool"

// cursorEvents are the Cursor events heed answers.
const cursorEvents = "beforeShellExecution, afterShellExecution or afterFileEdit"

// parseHook reads the event raw of an agent's hook into ev: the fields every agent
// sends, then the agent's own shape.
func parseHook(agent string, raw map[string]json.RawMessage, ev *HookEvent) error {
	ev.Cwd = rawString(raw, "cwd")
	ev.Session = rawString(raw, "session_id")
	ev.ID = rawString(raw, "tool_use_id")
	switch agent {
	case AgentClaude, AgentCodex, AgentGemini:
		return parseToolHook(agent, raw, ev)
	case AgentCursor:
		return parseCursorHook(raw, ev)
	case AgentCopilot:
		return parseCopilotHook(raw, ev)
	}
	return fmt.Errorf("unknown agent %q (known: %s)", agent, strings.Join(Agents, ", "))
}

// rawString is the string field k of m, "" when it is missing or not a string.
func rawString(m map[string]json.RawMessage, k string) string {
	var s string
	if v, ok := m[k]; ok {
		_ = json.Unmarshal(v, &s)
	}
	return s
}

// rawObject is the object field k of m, nil when it is missing or not an object.
func rawObject(m map[string]json.RawMessage, k string) map[string]json.RawMessage {
	var o map[string]json.RawMessage
	if v, ok := m[k]; ok {
		_ = json.Unmarshal(v, &o)
	}
	return o
}

// parseToolHook reads the Claude Code protocol's events (Codex and Gemini CLI share
// it): the event's phase, how a command ended, and the tool's input.
func parseToolHook(agent string, raw map[string]json.RawMessage, ev *HookEvent) error {
	var err error
	if ev.Event, err = required(raw, "hook_event_name"); err != nil {
		return fmt.Errorf("%v (want %s)", err, toolEvents)
	}
	switch ev.Event {
	case "PreToolUse", "BeforeTool":
		ev.Phase = PhasePre
	case "PostToolUse", "AfterTool":
		ev.Phase = PhasePost
		switch agent {
		case AgentGemini:
			ev.Exit = geminiExit(raw["tool_response"])
		case AgentCodex:
			ev.Exit = codexExit(raw["tool_response"], rawString(raw, "transcript_path"), ev.ID)
		default:
			ev.Exit = responseExit(raw["tool_response"])
		}
		if background(raw) {
			// a command sent to the background has not ended: no outcome yet
			ev.Exit = nil
		}
	case "PostToolUseFailure":
		ev.Phase = PhasePost
		ev.Exit = failureExit(raw)
	default:
		return fmt.Errorf("hook_event_name %q is not an event heed answers (want %s): heed's hooks are installed for those only", ev.Event, toolEvents)
	}
	if ev.Tool, err = required(raw, "tool_name"); err != nil {
		return err
	}
	in, err := toolInput(raw, "tool_input")
	if err != nil {
		return err
	}
	return toolHookInput(agent, in, ev)
}

// toolHookInput reads what a tool of the Claude Code protocol was asked to do: the
// command it runs, the writes or edits it makes, the patch it applies. Another tool
// is none of these (no error).
func toolHookInput(agent string, in map[string]json.RawMessage, ev *HookEvent) error {
	switch ev.Tool {
	case "Bash", "run_shell_command", "shell", "exec_command", "local_shell", "container.exec":
		if err := commandOf(in, ev, agent == AgentCodex); err != nil {
			return err
		}
		if d := rawString(in, "dir_path") + rawString(in, "directory") + rawString(in, "workdir"); d != "" && ev.Cwd != "" {
			ev.Cwd = joinDir(ev.Cwd, d)
		}
	case "Write", "write_file":
		path, c, err := requiredPair(in, "file_path", "content")
		if err != nil {
			return err
		}
		ev.Writes = []FileWrite{{Path: path, Content: &c}}
	case "Edit", "replace":
		var all bool
		_ = json.Unmarshal(in["replace_all"], &all)
		var n int
		if json.Unmarshal(in["expected_replacements"], &n) == nil && n > 1 {
			all = true
		}
		path, old, err := requiredPair(in, "file_path", "old_string")
		if err != nil {
			return err
		}
		repl, err := required(in, "new_string")
		if err != nil {
			return fmt.Errorf("tool_input.%v", err)
		}
		ev.Writes = []FileWrite{{Path: path, Edits: []Edit{{Old: old, New: repl, All: all}}}}
	case "NotebookEdit":
		path, err := required(in, "notebook_path")
		if err != nil {
			return fmt.Errorf("tool_input.%v", err)
		}
		mode := rawString(in, "edit_mode")
		if mode == "delete" {
			ev.Writes = []FileWrite{{Path: path, Cell: &NotebookCell{ID: rawString(in, "cell_id")}, Delete: true}}
			break
		}
		src, err := required(in, "new_source")
		if err != nil {
			return fmt.Errorf("tool_input.%v", err)
		}
		ev.Writes = []FileWrite{{Path: path, Content: &src, Cell: &NotebookCell{ID: rawString(in, "cell_id"), Markdown: rawString(in, "cell_type") == "markdown"}}}
	case "MultiEdit":
		var edits []struct {
			Old *string `json:"old_string"`
			New *string `json:"new_string"`
			All bool    `json:"replace_all"`
		}
		path, err := required(in, "file_path")
		if err != nil {
			return fmt.Errorf("tool_input.%v", err)
		}
		if err := json.Unmarshal(in["edits"], &edits); err != nil || len(edits) == 0 {
			return fmt.Errorf("tool_input.edits is %s, not a list of edits", jsonKind(in["edits"]))
		}
		w := FileWrite{Path: path}
		for i, e := range edits {
			if e.Old == nil || e.New == nil {
				return fmt.Errorf("tool_input.edits[%d] lacks old_string or new_string", i)
			}
			w.Edits = append(w.Edits, Edit{Old: *e.Old, New: *e.New, All: e.All})
		}
		ev.Writes = []FileWrite{w}
	case "apply_patch", "Edit|Write":
		ev.Patch = rawString(in, "command")
		if ev.Patch == "" {
			ev.Patch = rawString(in, "patch") + rawString(in, "input")
		}
		if ev.Patch == "" {
			return errors.New("tool_input has no patch text (command, patch or input)")
		}
	}
	return nil
}

// parseCursorHook reads Cursor's events: a shell command before and after it runs,
// and a file it edited.
func parseCursorHook(raw map[string]json.RawMessage, ev *HookEvent) error {
	var err error
	if ev.Event, err = required(raw, "hook_event_name"); err != nil {
		return fmt.Errorf("%v (want %s)", err, cursorEvents)
	}
	if ev.Cwd == "" {
		var roots []string
		_ = json.Unmarshal(raw["workspace_roots"], &roots)
		if len(roots) > 0 {
			ev.Cwd = roots[0]
		}
	}
	ev.ID = rawString(raw, "generation_id")
	ev.Session = rawString(raw, "conversation_id")
	switch ev.Event {
	case "beforeShellExecution":
		ev.Phase, ev.Tool = PhasePre, "shell"
		if ev.Line, err = required(raw, "command"); err != nil {
			return err
		}
	case "afterShellExecution":
		ev.Phase, ev.Tool = PhasePost, "shell"
		if ev.Line, err = required(raw, "command"); err != nil {
			return err
		}
		var code int
		for _, k := range []string{"exit_code", "exitCode"} {
			if v, ok := raw[k]; ok && json.Unmarshal(v, &code) == nil {
				ev.Exit = &code
			}
		}
	case "afterFileEdit":
		ev.Phase, ev.Tool = PhasePost, "edit"
		ev.Writes = []FileWrite{{Path: rawString(raw, "file_path")}}
	default:
		return fmt.Errorf("hook_event_name %q is not an event heed answers (want %s): heed's hooks are installed for those only", ev.Event, cursorEvents)
	}
	return nil
}

// parseCopilotHook reads Copilot CLI's events.
func parseCopilotHook(raw map[string]json.RawMessage, ev *HookEvent) error {
	// Copilot CLI sends one of two shapes, chosen by how the event is named in the
	// hook file: camelCase events (preToolUse, what heed installs) send camelCase
	// fields and no event name; PascalCase events (PreToolUse) send hook_event_name
	// and snake_case fields. Without an event name, the fields tell the event: a
	// toolResult is postToolUse, an error postToolUseFailure, neither preToolUse.
	ev.Session = rawString(raw, "sessionId") + rawString(raw, "session_id")
	ev.Event = rawString(raw, "hook_event_name")
	key, argsKey, resKey, typeKey, textKey := "toolName", "toolArgs", "toolResult", "resultType", "textResultForLlm"
	if _, ok := raw[key]; !ok {
		if _, ok := raw["tool_name"]; ok || ev.Event != "" {
			key, argsKey, resKey, typeKey, textKey = "tool_name", "tool_input", "tool_result", "result_type", "text_result_for_llm"
		}
	}
	var err error
	if ev.Tool, err = required(raw, key); err != nil {
		return err
	}
	// the arguments are an object (Copilot CLI 1.0), or a JSON string holding one
	// (earlier versions); a freeform tool's input is the string itself: the patch
	// of apply_patch (toolName apply_patch, or Edit in the PascalCase shape)
	var args map[string]json.RawMessage
	var argsErr error
	freeform := ""
	if s := rawString(raw, argsKey); s != "" {
		if err := json.Unmarshal([]byte(s), &args); err != nil || args == nil {
			args, freeform = nil, s
			argsErr = fmt.Errorf("%s is not JSON: %v", argsKey, err)
			if err == nil {
				argsErr = fmt.Errorf("%s is %s, not a JSON object", argsKey, jsonKind(json.RawMessage(s)))
			}
		}
	} else {
		args = rawObject(raw, argsKey)
		if args == nil {
			args = rawObject(raw, "tool_input")
		}
	}
	res := rawObject(raw, resKey)
	_, failed := raw["error"]
	switch ev.Event {
	case "", "preToolUse", "PreToolUse", "postToolUse", "PostToolUse", "postToolUseFailure", "PostToolUseFailure":
	default:
		return fmt.Errorf("hook_event_name %q is not an event heed answers (want PreToolUse, PostToolUse or PostToolUseFailure): heed's hooks are installed for those only", ev.Event)
	}
	switch {
	case res != nil || ev.Event == "postToolUse" || ev.Event == "PostToolUse":
		ev.Phase = PhasePost
		ev.Exit = copilotExit(res, typeKey, textKey)
	case failed || ev.Event == "postToolUseFailure" || ev.Event == "PostToolUseFailure":
		ev.Phase = PhasePost
		one := 1
		ev.Exit = &one
	default:
		ev.Phase = PhasePre
	}
	tool := strings.ToLower(ev.Tool)
	switch {
	case isPatch(freeform) && (tool == "apply_patch" || tool == "edit"):
		ev.Patch = freeform
		return nil
	case freeform != "" && copilotJudged.Get()[tool]:
		return argsErr
	}
	switch tool {
	case "bash", "shell", "powershell":
		if err := commandOf(args, ev, false); err != nil {
			return err
		}
	case "create", "write":
		// the PascalCase shape names create Write, with create's arguments
		path, err := required(args, "path")
		if err != nil {
			return fmt.Errorf("%s.%v", argsKey, err)
		}
		c := rawString(args, "file_text") + rawString(args, "content")
		ev.Writes = []FileWrite{{Path: path, Content: &c}}
	case "edit", "str_replace", "str_replace_editor":
		path, err := required(args, "path")
		if err != nil {
			return fmt.Errorf("%s.%v", argsKey, err)
		}
		ev.Writes = []FileWrite{{Path: path, Edits: []Edit{{Old: rawString(args, "old_str"), New: rawString(args, "new_str")}}}}
	case "apply_patch":
		ev.Patch = rawString(args, "input") + rawString(args, "patch")
		if ev.Patch == "" {
			return fmt.Errorf("%s has no patch text", argsKey)
		}
	}
	return nil
}

// copilotJudged are the Copilot CLI tools whose arguments heed reads.
var copilotJudged = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return map[string]bool{"bash": true, "shell": true, "powershell": true, "create": true, "write": true,
		"edit": true, "str_replace": true, "str_replace_editor": true, "apply_patch": true}
}}

// isPatch reports whether a freeform tool input is an apply_patch patch.
func isPatch(s string) bool {
	return strings.HasPrefix(strings.TrimLeft(s, " \t\r\n"), "*** Begin Patch")
}

// toolInput reads the object of a tool's arguments.
func toolInput(raw map[string]json.RawMessage, k string) (map[string]json.RawMessage, error) {
	v, ok := raw[k]
	if !ok {
		return nil, fmt.Errorf("%s is missing", k)
	}
	var in map[string]json.RawMessage
	if err := json.Unmarshal(v, &in); err != nil || in == nil {
		return nil, fmt.Errorf("%s is %s, not an object", k, jsonKind(v))
	}
	return in, nil
}

// requiredPair reads two string fields of a tool input.
func requiredPair(in map[string]json.RawMessage, a, b string) (string, string, error) {
	x, err := required(in, a)
	if err != nil {
		return "", "", fmt.Errorf("tool_input.%v", err)
	}
	y, err := required(in, b)
	if err != nil {
		return "", "", fmt.Errorf("tool_input.%v", err)
	}
	return x, y, nil
}

// commandOf reads a tool input's command: a string (a shell line) or, where the agent
// sends one (words, Codex's shell tools), a list of words.
func commandOf(in map[string]json.RawMessage, ev *HookEvent, words bool) error {
	k := "command"
	v, ok := in[k]
	if !ok {
		k = "cmd"
		v, ok = in[k]
	}
	if !ok {
		return errors.New("the tool input has no command")
	}
	if err := json.Unmarshal(v, &ev.Line); err == nil && jsonKind(v) != "null" {
		return nil
	}
	if words {
		if err := json.Unmarshal(v, &ev.Argv); err == nil && len(ev.Argv) > 0 {
			return nil
		}
		ev.Argv = nil
		return fmt.Errorf("the tool input's %s is %s, neither a string nor a list of words", k, jsonKind(v))
	}
	return fmt.Errorf("the tool input's %s is %s, not a string", k, jsonKind(v))
}

// geminiExit reads how run_shell_command ended from AfterTool's tool_response
// ({llmContent, returnDisplay, error}): the shell tool (Gemini CLI 0.61) ends
// llmContent with an "Exit Code: N" line when N is not 0, a "Signal: S" line when a
// signal ended it, says "Command was cancelled" (by the user) or "automatically
// cancelled" (a timeout) when it was stopped, and sets error when the command could
// not run. The last exit line counts: the command's own output comes before it.
func geminiExit(resp json.RawMessage) *int {
	var r struct {
		LLMContent json.RawMessage `json:"llmContent"`
		Error      json.RawMessage `json:"error"`
	}
	_ = json.Unmarshal(resp, &r)
	var text string
	if json.Unmarshal(r.LLMContent, &text) != nil {
		text = string(r.LLMContent) // parts: the line is in their text
	}
	if m := geminiExitLine.FindAllStringSubmatch(text, -1); m != nil {
		n, _ := strconv.Atoi(m[len(m)-1][1])
		return &n
	}
	code := 0
	switch {
	case jsonKind(r.Error) != "null", geminiSignalLine.MatchString(text):
		code = 1
	case geminiCancelled.MatchString(text):
		code = 130
	}
	return &code
}

var (
	geminiSignalLine = lazyre.New(`(?m)^Signal: \S+\s*$`)
	geminiCancelled  = lazyre.New(`(?m)^(?:<untrusted_context>\s*)?Command was (?:automatically )?cancelled\b`)
)

// background reports whether an after-tool payload is about a command the agent sent
// to the background, which has not ended when the hook runs: Claude Code's Bash with
// run_in_background answers with a backgroundTaskId (2.1.332), Gemini CLI's
// run_shell_command with is_background says "Command moved to background" (0.61).
func background(raw map[string]json.RawMessage) bool {
	var in struct {
		Claude bool `json:"run_in_background"`
		Gemini bool `json:"is_background"`
	}
	_ = json.Unmarshal(raw["tool_input"], &in)
	var resp struct {
		TaskID     string          `json:"backgroundTaskId"`
		LLMContent json.RawMessage `json:"llmContent"`
	}
	_ = json.Unmarshal(raw["tool_response"], &resp)
	return in.Claude || in.Gemini || resp.TaskID != "" || geminiBackground.Match(resp.LLMContent)
}

var geminiBackground = lazyre.New(`Command moved to background \(PID`)

var geminiExitLine = lazyre.New(`(?m)^(?:Exit Code|Exit code): (-?\d+)\s*$`)

// copilotExit reads how a Copilot CLI tool ended from postToolUse's toolResult: its
// bash and powershell tools end the text for the model with "<shellId: ID completed
// with exit code N>" (Copilot CLI 1.0; "<exited with exit code N>" before), with a
// resultType of success whatever N is; otherwise a resultType other than success is
// a failure.
func copilotExit(res map[string]json.RawMessage, typeKey, textKey string) *int {
	var text, kind string
	_ = json.Unmarshal(res[textKey], &text)
	_ = json.Unmarshal(res[typeKey], &kind)
	if m := copilotExitLine.FindAllStringSubmatch(text, -1); m != nil {
		n, _ := strconv.Atoi(m[len(m)-1][1])
		return &n
	}
	code := 0
	if kind != "" && kind != "success" {
		code = 1
	}
	return &code
}

var copilotExitLine = lazyre.New(`<(?:exited|shellId: [^<>\n]* completed) with exit code (-?\d+)>`)

// maxTranscriptTail bounds how much of the end of a Codex transcript heed reads to
// find how a command ended.
const maxTranscriptTail = 16 << 20

// codexExit reads how a Codex command ended. Codex's PostToolUse hands the hook the
// command's output alone as tool_response (a string, Codex 0.171) and no exit status,
// but the session's transcript (transcript_path), written before the hook runs,
// records it: the item_completed event of the CommandExecution item whose id is the
// tool call's id (exec_command_end with its call_id in older transcripts). A response
// object with an exit status is read as Claude Code's. nil when none of these says:
// no outcome is journalled, and a rule that needs the command to have passed waits.
func codexExit(resp json.RawMessage, transcript, id string) *int {
	if hasExitKey(resp) {
		return responseExit(resp)
	}
	if transcript == "" || id == "" || !filepath.IsAbs(transcript) {
		return nil
	}
	f, err := os.Open(transcript)
	if err != nil {
		return nil
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	start := max(fi.Size()-maxTranscriptTail, 0)
	buf := make([]byte, fi.Size()-start)
	if _, err := f.ReadAt(buf, start); err != nil {
		return nil
	}
	quoted, _ := json.Marshal(id)
	lines := strings.Split(string(buf), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		l := lines[i]
		if !strings.Contains(l, string(quoted)) || !strings.Contains(l, `"exit_code"`) {
			continue
		}
		var rec struct {
			Type    string `json:"type"`
			Payload struct {
				Type     string `json:"type"`
				CallID   string `json:"call_id"`
				ExitCode *int   `json:"exit_code"`
				Item     struct {
					Type     string `json:"type"`
					ID       string `json:"id"`
					ExitCode *int   `json:"exit_code"`
				} `json:"item"`
			} `json:"payload"`
		}
		if json.Unmarshal([]byte(l), &rec) != nil || rec.Type != "event_msg" {
			continue
		}
		p := rec.Payload
		switch {
		case p.Type == "item_completed" && p.Item.ID == id && p.Item.ExitCode != nil:
			return p.Item.ExitCode
		case p.Type == "exec_command_end" && p.CallID == id && p.ExitCode != nil:
			return p.ExitCode
		}
	}
	return nil
}

// hasExitKey reports whether a tool response object names an exit status.
func hasExitKey(resp json.RawMessage) bool {
	var m map[string]json.RawMessage
	_ = json.Unmarshal(resp, &m)
	for _, k := range []string{"exit_code", "exitCode", "returnCode", "return_code", "interrupted"} {
		if _, ok := m[k]; ok {
			return true
		}
	}
	return false
}

// failureExit reads how a command ended from Claude Code's PostToolUseFailure: its
// error starts with "Exit code N" when the command ran and failed (Claude Code
// 2.1.332: "Exit code 2\nls: cannot access ..."); an interrupted command is 130, any
// other failure 1.
func failureExit(raw map[string]json.RawMessage) *int {
	var msg string
	var interrupted bool
	_ = json.Unmarshal(raw["error"], &msg)
	_ = json.Unmarshal(raw["is_interrupt"], &interrupted)
	n := 1
	if m := failureExitLine.FindStringSubmatch(msg); m != nil {
		n, _ = strconv.Atoi(m[1])
	} else if interrupted {
		n = 130
	}
	if n == 0 {
		n = 1 // a failure, whatever its text says
	}
	return &n
}

var failureExitLine = lazyre.New(`^Exit code (-?\d+)\b`)

// responseExit reads an exit status from a tool response when it has one; a
// PostToolUse without one reports a command that succeeded (failures come as
// PostToolUseFailure).
func responseExit(resp json.RawMessage) *int {
	var m map[string]json.RawMessage
	if json.Unmarshal(resp, &m) == nil {
		for _, k := range []string{"exit_code", "exitCode", "returnCode", "return_code"} {
			var n int
			if v, ok := m[k]; ok && json.Unmarshal(v, &n) == nil {
				return &n
			}
		}
		var interrupted bool
		if v, ok := m["interrupted"]; ok && json.Unmarshal(v, &interrupted) == nil && interrupted {
			n := 130
			return &n
		}
	}
	zero := 0
	return &zero
}

func joinDir(cwd, d string) string {
	if filepath.IsAbs(d) {
		return d
	}
	return filepath.Join(cwd, d)
}

// WriteFinding is a source or architecture finding on a proposed write.
type WriteFinding struct {
	Path, Severity, Rule, Message, Suggestion string
	// Ask: the rule lets the write land once the user agrees (policy.Rule.Ask).
	Ask  bool
	Line int
	// Instruction quotes the rule's constraint with its place.
	Instruction string
}

// WriteChecker judges the content a tool is about to write to a repository-relative
// path (check.ProposedWrite).
type WriteChecker func(root, path string, content []byte) ([]WriteFinding, error)

// HookResult is heed's answer to a hook.
type HookResult struct {
	Deny bool
	// Ask, without Deny, hands the tool call to the user to approve (a rule that lets
	// the command run once the user agrees); Reason says why. Agents whose hooks
	// cannot ask read it as an allowed call with Context.
	Ask bool
	// Reason says why (deny); Context carries warnings for an allowed tool.
	Reason, Context string
	// Stale is set, with Deny, when the command could only have been judged from the
	// live index and the index is stale (see Decision.Stale).
	Stale bool
}

// Hooks answers agents' hooks.
type Hooks struct {
	Enforcer *Enforcer
	// Writes judges proposed file writes; nil leaves writes unchecked.
	Writes WriteChecker
	// RulesFor, when set, words the rules that govern a repository-relative path; an
	// allowed write then carries them as context for the agent (Claude Code's
	// additionalContext), so it reads a file's rules when it touches the file. Nil
	// (the default) adds nothing.
	RulesFor func(root, rel string) (string, error)
	// Ignored, when set, reports whether the repository leaves a repository-relative
	// path out of judging (.heedignore, the configuration's [check] exclude:
	// repo.Exclusions, as heed check reads them). A write there is not judged by the
	// source and architecture rules and carries no rules context; the guard still
	// applies, and commands are judged as ever. An error denies the write.
	Ignored func(root, rel string) (bool, error)
}

// maxContext bounds the context heed adds to one tool call: Claude Code keeps
// additionalContext up to 10,000 characters and moves the rest to a file.
const maxContext = 9000

// Handle judges a hook event. It never fails: an internal error or a panic before a
// tool runs denies it with the reason, because a hook that crashes lets it run.
func (h *Hooks) Handle(ev *HookEvent) (res HookResult) {
	defer func() {
		if p := recover(); p != nil {
			res = h.failure(ev, fmt.Sprintf("panic: %v\n%s", p, firstLines(string(debug.Stack()), 6)))
		}
	}()
	if ev.Phase == "" {
		return h.failure(ev, fmt.Sprintf("the %s hook event %q is not one heed answers", ev.Agent, ev.Event))
	}
	if ev.Cwd == "" {
		return h.failure(ev, "the hook payload has no cwd, so heed cannot tell which repository's rules apply")
	}
	if abs, err := filepath.Abs(ev.Cwd); err == nil {
		ev.Cwd = abs
	}
	root, ok := FindRoot(ev.Cwd)
	if !ok {
		return HookResult{} // outside any repository: no rules
	}
	if ev.Phase == PhasePost {
		h.record(root, ev)
		return HookResult{}
	}
	if ev.Line != "" || len(ev.Argv) > 0 {
		req := Request{Root: root, Cwd: ev.Cwd, Line: ev.Line, Argv: ev.Argv, Source: "hook:" + ev.Agent, ID: ev.ID, Session: ev.Session, Guard: true}
		d := h.Enforcer.Check(req)
		if d.Blocked {
			return HookResult{Deny: true, Reason: d.Message, Stale: d.Stale}
		}
		if asks := d.Asks(); len(asks) > 0 {
			return HookResult{Ask: true, Reason: askReason(asks), Context: d.Message}
		}
		return HookResult{Context: d.Message}
	}
	writes := ev.Writes
	if ev.Patch != "" {
		ws, err := ParsePatch(ev.Patch)
		if err != nil {
			return HookResult{Deny: true, Reason: "[heed] BLOCKED: heed cannot read this patch to check it\n  Reason: " + err.Error() + "\n"}
		}
		writes = ws
	}
	if len(writes) == 0 {
		return HookResult{}
	}
	// the write is judged from the policy too: not from one edited around heed
	sources, err := h.Enforcer.Loader.Verify(root)
	if err != nil {
		var ue *UntrustedError
		if errors.As(err, &ue) {
			return HookResult{Deny: true, Reason: UntrustedMessage(ue)}
		}
		return h.failure(ev, fmt.Sprintf("cannot verify the policy of %s: %v", root, err))
	}
	hits, err := allow(root, newGuard(root, sources, h.Enforcer.Instruction).writeHits(ev.Cwd, writes))
	if err != nil {
		return h.failure(ev, err.Error())
	}
	if len(hits) > 0 {
		return HookResult{Deny: true, Reason: guardMessage(hits)}
	}
	res = HookResult{}
	if h.Writes != nil {
		res = h.checkWrites(root, ev.Cwd, writes)
	}
	if !res.Deny && h.RulesFor != nil {
		res.Context = joinContext(res.Context, h.rulesContext(root, ev.Cwd, writes))
	}
	return res
}

// rulesContext words the rules of each file written, once per file. Failing to list
// them does not deny the write (the write was judged already); the agent is told.
func (h *Hooks) rulesContext(root, cwd string, writes []FileWrite) string {
	var parts []string
	seen := map[string]bool{}
	for _, w := range writes {
		rel, ok := repoRel(root, cwd, w.Path)
		if !ok || w.Delete || w.PathOnly || seen[rel] {
			continue
		}
		seen[rel] = true
		if h.Ignored != nil {
			if ig, err := h.Ignored(root, rel); err == nil && ig {
				continue // left out of judging: no rules govern it
			}
		}
		text, err := h.RulesFor(root, rel)
		if err != nil {
			parts = append(parts, fmt.Sprintf("[heed] could not list the rules for %s: %v; run `heed rules --for %s`\n", rel, err, rel))
			continue
		}
		if text != "" {
			parts = append(parts, "[heed] "+text)
		}
	}
	return truncateContext(strings.Join(parts, "\n"))
}

func joinContext(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "\n" + b
}

// truncateContext cuts the context at a line boundary under maxContext and says where
// the rest is.
func truncateContext(s string) string {
	if len(s) <= maxContext {
		return s
	}
	cut := strings.LastIndexByte(s[:maxContext], '\n')
	if cut < 0 {
		cut = maxContext
	}
	return s[:cut+1] + "[heed] (more rules: run `heed rules --for PATH --format agent`)\n"
}

func (h *Hooks) failure(ev *HookEvent, reason string) HookResult {
	if ev != nil && ev.Phase == PhasePost {
		return HookResult{} // the tool already ran: nothing to deny
	}
	return HookResult{Deny: true, Reason: internalDecision(reason).Message}
}

// record journals what a tool did: a command's outcome, or the files it edited.
func (h *Hooks) record(root string, ev *HookEvent) {
	if h.Enforcer.NoJournal {
		return
	}
	now := h.Enforcer.now().UTC().Format(time.RFC3339Nano)
	if ev.Line != "" || len(ev.Argv) > 0 {
		if ev.ID == "" || ev.Exit == nil {
			return
		}
		if h.Enforcer.Cleared(Request{Root: root, Cwd: ev.Cwd, Line: ev.Line, Argv: ev.Argv}) {
			// a command the pre-filter cleared was not journaled, and no ordering
			// rule reads its outcome: no tree state to take (a git status) either
			return
		}
		en := JournalEntry{Time: now, ID: ev.ID, Exit: ev.Exit}
		if *ev.Exit == 0 {
			en.State = h.Enforcer.state(root)
		}
		_ = AppendJournal(root, en)
		return
	}
	var paths []string
	ws := ev.Writes
	if ev.Patch != "" {
		ws, _ = ParsePatch(ev.Patch)
	}
	for _, w := range ws {
		if rel, ok := repoRel(root, ev.Cwd, w.Path); ok {
			paths = append(paths, rel)
		}
	}
	if len(paths) > 0 {
		sort.Strings(paths)
		_ = AppendJournal(root, JournalEntry{Time: now, ID: newID(), Source: "hook:" + ev.Agent, Session: ev.Session, Edit: paths})
	}
}

// checkWrites computes each file's content after the tool and judges it.
func (h *Hooks) checkWrites(root, cwd string, writes []FileWrite) HookResult {
	var deny, warn shownFindings
	var asks []string
	for _, w := range writes {
		if w.Delete || w.PathOnly || (w.Cell != nil && w.Cell.Markdown) {
			continue
		}
		rel, ok := repoRel(root, cwd, w.Path)
		if !ok {
			continue // outside the repository
		}
		if h.Ignored != nil {
			ig, err := h.Ignored(root, rel)
			if err != nil {
				return HookResult{Deny: true, Reason: internalDecision(fmt.Sprintf("cannot tell whether %s is left out of the checks: %v", rel, err)).Message}
			}
			if ig {
				continue // .heedignore or the configuration leaves it out, as heed check does
			}
		}
		content, err := w.result(root, cwd, rel)
		if err != nil {
			return HookResult{Deny: true, Reason: fmt.Sprintf("[heed] BLOCKED: heed cannot compute what this edit writes to %s, so it cannot check it\n  Reason: %v\n  Instead: read the file again and make the edit match its current content\n", rel, err)}
		}
		judged := rel
		if w.Cell != nil {
			// a code cell is judged as a file of the notebook's language beside it
			// (every line new), and its findings named by the notebook and the cell
			ext := notebookExt(filepath.Join(root, filepath.FromSlash(rel)))
			if ext == "" {
				continue // a kernel heed has no rules for
			}
			judged = rel + ext
		}
		fs, err := h.Writes(root, judged, []byte(content))
		if err != nil {
			return HookResult{Deny: true, Reason: internalDecision(fmt.Sprintf("checking the write to %s: %v", rel, err)).Message}
		}
		for _, f := range fs {
			if w.Cell != nil {
				f.Path = rel + " (cell " + cellName(w.Cell.ID) + ")"
			}
			list := &warn
			if f.Severity == "error" {
				list = &deny
			} else if f.Ask && len(asks) < maxShownFindings {
				asks = append(asks, fmt.Sprintf("%s (%s)", clip(f.Instruction, maxShownText), f.Path))
			}
			if list.n++; list.n > maxShownFindings {
				continue
			}
			at := fmt.Sprintf("%s:%d", f.Path, f.Line)
			if f.Line == 0 {
				at = f.Path // a rule about the file, not one of its lines
			}
			msg := fmt.Sprintf("  %s: %s\n", at, clip(f.Message, maxShownText))
			if f.Instruction != "" {
				msg += "    Rule: " + clip(f.Instruction, maxShownText) + "\n"
			}
			if f.Suggestion != "" {
				msg += "    Instead: " + clip(f.Suggestion, maxShownText) + "\n"
			}
			list.shown = append(list.shown, msg)
		}
	}
	if deny.n > 0 {
		return HookResult{Deny: true, Reason: "[heed] BLOCKED: the write breaks a rule; fix it before it lands\n" + deny.String()}
	}
	if warn.n > 0 {
		ctx := "[heed] WARNING: the write breaks a should-rule\n" + warn.String()
		if len(asks) > 0 {
			return HookResult{Ask: true, Reason: askQuestion("write", asks), Context: ctx}
		}
		return HookResult{Context: ctx}
	}
	return HookResult{}
}

func cellName(id string) string {
	if id == "" {
		return "new"
	}
	return id
}

// notebookExt is the extension of a file in the notebook's kernel language, read
// from its metadata (Python when the notebook is new or says nothing), "" for a
// language heed judges no source of.
func notebookExt(path string) string {
	lang := "python"
	if data, err := os.ReadFile(path); err == nil {
		var nb struct {
			Metadata struct {
				Kernelspec struct {
					Language string `json:"language"`
				} `json:"kernelspec"`
				LanguageInfo struct {
					Name string `json:"name"`
				} `json:"language_info"`
			} `json:"metadata"`
		}
		if json.Unmarshal(data, &nb) == nil {
			if l := nb.Metadata.LanguageInfo.Name + nb.Metadata.Kernelspec.Language; l != "" {
				lang = strings.ToLower(nb.Metadata.LanguageInfo.Name)
				if lang == "" {
					lang = strings.ToLower(nb.Metadata.Kernelspec.Language)
				}
			}
		}
	}
	switch lang {
	case "python", "python3":
		return ".py"
	case "javascript":
		return ".js"
	case "typescript":
		return ".ts"
	case "rust":
		return ".rs"
	case "go":
		return ".go"
	case "java":
		return ".java"
	}
	return ""
}

// shownFindings are the first maxShownFindings of n findings, worded.
type shownFindings struct {
	shown []string
	n     int
}

func (s *shownFindings) String() string {
	out := strings.Join(s.shown, "")
	if more := s.n - len(s.shown); more > 0 {
		out += fmt.Sprintf("  (and %d more %s)\n", more, plural(more, "finding", "findings"))
	}
	return out
}

// result is the file's content after the write (rel is its repository path).
func (w FileWrite) result(root, cwd, rel string) (string, error) {
	if w.Content != nil {
		return *w.Content, nil
	}
	if w.patchSource != "" {
		src := w.patchSource
		if !filepath.IsAbs(src) {
			src = filepath.Join(cwd, src)
		}
		return readPatched(src, w.hunks)
	}
	abs := filepath.Join(root, filepath.FromSlash(rel))
	data, err := os.ReadFile(abs)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) && len(w.Edits) == 1 && w.Edits[0].Old == "" {
			return w.Edits[0].New, nil // an edit that creates the file
		}
		return "", err
	}
	s := string(data)
	for i, e := range w.Edits {
		if e.Old == "" {
			return "", fmt.Errorf("edit %d has an empty old_string", i+1)
		}
		n := strings.Count(s, e.Old)
		switch {
		case n == 0:
			return "", fmt.Errorf("edit %d: the text to replace is not in the file", i+1)
		case e.All:
			s = strings.ReplaceAll(s, e.Old, e.New)
		default:
			s = strings.Replace(s, e.Old, e.New, 1)
		}
	}
	return s, nil
}

// repoRel turns a tool's path (absolute, or relative to cwd) into a repository-relative
// one; ok is false outside the repository.
func repoRel(root, cwd, p string) (string, bool) {
	if p == "" {
		return "", false
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(cwd, p)
	}
	r, err := filepath.Rel(root, filepath.Clean(p))
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(r), true
}

// HookResponse is what the hook process prints and exits with.
type HookResponse struct {
	Stdout, Stderr string
	Code           int
}

// Respond renders a result in the agent's protocol. A denial uses the form each agent
// honours most reliably: exit 2 with the reason on stderr (Claude Code, Codex), or the
// JSON decision on stdout with exit 0 (Gemini CLI, Cursor, Copilot). Gemini CLI takes
// exit 2 as a block too, but counts every exit but 0 as a hook that failed and tells
// the user "Hook(s) [...] failed"; {"decision":"deny","reason":...} with exit 0 is its
// deny, the reason sent to the model as the tool's error.
func Respond(agent string, ev *HookEvent, res HookResult) HookResponse {
	if res.Ask && ev != nil && ev.Phase == PhasePre {
		switch agent {
		case AgentClaude:
			b, _ := json.Marshal(map[string]any{"hookSpecificOutput": map[string]any{"hookEventName": "PreToolUse", "permissionDecision": "ask", "permissionDecisionReason": res.Reason}})
			return HookResponse{Stdout: string(b) + "\n"}
		case AgentCursor:
			b, _ := json.Marshal(map[string]string{"permission": "ask", "user_message": res.Reason, "agent_message": res.Reason})
			return HookResponse{Stdout: string(b) + "\n"}
		}
		// the other agents' hooks cannot ask: the call runs, with the warning
	}
	if !res.Deny {
		switch agent {
		case AgentClaude:
			if res.Context != "" && ev != nil && ev.Phase == PhasePre {
				b, _ := json.Marshal(map[string]any{"hookSpecificOutput": map[string]any{"hookEventName": "PreToolUse", "additionalContext": res.Context}})
				return HookResponse{Stdout: string(b) + "\n"}
			}
		case AgentCursor:
			return HookResponse{Stdout: "{}\n"}
		}
		return HookResponse{}
	}
	switch agent {
	case AgentCursor:
		b, _ := json.Marshal(map[string]string{"permission": "deny", "user_message": firstLine(res.Reason), "agent_message": res.Reason})
		return HookResponse{Stdout: string(b) + "\n", Code: 0}
	case AgentCopilot:
		b, _ := json.Marshal(map[string]string{"permissionDecision": "deny", "permissionDecisionReason": res.Reason})
		return HookResponse{Stdout: string(b) + "\n", Code: 0}
	case AgentGemini:
		b, _ := json.Marshal(map[string]string{"decision": "deny", "reason": res.Reason})
		return HookResponse{Stdout: string(b) + "\n", Code: 0}
	default:
		return HookResponse{Stderr: res.Reason, Code: 2}
	}
}

// askReason is the question put to the user before a command: the rules that want
// their approval, quoted, one a line (the prompt shows it above the command).
func askReason(asks []Violation) string {
	var rules []string
	seen := map[string]bool{}
	for _, v := range asks {
		if v.Constraint == nil || seen[v.Constraint.ID] {
			continue
		}
		seen[v.Constraint.ID] = true
		rules = append(rules, fmt.Sprintf("%q (%s)", tidyQuote(v.Constraint.Text), where(v.Constraint)))
	}
	if len(rules) == 0 {
		rules = append(rules, asks[0].Finding.Message)
	}
	return askQuestion("runs", rules)
}

// askQuestion words the question: what waits ("runs", "write"), then each rule that
// wants the user's yes on a line of its own.
func askQuestion(what string, rules []string) string {
	return "[heed] The repository's instructions ask for your approval before this " + what + ":\n  " + strings.Join(rules, "\n  ")
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return l
}
