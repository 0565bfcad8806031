package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Issue 21, with the real pre-commit framework (run only where `pre-commit` is on
// PATH; Debian's package is 3.0.4): heed's shipped .pre-commit-hooks.yaml, installed
// from a repository as a user's .pre-commit-config.yaml names it. `pre-commit run
// --all-files` must report the violations of files nobody staged; a commit must be
// judged on what it stages, its message by heed-commit-msg.
//
// The hooks are the shipped manifest's with language: system and heed on PATH
// instead of language: golang (which would build heed in pre-commit's own GOPATH, for
// minutes). A pre-commit older than the minimum_pre_commit_version the manifest states
// must refuse the manifest as docs/integrations.md says; the test then goes on with
// the manifest's stage names written the way that version reads them.
func TestPreCommitFrameworkRunsTheShippedHooks(t *testing.T) {
	if testing.Short() {
		t.Skip("builds heed and runs pre-commit")
	}
	if _, err := exec.LookPath("pre-commit"); err != nil {
		t.Skip("pre-commit is not installed (apt-get install pre-commit)")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	manifest, err := os.ReadFile("../../.pre-commit-hooks.yaml")
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	bin := filepath.Join(work, "bin")
	build(t, filepath.Join(bin, "heed"), "github.com/heed-dev/heed/cmd/heed")
	env := append(os.Environ(),
		"PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"HOME="+work, "PRE_COMMIT_HOME="+filepath.Join(work, "pre-commit-home"),
		"GIT_CONFIG_NOSYSTEM=1", "NO_COLOR=1",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
	run := func(dir string, name string, args ...string) (string, int) {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		if _, ok := err.(*exec.ExitError); err != nil && !ok {
			t.Fatalf("%s %v: %v", name, args, err)
		}
		return string(out), cmd.ProcessState.ExitCode()
	}
	write := func(dir string, files map[string]string) {
		t.Helper()
		for rel, content := range files {
			p := filepath.Join(dir, rel)
			os.MkdirAll(filepath.Dir(p), 0o755)
			if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	commitAll := func(dir, msg string) string {
		t.Helper()
		run(dir, "git", "add", "-A")
		if out, code := run(dir, "git", "commit", "-q", "--no-verify", "-m", msg); code != 0 {
			t.Fatalf("git commit: %s", out)
		}
		out, _ := run(dir, "git", "rev-parse", "HEAD")
		return strings.TrimSpace(out)
	}
	version, _ := run(work, "pre-commit", "--version")
	old := versionBelow(t, version, "3.2.0")
	t.Logf("%s (older than the manifest's minimum: %v)", strings.TrimSpace(version), old)

	// the repository the hooks come from: heed's manifest, as pre-commit clones it
	hooks := filepath.Join(work, "heed-hooks")
	os.MkdirAll(hooks, 0o755)
	run(hooks, "git", "init", "-q")
	shipped := strings.ReplaceAll(string(manifest), "language: golang", "language: system")
	write(hooks, map[string]string{".pre-commit-hooks.yaml": shipped})
	rev := commitAll(hooks, "the shipped hooks")

	repo := filepath.Join(work, "repo")
	os.MkdirAll(repo, 0o755)
	run(repo, "git", "init", "-q", "-b", "main")
	write(repo, map[string]string{
		"AGENTS.md": "# Rules\n\n- Python code never calls `print()`; use the `logging` module.\n\n" +
			"## Commit messages\n\n- Allowed types: `feat`, `fix`, `docs`, `refactor`. Nothing else.\n",
		// violations committed long ago, which no commit stages again
		"src/a.py": "import logging\nprint('a')\n",
		"src/b.py": "import logging\nprint('b')\n",
		".pre-commit-config.yaml": "repos:\n  - repo: " + hooks + "\n    rev: " + rev +
			"\n    hooks:\n      - id: heed-check\n      - id: heed-commit-msg\n",
	})
	commitAll(repo, "docs: the rules, and two old violations")

	if old {
		// the version refuses the manifest, and says why, as the docs tell
		out, code := run(repo, "pre-commit", "run", "--all-files")
		if code == 0 || !strings.Contains(out, "Expected one of commit") {
			t.Fatalf("pre-commit %s with the shipped manifest: exit %d, want the stage-name error docs/integrations.md quotes\n%s", version, code, out)
		}
		// go on with the stage names this version reads
		write(hooks, map[string]string{".pre-commit-hooks.yaml": strings.NewReplacer(
			"stages: [pre-commit]", "stages: [commit]",
			`minimum_pre_commit_version: "3.2.0"`, "").Replace(shipped)})
		rev = commitAll(hooks, "stage names of pre-commit before 3.2")
		write(repo, map[string]string{".pre-commit-config.yaml": "repos:\n  - repo: " + hooks + "\n    rev: " + rev +
			"\n    hooks:\n      - id: heed-check\n      - id: heed-commit-msg\n"})
		commitAll(repo, "docs: hooks for this pre-commit")
	}

	// --all-files: every file, the old violations included
	out, code := run(repo, "pre-commit", "run", "--all-files")
	if code != 1 || !regexp.MustCompile(`(?m)^src/a\.py:2:1: error`).MatchString(out) || !regexp.MustCompile(`(?m)^src/b\.py:2:1: error`).MatchString(out) {
		t.Errorf("pre-commit run --all-files: exit %d, want 1 with src/a.py and src/b.py\n%s", code, out)
	}
	// --files: those files, whole
	out, code = run(repo, "pre-commit", "run", "--files", "src/b.py")
	if code != 1 || !strings.Contains(out, "src/b.py:2:1") || strings.Contains(out, "src/a.py") {
		t.Errorf("pre-commit run --files src/b.py: exit %d\n%s", code, out)
	}
	// plain run: the staged change only
	write(repo, map[string]string{"src/c.py": "import logging\nlogging.info('c')\n"})
	run(repo, "git", "add", "src/c.py")
	if out, code := run(repo, "pre-commit", "run"); code != 0 {
		t.Errorf("pre-commit run on a clean staged change: exit %d\n%s", code, out)
	}

	// installed as git hooks: a commit is judged on what it stages, its message too
	if out, code := run(repo, "pre-commit", "install", "--hook-type", "pre-commit", "--hook-type", "commit-msg"); code != 0 {
		t.Fatalf("pre-commit install: %s", out)
	}
	write(repo, map[string]string{"src/d.py": "import logging\nprint('d')\n"})
	run(repo, "git", "add", "src/d.py")
	out, code = run(repo, "git", "commit", "-m", "feat: d")
	if code == 0 || !strings.Contains(out, "src/d.py:2:1") || strings.Contains(out, "src/a.py") {
		t.Errorf("a commit staging a violation: exit %d, want it refused on src/d.py alone\n%s", code, out)
	}
	write(repo, map[string]string{"src/d.py": "import logging\nlogging.info('d')\n"})
	run(repo, "git", "add", "src/d.py")
	out, code = run(repo, "git", "commit", "-m", "feature: d")
	if code == 0 || !strings.Contains(out, "BLOCKED: contribution rule violated in the commit") {
		t.Errorf("a commit message of a type outside the list: exit %d, want it refused\n%s", code, out)
	}
	if out, code := run(repo, "git", "commit", "-m", "feat: d"); code != 0 {
		t.Errorf("a clean commit with a good message: exit %d\n%s", code, out)
	}
}

// versionBelow reports whether the version in a "pre-commit X.Y.Z" line is below min.
func versionBelow(t *testing.T, line, min string) bool {
	t.Helper()
	m := regexp.MustCompile(`(\d+)\.(\d+)\.(\d+)`).FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("cannot read the version of %q", line)
	}
	want := strings.Split(min, ".")
	for i := 0; i < 3; i++ {
		a, _ := strconv.Atoi(m[i+1])
		b, _ := strconv.Atoi(want[i])
		if a != b {
			return a < b
		}
	}
	return false
}
