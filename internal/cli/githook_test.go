package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func gitT(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@x", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@x", "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return string(out)
}

func hookRepo(t *testing.T) string {
	dir := t.TempDir()
	gitT(t, dir, "init", "-q", "-b", "main")
	os.WriteFile(filepath.Join(dir, "AGENTS.md"), []byte("# Rules\n\n## Commit messages\n\n- Allowed types: `feat`, `fix`, `docs`. Nothing else.\n- Keep the commit subject to 50 characters or fewer.\n"), 0o644)
	gitT(t, dir, "add", "-A")
	gitT(t, dir, "commit", "-q", "--no-verify", "-m", "docs: add the rules")
	return dir
}

func runApp(t *testing.T, dir string, stdin string, f func(app *App) error) (int, string) {
	t.Helper()
	var out, errb bytes.Buffer
	app := &App{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb, Getenv: os.Getenv, repoFlag: dir}
	return app.exitCode(f(app)), errb.String()
}

func TestGitCommitMsgHook(t *testing.T) {
	dir := hookRepo(t)
	msg := filepath.Join(dir, ".git", "COMMIT_EDITMSG")
	for _, tc := range []struct {
		name, message string
		code          int
		stderr        string
	}{
		{"a good message", "feat: add week dates\n", 0, ""},
		{"a type outside the list", "feature: add week dates\n", 1, `commit type "feature" is not one of the allowed types`},
		{"the editor template is not the message", "fix: y\n# Please enter the commit message for your changes. Lines starting\n# with '#' will be ignored.\nfeature: this is a comment line\n", 0, ""},
		{"too long", "fix: " + strings.Repeat("x", 60) + "\n", 1, "the limit is 50"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.WriteFile(msg, []byte(tc.message), 0o644)
			code, stderr := runApp(t, dir, "", func(app *App) error { return app.runGitHook([]string{"commit-msg", msg}) })
			if code != tc.code || !strings.Contains(stderr, tc.stderr) {
				t.Fatalf("exit %d (want %d), stderr:\n%s", code, tc.code, stderr)
			}
			if tc.code == 1 && !strings.Contains(stderr, `Rule: "`) {
				t.Fatalf("a block quotes the rule:\n%s", stderr)
			}
		})
	}
	// Fail closed: an unreadable message file blocks.
	code, stderr := runApp(t, dir, "", func(app *App) error { return app.runGitHook([]string{"commit-msg", filepath.Join(dir, "nope")}) })
	if code != 1 || !strings.Contains(stderr, "blocked") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}

func TestInstallGitHooksChainsExistingOnes(t *testing.T) {
	dir := hookRepo(t)
	hooks := filepath.Join(dir, ".git", "hooks")
	os.MkdirAll(hooks, 0o755)
	mine := "#!/bin/sh\necho my-own-hook >> \"$(git rev-parse --git-dir)/ran\"\n"
	os.WriteFile(filepath.Join(hooks, "commit-msg"), []byte(mine), 0o755)
	for i := 0; i < 2; i++ { // installing twice changes nothing more
		code, stderr := runApp(t, dir, "", func(app *App) error { return app.installGitHooks(dir, app.Stdout) })
		if code != 0 {
			t.Fatalf("install: %d %s", code, stderr)
		}
	}
	kept, err := os.ReadFile(filepath.Join(hooks, "commit-msg.pre-heed"))
	if err != nil || string(kept) != mine {
		t.Fatalf("the existing hook must be kept intact: %q %v", kept, err)
	}
	for _, n := range []string{"pre-commit", "commit-msg", "pre-push"} {
		b, err := os.ReadFile(filepath.Join(hooks, n))
		if err != nil || !bytes.Contains(b, []byte(gitHookMarker)) {
			t.Fatalf("%s: %v", n, err)
		}
		if _, err := os.Stat(filepath.Join(hooks, n+".pre-heed.pre-heed")); err == nil {
			t.Fatal("a second install must not chain heed's own hook")
		}
	}
	// A foreign hook where heed's chained copy already sits: refuse, touch nothing.
	os.WriteFile(filepath.Join(hooks, "commit-msg"), []byte("#!/bin/sh\necho other\n"), 0o755)
	code, stderr := runApp(t, dir, "", func(app *App) error { return app.installGitHooks(dir, app.Stdout) })
	if code != 2 || !strings.Contains(stderr, "move one of them away") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if b, _ := os.ReadFile(filepath.Join(hooks, "commit-msg")); string(b) != "#!/bin/sh\necho other\n" {
		t.Fatal("an existing hook is never overwritten")
	}
}
