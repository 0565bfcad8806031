package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// claudeBash answers one Claude Code PreToolUse payload for a Bash command run in dir:
// whether it was denied, and what the agent is told (the reason, or the context of an
// allowed command).
func claudeBash(t *testing.T, dir, command string) (deny bool, said string) {
	t.Helper()
	payload, _ := json.Marshal(map[string]any{
		"session_id": "3f1e", "transcript_path": filepath.Join(dir, ".t.jsonl"), "cwd": dir,
		"permission_mode": "default", "hook_event_name": "PreToolUse", "tool_name": "Bash",
		"tool_input":  map[string]string{"command": command, "description": "Commit the change"},
		"tool_use_id": "toolu_01",
	})
	var out, errb bytes.Buffer
	app := &App{Stdin: bytes.NewReader(payload), Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }}
	root := app.newRoot()
	root.SetArgs([]string{"hook", "claude"})
	root.SetOut(&out)
	root.SetErr(&errb)
	code := app.exitCode(root.Execute())
	if code == 2 {
		return true, errb.String()
	}
	if code != 0 {
		t.Fatalf("%s: exit %d, stdout %q, stderr %q", command, code, out.String(), errb.String())
	}
	if out.Len() > 0 {
		var ans struct {
			HookSpecificOutput struct{ AdditionalContext string } `json:"hookSpecificOutput"`
		}
		if err := json.Unmarshal(out.Bytes(), &ans); err != nil {
			t.Fatalf("%s: stdout %q: %v", command, out.String(), err)
		}
		said = ans.HookSpecificOutput.AdditionalContext
	}
	return false, said
}

// commitRepo is a git repository with the instruction file agents and a committer.
func commitRepo(t *testing.T, agents string) string {
	t.Helper()
	dir := gitRepo(t, map[string]string{"AGENTS.md": agents, "main.go": "package main\n"})
	for _, kv := range [][2]string{{"user.name", "Ada Lovelace"}, {"user.email", "ada@example.com"}} {
		if out, err := exec.Command("git", "-C", dir, "config", kv[0], kv[1]).CombinedOutput(); err != nil {
			t.Fatalf("git config: %v %s", err, out)
		}
	}
	return dir
}

const conventionalRules = "# Contributing\n\n## Commits\n\n- Commit messages must follow the Conventional Commits format (`type(scope): summary`).\n"

// The fresh-repository study: `git commit -m 'fix x.'` passed the agent hook in every
// repository whose instruction files demand a commit format. An agent without heed's
// git hooks installed is now stopped before the commit, with the rule quoted.
func TestAgentHookJudgesCommitMessagesOnTheCommandLine(t *testing.T) {
	dir := commitRepo(t, conventionalRules)
	for _, c := range []struct {
		command string
		deny    bool
	}{
		{`git commit -m "fix x"`, true},
		{`git commit -m "fix(parser): handle x"`, false},
		{`git add -A && git commit -am 'update the parser'`, true},
		{`git add main.go && git commit -am 'fix(parser): handle x'`, false},
		{`git commit --message="fix x"`, true},
		{`git commit --message "feat: add y"`, false},
		{`git commit -sm 'fix x'`, true},
		{`git commit --author "$(git config user.name) <a@example.com>" -m 'fix x'`, true},
		{`git commit -t .gitmessage -m 'fix x' -- main.go`, true},
		// two -m: the subject is the first paragraph
		{`git commit -m "fix x" -m "feat: this is the body, not the subject"`, true},
		{`git commit -m "fix(parser): handle x" -m "The parser dropped x when y."`, false},
		// Claude Code's way with a message of several lines
		{"git commit -m \"$(cat <<'EOF'\nfix x\n\nThe parser dropped x.\nEOF\n)\"", true},
		{"git add -A && git commit -m \"$(cat <<'EOF'\nfix(parser): handle x\n\nThe parser dropped x.\nEOF\n)\"", false},
		{"git commit --message=\"$(cat <<'EOF'\nfix x\nEOF\n)\"", true},
		{"git commit -m \"$(cat <<EOF\n$SUBJECT\nEOF\n)\"", false},
		// inside a wrapper and after cd
		{`cd sub 2>/dev/null; bash -c 'git commit -m "fix x"'`, true},
		// not judged here: the editor, another commit's message, a computed message
		{`git commit`, false},
		{`git commit --amend --no-edit`, false},
		{`git commit -C HEAD~1`, false},
		{`git commit -e -m "fix x"`, false},
		{`git commit --dry-run -m "fix x"`, false},
		{`git commit -m "$MSG"`, false},
		{`git -C ../other commit -m "fix x"`, false},
		// not commits
		{`git log --grep "fix x"`, false},
		{`echo git commit -m "fix x"`, false},
	} {
		deny, said := claudeBash(t, dir, c.command)
		if deny != c.deny {
			t.Errorf("%s: denied %v, want %v\n%s", c.command, deny, c.deny, said)
			continue
		}
		if deny && (!strings.Contains(said, "[heed] BLOCKED: contribution rule violated in the commit message") ||
			!strings.Contains(said, "Conventional Commits") || !strings.Contains(said, "AGENTS.md:5")) {
			t.Errorf("%s: the denial does not quote the rule and its place:\n%s", c.command, said)
		}
	}
}

// -F FILE: a small file inside the repository is read; one the same line writes, or
// one outside the repository, is left to the commit-msg hook.
func TestAgentHookJudgesACommitMessageFile(t *testing.T) {
	dir := commitRepo(t, conventionalRules)
	os.WriteFile(filepath.Join(dir, "bad.txt"), []byte("fix x\n\nThe body.\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "good.txt"), []byte("fix(parser): handle x\n"), 0o644)
	outside := filepath.Join(t.TempDir(), "bad.txt")
	os.WriteFile(outside, []byte("fix x\n"), 0o644)
	for _, c := range []struct {
		command string
		deny    bool
	}{
		{`git commit -F bad.txt`, true},
		{`git commit --file=bad.txt`, true},
		{`git commit -F good.txt`, false},
		{`git commit -F ` + outside, false},
		{`printf 'fix(parser): handle x\n' > bad.txt && git commit -F bad.txt`, false},
		{`git commit -F -`, false},
	} {
		if deny, said := claudeBash(t, dir, c.command); deny != c.deny {
			t.Errorf("%s: denied %v, want %v\n%s", c.command, deny, c.deny, said)
		}
	}
}

// -s adds the Signed-off-by trailer git would add, so a sign-off rule is met by it.
func TestAgentHookCountsTheSignoffOfDashS(t *testing.T) {
	dir := commitRepo(t, "# Contributing\n\n- Every commit must be signed off with `git commit -s` (DCO).\n")
	for _, c := range []struct {
		command string
		deny    bool
	}{
		{`git commit -m "Handle x in the parser"`, true},
		{`git commit -s -m "Handle x in the parser"`, false},
		{`git commit -sm "Handle x in the parser"`, false},
		{`git commit --signoff -m "Handle x in the parser"`, false},
		{`git commit -s --no-signoff -m "Handle x in the parser"`, true},
		{`git commit -m "Handle x in the parser" -m "Signed-off-by: Ada Lovelace <ada@example.com>"`, false},
	} {
		if deny, said := claudeBash(t, dir, c.command); deny != c.deny {
			t.Errorf("%s: denied %v, want %v\n%s", c.command, deny, c.deny, said)
		}
	}
}

// A warning-only rule lets the commit run and tells the agent.
func TestAgentHookWarnsOnACommitMessageWarning(t *testing.T) {
	dir := commitRepo(t, "# Contributing\n\n- You should keep the subject line of a commit message under 50 characters.\n")
	deny, said := claudeBash(t, dir, `git commit -m "Handle the case of x in the parser when y is given on the command line"`)
	if deny || !strings.Contains(said, "[heed] WARNING") || !strings.Contains(said, "50 characters") {
		t.Errorf("denied %v, want a warning that lets the commit run:\n%s", deny, said)
	}
	if deny, said := claudeBash(t, dir, `git commit -m "Handle x in the parser"`); deny || said != "" {
		t.Errorf("a short subject: denied %v, said %q", deny, said)
	}
}

// A repository without commit rules answers as before, and a command that is not a
// commit never loads the contribution rules.
func TestAgentHookWithoutCommitRulesLetsCommitsRun(t *testing.T) {
	dir := commitRepo(t, "# Rules\n\n- Use `pnpm`, not npm or yarn.\n")
	if deny, said := claudeBash(t, dir, `git commit -m "fix x."`); deny || said != "" {
		t.Errorf("denied %v, said %q", deny, said)
	}
	if deny, _ := claudeBash(t, dir, `npm install left-pad`); !deny {
		t.Errorf("the process rule no longer denies npm")
	}
}

// Every agent's shell hook judges the message, through its own deny path.
func TestEveryAgentHookJudgesTheCommitMessage(t *testing.T) {
	dir := commitRepo(t, conventionalRules)
	esc, _ := json.Marshal(dir)
	for _, c := range []struct{ agent, file string }{
		{"claude", "claude-pre-bash"}, {"codex", "codex-pre-bash"}, {"gemini", "gemini-before-shell"},
		{"cursor", "cursor-before-shell"}, {"copilot", "copilot-pre-tool"},
	} {
		tmpl, err := os.ReadFile(filepath.Join("..", "enforce", "testdata", "hooks", c.file+".json"))
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			command string
			deny    bool
		}{{`git commit -m 'fix x.'`, true}, {`git commit -m 'fix(parser): handle x'`, false}} {
			payload := strings.NewReplacer("$CWD", string(esc[1:len(esc)-1]), "$COMMAND", tc.command, "$TRANSCRIPT", filepath.Join(dir, ".t.jsonl")).Replace(string(tmpl))
			var out, errb bytes.Buffer
			app := &App{Stdin: strings.NewReader(payload), Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }}
			root := app.newRoot()
			root.SetArgs([]string{"hook", c.agent})
			root.SetOut(&out)
			root.SetErr(&errb)
			code := app.exitCode(root.Execute())
			deny, reason := hookDenial(t, c.agent, code, out.String(), errb.String())
			if deny != tc.deny || deny && !strings.Contains(reason, "Conventional Commits") {
				t.Errorf("%s %s: exit %d, denied %v, want %v\nstdout %q\nstderr %q", c.agent, tc.command, code, deny, tc.deny, out.String(), errb.String())
			}
		}
	}
}

// A policy heed cannot read denies a commit with the reason, as the commit-msg hook does.
func TestAgentHookFailsClosedOnABrokenPolicy(t *testing.T) {
	dir := commitRepo(t, conventionalRules)
	os.MkdirAll(filepath.Join(dir, ".heed"), 0o755)
	os.WriteFile(filepath.Join(dir, ".heed", "policy.json"), []byte(`{"broken`), 0o644)
	deny, said := claudeBash(t, dir, `git commit -m "fix(parser): handle x"`)
	if !deny || !strings.Contains(said, "[heed] BLOCKED: heed could not check") || !strings.Contains(said, "policy.json") {
		t.Errorf("denied %v:\n%s", deny, said)
	}
}
