package enforce

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// stripComments removes // and /* */ comments outside strings, as Gemini CLI does
// before JSON.parse (strip-json-comments without its trailing-comma option: Gemini
// CLI 0.61 refuses a trailing comma).
func stripComments(s string) string {
	var b strings.Builder
	inString := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inString:
			b.WriteByte(c)
			if c == '\\' && i+1 < len(s) {
				i++
				b.WriteByte(s[i])
			} else if c == '"' {
				inString = false
			}
		case c == '"':
			inString = true
			b.WriteByte(c)
		case strings.HasPrefix(s[i:], "//"):
			for i < len(s) && s[i] != '\n' {
				i++
			}
			b.WriteByte('\n')
		case strings.HasPrefix(s[i:], "/*"):
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				return b.String()
			}
			i += end + 3
			b.WriteByte(' ')
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// Gemini CLI reads .gemini/settings.json with comments but without trailing commas:
// whatever layout a team's commented file has, the file heed merges its hooks into
// stays one Gemini CLI reads, with the comments and heed's hooks in it.
func TestInstallGeminiKeepsTheFileReadableByGemini(t *testing.T) {
	for name, content := range map[string]string{
		"line comments":           "{\n  // the team's settings\n  \"ui\": {\"hideTips\": true}\n}\n",
		"block comment after":     "{\n  \"ui\": {\"hideTips\": true} /* no tips */\n}\n",
		"comment in empty object": "{\n  // nothing yet\n}\n",
		"comment in hooks":        "{\n  \"hooks\": {\n    // ours\n    \"BeforeTool\": [\n      {\"matcher\": \"write_file\", \"hooks\": [{\"type\": \"command\", \"command\": \"./fmt.sh\"}]} // formatter\n    ]\n  }\n}\n",
		"one line":                "{\"general\": {\"vimMode\": true}} // vim\n",
	} {
		t.Run(name, func(t *testing.T) {
			root := t.TempDir()
			write(t, root, ".gemini/settings.json", content)
			if _, err := InstallHooks(root, AgentGemini, "heed", InstallOptions{}); err != nil {
				t.Fatal(err)
			}
			data, _ := os.ReadFile(filepath.Join(root, ".gemini", "settings.json"))
			var cfg struct {
				Hooks map[string][]struct {
					Matcher string
					Hooks   []struct{ Type, Command string }
				}
			}
			if err := json.Unmarshal([]byte(stripComments(string(data))), &cfg); err != nil {
				t.Fatalf("Gemini CLI could not read the result (%v):\n%s", err, data)
			}
			for _, ev := range []string{"BeforeTool", "AfterTool"} {
				found := false
				for _, g := range cfg.Hooks[ev] {
					for _, h := range g.Hooks {
						found = found || (h.Command == "heed hook gemini" && g.Matcher == "run_shell_command|write_file|replace")
					}
				}
				if !found {
					t.Errorf("%s: heed's hook is missing:\n%s", ev, data)
				}
			}
			for _, line := range strings.Split(content, "\n") {
				if i := strings.Index(line, "//"); i >= 0 && !strings.Contains(string(data), line[i:]) {
					t.Errorf("the comment %q was lost:\n%s", line[i:], data)
				}
			}
		})
	}
}
