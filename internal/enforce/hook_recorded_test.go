package enforce

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// recorded is a hook payload recorded from a real agent CLI: testdata/hooks/live/AGENT,
// which the live tests of internal/enforce/agentlive write (the README.md there says
// how, and from which version).
type recorded struct {
	Agent, Version, Session, Step, Event string
	Payload                              json.RawMessage
}

func recordedPayloads(t *testing.T, file string) []recorded {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "hooks", "live", file))
	if err != nil {
		t.Fatal(err)
	}
	var out []recorded
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var r recorded
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		out = append(out, r)
	}
	return out
}

// recordedRules are the rules of the recorded sessions' repository.
const recordedRules = "- Never run `npm install`; use `pnpm install`.\n- Run `make lint` before `git commit`."

// wantDenied says which steps of the recorded sessions heed denies: npm install,
// and the commit before lint has passed; the commit after it runs.
var wantDenied = map[string]bool{"npm-install": true, "commit-early": true}

// fill puts a replay's paths into a recorded payload.
func fill(p json.RawMessage, vars ...string) []byte {
	s := string(p)
	for i := 0; i+1 < len(vars); i += 2 {
		s = strings.ReplaceAll(s, vars[i], jsonEscape(vars[i+1]))
	}
	return []byte(s)
}

// codexSchema compiles a schema of the Codex CLI kept in testdata/hooks/live/codex/schema.
func codexSchema(t *testing.T, title string) *jsonschema.Schema {
	t.Helper()
	path := filepath.Join("testdata", "hooks", "live", "codex", "schema", title+".schema.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(path, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(path)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// exitText words an exit status heed read.
func exitText(n *int) string {
	if n == nil {
		return "none"
	}
	return strconv.Itoa(*n)
}

func validJSON(t *testing.T, s *jsonschema.Schema, data []byte) error {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return err
	}
	return s.Validate(v)
}

// The Codex session recorded from Codex CLI, replayed through `heed hook codex` in the
// order Codex sent it: heed denies `npm install` and the commit before lint passed
// (exit status 2, the reason on standard error, nothing on standard output), lets
// everything else run, reads each command's exit status from the transcript Codex
// names (its PostToolUse carries the output only), and so lets the commit run after
// the lint that passed. The payloads match the schemas Codex ships.
func TestRecordedCodexSession(t *testing.T) {
	root := newRepo(t, recordedRules)
	data, err := os.ReadFile(filepath.Join("testdata", "hooks", "live", "codex", "transcript.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	transcript := filepath.Join(t.TempDir(), "rollout.jsonl")
	os.WriteFile(transcript, []byte(strings.ReplaceAll(string(data), "$CWD", jsonEscape(root))), 0o644)
	schemas := map[string]*jsonschema.Schema{"PreToolUse": codexSchema(t, "pre-tool-use.command.input"), "PostToolUse": codexSchema(t, "post-tool-use.command.input")}
	out := codexSchema(t, "pre-tool-use.command.output")
	steps := map[string]bool{}
	for _, r := range recordedPayloads(t, "codex/payloads.jsonl") {
		steps[r.Step] = true
		payload := fill(r.Payload, "$TRANSCRIPT", transcript, "$CWD", root, "$HOME", t.TempDir())
		if err := validJSON(t, schemas[r.Event], payload); err != nil {
			t.Errorf("%s %s: the recorded payload does not match Codex's schema: %v", r.Step, r.Event, err)
		}
		ev, err := ParseHook(AgentCodex, payload)
		if err != nil {
			t.Fatalf("%s %s: %v", r.Step, r.Event, err)
		}
		resp := runHook(t, AgentCodex, payload, nil)
		if resp.Stdout != "" {
			if err := validJSON(t, out, []byte(resp.Stdout)); err != nil {
				t.Errorf("%s: heed's answer on standard output does not match Codex's schema: %v", r.Step, err)
			}
		}
		if r.Event == "PostToolUse" {
			if resp.Code != 0 || resp.Stdout+resp.Stderr != "" {
				t.Errorf("%s: a PostToolUse is answered with nothing, got %+v", r.Step, resp)
			}
			want := map[string]int{"lint-fails": 2, "lint-passes": 0, "npm-install": 0}
			if n, ok := want[r.Step]; ok && (ev.Exit == nil || *ev.Exit != n) {
				t.Errorf("%s: exit %s, want %d (from the transcript)", r.Step, exitText(ev.Exit), n)
			}
			continue
		}
		if got := denied(t, AgentCodex, resp); got != wantDenied[r.Step] {
			t.Errorf("%s: denied=%v, want %v (%+v)", r.Step, got, wantDenied[r.Step], resp)
		}
		if got := resp.Stderr; wantDenied[r.Step] && !strings.Contains(got, "[heed] BLOCKED") {
			t.Errorf("%s: the reason %q", r.Step, got)
		}
	}
	if len(steps) < 9 {
		t.Errorf("the record has %d steps, want 9", len(steps))
	}
	// without the transcript, a command's outcome is unknown: none is journalled
	for _, r := range recordedPayloads(t, "codex/payloads.jsonl") {
		if r.Step == "lint-passes" && r.Event == "PostToolUse" {
			ev, err := ParseHook(AgentCodex, fill(r.Payload, "$TRANSCRIPT", filepath.Join(t.TempDir(), "gone.jsonl"), "$CWD", root))
			if err != nil || ev.Exit != nil {
				t.Errorf("without the transcript: exit %s, %v; want none", exitText(ev.Exit), err)
			}
		}
	}
}

// The Copilot CLI sessions recorded from Copilot CLI (a GPT model with bash and
// apply_patch, a Claude model with bash, create and edit), each replayed through `heed
// hook copilot` in its two payload shapes: the camelCase events heed installs, and
// the PascalCase ones. heed denies `npm install` and the early commit with its JSON
// decision (exit status 0), reads the writes, and reads each command's exit status
// from "<shellId: N completed with exit code M>", so the commit runs after the lint
// that passed; a tool that failed (postToolUseFailure) counts as failed.
func TestRecordedCopilotSessions(t *testing.T) {
	all := recordedPayloads(t, "copilot/payloads.jsonl")
	groups := map[string][]recorded{}
	var names []string
	for _, r := range all {
		shape := "camelCase"
		if r.Event[0] >= 'A' && r.Event[0] <= 'Z' {
			shape = "PascalCase"
		}
		k := r.Session + " " + shape
		if groups[k] == nil {
			names = append(names, k)
		}
		groups[k] = append(groups[k], r)
	}
	sort.Strings(names)
	if len(names) != 4 {
		t.Fatalf("the record has %v, want two sessions in two shapes", names)
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			root := newRepo(t, recordedRules)
			for _, r := range groups[name] {
				payload := fill(r.Payload, "$CWD", root, "$HOME", t.TempDir())
				ev, err := ParseHook(AgentCopilot, payload)
				if err != nil {
					t.Fatalf("%s %s: %v", r.Step, r.Event, err)
				}
				if ev.Session == "" {
					t.Errorf("%s %s: no session read", r.Step, r.Event)
				}
				switch r.Step {
				case "patch-add", "patch-update", "patch-fails":
					if !strings.HasPrefix(ev.Patch, "*** Begin Patch") {
						t.Errorf("%s %s: the patch is not read: %+v", r.Step, r.Event, ev)
					}
				case "create":
					if len(ev.Writes) != 1 || ev.Writes[0].Content == nil || *ev.Writes[0].Content != "y = 1\n" {
						t.Errorf("%s %s: writes %+v", r.Step, r.Event, ev.Writes)
					}
				case "edit", "edit-fails":
					if len(ev.Writes) != 1 || len(ev.Writes[0].Edits) != 1 || ev.Writes[0].Edits[0].New == "" {
						t.Errorf("%s %s: writes %+v", r.Step, r.Event, ev.Writes)
					}
				}
				resp := runHook(t, AgentCopilot, payload, nil)
				if ev.Phase == PhasePost {
					if resp.Code != 0 || resp.Stdout+resp.Stderr != "" {
						t.Errorf("%s: a post-tool event is answered with nothing, got %+v", r.Step, resp)
					}
					want := map[string]int{"lint-fails": 2, "lint-passes": 0, "npm-install": 0, "patch-fails": 1, "edit-fails": 1}
					if n, ok := want[r.Step]; ok && (ev.Exit == nil || *ev.Exit != n) {
						t.Errorf("%s %s: exit %s, want %d", r.Step, r.Event, exitText(ev.Exit), n)
					}
					continue
				}
				if got := denied(t, AgentCopilot, resp); got != wantDenied[r.Step] {
					t.Errorf("%s: denied=%v, want %v (%+v)", r.Step, got, wantDenied[r.Step], resp)
				}
			}
		})
	}
}

// The hand-written payloads of testdata/hooks for Codex and Copilot CLI have the
// keys of the recorded ones, so the tests that use them speak the real protocol.
func TestHookFixturesMatchRecorded(t *testing.T) {
	keys := func(data []byte) string {
		var m map[string]json.RawMessage
		_ = json.Unmarshal(data, &m)
		var ks []string
		for k := range m {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		return strings.Join(ks, ",")
	}
	find := func(file, step, event string) []byte {
		for _, r := range recordedPayloads(t, file) {
			if r.Step == step && r.Event == event {
				return r.Payload
			}
		}
		t.Fatalf("%s has no %s %s", file, step, event)
		return nil
	}
	for _, c := range []struct{ fixture, file, step, event string }{
		{"codex-pre-bash.json", "codex/payloads.jsonl", "npm-install", "PreToolUse"},
		{"codex-post-bash.json", "codex/payloads.jsonl", "npm-install", "PostToolUse"},
		{"codex-pre-apply-patch.json", "codex/payloads.jsonl", "patch-add", "PreToolUse"},
		{"copilot-pre-tool.json", "copilot/payloads.jsonl", "npm-install", "preToolUse"},
		{"copilot-post-tool.json", "copilot/payloads.jsonl", "npm-install", "postToolUse"},
		{"copilot-post-tool-failure.json", "copilot/payloads.jsonl", "patch-fails", "postToolUseFailure"},
		{"copilot-pre-create.json", "copilot/payloads.jsonl", "create", "preToolUse"},
		{"copilot-pre-apply-patch.json", "copilot/payloads.jsonl", "patch-add", "preToolUse"},
	} {
		data, err := os.ReadFile(filepath.Join("testdata", "hooks", c.fixture))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := keys(data), keys(find(c.file, c.step, c.event)); got != want {
			t.Errorf("%s has the keys %s; Copilot and Codex send %s", c.fixture, got, want)
		}
	}
	// the Codex fixtures match Codex's schemas too
	root := t.TempDir()
	for f, title := range map[string]string{"codex-pre-bash.json": "pre-tool-use.command.input", "codex-post-bash.json": "post-tool-use.command.input", "codex-pre-apply-patch.json": "pre-tool-use.command.input"} {
		data := payload(t, f, map[string]string{"CWD": root, "COMMAND": "ls", "OUTPUT": "", "PATCH": "*** Begin Patch\n*** End Patch\n", "TRANSCRIPT": "/t.jsonl"})
		if err := validJSON(t, codexSchema(t, title), data); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// codexExit: the transcript's item_completed of the call, or the exec_command_end of
// older transcripts; an exit status in the response itself; else none (not a success).
func TestCodexExit(t *testing.T) {
	dir := t.TempDir()
	tr := filepath.Join(dir, "rollout.jsonl")
	os.WriteFile(tr, []byte(`{"type":"event_msg","payload":{"type":"item_completed","item":{"type":"CommandExecution","id":"call_1","exit_code":1}}}
{"type":"response_item","payload":{"type":"function_call_output","call_id":"call_2","output":"exit_code 9"}}
{"type":"event_msg","payload":{"type":"exec_command_end","call_id":"call_2","exit_code":4}}
{"type":"event_msg","payload":{"type":"item_completed","item":{"type":"CommandExecution","id":"call_1","exit_code":3}}}
`), 0o644)
	for _, c := range []struct {
		resp, transcript, id, want string
	}{
		{`"out"`, tr, "call_1", "3"}, // the last record of the call
		{`"out"`, tr, "call_2", "4"},
		{`"out"`, tr, "call_3", "none"},
		{`"out"`, filepath.Join(dir, "gone.jsonl"), "call_1", "none"},
		{`"out"`, "", "call_1", "none"},
		{`"out"`, "rollout.jsonl", "call_1", "none"}, // not an absolute path
		{`{"exit_code": 5, "stdout": ""}`, "", "call_1", "5"},
		{`{"stdout": ""}`, tr, "call_1", "3"},
	} {
		if got := exitText(codexExit(json.RawMessage(c.resp), c.transcript, c.id)); got != c.want {
			t.Errorf("codexExit(%s, %s, %s) = %s, want %s", c.resp, c.transcript, c.id, got, c.want)
		}
	}
}
