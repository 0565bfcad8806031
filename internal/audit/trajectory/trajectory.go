// Package trajectory reads what coding agents record of a session: Claude Code
// transcripts, Codex rollouts, mini-SWE-agent trajectories, OpenHands event streams and
// heed's own journal. Each adapter turns its format into the same ordered list of
// steps: shell commands with their exit status and output where recorded, and file
// edits with their paths and text.
//
// Reading is tolerant: a malformed or truncated record becomes a warning and the
// records that could be read are kept, because an audit judges whatever evidence
// survived. Only a file with nothing readable, or of no known format, is an error.
package trajectory

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"strings"
)

// Formats heed reads (the --agent values besides auto).
const (
	Claude       = "claude"
	Codex        = "codex"
	MiniSWEAgent = "mini-swe-agent"
	OpenHands    = "openhands"
	Gemini       = "gemini"
	Heed         = "heed"
)

// Formats lists the --agent values.
var Formats = []string{Claude, Codex, MiniSWEAgent, OpenHands, Gemini, Heed}

// Step kinds.
const (
	// KindCommand is a shell command line.
	KindCommand = "command"
	// KindWrite writes a whole file (Content is the new content).
	KindWrite = "write"
	// KindEdit replaces text in a file (Edits).
	KindEdit = "edit"
	// KindPatch is one file of a patch (Codex apply_patch): Added holds its + lines,
	// Content the whole file when the patch adds it.
	KindPatch = "patch"
	// KindDelete removes a file.
	KindDelete = "delete"
)

// Step is one action of the session, in order.
type Step struct {
	// Index is the step's position in the session (0-based), over commands and edits.
	Index int    `json:"index"`
	Kind  string `json:"kind"`
	// Tool is the tool as the agent named it (Bash, Write, exec_command, apply_patch,
	// terminal, str_replace_editor, ...).
	Tool string `json:"tool,omitempty"`
	// Command is the shell line of a command step.
	Command string `json:"command,omitempty"`
	// Cwd is the directory the step ran in, as recorded (usually absolute).
	Cwd string `json:"cwd,omitempty"`
	// Exit is the command's exit status when the trajectory records it.
	Exit *int `json:"exit,omitempty"`
	// Output is the command's output (truncated to MaxOutput bytes).
	Output string `json:"output,omitempty"`
	// Denied is true when the agent asked for the step but it did not run: a hook or
	// the user refused it.
	Denied bool `json:"denied,omitempty"`
	// Path is the file an edit step changes, as recorded.
	Path string `json:"path,omitempty"`
	// Content is the file's whole new content (write steps, added files).
	Content *string `json:"content,omitempty"`
	// Edits are the replacements of an edit step, in order.
	Edits []Edit `json:"edits,omitempty"`
	// Added are the lines a patch step adds.
	Added []string `json:"added,omitempty"`
	// Time is the recorded timestamp, when there is one.
	Time string `json:"time,omitempty"`
	// Record is the 1-based line (JSONL) or position (JSON list) of the record in the
	// trajectory file, for messages.
	Record int `json:"record,omitempty"`
}

// Edit is one old-to-new replacement.
type Edit struct {
	Old string `json:"old"`
	New string `json:"new"`
	All bool   `json:"all,omitempty"`
}

// Trajectory is a session as heed reads it.
type Trajectory struct {
	Format string `json:"format"`
	// Model is the model the agent ran, when recorded.
	Model string `json:"model,omitempty"`
	// Cwd is the session's starting directory, when recorded.
	Cwd string `json:"cwd,omitempty"`
	// StartCommit is the commit the session started from, when recorded (Codex).
	StartCommit string `json:"start_commit,omitempty"`
	// StartBranch is the branch checked out when the session started, when recorded:
	// Claude Code's gitBranch on its first record that has one, Codex's session_meta
	// git.branch. "" when unknown or detached.
	StartBranch string `json:"start_branch,omitempty"`
	Steps       []Step `json:"steps"`
	// PR is pull-request text found in the session (after "PR SUBMISSION:"), or "".
	PR string `json:"pr,omitempty"`
	// PRStep is the step the PR text came with (the action of the message that wrote
	// it, else the last step before it); nil when unknown.
	PRStep *int `json:"pr_step,omitempty"`
	// Warnings are the problems that did not stop reading: a malformed record, a
	// result without its call, a truncated end.
	Warnings []string `json:"warnings,omitempty"`
	// Truncated is true when the file ends inside a record: later steps are unknown.
	Truncated bool `json:"truncated,omitempty"`
}

// MaxOutput bounds the output kept per command.
const MaxOutput = 8 << 10

// capOutput keeps the first MaxOutput bytes of a command's output, saying so. It is
// idempotent: the adapters cap an output as they read it (a long session's outputs
// are not all held whole meanwhile), Parse caps them all again.
func capOutput(s string) string {
	if len(s) > MaxOutput {
		return s[:MaxOutput] + "\n[... output truncated by heed]"
	}
	return s
}

// ErrUnknownFormat is returned when no adapter recognises the file.
var ErrUnknownFormat = errors.New("unknown trajectory format")

// Parse reads a trajectory in the given format ("" or "auto" detects it).
func Parse(data []byte, format string) (*Trajectory, error) {
	if format == "" || format == "auto" {
		f, err := Detect(data)
		if err != nil {
			return nil, err
		}
		format = f
	}
	var t *Trajectory
	var err error
	switch format {
	case Claude:
		t, err = parseClaude(data)
	case Codex:
		t, err = parseCodex(data)
	case MiniSWEAgent:
		t, err = parseMiniSWE(data)
	case OpenHands:
		t, err = parseOpenHands(data)
	case Gemini:
		t, err = parseGemini(data)
	case Heed:
		t, err = parseJournal(data)
	default:
		return nil, fmt.Errorf("unknown --agent %q (want auto, %s)", format, strings.Join(Formats, ", "))
	}
	if err != nil {
		return nil, err
	}
	finish(t, format)
	return t, nil
}

// finish completes what an adapter read: the format, the steps' positions, the
// outputs capped, the PR text trimmed.
func finish(t *Trajectory, format string) {
	t.Format = format
	for i := range t.Steps {
		t.Steps[i].Index = i
		t.Steps[i].Output = capOutput(t.Steps[i].Output)
	}
	t.PR = strings.TrimSpace(t.PR)
	if t.PR == "" || len(t.Steps) == 0 {
		t.PRStep = nil
	} else if t.PRStep != nil && *t.PRStep >= len(t.Steps) {
		t.PRStep = intPtr(len(t.Steps) - 1)
	}
}

// submitSentinel is the line mini-swe-agent's submit command prints first; its output
// after the line is the submission.
const submitSentinel = "COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT"

// Detect tells the format of a trajectory from its first records.
func Detect(data []byte) (string, error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return "", fmt.Errorf("%w: the file is empty", ErrUnknownFormat)
	}
	// A JSON document (mini-SWE-agent, OpenHands) or JSON lines (Claude, Codex, heed)?
	if trimmed[0] == '[' || trimmed[0] == '{' {
		// a document cut short is read up to the cut
		if doc, _, _, err := decodeDocument(trimmed); err == nil {
			if f := detectDocument(doc); f != "" {
				return f, nil
			}
		}
	}
	votes := map[string]int{}
	n := 0
	for _, line := range bytes.Split(trimmed, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		var rec map[string]any
		if json.Unmarshal(line, &rec) != nil {
			continue
		}
		if f := detectRecord(rec); f != "" {
			votes[f]++
		}
		if n++; n >= 50 {
			break
		}
	}
	best, bestN := "", 0
	for f, v := range votes {
		if v > bestN || (v == bestN && f < best) {
			best, bestN = f, v
		}
	}
	if best == "" {
		return "", fmt.Errorf("%w: no record looks like a Claude Code transcript, a Codex rollout, a mini-SWE-agent trajectory, an OpenHands event stream, a Gemini CLI chat or a heed journal (pass --agent to name the format)", ErrUnknownFormat)
	}
	return best, nil
}

func detectDocument(doc any) string {
	switch d := doc.(type) {
	case []any:
		// A bare OpenHands event list.
		for _, e := range d {
			if m, ok := e.(map[string]any); ok && isOpenHandsEvent(m) {
				return OpenHands
			}
		}
	case map[string]any:
		if _, ok := d["messages"].([]any); ok {
			if _, ok := d["info"]; ok || d["trajectory_format"] != nil {
				return MiniSWEAgent
			}
		}
		for _, k := range []string{"history", "events"} {
			if evs, ok := d[k].([]any); ok {
				for _, e := range evs {
					if m, ok := e.(map[string]any); ok && isOpenHandsEvent(m) {
						return OpenHands
					}
				}
			}
		}
		if f := detectRecord(d); f != "" {
			return f
		}
	}
	return ""
}

func isOpenHandsEvent(m map[string]any) bool {
	if k, _ := m["kind"].(string); strings.HasSuffix(k, "Event") || strings.HasSuffix(k, "Observation") {
		return true
	}
	_, a := m["action"].(string)
	_, o := m["observation"].(string)
	_, src := m["source"]
	return (a || o) && src
}

func detectRecord(rec map[string]any) string {
	// A Gemini CLI chat: its messages, or its JSON lines' metadata line. First: a
	// user message of it would otherwise pass for a Claude Code record.
	if isGeminiMessage(rec) {
		return Gemini
	}
	// An OpenHands EvalOutput (a line of its evaluation's output.jsonl).
	if h, ok := rec["history"].([]any); ok {
		for _, e := range h {
			if m, ok := e.(map[string]any); ok && isOpenHandsEvent(m) {
				return OpenHands
			}
		}
	}
	typ, _ := rec["type"].(string)
	if _, ok := rec["payload"]; ok && rec["timestamp"] != nil {
		switch typ {
		case "session_meta", "response_item", "turn_context", "event_msg", "compacted":
			return Codex
		}
	}
	switch typ {
	case "user", "assistant", "system", "summary", "file-history-snapshot", "queue-operation", "result":
		if _, ok := rec["message"].(map[string]any); ok || rec["uuid"] != nil || rec["sessionId"] != nil || typ == "summary" {
			return Claude
		}
	}
	// heed's journal: {"t", "id", ...} with a command, an outcome or an edit.
	if _, ok := rec["argv"]; ok {
		return Heed
	}
	if _, t := rec["t"].(string); t && rec["id"] != nil && (rec["line"] != nil || rec["exit"] != nil || rec["edit"] != nil || rec["verdict"] != nil) {
		return Heed
	}
	if d, _ := rec["decision"].(string); d != "" && (rec["line"] != nil || rec["command"] != nil) {
		return Heed
	}
	return ""
}

// jsonLines splits JSONL into records, keeping each record's line number. A line that
// does not parse becomes a warning; a last line that does not parse marks the file
// truncated.
func jsonLines(data []byte, t *Trajectory) []record {
	var out []record
	var w []string
	for r := range records(dataLines(data), t, &w) {
		out = append(out, r)
	}
	t.Warnings = append(w, t.Warnings...)
	return out
}

// records decodes JSON lines one at a time, as next yields them (each line valid only
// until the next), for an adapter to consume as they come: a long session is never
// held decoded whole. The warnings about lines go to *warnings, in line order (the
// caller puts them before its own, as jsonLines does).
func records(next func() ([]byte, bool), t *Trajectory, warnings *[]string) iter.Seq[record] {
	return func(yield func(record) bool) {
		n := 0
		// A line that does not parse is the cut end of the file if no line with
		// anything on it follows: known only at the next such line, or at the end.
		pending, pendingErr := 0, error(nil)
		flush := func(last bool) {
			if pending == 0 {
				return
			}
			if last {
				// The last record is cut: a writer stopped mid-line (with or without the
				// final newline).
				t.Truncated = true
				*warnings = append(*warnings, fmt.Sprintf("line %d: the file ends inside a record (truncated); the steps after it are unknown", pending))
			} else {
				*warnings = append(*warnings, fmt.Sprintf("line %d: not a JSON record (%s); skipped", pending, shortErr(pendingErr)))
			}
			pending = 0
		}
		for {
			line, ok := next()
			if !ok {
				break
			}
			n++
			line = bytes.TrimSpace(line)
			if len(line) == 0 {
				continue
			}
			flush(false)
			var m map[string]any
			if err := json.Unmarshal(line, &m); err != nil {
				pending, pendingErr = n, err
				continue
			}
			if !yield(record{line: n, m: m}) {
				return
			}
		}
		flush(true)
	}
}

// dataLines yields the lines of data ("\n"-separated, as bytes.Split cuts them).
func dataLines(data []byte) func() ([]byte, bool) {
	done := false
	return func() ([]byte, bool) {
		if done {
			return nil, false
		}
		line, rest, found := bytes.Cut(data, []byte("\n"))
		if !found {
			done = true
		}
		data = rest
		return line, true
	}
}

type record struct {
	line int
	m    map[string]any
}

func shortErr(err error) string {
	s := err.Error()
	if len(s) > 80 {
		s = s[:80] + "..."
	}
	return s
}

// Small accessors over decoded JSON, tolerant of any shape.

func str(m map[string]any, keys ...string) string {
	for _, k := range keys {
		if s, ok := m[k].(string); ok {
			return s
		}
	}
	return ""
}

func obj(m map[string]any, key string) map[string]any {
	o, _ := m[key].(map[string]any)
	return o
}

func list(m map[string]any, key string) []any {
	l, _ := m[key].([]any)
	return l
}

func intOf(v any) (int, bool) {
	switch n := v.(type) {
	case float64:
		if n == float64(int(n)) {
			return int(n), true
		}
	case json.Number:
		i, err := n.Int64()
		return int(i), err == nil
	case string:
		var i int
		if _, err := fmt.Sscanf(n, "%d", &i); err == nil {
			return i, true
		}
	}
	return 0, false
}

func intPtr(i int) *int { return &i }

// textOf flattens a content value: a string, or a list of {type: text, text} blocks.
func textOf(v any) string {
	switch c := v.(type) {
	case string:
		return c
	case []any:
		var parts []string
		for _, b := range c {
			switch bb := b.(type) {
			case string:
				parts = append(parts, bb)
			case map[string]any:
				if s := str(bb, "text", "content", "output"); s != "" {
					parts = append(parts, s)
				}
			}
		}
		return strings.Join(parts, "\n")
	case map[string]any:
		return str(c, "text", "content", "output")
	}
	return ""
}

// prMarker introduces pull-request text in SWE-CC style runs.
const prMarker = "PR SUBMISSION:"

// prFrom returns the text after the marker, or "".
func prFrom(s string) string {
	i := strings.LastIndex(s, prMarker)
	if i < 0 {
		return ""
	}
	return strings.TrimSpace(s[i+len(prMarker):])
}
