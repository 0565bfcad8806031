package instr

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A file named like an instruction file but for its letters' case is no instruction
// file (the agents look it up by its exact name), and discovery says so instead of
// passing over it in silence.
func TestDiscoverWarnsOfACaseMisnamedFile(t *testing.T) {
	root := t.TempDir()
	for p, text := range map[string]string{
		"agents.md":                "- Use pnpm.\n",
		"web/Claude.md":            "- Use pnpm.\n",
		"api/AGENTS.md":            "- Use pnpm.\n",
		"node_modules/x/agents.md": "- Not ours.\n",
		"docs/agents.markdown":     "- Not a name an agent reads.\n",
	} {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	paths, warns, err := Discover(root)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(paths, ",") != "api/AGENTS.md" {
		t.Errorf("discovered %v, want only api/AGENTS.md", paths)
	}
	var got []string
	for _, w := range warns {
		got = append(got, w.File)
		if !strings.Contains(w.Msg, "rename it to") {
			t.Errorf("%s: %q does not say what to do", w.File, w.Msg)
		}
	}
	if strings.Join(got, ",") != "agents.md,web/Claude.md" {
		t.Errorf("warned of %v, want agents.md and web/Claude.md", got)
	}
}

// An agent skill (`.agents/skills/<skill>/AGENTS.md`, `.claude/skills/<skill>/SKILL.md`)
// is loaded for its own task and often installed from another project: discovery
// leaves it out (aurickwilliam/apt-rental-platform, wild round 26: a React Native
// skill's rules blocked a web page's code). A folder named skills elsewhere is the
// project's.
func TestDiscoverLeavesAgentSkillsOut(t *testing.T) {
	root := t.TempDir()
	for _, p := range []string{"AGENTS.md", ".agents/skills/vercel-react-native-skills/AGENTS.md", ".claude/skills/deploy/SKILL.md",
		".cursor/skills/kepi-airport-bot/SKILL.md", "packages/skills/AGENTS.md"} {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte("- Never use `x`.\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	paths, _, err := Discover(root)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(paths, ","); got != "AGENTS.md,packages/skills/AGENTS.md" {
		t.Errorf("discovered %s", got)
	}
}

// A link to an agent skill's SKILL.md (a plugin's `plugins/<p>/skills/<s>/SKILL.md`)
// names the task the skill serves: its text is not read as the repository's rules
// (svenroth-ai/shipwright, wild round 27: a skill's "no `dev_url` → skip" became a
// ban of the config key in 11 files).
func TestLinkToAgentSkillNotFollowed(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"CLAUDE.md":                         "See [iterate](plugins/p/skills/iterate/SKILL.md) and [guide](docs/guide.md).\n",
		"plugins/p/skills/iterate/SKILL.md": "- Never use `dev_url`.\n",
		"docs/guide.md":                     "- Never use `x`.\n",
	}
	for p, text := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	set, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	var read []string
	for _, f := range set.Files {
		read = append(read, f.Path)
	}
	if got := strings.Join(read, ","); strings.Contains(got, "SKILL.md") || !strings.Contains(got, "docs/guide.md") {
		t.Errorf("read %s, want the guide and not the skill", got)
	}
}
