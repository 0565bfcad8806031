package agentlive

// Helpers of the live tests of Codex and Copilot CLI (codex_live_test.go,
// copilot_live_test.go): they run the real CLIs from $HEED_AGENT_CLIS2 against
// StartOpenAI, and skip when it is unset. bench/agents/live-codex.sh installs the
// CLIs and runs them.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/enforce"
)

// oaCLIEnv names the folder of the agent CLIs (a node_modules/.bin).
const oaCLIEnv = "HEED_AGENT_CLIS2"

// updateEnv, when set, makes the capture tests rewrite the recorded payloads of
// internal/enforce/testdata/hooks/live.
const oaUpdateEnv = "HEED_LIVE_UPDATE"

// oaLiveDir is where the recorded payloads are kept.
var oaLiveDir = filepath.Join("..", "testdata", "hooks", "live")

// oaCLI is the path of an agent CLI in $HEED_AGENT_CLIS2; the test is skipped
// when the variable is unset.
func oaCLI(t *testing.T, name string) string {
	t.Helper()
	dir := os.Getenv(oaCLIEnv)
	if dir == "" {
		t.Skipf("%s is not set: set it to a node_modules/.bin holding codex and copilot (bench/agents/live-codex.sh installs them and runs these tests)", oaCLIEnv)
	}
	path, err := filepath.Abs(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("%s is set, but %v", oaCLIEnv, err)
	}
	return path
}

// oaVersion is the version an agent CLI prints (its last word).
func oaVersion(t *testing.T, env []string, bin string) string {
	t.Helper()
	cmd := exec.Command(bin, "--version")
	cmd.Env = env
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s --version: %v", bin, err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	for _, l := range lines {
		f := strings.Fields(strings.TrimSuffix(strings.TrimSpace(l), "."))
		if len(f) > 1 && (strings.Contains(l, "codex") || strings.Contains(l, "Copilot")) {
			return f[len(f)-1]
		}
	}
	return strings.TrimSpace(lines[0])
}

// oaBuildHeed builds heed and heed-shim into a folder of their own and returns it.
func oaBuildHeed(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	cmd := exec.Command("go", "build", "-o", dir+string(filepath.Separator), "github.com/heed-dev/heed/cmd/...")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return dir
}

// oaRules are the instructions of the scripted sessions' repository.
const oaRules = "# Rules\n\n- Never run `npm install`; use `pnpm install`.\n- Run `make lint` before `git commit`.\n"

// oaSession is a scripted agent session's folders: a git repository with rules, a
// home, and a bin folder with a fake npm that leaves npm.ran when it runs.
type oaSession struct {
	Root, Repo, Home, Bin string
}

func oaNewSession(t *testing.T) *oaSession {
	t.Helper()
	root := t.TempDir()
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	s := &oaSession{Root: root, Repo: filepath.Join(root, "repo"), Home: filepath.Join(root, "home"), Bin: filepath.Join(root, "bin")}
	for _, d := range []string{s.Repo, s.Home, s.Bin} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	oaWrite(t, filepath.Join(s.Repo, "AGENTS.md"), oaRules)
	oaWrite(t, filepath.Join(s.Repo, "Makefile"), "lint:\n\t@test -f lint-ok\n")
	oaWrite(t, filepath.Join(s.Bin, "npm"), "#!/bin/sh\ntouch \""+filepath.Join(s.Repo, "npm.ran")+"\"\necho \"fake npm $*\"\n")
	os.Chmod(filepath.Join(s.Bin, "npm"), 0o755)
	s.run(t, nil, "git", "init", "-q")
	s.run(t, nil, "git", "add", ".")
	s.run(t, nil, "git", "commit", "-qm", "init")
	return s
}

func oaWrite(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// env is the environment the agents run in: nothing of the tester's but PATH (behind
// the fake npm and heed), with HOME in the session and a fixed git identity.
func (s *oaSession) env(extra ...string) []string {
	env := []string{
		"HOME=" + s.Home, "PATH=" + s.Bin + string(os.PathListSeparator) + os.Getenv("PATH"),
		"LANG=C.UTF-8", "TERM=dumb", "NO_COLOR=1", "TMPDIR=" + os.TempDir(),
		"GIT_AUTHOR_NAME=heed", "GIT_AUTHOR_EMAIL=heed@example.com", "GIT_COMMITTER_NAME=heed", "GIT_COMMITTER_EMAIL=heed@example.com",
		"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null",
	}
	if gc := os.Getenv("GOCACHE"); gc != "" {
		env = append(env, "GOCACHE="+gc)
	}
	return append(env, extra...)
}

// run runs a command in the repository and returns its standard output; a name
// of the session's bin folder runs from there.
func (s *oaSession) run(t *testing.T, env []string, name string, args ...string) string {
	t.Helper()
	if p := filepath.Join(s.Bin, name); !strings.ContainsRune(name, filepath.Separator) && oaExists(p) {
		name = p // exec looks names up in the test's PATH, not in env's
	}
	cmd := exec.Command(name, args...)
	cmd.Dir = s.Repo
	cmd.Env = env
	if env == nil {
		cmd.Env = s.env()
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s%s", name, strings.Join(args, " "), err, out, stderr.Bytes())
	}
	return string(out)
}

func oaExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// addBin links heed and heed-shim into the session's bin folder, so that the hooks
// and MCP server heed installs by name are found on the agent's PATH.
func (s *oaSession) addBin(t *testing.T, heedDir string) {
	t.Helper()
	for _, n := range []string{"heed", "heed-shim"} {
		if err := os.Symlink(filepath.Join(heedDir, n), filepath.Join(s.Bin, n)); err != nil {
			t.Fatal(err)
		}
	}
}

// captureHook writes a script that appends each payload on its standard input to
// capture.jsonl, tagged with the event named by its argument; it returns the
// script's path.
func (s *oaSession) captureHook(t *testing.T) string {
	t.Helper()
	path := filepath.Join(s.Bin, "capture-hook")
	out := filepath.Join(s.Root, "capture.jsonl")
	oaWrite(t, path, "#!/bin/sh\np=$(cat)\nprintf '{\"event\":\"%s\",\"payload\":%s}\\n' \"$1\" \"$p\" >> '"+out+"'\n")
	os.Chmod(path, 0o755)
	return path
}

// oaCaptured is one recorded hook payload.
type oaCaptured struct {
	Agent   string          `json:"agent"`
	Version string          `json:"version"`
	Session string          `json:"session"`
	Step    string          `json:"step"`
	Event   string          `json:"event"`
	Payload json.RawMessage `json:"payload"`
}

// captures reads what the capture hook recorded.
func (s *oaSession) captures(t *testing.T) []oaCaptured {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(s.Root, "capture.jsonl"))
	if err != nil {
		t.Fatalf("no hook ran: %v", err)
	}
	var out []oaCaptured
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var c oaCaptured
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("capture %q: %v", sc.Text(), err)
		}
		out = append(out, c)
	}
	return out
}

// oaStep is one action of a scripted session: a shell command, an apply_patch patch,
// or (Copilot CLI with a Claude model) a create or an edit of a file.
type oaStep struct {
	Name, Command, Patch string
	// Path is create's or edit's file (repository-relative); Text its content
	// (create), Old and New the edit.
	Path, Text, Old, New string
}

// oaSteps is the scripted session: a command heed blocks, a lint that fails and one
// that passes around a commit that needs it, two patches and one that does not apply.
var oaSteps = []oaStep{
	{Name: "npm-install", Command: "npm install left-pad"},
	{Name: "lint-fails", Command: "make lint"},
	{Name: "commit-early", Command: "git commit --allow-empty -m early"},
	{Name: "patch-add", Patch: "*** Begin Patch\n*** Add File: src/a.py\n+x = 1\n*** End Patch\n"},
	{Name: "patch-update", Patch: "*** Begin Patch\n*** Update File: src/a.py\n@@\n-x = 1\n+x = 2\n*** End Patch\n"},
	{Name: "patch-fails", Patch: "*** Begin Patch\n*** Update File: src/a.py\n@@\n-nope\n+x = 3\n*** End Patch\n"},
	{Name: "touch", Command: "touch lint-ok"},
	{Name: "lint-passes", Command: "make lint"},
	{Name: "commit", Command: "git commit --allow-empty -m done"},
}

// oaEditSteps replace the patches for Copilot CLI's Claude models, which have create
// and edit tools instead of apply_patch.
var oaEditSteps = []oaStep{
	{Name: "create", Path: "b.py", Text: "y = 1\n"},
	{Name: "edit", Path: "b.py", Old: "y = 1", New: "y = 2"},
	{Name: "edit-fails", Path: "b.py", Old: "nope", New: "y = 3"},
}

// oaEditSession is oaSteps with oaEditSteps for the patches.
func oaEditSession() []oaStep {
	var out []oaStep
	for _, st := range oaSteps {
		switch {
		case st.Patch == "":
			out = append(out, st)
		case st.Name == oaSteps[oaIndex("patch-add")].Name:
			out = append(out, oaEditSteps...)
		}
	}
	return out
}

// oaIndex is the index of the step of oaSteps named name.
func oaIndex(name string) int {
	if i := oaIndexIn(oaSteps, name); i >= 0 {
		return i
	}
	panic("no step " + name)
}

// oaIndexIn is the index of the step of ss named name, -1 when there is none.
func oaIndexIn(ss []oaStep, name string) int {
	for i, st := range ss {
		if st.Name == name {
			return i
		}
	}
	return -1
}

// oaFinal is the scripted model's last answer.
const oaFinal = "All done."

// oaScript answers a session's requests with its steps in turn: the n-th step once
// the agent has sent back n tool results, then oaFinal. reply words a step as a
// tool call of the agent.
func oaScript(ss []oaStep, reply func(oaStep) OpenAIReply) func(OpenAIRequest) OpenAIReply {
	return func(r OpenAIRequest) OpenAIReply {
		if n := len(r.Outputs); len(r.Tools) > 0 && n < len(ss) {
			return reply(ss[n])
		}
		return OpenAIReply{Text: oaFinal}
	}
}

// oaOutputOf is the result of step n that the agent sent back to the model: in the
// first request that carries n+1 tool results, the one not in the request before.
func oaOutputOf(t *testing.T, reqs []OpenAIRequest, n int) string {
	t.Helper()
	var prev map[string]string
	for _, r := range reqs {
		if len(r.Outputs) == n+1 {
			for id, out := range r.Outputs {
				if _, ok := prev[id]; !ok {
					return out
				}
			}
		}
		if len(r.Outputs) == n {
			prev = r.Outputs
		}
	}
	t.Fatalf("the model never received the result of step %d", n)
	return ""
}

// oaLabel names the step each payload is about: the first step not yet seen with the
// payload's event whose command, patch or path (with its text) is in it (payloads
// come in the order of the steps, so the second "make lint" is the second step that
// runs it).
func oaLabel(cs []oaCaptured, ss []oaStep) {
	seen := map[string]bool{}
	for i := range cs {
		for _, st := range ss {
			if seen[st.Name+" "+cs[i].Event] || !oaAbout(string(cs[i].Payload), st) {
				continue
			}
			seen[st.Name+" "+cs[i].Event] = true
			cs[i].Step = st.Name
			break
		}
	}
}

// oaAbout reports whether a payload is about a step.
func oaAbout(payload string, st oaStep) bool {
	var keys []string
	switch {
	case st.Command != "":
		keys = []string{st.Command}
	case st.Patch != "":
		keys = []string{st.Patch}
	default:
		keys = []string{st.Path, st.Text + st.Old}
	}
	for _, k := range keys {
		b, _ := json.Marshal(k)
		if !strings.Contains(payload, string(b[1:len(b)-1])) {
			return false
		}
	}
	return true
}

// oaNormalize replaces the session's temporary paths in a payload by placeholders.
func oaNormalize(data []byte, repl ...string) json.RawMessage {
	s := string(data)
	for i := 0; i+1 < len(repl); i += 2 {
		b, _ := json.Marshal(repl[i])
		s = strings.ReplaceAll(s, string(b[1:len(b)-1]), repl[i+1])
	}
	return json.RawMessage(s)
}

// oaKeys lists a JSON object's keys, sorted.
func oaKeys(data []byte) string {
	var m map[string]json.RawMessage
	_ = json.Unmarshal(data, &m)
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return strings.Join(ks, ",")
}

// oaCompareRecorded checks that the payloads captured now have the shape of those
// recorded in testdata (the same steps and events, the same keys), or rewrites the
// record with $HEED_LIVE_UPDATE.
func oaCompareRecorded(t *testing.T, file string, got []oaCaptured) {
	t.Helper()
	path := filepath.Join(oaLiveDir, file)
	if os.Getenv(oaUpdateEnv) != "" {
		var b bytes.Buffer
		for _, c := range got {
			line, _ := json.Marshal(c)
			b.Write(line)
			b.WriteByte('\n')
		}
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("rewrote %s", path)
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with %s=1 to record it)", err, oaUpdateEnv)
	}
	shape := func(cs []oaCaptured) []string {
		var out []string
		for _, c := range cs {
			out = append(out, fmt.Sprintf("%s %s %s: %s", c.Session, c.Step, c.Event, oaKeys(c.Payload)))
		}
		sort.Strings(out)
		return out
	}
	var want []oaCaptured
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var c oaCaptured
		if err := json.Unmarshal([]byte(l), &c); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		want = append(want, c)
	}
	if g, w := strings.Join(shape(got), "\n"), strings.Join(shape(want), "\n"); g != w {
		t.Errorf("the payloads differ in shape from %s (%s=1 records them again):\ngot:\n%s\nrecorded:\n%s", path, oaUpdateEnv, g, w)
	}
	if len(want) > 0 && want[0].Version != got[0].Version {
		t.Logf("recorded with %s %s, running %s", want[0].Agent, want[0].Version, got[0].Version)
	}
}

// oaParseAll parses each captured payload as heed's hook does, after putting the
// session's paths back, and returns the events by step and event name.
func oaParseAll(t *testing.T, agent string, cs []oaCaptured, repl ...string) map[string]*enforce.HookEvent {
	t.Helper()
	out := map[string]*enforce.HookEvent{}
	for _, c := range cs {
		data := []byte(c.Payload)
		for i := 0; i+1 < len(repl); i += 2 {
			data = bytes.ReplaceAll(data, []byte(repl[i]), []byte(repl[i+1]))
		}
		ev, err := enforce.ParseHook(agent, data)
		if err != nil {
			t.Errorf("%s %s %s: heed cannot read the payload: %v\n%s", c.Session, c.Step, c.Event, err, data)
			continue
		}
		out[c.Session+" "+c.Step+" "+c.Event] = ev
	}
	return out
}
