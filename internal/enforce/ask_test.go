package enforce

import (
	"encoding/json"
	"strings"
	"testing"
)

// A command the instructions let run once the user agrees is handed to the user
// where the agent's hook can ask (Claude Code, Cursor); elsewhere it runs with the
// warning, and it never blocks. A plain ban beside it still blocks everywhere.
func TestHookAsksForApproval(t *testing.T) {
	root := newRepo(t, "- Never run `terraform apply` without explicit approval from the user.\n- Never run `cargo publish`.")
	const rule = "Never run `terraform apply` without explicit approval from the user."
	for _, c := range shellHooks {
		r := runHook(t, c.agent, payload(t, c.file, map[string]string{"CWD": root, "COMMAND": "terraform apply -auto-approve"}), nil)
		if denied(t, c.agent, r) {
			t.Errorf("%s: a command that waits for approval is denied: %+v", c.agent, r)
			continue
		}
		switch c.agent {
		case AgentClaude:
			var out struct {
				HSO struct {
					Event    string `json:"hookEventName"`
					Decision string `json:"permissionDecision"`
					Reason   string `json:"permissionDecisionReason"`
				} `json:"hookSpecificOutput"`
			}
			if err := json.Unmarshal([]byte(r.Stdout), &out); err != nil || r.Code != 0 {
				t.Fatalf("claude: exit %d, stdout %q: %v", r.Code, r.Stdout, err)
			}
			if out.HSO.Event != "PreToolUse" || out.HSO.Decision != "ask" || !strings.Contains(out.HSO.Reason, rule) {
				t.Errorf("claude: %+v, want an ask quoting the rule", out.HSO)
			}
		case AgentCursor:
			var out map[string]string
			if err := json.Unmarshal([]byte(r.Stdout), &out); err != nil {
				t.Fatal(err)
			}
			if out["permission"] != "ask" || !strings.Contains(out["user_message"], rule) {
				t.Errorf("cursor: %v, want an ask quoting the rule", out)
			}
		default:
			if strings.Contains(r.Stdout, `"ask"`) {
				t.Errorf("%s: its hook cannot ask, got %q", c.agent, r.Stdout)
			}
		}
		if r := runHook(t, c.agent, payload(t, c.file, map[string]string{"CWD": root, "COMMAND": "cargo publish"}), nil); !denied(t, c.agent, r) {
			t.Errorf("%s: the plain ban beside it no longer blocks: %+v", c.agent, r)
		}
		if r := runHook(t, c.agent, payload(t, c.file, map[string]string{"CWD": root, "COMMAND": "terraform plan"}), nil); strings.Contains(r.Stdout, `"ask"`) || denied(t, c.agent, r) {
			t.Errorf("%s: `terraform plan` is asked about or denied: %+v", c.agent, r)
		}
	}
	// the PATH shim cannot ask: the command runs, with the warning
	d := newEnforcer().Check(Request{Root: root, Cwd: root, Line: "terraform apply"})
	if d.Blocked || len(d.Asks()) != 1 || len(d.Warnings) != 1 || !strings.Contains(d.Message, rule) {
		t.Errorf("shim: blocked %v, %d asks, %d warnings, message %q", d.Blocked, len(d.Asks()), len(d.Warnings), d.Message)
	}
}

// A write the instructions let land once the user agrees is put to the user by
// Claude Code's hook; a plain warning beside it stays context, an error still denies.
func TestHookAsksBeforeAWrite(t *testing.T) {
	root := newRepo(t, "- Never run `cargo publish`.")
	writes := func(_, path string, _ []byte) ([]WriteFinding, error) {
		switch path {
		case "package.json":
			return []WriteFinding{{Path: path, Severity: "warning", Ask: true, Message: "touches package.json", Instruction: "\"Do not edit `package.json` without asking first.\" (AGENTS.md:4)"}}, nil
		case "notes.md":
			return []WriteFinding{{Path: path, Severity: "warning", Message: "a should-rule"}}, nil
		case "main.go":
			return []WriteFinding{{Path: path, Severity: "error", Ask: false, Message: "an error rule"}}, nil
		}
		return nil, nil
	}
	for path, want := range map[string]string{"package.json": "ask", "notes.md": "", "main.go": "deny", "other.txt": ""} {
		data := payload(t, "claude-pre-write.json", map[string]string{"CWD": root, "CONTENT": "x"})
		data = []byte(strings.Replace(string(data), root+"/src/new.py", root+"/"+path, 1))
		r := runHook(t, AgentClaude, data, writes)
		got := ""
		switch {
		case r.Code == 2:
			got = "deny"
		case strings.Contains(r.Stdout, `"permissionDecision":"ask"`):
			got = "ask"
			if !strings.Contains(r.Stdout, "package.json` without asking first") {
				t.Errorf("the ask does not quote the rule: %s", r.Stdout)
			}
		}
		if got != want {
			t.Errorf("write to %s: %q, want %q (%+v)", path, got, want, r)
		}
	}
}
