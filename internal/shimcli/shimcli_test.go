package shimcli

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/enforce"
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/rules/process"
	"github.com/heed-dev/heed/internal/testbin"
)

// compiledRepo is a repository with a policy file of one process rule and its live
// index, as heed compile leaves it.
func compiledRepo(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	rule := policy.Rule{ID: "c1.command.1", Domain: policy.DomainProcess, Kind: process.KindCommand,
		Params:   json.RawMessage(`{"forbid":[{"program":["npm","yarn"]}]}`),
		Severity: policy.SeverityError, Origin: policy.OriginManual, Message: "use pnpm, not npm", Suggestion: "use pnpm instead"}
	agents := "# Rules\n\n- Use pnpm, not npm.\n"
	if err := os.WriteFile(filepath.Join(root, "AGENTS.md"), []byte(agents), 0o644); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte(agents))
	pol := &policy.Policy{Version: policy.CurrentVersion, Sources: []policy.SourceFile{{Path: "AGENTS.md", SHA256: hex.EncodeToString(sum[:])}}, Entries: []policy.Entry{{
		Constraint: policy.Constraint{ID: "c1", Text: "Use pnpm, not npm.", File: "AGENTS.md", Line: 3, Level: policy.Must},
		Rules:      []policy.Rule{rule},
	}}}
	data, err := policy.Marshal(pol)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(root, filepath.FromSlash(policy.File))
	os.MkdirAll(filepath.Dir(path), 0o755)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	compiled, errs := engine.NewRegistry(process.Kinds()...).Compile(pol)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if err := enforce.WriteIndex(root, data, compiled); err != nil {
		t.Fatal(err)
	}
	return root
}

func run(t *testing.T, dir string, stdin string, args ...string) (string, string, int) {
	t.Helper()
	t.Chdir(dir)
	var out, errb bytes.Buffer
	code := Main(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

func claudeBash(cwd, command string) string {
	return fmt.Sprintf(`{"session_id":"s","cwd":%q,"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":%q},"tool_use_id":"t1"}`, cwd, command)
}

// With a fresh index heed-shim judges commands itself, in the agent's protocol, and
// quotes the rule.
func TestHookJudgesCommandsFromTheIndex(t *testing.T) {
	root := compiledRepo(t)
	_, stderr, code := run(t, root, claudeBash(root, "cd web; FOO=1 npm install"), "heed-shim", "hook", "claude")
	if code != 2 || !strings.Contains(stderr, `"Use pnpm, not npm." (AGENTS.md:3)`) || !strings.Contains(stderr, "use pnpm instead") {
		t.Errorf("npm install: exit %d\n%s", code, stderr)
	}
	stdout, stderr, code := run(t, root, claudeBash(root, "pnpm install"), "heed-shim", "hook", "claude", "--rules-context")
	if code != 0 || stdout != "" || stderr != "" {
		t.Errorf("pnpm install: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	cursor := fmt.Sprintf(`{"hook_event_name":"beforeShellExecution","command":"yarn add x","cwd":%q}`, root)
	stdout, _, code = run(t, root, cursor, "heed-shim", "hook", "cursor")
	if code != 0 || !strings.Contains(stdout, `"permission":"deny"`) {
		t.Errorf("cursor yarn add: exit %d, %s", code, stdout)
	}
	journal, _ := os.ReadFile(filepath.Join(root, ".heed", "journal.jsonl"))
	if !strings.Contains(string(journal), `"verdict":"blocked"`) || !strings.Contains(string(journal), `"src":"hook:claude"`) {
		t.Errorf("the journal lacks the judged commands:\n%s", journal)
	}
}

func TestExecBlocksFromTheIndex(t *testing.T) {
	root := compiledRepo(t)
	_, stderr, code := run(t, root, "", "heed-shim", "exec", "--", "npm", "ci")
	if code != 1 || !strings.Contains(stderr, "[heed] BLOCKED") || !strings.Contains(stderr, "Use pnpm, not npm.") {
		t.Errorf("heed-shim exec npm ci: exit %d\n%s", code, stderr)
	}
}

// What heed-shim cannot answer goes to heed; when heed is not there (as in this test
// binary's directory), the command or tool is blocked with the reason, never let
// through.
func TestWhatHeedMustAnswerIsBlockedWithoutHeed(t *testing.T) {
	root := compiledRepo(t)
	write := fmt.Sprintf(`{"session_id":"s","cwd":%q,"hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"a.py","content":"x = 1\n"},"tool_use_id":"t2"}`, root)
	for _, c := range []struct {
		name, stdin string
		args        []string
		code        int
	}{
		{"a file write", write, []string{"heed-shim", "hook", "claude"}, 2},
		{"an unknown agent", claudeBash(root, "ls"), []string{"heed-shim", "hook", "aider"}, 2},
		{"another heed command", "", []string{"heed-shim", "check", "--all"}, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, stderr, code := run(t, root, c.stdin, c.args...)
			if code != c.code || !strings.Contains(stderr, "heed is not beside heed-shim") {
				t.Errorf("exit %d (want %d)\n%s", code, c.code, stderr)
			}
		})
	}
	// a stale index: the policy changed since heed compile wrote the index
	f, _ := os.OpenFile(filepath.Join(root, filepath.FromSlash(policy.File)), os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("\n")
	f.Close()
	_, stderr, code := run(t, root, "", "heed-shim", "exec", "--", "pnpm", "install")
	if code != 1 || !strings.Contains(stderr, "[heed] BLOCKED") || !strings.Contains(stderr, "stale") {
		t.Errorf("exec with a stale index: exit %d\n%s", code, stderr)
	}
	_, stderr, code = run(t, root, claudeBash(root, "pnpm install"), "heed-shim", "hook", "claude")
	if code != 2 || !strings.Contains(stderr, "heed is not beside heed-shim") {
		t.Errorf("hook with a stale index: exit %d\n%s", code, stderr)
	}
}

func TestStartsItDoesNotKnow(t *testing.T) {
	dir := t.TempDir()
	_, stderr, code := run(t, dir, "", filepath.Join(dir, "npm"), "install")
	if code != 2 || !strings.Contains(stderr, "not one of heed's shims") {
		t.Errorf("started as npm outside a shim directory: exit %d\n%s", code, stderr)
	}
	stdout, _, code := run(t, dir, "", "heed-shim", "--version")
	if code != 0 || !strings.HasPrefix(stdout, "heed-shim ") {
		t.Errorf("--version: exit %d %q", code, stdout)
	}
	_, stderr, code = run(t, dir, "", "heed-shim")
	if code != 2 || !strings.Contains(stderr, "heed-shim exec -- COMMAND") {
		t.Errorf("no command: exit %d\n%s", code, stderr)
	}
}

// heed-shim stays small: what it links decides how long every guarded command waits.
// It must not link the compiler, Tree-sitter, the Markdown reader, the schema
// validator or anything that reads English, nor anything that needs cgo (a static
// binary starts faster).
func TestHeedShimLinksOnlyWhatJudgingNeeds(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", "github.com/heed-dev/heed/cmd/heed-shim").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, pkg := range strings.Fields(string(out)) {
		for _, banned := range []string{"runtime/cgo", "github.com/tree-sitter/", "github.com/yuin/goldmark", "github.com/google/jsonschema-go",
			"github.com/heed-dev/heed/internal/compile", "github.com/heed-dev/heed/internal/project", "github.com/heed-dev/heed/internal/instr",
			"github.com/heed-dev/heed/internal/cli", "github.com/heed-dev/heed/internal/rules/source",
			// crypto/rand brings math/big and a DRBG: journal ids come from the runtime's generator
			"crypto/rand", "math/big",
			// no English: the reader and the lowering of rule sentences stay in heed
			"github.com/heed-dev/heed/internal/norm", "github.com/heed-dev/heed/internal/lower", "github.com/heed-dev/heed/internal/recognize"} {
			if strings.HasPrefix(pkg, banned) {
				t.Errorf("heed-shim links %s", pkg)
			}
		}
	}
}

// heed-shim does nothing at initialisation but what Go's own packages do: no table,
// map or expression of heed's is built before main, since every guarded command
// pays for it (internal/lazy, internal/lazyre). The one dependency that does is
// mvdan.cc/sh/v3/fileutil, which compiles two expressions at initialisation
// (linked by mvdan.cc/sh/v3/syntax, heed's shell parser); its cost is bounded here
// so that it does not grow unseen.
func TestHeedShimDoesNothingAtInit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds heed-shim")
	}
	bin := filepath.Join(t.TempDir(), "heed-shim")
	if err := testbin.Copy(bin, "github.com/heed-dev/heed/cmd/heed-shim"); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "--version")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("heed-shim --version: %v\n%s", err, out)
	}
	// init PKG @T ms, C ms clock, B bytes, A allocs
	seen, heed := 0, 0
	for _, line := range strings.Split(string(out), "\n") {
		var pkg string
		var at, clock float64
		var size, allocs int
		if n, _ := fmt.Sscanf(line, "init %s @%f ms, %f ms clock, %d bytes, %d allocs", &pkg, &at, &clock, &size, &allocs); n != 5 {
			continue
		}
		seen++
		switch {
		case strings.HasPrefix(pkg, "github.com/heed-dev/heed/"):
			// errors.New and lazyre.New (a record of about 150 bytes, compiled on first
			// use) are all it may do; a table is kilobytes (internal/shell's were 8.6)
			heed += size
			if size > 4<<10 {
				t.Errorf("%s allocates %d bytes in %d allocations at initialisation: build its tables on first use (internal/lazy)", pkg, size, allocs)
			}
		case pkg == "mvdan.cc/sh/v3/fileutil":
			if size > 32<<10 {
				t.Errorf("%s allocates %d bytes at initialisation (15 KB in v3.14.1)", pkg, size)
			}
		case strings.Contains(strings.SplitN(pkg, "/", 2)[0], "."):
			if size > 1024 {
				t.Errorf("the dependency %s allocates %d bytes at initialisation: heed-shim must not link it", pkg, size)
			}
		}
	}
	if seen < 10 {
		t.Fatalf("no init trace read from heed-shim:\n%s", out)
	}
	if heed > 8<<10 {
		t.Errorf("heed's packages allocate %d bytes at initialisation: build tables on first use (internal/lazy)", heed)
	}
}

// Every case of internal/enforce/testdata/hooks/malformed.json denies through
// heed-shim hook, which words the reason itself: heed is not beside this test binary,
// so a hand-over would deny with "heed is not beside heed-shim" instead.
func TestHeedShimHookDeniesMalformedPayloads(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "enforce", "testdata", "hooks", "malformed.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Agent, Case string
		Payload     json.RawMessage
		Want        string
	}
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	root := compiledRepo(t)
	esc, _ := json.Marshal(root)
	for _, c := range cases {
		payload := strings.ReplaceAll(string(c.Payload), "$CWD", string(esc[1:len(esc)-1]))
		stdout, stderr, code := run(t, root, payload, "heed-shim", "hook", c.Agent)
		var deny bool
		var reason string
		switch c.Agent {
		case enforce.AgentCursor, enforce.AgentCopilot:
			var out map[string]string
			json.Unmarshal([]byte(stdout), &out)
			deny = code == 0 && (out["permission"] == "deny" || out["permissionDecision"] == "deny")
			reason = out["agent_message"] + out["permissionDecisionReason"]
		case enforce.AgentGemini:
			var out map[string]string
			json.Unmarshal([]byte(stdout), &out)
			deny, reason = code == 0 && out["decision"] == "deny", out["reason"]
		default:
			deny, reason = code == 2 && stdout == "", stderr
		}
		if !deny || !strings.Contains(reason, "[heed] BLOCKED") || !strings.Contains(reason, c.Want) {
			t.Errorf("%s, %s: exit %d, stdout %q, stderr %q: want a denial saying %q", c.Agent, c.Case, code, stdout, stderr, c.Want)
		}
	}
}

// Issue 22, item 5: heed-shim answers from the live index alone, so it checks what
// the index cannot vouch for: the instruction files. One that changed since heed
// compile denies every command, from heed-shim itself (heed would say the same).
func TestHeedShimRefusesAPolicyWhoseInstructionFilesChanged(t *testing.T) {
	root := compiledRepo(t)
	if _, stderr, code := run(t, root, claudeBash(root, "ls"), "heed-shim", "hook", "claude"); code != 0 {
		t.Fatalf("ls denied before any change: %s", stderr)
	}
	if err := os.WriteFile(filepath.Join(root, "AGENTS.md"), []byte("# Rules\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := run(t, root, claudeBash(root, "ls"), "heed-shim", "hook", "claude")
	if code != 2 || !strings.Contains(stderr, "AGENTS.md changed since .heed/policy.json was compiled") || strings.Contains(stderr, "heed is not beside heed-shim") {
		t.Errorf("hook after AGENTS.md changed: exit %d\n%s", code, stderr)
	}
	_, stderr, code = run(t, root, "", "heed-shim", "exec", "--", "ls")
	if code != 1 || !strings.Contains(stderr, "AGENTS.md changed") {
		t.Errorf("exec after AGENTS.md changed: exit %d\n%s", code, stderr)
	}
}
