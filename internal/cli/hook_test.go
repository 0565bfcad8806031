package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
