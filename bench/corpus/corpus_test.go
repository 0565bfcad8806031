package corpus

import (
	"os"
	"path/filepath"
	"testing"
)

// A file heed finds on its own keeps the scope of its folder; one it reads only
// through a link (a style guide under docs/) governs the whole repository, as the
// root file that links it does.
func TestLinkedOnlyFilesGovernTheRepository(t *testing.T) {
	dir := t.TempDir()
	manifest := "file\trepo\tpath\tcommit\tkind\tlanguage\tlines\n" +
		"a__b__docs__internals__STYLE.md\ta/b\tdocs/internals/STYLE.md\t0\tother\tC\t3\n" +
		"a__b__web__AGENTS.md\ta/b\tweb/AGENTS.md\t0\tagents\tC\t3\n"
	files := map[string]string{
		"MANIFEST.tsv":                    manifest,
		"a__b__docs__internals__STYLE.md": "# Style\n\n- Never use `gets()`.\n",
		"a__b__web__AGENTS.md":            "# Web\n\n- Never use `eval()`.\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	repos, err := Load(dir)
	if err != nil || len(repos) != 1 {
		t.Fatalf("load: %v, %d repositories", err, len(repos))
	}
	scopes := map[string]string{}
	for _, c := range repos[0].Set.Constraints {
		scopes[c.File] = c.Scope.Dir
	}
	if got, ok := scopes["docs/internals/STYLE.md"]; !ok || got != "" {
		t.Errorf("linked-only style guide: scope %q (read %v), want the repository's", got, ok)
	}
	if got := scopes["web/AGENTS.md"]; got != "web" {
		t.Errorf("nested AGENTS.md: scope %q, want web", got)
	}
}
