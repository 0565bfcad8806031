package check

import (
	"os"
	"path/filepath"
	"testing"
)

// Outside git, `heed check --diff REV` reads the working tree's rules (Run then says a
// diff needs git) instead of failing to read the base's.
func TestOpenOutsideGitReadsTheWorkingTreesRules(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "AGENTS.md"), []byte("# Rules\n\n- Never run `git push --force`.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := Open(root, OpenOptions{Rev: "main"})
	if err != nil {
		t.Fatalf("Open outside git with a revision: %v", err)
	}
	if len(p.Rules) == 0 {
		t.Error("no rules read from the working tree's AGENTS.md")
	}
	if _, err := Run(p, Options{Mode: Diff, Rev: "main"}); err == nil {
		t.Error("a diff outside git was checked: want an error that says a diff needs git")
	}
}
