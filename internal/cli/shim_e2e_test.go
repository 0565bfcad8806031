package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/heed-dev/heed/internal/enforce"
	"github.com/heed-dev/heed/internal/testbin"
)

// The PATH shims end to end, with real binaries: testscript runs heed under its own
// name only, and a shim is heed (or heed-shim) started under another. The same
// scenario runs with heed alone, and with heed-shim beside it: first with the
// instruction files only (heed-shim hands every command to heed), then with a compiled
// policy (heed-shim answers from the live index).
func TestShimsEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the heed binaries")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	work := t.TempDir()
	alone := filepath.Join(work, "heed-alone")
	pair := filepath.Join(work, "heed-pair")
	build(t, filepath.Join(alone, "heed"), "github.com/heed-dev/heed/cmd/heed")
	build(t, filepath.Join(pair, "heed"), "github.com/heed-dev/heed/cmd/heed")
	build(t, filepath.Join(pair, "heed-shim"), "github.com/heed-dev/heed/cmd/heed-shim")

	t.Run("heed alone", func(t *testing.T) {
		s := newShimRepo(t, filepath.Join(alone, "heed"))
		s.install("heed")
		s.scenario()
		s.uninstall()
	})
	t.Run("heed-shim beside heed, no policy file", func(t *testing.T) {
		// heed-shim would hand every command to heed: the shims run heed itself
		s := newShimRepo(t, filepath.Join(pair, "heed"))
		s.install("heed")
		s.scenario()
		if out, code := s.run(nil, s.heed, "hook", "install", "claude"); code != 0 || !strings.Contains(out, "heed-shim is not used") {
			t.Errorf("hook install without a policy: %d %s", code, out)
		}
		// once compiled, heed says which installs to run again for the fast path
		out, code := s.run(nil, s.heed, "compile")
		if code != 0 || !strings.Contains(out, "run heed shim install and heed hook install claude") {
			t.Errorf("compile does not point at the faster path: %d %s", code, out)
		}
		s.install("heed-shim")
		if out, code := s.run(nil, s.heed, "hook", "install", "claude"); code != 0 || !strings.Contains(out, "runs") {
			t.Errorf("hook install after compile: %d %s", code, out)
		}
		if out, _ := s.run(nil, s.heed, "compile"); strings.Contains(out, "heed-shim answers them") {
			t.Errorf("compile still points at the faster path after both installs: %s", out)
		}
		s.scenario()
	})
	t.Run("heed-shim from the live index", func(t *testing.T) {
		s := newShimRepo(t, filepath.Join(pair, "heed"))
		if out, code := s.run(nil, s.heed, "compile"); code != 0 {
			t.Fatalf("heed compile: %d %s", code, out)
		}
		s.install("heed-shim")
		s.scenario()
		s.hooks()
		// heed-shim answers alone: without heed beside it, everything still works
		// while the index is fresh...
		hidden := s.heed + ".away"
		if err := os.Rename(s.heed, hidden); err != nil {
			t.Fatal(err)
		}
		s.scenario()
		// ...and once the policy changes, it cannot, and blocks: fail closed
		f, _ := os.OpenFile(filepath.Join(s.repo, ".heed", "policy.json"), os.O_APPEND|os.O_WRONLY, 0)
		f.WriteString("\n")
		f.Close()
		out, code := s.run(s.env(), "sh", "-c", "git status --short")
		if code != 1 || !strings.Contains(out, "[heed] BLOCKED") || !strings.Contains(out, "heed is not beside heed-shim") {
			t.Errorf("stale index without heed: exit %d\n%s", code, out)
		}
		os.Rename(hidden, s.heed)
		out, code = s.run(s.env(), "sh", "-c", "git status --short; echo status=$?")
		if code != 0 || !strings.Contains(out, "status=0") {
			t.Errorf("stale index with heed back: exit %d\n%s", code, out)
		}
		s.uninstall()
	})
}

// build puts the binary of pkg at out. Each package is copied once per test binary
// from the link the build cache keeps (internal/testbin: a link of heed takes
// seconds) and linked, or copied, to every place a test wants it; TestMain removes
// the copies.
func build(t *testing.T, out, pkg string) {
	t.Helper()
	src, err := builds.get(pkg)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		t.Fatal(err)
	}
	if os.Link(src, out) == nil {
		return
	}
	data, err := os.ReadFile(src)
	if err == nil {
		err = os.WriteFile(out, data, 0o755)
	}
	if err != nil {
		t.Fatalf("copy %s to %s: %v", src, out, err)
	}
}

// builds holds the binaries build copied, one per package.
var builds = &builtBinaries{paths: map[string]string{}}

type builtBinaries struct {
	mu    sync.Mutex
	dir   string
	paths map[string]string
}

func (b *builtBinaries) get(pkg string) (string, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if p, ok := b.paths[pkg]; ok {
		return p, nil
	}
	if b.dir == "" {
		d, err := os.MkdirTemp("", "heed-cli-test-bin-")
		if err != nil {
			return "", err
		}
		b.dir = d
	}
	out := filepath.Join(b.dir, strings.ReplaceAll(pkg, "/", "_"))
	if err := testbin.Copy(out, pkg); err != nil {
		return "", err
	}
	b.paths[pkg] = out
	return out, nil
}

// remove deletes the builds.
func (b *builtBinaries) remove() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.dir != "" {
		os.RemoveAll(b.dir)
	}
}

type shimRepo struct {
	t               *testing.T
	heed            string
	repo, bin, shim string
}

func newShimRepo(t *testing.T, heed string) *shimRepo {
	work := t.TempDir()
	s := &shimRepo{t: t, heed: heed, repo: filepath.Join(work, "repo"), bin: filepath.Join(work, "bin")}
	s.shim = filepath.Join(s.repo, ".heed", "bin")
	files := map[string]string{
		"repo/AGENTS.md":   "# Agents\n\n- Do not run `git reset --hard`.\n- Use `make test`, not `go test`.\n- Python code never calls `print()`; use the `logging` module.\n- Commit messages must follow the Conventional Commits format.\n",
		"repo/.heedignore": "scratch/\n",
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
	if out, code := s.run(nil, "git", "init", "-q"); code != 0 {
		t.Fatal(out)
	}
	return s
}

func (s *shimRepo) run(env []string, name string, args ...string) (string, int) {
	return s.runIn(env, nil, name, args...)
}

func (s *shimRepo) runIn(env []string, stdin []byte, name string, args ...string) (string, int) {
	s.t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = s.repo
	cmd.Env = append(os.Environ(), env...)
	if stdin != nil {
		cmd.Stdin = strings.NewReader(string(stdin))
	}
	out, err := cmd.CombinedOutput()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		s.t.Fatalf("%s %v: %v", name, args, err)
	}
	return string(out), code
}

func (s *shimRepo) env() []string {
	return []string{"PATH=" + s.shim + ":" + s.bin + ":" + os.Getenv("PATH")}
}

// install installs the shims and checks that they are links to target.
func (s *shimRepo) install(target string) {
	t := s.t
	t.Helper()
	out, code := s.run(nil, s.heed, "shim", "install")
	if code != 0 || !strings.Contains(out, "2 shims") {
		t.Fatalf("shim install: %d %s", code, out)
	}
	_, besideHeed := enforce.Beside(s.heed, enforce.ShimBinary)
	if hint := strings.Contains(out, "heed-shim is not used"); hint != (besideHeed && target == "heed") {
		t.Errorf("the hint that heed-shim needs a compiled policy: shown %v\n%s", hint, out)
	}
	for _, name := range []string{"git", "go"} {
		link, err := os.Readlink(filepath.Join(s.shim, name))
		if err != nil || filepath.Base(link) != target {
			t.Errorf("shim %s links to %q (%v), want %s", name, link, err, target)
		}
	}
}

func (s *shimRepo) uninstall() {
	out, code := s.run(nil, s.heed, "shim", "uninstall")
	if code != 0 || !strings.Contains(out, "removed 2 shims") {
		s.t.Errorf("uninstall: %d %s", code, out)
	}
}

// scenario is what every set-up must do: block what the rules forbid, let the rest
// run with its own exit status, never recurse, and let the rule's own replacement
// run the command it replaces.
func (s *shimRepo) scenario() {
	t := s.t
	t.Helper()
	for _, path := range []string{
		s.shim + ":" + s.bin + ":" + os.Getenv("PATH"),
		// listed twice, relatively, and after a symlink to it: never recursion
		".heed/bin:" + s.shim + ":" + s.bin + ":" + os.Getenv("PATH"),
	} {
		env := []string{"PATH=" + path}
		out, code := s.run(env, "sh", "-c", "git reset --hard")
		if code != 1 || !strings.Contains(out, "[heed] BLOCKED") || !strings.Contains(out, "Do not run `git reset --hard`") {
			t.Errorf("PATH=%s: git reset --hard through the shim: exit %d\n%s", path, code, out)
		}
		out, code = s.run(env, "sh", "-c", "git status --short; echo status=$?")
		if code != 0 || !strings.Contains(out, "status=0") {
			t.Errorf("git status through the shim: exit %d\n%s", code, out)
		}
		out, code = s.run(env, "sh", "-c", "go test ./...")
		if code != 1 || !strings.Contains(out, "use make test") {
			t.Errorf("go test directly: exit %d\n%s", code, out)
		}
		// make test runs go test: the rule's own replacement, let through
		out, code = s.run(env, "sh", "-c", "make test")
		if code != 0 || !strings.Contains(out, "go ran: test ./...") {
			t.Errorf("make test running go test: exit %d\n%s", code, out)
		}
	}
	// outside any repository no rules apply, not even an AGENTS.md of the working
	// directory (a shim never walks a home directory for instruction files)
	outside := s.t.TempDir()
	os.WriteFile(filepath.Join(outside, "AGENTS.md"), []byte("- Do not run `git reset --hard`.\n"), 0o644)
	out, _ := s.run(s.env(), "sh", "-c", "cd "+outside+" && git reset --hard 2>&1; echo code=$?")
	if strings.Contains(out, "[heed]") || !strings.Contains(out, "code=128") {
		t.Errorf("git reset --hard outside a repository: %s", out)
	}
	// the exit status of the real program comes through
	out, _ = s.run(s.env(), "sh", "-c", "git rev-parse --verify nosuchref 2>/dev/null; echo code=$?")
	if !strings.Contains(out, "code=128") {
		t.Errorf("exit status through the shim: %s", out)
	}
}

// hooks installs Claude Code's hooks, which run heed-shim when it is beside heed,
// and answers a command (heed-shim alone) and a write (heed-shim hands it to heed).
func (s *shimRepo) hooks() {
	t := s.t
	t.Helper()
	// the settings file is shared: the hook runs heed-shim by name, from the agent's
	// PATH, and the install says that heed-shim is not on this PATH
	if out, code := s.run(nil, s.heed, "hook", "install", "claude"); code != 0 || !strings.Contains(out, "heed-shim is not on PATH here: add "+filepath.Dir(s.heed)+" to PATH") {
		t.Fatalf("hook install: %d %s", code, out)
	}
	agentPath := []string{"PATH=" + filepath.Dir(s.heed) + ":" + os.Getenv("PATH")}
	data, err := os.ReadFile(filepath.Join(s.repo, ".claude", "settings.json"))
	if err != nil {
		t.Fatal(err)
	}
	var settings struct {
		Hooks map[string][]struct {
			Hooks []struct{ Command string } `json:"hooks"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal(data, &settings); err != nil {
		t.Fatal(err)
	}
	command := settings.Hooks["PreToolUse"][0].Hooks[0].Command
	if command != enforce.ShimBinary+" hook claude" {
		t.Fatalf("the PreToolUse hook runs %q, want heed-shim", command)
	}
	bash := fmt.Sprintf(`{"session_id":"s","cwd":%q,"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"cd . && git reset --hard"},"tool_use_id":"t1"}`, s.repo)
	out, code := s.runIn(agentPath, []byte(bash), "sh", "-c", command)
	if code != 2 || !strings.Contains(out, "Do not run `git reset --hard`") {
		t.Errorf("hook on a forbidden command: exit %d\n%s", code, out)
	}
	// heed-shim hands a git commit to heed, which judges its message with the commit rules
	for _, c := range []struct {
		message string
		code    int
	}{{"fix x", 2}, {"fix(parser): handle x", 0}} {
		commit := fmt.Sprintf(`{"session_id":"s","cwd":%q,"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git commit -m '%s'"},"tool_use_id":"t4"}`, s.repo, c.message)
		out, code := s.runIn(agentPath, []byte(commit), "sh", "-c", command)
		if code != c.code || c.code == 2 && !strings.Contains(out, "Conventional Commits") {
			t.Errorf("hook on git commit -m %q: exit %d, want %d\n%s", c.message, code, c.code, out)
		}
	}
	write := fmt.Sprintf(`{"session_id":"s","cwd":%q,"hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":%q,"content":"x\n"},"tool_use_id":"t2"}`, s.repo, filepath.Join(s.repo, "notes.txt"))
	out, code = s.runIn(agentPath, []byte(write), "sh", "-c", command)
	if code != 0 {
		t.Errorf("hook on an allowed write (answered by heed): exit %d\n%s", code, out)
	}
	// heed-shim hands writes to heed, which leaves out what .heedignore leaves out
	// (repo.Exclusions, as heed check does) and judges the rest
	for _, c := range []struct {
		path string
		code int
	}{{"scratch/try.py", 0}, {"app/try.py", 2}} {
		write := fmt.Sprintf(`{"session_id":"s","cwd":%q,"hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":%q,"content":"print('x')\n"},"tool_use_id":"t3"}`, s.repo, filepath.Join(s.repo, c.path))
		if out, code := s.runIn(agentPath, []byte(write), "sh", "-c", command); code != c.code {
			t.Errorf("hook on a write to %s: exit %d, want %d\n%s", c.path, code, c.code, out)
		}
	}
	// installing again with heed alone rewrites the command in place, never adds a second hook
	if out, code := s.run(nil, s.heed, "hook", "install", "claude", "--command", "heed"); code != 0 || !strings.Contains(out, "runs heed") {
		t.Errorf("reinstall with another command: %d %s", code, out)
	}
	data, _ = os.ReadFile(filepath.Join(s.repo, ".claude", "settings.json"))
	if n := strings.Count(string(data), "hook claude"); n != 3 {
		t.Errorf("after reinstalling, %d heed hooks (want one per event, 3):\n%s", n, data)
	}
}
