package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// heed rules --read shows what heed reads the instruction files as now: after an
// edit, a saved policy compiled from the old text must not be shown as the reading of
// the new one, and the user is told that enforcement still uses the saved file.
func TestRulesReadShowsTheCurrentReadingOfAChangedFile(t *testing.T) {
	dir := gitRepo(t, map[string]string{"AGENTS.md": "# Rules\n\n- Never run `git commit --no-verify`.\n"})
	if code, _, stderr := runHeed(nil, "compile", "--repo", dir); code != 0 {
		t.Fatalf("heed compile: exit %d\n%s", code, stderr)
	}
	code, stdout, stderr := runHeed(nil, "rules", "--repo", dir, "--read")
	if code != 0 || !strings.Contains(stdout, "--no-verify") || strings.Contains(stderr, "changed since") {
		t.Fatalf("fresh policy: exit %d\n%s\n%s", code, stdout, stderr)
	}
	// the same sentence, now about a different flag: the reading must follow it
	if err := os.WriteFile(filepath.Join(dir, "AGENTS.md"), []byte("# Rules\n\n- Never run `git push --force`.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = runHeed(nil, "rules", "--repo", dir, "--read")
	if code != 0 {
		t.Fatalf("stale policy: exit %d\n%s", code, stderr)
	}
	if !strings.Contains(stdout, "-> process/") || !strings.Contains(stdout, "--force") || strings.Contains(stdout, "--no-verify") {
		t.Errorf("stale policy: the reading shown is not of the file as it is now:\n%s", stdout)
	}
	if !strings.Contains(stderr, "AGENTS.md changed since") || !strings.Contains(stderr, "until `heed compile` runs") {
		t.Errorf("stale policy: no warning that enforcement uses the saved file: %q", stderr)
	}
}
