package enforce

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/jsonc"
)

// dirNames lists the names in dir (to catch a temporary file left behind).
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}

// A settings file heed cannot merge safely is refused with an error that names the
// file and what is wrong, and is left byte for byte as it was, with no file beside it.
func TestInstallHooksRefusesWhatItCannotMerge(t *testing.T) {
	deep := `{"hooks": {}, "x": ` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + `}`
	cases := []struct {
		name, agent, file, content string
		want                       []string
	}{
		{"duplicate hooks key", AgentClaude, ".claude/settings.json",
			`{"hooks": {"PreToolUse": []}, "model": "opus", "hooks": {"PostToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./log.sh"}]}]}}`,
			[]string{".claude/settings.json", `"hooks"`, "2 times", "top level", "untouched"}},
		{"duplicate event", AgentCodex, ".codex/hooks.json",
			`{"hooks": {"PreToolUse": [], "PreToolUse": []}}`,
			[]string{".codex/hooks.json", `"PreToolUse"`, "in hooks"}},
		{"duplicate handler list in a group", AgentGemini, ".gemini/settings.json",
			`{"hooks": {"BeforeTool": [{"matcher": "x", "hooks": [], "hooks": [{"type": "command", "command": "a"}]}]}}`,
			[]string{".gemini/settings.json", `"hooks"`, "hooks.BeforeTool[0]"}},
		{"duplicate command of a handler", AgentClaude, ".claude/settings.json",
			`{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "heed hook claude", "command": "./other.sh"}]}]}}`,
			[]string{".claude/settings.json", `"command"`, "hooks.PreToolUse[0].hooks[0]"}},
		{"duplicate version (cursor)", AgentCursor, ".cursor/hooks.json",
			`{"version": 1, "hooks": {}, "version": 2}`,
			[]string{".cursor/hooks.json", `"version"`}},
		{"duplicate bash of a copilot handler", AgentCopilot, ".github/hooks/heed.json",
			`{"version": 1, "hooks": {"preToolUse": [{"type": "command", "bash": "a", "bash": "b"}]}}`,
			[]string{".github/hooks/heed.json", `"bash"`, "hooks.preToolUse[0]"}},
		{"duplicate event in a file with comments", AgentGemini, ".gemini/settings.json",
			"{\n  // the team's hooks\n  \"hooks\": {\"BeforeTool\": [], /* again */ \"BeforeTool\": [],},\n}\n",
			[]string{".gemini/settings.json", `"BeforeTool"`, "in hooks"}},
		{"deeply nested under a comment", AgentGemini, ".gemini/settings.json",
			"{\"hooks\": {}, // it's ]]]\n \"x\": " + strings.Repeat("[", 100) + strings.Repeat("]", 100) + "}",
			[]string{".gemini/settings.json", "more than 64 levels", "untouched"}},
		{"deeply nested", AgentClaude, ".claude/settings.json", deep,
			[]string{".claude/settings.json", "more than 64 levels", "untouched"}},
		{"too large", AgentClaude, ".claude/settings.json", `{"x": "` + strings.Repeat("a", 5<<20) + `"}`,
			[]string{".claude/settings.json", "bytes", "untouched"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			write(t, root, c.file, c.content)
			before := dirNames(t, filepath.Dir(filepath.Join(root, c.file)))
			_, err := InstallHooks(root, c.agent, "heed", InstallOptions{})
			if err == nil {
				t.Fatalf("installed into a file it cannot merge safely")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
			if data, _ := os.ReadFile(filepath.Join(root, c.file)); string(data) != c.content {
				t.Errorf("the refused file was changed")
			}
			if after := dirNames(t, filepath.Dir(filepath.Join(root, c.file))); strings.Join(after, ",") != strings.Join(before, ",") {
				t.Errorf("files beside the settings: %v, want %v", after, before)
			}
		})
	}
	// a duplicate key heed neither reads nor edits is kept as it is
	root := t.TempDir()
	write(t, root, ".claude/settings.json", `{"model": "a", "model": "b"}`)
	if _, err := InstallHooks(root, AgentClaude, "heed", InstallOptions{}); err != nil {
		t.Fatalf("a duplicate key off heed's path: %v", err)
	}
	if data, _ := os.ReadFile(filepath.Join(root, ".claude/settings.json")); !strings.Contains(string(data), `"model": "a",`) || !strings.Contains(string(data), `"model": "b",`) {
		t.Errorf("the other keys must be kept as written:\n%s", data)
	}
}

// A settings file that is a symbolic link (to a dotfiles repository, say) is edited
// where it points: the link stays a link, and the target gets heed's hooks.
func TestInstallHooksEditsThroughALink(t *testing.T) {
	root := t.TempDir()
	dotfiles := t.TempDir()
	target := filepath.Join(dotfiles, "claude-settings.json")
	if err := os.WriteFile(target, []byte(`{"model": "opus"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(root, ".claude", "settings.json")
	os.MkdirAll(filepath.Dir(link), 0o755)
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	cfg, err := InstallHooks(root, AgentClaude, "heed", InstallOptions{})
	if err != nil || len(cfg.Added) != 3 {
		t.Fatalf("install through a link: %+v %v", cfg, err)
	}
	fi, err := os.Lstat(link)
	if err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced by a file")
	}
	data, _ := os.ReadFile(target)
	if !strings.Contains(string(data), `"command": "heed hook claude"`) || !strings.Contains(string(data), `"model": "opus"`) {
		t.Fatalf("the link's target did not get heed's hooks:\n%s", data)
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o600 {
		t.Errorf("the target's mode changed to %v", fi.Mode().Perm())
	}
	if names := dirNames(t, dotfiles); len(names) != 1 {
		t.Errorf("files left beside the target: %v", names)
	}
	if !HeedHooksIncludes(root, AgentClaude) {
		t.Errorf("the hooks installed through the link are not seen")
	}
	// a dangling link is refused, naming the file
	os.Remove(target)
	_, err = InstallHooks(root, AgentClaude, "heed", InstallOptions{})
	if err == nil || !strings.Contains(err.Error(), ".claude/settings.json is a symbolic link") {
		t.Fatalf("a dangling link: %v", err)
	}
	if _, err := os.Stat(target); err == nil {
		t.Errorf("a dangling link's target was created")
	}
}

// HeedHooksIncludes reports whether HeedHooks lists agent.
func HeedHooksIncludes(root, agent string) bool {
	for _, a := range HeedHooks(root) {
		if a == agent {
			return true
		}
	}
	return false
}

// FuzzInstallHooks: whatever the agent's settings file holds, heed hook install either
// refuses it and leaves it byte for byte, or writes valid JSON with heed's hooks that a
// second install leaves unchanged; it never panics.
func FuzzInstallHooks(f *testing.F) {
	f.Add([]byte(`{"model": "opus", "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]}]}}`), uint8(0))
	f.Add([]byte(`{"hooks": {}, "hooks": {"PreToolUse": []}}`), uint8(0))
	f.Add([]byte(`{"version": 1, "hooks": {"beforeShellExecution": [{"command": "heed-shim hook cursor"}]}}`), uint8(3))
	f.Add([]byte(`{"hooks": {"preToolUse": [{"type": "command", "bash": "heed hook copilot", "cwd": "."}]}}`), uint8(4))
	f.Add([]byte(`{"hooks": {"BeforeTool": [{"hooks": [{"command": "heed hook gemini --x"}]}]}, "z": [1e400, "\u00e9<>&"]}`), uint8(2))
	f.Add([]byte(``), uint8(1))
	f.Add([]byte(`[1, 2]`), uint8(0))
	f.Add([]byte("{\n  // the team's hooks \"[[\n  \"hooks\": {\"BeforeTool\": [],}, /* ours */\n}\n"), uint8(2))
	f.Fuzz(func(t *testing.T, data []byte, pick uint8) {
		agent := Agents[int(pick)%len(Agents)]
		spec, ok := hookSpecs.Get()[agent]
		if !ok {
			return
		}
		root := t.TempDir()
		path := filepath.Join(root, filepath.FromSlash(spec.file))
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := InstallHooks(root, agent, "heed", InstallOptions{RulesContext: agent == AgentClaude && pick&0x80 != 0})
		got, _ := os.ReadFile(path)
		if err != nil {
			if string(got) != string(data) {
				t.Fatalf("refused (%v) but changed the file", err)
			}
			if !strings.Contains(err.Error(), spec.file) {
				t.Fatalf("the error does not name %s: %v", spec.file, err)
			}
			return
		}
		// JSON stays JSON; JSON with comments (kept as written) stays valid JSONC
		if json.Valid(data) || len(bytes.TrimSpace(data)) == 0 {
			if !json.Valid(got) {
				t.Fatalf("wrote invalid JSON:\n%s", got)
			}
		} else if _, err := jsonc.Parse(got); err != nil {
			t.Fatalf("wrote invalid JSON with comments (%v):\n%s", err, got)
		}
		if !strings.Contains(string(got), "heed hook "+agent) {
			t.Fatalf("no heed hook in the result:\n%s", got)
		}
		cfg, err := InstallHooks(root, agent, "heed", InstallOptions{})
		again, _ := os.ReadFile(path)
		if err != nil || len(cfg.Added) != 0 || string(again) != string(got) {
			t.Fatalf("a second install changed things: %+v %v\n%s\n---\n%s", cfg, err, got, again)
		}
	})
}
