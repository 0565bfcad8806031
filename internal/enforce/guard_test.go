package enforce

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// guardedRepo is a repository compiled as heed compile leaves it (a sealed policy,
// the instruction files as its sources), with hook settings and a home directory of
// its own holding the agent's user settings.
func guardedRepo(t *testing.T) (root, home string) {
	t.Helper()
	root = newRepo(t, "- Use `pnpm`, not npm.")
	write(t, root, "web/AGENTS.md", "# Web\n\n- Never run `make deploy`.\n")
	write(t, root, ".claude/settings.json", "{}\n")
	write(t, root, ".github/hooks/heed.json", "{}\n")
	write(t, root, ".github/workflows/ci.yml", "on: push\n")
	savePolicy(t, root)
	home = t.TempDir()
	write(t, home, ".claude/settings.json", "{}\n")
	t.Setenv("HOME", home)
	return root, home
}

// atPath loads a recorded write payload with its file path replaced by path.
func atPath(t *testing.T, name, path string, vars map[string]string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "hooks", name))
	if err != nil {
		t.Fatal(err)
	}
	s := strings.NewReplacer("$CWD/src/new.py", "$PATH", "$CWD/src/a.py", "$PATH").Replace(string(data))
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	v := map[string]string{"PATH": path}
	for k, x := range vars {
		v[k] = x
	}
	return payloadFrom(t, filepath.Join(dir, name), name, v)
}

func payloadFrom(t *testing.T, file, name string, vars map[string]string) []byte {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	// longest names first: $PATH must not eat $PATCH
	for _, k := range []string{"CONTENT", "COMMAND", "PATCH", "PATH", "OLD", "NEW", "CWD"} {
		v, ok := vars[k]
		if !ok {
			continue
		}
		esc := jsonEscape(v)
		if strings.Contains(name, "args-string") && k != "CWD" {
			esc = jsonEscape(esc)
		}
		s = strings.ReplaceAll(s, "$"+k, esc)
	}
	return []byte(s)
}

// Issue 22, item 5: nothing stopped an agent's write to .heed/, to the instruction
// files or to its own hook settings. Every plain write through a tool or a shell
// line is denied, with what it would change and what to do; reading them, and
// writing anything else, is not.
func TestGuardDeniesAgentWritesToTheFilesThatDecideTheRules(t *testing.T) {
	root, home := guardedRepo(t)
	bash := func(cwd, line string) []byte {
		return payload(t, "claude-pre-bash.json", map[string]string{"CWD": filepath.Join(root, cwd), "COMMAND": line})
	}
	type row struct {
		name string
		data []byte
		want string // "" allowed; else a file the denial names
	}
	var rows []row
	for line, want := range map[string]string{
		"echo '{}' > .heed/policy.json":                               ".heed/policy.json",
		"cat /tmp/rules >> AGENTS.md":                                 "AGENTS.md",
		"printf x >| .claude/settings.json":                           ".claude/settings.json",
		"echo x &> .heed/config":                                      ".heed/config",
		"echo x >& .heed/journal.jsonl":                               ".heed/journal.jsonl",
		"echo x | tee -a AGENTS.md":                                   "AGENTS.md",
		"tee .heed/policy.json < /tmp/p":                              ".heed/policy.json",
		"sed -i 's/pnpm/npm/' AGENTS.md":                              "AGENTS.md",
		"sed -i.bak -e 's/a/b/' web/AGENTS.md":                        "web/AGENTS.md",
		"perl -pi -e 's/pnpm/npm/' AGENTS.md":                         "AGENTS.md",
		"rm .heed/policy.json":                                        ".heed/policy.json",
		"rm -rf .heed":                                                ".heed",
		"rm -rf .claude":                                              ".claude/settings.json",
		"rm -f .heed/*":                                               ".heed/policy.json",
		"rm -rf .c*":                                                  ".claude/settings.json",
		"rm -r .":                                                     ".claude/settings.json",
		"rm AGENTS.md":                                                "AGENTS.md",
		"unlink web/AGENTS.md":                                        "web/AGENTS.md",
		"mv AGENTS.md AGENTS.bak":                                     "AGENTS.md",
		"mv /tmp/p.json .heed/policy.json":                            ".heed/policy.json",
		"cp /tmp/p.json .heed/policy.json":                            ".heed/policy.json",
		"cp /tmp/settings.json .claude/":                              ".claude/settings.json",
		"cp -t .heed /tmp/policy.json":                                ".heed/policy.json",
		"ln -sf /tmp/p.json .heed/policy.json":                        ".heed/policy.json",
		"truncate -s 0 AGENTS.md":                                     "AGENTS.md",
		"dd if=/dev/null of=AGENTS.md":                                "AGENTS.md",
		"git rm -q AGENTS.md":                                         "AGENTS.md",
		"git mv AGENTS.md RULES.md":                                   "AGENTS.md",
		"cd .heed && rm policy.json":                                  ".heed/policy.json",
		"rm " + root + "/.heed/policy.json":                           ".heed/policy.json",
		`bash -c "echo x > .heed/policy.json"`:                        ".heed/policy.json",
		"echo '{}' > .github/hooks/heed.json":                         ".github/hooks/heed.json",
		"echo x > .codex/config.toml":                                 ".codex/config.toml",
		"echo x > .gemini/settings.json":                              ".gemini/settings.json",
		"echo x > .cursor/hooks.json":                                 ".cursor/hooks.json",
		"echo '{\"disableAllHooks\":true}' > ~/.claude/settings.json": "~/.claude/settings.json",
		"rm -rf " + home + "/.claude":                                 "~/.claude/settings.json",
		"heed compile":                                                ".heed/policy.json",
		"heed --repo . baseline":                                      ".heed/baseline.json",
		"heed hook install claude":                                    ".claude/settings.json",
		"echo x > CLAUDE.md":                                          "CLAUDE.md", // a new instruction file: rules by its name
		// near misses
		"cat .heed/policy.json":                  "",
		"cp .heed/policy.json /tmp/p.json":       "",
		"grep -rn npm AGENTS.md .heed":           "",
		"sed 's/a/b/' AGENTS.md > /tmp/x":        "",
		"sed -n 1p AGENTS.md":                    "",
		"echo x > notes.md":                      "",
		"echo x 2>/dev/null >&2":                 "",
		"rm -rf build/ src/old":                  "",
		"mv src/a.py src/b.py":                   "",
		"cp AGENTS.md /tmp/":                     "",
		"echo x > .github/workflows/ci.yml":      "",
		"touch AGENTS.md":                        "",
		"heed compile --check":                   "",
		"heed check --diff main":                 "",
		"git rm --cached -q src/a.py":            "",
		"ls .heed > /tmp/list":                   "",
		"echo x > /tmp/AGENTS.md.bak":            "",
		"perl -ne 'print if /deploy/' AGENTS.md": "",
	} {
		rows = append(rows, row{"bash " + line, bash("", line), want})
	}
	rows = append(rows,
		row{"bash in web: rm AGENTS.md", bash("web", "rm AGENTS.md"), "web/AGENTS.md"},
		row{"bash in web: rm ../AGENTS.md", bash("web", "rm ../AGENTS.md"), "AGENTS.md"},
		row{"bash in web: rm -rf build", bash("web", "rm -rf build"), ""},
		row{"Write .heed/policy.json", atPath(t, "claude-pre-write.json", filepath.Join(root, ".heed/policy.json"), map[string]string{"CWD": root, "CONTENT": "{}"}), ".heed/policy.json"},
		row{"Write src/new.py", atPath(t, "claude-pre-write.json", filepath.Join(root, "src/new.py"), map[string]string{"CWD": root, "CONTENT": "y = 1\n"}), ""},
		row{"Write relative .claude/settings.local.json", atPath(t, "claude-pre-write.json", ".claude/settings.local.json", map[string]string{"CWD": root, "CONTENT": "{}"}), ".claude/settings.local.json"},
		row{"Write ~/.claude/settings.json", atPath(t, "claude-pre-write.json", filepath.Join(home, ".claude/settings.json"), map[string]string{"CWD": root, "CONTENT": "{}"}), "~/.claude/settings.json"},
		row{"Edit AGENTS.md", atPath(t, "claude-pre-edit.json", filepath.Join(root, "AGENTS.md"), map[string]string{"CWD": root, "OLD": "pnpm", "NEW": "npm"}), "AGENTS.md"},
		row{"MultiEdit web/AGENTS.md", atPath(t, "claude-pre-multiedit.json", filepath.Join(root, "web/AGENTS.md"), map[string]string{"CWD": root, "OLD": "Never", "NEW": "Always"}), "web/AGENTS.md"},
		row{"NotebookEdit .heed/x.ipynb", atPath(t, "claude-pre-notebookedit.json", filepath.Join(root, ".heed/x.ipynb"), map[string]string{"CWD": root}), ".heed/x.ipynb"},
		row{"NotebookEdit nb/a.ipynb", atPath(t, "claude-pre-notebookedit.json", filepath.Join(root, "nb/a.ipynb"), map[string]string{"CWD": root}), ""},
		row{"apply_patch AGENTS.md", payload(t, "codex-pre-apply-patch.json", map[string]string{"CWD": root,
			"PATCH": "*** Begin Patch\n*** Update File: AGENTS.md\n@@\n-- Use `pnpm`, not npm.\n+- Use npm.\n*** End Patch"}), "AGENTS.md"},
		row{"apply_patch delete .claude/settings.json", payload(t, "codex-pre-apply-patch.json", map[string]string{"CWD": root,
			"PATCH": "*** Begin Patch\n*** Delete File: .claude/settings.json\n*** End Patch"}), ".claude/settings.json"},
		row{"apply_patch add src/b.py", payload(t, "codex-pre-apply-patch.json", map[string]string{"CWD": root,
			"PATCH": "*** Begin Patch\n*** Add File: src/b.py\n+z = 3\n*** End Patch"}), ""},
	)
	for _, r := range rows {
		agent := AgentClaude
		if strings.HasPrefix(r.name, "apply_patch") {
			agent = AgentCodex
		}
		resp := runHook(t, agent, r.data, nil)
		got := denied(t, agent, resp)
		switch {
		case r.want == "" && got:
			t.Errorf("%s: denied:\n%s", r.name, resp.Stderr)
		case r.want != "" && !got:
			t.Errorf("%s: allowed, want a denial naming %s", r.name, r.want)
		case r.want != "" && (!strings.Contains(resp.Stderr, "File: "+r.want+" (") || !strings.Contains(resp.Stderr, "agent_may_edit")):
			t.Errorf("%s: the denial does not name %s and what to do:\n%s", r.name, r.want, resp.Stderr)
		}
	}
	// the other agents' write tools
	for _, c := range []struct{ agent, file, path string }{
		{AgentGemini, "gemini-before-write.json", ".gemini/settings.json"},
		{AgentCopilot, "copilot-pre-create.json", ".github/hooks/heed.json"},
	} {
		data := payloadFrom(t, filepath.Join("testdata", "hooks", c.file), c.file, map[string]string{"CWD": root, "PATH": filepath.Join(root, c.path), "CONTENT": "{}"})
		if !denied(t, c.agent, runHook(t, c.agent, data, nil)) {
			t.Errorf("%s: a write to %s was allowed", c.agent, c.path)
		}
		data = payloadFrom(t, filepath.Join("testdata", "hooks", c.file), c.file, map[string]string{"CWD": root, "PATH": filepath.Join(root, "src/c.py"), "CONTENT": "c = 1\n"})
		if denied(t, c.agent, runHook(t, c.agent, data, nil)) {
			t.Errorf("%s: a write to src/c.py was denied", c.agent)
		}
	}
}

// A repository may let agents change its instruction files ([guard] agent_may_edit
// in .heed/config); heed's own files stay guarded, and a configuration heed cannot
// read denies with the file and line.
func TestGuardConfigLetsARepositoryOptIn(t *testing.T) {
	root, _ := guardedRepo(t)
	write(t, root, ".heed/config", "# heed\n[llm]\n[guard]\nagent_may_edit = [\"instructions\"]  # agents maintain AGENTS.md here\n")
	edit := atPath(t, "claude-pre-edit.json", filepath.Join(root, "AGENTS.md"), map[string]string{"CWD": root, "OLD": "pnpm", "NEW": "npm"})
	bash := func(line string) []byte {
		return payload(t, "claude-pre-bash.json", map[string]string{"CWD": root, "COMMAND": line})
	}
	for name, c := range map[string]struct {
		data []byte
		deny bool
	}{
		"Edit AGENTS.md":               {edit, false},
		"sed -i AGENTS.md":             {bash("sed -i 's/a/b/' AGENTS.md"), false},
		"rm .heed/policy.json":         {bash("rm .heed/policy.json"), true},
		"echo > .claude/settings.json": {bash("echo x > .claude/settings.json"), true},
	} {
		if got := denied(t, AgentClaude, runHook(t, AgentClaude, c.data, nil)); got != c.deny {
			t.Errorf("with agent_may_edit = [instructions], %s: denied=%v, want %v", name, got, c.deny)
		}
	}
	write(t, root, ".heed/config", "[guard]\nagent_may_edit = [\"everything\"]\n")
	resp := runHook(t, AgentClaude, edit, nil)
	if !denied(t, AgentClaude, resp) || !strings.Contains(resp.Stderr, `.heed/config:2: agent_may_edit: unknown kind "everything"`) {
		t.Errorf("a bad [guard] section: %+v", resp)
	}
}

// A document an instruction file only links to or names (README.md, a skill's
// SKILL.md) is read for its rules, but it is a project file no agent loads by itself:
// an agent's edit to it is ordinary work (rules often ask for one), so the guard lets
// it through and the live path goes on judging from the compiled rules after it,
// where an edit to AGENTS.md itself is denied and stops the live path.
func TestLinkedDocumentsAreNeitherGuardedNorSealed(t *testing.T) {
	root := newRepo(t, "- Never run `make deploy`.\n- `README.md` is the user guide.\n- Follow [the style guide](docs/style.md).")
	write(t, root, "README.md", "# Tool\n\n- Build with `make`.\n")
	write(t, root, "docs/style.md", "# Style\n\n- Never run `make release`.\n")
	p := savePolicy(t, root)
	linked := map[string]bool{}
	for _, s := range p.Policy.Sources {
		linked[s.Path] = s.Linked
	}
	if !linked["README.md"] || !linked["docs/style.md"] || linked["AGENTS.md"] {
		t.Fatalf("sources: %+v", p.Policy.Sources)
	}
	denies := func(line string) (bool, string) {
		t.Helper()
		resp := runHook(t, AgentClaude, payload(t, "claude-pre-bash.json", map[string]string{"CWD": root, "COMMAND": line}), nil)
		return denied(t, AgentClaude, resp), resp.Stderr
	}
	for _, c := range []struct {
		line string
		deny bool
	}{
		{"echo '- more' >> README.md", false},
		{"sed -i 's/a/b/' docs/style.md", false},
		{"echo '- more' >> AGENTS.md", true},
		{"make release", true}, // the rule of the document AGENTS.md sends its reader to
		{"make deploy", true},
		{"git status", false},
	} {
		if got, msg := denies(c.line); got != c.deny {
			t.Errorf("%s: denied %v, want %v\n%s", c.line, got, c.deny, msg)
		}
	}
	// edited, the linked documents leave the compiled rules standing
	write(t, root, "README.md", "# Tool\n\nNo rules here any more.\n")
	write(t, root, "docs/style.md", "# Style\n")
	if got, msg := denies("git status"); got {
		t.Errorf("an edit to a linked document stopped the live path:\n%s", msg)
	}
	if got, _ := denies("make release"); !got {
		t.Errorf("an edit to a linked document switched its compiled rule off")
	}
	// edited, AGENTS.md stops it
	write(t, root, "AGENTS.md", "# Rules\n")
	if got, msg := denies("git status"); !got || !strings.Contains(msg, "AGENTS.md changed") {
		t.Errorf("an edit to AGENTS.md: denied %v\n%s", got, msg)
	}
}
