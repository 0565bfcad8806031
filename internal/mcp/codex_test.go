package mcp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Codex's config.toml as people write heed's entry: a table, dotted keys, an inline
// table, with comments and an env heed must keep. Codex refuses to start on a
// duplicated [mcp_servers.heed], which the hand-written merge produced over dotted
// keys and inline tables.
func TestInstallCodexMergesEveryFormOfTheEntry(t *testing.T) {
	for _, c := range []struct{ name, old, want string }{
		{"table with env",
			"# codex\n[mcp_servers.heed]\ncommand = \"/old/heed\" # moved\nargs = [\"mcp\"]\n\n[mcp_servers.heed.env]\nHEED_LOG = \"1\"\n",
			"# codex\n[mcp_servers.heed]\ncommand = \"heed\" # moved\nargs = [\"mcp\"]\n\n[mcp_servers.heed.env]\nHEED_LOG = \"1\"\n"},
		{"table without args",
			"[mcp_servers.heed]\ncommand = \"heed\"\nenv = { HEED_LOG = \"1\" }\n\n[tui]\nx = 1\n",
			"[mcp_servers.heed]\ncommand = \"heed\"\nenv = { HEED_LOG = \"1\" }\nargs = [\"mcp\"]\n\n[tui]\nx = 1\n"},
		{"dotted keys at the top",
			"model = \"o4\"\nmcp_servers.heed.command = \"old\"\nmcp_servers.heed.env.HEED_LOG = \"1\"\n",
			"model = \"o4\"\nmcp_servers.heed.command = \"heed\"\nmcp_servers.heed.env.HEED_LOG = \"1\"\nmcp_servers.heed.args = [\"mcp\"]\n"},
		{"dotted keys under [mcp_servers]",
			"[mcp_servers]\ndb.command = \"db\"\nheed.command = \"old\"\nheed.args = [\"mcp\", \"--old\"]",
			"[mcp_servers]\ndb.command = \"db\"\nheed.command = \"heed\"\nheed.args = [\"mcp\"]"},
		{"inline table with env",
			"[mcp_servers]\nheed = { command = \"old\", env = { HEED_LOG = \"1\" } } # ours\n",
			"[mcp_servers]\nheed = { command = \"heed\", env = { HEED_LOG = \"1\" }, args = [\"mcp\"] } # ours\n"},
		{"empty inline table",
			"mcp_servers.heed = {}\n",
			"mcp_servers.heed = { command = \"heed\", args = [\"mcp\"] }\n"},
		{"other servers only",
			"[mcp_servers.db]\ncommand = \"db\"\n",
			"[mcp_servers.db]\ncommand = \"db\"\n\n[mcp_servers.heed]\ncommand = \"heed\"\nargs = [\"mcp\"]\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			os.MkdirAll(filepath.Join(root, ".codex"), 0o755)
			cfg := filepath.Join(root, ".codex", "config.toml")
			os.WriteFile(cfg, []byte(c.old), 0o644)
			res, err := Install(root, "codex", "heed")
			if err != nil || !res.Changed {
				t.Fatalf("%+v %v", res, err)
			}
			b, _ := os.ReadFile(cfg)
			if string(b) != c.want {
				t.Fatalf("got:\n%s\nwant:\n%s", b, c.want)
			}
			if res, err := Install(root, "codex", "heed"); err != nil || res.Changed {
				t.Fatalf("again must change nothing: %+v %v", res, err)
			}
		})
	}
}

// What heed cannot merge safely is left alone, with an error naming the file and
// what to add by hand.
func TestInstallCodexRefusesWhatItCannotMerge(t *testing.T) {
	for _, c := range []struct{ name, old, want string }{
		{"mcp_servers as an inline table", "mcp_servers = { db = { command = \"db\" } }\n", "add to it by hand"},
		{"a duplicated table", "[mcp_servers.heed]\ncommand = \"a\"\n\n[mcp_servers.heed]\ncommand = \"b\"\n", "not valid TOML"},
		{"heed not a table", "[mcp_servers]\nheed = \"heed mcp\"\n", "mcp_servers.heed is a string"},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			os.MkdirAll(filepath.Join(root, ".codex"), 0o755)
			cfg := filepath.Join(root, ".codex", "config.toml")
			os.WriteFile(cfg, []byte(c.old), 0o644)
			_, err := Install(root, "codex", "heed")
			if err == nil || !strings.Contains(err.Error(), ".codex/config.toml") || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("want an error naming the file and saying %q: %v", c.want, err)
			}
			if b, _ := os.ReadFile(cfg); string(b) != c.old {
				t.Fatalf("the file was changed:\n%s", b)
			}
		})
	}
}
