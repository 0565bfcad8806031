package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// claudeSession feeds Claude Code's hook payloads to heed hook claude, one
// process-like App per call, as the agent does.
type claudeSession struct {
	t   *testing.T
	dir string
	n   int
}

// pre asks heed about a command: whether it is denied, and what heed said.
func (s *claudeSession) pre(line string) (denied bool, said string) {
	s.t.Helper()
	s.n++
	code, out, errOut := s.call("PreToolUse", line, nil)
	deny, reason := hookDenial(s.t, "claude", code, out, errOut)
	if deny {
		return true, reason
	}
	return false, out + errOut
}

// ran reports the command's outcome, as the PostToolUse hook does.
func (s *claudeSession) ran(line string, exit int) {
	s.t.Helper()
	s.call("PostToolUse", line, map[string]any{"stdout": "", "stderr": "", "interrupted": false, "exit_code": exit})
}

func (s *claudeSession) call(event, line string, resp map[string]any) (int, string, string) {
	p := map[string]any{"session_id": "s1", "cwd": s.dir, "hook_event_name": event, "tool_name": "Bash",
		"tool_input": map[string]string{"command": line}, "tool_use_id": fmt.Sprintf("t%d", s.n)}
	if resp != nil {
		p["tool_response"] = resp
	}
	payload, _ := json.Marshal(p)
	var out, errb bytes.Buffer
	app := &App{Stdin: bytes.NewReader(payload), Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }}
	root := app.newRoot()
	root.SetArgs([]string{"hook", "claude"})
	root.SetOut(&out)
	root.SetErr(&errb)
	return app.exitCode(root.Execute()), out.String(), errb.String()
}

// taskRunnerRepo is a Python project whose AGENTS.md asks for ruff and pytest before
// a commit and bans terraform apply, and whose Makefile runs them.
func taskRunnerRepo(t *testing.T) string {
	return gitRepo(t, map[string]string{
		"AGENTS.md": "# Rules\n\n- Run `ruff check` and `pytest` before committing.\n- Never run `terraform apply`.\n",
		"Makefile": `PY ?= uv run
.PHONY: fix lint format test docs deploy check

fix: format lint

format:
	$(PY) ruff format .

lint:
	$(PY) ruff check --fix .

test:
	$(PY) pytest -q

check: fix test

docs:
	mkdocs build

deploy:
	cd infra && terraform apply -auto-approve
`,
		"app.py": "print('hi')\n",
	})
}

// A project's `make check` runs the linter and the tests its AGENTS.md requires
// before a commit: the commit after it is allowed. A target that runs neither does
// not count, and a failed `make check` does not either.
func TestHookCountsTaskRunnerTargets(t *testing.T) {
	t.Run("make check runs ruff check and pytest", func(t *testing.T) {
		s := &claudeSession{t: t, dir: taskRunnerRepo(t)}
		if denied, why := s.pre("make check"); denied {
			t.Fatalf("make check denied: %s", why)
		}
		s.ran("make check", 0)
		if denied, why := s.pre("git commit -am 'Add app'"); denied {
			t.Errorf("the commit after a passing `make check` (which runs ruff check and pytest) was denied:\n%s", why)
		}
	})
	t.Run("make fix runs ruff but not pytest", func(t *testing.T) {
		s := &claudeSession{t: t, dir: taskRunnerRepo(t)}
		s.pre("make fix")
		s.ran("make fix", 0)
		denied, why := s.pre("git commit -am 'Add app'")
		if !denied || !strings.Contains(why, "pytest") || strings.Contains(why, "`ruff check` has not run") {
			t.Errorf("after `make fix` (ruff, no tests) the commit must be denied for pytest alone:\n%s", why)
		}
	})
	t.Run("a target that runs neither", func(t *testing.T) {
		s := &claudeSession{t: t, dir: taskRunnerRepo(t)}
		s.pre("make docs")
		s.ran("make docs", 0)
		denied, why := s.pre("git commit -am 'Add app'")
		if !denied || !strings.Contains(why, "ruff check") {
			t.Errorf("after `make docs` the commit must be denied:\n%s", why)
		}
	})
	t.Run("a failed make check", func(t *testing.T) {
		s := &claudeSession{t: t, dir: taskRunnerRepo(t)}
		s.pre("make check")
		s.ran("make check", 2)
		denied, why := s.pre("git commit -am 'Add app'")
		if !denied || !strings.Contains(why, "failed") || !strings.Contains(why, "make check") {
			t.Errorf("after a failed `make check` the commit must be denied, naming it:\n%s", why)
		}
	})
	t.Run("in the same command line", func(t *testing.T) {
		s := &claudeSession{t: t, dir: taskRunnerRepo(t)}
		if denied, why := s.pre("make check && git commit -am 'Add app'"); denied {
			t.Errorf("`make check && git commit` denied:\n%s", why)
		}
		if denied, _ := s.pre("make check; git commit -am 'Add app'"); !denied {
			t.Errorf("`make check; git commit` commits even when the checks fail: want a denial")
		}
	})
}

// A ban of `terraform apply`: `make deploy` runs it. heed says so, naming the target
// and the line, but lets the command run: the agent ran the project's own target and
// the sentence bans the command, not every way of reaching it.
func TestHookWarnsAboutATargetThatRunsABannedCommand(t *testing.T) {
	s := &claudeSession{t: t, dir: taskRunnerRepo(t)}
	denied, said := s.pre("make deploy")
	if denied {
		t.Fatalf("make deploy denied (a warning was wanted):\n%s", said)
	}
	for _, want := range []string{"make deploy", "terraform apply", "Makefile:21"} {
		if !strings.Contains(said, want) {
			t.Errorf("the warning does not name %q:\n%s", want, said)
		}
	}
	if denied, _ := s.pre("terraform apply"); !denied {
		t.Errorf("terraform apply itself must still be denied")
	}
	if _, said := s.pre("make docs"); strings.Contains(said, "terraform") {
		t.Errorf("make docs warned about terraform:\n%s", said)
	}
}

// "Run `make format` before committing": `make check`, whose prerequisites include
// format, runs it on the way.
func TestHookCountsAPrerequisiteTarget(t *testing.T) {
	dir := gitRepo(t, map[string]string{
		"AGENTS.md": "# Rules\n\n- Run `make format` before committing.\n",
		"Makefile":  ".PHONY: format lint check\nformat:\n\truff format .\nlint:\n\truff check .\ncheck: format lint\n",
		"app.py":    "print('hi')\n",
	})
	s := &claudeSession{t: t, dir: dir}
	s.pre("make lint")
	s.ran("make lint", 0)
	if denied, _ := s.pre("git commit -am x"); !denied {
		t.Errorf("after `make lint` alone the commit must be denied")
	}
	s.pre("make check")
	s.ran("make check", 0)
	if denied, why := s.pre("git commit -am x"); denied {
		t.Errorf("after `make check` (check: format lint) the commit was denied:\n%s", why)
	}
}
