package enforce

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// payload loads a hook payload of testdata/hooks and fills it in. Values are
// JSON-escaped; in the earlier Copilot shape (*-args-string.json), whose toolArgs is
// JSON inside a JSON string, twice.
func payload(t *testing.T, name string, vars map[string]string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "hooks", name))
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	for k, v := range vars {
		esc := jsonEscape(v)
		if strings.Contains(name, "args-string") && k != "CWD" {
			esc = jsonEscape(esc)
		}
		s = strings.ReplaceAll(s, "$"+k, esc)
	}
	return []byte(s)
}

func jsonEscape(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

// denied reports whether a response denies the tool in the agent's protocol.
func denied(t *testing.T, agent string, r HookResponse) bool {
	t.Helper()
	switch agent {
	case AgentCursor:
		var out map[string]string
		if err := json.Unmarshal([]byte(r.Stdout), &out); err != nil {
			t.Fatalf("cursor: stdout must always be JSON, got %q", r.Stdout)
		}
		return out["permission"] == "deny" && out["agent_message"] != ""
	case AgentCopilot:
		if r.Stdout == "" {
			return false
		}
		var out map[string]string
		if err := json.Unmarshal([]byte(r.Stdout), &out); err != nil {
			t.Fatalf("copilot: stdout %q is not JSON", r.Stdout)
		}
		return out["permissionDecision"] == "deny" && out["permissionDecisionReason"] != ""
	case AgentGemini:
		// Gemini CLI counts any exit but 0 as a hook that failed ("Hook(s) [...]
		// failed"); its deny is {"decision":"deny","reason":...} with exit 0
		if r.Code != 0 {
			t.Fatalf("gemini: exit %d is shown as a failed hook; deny with exit 0 and JSON (%+v)", r.Code, r)
		}
		if r.Stdout == "" {
			return false
		}
		var out map[string]string
		if err := json.Unmarshal([]byte(r.Stdout), &out); err != nil {
			t.Fatalf("gemini: stdout %q is not JSON", r.Stdout)
		}
		return out["decision"] == "deny" && out["reason"] != ""
	default:
		if r.Code == 2 {
			if r.Stderr == "" {
				t.Fatalf("%s: exit 2 must carry the reason on stderr", agent)
			}
			return true
		}
		if r.Code != 0 {
			t.Fatalf("%s: exit %d lets the tool run: only 0 or 2", agent, r.Code)
		}
		if agent == AgentCodex && r.Stdout != "" {
			t.Fatalf("codex fails open on unknown output; stdout must be empty, got %q", r.Stdout)
		}
		return false
	}
}

func runHook(t *testing.T, agent string, data []byte, writes WriteChecker) HookResponse {
	t.Helper()
	return runHookWith(t, &Hooks{Enforcer: newEnforcer(), Writes: writes}, agent, data)
}

// runHookWith is runHook with the caller's hooks: a suite of many commands against
// one repository whose files do not change shares one enforcer (sharedEnforcer).
func runHookWith(t *testing.T, h *Hooks, agent string, data []byte) HookResponse {
	t.Helper()
	ev, err := ParseHook(agent, data)
	if err != nil {
		return Respond(agent, nil, HookResult{Deny: true, Reason: err.Error()})
	}
	return Respond(agent, ev, h.Handle(ev))
}

// shellHooks are the recorded shell-command hook payloads of the five agents.
var shellHooks = []struct{ agent, file string }{
	{AgentClaude, "claude-pre-bash.json"},
	{AgentCodex, "codex-pre-bash.json"},
	{AgentGemini, "gemini-before-shell.json"},
	{AgentCursor, "cursor-before-shell.json"},
	{AgentCopilot, "copilot-pre-tool.json"},
}

// The shell-command hooks of all five agents, with recorded payloads.
func TestHookProtocols(t *testing.T) {
	root := newRepo(t, "- Do not run `git reset --hard`.\n- Never run `cargo publish`.")
	for _, c := range append(shellHooks, struct{ agent, file string }{AgentCopilot, "copilot-pre-tool-args-string.json"}) {
		for cmd, want := range map[string]bool{
			"git stash && git reset --hard HEAD~2": true,
			`bash -c "cargo publish -p x"`:         true,
			"cargo publish --dry-run":              false,
			"git status --short":                   false,
			`echo "unterminated`:                   true, // fail closed
		} {
			r := runHook(t, c.agent, payload(t, c.file, map[string]string{"CWD": root, "COMMAND": cmd}), nil)
			if got := denied(t, c.agent, r); got != want {
				t.Errorf("%s %q: denied=%v, want %v (%+v)", c.agent, cmd, got, want, r)
			}
		}
	}
}

func TestHookInternalErrorsDeny(t *testing.T) {
	root := newRepo(t, "- Never run `cargo publish`.")
	for _, agent := range Agents {
		for name, data := range map[string][]byte{
			"not json":   []byte("{ nope"),
			"no command": []byte(`{"cwd":"` + root + `","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{},"toolName":"bash","toolArgs":"{}"}`),
		} {
			if agent == AgentCursor && name == "no command" {
				continue // cursor's beforeShellExecution carries the command at the top level
			}
			if r := runHook(t, agent, data, nil); !denied(t, agent, r) {
				t.Errorf("%s, %s: the hook must deny, got %+v", agent, name, r)
			}
		}
	}
	// a broken policy denies through the hook too
	os.MkdirAll(filepath.Join(root, ".heed"), 0o755)
	os.WriteFile(filepath.Join(root, ".heed", "policy.json"), []byte("{"), 0o644)
	r := runHook(t, AgentClaude, payload(t, "claude-pre-bash.json", map[string]string{"CWD": root, "COMMAND": "ls"}), nil)
	if !denied(t, AgentClaude, r) || !strings.Contains(r.Stderr, "could not check") {
		t.Errorf("broken policy: %+v", r)
	}
	// a hook for a tool heed does not judge lets it run
	r = runHook(t, AgentClaude, []byte(`{"cwd":"`+root+`","hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"x"}}`), nil)
	if denied(t, AgentClaude, r) {
		t.Errorf("Read must be allowed: %+v", r)
	}
}

// Write tools: heed computes the file the tool would produce and judges that.
func TestHookWriteChecks(t *testing.T) {
	root := newRepo(t, "- Never run `cargo publish`.")
	var seen map[string]string
	checker := func(r, path string, content []byte) ([]WriteFinding, error) {
		seen[path] = string(content)
		if strings.Contains(string(content), "BAD") {
			return []WriteFinding{{Path: path, Line: 1, Severity: "error", Message: "BAD is not allowed", Instruction: `"no BAD" (AGENTS.md:3)`}}, nil
		}
		return nil, nil
	}
	for _, c := range []struct {
		agent, file string
		vars        map[string]string
		path, want  string
		deny        bool
	}{
		{AgentClaude, "claude-pre-write.json", map[string]string{"CONTENT": "print('BAD')\n"}, "src/new.py", "print('BAD')\n", true},
		{AgentClaude, "claude-pre-write.json", map[string]string{"CONTENT": "print('good')\n"}, "src/new.py", "print('good')\n", false},
		{AgentClaude, "claude-pre-edit.json", map[string]string{"OLD": "x = 1", "NEW": "x = BAD"}, "src/a.py", "x = BAD\nok\n", true},
		{AgentClaude, "claude-pre-multiedit.json", map[string]string{"OLD": "x = 1", "NEW": "x = 2"}, "src/a.py", "x = 2\nfine\n", false},
		{AgentCodex, "codex-pre-apply-patch.json", map[string]string{"PATCH": "*** Begin Patch\n*** Update File: src/a.py\n@@\n-x = 1\n+x = BAD\n*** End Patch\n"}, "src/a.py", "x = BAD\nok\n", true},
	} {
		seen = map[string]string{}
		c.vars["CWD"] = root
		r := runHook(t, c.agent, payload(t, c.file, c.vars), checker)
		if got := denied(t, c.agent, r); got != c.deny {
			t.Errorf("%s %s: denied=%v, want %v (%+v)", c.agent, c.file, got, c.deny, r)
		}
		if seen[c.path] != c.want {
			t.Errorf("%s %s: judged content %q, want %q", c.agent, c.file, seen[c.path], c.want)
		}
		if c.deny && !strings.Contains(r.Stderr, "BAD is not allowed") {
			t.Errorf("%s: the denial must carry the finding: %q", c.file, r.Stderr)
		}
	}
	// a write that breaks a rule on every line lists the first few findings and counts
	// the rest
	many := func(r, path string, content []byte) ([]WriteFinding, error) {
		var fs []WriteFinding
		for i, l := range strings.Split(string(content), "\n") {
			if strings.Contains(l, "BAD") {
				fs = append(fs, WriteFinding{Path: path, Line: i + 1, Severity: "error", Message: "BAD is not allowed: " + l, Instruction: `"no BAD" (AGENTS.md:3)`})
			}
		}
		return fs, nil
	}
	content := strings.Repeat("x = 'BAD"+strings.Repeat("!", 2000)+"'\n", 5000)
	r := runHook(t, AgentClaude, payload(t, "claude-pre-write.json", map[string]string{"CWD": root, "CONTENT": content}), many)
	if !denied(t, AgentClaude, r) || len(r.Stderr) > 4096 || !strings.Contains(r.Stderr, "src/new.py:5: BAD is not allowed") ||
		strings.Contains(r.Stderr, "src/new.py:6:") || !strings.Contains(r.Stderr, "  (and 4995 more findings)\n") {
		t.Errorf("5,000 findings: %d bytes\n%.3000s", len(r.Stderr), r.Stderr)
	}
	// an edit whose old text is not in the file cannot be judged: denied with the reason
	r = runHook(t, AgentClaude, payload(t, "claude-pre-edit.json", map[string]string{"CWD": root, "OLD": "nope", "NEW": "x"}), checker)
	if !denied(t, AgentClaude, r) || !strings.Contains(r.Stderr, "not in the file") {
		t.Errorf("unmatched edit: %+v", r)
	}
}

// Claude Code's NotebookEdit writes a cell: a code cell is judged as code of the
// notebook's language, like an Edit; a markdown cell and a deleted cell are not.
func TestHookNotebookEdit(t *testing.T) {
	root := newRepo(t, "- Never run `cargo publish`.")
	write(t, root, "analysis/explore.ipynb", `{"cells": [], "metadata": {"kernelspec": {"language": "python", "name": "python3"}}, "nbformat": 4, "nbformat_minor": 5}`)
	var judged []string
	checker := func(r, path string, content []byte) ([]WriteFinding, error) {
		judged = append(judged, path+": "+string(content))
		if strings.Contains(string(content), "BAD") {
			return []WriteFinding{{Path: path, Line: 2, Severity: "error", Message: "BAD is not allowed"}}, nil
		}
		return nil, nil
	}
	for _, c := range []struct {
		cell, source, typ, mode string
		deny                    bool
		judged                  string
	}{
		{"c1", "import os\nx = BAD\n", "code", "replace", true, "analysis/explore.ipynb.py: import os\nx = BAD\n"},
		{"c1", "x = 1\n", "code", "insert", false, "analysis/explore.ipynb.py: x = 1\n"},
		{"c2", "BAD words in prose", "markdown", "replace", false, ""},
		{"c3", "", "code", "delete", false, ""},
	} {
		judged = nil
		r := runHook(t, AgentClaude, payload(t, "claude-pre-notebook-edit.json", map[string]string{"CWD": root, "CELL": c.cell, "SOURCE": c.source, "TYPE": c.typ, "MODE": c.mode}), checker)
		if got := denied(t, AgentClaude, r); got != c.deny {
			t.Errorf("%s %s: denied=%v, want %v (%+v)", c.mode, c.typ, got, c.deny, r)
		}
		if strings.Join(judged, "|") != c.judged {
			t.Errorf("%s %s: judged %q, want %q", c.mode, c.typ, judged, c.judged)
		}
		if c.deny && !strings.Contains(r.Stderr, "analysis/explore.ipynb (cell c1):2: BAD is not allowed") {
			t.Errorf("the denial must name the notebook and the cell: %q", r.Stderr)
		}
	}
}

// "Run `make lint` before committing", through Claude's Pre and Post hooks.
func TestOrderingThroughHooks(t *testing.T) {
	root := newRepo(t, "- Run `make lint` before committing.")
	pre := func(cmd, id string) bool {
		data := payload(t, "claude-pre-bash.json", map[string]string{"CWD": root, "COMMAND": cmd})
		data = []byte(strings.ReplaceAll(string(data), "toolu_01ABC123", id))
		return denied(t, AgentClaude, runHook(t, AgentClaude, data, nil))
	}
	post := func(file, cmd, id string) {
		data := payload(t, file, map[string]string{"CWD": root, "COMMAND": cmd})
		data = []byte(strings.ReplaceAll(string(data), "toolu_01ABC123", id))
		if r := runHook(t, AgentClaude, data, nil); r.Code != 0 || r.Stdout != "" {
			t.Fatalf("post hooks never deny: %+v", r)
		}
	}
	if !pre("git commit -m x", "t1") {
		t.Fatal("commit before any lint must be denied")
	}
	if pre("make lint", "t2") {
		t.Fatal("make lint must run")
	}
	post("claude-post-bash-failure.json", "make lint", "t2")
	if !pre("git commit -m x", "t3") {
		t.Fatal("commit after a failed lint must be denied")
	}
	pre("make lint", "t4")
	post("claude-post-bash.json", "make lint", "t4")
	if pre("git add -A && git commit -m x", "t5") {
		t.Fatal("commit after a successful lint must run")
	}
	// an edit after the lint: the commit waits for another lint
	write(t, root, "src/a.py", "x = 2\n")
	post("claude-post-write.json", "", "t6")
	if !pre("git commit -m x", "t7") {
		t.Fatal("commit after an edit must be denied until lint runs again")
	}
	if pre("make lint && git commit -m x", "t8") {
		t.Fatal("lint && commit must run: the commit runs only if lint succeeds")
	}
}

// Gemini CLI and Copilot CLI name no tool call: heed pairs the outcome of AfterTool
// and postToolUse with the command by session, directory and command text, so "run
// `make lint` before committing" lets the commit run after a lint that passed.
func TestOrderingThroughHooksWithoutToolIDs(t *testing.T) {
	for _, c := range []struct{ agent, pre, post, failure string }{
		{AgentGemini, "gemini-before-shell.json", "gemini-after-shell.json", "gemini-after-shell-failure.json"},
		{AgentCopilot, "copilot-pre-tool.json", "copilot-post-tool.json", "copilot-post-tool-failure.json"},
		{AgentCopilot, "copilot-pre-tool-args-string.json", "copilot-post-tool-args-string.json", "copilot-post-tool-failure.json"},
	} {
		t.Run(c.pre, func(t *testing.T) {
			root := newRepo(t, "- Run `make lint` before committing.")
			vars := func(cmd string, extra ...string) map[string]string {
				v := map[string]string{"CWD": root, "COMMAND": cmd, "OUTPUT": "", "EXIT": "0"}
				for i := 0; i+1 < len(extra); i += 2 {
					v[extra[i]] = extra[i+1]
				}
				return v
			}
			pre := func(cmd string) bool {
				return denied(t, c.agent, runHook(t, c.agent, payload(t, c.pre, vars(cmd)), nil))
			}
			post := func(file string, v map[string]string) {
				if r := runHook(t, c.agent, payload(t, file, v), nil); r.Code != 0 || r.Stdout != "" || r.Stderr != "" {
					t.Fatalf("post hooks answer nothing: %+v", r)
				}
			}
			if !pre("git commit -m x") {
				t.Fatal("commit before any lint must be denied")
			}
			// a lint that failed: the exit line is the last one, after the output
			pre("make lint")
			failed := vars("make lint", "OUTPUT", "lint: 3 problems\nExit Code: 0", "EXIT", "2")
			if c.agent == AgentGemini {
				post(c.failure, failed) // Gemini adds "Exit Code: N" when N is not 0
			} else {
				post(c.post, failed) // Copilot's bash ends with "<shellId: N completed with exit code M>"
			}
			if !pre("git commit -m x") {
				t.Fatal("commit after a failed lint must be denied")
			}
			if c.agent == AgentCopilot {
				// postToolUseFailure: the tool itself failed
				pre("make lint")
				post(c.failure, vars("make lint"))
				if !pre("git commit -m x") {
					t.Fatal("commit after a lint that failed to run must be denied")
				}
			}
			// the same command again, and it passes: its own outcome, not the old one
			pre("make lint")
			post(c.post, vars("make lint", "OUTPUT", "lint ok"))
			if pre("git commit -m x") {
				t.Fatal("commit after a successful lint must run")
			}
			write(t, root, "src/a.py", "x = 2\n")
			if !pre("git commit -m x") {
				t.Fatal("commit after an edit must be denied until lint runs again")
			}
		})
	}
}

// --rules-context: an allowed write carries the file's rules as Claude's
// additionalContext; a denied one carries the denial only, and a failure to list the
// rules is said, not hidden, without denying the write.
func TestHookRulesContext(t *testing.T) {
	root := newRepo(t, "- Never run `cargo publish`.")
	checker := func(r, path string, content []byte) ([]WriteFinding, error) {
		if strings.Contains(string(content), "BAD") {
			return []WriteFinding{{Path: path, Line: 1, Severity: "error", Message: "BAD is not allowed"}}, nil
		}
		return nil, nil
	}
	var asked []string
	rulesFor := func(r, rel string) (string, error) {
		asked = append(asked, rel)
		switch {
		case strings.HasPrefix(rel, "broken/"):
			return "", os.ErrPermission
		case strings.HasPrefix(rel, "big/"):
			return strings.Repeat("- [must] a long rule about this file (AGENTS.md:1)\n", 400), nil
		}
		return "Rules for " + rel + ":\n- [must] Use snake_case names. (AGENTS.md:3)\n", nil
	}
	hook := func(path, content string) (HookResponse, map[string]any) {
		t.Helper()
		h := &Hooks{Enforcer: newEnforcer(), Writes: checker, RulesFor: rulesFor}
		data := payload(t, "claude-pre-write.json", map[string]string{"CWD": root, "CONTENT": content})
		data = []byte(strings.Replace(string(data), "src/new.py", path, 1))
		ev, err := ParseHook(AgentClaude, data)
		if err != nil {
			t.Fatal(err)
		}
		r := Respond(AgentClaude, ev, h.Handle(ev))
		var out map[string]any
		if r.Stdout != "" {
			if err := json.Unmarshal([]byte(r.Stdout), &out); err != nil {
				t.Fatalf("stdout is not JSON: %q", r.Stdout)
			}
		}
		return r, out
	}
	contextOf := func(out map[string]any) string {
		hso, _ := out["hookSpecificOutput"].(map[string]any)
		if hso == nil || hso["hookEventName"] != "PreToolUse" {
			return ""
		}
		s, _ := hso["additionalContext"].(string)
		return s
	}

	r, out := hook("src/new.py", "good\n")
	if denied(t, AgentClaude, r) || !strings.Contains(contextOf(out), "Use snake_case names") || !strings.Contains(contextOf(out), "src/new.py") {
		t.Errorf("allowed write: want the file's rules as additionalContext, got %+v", r)
	}
	r, out = hook("src/new.py", "BAD\n")
	if !denied(t, AgentClaude, r) || contextOf(out) != "" {
		t.Errorf("denied write: want a denial without context, got %+v", r)
	}
	r, out = hook("broken/x.py", "good\n")
	if denied(t, AgentClaude, r) || !strings.Contains(contextOf(out), "could not list the rules for broken/x.py") {
		t.Errorf("rules that cannot be listed: want the allowed write to say so, got %+v", r)
	}
	_, out = hook("big/x.py", "good\n")
	if c := contextOf(out); len(c) > 10000 || !strings.Contains(c, "heed rules --for") {
		t.Errorf("context must stay under Claude's 10,000 characters and say where the rest is: %d chars", len(c))
	}
	// without RulesFor (the default) nothing is added and nothing is asked
	asked = nil
	data := payload(t, "claude-pre-write.json", map[string]string{"CWD": root, "CONTENT": "good\n"})
	if r := runHook(t, AgentClaude, data, checker); r.Stdout != "" || len(asked) > 0 {
		t.Errorf("context is off by default: %+v, asked %v", r, asked)
	}
}

// malformedPayload is one case of testdata/hooks/malformed.json, which the tests of
// heed hook (internal/cli) and heed-shim hook (internal/shimcli) read too.
type malformedPayload struct {
	Agent, Case string
	Payload     json.RawMessage
	// Want is in the reason of the denial.
	Want string
}

func malformedPayloads(t *testing.T) []malformedPayload {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "hooks", "malformed.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cs []malformedPayload
	if err := json.Unmarshal(data, &cs); err != nil {
		t.Fatal(err)
	}
	return cs
}

// Every payload heed cannot read as an event it answers is an error naming what is
// wrong, for all five agents; and Handle denies an event without a phase.
func TestMalformedHookPayloadsAreErrors(t *testing.T) {
	root := newRepo(t, "- Use `pnpm`, not npm or yarn.")
	seen := map[string]int{}
	for _, c := range malformedPayloads(t) {
		seen[c.Agent]++
		data := []byte(strings.ReplaceAll(string(c.Payload), "$CWD", jsonEscape(root)))
		ev, err := ParseHook(c.Agent, data)
		if err == nil || !strings.Contains(err.Error(), c.Want) {
			t.Errorf("%s, %s: ParseHook = %+v, %v; want an error with %q", c.Agent, c.Case, ev, err, c.Want)
		}
	}
	for _, agent := range Agents {
		if seen[agent] < 10 {
			t.Errorf("%s: %d malformed payloads in the table, want at least 10", agent, seen[agent])
		}
	}
	h := &Hooks{Enforcer: newEnforcer()}
	if res := h.Handle(&HookEvent{Agent: AgentClaude, Event: "Stop", Cwd: root}); !res.Deny || !strings.Contains(res.Reason, `"Stop" is not one heed answers`) {
		t.Errorf("an event without a phase: %+v", res)
	}
	// what the agents really send still parses
	for _, f := range []string{"claude-pre-bash.json", "codex-pre-bash.json", "gemini-before-shell.json", "cursor-before-shell.json", "copilot-pre-tool.json",
		"claude-pre-write.json", "claude-pre-edit.json", "claude-pre-multiedit.json", "claude-post-bash.json", "claude-post-bash-failure.json", "claude-post-write.json",
		"codex-post-bash.json", "codex-pre-apply-patch.json", "copilot-pre-apply-patch.json", "copilot-pre-create.json", "copilot-post-tool.json", "copilot-post-tool-failure.json",
		"copilot-pre-tool-args-string.json", "copilot-post-tool-args-string.json"} {
		agent, _, _ := strings.Cut(f, "-")
		if _, err := ParseHook(agent, payload(t, f, map[string]string{"CWD": root, "COMMAND": "ls", "OLD": "a", "NEW": "b", "CONTENT": "x", "PATCH": "*** Begin Patch\n*** End Patch\n", "PATH": "a.py"})); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}
