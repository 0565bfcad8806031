package mcp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// mergeCodexTOML sets command and args of heed's MCP server in Codex's config.toml,
// whatever form the entry has: a [mcp_servers.heed] table, dotted keys
// (mcp_servers.heed.command = ...), or an inline table (heed = { ... }). Only the
// values heed sets change; comments, other keys of the entry (env, ...) and the rest
// of the file stay as they were. The result is parsed again and must equal the old
// configuration but for those two values: when it does not (a form heed cannot
// extend, such as mcp_servers written as an inline table), nothing is written and
// the error says what to add by hand.
func mergeCodexTOML(old []byte, command string) ([]byte, error) {
	// heed's own table written twice is not valid TOML: say so, and which table, so
	// the fix is plain (the parser's own error names only a line)
	tables := 0
	for _, l := range strings.Split(string(old), "\n") {
		if t := strings.TrimSpace(l); t == "[mcp_servers.heed]" || t == `[mcp_servers."heed"]` {
			tables++
		}
	}
	if tables > 1 {
		return nil, fmt.Errorf("not valid TOML, left unchanged: the table [mcp_servers.heed] is written %d times; heed cannot tell which one is meant (merge them into one first)", tables)
	}
	before := map[string]any{}
	if err := toml.Unmarshal(old, &before); err != nil {
		return nil, fmt.Errorf("not valid TOML, left unchanged (Codex does not start with it either): %v", tomlError(err))
	}
	want := map[string]any{"command": command, "args": []any{"mcp"}}
	entry, err := codexEntry(before)
	if err != nil {
		return nil, err
	}
	if entry != nil && reflect.DeepEqual(entry["command"], want["command"]) && reflect.DeepEqual(entry["args"], want["args"]) {
		return old, nil
	}
	next, err := editCodexTOML(old, command)
	if err != nil {
		return nil, err
	}
	after := map[string]any{}
	expected := cloneTOML(before)
	servers, _ := expected["mcp_servers"].(map[string]any)
	if servers == nil {
		servers = map[string]any{}
		expected["mcp_servers"] = servers
	}
	heed, _ := servers["heed"].(map[string]any)
	if heed == nil {
		heed = map[string]any{}
		servers["heed"] = heed
	}
	heed["command"], heed["args"] = want["command"], want["args"]
	if err := toml.Unmarshal(next, &after); err != nil || !reflect.DeepEqual(after, expected) {
		why := "the edit would change other settings"
		if err != nil {
			why = tomlError(err)
		}
		return nil, fmt.Errorf("heed cannot merge its MCP server into this file safely (%s), left unchanged: add to it by hand\n\n[mcp_servers.heed]\ncommand = %s\nargs = [\"mcp\"]", why, tomlString(command))
	}
	return next, nil
}

// codexEntry is the mcp_servers.heed table of a parsed config, nil when absent.
func codexEntry(doc map[string]any) (map[string]any, error) {
	s, ok := doc["mcp_servers"]
	if !ok {
		return nil, nil
	}
	servers, ok := s.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("mcp_servers is a %T, not a table, left unchanged", s)
	}
	h, ok := servers["heed"]
	if !ok {
		return nil, nil
	}
	heed, ok := h.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("mcp_servers.heed is a %T, not a table, left unchanged", h)
	}
	return heed, nil
}

// tomlError words a go-toml error with its line and column.
func tomlError(err error) string {
	var de *toml.DecodeError
	if errors.As(err, &de) {
		row, col := de.Position()
		return fmt.Sprintf("line %d, column %d: %v", row, col, de)
	}
	return err.Error()
}

func cloneTOML(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		if sub, ok := v.(map[string]any); ok {
			v = cloneTOML(sub)
		}
		out[k] = v
	}
	return out
}

// edit replaces old[from:to] with text.
type edit struct {
	from, to int
	text     string
}

var heedPath = []string{"mcp_servers", "heed"}

// editCodexTOML writes command and args into heed's entry where it is, or adds the
// entry as a [mcp_servers.heed] table at the end.
func editCodexTOML(old []byte, command string) ([]byte, error) {
	values := map[string]string{"command": tomlString(command), "args": `["mcp"]`}
	var edits []edit
	found := map[string]bool{}
	var table []string
	// where a missing key can go: after the line at insertAt, as prefix+key
	insertAt, prefix := -1, ""
	inline := false
	var p unstable.Parser
	p.Reset(old)
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			table = keyOf(e.Key())
			if e.Kind == unstable.Table && slices.Equal(table, heedPath) {
				insertAt, prefix = headerEnd(old, e), ""
			}
		case unstable.KeyValue:
			full := append(slices.Clone(table), keyOf(e.Key())...)
			end := int(e.Raw.Offset + e.Raw.Length)
			switch {
			case slices.Equal(full, heedPath) && e.Value().Kind == unstable.InlineTable:
				inline = true
				last := -1
				for it := e.Value().Children(); it.Next(); {
					kv := it.Node()
					if kv.Kind != unstable.KeyValue {
						continue
					}
					k := keyOf(kv.Key())
					if len(k) == 1 && values[k[0]] != "" {
						edits = append(edits, edit{valueStart(old, kv), int(kv.Raw.Offset + kv.Raw.Length), values[k[0]]})
						found[k[0]] = true
					}
					last = int(kv.Raw.Offset + kv.Raw.Length)
				}
				var add []string
				for _, k := range []string{"command", "args"} {
					if !found[k] {
						add = append(add, k+" = "+values[k])
						found[k] = true
					}
				}
				switch {
				case len(add) == 0:
				case last < 0: // heed = {}
					edits = append(edits, edit{valueStart(old, e), end, "{ " + strings.Join(add, ", ") + " }"})
				default:
					edits = append(edits, edit{last, last, ", " + strings.Join(add, ", ")})
				}
			case len(full) == 3 && slices.Equal(full[:2], heedPath) && values[full[2]] != "":
				edits = append(edits, edit{valueStart(old, e), end, values[full[2]]})
				found[full[2]] = true
				fallthrough
			case len(full) >= 3 && slices.Equal(full[:2], heedPath) && len(table) <= 2 && slices.Equal(table, heedPath[:len(table)]):
				insertAt, prefix = lineEnd(old, end), strings.Join(heedPath[len(table):], ".")
				if prefix != "" {
					prefix += "."
				}
			}
		}
	}
	if err := p.Error(); err != nil {
		return nil, fmt.Errorf("not valid TOML, left unchanged: %v", err)
	}
	var missing []string
	for _, k := range []string{"command", "args"} {
		if !found[k] {
			missing = append(missing, k)
		}
	}
	out := slices.Clone(old)
	slices.SortFunc(edits, func(a, b edit) int { return b.from - a.from })
	for _, e := range edits {
		out = append(out[:e.from:e.from], append([]byte(e.text), out[e.to:]...)...)
	}
	if len(missing) == 0 {
		return out, nil
	}
	if inline {
		return nil, fmt.Errorf("mcp_servers.heed is an inline table heed could not complete, left unchanged")
	}
	var lines strings.Builder
	for _, k := range missing {
		fmt.Fprintf(&lines, "%s%s = %s\n", prefix, k, values[k])
	}
	if insertAt >= 0 {
		// insertAt is an offset of old: the edits before it moved it
		at := insertAt
		for _, e := range edits {
			if e.to <= insertAt {
				at += len(e.text) - (e.to - e.from)
			}
		}
		text := lines.String()
		if at > 0 && out[at-1] != '\n' {
			text = "\n" + text // the entry's last line ends the file without a newline
		}
		return append(out[:at:at], append([]byte(text), out[at:]...)...), nil
	}
	s := string(out)
	if s != "" && !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	if s != "" {
		s += "\n"
	}
	return []byte(s + "[mcp_servers.heed]\n" + lines.String()), nil
}

// keyOf is a dotted key's parts.
func keyOf(it unstable.Iterator) []string {
	var out []string
	for it.Next() {
		out = append(out, string(it.Node().Data))
	}
	return out
}

// valueStart is where a key-value's value begins: after its key, the '=' and blanks.
func valueStart(data []byte, kv *unstable.Node) int {
	var keyEnd int
	for it := kv.Key(); it.Next(); {
		r := it.Node().Raw
		keyEnd = int(r.Offset + r.Length)
	}
	i := keyEnd + bytes.IndexByte(data[keyEnd:], '=') + 1
	for i < len(data) && (data[i] == ' ' || data[i] == '\t') {
		i++
	}
	return i
}

// headerEnd is the offset after a table header's line.
func headerEnd(data []byte, table *unstable.Node) int {
	var keyEnd int
	for it := table.Key(); it.Next(); {
		r := it.Node().Raw
		keyEnd = int(r.Offset + r.Length)
	}
	return lineEnd(data, keyEnd)
}

// lineEnd is the offset after the line holding offset at (the end of data when the
// last line has no newline).
func lineEnd(data []byte, at int) int {
	if i := bytes.IndexByte(data[at:], '\n'); i >= 0 {
		return at + i + 1
	}
	return len(data)
}

func tomlString(s string) string {
	b, _ := json.Marshal(s) // a JSON string is a valid TOML basic string
	return string(b)
}
