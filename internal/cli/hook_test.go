package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/heed-dev/heed/internal/enforce"
)

// hookDenial reads an agent's hook answer: whether it denies the tool, and why.
func hookDenial(t *testing.T, agent string, code int, stdout, stderr string) (bool, string) {
	t.Helper()
	switch agent {
	case enforce.AgentCursor, enforce.AgentCopilot:
		var out map[string]string
		if err := json.Unmarshal([]byte(stdout), &out); err != nil || code != 0 {
			return false, ""
		}
		if agent == enforce.AgentCursor {
			return out["permission"] == "deny", out["agent_message"]
		}
		return out["permissionDecision"] == "deny", out["permissionDecisionReason"]
	case enforce.AgentGemini:
		// exit 0 with the decision: Gemini CLI reports any other exit as a failed hook
		var out map[string]string
		if err := json.Unmarshal([]byte(stdout), &out); err != nil || code != 0 {
			return false, ""
		}
		return out["decision"] == "deny", out["reason"]
	}
	return code == 2 && stdout == "", stderr
}

// Issue 22: null, a missing or unknown event name and a command that is missing or
// not a string let the tool run (exit 0) for claude, codex, gemini and cursor. Every
// case of internal/enforce/testdata/hooks/malformed.json denies through heed hook,
// with the reason.
func TestHeedHookDeniesMalformedPayloads(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "enforce", "testdata", "hooks", "malformed.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Agent, Case string
		Payload     json.RawMessage
		Want        string
	}
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	dir := gitRepo(t, map[string]string{"AGENTS.md": "# Rules\n\n- Use `pnpm`, not npm or yarn.\n"})
	esc, _ := json.Marshal(dir)
	for _, c := range cases {
		t.Run(c.Agent+"/"+c.Case, func(t *testing.T) {
			payload := strings.ReplaceAll(string(c.Payload), "$CWD", string(esc[1:len(esc)-1]))
			var out, errb bytes.Buffer
			app := &App{Stdin: strings.NewReader(payload), Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }}
			root := app.newRoot()
			root.SetArgs([]string{"hook", c.Agent})
			root.SetOut(&out)
			root.SetErr(&errb)
			code := app.exitCode(root.Execute())
			deny, reason := hookDenial(t, c.Agent, code, out.String(), errb.String())
			if !deny || !strings.Contains(reason, "[heed] BLOCKED") || !strings.Contains(reason, c.Want) {
				t.Errorf("payload %s\nexit %d, stdout %q, stderr %q: want a denial saying %q", payload, code, out.String(), errb.String(), c.Want)
			}
		})
	}
}

// Issue 22: a 200 KB command line kept heed hook past the agent's 30-second timeout
// (which lets the tool run) with a message that repeated the line per finding.
func TestHeedHookDeniesALongLineQuicklyWithABoundedMessage(t *testing.T) {
	dir := gitRepo(t, map[string]string{"AGENTS.md": "# Rules\n\n- Use `pnpm`, not npm or yarn.\n- Never run `cargo publish`.\n- Do not run `git reset --hard`.\n"})
	var line strings.Builder
	for i := 0; line.Len() < 200_000; i++ {
		fmt.Fprintf(&line, "npm install package-%06d-with-a-long-name-for-the-size-of-it --save-dev; cargo publish -p crate-%d --allow-dirty --no-verify --jobs 4; git reset --hard HEAD~%d --quiet -- .; ", i, i, i%9)
	}
	payload, _ := json.Marshal(map[string]any{"session_id": "s", "cwd": dir, "hook_event_name": "PreToolUse", "tool_name": "Bash",
		"tool_input": map[string]string{"command": line.String()}, "tool_use_id": "t1"})
	var out, errb bytes.Buffer
	app := &App{Stdin: bytes.NewReader(payload), Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }}
	root := app.newRoot()
	root.SetArgs([]string{"hook", "claude"})
	start := time.Now()
	code := app.exitCode(root.Execute())
	took := time.Since(start)
	if code != 2 || !strings.Contains(errb.String(), "[heed] BLOCKED: process rule violated") {
		t.Fatalf("exit %d:\n%.2000s", code, errb.String())
	}
	if took > 10*time.Second || errb.Len() > 4096 || strings.Count(errb.String(), "Command: ") != 1 {
		t.Errorf("%v, %d bytes on stderr, the command quoted %d times", took, errb.Len(), strings.Count(errb.String(), "Command: "))
	}
	t.Logf("%v, %d bytes", took, errb.Len())
}

// Issue 21: the installers wrote a path of the installing machine
// (/home/me/src/heed/bin/heed-shim) into settings files a team commits. The hooks
// run heed by name, and the install says so when the name does not lead to this heed.
func TestHookInstallWritesNoPathOfThisMachine(t *testing.T) {
	dir := gitRepo(t, map[string]string{"AGENTS.md": "# Rules\n\n- Never run `cargo publish`.\n"})
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git is not installed")
	}
	t.Setenv("PATH", filepath.Dir(git)) // heed is not on PATH here
	code, stdout, stderr := runHeed(nil, "hook", "install", "claude", "codex", "gemini", "cursor", "copilot", "--repo", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, stdout, stderr)
	}
	// the MCP installs too: every agent's file names heed, never this machine's heed
	for _, agent := range []string{"claude", "codex", "gemini", "cursor"} {
		if code, out, errs := runHeed(nil, "mcp", "install", agent, "--repo", dir); code != 0 {
			t.Fatalf("mcp install %s: exit %d: %s %s", agent, code, out, errs)
		}
	}
	self, _ := os.Executable()
	for _, f := range []string{".claude/settings.json", ".codex/hooks.json", ".gemini/settings.json", ".cursor/hooks.json", ".github/hooks/heed.json",
		".mcp.json", ".codex/config.toml", ".cursor/mcp.json"} {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(data), filepath.Dir(self)) || strings.Contains(string(data), dir) {
			t.Errorf("%s holds a path of this machine:\n%s", f, data)
		}
		if !strings.Contains(string(data), `"heed hook `) && !strings.Contains(string(data), `"heed-shim hook `) && !strings.Contains(string(data), `"heed"`) {
			t.Errorf("%s does not run heed by name:\n%s", f, data)
		}
	}
	if !strings.Contains(stdout, "the hooks run heed by name, from the agent's PATH") || !strings.Contains(stdout, "is not on PATH here") {
		t.Errorf("the install must say how the hooks find heed:\n%s", stdout)
	}
}

// Issue 21: Codex skips hooks until the user trusts them, and Copilot CLI runs a
// repository's hooks only in a trusted folder, both without a word. The install says
// what to do, in the steps the live tests (internal/enforce/agentlive) follow with
// the real CLIs: the project's trust in the config.toml Codex reads ($CODEX_HOME),
// or `codex exec --trust`; the hooks' trust at start-up or in /hooks; Copilot's
// folder trust, or --trust-folder in prompt mode.
func TestHookInstallSaysHowToTrust(t *testing.T) {
	dir := gitRepo(t, map[string]string{"AGENTS.md": "# Rules\n\n- Never run `cargo publish`.\n"})
	home := t.TempDir()
	code, stdout, stderr := runHeed(map[string]string{"CODEX_HOME": home}, "hook", "install", "codex", "copilot", "--repo", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, stdout, stderr)
	}
	for _, want := range []string{
		"add to " + filepath.Join(home, "config.toml") + ":\n    [projects.'" + dir + "']\n    trust_level = \"trusted\"\n",
		"`codex exec --trust`", `"Trust all and continue"`, "/hooks", "codex exec skips it without a\n  word",
		"copilot: Copilot CLI runs a repository's hooks only in a folder you trust", "--trust-folder",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the install does not say %q:\n%s", want, stdout)
		}
	}
}
