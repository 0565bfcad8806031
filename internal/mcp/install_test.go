package mcp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestInstallWritesEachAgentsConfigAndIsIdempotent(t *testing.T) {
	for _, agent := range Agents {
		t.Run(agent, func(t *testing.T) {
			root := t.TempDir()
			res, err := Install(root, agent, "heed")
			if err != nil || !res.Changed {
				t.Fatalf("first install: %+v %v", res, err)
			}
			path := filepath.Join(root, filepath.FromSlash(res.Path))
			first, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if agent == "codex" {
				if string(first) != "[mcp_servers.heed]\ncommand = \"heed\"\nargs = [\"mcp\"]\n" {
					t.Fatalf("codex config:\n%s", first)
				}
			} else {
				var doc struct {
					MCPServers map[string]struct {
						Command string   `json:"command"`
						Args    []string `json:"args"`
					} `json:"mcpServers"`
				}
				if err := json.Unmarshal(first, &doc); err != nil {
					t.Fatal(err)
				}
				h := doc.MCPServers["heed"]
				if h.Command != "heed" || strings.Join(h.Args, " ") != "mcp" {
					t.Fatalf("%s config: %s", agent, first)
				}
			}
			again, err := Install(root, agent, "heed")
			if err != nil || again.Changed {
				t.Fatalf("second install must change nothing: %+v %v", again, err)
			}
			second, _ := os.ReadFile(path)
			if string(second) != string(first) {
				t.Fatal("re-running install rewrote the file")
			}
		})
	}
}

func TestInstallKeepsOtherServersAndSettings(t *testing.T) {
	root := t.TempDir()
	cfg := filepath.Join(root, ".mcp.json")
	os.WriteFile(cfg, []byte(`{"mcpServers":{"db":{"command":"dbtool","args":["serve"]}},"other":true}`), 0o600)
	if _, err := Install(root, "claude", "/opt/heed"); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	b, _ := os.ReadFile(cfg)
	json.Unmarshal(b, &doc)
	servers := doc["mcpServers"].(map[string]any)
	if servers["db"] == nil || doc["other"] != true {
		t.Fatalf("install dropped existing settings: %s", b)
	}
	if servers["heed"].(map[string]any)["command"] != "/opt/heed" {
		t.Fatalf("heed entry: %s", b)
	}
	if st, _ := os.Stat(cfg); st.Mode().Perm() != 0o600 {
		t.Fatalf("install changed the file's permissions to %v", st.Mode().Perm())
	}
}

func TestInstallLeavesABrokenFileAlone(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, ".cursor"), 0o755)
	cfg := filepath.Join(root, ".cursor", "mcp.json")
	os.WriteFile(cfg, []byte(`{"mcpServers": {`), 0o644)
	_, err := Install(root, "cursor", "heed")
	if err == nil || !strings.Contains(err.Error(), ".cursor/mcp.json") {
		t.Fatalf("a broken config must be an error naming the file: %v", err)
	}
	if b, _ := os.ReadFile(cfg); string(b) != `{"mcpServers": {` {
		t.Fatal("a broken config was overwritten")
	}
}

func TestInstallCodexKeepsOtherTablesAndUpdatesItsOwn(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, ".codex"), 0o755)
	cfg := filepath.Join(root, ".codex", "config.toml")
	old := "model = \"o4\"\n\n[mcp_servers.heed]\ncommand = \"old-heed\"\nargs = [\"mcp\"]\n\n[mcp_servers.db]\ncommand = \"db\"\n"
	os.WriteFile(cfg, []byte(old), 0o644)
	res, err := Install(root, "codex", "heed")
	if err != nil || !res.Changed {
		t.Fatalf("%+v %v", res, err)
	}
	b, _ := os.ReadFile(cfg)
	want := "model = \"o4\"\n\n[mcp_servers.heed]\ncommand = \"heed\"\nargs = [\"mcp\"]\n\n[mcp_servers.db]\ncommand = \"db\"\n"
	if string(b) != want {
		t.Fatalf("codex config:\n%s\nwant:\n%s", b, want)
	}
}

func TestInstallUnknownAgent(t *testing.T) {
	if _, err := Install(t.TempDir(), "emacs", "heed"); err == nil || !strings.Contains(err.Error(), "claude") {
		t.Fatalf("unknown agent must list the known ones: %v", err)
	}
}

// Gemini CLI reads settings.json with comments: heed merges into it, keeps the
// comments, and keeps what an existing heed entry has beyond command and args.
func TestInstallGeminiKeepsCommentsAndTheEntrysEnv(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, ".gemini"), 0o755)
	cfg := filepath.Join(root, ".gemini", "settings.json")
	old := `{
  // the team's servers
  "mcpServers": {
    "heed": { "command": "/old/heed", "args": [ "mcp" ], "env": {"HEED_LOG": "1"} }, // ours
  },
}
`
	os.WriteFile(cfg, []byte(old), 0o644)
	if _, err := Install(root, "gemini", "heed"); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(cfg)
	want := strings.Replace(old, `"/old/heed"`, `"heed"`, 1)
	if string(b) != want {
		t.Fatalf("got:\n%s\nwant:\n%s", b, want)
	}
	res, err := Install(root, "gemini", "heed")
	if err != nil || res.Changed {
		t.Fatalf("again: %+v %v", res, err)
	}
}
