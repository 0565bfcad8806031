package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The PATH shims end to end, with a real heed binary: testscript runs heed under its
// own name only, and a shim is heed started under another.
func TestShimsEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the heed binary")
	}
	work := t.TempDir()
	heed := filepath.Join(work, "heed")
	build := exec.Command("go", "build", "-o", heed, "github.com/heed-dev/heed/cmd/heed")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	repo := filepath.Join(work, "repo")
	bin := filepath.Join(work, "bin")
	files := map[string]string{
		"repo/AGENTS.md": "# Agents\n\n- Do not run `git reset --hard`.\n- Use `make test`, not `go test`.\n",
		// stand-ins for the real programs
		"bin/go":   "#!/bin/sh\necho \"go ran: $*\"\n",
		"bin/make": "#!/bin/sh\n# make test runs go test, as a Makefile recipe would\n[ \"$1\" = test ] && { go test ./...; exit $?; }\necho \"make ran: $*\"\n",
	}
	for rel, content := range files {
		p := filepath.Join(work, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(content), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	gitPath, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	run := func(env []string, name string, args ...string) (string, int) {
		cmd := exec.Command(name, args...)
		cmd.Dir = repo
		cmd.Env = append(os.Environ(), env...)
		out, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatalf("%s %v: %v", name, args, err)
		}
		return string(out), code
	}
	if out, code := run(nil, gitPath, "init", "-q"); code != 0 {
		t.Fatal(out)
	}
	out, code := run(nil, heed, "shim", "install")
	if code != 0 || !strings.Contains(out, "2 shims") {
		t.Fatalf("shim install: %d %s", code, out)
	}
	shims := filepath.Join(repo, ".heed", "bin")
	for _, path := range []string{
		shims + ":" + bin + ":" + os.Getenv("PATH"),
		// listed twice, relatively, and after a symlink to it: never recursion
		".heed/bin:" + shims + ":" + bin + ":" + os.Getenv("PATH"),
	} {
		env := []string{"PATH=" + path}
		out, code := run(env, "sh", "-c", "git reset --hard")
		if code != 1 || !strings.Contains(out, "[heed] BLOCKED") {
			t.Errorf("PATH=%s: git reset --hard through the shim: exit %d\n%s", path, code, out)
		}
		out, code = run(env, "sh", "-c", "git status --short; echo status=$?")
		if code != 0 || !strings.Contains(out, "status=0") {
			t.Errorf("git status through the shim: exit %d\n%s", code, out)
		}
		out, code = run(env, "sh", "-c", "go test ./...")
		if code != 1 || !strings.Contains(out, "use make test") {
			t.Errorf("go test directly: exit %d\n%s", code, out)
		}
		// make test runs go test: the rule's own replacement, let through
		out, code = run(env, "sh", "-c", "make test")
		if code != 0 || !strings.Contains(out, "go ran: test ./...") {
			t.Errorf("make test running go test: exit %d\n%s", code, out)
		}
	}
	// the exit status and signals of the real program come through
	out, code = run([]string{"PATH=" + shims + ":" + os.Getenv("PATH")}, "sh", "-c", "git rev-parse --verify nosuchref 2>/dev/null; echo code=$?")
	if !strings.Contains(out, "code=128") {
		t.Errorf("exit status through the shim: %s", out)
	}
	out, code = run(nil, heed, "shim", "uninstall")
	if code != 0 || !strings.Contains(out, "removed 2 shims") {
		t.Errorf("uninstall: %d %s", code, out)
	}
}
