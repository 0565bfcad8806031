package jsonc

import (
	"encoding/json"
	"strings"
	"testing"
)

// A Gemini CLI settings file as people write it: comments, a trailing comma, tabs.
const geminiSettings = `// project settings for Gemini CLI
{
	// the theme the team agreed on
	"theme": "GitHub", /* keep */
	"mcpServers": {
		"db": {"command": "dbtool", "args": ["serve"],}, // local only
	},
}
`

func TestEditKeepsCommentsAndLayout(t *testing.T) {
	d, err := Parse([]byte(geminiSettings))
	if err != nil {
		t.Fatal(err)
	}
	servers := d.Root().Get("mcpServers")
	if servers.Kind() != '{' || strings.Join(servers.Keys(), ",") != "db" {
		t.Fatalf("mcpServers: %s", servers.JSON())
	}
	if _, err := servers.Set("heed", json.RawMessage(`{"command":"heed","args":["mcp"]}`)); err != nil {
		t.Fatal(err)
	}
	got := string(d.Bytes())
	want := `// project settings for Gemini CLI
{
	// the theme the team agreed on
	"theme": "GitHub", /* keep */
	"mcpServers": {
		"db": {"command": "dbtool", "args": ["serve"],}, // local only
		"heed": {
			"command": "heed",
			"args": [
				"mcp"
			]
		},
	},
}
`
	if got != want {
		t.Fatalf("got:\n%s\nwant:\n%s", got, want)
	}
	// and it still reads
	var v struct {
		Theme      string
		MCPServers map[string]struct{ Command string } `json:"mcpServers"`
	}
	if err := d.Root().Decode(&v); err != nil || v.Theme != "GitHub" || v.MCPServers["heed"].Command != "heed" {
		t.Fatalf("decode: %+v %v", v, err)
	}
}

func TestSetReplacesInPlaceAndAppendsToLists(t *testing.T) {
	d, err := Parse([]byte("{\n    \"hooks\": {\"BeforeTool\": []},\n    \"cmd\": \"old\" // was hand-edited\n}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Root().Set("cmd", "new"); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Root().Get("hooks").Get("BeforeTool").Append(map[string]string{"matcher": "x"}); err != nil {
		t.Fatal(err)
	}
	want := "{\n    \"hooks\": {\"BeforeTool\": [\n            {\n                \"matcher\": \"x\"\n            }\n        ]},\n    \"cmd\": \"new\" // was hand-edited\n}\n"
	if got := string(d.Bytes()); got != want {
		t.Fatalf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestOneLineObjectIsOpenedUp(t *testing.T) {
	d, _ := Parse([]byte(`{"theme": "dark"}`))
	if _, err := d.Root().Set("mcpServers", map[string]any{}); err != nil {
		t.Fatal(err)
	}
	if got, want := string(d.Bytes()), "{\n  \"theme\": \"dark\",\n  \"mcpServers\": {}\n}\n"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestEmptyFileAndErrors(t *testing.T) {
	d, err := Parse([]byte("  \n"))
	if err != nil || d.Root().Kind() != '{' {
		t.Fatalf("an empty file is an empty object: %v", err)
	}
	if _, err := Parse([]byte(`{"hooks": [`)); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Fatalf("a broken file must be an error with its place: %v", err)
	}
	d, _ = Parse([]byte(`[1]`))
	if _, err := d.Root().Set("x", 1); err == nil || !strings.Contains(err.Error(), "a list") {
		t.Fatalf("setting a key of a list: %v", err)
	}
}

func TestDuplicateKeyOnThePathOnly(t *testing.T) {
	for _, c := range []struct {
		in, want string
	}{
		{`{"mcpServers": {"heed": {}}}`, ""},
		{`{"model": 1, "model": 2, "mcpServers": {"heed": {}}}`, ""},
		{`{"mcpServers": {}, "mcpServers": {}}`, "mcpServers"},
		{`{"mcpServers": {"heed": {}, "x": {}, "heed": {}}}`, "mcpServers.heed"},
		{`{"mcpServers": {"heed": {"command": "a", "command": "b"}}}`, ""},
		{`[{"mcpServers": 1}, {"mcpServers": 2}]`, ""},
		{"{\n  // a comment\n  \"mcpServers\": {\"heed\": {}, /* again */ \"heed\": {},},\n}", "mcpServers.heed"},
	} {
		doc, err := Parse([]byte(c.in))
		if err != nil {
			t.Fatal(err)
		}
		if got := doc.Root().DuplicateKey("mcpServers", "heed"); got != c.want {
			t.Errorf("DuplicateKey(%s) = %q; want %q", c.in, got, c.want)
		}
	}
}

// Decode unmarshals the value (comments and trailing commas dropped) into v.
func (n *Node) Decode(v any) error {
	c := n.v.Clone()
	c.Standardize()
	return json.Unmarshal(c.Pack(), v)
}
