package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/heed-dev/heed/internal/jsonc"
	"github.com/heed-dev/heed/internal/settingsfile"
)

// Agents whose MCP configuration `heed mcp install` writes.
var Agents = []string{"claude", "codex", "gemini", "cursor"}

// ConfigPath is the project configuration file each agent reads MCP servers from.
func ConfigPath(agent string) (string, error) {
	switch agent {
	case "claude":
		return ".mcp.json", nil
	case "codex":
		return filepath.Join(".codex", "config.toml"), nil
	case "gemini":
		return filepath.Join(".gemini", "settings.json"), nil
	case "cursor":
		return filepath.Join(".cursor", "mcp.json"), nil
	}
	return "", fmt.Errorf("unknown agent %q (want %s)", agent, strings.Join(Agents, ", "))
}

// InstallResult says what Install did.
type InstallResult struct {
	Path    string // repository-relative
	Changed bool   // false when the configuration already had this server
}

// Install adds heed's MCP server to the agent's project configuration under root:
// the other servers and settings of the file are kept, an existing heed entry is
// brought up to date, and a file heed cannot merge safely (one that does not parse,
// is larger than settingsfile.MaxSize, nests deeper than settingsfile.MaxDepth, or
// writes mcpServers or its heed entry twice) is left alone with an error. A file that
// is a symbolic link is edited where it points (the link stays). command is the
// program the agent starts (normally "heed").
func Install(root, agent, command string) (InstallResult, error) {
	rel, err := ConfigPath(agent)
	if err != nil {
		return InstallResult{}, err
	}
	return InstallAt(filepath.Join(root, rel), filepath.ToSlash(rel), agent, command)
}

// CodexUserConfig is Codex's own config.toml: $CODEX_HOME/config.toml, by default
// ~/.codex/config.toml. Codex reads it in every project, trusted or not.
func CodexUserConfig(getenv func(string) string) (string, error) {
	if h := getenv("CODEX_HOME"); h != "" {
		return filepath.Join(h, "config.toml"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("cannot find Codex's config.toml: %w", err)
	}
	return filepath.Join(home, ".codex", "config.toml"), nil
}

// InstallAt is Install on the configuration file at path, named rel in messages.
func InstallAt(path, rel, agent, command string) (InstallResult, error) {
	file, err := settingsfile.ReadPath(path, rel)
	if err != nil {
		return InstallResult{}, err
	}
	old := file.Data
	var next []byte
	if agent == "codex" {
		next, err = mergeCodexTOML(old, command)
	} else {
		// bounded before any parser runs: the parser recurses once per level
		if err := settingsfile.CheckDepth(rel, old); err != nil {
			return InstallResult{}, err
		}
		next, err = mergeJSON(old, agent, command)
	}
	if err != nil {
		return InstallResult{}, fmt.Errorf("%s: %w", rel, err)
	}
	if bytes.Equal(old, next) {
		return InstallResult{Path: rel}, nil
	}
	if err := file.Write(next); err != nil {
		return InstallResult{}, err
	}
	return InstallResult{Path: rel, Changed: true}, nil
}

// mergeJSON sets mcpServers.heed in a JSON settings file, which may hold comments and
// trailing commas (Gemini CLI's settings.json does): they are kept, as are the other
// keys of an existing heed entry (env, cwd, timeout, ...).
func mergeJSON(old []byte, agent, command string) ([]byte, error) {
	doc, err := jsonc.Parse(old)
	if err != nil {
		return nil, fmt.Errorf("not valid JSON, left unchanged: %w", err)
	}
	top := doc.Root()
	if top.Kind() != '{' {
		return nil, fmt.Errorf("the file is %s, not a JSON object, left unchanged", top.KindName())
	}
	// the agent reads one of two equal keys, and heed's merge would edit the first:
	// refuse rather than write where it is not read
	if dup := top.DuplicateKey("mcpServers", "heed"); dup != "" {
		return nil, fmt.Errorf("the key %q is written twice; the agent reads only one of them and heed cannot tell which, so it leaves the file unchanged (merge them into one first)", dup)
	}
	servers := top.Get("mcpServers")
	if servers == nil {
		if servers, err = top.Set("mcpServers", json.RawMessage("{}")); err != nil {
			return nil, err
		}
	}
	if servers.Kind() != '{' {
		return nil, fmt.Errorf(`"mcpServers" is %s, not an object, left unchanged`, servers.KindName())
	}
	want := []struct {
		key string
		val any
	}{{"command", command}, {"args", []string{"mcp"}}}
	if agent == "claude" {
		want = append([]struct {
			key string
			val any
		}{{"type", "stdio"}}, want...)
	}
	cur := servers.Get("heed")
	if cur == nil || cur.Kind() != '{' {
		var b strings.Builder
		b.WriteString("{")
		for i, w := range want {
			if i > 0 {
				b.WriteString(", ")
			}
			k, _ := json.Marshal(w.key)
			v, _ := json.Marshal(w.val)
			fmt.Fprintf(&b, "%s: %s", k, v)
		}
		b.WriteString("}")
		if _, err := servers.Set("heed", json.RawMessage(b.String())); err != nil {
			return nil, err
		}
		return doc.Bytes(), nil
	}
	changed := false
	for _, w := range want {
		v, _ := json.Marshal(w.val)
		if n := cur.Get(w.key); n != nil && bytes.Equal(n.JSON(), v) {
			continue
		}
		if _, err := cur.Set(w.key, w.val); err != nil {
			return nil, err
		}
		changed = true
	}
	if !changed {
		return old, nil
	}
	return doc.Bytes(), nil
}
