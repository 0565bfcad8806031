package agentlive

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestLiveGemini runs the real Gemini CLI (gemini -p, approval mode yolo) against the
// scripted model in a repository with heed's hooks (heed compile, heed hook install
// gemini): heed blocks `npm install` before it runs, Gemini CLI hands heed's reason to
// the model as the tool's error and reports no failed hook; the commit waits for
// `make lint`, and runs once the lint passed (AfterTool journals it, paired with its
// command without a tool-call id); a write and an edit that break a source rule are
// blocked.
func TestLiveGemini(t *testing.T) {
	gemini := liveCLI(t, "gemini")
	// a team's settings with comments, which Gemini CLI reads (0.61 refuses trailing
	// commas, "Expected double-quoted property name"): heed merges its hooks into them
	s := newLiveSession(t, "gemini", map[string]string{".gemini/settings.json": "{\n  // the team's settings\n  \"ui\": {\"hideTips\": true} /* no tips */\n}\n"})
	if data, _ := os.ReadFile(filepath.Join(s.repo, ".gemini", "settings.json")); !strings.Contains(string(data), "// the team's settings") || !strings.Contains(string(data), "/* no tips */") {
		t.Errorf("heed hook install gemini must keep the file's comments:\n%s", data)
	}
	s.addCapture(".gemini/settings.json")
	s.writeFile(filepath.Join(s.home, ".gemini", "settings.json"), `{
  "security": {"auth": {"selectedType": "gemini-api-key"}},
  "privacy": {"usageStatisticsEnabled": false},
  "general": {"disableAutoUpdate": true, "disableUpdateNag": true}
}
`, 0o644)
	hello := filepath.Join(s.repo, "src", "hello.py")
	commit := "git add -A && git commit -q -m wip"
	steps := []liveStep{
		{ModelTurn: ModelTurn{Tool: "write_file", Args: map[string]any{"file_path": hello, "content": "print('hello')\n"}}, want: "Successfully created"},
		{ModelTurn: ModelTurn{Tool: "write_file", Args: map[string]any{"file_path": filepath.Join(s.repo, "src", "bad.py"), "content": "x = eval('1')\n"}}, deny: true, want: "`eval()` is banned"},
		{ModelTurn: ModelTurn{Tool: "replace", Args: map[string]any{"file_path": hello, "old_string": "hello", "new_string": "hello, world", "instruction": "Greet the world."}}, want: "Successfully modified"},
		{ModelTurn: ModelTurn{Tool: "replace", Args: map[string]any{"file_path": hello, "old_string": "print('hello, world')", "new_string": "print(eval('1'))", "instruction": "Evaluate."}}, deny: true, want: "`eval()` is banned"},
		{ModelTurn: ModelTurn{Tool: "run_shell_command", Args: map[string]any{"command": "npm install left-pad", "description": "Install left-pad"}}, deny: true, want: "pnpm install"},
		{ModelTurn: ModelTurn{Tool: "run_shell_command", Args: map[string]any{"command": "ls does-not-exist", "description": "List a missing file"}}, want: "Exit Code: 2"},
		// a lint run in the background has not passed when the commit comes
		{ModelTurn: ModelTurn{Tool: "run_shell_command", Args: map[string]any{"command": "make lint", "description": "Run the linter", "is_background": true}}, want: "background"},
		{ModelTurn: ModelTurn{Tool: "run_shell_command", Args: map[string]any{"command": commit, "description": "Commit the change"}}, deny: true, want: "`make lint` ran, but heed has no record that it succeeded"},
		{ModelTurn: ModelTurn{Tool: "run_shell_command", Args: map[string]any{"command": "make lint", "description": "Run the linter"}}, want: "lint ok"},
		{ModelTurn: ModelTurn{Tool: "run_shell_command", Args: map[string]any{"command": commit, "description": "Commit the change"}}},
	}
	srv, err := NewGemini(liveScript(steps))
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	env := []string{
		"GOOGLE_GEMINI_BASE_URL=" + srv.URL, "GEMINI_API_KEY=heed-live",
		"GEMINI_CLI_TRUST_WORKSPACE=true", "GEMINI_CLI_NO_RELAUNCH=1",
	}
	version, _ := s.run(time.Minute, env, gemini, "--version")
	out, err := s.run(5*time.Minute, env, gemini, "-p", "Add src/hello.py, install left-pad and commit.",
		"--approval-mode", "yolo", "--output-format", "json")
	t.Logf("gemini %s: %s", strings.TrimSpace(version), out)
	if err != nil {
		t.Fatalf("gemini -p: %v", err)
	}
	// Gemini CLI checks its settings files against its own schema (the package ships
	// none to read) and says what does not fit
	for _, bad := range []string{"Invalid configuration in", "Invalid hook event name", "Discarding invalid hook"} {
		if strings.Contains(out, bad) {
			t.Errorf("Gemini CLI finds fault with the settings heed wrote (%q):\n%s", bad, out)
		}
	}
	// heed's denials are decisions, not hooks that failed
	if strings.Contains(out, "Hook(s)") || strings.Contains(out, "failed for event") {
		t.Errorf("Gemini CLI reports a failed hook for heed's denial:\n%s", out)
	}
	checkResults(t, steps, srv.ToolResults())
	if ran := s.ran(); ran != "" {
		t.Errorf("a blocked command ran: %q", ran)
	}
	if log, _ := s.run(time.Minute, nil, "git", "log", "--oneline"); !strings.Contains(log, "wip") {
		t.Errorf("the commit after lint did not happen: %s", log)
	}
	if j := s.journal(); !strings.Contains(j, `"exit":0`) || !strings.Contains(j, `"exit":2`) || !strings.Contains(j, "src/hello.py") {
		t.Errorf("the journal must hold the outcomes (make lint 0, ls 2) and the edit:\n%s", j)
	}
	names, _ := s.checkPayloads()
	s.saveCaptured(names, "Gemini CLI "+strings.TrimSpace(version))
}
