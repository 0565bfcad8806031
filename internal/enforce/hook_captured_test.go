package enforce

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/check"
	"github.com/heed-dev/heed/internal/project"
)

// The payloads in testdata/hooks/captured are what the real agents sent to heed's
// hooks in one live session each (internal/enforce/agentlive, TestLiveClaude and
// TestLiveGemini; the versions are in the folder's README). The tests below replay
// each session in order against a repository with the same rules, as `heed hook
// AGENT` answers it, and check every answer in the agent's protocol.

// capturedRules are the rules of the live sessions' repository (agentlive.liveRules).
const capturedRules = "- Never run `npm install`; use `pnpm install`.\n- Run `make lint` before `git commit`.\n- Python code must not use `eval()`."

// capturedPayloads lists an agent's captured payloads in the order they were sent.
func capturedPayloads(t *testing.T, agent string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "hooks", "captured", agent+"-*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no captured payloads of %s: %v", agent, err)
	}
	sort.Strings(files)
	return files
}

// proposedWrite judges a write with the repository's source rules, as heed hook does.
func proposedWrite(root, path string, content []byte) ([]WriteFinding, error) {
	p, err := project.Open(root)
	if err != nil {
		return nil, err
	}
	found, err := check.ProposedWrite(p, path, content)
	if err != nil {
		return nil, err
	}
	var out []WriteFinding
	for _, f := range found {
		wf := WriteFinding{Path: f.File, Line: f.Line, Severity: f.Severity, Rule: f.Rule, Message: f.Message, Suggestion: f.Suggestion}
		if f.Instruction.Text != "" {
			wf.Instruction = fmt.Sprintf("%q (%s:%d)", f.Instruction.Text, f.Instruction.File, f.Instruction.Line)
		}
		out = append(out, wf)
	}
	return out, nil
}

// replayCaptured answers each captured payload of agent in order, in a new repository
// with the live session's rules, and returns the answers by payload number (1-based).
// An allowed write or edit is carried out on the repository, as the agent would.
func replayCaptured(t *testing.T, agent string, hooks *Hooks) (root string, answers map[int]HookResponse, events map[int]*HookEvent) {
	t.Helper()
	root = newRepo(t, capturedRules)
	write(t, root, "analysis/explore.ipynb", `{"cells": [{"cell_type": "code", "id": "c1", "metadata": {}, "outputs": [], "source": ["x = 1\n"]}], "metadata": {"kernelspec": {"language": "python", "name": "python3"}}, "nbformat": 4, "nbformat_minor": 5}`)
	home := t.TempDir()
	answers, events = map[int]HookResponse{}, map[int]*HookEvent{}
	for i, f := range capturedPayloads(t, agent) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s := strings.NewReplacer("$CWD", jsonEscape(root), "$HOME", jsonEscape(home)).Replace(string(data))
		ev, err := ParseHook(agent, []byte(s))
		if err != nil {
			t.Fatalf("%s: heed cannot read what %s sent: %v", filepath.Base(f), agent, err)
		}
		r := Respond(agent, ev, hooks.Handle(ev))
		answers[i+1], events[i+1] = r, ev
		if ev.Phase == PhasePre && !denied(t, agent, r) {
			for _, w := range ev.Writes {
				rel, ok := repoRel(root, ev.Cwd, w.Path)
				if !ok || w.Cell != nil {
					continue
				}
				content, err := w.result(root, ev.Cwd, rel)
				if err != nil {
					t.Fatalf("%s: the allowed write cannot be carried out: %v", filepath.Base(f), err)
				}
				write(t, root, rel, content)
			}
		}
	}
	return root, answers, events
}

// checkReplay checks the answers: the payloads in deny are denied with the text given,
// every other one before a tool is allowed, every one after a tool answered with
// nothing.
func checkReplay(t *testing.T, agent string, answers map[int]HookResponse, events map[int]*HookEvent, deny map[int]string) {
	t.Helper()
	for n := 1; n <= len(answers); n++ {
		r, ev := answers[n], events[n]
		what := fmt.Sprintf("payload %02d (%s %s %s%s)", n, ev.Event, ev.Tool, ev.Line, writePaths(ev))
		if ev.Phase == PhasePost {
			if r.Code != 0 || r.Stdout != "" || r.Stderr != "" {
				t.Errorf("%s: heed answers nothing after a tool, got %+v", what, r)
			}
			continue
		}
		want, isDenied := deny[n]
		got := denied(t, agent, r)
		switch {
		case got != isDenied:
			t.Errorf("%s: denied=%v, want %v (%+v)", what, got, isDenied, r)
		case isDenied && !strings.Contains(r.Stderr+r.Stdout, want):
			t.Errorf("%s: the denial must say %q: %+v", what, want, r)
		}
	}
}

func writePaths(ev *HookEvent) string {
	var out []string
	for _, w := range ev.Writes {
		out = append(out, filepath.Base(w.Path))
	}
	return strings.Join(out, " ")
}

// journalExits maps each command of the journal to the exit statuses recorded for it.
func journalExits(t *testing.T, root string) map[string][]int {
	t.Helper()
	data, _ := os.ReadFile(filepath.Join(root, filepath.FromSlash(JournalFile)))
	lines := map[string]string{}
	out := map[string][]int{}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var e JournalEntry
		if json.Unmarshal([]byte(l), &e) != nil {
			continue
		}
		if e.Line != "" {
			lines[e.ID] = e.Line
		}
		if e.Exit != nil && lines[e.ID] != "" {
			out[lines[e.ID]] = append(out[lines[e.ID]], *e.Exit)
		}
	}
	return out
}

// Claude Code 2.1.332, installed with --rules-context: exit 2 and the reason on
// standard error for a denial; the allowed write's answer carries the file's rules as
// hookSpecificOutput.additionalContext; PostToolUseFailure's "Exit code 2" is the
// outcome journalled, and the commit runs once make lint passed.
func TestCapturedClaudeSession(t *testing.T) {
	h := &Hooks{Enforcer: newEnforcer(), Writes: proposedWrite, RulesFor: func(root, rel string) (string, error) {
		return "Rules for " + rel + ":\n- [must] Python code must not use `eval()`.\n", nil
	}}
	root, answers, events := replayCaptured(t, AgentClaude, h)
	checkReplay(t, AgentClaude, answers, events, map[int]string{
		3: "src/bad.py:1: `eval()` is banned here",
		6: "src/hello.py:1: `eval()` is banned here",
		7: "analysis/explore.ipynb (cell c1):1: `eval()` is banned here",
		8: "Command: npm install left-pad",
		// make lint ran in the background (11, 12): no outcome yet
		13: "`make lint` ran, but heed has no record that it succeeded",
	})
	var out struct {
		HookSpecificOutput struct {
			HookEventName, AdditionalContext string
		}
	}
	if err := json.Unmarshal([]byte(answers[1].Stdout), &out); err != nil || out.HookSpecificOutput.HookEventName != "PreToolUse" ||
		!strings.Contains(out.HookSpecificOutput.AdditionalContext, "[heed] Rules for src/hello.py") {
		t.Errorf("the allowed Write must carry the file's rules as additionalContext: %+v", answers[1])
	}
	exits := journalExits(t, root)
	if got := fmt.Sprint(exits["ls does-not-exist"], exits["make lint"], exits["git add -A && git commit -q -m wip"]); got != "[2] [0] [0]" {
		t.Errorf("journalled outcomes (ls, make lint, commit) = %s, want [2] [0] [0]", got)
	}
}

// Gemini CLI 0.61.0: exit 0 and {"decision":"deny","reason":...} on standard output
// for a denial (exit 2 would show the user "Hook(s) [...] failed"); nothing for an
// allowed tool; no tool-call id, so the outcome of AfterTool ("Exit Code: 2" in
// llmContent) is paired with its command by session, directory and command text.
func TestCapturedGeminiSession(t *testing.T) {
	root, answers, events := replayCaptured(t, AgentGemini, &Hooks{Enforcer: newEnforcer(), Writes: proposedWrite})
	checkReplay(t, AgentGemini, answers, events, map[int]string{
		3: "src/bad.py:1: `eval()` is banned here",
		6: "src/hello.py:1: `eval()` is banned here",
		7: "Command: npm install left-pad",
		// make lint ran in the background (10, 11): no outcome yet
		12: "`make lint` ran, but heed has no record that it succeeded",
	})
	for n, r := range answers {
		if events[n].Phase == PhasePre && !denied(t, AgentGemini, r) && (r.Stdout != "" || r.Stderr != "") {
			t.Errorf("payload %02d: an allowed tool gets no answer, got %+v", n, r)
		}
	}
	exits := journalExits(t, root)
	if got := fmt.Sprint(exits["ls does-not-exist"], exits["make lint"], exits["git add -A && git commit -q -m wip"]); got != "[2] [0] [0]" {
		t.Errorf("journalled outcomes (ls, make lint, commit) = %s, want [2] [0] [0]", got)
	}
}

// How a command ended, read from the captured after-tool payloads and from the same
// payloads with the other endings the agents' shell tools report (Gemini CLI 0.61's
// run_shell_command: a signal, a cancellation, a timeout, a spawn error).
func TestAfterToolOutcomes(t *testing.T) {
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join("testdata", "hooks", "captured", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	geminiFailed := read("gemini-09-AfterTool-run_shell_command.json")
	geminiLlm := func(content string, extra string) string {
		b, _ := json.Marshal("<untrusted_context>\n" + content + "\n</untrusted_context>")
		i := strings.Index(geminiFailed, `"llmContent":`)
		j := strings.Index(geminiFailed, `,"returnDisplay"`)
		return geminiFailed[:i] + `"llmContent":` + string(b) + extra + geminiFailed[j:]
	}
	for _, c := range []struct {
		name, agent, payload string
		want                 string // the exit status, "none" for no outcome
	}{
		{"claude: failed (Exit code 2)", AgentClaude, read("claude-10-PostToolUseFailure-Bash.json"), "2"},
		{"claude: in the background", AgentClaude, read("claude-12-PostToolUse-Bash.json"), "none"},
		{"claude: passed", AgentClaude, read("claude-15-PostToolUse-Bash.json"), "0"},
		{"claude: failed without an exit line", AgentClaude, strings.Replace(read("claude-10-PostToolUseFailure-Bash.json"), `Exit code 2\n`, "", 1), "1"},
		{"claude: interrupted", AgentClaude, strings.Replace(strings.Replace(read("claude-10-PostToolUseFailure-Bash.json"), `Exit code 2\n`, "", 1), `"is_interrupt":false`, `"is_interrupt":true`, 1), "130"},
		{"gemini: failed (Exit Code: 2)", AgentGemini, geminiFailed, "2"},
		{"gemini: in the background", AgentGemini, read("gemini-11-AfterTool-run_shell_command.json"), "none"},
		{"gemini: passed", AgentGemini, read("gemini-14-AfterTool-run_shell_command.json"), "0"},
		{"gemini: ended by a signal", AgentGemini, geminiLlm("Output: (empty)\nSignal: SIGTERM\nProcess Group PGID: 42", ""), "1"},
		{"gemini: cancelled by the user", AgentGemini, geminiLlm("Command was cancelled by user before it could complete. There was no output before it was cancelled.", ""), "130"},
		{"gemini: timed out", AgentGemini, geminiLlm("Command was automatically cancelled because it exceeded the timeout of 5.0 minutes without output. There was no output before it was cancelled.", ""), "130"},
		{"gemini: could not run", AgentGemini, geminiLlm("Output: (empty)\nError: spawn ENOENT", `,"error":{"message":"spawn ENOENT","type":"shell_execute_error"}`), "1"},
		{"gemini: the output says Exit Code: 0, the tool says 3", AgentGemini, geminiLlm("Output: Exit Code: 0\nExit Code: 3\nProcess Group PGID: 42", ""), "3"},
	} {
		ev, err := ParseHook(c.agent, []byte(strings.ReplaceAll(c.payload, "$CWD", "/repo")))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		got := "none"
		if ev.Exit != nil {
			got = fmt.Sprint(*ev.Exit)
		}
		if got != c.want || ev.Phase != PhasePost {
			t.Errorf("%s: exit %s (phase %s), want %s", c.name, got, ev.Phase, c.want)
		}
	}
}

// A file the rules say not to edit by hand is guarded as the agent writes it: the
// write is denied with the rule, generated content or not, and the files the rule
// leaves alone are written as usual. (The payload is Claude Code's Write, as
// captured.)
func TestWritesToFilesNotToEditByHand(t *testing.T) {
	root := newRepo(t, "- Never edit files under `docs/api/` by hand; run `make docs`.")
	write(t, root, "docs/api/ref.md", "<!-- Code generated by docgen. DO NOT EDIT. -->\n# API\n")
	h := &Hooks{Enforcer: newEnforcer(), Writes: proposedWrite}
	payload := func(rel string) []byte {
		return []byte(`{"session_id":"s","transcript_path":"/tmp/t.jsonl","cwd":"` + jsonEscape(root) + `","hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"` + jsonEscape(filepath.Join(root, rel)) + `","content":"# API\n"}}`)
	}
	ev, err := ParseHook(AgentClaude, payload("docs/api/ref.md"))
	if err != nil {
		t.Fatal(err)
	}
	res := h.Handle(ev)
	if !res.Deny || !strings.Contains(res.Reason, "docs/api/ref.md") || !strings.Contains(res.Reason, "by hand") {
		t.Errorf("a write to a file not to edit by hand: %+v", res)
	}
	ev, err = ParseHook(AgentClaude, payload("docs/guide.md"))
	if err != nil {
		t.Fatal(err)
	}
	if res := h.Handle(ev); res.Deny {
		t.Errorf("a write elsewhere was denied: %s", res.Reason)
	}
}
