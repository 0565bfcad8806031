package compile

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestRuffGlobs(t *testing.T) {
	for _, c := range []struct {
		pattern string
		want    []string
	}{
		{"WIP", []string{"**/WIP", "**/WIP/**"}},
		{"**/_archived", []string{"**/_archived", "**/_archived/**"}},
		{"docs/build/", []string{"docs/build", "docs/build/**"}},
		{"*.pyi", []string{"**/*.pyi"}},
		{"./scripts/gen.py", []string{"scripts/gen.py"}},
		{"!keep", nil},
		{"/abs", nil},
		{"../up", nil},
	} {
		if got := ruffGlobs(c.pattern); !slices.Equal(got, c.want) {
			t.Errorf("%q: got %q, want %q", c.pattern, got, c.want)
		}
	}
}

// The repository context carries what ruff skips, from pyproject.toml and ruff.toml.
func TestLintExcludedFromRuff(t *testing.T) {
	root := t.TempDir()
	write := fileWriter(t, root)
	write("pyproject.toml", "[project]\nname = \"x\"\n\n[tool.ruff]\nforce-exclude = true\nexclude = [\"**/_archived\", \"WIP\"]\n")
	write("ruff.toml", "extend-exclude = [\"legacy\"]\n")
	rc := RepoContextFor(root, []string{"pyproject.toml", "ruff.toml", "app/a.py"})
	want := []string{"**/_archived", "**/_archived/**", "**/WIP", "**/WIP/**", "**/legacy", "**/legacy/**"}
	if got := rc.LintExcluded["python"]; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	write("pyproject.toml", "[tool.ruff\nbroken")
	if got := RepoContextFor(root, []string{"pyproject.toml"}).LintExcluded["python"]; !slices.Equal(got, []string{"**/legacy", "**/legacy/**"}) {
		t.Errorf("a pyproject.toml that does not parse: got %q", got)
	}
}

// The files ruff's per-file ignores keep from E501 (a code, its prefix or ALL) are
// the line-length check's exception (internetarchive/openlibrary pyproject.toml,
// wild round 25); ignores of other codes are not.
func TestLintIgnoredLineLength(t *testing.T) {
	root := t.TempDir()
	write := fileWriter(t, root)
	write("pyproject.toml", "[tool.ruff]\nline-length = 162\n\n[tool.ruff.lint.per-file-ignores]\n\"scripts/tests/test_obfi.py\" = [\"E501\"]\n\"tests/*\" = [\"S101\"]\n\"gen/*.py\" = [\"E\"]\n")
	write("ruff.toml", "[per-file-ignores]\n\"legacy.py\" = [\"ALL\"]\n")
	rc := RepoContextFor(root, []string{"pyproject.toml", "ruff.toml", "app/a.py"})
	want := []string{"gen/*.py", "scripts/tests/test_obfi.py", "**/legacy.py"}
	if got := rc.LintIgnored["max_line_length"]; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// fileWriter writes a file of the test's repository at root.
func fileWriter(t *testing.T, root string) func(p, text string) {
	return func(p, text string) {
		if err := os.WriteFile(filepath.Join(root, p), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// A project that turns E501 off everywhere holds its Python files to no line length
// (g2gonee2025-cloud/emailops pyproject.toml, wild round 26).
func TestLintIgnoredEverywhere(t *testing.T) {
	root := t.TempDir()
	write := fileWriter(t, root)
	write("pyproject.toml", "[tool.ruff]\nline-length = 88\n\n[tool.ruff.lint]\nignore = [\"E501\", \"E402\"]\n")
	rc := RepoContextFor(root, []string{"pyproject.toml", "app/a.py"})
	if got := rc.LintIgnored["max_line_length"]; !slices.Equal(got, []string{"**/*.py", "**/*.pyi"}) {
		t.Errorf("got %q", got)
	}
}
