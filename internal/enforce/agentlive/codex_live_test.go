package agentlive

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/heed-dev/heed/internal/enforce"
)

// codexConfig is Codex's config.toml for a scripted session: the scripted model as a
// custom provider, no approvals, no sandbox (the commands are the test's own), no
// login shell (its profile would put the real npm before the fake one), no update
// check and no analytics. The user's part of the file goes at %s, after the
// top-level keys and before the tables.
const codexConfig = `model = "gpt-5.5"
model_provider = "scripted"
approval_policy = "never"
sandbox_mode = "danger-full-access"
check_for_update_on_startup = false
allow_login_shell = false

%s[model_providers.scripted]
name = "scripted model"
base_url = %q
wire_api = "responses"
request_max_retries = 0
stream_max_retries = 0

[analytics]
enabled = false
`

// codexHome writes CODEX_HOME/config.toml with user's part and returns the
// environment Codex runs in.
func (s *oaSession) codexHome(t *testing.T, url, user string) []string {
	t.Helper()
	home := filepath.Join(s.Home, ".codex")
	oaWrite(t, filepath.Join(home, "config.toml"), fmt.Sprintf(codexConfig, user, url))
	return s.env("CODEX_HOME=" + home)
}

// codexReply words a step as a tool call of Codex 0.171 with gpt-5.5: exec_command
// for a command, the freeform apply_patch for a patch.
func codexReply(s oaStep) OpenAIReply {
	if s.Patch != "" {
		return OpenAIReply{Tool: "apply_patch", Args: s.Patch, Custom: true}
	}
	args, _ := json.Marshal(map[string]string{"cmd": s.Command})
	return OpenAIReply{Tool: "exec_command", Args: string(args)}
}

// codexExec runs a non-interactive session in the repository and returns its output.
// --trust saves the project's trust, without which Codex ignores the project's
// .codex/ (hooks included).
func codexExec(t *testing.T, bin string, env []string, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command(bin, append(append([]string{"exec", "--trust"}, args...), "Do the scripted task.")...)
	cmd.Dir = dir
	cmd.Env = env
	cmd.Stdin = strings.NewReader("")
	cmd.WaitDelay = 10 * time.Second
	done := make(chan struct{})
	var out []byte
	var err error
	go func() { out, err = cmd.CombinedOutput(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		cmd.Process.Kill()
		<-done
		t.Fatalf("codex exec did not end in 2 minutes:\n%s", out)
	}
	if err != nil {
		t.Fatalf("codex exec: %v\n%s", err, out)
	}
	return string(out)
}

// codexAppServer is a JSON-RPC client of `codex app-server` over standard input and output,
// the API Codex's own UIs use.
type codexAppServer struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
	id  int
}

func startCodexAppServer(t *testing.T, bin string, env []string, dir string) *codexAppServer {
	t.Helper()
	cmd := exec.Command(bin, "app-server")
	cmd.Dir = dir
	cmd.Env = env
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	a := &codexAppServer{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 1<<20)}
	t.Cleanup(a.close)
	a.call(t, "initialize", map[string]any{"clientInfo": map[string]any{"name": "heed-live-test", "title": "heed", "version": "0"}}, nil)
	b, _ := json.Marshal(map[string]any{"method": "initialized"})
	in.Write(append(b, '\n'))
	return a
}

// close stops the app server: while it runs, a session of the same CODEX_HOME waits.
func (a *codexAppServer) close() {
	a.in.Close()
	done := make(chan struct{})
	go func() { a.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		a.cmd.Process.Kill()
		<-done
	}
}

// call sends a request and decodes its result into res.
func (a *codexAppServer) call(t *testing.T, method string, params, res any) {
	t.Helper()
	a.id++
	b, _ := json.Marshal(map[string]any{"id": a.id, "method": method, "params": params})
	if _, err := a.in.Write(append(b, '\n')); err != nil {
		t.Fatal(err)
	}
	deadline := time.AfterFunc(time.Minute, func() { a.cmd.Process.Kill() })
	defer deadline.Stop()
	for {
		line, err := a.out.ReadBytes('\n')
		if err != nil {
			t.Fatalf("codex app-server, %s: %v", method, err)
		}
		var m struct {
			ID     *int            `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  json.RawMessage `json:"error"`
		}
		if json.Unmarshal(line, &m) != nil || m.ID == nil || *m.ID != a.id {
			continue // a notification
		}
		if m.Error != nil {
			t.Fatalf("codex app-server, %s: %s", method, m.Error)
		}
		if res != nil {
			if err := json.Unmarshal(m.Result, res); err != nil {
				t.Fatalf("codex app-server, %s: %v", method, err)
			}
		}
		return
	}
}

// codexHook is a hook as `hooks/list` reports it.
type codexHook struct {
	Key, EventName, Command, Matcher, CurrentHash, TrustStatus, SourcePath string
}

// hooks lists the hooks Codex loads for dir, failing on any warning or error it
// reports about the files.
func (a *codexAppServer) hooks(t *testing.T, dir string) []codexHook {
	t.Helper()
	var res struct {
		Data []struct {
			Hooks    []codexHook       `json:"hooks"`
			Warnings []json.RawMessage `json:"warnings"`
			Errors   []json.RawMessage `json:"errors"`
		} `json:"data"`
	}
	a.call(t, "hooks/list", map[string]any{"cwds": []string{dir}}, &res)
	var out []codexHook
	for _, d := range res.Data {
		if len(d.Warnings)+len(d.Errors) > 0 {
			t.Errorf("Codex reports on the hooks of %s: warnings %s, errors %s", dir, d.Warnings, d.Errors)
		}
		out = append(out, d.Hooks...)
	}
	return out
}

// trustHooks records the user's trust in each hook of dir as Codex's /hooks does:
// hooks.state."KEY".trusted_hash = the hook's current hash, in $CODEX_HOME/config.toml.
func (a *codexAppServer) trustHooks(t *testing.T, dir string) {
	t.Helper()
	state := map[string]any{}
	for _, h := range a.hooks(t, dir) {
		state[h.Key] = map[string]string{"trusted_hash": h.CurrentHash}
	}
	a.call(t, "config/value/write", map[string]any{"keyPath": "hooks.state", "value": state, "mergeStrategy": "upsert"}, nil)
	for _, h := range a.hooks(t, dir) {
		if h.TrustStatus != "trusted" {
			t.Fatalf("hook %s is %s after trusting it", h.Key, h.TrustStatus)
		}
	}
}

// codexSchemas are the JSON schemas of hook payloads that the Codex binary carries,
// by title ("pre-tool-use.command.input", ...).
func codexSchemas(t *testing.T, bin string) map[string][]byte {
	t.Helper()
	real, err := filepath.EvalSymlinks(bin)
	if err != nil {
		t.Fatal(err)
	}
	// the npm package's codex is a launcher script; the binary is in the platform
	// package beside it
	exe := real
	if data, err := os.ReadFile(real); err == nil && bytes.HasPrefix(data, []byte("#!")) {
		matches, _ := filepath.Glob(filepath.Join(filepath.Dir(real), "..", "..", "codex-*", "vendor", "*", "bin", "codex"))
		if len(matches) == 0 {
			matches, _ = filepath.Glob(filepath.Join(filepath.Dir(real), "..", "node_modules", "@openai", "codex-*", "vendor", "*", "bin", "codex"))
		}
		if len(matches) == 0 {
			t.Fatalf("cannot find the codex binary beside %s", real)
		}
		exe = matches[0]
	}
	data, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	marker := []byte(`"$schema": "http://json-schema.org/draft-07/schema#"`)
	for i := 0; ; {
		j := bytes.Index(data[i:], marker)
		if j < 0 {
			break
		}
		at := i + j
		i = at + len(marker)
		start := bytes.LastIndexByte(data[:at], '{')
		dec := json.NewDecoder(bytes.NewReader(data[start:]))
		var raw json.RawMessage
		if dec.Decode(&raw) != nil {
			continue
		}
		var s struct {
			Title string `json:"title"`
		}
		if json.Unmarshal(raw, &s) == nil && s.Title != "" {
			out[s.Title] = data[start : start+int(dec.InputOffset())]
		}
	}
	if len(out) == 0 {
		t.Fatalf("no hook schema in %s", exe)
	}
	return out
}

// oaSchema compiles one JSON schema.
func oaSchema(t *testing.T, name string, data []byte) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(name, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(name)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return s
}

// oaValidate checks a JSON document against a schema.
func oaValidate(s *jsonschema.Schema, data []byte) error {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return err
	}
	return s.Validate(v)
}

// codexHooksJSON is a .codex/hooks.json that runs command on heed's events with heed's
// matcher.
func codexHooksJSON(command string) string {
	h := func(ev string) string {
		return fmt.Sprintf(`[{"matcher": "Bash|apply_patch", "hooks": [{"type": "command", "command": %q, "timeout": 30}]}]`, command+" "+ev)
	}
	return `{"hooks": {"PreToolUse": ` + h("PreToolUse") + `, "PostToolUse": ` + h("PostToolUse") + "}}\n"
}

// The payloads Codex sends heed's hooks, recorded from the real CLI: each step of the
// scripted session reaches the hooks, heed reads each payload (a failed command's
// exit status from the transcript), the payloads match the schemas the binary
// carries and the copies in testdata, and their shape matches the record.
func TestCodexLiveCapture(t *testing.T) {
	bin := oaCLI(t, "codex")
	s := oaNewSession(t)
	srv, err := StartOpenAI(oaScript(oaSteps, codexReply))
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	env := s.codexHome(t, srv.URL, "")
	version := oaVersion(t, env, bin)
	oaWrite(t, filepath.Join(s.Repo, ".codex", "hooks.json"), codexHooksJSON(s.captureHook(t)))
	// trust the project (--trust) and the hooks (as /hooks records it)
	env = s.codexHome(t, srv.URL, fmt.Sprintf("[projects.%q]\ntrust_level = \"trusted\"\n\n", s.Repo))
	app := startCodexAppServer(t, bin, env, s.Repo)
	app.trustHooks(t, s.Repo)
	app.close()
	out := codexExec(t, bin, env, s.Repo)
	if !strings.Contains(out, oaFinal) {
		t.Fatalf("the session did not end with the scripted answer:\n%s", out)
	}

	cs := s.captures(t)
	var transcript string
	for i := range cs {
		var p struct {
			Transcript string `json:"transcript_path"`
		}
		json.Unmarshal(cs[i].Payload, &p)
		if p.Transcript != "" {
			transcript = p.Transcript
		}
		cs[i].Agent, cs[i].Version, cs[i].Session = "codex", version, "gpt-5.5"
	}
	oaLabel(cs, oaSteps)
	if transcript == "" {
		t.Fatal("no payload names the session's transcript")
	}
	got := map[string]bool{}
	for _, c := range cs {
		got[c.Step+" "+c.Event] = true
	}
	for _, st := range oaSteps {
		for _, ev := range []string{"PreToolUse", "PostToolUse"} {
			// a command that fails gets a PostToolUse, a patch that does not apply none
			if want := ev == "PreToolUse" || st.Name != "patch-fails"; got[st.Name+" "+ev] != want {
				t.Errorf("step %s: a %s payload: %v, want %v", st.Name, ev, got[st.Name+" "+ev], want)
			}
		}
	}

	// heed reads each payload as it comes, the transcript in place
	evs := oaParseAll(t, enforce.AgentCodex, cs)
	for _, st := range oaSteps {
		pre, post := evs["gpt-5.5 "+st.Name+" PreToolUse"], evs["gpt-5.5 "+st.Name+" PostToolUse"]
		if pre == nil || post == nil {
			continue
		}
		if st.Command != "" && (pre.Line != st.Command || post.Line != st.Command || pre.Tool != "Bash") {
			t.Errorf("%s: heed read %q (%s), want %q", st.Name, pre.Line, pre.Tool, st.Command)
		}
		if st.Patch != "" && (pre.Patch != st.Patch || pre.Tool != "apply_patch") {
			t.Errorf("%s: heed read the patch %q (%s)", st.Name, pre.Patch, pre.Tool)
		}
		if pre.ID == "" || pre.ID != post.ID || pre.Session == "" {
			t.Errorf("%s: tool_use_id %q/%q, session %q: heed cannot pair the outcome", st.Name, pre.ID, post.ID, pre.Session)
		}
	}
	exitOf := func(name string) string {
		if ev := evs["gpt-5.5 "+name+" PostToolUse"]; ev != nil && ev.Exit != nil {
			return fmt.Sprint(*ev.Exit)
		}
		return "none"
	}
	for name, want := range map[string]string{"lint-fails": "2", "lint-passes": "0", "commit-early": "0", "npm-install": "0"} {
		if got := exitOf(name); got != want {
			t.Errorf("%s: heed read exit %s from Codex's PostToolUse and transcript, want %s", name, got, want)
		}
	}

	// the schemas of the binary: the payloads match them, and testdata has copies
	schemas := codexSchemas(t, bin)
	for _, title := range []string{"pre-tool-use.command.input", "pre-tool-use.command.output", "post-tool-use.command.input", "post-tool-use.command.output"} {
		data, ok := schemas[title]
		if !ok {
			t.Errorf("the codex binary has no %s schema", title)
			continue
		}
		path := filepath.Join(oaLiveDir, "codex", "schema", title+".schema.json")
		if os.Getenv(oaUpdateEnv) != "" {
			os.WriteFile(path, append(bytes.TrimSpace(data), '\n'), 0o644)
		} else if vendored, err := os.ReadFile(path); err != nil || !bytes.Equal(bytes.TrimSpace(vendored), bytes.TrimSpace(data)) {
			t.Errorf("%s differs from the schema of codex %s (%v; %s=1 copies it)", path, version, err, oaUpdateEnv)
		}
	}
	pre := oaSchema(t, "pre.json", schemas["pre-tool-use.command.input"])
	post := oaSchema(t, "post.json", schemas["post-tool-use.command.input"])
	for _, c := range cs {
		sch := pre
		if c.Event == "PostToolUse" {
			sch = post
		}
		if err := oaValidate(sch, c.Payload); err != nil {
			t.Errorf("%s %s: the payload does not match Codex's own schema: %v", c.Step, c.Event, err)
		}
	}

	// record: temporary paths become placeholders; the transcript keeps the events
	// that say how each command ended
	repl := []string{transcript, "$TRANSCRIPT", s.Repo, "$CWD", s.Home, "$HOME"}
	for i := range cs {
		cs[i].Payload = oaNormalize(cs[i].Payload, repl...)
	}
	oaCompareRecorded(t, "codex/payloads.jsonl", cs)
	data, err := os.ReadFile(transcript)
	if err != nil {
		t.Fatal(err)
	}
	var ended []string
	for _, l := range strings.Split(string(data), "\n") {
		if strings.Contains(l, `"type":"item_completed"`) && strings.Contains(l, `"type":"CommandExecution"`) {
			ended = append(ended, string(oaNormalize([]byte(l), repl...)))
		}
	}
	if len(ended) != 6 {
		t.Errorf("the transcript records the end of %d commands, want 6", len(ended))
	}
	if os.Getenv(oaUpdateEnv) != "" {
		os.WriteFile(filepath.Join(oaLiveDir, "codex", "transcript.jsonl"), []byte(strings.Join(ended, "\n")+"\n"), 0o644)
	}
}

// heed's own hooks in the real Codex: installed with `heed hook install codex` and
// trusted the way its note says, they stop `npm install` before it runs and hand the
// model heed's reason, let allowed commands and patches run, and journal how each
// command ended, so that "run `make lint` before `git commit`" blocks the commit
// after a failed lint and lets it run after one that passed. Before the hooks are
// trusted, `codex exec` skips them without a word.
func TestCodexLiveHeedHooks(t *testing.T) {
	bin := oaCLI(t, "codex")
	heedDir := oaBuildHeed(t)
	s := oaNewSession(t)
	s.addBin(t, heedDir)
	srv, err := StartOpenAI(oaScript(oaSteps, codexReply))
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	env := s.codexHome(t, srv.URL, "")
	s.run(t, env, "heed", "compile")
	note := s.run(t, env, "heed", "hook", "install", "codex")

	// the note's steps: the project's trust as the TOML table it prints, into the
	// config.toml it names, and the hooks' trust in /hooks
	config := filepath.Join(s.Home, ".codex", "config.toml")
	m := regexp.MustCompile(`add to (\S+config\.toml):\n((?:    .*\n)+)`).FindStringSubmatch(note)
	if m == nil || m[1] != config {
		t.Fatalf("the install note does not say what to add to %s:\n%s", config, note)
	}
	for _, want := range []string{"codex exec --trust", "/hooks", "Trust all and continue", "skips"} {
		if !strings.Contains(note, want) {
			t.Errorf("the install note does not say %q:\n%s", want, note)
		}
	}
	table := regexp.MustCompile(`(?m)^    `).ReplaceAllString(m[2], "")
	f, _ := os.OpenFile(config, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("\n" + table)
	f.Close()
	app := startCodexAppServer(t, bin, env, s.Repo)
	hooks := app.hooks(t, s.Repo)
	app.close()
	if len(hooks) != 2 {
		t.Fatalf("Codex loads %d hooks from heed's hooks.json, want 2: %+v", len(hooks), hooks)
	}
	for _, h := range hooks {
		if !strings.HasSuffix(h.Command, " hook codex") || h.Matcher != "Bash|apply_patch" || h.TrustStatus != "untrusted" {
			t.Errorf("hook %+v: want heed's command and matcher, untrusted before review", h)
		}
	}

	// untrusted hooks do not run: the blocked command runs, and Codex says nothing
	one, err := StartOpenAI(oaScript(oaSteps[:1], codexReply))
	if err != nil {
		t.Fatal(err)
	}
	s.codexURL(t, one.URL)
	untrusted := codexExec(t, bin, env, s.Repo)
	one.Close()
	s.codexURL(t, srv.URL)
	if _, err := os.Stat(filepath.Join(s.Repo, "npm.ran")); err != nil {
		t.Errorf("npm did not run with the hooks untrusted: heed's hooks ran before review?\n%s", untrusted)
	}
	if strings.Contains(untrusted, "hook") {
		t.Logf("codex exec mentions hooks before they are trusted:\n%s", untrusted)
	}
	os.Remove(filepath.Join(s.Repo, "npm.ran"))

	app = startCodexAppServer(t, bin, env, s.Repo)
	app.trustHooks(t, s.Repo)
	app.close()
	out := codexExec(t, bin, env, s.Repo)
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
	if got := oaOutputOf(t, reqs, oaIndex("lint-fails")); !strings.Contains(got, "exited with code 2") {
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
	oaCheckJournal(t, s.Repo, "hook:codex")
}

// oaCheckJournal checks that heed journalled how each `make lint` ended: 2, then 0.
func oaCheckJournal(t *testing.T, repo, source string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repo, ".heed", "journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lint := map[string]bool{}
	var exits []string
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var e struct {
			ID, Src, Line, Verdict string
			Exit                   *int
		}
		json.Unmarshal([]byte(l), &e)
		switch {
		case e.Line == "make lint" && e.Src == source:
			lint[e.ID] = true
		case e.Exit != nil && lint[e.ID]:
			exits = append(exits, fmt.Sprint(*e.Exit))
		}
	}
	if strings.Join(exits, ",") != "2,0" {
		t.Errorf("the journal has the lints ending %v, want 2 then 0:\n%s", exits, data)
	}
}

// codexURL points the session's config.toml at another model server, keeping the
// rest of it.
func (s *oaSession) codexURL(t *testing.T, url string) {
	t.Helper()
	path := filepath.Join(s.Home, ".codex", "config.toml")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	data = regexp.MustCompile(`(?m)^base_url = .*$`).ReplaceAll(data, []byte(fmt.Sprintf("base_url = %q", url)))
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// `heed mcp install codex` on the config.toml forms a user has for heed's entry: Codex
// accepts the result (codex exec --strict-config refuses a file it does not fully
// know), reads heed's command and arguments, keeps the env, and starts heed's MCP
// server (the model is offered heed's tools, mcp__heed). --user writes the user's
// config.toml; without it, the project's .codex/config.toml, read once the project
// is trusted.
func TestCodexLiveMCPInstall(t *testing.T) {
	bin := oaCLI(t, "codex")
	heedDir := oaBuildHeed(t)
	for _, c := range []struct {
		name, before string
		project      bool
	}{
		{name: "none"},
		{name: "table", before: "[mcp_servers.heed]\ncommand = \"/old/heed\"\nargs = [\"serve\"]\nstartup_timeout_sec = 20\n\n[mcp_servers.heed.env]\nHEED_X = \"1\"\n\n"},
		{name: "dotted keys", before: "mcp_servers.heed.command = \"/old/heed\"\nmcp_servers.heed.env = { HEED_X = \"1\" }\n\n"},
		{name: "inline table", before: "[mcp_servers]\nheed = { command = \"/old/heed\", args = [], env = { HEED_X = \"1\" } }\n\n"},
		{name: "project", project: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := oaNewSession(t)
			s.addBin(t, heedDir)
			srv, err := StartOpenAI(func(OpenAIRequest) OpenAIReply { return OpenAIReply{Text: oaFinal} })
			if err != nil {
				t.Fatal(err)
			}
			defer srv.Close()
			if c.project {
				env := s.codexHome(t, srv.URL, fmt.Sprintf("[projects.%q]\ntrust_level = \"trusted\"\n\n", s.Repo))
				s.run(t, env, "heed", "mcp", "install", "codex")
			} else {
				env := s.codexHome(t, srv.URL, c.before)
				s.run(t, env, "heed", "mcp", "install", "codex", "--user")
				var got struct {
					Transport struct {
						Command string            `json:"command"`
						Args    []string          `json:"args"`
						Env     map[string]string `json:"env"`
					} `json:"transport"`
				}
				if err := json.Unmarshal([]byte(s.run(t, env, bin, "mcp", "get", "heed", "--json")), &got); err != nil {
					t.Fatal(err)
				}
				tr := got.Transport
				if tr.Command != "heed" || strings.Join(tr.Args, " ") != "mcp" || (c.before != "" && tr.Env["HEED_X"] != "1") {
					t.Errorf("Codex reads heed's server as %+v", tr)
				}
				data, _ := os.ReadFile(filepath.Join(s.Home, ".codex", "config.toml"))
				if c.before != "" && strings.Count(string(data), "HEED_X") != 1 {
					t.Errorf("config.toml:\n%s", data)
				}
			}
			out := codexExec(t, bin, s.env("CODEX_HOME="+filepath.Join(s.Home, ".codex")), s.Repo, "--strict-config")
			reqs := srv.Requests()
			if len(reqs) == 0 || !strings.Contains(string(reqs[0].Body), "mcp__heed") {
				t.Errorf("the model was not offered heed's MCP tools: Codex did not start heed's server\n%s", out)
			}
		})
	}
}
