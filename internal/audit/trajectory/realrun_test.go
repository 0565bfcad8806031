package trajectory

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A mini-SWE-agent v2 run shaped like SWE-CC's released one
// (dangtruong01/swe-cc-arxiv, examples/sympy__sympy-11618-native/trajectory.json): the
// submit command's tool message says "action was not executed" with returncode -1,
// and the "exit" message that follows holds what it printed, the submission.
func miniSWERun(t *testing.T, withExit bool) []byte {
	t.Helper()
	submission := "===PROBE===\nbase_commit=abc\n===PATCH_COMMITTED===\ndiff --git a/x.py b/x.py\n"
	msgs := []any{
		map[string]any{"role": "system", "content": "You are a helpful assistant."},
		map[string]any{"role": "user", "content": "Fix the bug."},
		map[string]any{"role": "assistant", "content": nil, "extra": map[string]any{"actions": []any{
			map[string]any{"command": "cd /testbed && git commit -q -m 'Fix the bug'", "tool_call_id": "call_1"}}}},
		map[string]any{"role": "tool", "tool_call_id": "call_1", "content": "<returncode>0</returncode><output>\n</output>",
			"extra": map[string]any{"raw_output": "", "returncode": 0, "exception_info": ""}},
		map[string]any{"role": "assistant", "content": "Done.\n\nPR SUBMISSION:\n\nFix the bug\n\nIt was off by one.",
			"extra": map[string]any{"actions": []any{
				map[string]any{"command": "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && bash /opt/collect.sh", "tool_call_id": "call_2"}}}},
		map[string]any{"role": "tool", "tool_call_id": "call_2", "content": "<exception>action was not executed</exception>\n<returncode>-1</returncode><output>\n</output>",
			"extra": map[string]any{"raw_output": "", "returncode": -1, "exception_info": "action was not executed"}},
	}
	if withExit {
		msgs = append(msgs, map[string]any{"role": "exit", "content": submission, "extra": map[string]any{"exit_status": "Submitted", "submission": submission}})
	}
	doc := map[string]any{"info": map[string]any{"exit_status": "Submitted", "submission": submission,
		"config": map[string]any{"model": map[string]any{"model_name": "m"}, "environment": map[string]any{"cwd": "/testbed"}}},
		"messages": msgs, "trajectory_format": "mini-swe-agent-1.1"}
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestMiniSWESubmitCommandRan(t *testing.T) {
	for _, withExit := range []bool{true, false} {
		tr, err := Parse(miniSWERun(t, withExit), "auto")
		if err != nil {
			t.Fatal(err)
		}
		if len(tr.Steps) != 2 {
			t.Fatalf("steps: %d", len(tr.Steps))
		}
		s := tr.Steps[1]
		if s.Denied || s.Exit == nil || *s.Exit != 0 || !strings.Contains(s.Output, "===PATCH_COMMITTED===") {
			t.Errorf("exit message %v: the submit command reads as %s, output %q; want run, exit 0, its output the submission", withExit, render(s), s.Output)
		}
		if tr.PR != "Fix the bug\n\nIt was off by one." {
			t.Errorf("PR text %q", tr.PR)
		}
		if tr.PRStep == nil || *tr.PRStep != 1 {
			t.Errorf("the PR text came with the submit command (step 1), got %v", tr.PRStep)
		}
	}
}

// A command recorded as not executed that is not the submission stays refused: only
// the submit sentinel's command has its output in the exit message.
func TestMiniSWEOtherNotExecutedStaysRefused(t *testing.T) {
	data := miniSWERun(t, true)
	data = []byte(strings.ReplaceAll(string(data), "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT \\u0026\\u0026 bash /opt/collect.sh", "rm -rf build"))
	tr, err := Parse(data, "auto")
	if err != nil {
		t.Fatal(err)
	}
	if s := tr.Steps[1]; s.Command != "rm -rf build" || !s.Denied {
		t.Fatalf("got %s", render(s))
	}
}

// Claude Code's Read, Grep and Glob calls are not steps, and their results are not
// results without a call.
func TestClaudeResultsOfReadAreNoOrphans(t *testing.T) {
	lines := []map[string]any{
		{"type": "assistant", "uuid": "u1", "sessionId": "s", "cwd": "/w", "message": map[string]any{"model": "claude-x", "content": []any{
			map[string]any{"type": "tool_use", "id": "toolu_r", "name": "Read", "input": map[string]any{"file_path": "/w/a.go"}},
			map[string]any{"type": "tool_use", "id": "toolu_b", "name": "Bash", "input": map[string]any{"command": "go test ./..."}}}}},
		{"type": "user", "uuid": "u2", "sessionId": "s", "message": map[string]any{"role": "user", "content": []any{
			map[string]any{"type": "tool_result", "tool_use_id": "toolu_r", "content": "package a"},
			map[string]any{"type": "tool_result", "tool_use_id": "toolu_b", "content": "ok"},
			map[string]any{"type": "tool_result", "tool_use_id": "toolu_gone", "content": "?"}}}},
	}
	var b strings.Builder
	for _, l := range lines {
		j, _ := json.Marshal(l)
		b.Write(j)
		b.WriteByte('\n')
	}
	tr, err := Parse([]byte(b.String()), "auto")
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Steps) != 1 || tr.Steps[0].Command != "go test ./..." {
		t.Fatalf("steps: %+v", tr.Steps)
	}
	if len(tr.Warnings) != 1 || !strings.Contains(tr.Warnings[0], "toolu_gone") {
		t.Fatalf("warnings: %q (want the one result whose call is missing)", tr.Warnings)
	}
}

// OpenHands' evaluation harness writes output.jsonl: one EvalOutput per line
// ({instance_id, instruction, metadata, history, test_result, error}), the history the
// V0 event stream. Each line is a run; heed audits the first and says so.
func TestOpenHandsEvalOutputLines(t *testing.T) {
	events, err := os.ReadFile(filepath.Join(samples, "openhands", "events-v0.json"))
	if err != nil {
		t.Fatal(err)
	}
	var history []any
	if err := json.Unmarshal(events, &history); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, id := range []string{"tally__tally-1", "tally__tally-2"} {
		line, _ := json.Marshal(map[string]any{"instance_id": id, "instruction": "Fix it.",
			"metadata": map[string]any{"agent_class": "CodeActAgent", "llm_config": map[string]any{"model": "openai/gpt-x"}},
			"history":  history, "test_result": map[string]any{"git_patch": ""}, "error": nil})
		b.Write(line)
		b.WriteByte('\n')
	}
	for _, format := range []string{"auto", OpenHands} {
		tr, err := Read(strings.NewReader(b.String()), format)
		if err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		if tr.Format != OpenHands || len(tr.Steps) != len(sessionSteps) || tr.Model != "openai/gpt-x" {
			t.Fatalf("%s: format %s, %d steps (want %d), model %q", format, tr.Format, len(tr.Steps), len(sessionSteps), tr.Model)
		}
		if len(tr.Warnings) != 1 || !strings.Contains(tr.Warnings[0], "2 runs") || !strings.Contains(tr.Warnings[0], "tally__tally-1") {
			t.Errorf("%s: warnings %q", format, tr.Warnings)
		}
	}
}

// Gemini CLI chats, in both forms it writes (a whole-session JSON file, and JSON
// lines: a metadata line, messages, control lines), are read as Gemini's, never as a
// Claude Code transcript with nothing in it.
func TestGeminiChat(t *testing.T) {
	shell := func(id, cmd, output, status string) map[string]any {
		return map[string]any{"id": id, "name": "run_shell_command", "args": map[string]any{"command": cmd, "description": "run"},
			"result": []any{map[string]any{"functionResponse": map[string]any{"id": id, "name": "run_shell_command",
				"response": map[string]any{"output": output}}}}, "status": status, "timestamp": "2026-03-02T10:00:02Z"}
	}
	msgs := []map[string]any{
		{"id": "m1", "timestamp": "2026-03-02T10:00:00Z", "type": "user", "content": "Add a helper."},
		{"id": "m2", "timestamp": "2026-03-02T10:00:01Z", "type": "gemini", "content": "Looking.", "model": "gemini-2.5-pro",
			"toolCalls": []any{
				map[string]any{"id": "r1", "name": "read_file", "args": map[string]any{"absolute_path": "/w/a.py"}, "status": "success"},
				shell("s1", "pytest -q", "Command: pytest -q\nDirectory: (root)\nOutput: 1 failed\nError: (none)\nExit Code: 1", "success"),
				map[string]any{"id": "w1", "name": "write_file", "args": map[string]any{"file_path": "/w/b.py", "content": "x = 1\n"}, "status": "success"},
				shell("s2", "git push --force", "", "cancelled"),
			}},
		{"id": "m3", "timestamp": "2026-03-02T10:00:03Z", "type": "gemini", "content": "Done.\n\nPR SUBMISSION:\nAdd a helper\n\nBody."},
	}
	whole, _ := json.Marshal(map[string]any{"sessionId": "s-1", "projectHash": "abc", "startTime": "2026-03-02T10:00:00Z",
		"lastUpdated": "2026-03-02T10:00:03Z", "messages": msgs})
	var lines strings.Builder
	meta, _ := json.Marshal(map[string]any{"sessionId": "s-1", "startTime": "2026-03-02T10:00:00Z", "lastUpdated": "2026-03-02T10:00:03Z", "kind": "main"})
	lines.Write(meta)
	lines.WriteByte('\n')
	for _, m := range append(msgs[:2:2], map[string]any{"id": "m9", "type": "gemini", "content": "A turn taken back.",
		"toolCalls": []any{shell("s9", "rm -rf /", "", "success")}}) {
		j, _ := json.Marshal(m)
		lines.Write(j)
		lines.WriteByte('\n')
	}
	lines.WriteString(`{"$rewindTo":"m9"}` + "\n")
	j, _ := json.Marshal(msgs[2])
	lines.Write(j)
	lines.WriteString("\n" + `{"$set":{"lastUpdated":"2026-03-02T10:00:04Z"}}` + "\n")
	want := []string{`command "pytest -q" exit=1`, `write /w/b.py (6 bytes)`, `command "git push --force" DENIED`}
	for name, data := range map[string]string{"json": string(whole), "jsonl": lines.String()} {
		tr, err := Read(strings.NewReader(data), "auto")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var got []string
		for _, s := range tr.Steps {
			got = append(got, render(s))
		}
		if tr.Format != Gemini || strings.Join(got, "; ") != strings.Join(want, "; ") || tr.Model != "gemini-2.5-pro" {
			t.Errorf("%s: format %s, model %q, steps:\n%s\nwant:\n%s", name, tr.Format, tr.Model, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if tr.PR != "Add a helper\n\nBody." || tr.PRStep == nil || *tr.PRStep != 2 {
			t.Errorf("%s: PR %q at %v", name, tr.PR, tr.PRStep)
		}
	}
	// Read as Claude Code's (--agent claude), it judges nothing, and says so.
	tr, err := Read(strings.NewReader(lines.String()), Claude)
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Steps) != 0 || len(tr.Warnings) == 0 || !strings.Contains(tr.Warnings[len(tr.Warnings)-1], "is this a Claude Code transcript") {
		t.Errorf("as Claude: %d steps, warnings %q", len(tr.Steps), tr.Warnings)
	}
}
