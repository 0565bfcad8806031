package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"

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
// brought up to date, and a file that does not parse is left alone with an error.
// command is the program the agent starts (normally "heed").
func Install(root, agent, command string) (InstallResult, error) {
	rel, err := ConfigPath(agent)
	if err != nil {
		return InstallResult{}, err
	}
	file, err := settingsfile.Read(root, filepath.ToSlash(rel))
	if err != nil {
		return InstallResult{}, err
	}
	old := file.Data
	var next []byte
	if agent == "codex" {
		next, err = mergeCodexTOML(old, command)
	} else {
		entry := map[string]any{"command": command, "args": []any{"mcp"}}
		if agent == "claude" {
			entry["type"] = "stdio"
		}
		if err := settingsfile.CheckDepth(file.Rel, old); err != nil {
			return InstallResult{}, err
		}
		next, err = mergeJSON(old, entry)
	}
	if err != nil {
		return InstallResult{}, fmt.Errorf("%s: %w", file.Rel, err)
	}
	if bytes.Equal(old, next) {
		return InstallResult{Path: file.Rel}, nil
	}
	if err := file.Write(next); err != nil {
		return InstallResult{}, err
	}
	return InstallResult{Path: file.Rel, Changed: true}, nil
}

// mergeJSON sets mcpServers.heed in a JSON settings file.
func mergeJSON(old []byte, entry map[string]any) ([]byte, error) {
	doc := map[string]any{}
	if len(bytes.TrimSpace(old)) > 0 {
		if err := json.Unmarshal(old, &doc); err != nil {
			return nil, fmt.Errorf("not valid JSON, left unchanged: %w", err)
		}
		// the agent reads one of two equal keys, and heed's merge would keep only the
		// last: refuse rather than drop the other or write where it is not read
		dup, err := settingsfile.DuplicateKey(old, "mcpServers", "heed")
		if err != nil {
			return nil, fmt.Errorf("not valid JSON, left unchanged: %w", err)
		}
		if dup != "" {
			return nil, fmt.Errorf("the key %q is written twice; the agent reads only one of them and heed cannot tell which, so it leaves the file unchanged (merge them into one first)", dup)
		}
	}
	servers := map[string]any{}
	if v, ok := doc["mcpServers"]; ok {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf(`"mcpServers" is not an object, left unchanged`)
		}
		servers = m
	}
	if cur, ok := servers["heed"]; ok && reflect.DeepEqual(normalise(cur), normalise(entry)) {
		return old, nil
	}
	servers["heed"] = entry
	doc["mcpServers"] = servers
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

func normalise(v any) any {
	b, _ := json.Marshal(v)
	var out any
	_ = json.Unmarshal(b, &out)
	return out
}

// mergeCodexTOML sets the [mcp_servers.heed] table of Codex's config.toml, keeping
// every other line of the file as it was.
func mergeCodexTOML(old []byte, command string) ([]byte, error) {
	table := fmt.Sprintf("[mcp_servers.heed]\ncommand = %s\nargs = [\"mcp\"]\n", tomlString(command))
	lines := strings.SplitAfter(string(old), "\n")
	tables := 0
	for _, l := range lines {
		if t := strings.TrimSpace(l); t == "[mcp_servers.heed]" || t == `[mcp_servers."heed"]` {
			tables++
		}
	}
	if tables > 1 {
		return nil, fmt.Errorf("the table [mcp_servers.heed] is written %d times; heed cannot tell which one the agent reads, so it leaves the file unchanged (merge them into one first)", tables)
	}
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
