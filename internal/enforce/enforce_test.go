package enforce

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/project"
	"github.com/heed-dev/heed/internal/rules"
)

// newRepo makes a git repository whose AGENTS.md says instructions.
func newRepo(t *testing.T, instructions string) string {
	t.Helper()
	dir := t.TempDir()
	write(t, dir, "AGENTS.md", "# Rules\n\n"+instructions+"\n")
	write(t, dir, "src/a.py", "x = 1\nok\n")
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"add", "-A"}, {"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "init"}} {
		cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	return dir
}

func write(t *testing.T, dir, rel, content string) {
	t.Helper()
	p := filepath.Join(dir, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// savePolicy compiles the repository at root and writes its policy file, as heed
// compile does; it returns the project compiled.
func savePolicy(t testing.TB, root string) *project.Project {
	t.Helper()
	p, err := project.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	data, err := policy.Marshal(p.Policy)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, policy.HeedDir), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, policy.File), data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func newEnforcer() *Enforcer {
	// as heed's CLI builds it
	return &Enforcer{Instruction: func(rel string) bool { return instr.Classify(rel) != "" }, Loader: &Loader{Registry: rules.Registry(), Open: func(root string) ([]engine.Compiled, bool, error) {
		p, err := project.Open(root)
		if err != nil {
			return nil, false, err
		}
		return p.Rules, p.FromFile, nil
	}}}
}

// sharedEnforcer is newEnforcer that opens each repository once: a suite judging
// hundreds of commands against instruction files it never changes reads and compiles
// them once, not once a command (each command is still judged whole, by the loader's
// rules).
func sharedEnforcer() *Enforcer {
	e := newEnforcer()
	open := e.Loader.Open
	type opened struct {
		rules []engine.Compiled
		file  bool
		err   error
	}
	var mu sync.Mutex
	seen := map[string]opened{}
	e.Loader.Open = func(root string) ([]engine.Compiled, bool, error) {
		mu.Lock()
		defer mu.Unlock()
		o, ok := seen[root]
		if !ok {
			o.rules, o.file, o.err = open(root)
			seen[root] = o
		}
		return o.rules, o.file, o.err
	}
	return e
}

func TestExecDecisions(t *testing.T) {
	root := newRepo(t, "- Never run `cargo publish`.\n- Use `pnpm`, not npm or yarn.\n- Never force push.")
	e := newEnforcer()
	for _, c := range []struct {
		argv    []string
		blocked bool
	}{
		{[]string{"cargo", "publish"}, true},
		{[]string{"cargo", "publish", "--dry-run"}, false},
		{[]string{"sudo", "npm", "install"}, true},
		{[]string{"pnpm", "install"}, false},
		{[]string{"git", "push", "--force-with-lease"}, true},
		{[]string{"git", "push", "origin", "feature"}, false},
		{[]string{"bash", "-c", "git push -f"}, true},
		{[]string{"ls", "-la"}, false},
	} {
		d := e.Check(Request{Root: root, Argv: c.argv, Source: "exec"})
		if d.Blocked != c.blocked {
			t.Errorf("%v: blocked=%v, want %v\n%s", c.argv, d.Blocked, c.blocked, d.Message)
		}
		if d.Blocked && (!strings.Contains(d.Message, "[heed] BLOCKED") || !strings.Contains(d.Message, "Rule: ") || !strings.Contains(d.Message, "AGENTS.md:")) {
			t.Errorf("%v: the message must quote the rule and its place:\n%s", c.argv, d.Message)
		}
		for _, bad := range []string{"HEED_", "disable", "bypass"} {
			if strings.Contains(d.Message, bad) {
				t.Errorf("%v: the message must not tell how to get around heed (%q):\n%s", c.argv, bad, d.Message)
			}
		}
	}
}

// A broken policy file blocks every command with the reason, never lets it through.
func TestBrokenPolicyBlocks(t *testing.T) {
	root := newRepo(t, "- Never run `cargo publish`.")
	write(t, root, policy.File, "{ not json")
	d := newEnforcer().Check(Request{Root: root, Argv: []string{"ls"}})
	if !d.Blocked || !strings.Contains(d.Message, "could not check") {
		t.Fatalf("a broken policy must block: %+v", d)
	}
}

// The index is used when fresh, rebuilt when the policy changes, and loads only the
// rules about the programs at hand.
func TestLiveIndex(t *testing.T) {
	root := newRepo(t, "- Never run `cargo publish`.\n- Never force push.")
	p := savePolicy(t, root)
	l := newEnforcer().Loader
	set, err := l.Load(root, []string{"git"}, false)
	if err != nil || set.FromIndex || set.Total != 2 {
		t.Fatalf("first load: from index %v, total %d, %v (want the slow path, which writes the index)", set.FromIndex, set.Total, err)
	}
	set, err = l.Load(root, []string{"git"}, false)
	if err != nil || !set.FromIndex || len(set.Rules) != 1 || set.Total != 2 {
		t.Fatalf("second load: from index %v, %d of %d rules, %v (want 1 of 2 from the index)", set.FromIndex, len(set.Rules), set.Total, err)
	}
	// the policy changes: the index is stale and rebuilt
	p.Policy.Entries = p.Policy.Entries[:0]
	data, _ := policy.Marshal(p.Policy)
	write(t, root, policy.File, string(data))
	set, err = l.Load(root, []string{"git"}, false)
	if err != nil || set.FromIndex || set.Total != 0 {
		t.Fatalf("after a policy change: from index %v, total %d, %v", set.FromIndex, set.Total, err)
	}
}

func TestJournalAppendsAreAtomicAndBounded(t *testing.T) {
	root := t.TempDir()
	var wg sync.WaitGroup
	const writers, each = 8, 200
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < each; i++ {
				line := strings.Repeat("x", 300) + fmt.Sprint(w, i)
				if err := AppendJournal(root, JournalEntry{ID: fmt.Sprint(w, "-", i), Line: line, Verdict: "allowed"}); err != nil {
					t.Error(err)
				}
			}
		}(w)
	}
	wg.Wait()
	n := 0
	for _, p := range []string{JournalFile, JournalFile + ".1"} {
		data, err := os.ReadFile(filepath.Join(root, p))
		if err != nil {
			continue
		}
		for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			var e JournalEntry
			if err := json.Unmarshal([]byte(l), &e); err != nil {
				t.Fatalf("torn journal line %q: %v", l, err)
			}
			n++
		}
	}
	if n != writers*each {
		t.Fatalf("%d entries, want %d", n, writers*each)
	}
	// push it over the bound: it rotates
	big := strings.Repeat("y", 3000)
	for i := 0; i < MaxJournal/3000+10; i++ {
		_ = AppendJournal(root, JournalEntry{ID: "b", Line: big, Verdict: "allowed"})
	}
	fi, err := os.Stat(filepath.Join(root, JournalFile))
	if err != nil || fi.Size() > MaxJournal+maxEntry {
		t.Fatalf("journal not bounded: %v %v", fi.Size(), err)
	}
	if _, err := os.Stat(filepath.Join(root, JournalFile+".1")); err != nil {
		t.Fatalf("no rotated generation: %v", err)
	}
	// an entry larger than an atomic write is shortened, not torn
	if err := AppendJournal(root, JournalEntry{ID: "huge", Line: strings.Repeat("z", 10000)}); err != nil {
		t.Fatal(err)
	}
}

func TestLookPathSkipsEveryShim(t *testing.T) {
	base := t.TempDir()
	real := filepath.Join(base, "real")
	write(t, real, "npm", "#!/bin/sh\necho real\n")
	os.Chmod(filepath.Join(real, "npm"), 0o755)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	shims := filepath.Join(base, "repo", ".heed", "bin")
	if _, err := InstallShims(shims, self, []string{"npm"}); err != nil {
		t.Fatal(err)
	}
	nested := filepath.Join(base, "repo", "sub", ".heed", "bin")
	if _, err := InstallShims(nested, self, []string{"npm"}); err != nil {
		t.Fatal(err)
	}
	linked := filepath.Join(base, "linked")
	if err := os.Symlink(shims, linked); err != nil {
		t.Fatal(err)
	}
	// a plain directory with a link to heed (no marker): heed itself is skipped too
	plain := filepath.Join(base, "plain")
	os.MkdirAll(plain, 0o755)
	os.Symlink(self, filepath.Join(plain, "npm"))
	cwd := filepath.Join(base, "repo")
	for _, path := range []string{
		strings.Join([]string{shims, real}, ":"),
		strings.Join([]string{shims, shims, nested, real}, ":"),
		strings.Join([]string{".heed/bin", "sub/.heed/bin", real}, ":"), // relative to cwd
		strings.Join([]string{linked, plain, real}, ":"),
	} {
		got, err := LookPath("npm", path, cwd, nil)
		if err != nil || got != filepath.Join(real, "npm") {
			t.Errorf("PATH=%s: got %q, %v; want the real npm", path, got, err)
		}
	}
	if _, err := LookPath("npm", shims, cwd, nil); err == nil {
		t.Errorf("only shims on PATH: want not found")
	}
	// uninstall removes heed's links and nothing else
	write(t, shims, "keep.txt", "mine")
	removed, err := UninstallShims(shims)
	if err != nil || len(removed) != 1 {
		t.Fatalf("uninstall: %v %v", removed, err)
	}
	if _, err := os.Stat(filepath.Join(shims, "keep.txt")); err != nil {
		t.Fatalf("uninstall removed a file that is not heed's")
	}
}

func TestInstallHooksMergesWithoutClobbering(t *testing.T) {
	root := t.TempDir()
	orig := `{
  "model": "opus",
  "permissions": {"deny": ["Bash(rm -rf *)"]},
  "hooks": {
    "PreToolUse": [
      {"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh <&0"}]}
    ]
  },
  "zeta": 1.50
}`
	write(t, root, ".claude/settings.json", orig)
	cfg, err := InstallHooks(root, AgentClaude, "heed", InstallOptions{})
	if err != nil || len(cfg.Added) != 3 {
		t.Fatalf("install: %+v %v", cfg, err)
	}
	data, _ := os.ReadFile(filepath.Join(root, ".claude/settings.json"))
	got := string(data)
	for _, want := range []string{`"model": "opus"`, `"Bash(rm -rf *)"`, `./guard.sh <&0`, `"zeta": 1.50`, `"command": "heed hook claude"`, `"PostToolUseFailure"`} {
		if !strings.Contains(got, want) {
			t.Errorf("merged settings lost %s:\n%s", want, got)
		}
	}
	if strings.Index(got, `"model"`) > strings.Index(got, `"permissions"`) || strings.Index(got, `"hooks"`) > strings.Index(got, `"zeta"`) {
		t.Errorf("key order changed:\n%s", got)
	}
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("merged settings are not JSON: %v", err)
	}
	// again: nothing added, file unchanged
	cfg, err = InstallHooks(root, AgentClaude, "heed", InstallOptions{})
	data2, _ := os.ReadFile(filepath.Join(root, ".claude/settings.json"))
	if err != nil || len(cfg.Added) != 0 || string(data2) != got {
		t.Fatalf("second install changed things: %+v %v", cfg, err)
	}
	// an invalid file is reported and left untouched
	write(t, root, ".codex/hooks.json", "{ broken")
	if _, err := InstallHooks(root, AgentCodex, "heed", InstallOptions{}); err == nil || !strings.Contains(err.Error(), "untouched") {
		t.Fatalf("invalid JSON: %v", err)
	}
	if data, _ := os.ReadFile(filepath.Join(root, ".codex/hooks.json")); string(data) != "{ broken" {
		t.Fatal("invalid file was modified")
	}
	for _, a := range []string{AgentGemini, AgentCursor, AgentCopilot} {
		cfg, err := InstallHooks(root, a, "heed", InstallOptions{})
		if err != nil || len(cfg.Added) == 0 {
			t.Fatalf("%s: %+v %v", a, cfg, err)
		}
		data, _ := os.ReadFile(filepath.Join(root, cfg.File))
		if !strings.Contains(string(data), "heed hook "+a) || !json.Valid(data) {
			t.Fatalf("%s config:\n%s", a, data)
		}
	}
}

func TestApplyPatch(t *testing.T) {
	root := t.TempDir()
	write(t, root, "src/a.py", "import os\n\ndef f():\n    return 1\n\ndef g():\n    return 2\n")
	patch := `*** Begin Patch
*** Update File: src/a.py
@@ def f():
-    return 1
+    return 10
@@ def g():
-    return 2
+    return 20
*** Add File: src/b.py
+print("new")
*** Delete File: src/gone.py
*** End Patch`
	ws, err := ParsePatch(patch)
	if err != nil || len(ws) != 3 {
		t.Fatalf("parse: %v %+v", err, ws)
	}
	got, err := ws[0].result(root, root, "src/a.py")
	if err != nil || got != "import os\n\ndef f():\n    return 10\n\ndef g():\n    return 20\n" {
		t.Fatalf("update: %q %v", got, err)
	}
	if c, _ := ws[1].result(root, root, "src/b.py"); c != "print(\"new\")\n" || !ws[2].Delete {
		t.Fatalf("add/delete: %q %+v", c, ws[2])
	}
	bad, _ := ParsePatch("*** Begin Patch\n*** Update File: src/a.py\n@@\n-    return 99\n+    return 0\n*** End Patch")
	if _, err := bad[0].result(root, root, "src/a.py"); err == nil {
		t.Fatal("a hunk that does not match must be an error, not a guess")
	}
	if _, err := ParsePatch("diff --git a/x b/x"); err == nil {
		t.Fatal("not a patch: want an error")
	}
}

// longLine is a 200 KB command line of 2,300 commands (within what heed parses),
// each of which breaks a rule.
func longLine() string {
	var b strings.Builder
	for i := 0; b.Len() < 200_000; i++ {
		fmt.Fprintf(&b, "npm install package-%06d-with-a-long-name-for-the-size-of-it --save-dev; cargo publish -p crate-%d --allow-dirty --no-verify --jobs 4; git reset --hard HEAD~%d --quiet -- .; ", i, i, i%9)
	}
	return b.String()
}

// Issue 22: the deny message repeated the whole command line once per finding, so a
// 200 KB line with a few rules made megabytes (gigabytes with a large policy), and a
// hook that overran its timeout let the tool run. The line is quoted once, cut, and
// the findings past maxShownFindings are counted.
func TestLongCommandLineGetsABoundedMessageQuickly(t *testing.T) {
	root := newRepo(t, "- Use `pnpm`, not npm or yarn.\n- Never run `cargo publish`.\n- Do not run `git reset --hard`.\n"+
		"- Never run `git push --force`.\n- Do not run `docker system prune`.\n- Never run `terraform apply`.\n- Never run `kubectl delete`.")
	line := longLine() + "yarn add z; git push --force; docker system prune; terraform apply; kubectl delete pod x"
	e := newEnforcer()
	e.NoJournal = true
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	start := time.Now()
	d := e.Check(Request{Root: root, Cwd: root, Line: line, Source: "hook:claude"})
	took := time.Since(start)
	runtime.ReadMemStats(&m1)
	if !d.Blocked {
		t.Fatalf("not blocked: %s", d.Message)
	}
	if took > 10*time.Second {
		t.Errorf("judging a 200 KB line took %v", took)
	}
	if alloc := m1.TotalAlloc - m0.TotalAlloc; alloc > 512<<20 {
		t.Errorf("judging a 200 KB line allocated %d MB", alloc>>20)
	}
	msg := d.Message
	if len(d.Commands) < 2000 || len(d.Blocks) < 2000 {
		t.Fatalf("%d commands, %d findings: the line must be parsed and break a rule in each command", len(d.Commands), len(d.Blocks))
	}
	if len(msg) > 4096 {
		t.Errorf("message of %d bytes for a %d-byte line:\n%.2000s", len(msg), len(line), msg)
	}
	if n := strings.Count(msg, "  Command: "); n != 1 {
		t.Errorf("the command is quoted %d times, want once:\n%s", n, msg)
	}
	for _, want := range []string{
		"  Command: npm install package-000000-with-a-long-name-for-the-size-of-it --save-dev; cargo publish",
		fmt.Sprintf("… (%d bytes in all)\n", len(line)),
		"  Runs: cargo publish -p crate-0 --allow-dirty --no-verify --jobs 4\n",
		"  (and 2 more findings)\n", // seven rules broken, five listed
		`Rule: "Use ` + "`pnpm`" + `, not npm or yarn." (AGENTS.md:3, Rules)`,
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("message lacks %q:\n%s", want, msg)
		}
	}
	// a warning part lists its own findings; the command is still quoted once
	d.Warnings = d.Blocks
	m := Format(&d, Request{Line: line})
	if strings.Count(m, "  Command: ") != 1 || len(m) > 8192 {
		t.Errorf("blocks and warnings: %d bytes, %d quotes of the command", len(m), strings.Count(m, "  Command: "))
	}
	// beside a block the command does not run: the warnings must not say it does
	if strings.Contains(m, "the command runs") || !strings.Contains(m, "[heed] ALSO WARNED: ") {
		t.Errorf("warnings beside a block are headed as if the command ran:\n%s", m)
	}
	d.Blocks = nil
	if m := Format(&d, Request{Line: line}); !strings.Contains(m, "[heed] WARNING: process rule (the command runs)") {
		t.Errorf("warnings alone lack their heading:\n%s", m)
	}
}

func TestClip(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"git   status\n--short", 50, "git status --short"},
		{"abcdef", 3, "abc… (6 bytes in all)"},
		{"ééé", 3, "é… (6 bytes in all)"}, // never half a character
		{strings.Repeat(" ", 100) + "x", 10, "… (101 bytes in all)"},
	} {
		if got := clip(c.in, c.n); got != c.want {
			t.Errorf("clip(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}

// Load is LoadFor without commands (it never clears): the rules about programs.
func (l *Loader) Load(root string, programs []string, all bool) (*Set, error) {
	return l.LoadFor(root, nil, programs, all)
}
