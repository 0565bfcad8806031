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
		".cursor/rules/ts.md":                        FormatCursor,
		".cursor/rules/api/RULE.md":                  FormatCursor,
		".cursor/notes.md":                           "",
		"pkg/.github/copilot-instructions.md":        "",
		".claude/settings.json":                      "",
		"docs/internals/contributing/committing.txt": "",
		".rules":                           FormatZed,
		"web/.rules":                       "",
		"firestore.rules":                  "",
		".roo/rules/01-general.md":         FormatRoo,
		".roo/rules/team/style.txt":        FormatRoo,
		".roo/rules-code/ts.md":            FormatRoo,
		".roo/rules/logo.png":              "",
		".roo/mcp.json":                    "",
		".roorules":                        FormatRoo,
		".roorules-architect":              FormatRoo,
		".continue/rules/01-style.md":      FormatContinue,
		"web/.continue/rules/react.md":     FormatContinue,
		".continue/config.yaml":            "",
		".continuerules":                   FormatContinue,
		".openhands/microagents/repo.md":   FormatOpenHands,
		".openhands/microagents/docker.md": FormatOpenHands, // OpenHands loads every .md there
		".openhands/microagents/ops/ci.md": FormatOpenHands,
		".openhands/microagents/README.md": "",
		".openhands/setup.sh":              "",
		"AGENT.md":                         FormatAmp,
		"svc/AGENT.md":                     FormatAmp,
		"CONVENTIONS.md":                   FormatAider,
		"docs/CONVENTIONS.md":              "",
		".junie/guidelines.md":             FormatJunie,
		".junie/notes.md":                  "",
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
		{".roo/rules-code/a.md", ""},
		{"web/.continue/rules/react.md", "web"},
		{".openhands/microagents/repo.md", ""},
		{".junie/guidelines.md", ""},
		// Junie also reads .junie/AGENTS.md (JetBrains' junie-guidelines): the root's
		{".junie/AGENTS.md", ""},
		{"svc/AGENT.md", "svc"},
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

// The conventions of Zed, Roo Code, Continue, OpenHands, Amp, Aider and Junie, each as
// its tool's documentation places and scopes it.
func TestMoreAgentFormats(t *testing.T) {
	root := writeTree(t, map[string]string{
		".rules":                         "- Zed rule.\n",
		".roo/rules/01-general.md":       "- Roo rule for every mode.\n",
		".roo/rules/team/02-naming.md":   "- Roo nested rule.\n",
		".roo/rules-code/ts.md":          "- Roo rule in code mode.\n",
		".roorules-architect":            "- Roo rule in architect mode.\n",
		".continue/rules/always.md":      "---\nname: Always\n---\n- Continue plain rule.\n",
		".continue/rules/ts.md":          "---\nname: TypeScript\nglobs: \"**/*.{ts,tsx}\"\n---\n- Continue TypeScript rule.\n",
		".continue/rules/pinned.md":      "---\nname: Pinned\nglobs: src/**\nalwaysApply: true\n---\n- Continue pinned rule.\n",
		".continue/rules/asked.md":       "---\nname: Asked\nalwaysApply: false\ndescription: Release steps\n---\n- Continue requested rule.\n",
		"web/.continue/rules/react.md":   "---\nname: React\nglobs: src/**/*.tsx\nregex: \"^import React\"\n---\n- Continue React rule.\n",
		".openhands/microagents/repo.md": "---\nagent: CodeActAgent\n---\n# Repository\n- OpenHands rule.\n",
		// OpenHands' own examples: a microagent without triggers is repository
		// knowledge, loaded always; one with triggers is knowledge, loaded on a word
		".openhands/microagents/testing.md": "# Testing\n- OpenHands general rule.\n",
		".openhands/microagents/docker.md":  "---\nname: docker\ntype: knowledge\nversion: 1.0.0\nagent: CodeActAgent\ntriggers:\n- docker\n- container\n---\n- OpenHands docker rule.\n",
		".openhands/microagents/README.md":  "- Not a microagent.\n",
		"svc/AGENT.md":                      "- Amp rule.\n",
		"CONVENTIONS.md":                    "- Aider rule.\n",
		".junie/guidelines.md":              "- Junie rule.\n",
	})
	gitInit(t, root)
	set, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]File{}
	for _, f := range set.Files {
		files[f.Path] = f
	}
	for path, want := range map[string]struct{ format, activation, dir, globs string }{
		".rules":                            {FormatZed, "always", "", ""},
		".roo/rules/01-general.md":          {FormatRoo, "always", "", ""},
		".roo/rules/team/02-naming.md":      {FormatRoo, "always", "", ""},
		".roo/rules-code/ts.md":             {FormatRoo, "mode:code", "", ""},
		".roorules-architect":               {FormatRoo, "mode:architect", "", ""},
		".continue/rules/always.md":         {FormatContinue, "always", "", ""},
		".continue/rules/ts.md":             {FormatContinue, "globs", "", "**/*.{ts,tsx}"},
		".continue/rules/pinned.md":         {FormatContinue, "always", "", ""},
		".continue/rules/asked.md":          {FormatContinue, "requested", "", ""},
		"web/.continue/rules/react.md":      {FormatContinue, "globs", "web", "web/src/**/*.tsx"},
		".openhands/microagents/repo.md":    {FormatOpenHands, "always", "", ""},
		".openhands/microagents/testing.md": {FormatOpenHands, "always", "", ""},
		".openhands/microagents/docker.md":  {FormatOpenHands, "triggered", "", ""},
		"svc/AGENT.md":                      {FormatAmp, "always", "svc", ""},
		"CONVENTIONS.md":                    {FormatAider, "always", "", ""},
		".junie/guidelines.md":              {FormatJunie, "always", "", ""},
	} {
		f, ok := files[path]
		if !ok {
			t.Errorf("%s not found", path)
			continue
		}
		if f.Format != want.format || f.Activation != want.activation || f.Scope.Dir != want.dir || strings.Join(f.Scope.Globs, ",") != want.globs {
			t.Errorf("%s: format %q activation %q scope %+v; want %+v", path, f.Format, f.Activation, f.Scope, want)
		}
		if f.Constraints != 1 {
			t.Errorf("%s: %d constraints, want 1", path, f.Constraints)
		}
	}
	if _, ok := files[".openhands/microagents/README.md"]; ok {
		t.Errorf("OpenHands skips the README of its microagents folder; heed read it")
	}
	if !warned(set.Warnings, "web/.continue/rules/react.md", "content matches ^import React") {
		t.Errorf("a Continue regex heed cannot apply: no warning in %v", set.Warnings)
	}
	if len(set.Warnings) != 1 {
		t.Errorf("warnings: %v", set.Warnings)
	}
	if !hasText(For(set.Constraints, "svc/main.go"), "Amp rule") || hasText(For(set.Constraints, "main.go"), "Amp rule") {
		t.Errorf("svc/AGENT.md governs svc/ only")
	}
	if !hasText(For(set.Constraints, "web/app.ts"), "Continue TypeScript rule") || hasText(For(set.Constraints, "web/app.go"), "Continue TypeScript rule") {
		t.Errorf("Continue globs: not applied")
	}
	if !hasText(For(set.Constraints, "main.go"), "Continue pinned rule") {
		t.Errorf("Continue alwaysApply: true ignores its globs")
	}
}
