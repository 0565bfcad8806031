package agentlive

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/heed-dev/heed/internal/enforce"
)

// copilotEnv is the environment of Copilot CLI in a scripted session: offline, with
// the scripted model as its own provider (BYOK, OpenAI Chat Completions), no GitHub
// sign-in, no update.
func (s *oaSession) copilotEnv(url, model string) []string {
	return s.env("COPILOT_HOME="+filepath.Join(s.Home, ".copilot"), "XDG_CONFIG_HOME="+filepath.Join(s.Home, ".config"),
		"XDG_STATE_HOME="+filepath.Join(s.Home, ".state"), "XDG_CACHE_HOME="+filepath.Join(s.Home, ".cache"),
		"COPILOT_OFFLINE=true", "COPILOT_PROVIDER_BASE_URL="+url, "COPILOT_MODEL="+model, "COPILOT_AUTO_UPDATE=false")
}

// copilotReply words a step as a tool call of Copilot CLI 1.0: bash for a command,
// the freeform apply_patch (GPT models) for a patch, create and edit (Claude models)
// for a file.
func copilotReply(repo string) func(oaStep) OpenAIReply {
	return func(s oaStep) OpenAIReply {
		var args any
		switch {
		case s.Patch != "":
			return OpenAIReply{Tool: "apply_patch", Args: s.Patch, Custom: true}
		case s.Command != "":
			args = map[string]string{"command": s.Command, "description": s.Name}
		case s.Old != "":
			return copilotCall("edit", map[string]string{"path": filepath.Join(repo, s.Path), "old_str": s.Old, "new_str": s.New})
		default:
			return copilotCall("create", map[string]string{"path": filepath.Join(repo, s.Path), "file_text": s.Text})
		}
		return copilotCall("bash", args)
	}
}

func copilotCall(tool string, args any) OpenAIReply {
	b, _ := json.Marshal(args)
	return OpenAIReply{Tool: tool, Args: string(b)}
}

// copilotRun runs a prompt-mode session in the repository: tools allowed, and the
// folder trusted for this session only (--trust-folder), without which Copilot CLI
// skips the repository's hooks.
func copilotRun(t *testing.T, bin string, env []string, s *oaSession) string {
	t.Helper()
	cmd := exec.Command(bin, "-p", "Do the scripted task.", "--allow-all-tools", "--trust-folder", "--no-auto-update",
		"--disable-client-telemetry", "--log-dir", filepath.Join(s.Home, "logs"))
	cmd.Dir = s.Repo
	cmd.Env = env
	cmd.Stdin = strings.NewReader("")
	cmd.WaitDelay = 10 * time.Second
	done := make(chan struct{})
	var out []byte
	var err error
	go func() { out, err = cmd.CombinedOutput(); close(done) }()
	select {
	case <-done:
	case <-time.After(3 * time.Minute):
		cmd.Process.Kill()
		<-done
		t.Fatalf("copilot did not end in 3 minutes:\n%s", out)
	}
	if err != nil {
		t.Fatalf("copilot: %v\n%s", err, out)
	}
	return string(out)
}

// copilotEvents are the events heed installs (camelCase) and their PascalCase
// names, which send the other payload shape.
var copilotEvents = []string{"preToolUse", "postToolUse", "postToolUseFailure", "PreToolUse", "PostToolUse", "PostToolUseFailure"}

// The payloads Copilot CLI sends heed's hooks, recorded from the real CLI in two
// sessions: a GPT model (bash and apply_patch) and a Claude model (bash, create and
// edit), each with the camelCase events heed installs and the PascalCase ones. heed
// reads every payload, with the exit status of each command, and their shape
// matches the record.
func TestCopilotLiveCapture(t *testing.T) {
	bin := oaCLI(t, "copilot")
	var all []oaCaptured
	for _, sess := range []struct {
		model string
		steps []oaStep
	}{
		{"gpt-5.5", oaSteps},
		{"claude-sonnet-4.5", oaEditSession()},
	} {
		t.Run(sess.model, func(t *testing.T) {
			s := oaNewSession(t)
			srv, err := StartOpenAI(oaScript(sess.steps, copilotReply(s.Repo)))
			if err != nil {
				t.Fatal(err)
			}
			defer srv.Close()
			env := s.copilotEnv(srv.URL, sess.model)
			version := oaVersion(t, env, bin)
			hook := s.captureHook(t)
			hooks := map[string]any{}
			for _, ev := range copilotEvents {
				hooks[ev] = []any{map[string]any{"type": "command", "bash": hook + " " + ev, "cwd": ".", "timeoutSec": 30}}
			}
			b, _ := json.MarshalIndent(map[string]any{"version": 1, "hooks": hooks}, "", "  ")
			oaWrite(t, filepath.Join(s.Repo, ".github", "hooks", "capture.json"), string(b))
			out := copilotRun(t, bin, env, s)
			if !strings.Contains(out, oaFinal) {
				t.Fatalf("the session did not end with the scripted answer:\n%s", out)
			}
			cs := s.captures(t)
			for i := range cs {
				cs[i].Agent, cs[i].Version, cs[i].Session = "copilot", version, sess.model
			}
			oaLabel(cs, sess.steps)
			got := map[string]bool{}
			for _, c := range cs {
				got[c.Step+" "+c.Event] = true
			}
			for _, st := range sess.steps {
				for _, ev := range []string{"preToolUse", "PreToolUse"} {
					if !got[st.Name+" "+ev] {
						t.Errorf("no %s payload for step %s", ev, st.Name)
					}
				}
			}
			evs := oaParseAll(t, enforce.AgentCopilot, cs)
			for _, st := range sess.steps {
				for _, ev := range []string{"preToolUse", "PreToolUse"} {
					pre := evs[sess.model+" "+st.Name+" "+ev]
					switch {
					case pre == nil:
					case pre.Phase != enforce.PhasePre || pre.Session == "":
						t.Errorf("%s %s: phase %q, session %q", st.Name, ev, pre.Phase, pre.Session)
					case st.Command != "" && pre.Line != st.Command:
						t.Errorf("%s %s: heed read %q, want %q", st.Name, ev, pre.Line, st.Command)
					case st.Patch != "" && pre.Patch != st.Patch:
						t.Errorf("%s %s: heed read the patch %q", st.Name, ev, pre.Patch)
					case st.Path != "" && (len(pre.Writes) != 1 || pre.Writes[0].Path != filepath.Join(s.Repo, st.Path)):
						t.Errorf("%s %s: heed read the writes %+v", st.Name, ev, pre.Writes)
					}
				}
			}
			// a tool that fails (a patch or an edit that does not apply) sends
			// postToolUseFailure; a command that fails, postToolUse
			fails := "patch-fails"
			if oaIndexIn(sess.steps, "edit-fails") >= 0 {
				fails = "edit-fails"
			}
			for _, ev := range []string{"postToolUseFailure", "PostToolUseFailure"} {
				if e := evs[sess.model+" "+fails+" "+ev]; e == nil || e.Phase != enforce.PhasePost || e.Exit == nil || *e.Exit != 1 {
					t.Errorf("%s %s: %+v, want a failure heed reads", fails, ev, e)
				}
			}
			for name, want := range map[string]string{"lint-fails": "2", "lint-passes": "0", "npm-install": "0", "commit-early": "0"} {
				for _, ev := range []string{"postToolUse", "PostToolUse"} {
					got := "none"
					if e := evs[sess.model+" "+name+" "+ev]; e != nil && e.Exit != nil {
						got = fmt.Sprint(*e.Exit)
					}
					if got != want {
						t.Errorf("%s %s: heed read exit %s, want %s", name, ev, got, want)
					}
				}
			}
			for i := range cs {
				cs[i].Payload = oaNormalize(cs[i].Payload, s.Repo, "$CWD", s.Home, "$HOME")
			}
			all = append(all, cs...)
		})
	}
	if !t.Failed() {
		oaCompareRecorded(t, "copilot/payloads.jsonl", all)
	}
}

// heed's own hooks in the real Copilot CLI: installed with `heed hook install
// copilot` and run in a folder trusted as its note says, they stop `npm install`
// before it runs with heed's reason for the model, let allowed commands and patches
// run, and journal how each command ended (Copilot names no tool call: heed pairs
// them by session, directory and command), so "run `make lint` before `git commit`"
// blocks the commit after a failed lint and lets it run after one that passed.
func TestCopilotLiveHeedHooks(t *testing.T) {
	bin := oaCLI(t, "copilot")
	heedDir := oaBuildHeed(t)
	s := oaNewSession(t)
	s.addBin(t, heedDir)
	srv, err := StartOpenAI(oaScript(oaSteps, copilotReply(s.Repo)))
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	env := s.copilotEnv(srv.URL, "gpt-5.5")
	s.run(t, env, "heed", "compile")
	note := s.run(t, env, "heed", "hook", "install", "copilot")
	for _, want := range []string{".github/hooks/heed.json", "--trust-folder", "trust"} {
		if !strings.Contains(note, want) {
			t.Errorf("the install note does not say %q:\n%s", want, note)
		}
	}
	out := copilotRun(t, bin, env, s)
	reqs := srv.Requests()
	if _, err := os.Stat(filepath.Join(s.Repo, "npm.ran")); err == nil {
		t.Errorf("npm install ran through heed's hook:\n%s", out)
	}
	for n, want := range map[int][]string{oaIndex("npm-install"): {"[heed] BLOCKED", "npm install left-pad", "pnpm install"}, oaIndex("commit-early"): {"[heed] BLOCKED", "make lint"}} {
		got := oaOutputOf(t, reqs, n)
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("step %s: the model received %q, without %q", oaSteps[n].Name, got, w)
			}
		}
	}
	if got := oaOutputOf(t, reqs, oaIndex("lint-fails")); !strings.Contains(got, "exit code 2") {
		t.Errorf("the failing lint: the model received %q", got)
	}
	if got := oaOutputOf(t, reqs, oaIndex("commit")); strings.Contains(got, "BLOCKED") {
		t.Errorf("the commit after a passing lint was blocked: %q", got)
	}
	log := s.run(t, env, "git", "log", "--format=%s")
	if !strings.Contains(log, "done") || strings.Contains(log, "early") {
		t.Errorf("git log:\n%s\nwant the commit after the passing lint only", log)
	}
	if data, err := os.ReadFile(filepath.Join(s.Repo, "src", "a.py")); err != nil || string(data) != "x = 2\n" {
		t.Errorf("the patches did not apply: %q %v", data, err)
	}
	oaCheckJournal(t, s.Repo, "hook:copilot")
}
