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

// A configuration heed cannot merge safely is refused, naming the file and what is
// wrong, and left as it was.
func TestInstallRefusesWhatItCannotMerge(t *testing.T) {
	cases := []struct {
		name, agent, file, content, want string
	}{
		{"duplicate mcpServers", "claude", ".mcp.json",
			`{"mcpServers": {"a": {"command": "a"}}, "mcpServers": {"b": {"command": "b"}}}`, `"mcpServers" is written twice`},
		{"duplicate heed server", "cursor", ".cursor/mcp.json",
			`{"mcpServers": {"heed": {"command": "old"}, "heed": {"command": "other"}}}`, `"mcpServers.heed" is written twice`},
		{"duplicate codex table", "codex", ".codex/config.toml",
			"[mcp_servers.heed]\ncommand = \"a\"\n\n[mcp_servers.heed]\ncommand = \"b\"\n", "written 2 times"},
		{"deeply nested", "gemini", ".gemini/settings.json",
			`{"x": ` + strings.Repeat("[", 5000) + strings.Repeat("]", 5000) + `}`, "more than 64 levels"},
		{"too large", "claude", ".mcp.json", `{"x": "` + strings.Repeat("a", 5<<20) + `"}`, "bytes"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			path := filepath.Join(root, filepath.FromSlash(c.file))
			os.MkdirAll(filepath.Dir(path), 0o755)
			os.WriteFile(path, []byte(c.content), 0o644)
			_, err := Install(root, c.agent, "heed")
			if err == nil || !strings.Contains(err.Error(), c.file) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("want an error naming %s and saying %q, got %v", c.file, c.want, err)
			}
			if b, _ := os.ReadFile(path); string(b) != c.content {
				t.Fatal("a refused config was changed")
			}
			if ents, _ := os.ReadDir(filepath.Dir(path)); len(ents) != 1 {
				t.Fatalf("files left beside the config: %d", len(ents))
			}
		})
	}
}

// A configuration that is a symbolic link is edited where it points; the link stays.
func TestInstallEditsThroughALink(t *testing.T) {
	root, elsewhere := t.TempDir(), t.TempDir()
	target := filepath.Join(elsewhere, "mcp.json")
	os.WriteFile(target, []byte(`{"mcpServers": {"other": {"command": "x"}}}`), 0o644)
	if err := os.Symlink(target, filepath.Join(root, ".mcp.json")); err != nil {
		t.Fatal(err)
	}
	res, err := Install(root, "claude", "heed")
	if err != nil || !res.Changed {
		t.Fatalf("install through a link: %+v %v", res, err)
	}
	if fi, err := os.Lstat(filepath.Join(root, ".mcp.json")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatal("the link was replaced by a file")
	}
	b, _ := os.ReadFile(target)
	if !strings.Contains(string(b), `"heed"`) || !strings.Contains(string(b), `"other"`) {
		t.Fatalf("the link's target was not merged into:\n%s", b)
	}
}
