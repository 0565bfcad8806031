package agentlive

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestLiveClaude runs the real Claude Code (claude -p) against the scripted model in a
// repository with heed's hooks (heed compile, heed hook install claude
// --rules-context): heed blocks `npm install` before it runs and Claude Code hands
// heed's reason to the model; the commit waits for `make lint` and runs once the lint
// passed (PostToolUse journals it); a write, an edit and a notebook cell that break a
// source rule are blocked, an allowed write brings the file's rules to the model.
func TestLiveClaude(t *testing.T) {
	claude := liveCLI(t, "claude")
	s := newLiveSession(t, "claude", nil, "--rules-context")
	s.addCapture(".claude/settings.json")
	hello := filepath.Join(s.repo, "src", "hello.py")
	commit := "git add -A && git commit -q -m wip"
	steps := []liveStep{
		{ModelTurn: ModelTurn{Tool: "Write", Args: map[string]any{"file_path": hello, "content": "print('hello')\n"}}, want: "File created"},
		{ModelTurn: ModelTurn{Tool: "Write", Args: map[string]any{"file_path": filepath.Join(s.repo, "src", "bad.py"), "content": "x = eval('1')\n"}}, deny: true, want: "`eval()` is banned"},
		{ModelTurn: ModelTurn{Tool: "Edit", Args: map[string]any{"file_path": hello, "old_string": "hello", "new_string": "hello, world"}}, want: "updated successfully"},
		{ModelTurn: ModelTurn{Tool: "Edit", Args: map[string]any{"file_path": hello, "old_string": "print('hello, world')", "new_string": "print(eval('1'))"}}, deny: true, want: "`eval()` is banned"},
		// NotebookEdit is a deferred tool: the model loads it first
		{ModelTurn: ModelTurn{Tool: "ToolSearch", Args: map[string]any{"query": "select:NotebookEdit"}}, want: "NotebookEdit"},
		{ModelTurn: ModelTurn{Tool: "Read", Args: map[string]any{"file_path": filepath.Join(s.repo, "analysis", "explore.ipynb")}}, want: "x = 1"},
		{ModelTurn: ModelTurn{Tool: "NotebookEdit", Args: map[string]any{"notebook_path": filepath.Join(s.repo, "analysis", "explore.ipynb"), "cell_id": "c1", "new_source": "x = eval('2')\n", "cell_type": "code", "edit_mode": "replace"}}, deny: true, want: "analysis/explore.ipynb (cell c1)"},
		{ModelTurn: ModelTurn{Tool: "Bash", Args: map[string]any{"command": "npm install left-pad", "description": "Install left-pad"}}, deny: true, want: "pnpm install"},
		{ModelTurn: ModelTurn{Tool: "Bash", Args: map[string]any{"command": "ls does-not-exist", "description": "List a missing file"}}, want: "Exit code 2"},
		// a lint run in the background has not passed when the commit comes
		{ModelTurn: ModelTurn{Tool: "Bash", Args: map[string]any{"command": "make lint", "description": "Run the linter", "run_in_background": true}}},
		{ModelTurn: ModelTurn{Tool: "Bash", Args: map[string]any{"command": commit, "description": "Commit the change"}}, deny: true, want: "`make lint` ran, but heed has no record that it succeeded"},
		{ModelTurn: ModelTurn{Tool: "Bash", Args: map[string]any{"command": "make lint", "description": "Run the linter"}}, want: "lint ok"},
		{ModelTurn: ModelTurn{Tool: "Bash", Args: map[string]any{"command": commit, "description": "Commit the change"}}},
	}
	srv, err := NewAnthropic(liveScript(steps))
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	env := []string{
		"ANTHROPIC_BASE_URL=" + srv.URL, "ANTHROPIC_API_KEY=sk-heed-live",
		"DISABLE_AUTOUPDATER=1", "DISABLE_TELEMETRY=1", "DISABLE_ERROR_REPORTING=1",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1",
	}
	version, _ := s.run(time.Minute, env, claude, "--version")
	// Claude Code checks its settings files against its own schema (the package ships
	// none to read): claude doctor lists what it refuses
	doctor, err := s.run(2*time.Minute, env, claude, "doctor")
	if err != nil || strings.Contains(doctor, "Invalid settings") || strings.Contains(doctor, ".claude/settings.json") {
		t.Errorf("claude doctor finds fault with the settings heed wrote (%v):\n%s", err, doctor)
	}
	os.Remove(filepath.Join(s.stub, "ran")) // claude doctor asks npm for its prefix
	out, err := s.run(5*time.Minute, env, claude, "-p", "Add src/hello.py, install left-pad and commit.",
		"--output-format", "json", "--allowedTools", "Bash,Write,Edit,NotebookEdit", "--max-turns", "30")
	t.Logf("claude %s: %s", strings.TrimSpace(version), out)
	if err != nil {
		t.Fatalf("claude -p: %v", err)
	}
	if strings.Contains(out, "did not load") {
		t.Errorf("Claude Code refused the settings heed wrote:\n%s", out)
	}
	checkResults(t, steps, srv.ToolResults())
	if ran := s.ran(); ran != "" {
		t.Errorf("a blocked command ran: %q", ran)
	}
	// --rules-context: the allowed write's answer (additionalContext) reaches the model
	context := false
	for _, r := range srv.Requests() {
		context = context || (r.Main && r.Turn == 1 && bytes.Contains(r.Body, []byte(`[heed] Rules for src/hello.py`)))
	}
	if !context {
		t.Errorf("the rules of src/hello.py did not reach the model after the allowed write")
	}
	if log, _ := s.run(time.Minute, nil, "git", "log", "--oneline"); !strings.Contains(log, "wip") {
		t.Errorf("the commit after lint did not happen: %s", log)
	}
	if j := s.journal(); !strings.Contains(j, `"exit":0`) || !strings.Contains(j, `"exit":2`) || !strings.Contains(j, "src/hello.py") {
		t.Errorf("the journal must hold the outcomes (make lint 0, ls 2) and the edit:\n%s", j)
	}
	names, _ := s.checkPayloads()
	s.saveCaptured(names, "Claude Code "+strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(version), "(Claude Code)")))
}
