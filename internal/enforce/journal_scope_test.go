package enforce

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// The journal is one file for every agent session in a repository. An edit an
// earlier session made, since committed, must not hold a later session's commit to
// "run the formatter after changing Python files"; the session that made the edit
// is still held to it. Each agent's session id is read from its own payload shape
// (testdata/hooks: Claude Code, Codex and Gemini CLI's session_id, Cursor's
// conversation_id, Copilot CLI's sessionId).

const formatRule = "- Run `ruff format .` before committing."

// commitGit commits the working tree outside any hook (a person, or the earlier
// session's own commit): the tree is clean again.
func commitGit(t *testing.T, root string) {
	t.Helper()
	for _, args := range [][]string{{"add", "-A"}, {"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "work"}} {
		if out, err := exec.Command("git", append([]string{"-C", root}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
}

// editIn records, through Claude Code's PostToolUse payload, that session wrote
// src/new.py.
func editIn(t *testing.T, h *Hooks, root, session string) {
	t.Helper()
	edits++
	write(t, root, "src/new.py", fmt.Sprintf("x = %d\n", edits))
	data := payload(t, "claude-post-write.json", map[string]string{"CWD": root})
	data = []byte(strings.Replace(string(data), `"session_id":"abc123"`, `"session_id":"`+jsonEscape(session)+`"`, 1))
	ev, err := ParseHook(AgentClaude, data)
	if err != nil {
		t.Fatal(err)
	}
	h.Handle(ev)
}

var edits int

func TestAnEarlierSessionsEditDoesNotHoldALaterCommit(t *testing.T) {
	for _, c := range []struct{ agent, file, session string }{
		{AgentClaude, "claude-pre-bash.json", "abc123"},
		{AgentCodex, "codex-pre-bash.json", "01a2400f-4f3a-70c2-a9b1-ce7c6d359d8e"},
		{AgentGemini, "gemini-before-shell.json", "g-1"},
		{AgentCursor, "cursor-before-shell.json", "c-1"},
		{AgentCopilot, "copilot-pre-tool.json", "9c1f6f2e-3d4b-4e0a-8f5b-2a7c1d9e4b60"},
	} {
		t.Run(c.agent, func(t *testing.T) {
			root := newRepo(t, formatRule)
			h := &Hooks{Enforcer: newEnforcer()}
			commit := func() bool {
				data := payload(t, c.file, map[string]string{"CWD": root, "COMMAND": "git commit -m x"})
				ev, err := ParseHook(c.agent, data)
				if err != nil {
					t.Fatal(err)
				}
				if ev.Session != c.session {
					t.Fatalf("the payload's session is %q, want %q", ev.Session, c.session)
				}
				return denied(t, c.agent, Respond(c.agent, ev, h.Handle(ev)))
			}
			editIn(t, h, root, "an-earlier-session")
			commitGit(t, root)
			if commit() {
				t.Fatal("an earlier session's edit, committed since, must not deny this session's commit")
			}
			editIn(t, h, root, c.session)
			if !commit() {
				t.Fatal("this session's own edit must be formatted before it commits")
			}
		})
	}
}

// A command of no known session (a PATH shim, heed exec) reads the entries of the
// last hours only: an edit recorded nine hours ago, since committed, no longer holds
// a commit; one recorded an hour ago still does.
func TestACommandOfNoSessionReadsTheRecentJournalOnly(t *testing.T) {
	root := newRepo(t, formatRule)
	now := time.Date(2026, 12, 5, 9, 0, 0, 0, time.UTC)
	e := newEnforcer()
	e.Now = func() time.Time { return now }
	h := &Hooks{Enforcer: e}
	editIn(t, h, root, "abc123")
	commitGit(t, root)
	commit := Request{Root: root, Argv: []string{"git", "commit", "-m", "x"}, Source: "shim"}
	now = now.Add(time.Hour)
	if d := e.Check(commit); !d.Blocked {
		t.Fatal("an edit an hour old is still the history of a command of no known session")
	}
	now = now.Add(8 * time.Hour)
	if d := e.Check(commit); d.Blocked {
		t.Fatalf("an edit nine hours old must not hold a commit:\n%s", d.Message)
	}
	// a session's own history reaches a day back
	editIn(t, h, root, "abc123")
	commitGit(t, root)
	now = now.Add(20 * time.Hour)
	data := payload(t, "claude-pre-bash.json", map[string]string{"CWD": root, "COMMAND": "git commit -m x"})
	ev, err := ParseHook(AgentClaude, data)
	if err != nil {
		t.Fatal(err)
	}
	if !denied(t, AgentClaude, Respond(AgentClaude, ev, h.Handle(ev))) {
		t.Fatal("a session's own edit of 20 hours ago still holds its commit")
	}
	now = now.Add(5 * time.Hour)
	if denied(t, AgentClaude, Respond(AgentClaude, ev, h.Handle(ev))) {
		t.Fatal("a session's edit of more than a day ago no longer holds its commit")
	}
}
