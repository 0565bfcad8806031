package agentlive

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/heed-dev/heed/internal/enforce"
	"github.com/heed-dev/heed/internal/jsonc"
)

// The live tests drive the real agent CLIs (bench/agents/live.sh installs them):
// HEED_AGENT_CLIS names the folder of their executables (node_modules/.bin). Without
// it they are skipped. HEED_LIVE_CAPTURE=1 also writes the payloads the agents sent
// to heed's hooks into ../testdata/hooks/captured, where the replay tests of package
// enforce read them.

// liveRules are the rules of the live sessions' repository.
const liveRules = "# Agents\n\n- Never run `npm install`; use `pnpm install`.\n- Run `make lint` before `git commit`.\n- Python code must not use `eval()`.\n"

// liveNotebook is a notebook of the live repository, with one code cell.
const liveNotebook = `{"cells": [{"cell_type": "code", "execution_count": null, "id": "c1", "metadata": {}, "outputs": [], "source": ["x = 1\n"]}], "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}, "language_info": {"name": "python"}}, "nbformat": 4, "nbformat_minor": 5}`

// liveCLI is the path of an agent's executable under HEED_AGENT_CLIS; the test is
// skipped without it.
func liveCLI(t *testing.T, name string) string {
	t.Helper()
	dir := os.Getenv("HEED_AGENT_CLIS")
	if dir == "" {
		t.Skipf("live agent test: set HEED_AGENT_CLIS to the folder of the agent CLIs (node_modules/.bin; bench/agents/live.sh installs them) to run it")
	}
	p := filepath.Join(dir, name)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("live agent test: %s is not in HEED_AGENT_CLIS=%s (bench/agents/live.sh installs it)", name, dir)
	}
	return p
}

var heedBuild struct {
	once sync.Once
	dir  string
	err  error
}

// liveHeed is the folder of heed and heed-shim built from this tree (once per test
// binary, into the user's cache folder, where the next run builds over them), or
// HEED_LIVE_BIN when set.
func liveHeed(t *testing.T) string {
	t.Helper()
	if d := os.Getenv("HEED_LIVE_BIN"); d != "" {
		return d
	}
	heedBuild.once.Do(func() {
		cache, err := os.UserCacheDir()
		if err != nil {
			cache = os.TempDir()
		}
		dir := filepath.Join(cache, "heed", "live-bin")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			heedBuild.err = err
			return
		}
		_, file, _, _ := runtime.Caller(0)
		root := filepath.Join(filepath.Dir(file), "..", "..", "..")
		cmd := exec.Command("go", "build", "-o", dir+string(filepath.Separator), "./cmd/heed", "./cmd/heed-shim")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			heedBuild.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
		heedBuild.dir = dir
	})
	if heedBuild.err != nil {
		t.Fatal(heedBuild.err)
	}
	return heedBuild.dir
}

// liveSession is one run of an agent in a fresh repository with heed's hooks and a
// capture hook beside them, under a HOME of its own.
type liveSession struct {
	t                *testing.T
	agent            string
	home, repo, stub string
	// capture is the file the capture hook appends each payload to, one per line.
	capture string
	path    string
}

func newLiveSession(t *testing.T, agent string, files map[string]string, installArgs ...string) *liveSession {
	t.Helper()
	// the repository's folder has a name of its own: agents name their project
	// folders after it
	s := &liveSession{t: t, agent: agent, home: t.TempDir(), repo: filepath.Join(t.TempDir(), "repo"), stub: t.TempDir()}
	s.capture = filepath.Join(s.stub, "payloads.jsonl")
	t.Cleanup(func() {
		if data, err := os.ReadFile(s.capture); err == nil && t.Failed() {
			t.Logf("the payloads the agent sent:\n%s", data)
		}
	})
	// npm and pnpm stand-ins that leave a trace: a command heed lets through runs
	for _, name := range []string{"npm", "pnpm"} {
		s.writeFile(filepath.Join(s.stub, "bin", name), "#!/bin/sh\necho \""+name+" $*\" >> '"+filepath.Join(s.stub, "ran")+"'\necho \""+name+": done\"\n", 0o755)
	}
	s.writeFile(filepath.Join(s.stub, "capture.sh"), "#!/bin/sh\n{ cat; echo; } >> \"$1\"\n", 0o755)
	dirs := []string{liveHeed(t), filepath.Join(s.stub, "bin"), "/usr/local/bin", "/usr/bin", "/bin"}
	for _, tool := range []string{"node", "git", "make"} {
		// where this machine has them (node from nvm, say)
		if p, err := exec.LookPath(tool); err == nil {
			dirs = append(dirs, filepath.Dir(p))
		}
	}
	s.path = strings.Join(dirs, string(os.PathListSeparator))
	s.writeFile(filepath.Join(s.home, ".gitconfig"), "[user]\n\tname = Live Test\n\temail = live@example.com\n[init]\n\tdefaultBranch = main\n", 0o644)
	s.writeFile(filepath.Join(s.repo, "AGENTS.md"), liveRules, 0o644)
	s.writeFile(filepath.Join(s.repo, "Makefile"), "lint:\n\t@echo lint ok\n", 0o644)
	s.writeFile(filepath.Join(s.repo, "src", "app.py"), "x = 1\n", 0o644)
	s.writeFile(filepath.Join(s.repo, "analysis", "explore.ipynb"), liveNotebook+"\n", 0o644)
	for rel, content := range files {
		s.writeFile(filepath.Join(s.repo, rel), content, 0o644)
	}
	s.must("git", "init", "-q")
	// in the repository too: an agent may run commands with a HOME of its own
	s.must("git", "config", "user.name", "Live Test")
	s.must("git", "config", "user.email", "live@example.com")
	s.must("git", "add", "-A")
	s.must("git", "commit", "-q", "-m", "init")
	s.must("heed", "compile")
	out := s.must("heed", append([]string{"hook", "install", agent}, installArgs...)...)
	if !strings.Contains(out, "added heed's hooks") {
		t.Fatalf("heed hook install %s: %s", agent, out)
	}
	return s
}

func (s *liveSession) writeFile(path, content string, mode os.FileMode) {
	s.t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		s.t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		s.t.Fatal(err)
	}
}

// env is the environment of every command of the session: nothing of this machine's
// own beyond its system folders.
func (s *liveSession) env(extra ...string) []string {
	return append([]string{"HOME=" + s.home, "PATH=" + s.path, "LANG=C.UTF-8", "TERM=dumb", "TMPDIR=" + os.TempDir(), "NO_COLOR=1"}, extra...)
}

// must runs a command in the repository and returns its output.
func (s *liveSession) must(name string, args ...string) string {
	s.t.Helper()
	out, err := s.run(time.Minute, nil, name, args...)
	if err != nil {
		s.t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return out
}

// run runs a command in the repository with the session's environment (and extra)
// and returns its standard output and error together.
func (s *liveSession) run(timeout time.Duration, extra []string, name string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if !filepath.IsAbs(name) {
		if p, err := lookPath(name, s.path); err == nil {
			name = p
		}
	}
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir, cmd.Env = s.repo, s.env(extra...)
	cmd.WaitDelay = 5 * time.Second
	var b bytes.Buffer
	cmd.Stdout, cmd.Stderr = &b, &b
	err := cmd.Run()
	if ctx.Err() != nil {
		err = fmt.Errorf("timed out after %v: %w", timeout, err)
	}
	return b.String(), err
}

func lookPath(name, path string) (string, error) {
	for _, d := range filepath.SplitList(path) {
		p := filepath.Join(d, name)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s not found", name)
}

// addCapture adds the capture hook beside heed's in each of the agent's matcher
// groups, so it sees what heed sees; the file's comments stay.
func (s *liveSession) addCapture(file string) {
	s.t.Helper()
	path := filepath.Join(s.repo, file)
	data, err := os.ReadFile(path)
	if err != nil {
		s.t.Fatal(err)
	}
	doc, err := jsonc.Parse(data)
	if err != nil {
		s.t.Fatal(err)
	}
	hooks := doc.Root().Get("hooks")
	for _, event := range hooks.Keys() {
		for _, g := range hooks.Get(event).Elems() {
			h := map[string]any{"type": "command", "command": filepath.Join(s.stub, "capture.sh") + " " + s.capture}
			if _, err := g.Get("hooks").Append(h); err != nil {
				s.t.Fatal(err)
			}
		}
	}
	s.writeFile(path, string(doc.Bytes()), 0o644)
}

// payloads are the captured payloads, as sent.
func (s *liveSession) payloads() [][]byte {
	s.t.Helper()
	f, err := os.Open(s.capture)
	if err != nil {
		s.t.Fatalf("no payload captured: %v", err)
	}
	defer f.Close()
	var out [][]byte
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		if line := bytes.TrimSpace(sc.Bytes()); len(line) > 0 {
			out = append(out, append([]byte(nil), line...))
		}
	}
	return out
}

// checkPayloads parses each captured payload as heed does and names it by its event
// and tool; it fails the test on a payload heed cannot read.
func (s *liveSession) checkPayloads() (names []string, events []*enforce.HookEvent) {
	s.t.Helper()
	for i, p := range s.payloads() {
		ev, err := enforce.ParseHook(s.agent, p)
		if err != nil {
			s.t.Errorf("payload %d: heed cannot read it: %v\n%s", i+1, err, p)
			continue
		}
		names = append(names, fmt.Sprintf("%s-%02d-%s-%s", s.agent, i+1, ev.Event, ev.Tool))
		events = append(events, ev)
	}
	return names, events
}

// saveCaptured writes the captured payloads into ../testdata/hooks/captured when
// HEED_LIVE_CAPTURE is set, with this machine's paths as $CWD and $HOME.
func (s *liveSession) saveCaptured(names []string, version string) {
	s.t.Helper()
	if os.Getenv("HEED_LIVE_CAPTURE") == "" {
		return
	}
	dir := filepath.Join("..", "testdata", "hooks", "captured")
	old, _ := filepath.Glob(filepath.Join(dir, s.agent+"-*.json"))
	for _, f := range old {
		os.Remove(f)
	}
	payloads := s.payloads()
	for i, name := range names {
		s.writeFile(filepath.Join(dir, name+".json"), s.normalize(string(payloads[i]))+"\n", 0o644)
	}
	s.t.Logf("captured %d payloads of %s into %s: note the version in its README.md", len(names), version, dir)
}

// normalize replaces the session's temporary folders by $CWD, $HOME and $STUB, also
// where an agent spells a folder as a name (Claude Code's project folders).
func (s *liveSession) normalize(p string) string {
	enc := regexp.MustCompile(`[^A-Za-z0-9]`)
	r := strings.NewReplacer(s.repo, "$CWD", s.home, "$HOME", s.stub, "$STUB",
		enc.ReplaceAllString(s.repo, "-"), "-CWD")
	return r.Replace(p)
}

// ran lists the commands the npm and pnpm stand-ins ran.
func (s *liveSession) ran() string {
	data, _ := os.ReadFile(filepath.Join(s.stub, "ran"))
	return string(data)
}

// journal is the repository's .heed/journal.jsonl.
func (s *liveSession) journal() string {
	data, _ := os.ReadFile(filepath.Join(s.repo, ".heed", "journal.jsonl"))
	return string(data)
}

// liveStep is one tool call of a live session's script and what the model must get
// back for it.
type liveStep struct {
	ModelTurn
	// deny: heed blocks the call, and the model gets heed's reason, with want in it;
	// otherwise want is in the tool's result and heed says nothing
	deny bool
	want string
}

// liveScript is the model's turns: the steps' calls, then a final text.
func liveScript(steps []liveStep) []ModelTurn {
	var turns []ModelTurn
	for _, st := range steps {
		turns = append(turns, st.ModelTurn)
	}
	return append(turns, ModelTurn{Text: "Done."})
}

// checkResults checks what the model got for each step.
func checkResults(t *testing.T, steps []liveStep, results []string) {
	t.Helper()
	t.Logf("tool results:\n%s", strings.Join(results, "\n---\n"))
	if len(results) != len(steps) {
		t.Fatalf("the model got %d tool results, want %d", len(results), len(steps))
	}
	for i, st := range steps {
		r := results[i]
		blocked := strings.Contains(r, "[heed] BLOCKED")
		switch {
		case st.deny && !blocked:
			t.Errorf("step %d (%s %v): heed must block it and the model see why; got %q", i+1, st.Tool, st.Args, r)
		case !st.deny && blocked:
			t.Errorf("step %d (%s %v): must run; got %q", i+1, st.Tool, st.Args, r)
		case !strings.Contains(r, st.want):
			t.Errorf("step %d (%s %v): the model must get %q; got %q", i+1, st.Tool, st.Args, st.want, r)
		}
	}
}

// The servers answer the main conversation by the number of model turns in it, and
// keep the tool results the agent sent back.
func TestScriptedServers(t *testing.T) {
	turns := []ModelTurn{{Tool: "Bash", Args: map[string]any{"command": "ls"}}, {Text: "All done."}}
	post := func(url, body string) string {
		t.Helper()
		resp, err := http.Post(url, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	a, err := NewAnthropic(turns)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	first := post(a.URL+"/v1/messages?beta=true", `{"model":"m","stream":true,"tools":[{"name":"Bash"}],"messages":[{"role":"user","content":"go"}]}`)
	if !strings.Contains(first, `"id":"toolu_heedlive_01","input":{},"name":"Bash","type":"tool_use"`) || !strings.Contains(first, `"partial_json":"{\"command\":\"ls\"}"`) || !strings.Contains(first, "event: message_stop") {
		t.Errorf("turn 1 must stream the tool call:\n%s", first)
	}
	second := post(a.URL+"/v1/messages", `{"model":"m","tools":[{"name":"Bash"}],"messages":[{"role":"user","content":"go"},{"role":"assistant","content":[]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_heedlive_01","content":[{"type":"text","text":"[heed] BLOCKED: no"}],"is_error":true}]}]}`)
	if !strings.Contains(second, `"text":"All done."`) || !strings.Contains(second, `"stop_reason":"end_turn"`) {
		t.Errorf("turn 2 must be the final text:\n%s", second)
	}
	if got := a.ToolResults(); len(got) != 1 || got[0] != "[heed] BLOCKED: no" {
		t.Errorf("tool results: %q", got)
	}
	if side := post(a.URL+"/v1/messages", `{"model":"m","messages":[{"role":"user","content":"title?"}]}`); !strings.Contains(side, `"text":"OK."`) {
		t.Errorf("a request without tools gets a plain text: %s", side)
	}

	g, err := NewGemini([]ModelTurn{{Tool: "run_shell_command", Args: map[string]any{"command": "ls"}}, {Text: "All done."}})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	first = post(g.URL+"/v1beta/models/m:streamGenerateContent?alt=sse", `{"contents":[{"role":"user","parts":[{"text":"go"}]}],"tools":[{"functionDeclarations":[]}]}`)
	if !strings.HasPrefix(first, "data: ") || !strings.Contains(first, `"functionCall":{"args":{"command":"ls"},"name":"run_shell_command"}`) {
		t.Errorf("turn 1 must be the function call:\n%s", first)
	}
	second = post(g.URL+"/v1beta/models/m:streamGenerateContent?alt=sse", `{"contents":[{"role":"user","parts":[{"text":"go"}]},{"role":"model","parts":[]},{"role":"user","parts":[{"functionResponse":{"name":"run_shell_command","response":{"error":"Tool execution blocked: [heed] BLOCKED: no"}}}]}],"tools":[{}]}`)
	if !strings.Contains(second, `"text":"All done."`) {
		t.Errorf("turn 2 must be the final text:\n%s", second)
	}
	if got := g.ToolResults(); len(got) != 1 || got[0] != "Tool execution blocked: [heed] BLOCKED: no" {
		t.Errorf("tool results: %q", got)
	}
	side := post(g.URL+"/v1beta/models/m:generateContent", `{"contents":[],"generationConfig":{"responseMimeType":"application/json","responseJsonSchema":{"type":"object","properties":{"next_speaker":{"type":"string","enum":["user","model"]},"score":{"type":"integer"}}}}}`)
	if !strings.Contains(side, `{\"next_speaker\":\"user\",\"score\":1}`) {
		t.Errorf("a JSON side request gets JSON that fits its schema: %s", side)
	}
}
