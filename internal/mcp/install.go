package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/heed-dev/heed/internal/jsonc"
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
// brought up to date, and a file that does not parse is left alone with an error.
// command is the program the agent starts (normally "heed").
func Install(root, agent, command string) (InstallResult, error) {
	rel, err := ConfigPath(agent)
	if err != nil {
		return InstallResult{}, err
	}
	path := filepath.Join(root, rel)
	old, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		return InstallResult{}, fmt.Errorf("read %s: %w", rel, err)
	}
	var next []byte
	if agent == "codex" {
		next, err = mergeCodexTOML(old, command)
	} else {
		next, err = mergeJSON(old, agent, command)
	}
	if err != nil {
		return InstallResult{}, fmt.Errorf("%s: %w", rel, err)
	}
	if bytes.Equal(old, next) {
		return InstallResult{Path: filepath.ToSlash(rel)}, nil
	}
	if err := writeAtomic(path, next); err != nil {
		return InstallResult{}, err
	}
	return InstallResult{Path: filepath.ToSlash(rel), Changed: true}, nil
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

// mergeCodexTOML sets the [mcp_servers.heed] table of Codex's config.toml, keeping
// every other line of the file as it was.
func mergeCodexTOML(old []byte, command string) ([]byte, error) {
	table := fmt.Sprintf("[mcp_servers.heed]\ncommand = %s\nargs = [\"mcp\"]\n", tomlString(command))
	lines := strings.SplitAfter(string(old), "\n")
	start, end := -1, len(lines)
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if start < 0 && (t == "[mcp_servers.heed]" || t == `[mcp_servers."heed"]`) {
			start = i
			continue
		}
		if start >= 0 && strings.HasPrefix(t, "[") {
			end = i
			break
		}
	}
	if start < 0 {
		s := string(old)
		if s != "" && !strings.HasSuffix(s, "\n") {
			s += "\n"
		}
		if s != "" {
			s += "\n"
		}
		return []byte(s + table), nil
	}
	cur := strings.Join(lines[start:end], "")
	if strings.TrimSpace(cur) == strings.TrimSpace(table) {
		return old, nil
	}
	sep := ""
	if end < len(lines) {
		sep = "\n"
	}
	return []byte(strings.Join(lines[:start], "") + table + sep + strings.Join(lines[end:], "")), nil
}

func tomlString(s string) string {
	b, _ := json.Marshal(s) // a JSON string is a valid TOML basic string
	return string(b)
}

func writeAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("create %s: %w", filepath.Dir(path), err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".heed-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	mode := os.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		mode = st.Mode().Perm()
	}
	_ = os.Chmod(tmp.Name(), mode)
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
