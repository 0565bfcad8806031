package cli

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestMCPOverRealStdio starts `heed mcp` as a child process (this test binary under
// the name heed) and talks to it with the SDK's client over its stdin and stdout.
func TestMCPOverRealStdio(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "heed")
	if err := os.Symlink(self, bin); err != nil {
		t.Fatal(err)
	}
	repo := t.TempDir()
	os.WriteFile(filepath.Join(repo, "AGENTS.md"), []byte("# Rules\n\n## Releases\n\n- Never run `cargo publish`; `cargo publish --dry-run` is fine.\n- Ask the user before running `cargo yank`.\n"), 0o644)
	cmd := exec.Command(bin, "mcp", "--repo", repo)
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	client := sdk.NewClient(&sdk.Implementation{Name: "stdio-test", Version: "1"}, nil)
	ctx := context.Background()
	cs, err := client.Connect(ctx, &sdk.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connect to heed mcp: %v", err)
	}
	defer cs.Close()
	if got := cs.InitializeResult().ServerInfo.Name; got != "heed" {
		t.Fatalf("server name %q", got)
	}
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(tools.Tools) != 6 {
		t.Fatalf("%d tools over stdio, want 6", len(tools.Tools))
	}
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "rules_for", Arguments: map[string]any{"path": "src/lib.rs"}})
	if err != nil || res.IsError {
		t.Fatalf("rules_for: %v %+v", err, res)
	}
	b, _ := json.Marshal(res.StructuredContent)
	if !strings.Contains(string(b), "cargo publish") {
		t.Fatalf("rules_for over stdio: %s", b)
	}
	res, err = cs.CallTool(ctx, &sdk.CallToolParams{Name: "check_command", Arguments: map[string]any{"command": "cargo publish"}})
	if err != nil || res.IsError {
		t.Fatalf("check_command: %v %+v", err, res)
	}
	b, _ = json.Marshal(res.StructuredContent)
	var v struct {
		Allowed bool `json:"allowed"`
	}
	json.Unmarshal(b, &v)
	if v.Allowed {
		t.Fatalf("cargo publish must be blocked through MCP: %s", b)
	}
	res, _ = cs.CallTool(ctx, &sdk.CallToolParams{Name: "check_command", Arguments: map[string]any{"command": "cargo publish --dry-run"}})
	b, _ = json.Marshal(res.StructuredContent)
	json.Unmarshal(b, &v)
	if !v.Allowed {
		t.Fatalf("cargo publish --dry-run must be allowed through MCP: %s", b)
	}
	var ask struct {
		Allowed bool `json:"allowed"`
		AskUser bool `json:"ask_user"`
	}
	res, _ = cs.CallTool(ctx, &sdk.CallToolParams{Name: "check_command", Arguments: map[string]any{"command": "cargo yank --version 1.0.0"}})
	b, _ = json.Marshal(res.StructuredContent)
	json.Unmarshal(b, &ask)
	if !ask.Allowed || !ask.AskUser {
		t.Fatalf("cargo yank must be allowed once the user agrees (ask_user) through MCP: %s", b)
	}

	// audit: a Claude Code session that ran the forbidden command.
	traj := filepath.Join(repo, "session.jsonl")
	os.WriteFile(traj, []byte(`{"type":"assistant","sessionId":"s1","cwd":"`+repo+`","uuid":"u1","timestamp":"2026-03-02T10:00:00.000Z","message":{"role":"assistant","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"cargo publish"}}]}}`+"\n"), 0o644)
	res, err = cs.CallTool(ctx, &sdk.CallToolParams{Name: "audit", Arguments: map[string]any{"trajectory": "session.jsonl", "agent": "claude"}})
	if err != nil || res.IsError {
		t.Fatalf("audit: %v %+v", err, res)
	}
	b, _ = json.Marshal(res.StructuredContent)
	var rep struct {
		Rules []struct {
			Domain  string `json:"domain"`
			Verdict string `json:"verdict"`
		} `json:"rules"`
	}
	json.Unmarshal(b, &rep)
	violated := false
	for _, r := range rep.Rules {
		violated = violated || (r.Domain == "process" && r.Verdict == "violated")
	}
	if !violated {
		t.Fatalf("the audit of a session that ran cargo publish must find the process rule violated: %s", b)
	}
}
