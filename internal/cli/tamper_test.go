package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/enforce"
	"github.com/heed-dev/heed/internal/policy"
)

// claudeHook runs `heed hook claude` with a payload of the shape Claude Code sends
// (internal/enforce/testdata/hooks/claude-pre-*.json) and returns whether it denied
// the tool, and why.
func claudeHook(t *testing.T, dir, tool string, input map[string]any) (bool, string) {
	t.Helper()
	payload, _ := json.Marshal(map[string]any{"session_id": "abc123", "transcript_path": "", "cwd": dir, "permission_mode": "default",
		"hook_event_name": "PreToolUse", "tool_name": tool, "tool_input": input, "tool_use_id": "toolu_01ABC123"})
	var out, errb bytes.Buffer
	app := &App{Stdin: bytes.NewReader(payload), Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }}
	root := app.newRoot()
	root.SetArgs([]string{"hook", "claude"})
	root.SetOut(&out)
	root.SetErr(&errb)
	code := app.exitCode(root.Execute())
	return hookDenial(t, enforce.AgentClaude, code, out.String(), errb.String())
}

func bash(t *testing.T, dir, command string) (bool, string) {
	t.Helper()
	return claudeHook(t, dir, "Bash", map[string]any{"command": command, "description": "Run it", "timeout": 120000})
}

// compiledRepo is a git repository whose instruction file forbids npm, compiled with
// heed compile and committed.
func compiledRepo(t *testing.T) string {
	t.Helper()
	dir := gitRepo(t, map[string]string{
		"AGENTS.md": "# Rules\n\n- Use `pnpm`, not npm or yarn.\n- Never run `cargo publish`.\n",
		"src/a.py":  "x = 1\n",
	})
	if code, out, errs := runHeed(nil, "--repo", dir, "compile"); code != 0 {
		t.Fatalf("heed compile: exit %d\n%s%s", code, out, errs)
	}
	git(t, dir, "add", "-A")
	git(t, dir, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "rules")
	return dir
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// editPolicy rewrites .heed/policy.json as a person or a script would: decoded,
// changed, encoded, the seal left as it was.
func editPolicy(t *testing.T, dir string, edit func(p *policy.Policy)) {
	t.Helper()
	path := filepath.Join(dir, filepath.FromSlash(policy.File))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var p policy.Policy
	if err := json.Unmarshal(data, &p); err != nil {
		t.Fatal(err)
	}
	edit(&p)
	out, _ := json.MarshalIndent(&p, "", "  ")
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
}

// Issue 22, item 5: editing .heed/policy.json, then running the command it forbade,
// was allowed: the hook judged from whatever the file said. Now a policy edited
// around heed compile is refused, by the live index's fast path and by the slow path
// alike, until the user runs heed compile.
func TestHookRefusesAPolicyEditedAroundHeed(t *testing.T) {
	dir := compiledRepo(t)
	if deny, _ := bash(t, dir, "npm install left-pad"); !deny {
		t.Fatal("the compiled rule does not deny npm install")
	}
	if deny, why := bash(t, dir, "git status"); deny {
		t.Fatalf("git status denied before any edit: %s", why)
	}
	// the agent drops every rule (a Python one-liner the hook cannot read)
	editPolicy(t, dir, func(p *policy.Policy) {
		for i := range p.Entries {
			p.Entries[i].Rules = nil
		}
	})
	for _, path := range []string{"index fresh for the old policy", "no index"} {
		if path == "no index" {
			os.Remove(filepath.Join(dir, filepath.FromSlash(enforce.IndexFile)))
		}
		for _, cmd := range []string{"npm install left-pad", "git status"} {
			deny, why := bash(t, dir, cmd)
			if !deny || !strings.Contains(why, ".heed/policy.json: its content does not match its integrity seal") || !strings.Contains(why, "heed compile") {
				t.Errorf("%s: %q after the policy was edited around heed: deny=%v\n%s", path, cmd, deny, why)
			}
		}
	}
	// The user accepts a hand edit through heed compile: it is kept, sealed and judged.
	git(t, dir, "checkout", "--", ".heed/policy.json")
	editPolicy(t, dir, func(p *policy.Policy) {
		for i := range p.Entries {
			for j := range p.Entries[i].Rules {
				if strings.Contains(string(p.Entries[i].Rules[j].Params), "npm") {
					p.Entries[i].Rules[j].Severity = policy.SeverityWarning
				}
			}
		}
	})
	if deny, _ := bash(t, dir, "git status"); !deny {
		t.Fatal("a hand edit not yet accepted is judged from")
	}
	if code, out, errs := runHeed(nil, "--repo", dir, "compile"); code != 0 || !strings.Contains(out, "hand-edited rules kept 1") {
		t.Fatalf("heed compile: exit %d\n%s%s", code, out, errs)
	}
	if deny, why := bash(t, dir, "npm install left-pad"); deny {
		t.Errorf("the accepted hand edit (npm a warning) is not what the hook judges from: %s", why)
	}
	if deny, _ := bash(t, dir, "cargo publish"); !deny {
		t.Error("the other rule no longer denies")
	}
}

// Issue 22, item 5: the live hook never checked staleness. An instruction file that
// changed since heed compile (an edited rule, a deleted file) stops the hook from
// judging with rules the file may no longer state, and says which file and what to do.
func TestHookRefusesAPolicyWhoseInstructionFilesChanged(t *testing.T) {
	dir := compiledRepo(t)
	if err := os.WriteFile(filepath.Join(dir, "AGENTS.md"), []byte("# Rules\n\n- Never run `cargo publish`.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"git status", "npm install left-pad"} {
		deny, why := bash(t, dir, cmd)
		if !deny || !strings.Contains(why, "AGENTS.md changed since .heed/policy.json was compiled") || !strings.Contains(why, "`heed compile`") {
			t.Errorf("%q after AGENTS.md changed: deny=%v\n%s", cmd, deny, why)
		}
	}
	// a write is judged from the same policy: refused too
	deny, why := claudeHook(t, dir, "Write", map[string]any{"file_path": filepath.Join(dir, "src/new.py"), "content": "y = 2\n"})
	if !deny || !strings.Contains(why, "AGENTS.md changed") {
		t.Errorf("a write after AGENTS.md changed: deny=%v\n%s", deny, why)
	}
	// the user recompiles: the hook judges from the new rules
	if code, out, errs := runHeed(nil, "--repo", dir, "compile"); code != 0 {
		t.Fatalf("heed compile: exit %d\n%s%s", code, out, errs)
	}
	if deny, why := bash(t, dir, "npm install left-pad"); deny {
		t.Errorf("after heed compile, the rule the user removed still denies: %s", why)
	}
	if deny, _ := bash(t, dir, "cargo publish"); !deny {
		t.Error("after heed compile, the remaining rule does not deny")
	}
}

// checkJSON runs heed check with --format json in dir and decodes its findings.
func checkJSON(t *testing.T, dir string, args ...string) (int, []map[string]any) {
	t.Helper()
	code, out, errs := runHeed(nil, append([]string{"--repo", dir, "check", "--format", "json"}, args...)...)
	var rep struct {
		Findings []map[string]any `json:"findings"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("heed check %v: exit %d, %v\n%s%s", args, code, err, out, errs)
	}
	return code, rep.Findings
}

// finding returns the finding of rule (by prefix) in file, if any.
func finding(fs []map[string]any, rulePrefix, file string) map[string]any {
	for _, f := range fs {
		if strings.HasPrefix(f["rule"].(string), rulePrefix) && f["file"] == file {
			return f
		}
	}
	return nil
}

// Issue 22, item 5: in CI a pull request that deleted a rule and broke it in the same
// change got "no findings" from heed check --diff, which took the rules from the
// checkout. The change is now judged with the rules of its base, read from git's
// objects (the committed policy, or the committed instruction files compiled), and
// its change to the rules is itself reported as heed/guard-change.
func TestCheckDiffJudgesAChangeWithTheRulesOfItsBase(t *testing.T) {
	for _, withPolicy := range []bool{true, false} {
		name := "zero-config"
		if withPolicy {
			name = "committed policy"
		}
		t.Run(name, func(t *testing.T) {
			dir := gitRepo(t, map[string]string{
				"AGENTS.md": "# Rules\n\n## Code style\n\n- TypeScript modules use named exports only; never `export default`.\n- Use `pnpm`, not npm.\n",
				"src/a.ts":  "export const a = 1;\n",
			})
			git(t, dir, "checkout", "-q", "-b", "main")
			if withPolicy {
				if code, out, errs := runHeed(nil, "--repo", dir, "compile"); code != 0 {
					t.Fatalf("heed compile: %d\n%s%s", code, out, errs)
				}
				if code, out, errs := runHeed(nil, "--repo", dir, "baseline"); code != 0 {
					t.Fatalf("heed baseline: %d\n%s%s", code, out, errs)
				}
			}
			git(t, dir, "add", "-A")
			git(t, dir, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "base")
			if code, fs := checkJSON(t, dir, "--diff", "main"); code != 0 || len(fs) != 0 {
				t.Fatalf("a clean change: exit %d, %v", code, fs)
			}

			// the pull request: the rule goes, the violation comes
			git(t, dir, "checkout", "-q", "-b", "pr")
			os.WriteFile(filepath.Join(dir, "AGENTS.md"), []byte("# Rules\n\n## Code style\n\n- Use `pnpm`, not npm.\n"), 0o644)
			os.WriteFile(filepath.Join(dir, "src/b.ts"), []byte("const b = 2;\nexport default b;\n"), 0o644)
			if withPolicy {
				if code, out, errs := runHeed(nil, "--repo", dir, "compile"); code != 0 {
					t.Fatalf("heed compile on the branch: %d\n%s%s", code, out, errs)
				}
				// and the baseline records its finding as an old one
				git(t, dir, "checkout", "-q", "main", "--", "AGENTS.md", ".heed/policy.json")
				if code, out, errs := runHeed(nil, "--repo", dir, "baseline"); code != 0 {
					t.Fatalf("heed baseline on the branch: %d\n%s%s", code, out, errs)
				}
				if bl, _ := os.ReadFile(filepath.Join(dir, ".heed/baseline.json")); !strings.Contains(string(bl), `"file": "src/b.ts"`) {
					t.Fatalf("the branch's baseline does not record its finding:\n%s", bl)
				}
				os.WriteFile(filepath.Join(dir, "AGENTS.md"), []byte("# Rules\n\n## Code style\n\n- Use `pnpm`, not npm.\n"), 0o644)
				if code, out, errs := runHeed(nil, "--repo", dir, "compile"); code != 0 {
					t.Fatalf("heed compile on the branch: %d\n%s%s", code, out, errs)
				}
			}
			git(t, dir, "add", "-A")
			git(t, dir, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "feat: default export")

			args := []string{"--diff", "main"}
			if withPolicy {
				args = append(args, "--baseline")
			}
			code, fs := checkJSON(t, dir, args...)
			v := finding(fs, "", "src/b.ts")
			if code != 1 || v == nil || v["severity"] != "error" || !strings.Contains(v["instruction"].(map[string]any)["text"].(string), "export default") {
				t.Fatalf("the violation of the deleted rule is not reported: exit %d\n%v", code, fs)
			}
			guarded := []string{"AGENTS.md"}
			if withPolicy {
				guarded = append(guarded, ".heed/baseline.json", ".heed/policy.json")
			}
			for _, p := range guarded {
				g := finding(fs, "heed/guard-change", p)
				if g == nil || g["severity"] != "warning" || !strings.Contains(g["message"].(string), "judged with the rules of") {
					t.Errorf("no heed/guard-change warning on %s: %v", p, fs)
				}
			}
			if g := finding(fs, "heed/guard-change", "src/b.ts"); g != nil {
				t.Errorf("a source file reported as a change to the rules: %v", g)
			}
			_, fs = checkJSON(t, dir, append(args, "--guard-severity", "error")...)
			if g := finding(fs, "heed/guard-change", "AGENTS.md"); g == nil || g["severity"] != "error" {
				t.Errorf("--guard-severity error: %v", fs)
			}
			// the other modes judge the working tree with its own rules
			if code, fs := checkJSON(t, dir, "src/b.ts"); code != 0 || len(fs) != 0 {
				t.Errorf("heed check --all with the branch's rules: exit %d, %v", code, fs)
			}
		})
	}
}
