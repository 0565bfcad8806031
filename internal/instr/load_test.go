package instr

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// writeTree creates files (path -> content) under a new directory.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for p, content := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func gitInit(t *testing.T, root string) {
	t.Helper()
	cmd := exec.Command("git", "init", "-q", root)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
}

func texts(cs []policy.Constraint) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Text)
	}
	sort.Strings(out)
	return out
}

func hasText(cs []policy.Constraint, sub string) bool {
	for _, c := range cs {
		if strings.Contains(c.Text, sub) {
			return true
		}
	}
	return false
}

func warned(ws []Warning, file, sub string) bool {
	for _, w := range ws {
		if w.File == file && strings.Contains(w.Msg, sub) {
			return true
		}
	}
	return false
}

var scopeRepo = map[string]string{
	"AGENTS.md":                                 "- Run `make test` before committing.\n",
	"web/AGENTS.md":                             "- Use pnpm, never npm.\n",
	"web/legacy/AGENTS.md":                      "- Do not add new code here.\n",
	"web/legacy/AGENTS.override.md":             "- Only fix bugs in legacy code.\n",
	".github/copilot-instructions.md":           "Keep functions short.\n",
	".github/instructions/py.instructions.md":   "---\napplyTo: \"**/*.py,scripts/**\"\n---\n- Use type hints.\n",
	".github/instructions/yaml.instructions.md": "---\napplyTo:\n  - \"**/*.yml\"\n  - '**/*.yaml'\n---\n- Indent YAML with two spaces.\n",
	".cursor/rules/ts.mdc":                      "---\ndescription: TypeScript style\nglobs: *.ts,*.tsx\nalwaysApply: false\n---\n- Prefer named exports.\n",
	".cursor/rules/always.mdc":                  "---\nalwaysApply: true\nglobs: docs/**\n---\n- Write in British English.\n",
	"web/.cursor/rules/ui.mdc":                  "---\nglobs: src/components/**\n---\n- Components are function components.\n",
	".claude/rules/api.md":                      "---\npaths:\n  - \"src/api/**/*.go\"\n---\n- Return wrapped errors.\n",
	"node_modules/x/AGENTS.md":                  "- Vendored rule.\n",
	"vendor/y/AGENTS.md":                        "- Vendored rule.\n",
	".venv/lib/AGENTS.md":                       "- Venv rule.\n",
	"env/pyvenv.cfg":                            "home = /usr\n",
	"env/AGENTS.md":                             "- Venv rule.\n",
	"ignored/AGENTS.md":                         "- Ignored rule.\n",
	".gitignore":                                "ignored/\n",
	"CONTRIBUTING.md":                           "Sign your commits.\n",
	"docs/CONTRIBUTING.rst":                     "Rules\n=====\n\n- Write tests.\n",
	"src/CONTRIBUTING.md":                       "Not an instruction file.\n",
}

func TestScopes(t *testing.T) {
	for _, git := range []bool{true, false} {
		name := "walk"
		if git {
			name = "git"
		}
		t.Run(name, func(t *testing.T) {
			root := writeTree(t, scopeRepo)
			if git {
				gitInit(t, root)
			}
			set, err := Load(root)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range set.Warnings {
				t.Errorf("unexpected warning: %s", w)
			}
			for _, bad := range []string{"Vendored rule", "Venv rule", "Ignored rule", "Not an instruction"} {
				if hasText(set.Constraints, bad) {
					t.Errorf("read %q from a directory discovery must not enter", bad)
				}
			}
			cases := []struct {
				path string
				want []string
			}{
				{"main.go", []string{"Keep functions short.", "Run `make test` before committing.", "Sign your commits.", "Write tests."}},
				{"web/app.js", []string{"Keep functions short.", "Run `make test` before committing.", "Sign your commits.", "Use pnpm, never npm.", "Write tests."}},
				// The override replaces the AGENTS.md beside it.
				{"web/legacy/old.js", []string{"Keep functions short.", "Only fix bugs in legacy code.", "Run `make test` before committing.", "Sign your commits.", "Use pnpm, never npm.", "Write tests."}},
				{"tools/gen.py", []string{"Keep functions short.", "Run `make test` before committing.", "Sign your commits.", "Use type hints.", "Write tests."}},
				{"scripts/release", []string{"Keep functions short.", "Run `make test` before committing.", "Sign your commits.", "Use type hints.", "Write tests."}},
				{"ci/a.yaml", []string{"Indent YAML with two spaces.", "Keep functions short.", "Run `make test` before committing.", "Sign your commits.", "Write tests."}},
				{"deep/x/y.tsx", []string{"Keep functions short.", "Prefer named exports.", "Run `make test` before committing.", "Sign your commits.", "Write tests."}},
				{"web/src/components/Button.tsx", []string{"Components are function components.", "Keep functions short.", "Prefer named exports.", "Run `make test` before committing.", "Sign your commits.", "Use pnpm, never npm.", "Write tests."}},
				{"src/components/Button.tsx", []string{"Keep functions short.", "Prefer named exports.", "Run `make test` before committing.", "Sign your commits.", "Write tests."}},
				{"src/api/v1/h.go", []string{"Keep functions short.", "Return wrapped errors.", "Run `make test` before committing.", "Sign your commits.", "Write tests."}},
			}
			for _, c := range cases {
				got := texts(For(set.Constraints, c.path))
				got = without(got, "Write in British English.")
				if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
					t.Errorf("For(%s):\n got %q\nwant %q", c.path, got, c.want)
				}
				// alwaysApply wins over globs: the rule governs every path.
				if !hasText(For(set.Constraints, c.path), "British English") {
					t.Errorf("For(%s) lacks the alwaysApply rule", c.path)
				}
			}
			byPath := map[string]File{}
			for _, f := range set.Files {
				byPath[f.Path] = f
			}
			if f := byPath["web/legacy/AGENTS.md"]; !strings.HasPrefix(f.Skipped, "overridden by") {
				t.Errorf("web/legacy/AGENTS.md: skipped %q, want overridden", f.Skipped)
			}
			if f := byPath[".cursor/rules/ts.mdc"]; f.Activation != "globs" || f.Description != "TypeScript style" {
				t.Errorf("ts.mdc: activation %q description %q", f.Activation, f.Description)
			}
			if f := byPath["web/.cursor/rules/ui.mdc"]; f.Scope.Dir != "web" || strings.Join(f.Scope.Globs, ",") != "web/src/components/**" {
				t.Errorf("ui.mdc scope %+v", f.Scope)
			}
		})
	}
}

func without(ss []string, drop string) []string {
	var out []string
	for _, s := range ss {
		if s != drop {
			out = append(out, s)
		}
	}
	return out
}

func TestImports(t *testing.T) {
	root := writeTree(t, map[string]string{
		"CLAUDE.md":             "# Project\n\n@AGENTS.md\n\nSee @docs/style.md for style.\n\n- Ask @alice before releasing.\n- Mind @types/node versions.\n",
		"AGENTS.md":             "- Run `make test`.\n",
		"docs/style.md":         "# Style\n\n- Use tabs.\n\n@nested/deeper.md\n",
		"docs/nested/deeper.md": "- Never use globals.\n\n@../style.md\n",
		"pkg/CLAUDE.md":         "@../docs/style.md\n@../../outside.md\n@~/.claude/mine.md\n@missing.md\n",
		"GEMINI.md":             "@a1.md\n",
		"a1.md":                 "- one\n\n@a2.md\n",
		"a2.md":                 "- two\n\n@a3.md\n",
		"a3.md":                 "- three\n\n@a4.md\n",
		"a4.md":                 "- four\n\n@a5.md\n",
		"a5.md":                 "- five\n\n@a6.md\n",
		"a6.md":                 "- six\n",
	})
	gitInit(t, root)
	set, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	var style []policy.Constraint
	for _, c := range set.Constraints {
		if c.Text == "Use tabs." {
			style = append(style, c)
		}
	}
	// docs/style.md is imported by CLAUDE.md (root scope) and pkg/CLAUDE.md (pkg/).
	if len(style) != 2 {
		t.Fatalf("imported rule read %d times, want 2 (once per importing scope): %+v", len(style), style)
	}
	for _, c := range style {
		if c.File != "docs/style.md" || c.Line != 3 || c.HeaderPath[0] != "Style" {
			t.Errorf("imported text must keep its own file and line: %+v", c)
		}
	}
	for _, f := range set.Files {
		if f.Linked {
			t.Errorf("%s is marked linked: an @import is loaded with its importer", f.Path)
		}
	}
	if style[0].ID == style[1].ID {
		t.Errorf("imports from two files share an id")
	}
	if !hasText(For(set.Constraints, "main.go"), "Never use globals") {
		t.Errorf("nested import not followed")
	}
	if hasText(set.Constraints, "@AGENTS.md") {
		t.Errorf("an import-only line became a constraint")
	}
	n := 0
	for _, c := range set.Constraints {
		if c.Text == "Run `make test`." {
			n++
		}
	}
	if n != 1 {
		t.Errorf("AGENTS.md read %d times; @AGENTS.md from CLAUDE.md beside it must not repeat it", n)
	}
	for _, w := range []struct{ file, msg string }{
		{"docs/nested/deeper.md", "import cycle"},
		{"pkg/CLAUDE.md", "leaves the repository"},
		{"pkg/CLAUDE.md", "home directory"},
		{"pkg/CLAUDE.md", "no such file"},
		{"a5.md", "deeper than 5"},
	} {
		if !warned(set.Warnings, w.file, w.msg) {
			t.Errorf("no warning %q for %s; got %v", w.msg, w.file, set.Warnings)
		}
	}
	if hasText(set.Constraints, "six") || !hasText(set.Constraints, "five") {
		t.Errorf("depth limit: five levels are followed, the sixth is not")
	}
	if warned(set.Warnings, "CLAUDE.md", "alice") || warned(set.Warnings, "CLAUDE.md", "types") {
		t.Errorf("a mention is not an import: %v", set.Warnings)
	}
}

func TestSymlinkReadOnce(t *testing.T) {
	root := writeTree(t, map[string]string{"AGENTS.md": "- Use tabs.\n"})
	if err := os.Symlink("AGENTS.md", filepath.Join(root, "CLAUDE.md")); err != nil {
		t.Skip(err)
	}
	if err := os.Symlink("/etc/hostname", filepath.Join(root, "GEMINI.md")); err != nil {
		t.Fatal(err)
	}
	gitInit(t, root)
	set, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Constraints) != 1 {
		t.Errorf("symlinked file read %d times: %+v", len(set.Constraints), set.Constraints)
	}
	if !warned(set.Warnings, "GEMINI.md", "outside the repository") {
		t.Errorf("symlink leaving the repository: no warning in %v", set.Warnings)
	}
	for _, f := range set.Files {
		if f.Path == "CLAUDE.md" && !strings.Contains(f.Skipped, "AGENTS.md") {
			t.Errorf("CLAUDE.md skipped %q", f.Skipped)
		}
	}
}

// A root file that imports a package's own instruction file points at the package's
// rules: they keep the package's scope (wild round 22, stream-video-js).
func TestImportOfNestedInstructionFileKeepsItsScope(t *testing.T) {
	root := writeTree(t, map[string]string{
		"AGENTS.md":                    "# Repo\n\n## React SDK\n\nPlease find the instructions in @packages/react-sdk/CLAUDE.md.\n",
		"packages/react-sdk/CLAUDE.md": "- Components should never call `useObservableValue` directly.\n",
	})
	gitInit(t, root)
	set, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range set.Constraints {
		if strings.Contains(c.Text, "useObservableValue") {
			n++
			if c.Scope.Dir != "packages/react-sdk" {
				t.Errorf("the package's rule has scope %q, want packages/react-sdk", c.Scope.Dir)
			}
		}
	}
	if n != 1 {
		t.Errorf("the package's rule read %d times, want once", n)
	}
}
