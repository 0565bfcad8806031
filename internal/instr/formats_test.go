package instr

import (
	"strings"
	"testing"
)

func TestClassify(t *testing.T) {
	for path, want := range map[string]string{
		"AGENTS.md":                                  FormatAgents,
		"a/b/AGENTS.md":                              FormatAgents,
		"a/AGENTS.override.md":                       FormatAgentsOverride,
		"CLAUDE.md":                                  FormatClaude,
		".claude/CLAUDE.md":                          FormatClaude,
		"pkg/CLAUDE.local.md":                        FormatClaudeLocal,
		".claude/rules/api.md":                       FormatClaudeRules,
		".claude/rules/sub/x.md":                     FormatClaudeRules,
		".github/copilot-instructions.md":            FormatCopilot,
		".github/instructions/py.instructions.md":    FormatCopilotInstr,
		".github/instructions/a/b.instructions.md":   FormatCopilotInstr,
		".cursor/rules/ts.mdc":                       FormatCursor,
		"web/.cursor/rules/ui.mdc":                   FormatCursor,
		".cursorrules":                               FormatCursorRules,
		"GEMINI.md":                                  FormatGemini,
		"docs/GEMINI.md":                             FormatGemini,
		".windsurfrules":                             FormatWindsurf,
		".windsurf/rules/style.md":                   FormatWindsurf,
		".clinerules":                                FormatCline,
		".clinerules/01-style.md":                    FormatCline,
		".clinerules/notes.txt":                      FormatCline,
		"CONTRIBUTING.md":                            FormatContributing,
		"CONTRIBUTING.rst":                           FormatContributing,
		".github/CONTRIBUTING.md":                    FormatContributing,
		"docs/CONTRIBUTING.rst":                      FormatContributing,
		"docs/contributing.md":                       FormatContributing,
		"src/CONTRIBUTING.md":                        "",
		"docs/dev/contributing.rst":                  "",
		"README.md":                                  "",
		"agents.md":                                  "",
		".github/instructions/py.md":                 "",
		".cursor/rules/ts.md":                        "",
		"pkg/.github/copilot-instructions.md":        "",
		".claude/settings.json":                      "",
		"docs/internals/contributing/committing.txt": "",
	} {
		if got := Classify(path); got != want {
			t.Errorf("Classify(%q) = %q, want %q", path, got, want)
		}
	}
}

func TestScopeDir(t *testing.T) {
	for _, c := range []struct{ path, want string }{
		{"AGENTS.md", ""},
		{"web/AGENTS.md", "web"},
		{".claude/CLAUDE.md", ""},
		{"pkg/.claude/rules/a.md", "pkg"},
		{"web/.cursor/rules/ui.mdc", "web"},
		{".github/instructions/x.instructions.md", ""},
		{".agents/AGENTS.md", ""},
		{"docs/CONTRIBUTING.md", ""},
		{"tools/.clinerules/a.md", "tools"},
	} {
		if got := ScopeDir(c.path, Classify(c.path)); got != c.want {
			t.Errorf("ScopeDir(%q) = %q, want %q", c.path, got, c.want)
		}
	}
}

// The formats not in the corpus: Windsurf, Cline (file and folder), Gemini, an
// ignored CLAUDE.local.md, Cursor activation modes.
func TestOtherFormats(t *testing.T) {
	root := writeTree(t, map[string]string{
		".gitignore":                 "CLAUDE.local.md\nbuild/\n",
		"CLAUDE.local.md":            "- Use my local database.\n",
		"build/AGENTS.md":            "- Generated, ignored.\n",
		"GEMINI.md":                  "- Gemini rule.\n",
		".windsurfrules":             "Windsurf legacy rule.\n",
		".windsurf/rules/py.md":      "---\ntrigger: glob\nglobs: \"*.py\"\n---\n- Windsurf Python rule.\n",
		".windsurf/rules/ask.md":     "---\ntrigger: model_decision\ndescription: Release steps\n---\n- Windsurf requested rule.\n",
		"tools/.clinerules/01-a.md":  "- Cline folder rule.\n",
		"tools/.clinerules/02-b.txt": "Cline text rule.\n",
		"lib/.clinerules":            "---\npaths:\n  - \"src/**\"\n---\n- Cline file rule.\n",
		".cursor/rules/manual.mdc":   "---\nalwaysApply: false\n---\n- Cursor manual rule.\n",
		".cursor/rules/asked.mdc":    "---\ndescription: When touching billing\n---\n- Cursor requested rule.\n",
	})
	gitInit(t, root)
	set, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range set.Warnings {
		t.Errorf("warning: %s", w)
	}
	files := map[string]File{}
	for _, f := range set.Files {
		files[f.Path] = f
	}
	for path, want := range map[string]struct{ format, activation, dir, globs string }{
		"CLAUDE.local.md":            {FormatClaudeLocal, "always", "", ""},
		"GEMINI.md":                  {FormatGemini, "always", "", ""},
		".windsurfrules":             {FormatWindsurf, "always", "", ""},
		".windsurf/rules/py.md":      {FormatWindsurf, "globs", "", "*.py"},
		".windsurf/rules/ask.md":     {FormatWindsurf, "requested", "", ""},
		"tools/.clinerules/01-a.md":  {FormatCline, "always", "tools", ""},
		"tools/.clinerules/02-b.txt": {FormatCline, "always", "tools", ""},
		"lib/.clinerules":            {FormatCline, "globs", "lib", "lib/src/**"},
		".cursor/rules/manual.mdc":   {FormatCursor, "manual", "", ""},
		".cursor/rules/asked.mdc":    {FormatCursor, "requested", "", ""},
	} {
		f, ok := files[path]
		if !ok {
			t.Errorf("%s not found", path)
			continue
		}
		if f.Format != want.format || f.Activation != want.activation || f.Scope.Dir != want.dir || strings.Join(f.Scope.Globs, ",") != want.globs {
			t.Errorf("%s: format %q activation %q scope %+v; want %+v", path, f.Format, f.Activation, f.Scope, want)
		}
	}
	if hasText(set.Constraints, "Generated, ignored") {
		t.Errorf("a gitignored AGENTS.md was read")
	}
	if !hasText(For(set.Constraints, "tools/x.go"), "Cline text rule") || hasText(For(set.Constraints, "x.go"), "Cline folder rule") {
		t.Errorf("a .clinerules folder governs its directory")
	}
	if !hasText(For(set.Constraints, "lib/src/a.go"), "Cline file rule") || hasText(For(set.Constraints, "lib/test/a.go"), "Cline file rule") {
		t.Errorf(".clinerules paths: not applied")
	}
}
