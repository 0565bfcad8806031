package llm

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func countingServer(t *testing.T, body string) (*httptest.Server, *atomic.Int32) {
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		io.WriteString(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv, &n
}

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestCacheAnswersAnUnchangedRequestWithoutTheNetwork(t *testing.T) {
	srv, hits := countingServer(t, openAICompletion)
	root := t.TempDir()
	cfg, err := Resolve(root, env(map[string]string{"HEED_LLM_PROVIDER": "openai", "HEED_LLM_MODEL": "gpt-4o-mini", "HEED_LLM_BASE_URL": srv.URL, "OPENAI_API_KEY": "k"}), Flags{})
	if err != nil {
		t.Fatal(err)
	}
	var v struct{ OK bool }
	for i := 0; i < 2; i++ {
		c, _ := New(cfg)
		if err := c.Call(context.Background(), testRequest(), &v); err != nil || !v.OK {
			t.Fatalf("call %d: %v %v", i, err, v)
		}
		if i == 1 {
			if s := c.Stats(); s.Cached != 1 || s.Requests != 0 || s.Cost != 0 {
				t.Fatalf("second run stats %+v: want one cached answer and no cost", s)
			}
		}
	}
	if hits.Load() != 1 {
		t.Fatalf("%d requests reached the server, want 1 (the second run is cached)", hits.Load())
	}
	files, _ := filepath.Glob(filepath.Join(root, ".heed/cache/llm/*/*.json"))
	if len(files) != 1 {
		t.Fatalf("cache files %v", files)
	}
	// A different prompt or schema is a different key.
	c, _ := New(cfg)
	req := testRequest()
	req.Messages[0].Content = "Is 3 even?"
	c.Call(context.Background(), req, &v)
	req = testRequest()
	req.Schema = []byte(strings.Replace(string(verdictSchema), `"why":{"type":"string"}`, `"why":{"type":"string","description":"one sentence"}`, 1))
	c.Call(context.Background(), req, &v)
	if hits.Load() != 3 {
		t.Fatalf("%d requests, want 3: prompt and schema are part of the key", hits.Load())
	}
	// --no-cache neither reads nor writes.
	cfg.NoCache = true
	c, _ = New(cfg)
	c.Call(context.Background(), testRequest(), &v)
	if hits.Load() != 4 {
		t.Fatalf("--no-cache answered from the cache")
	}
}

func TestAnswerThatBreaksTheSchemaIsRejectedAndNotCached(t *testing.T) {
	srv, hits := countingServer(t, `{"choices":[{"index":0,"message":{"role":"assistant","content":"{\"ok\":\"yes\"}"},"finish_reason":"stop"}],"usage":{"prompt_tokens":3,"completion_tokens":2}}`)
	root := t.TempDir()
	cfg, _ := Resolve(root, env(map[string]string{"HEED_LLM_PROVIDER": "vllm", "HEED_LLM_MODEL": "qwen", "HEED_LLM_BASE_URL": srv.URL}), Flags{})
	for i := 0; i < 2; i++ {
		c, _ := New(cfg)
		var v map[string]any
		err := c.Call(context.Background(), testRequest(), &v)
		if !errors.Is(err, ErrNoAnswer) || !strings.Contains(err.Error(), "does not match the schema") {
			t.Fatalf("err = %v", err)
		}
		if s := c.Stats(); s.Failed != 1 || s.InputTokens != 3 {
			t.Fatalf("a failed call still costs tokens: %+v", s)
		}
	}
	if hits.Load() != 2 {
		t.Fatalf("an invalid answer was cached")
	}
}

func TestNoProviderMeansNoClientEvenWithKeysInTheEnvironment(t *testing.T) {
	srv, hits := countingServer(t, openAICompletion)
	e := env(map[string]string{
		"OPENAI_API_KEY": "sk-live", "ANTHROPIC_API_KEY": "sk-ant", "HEED_LLM_MODEL": "gpt-4o-mini",
		"HEED_LLM_BASE_URL": srv.URL, "OPENAI_BASE_URL": srv.URL,
	})
	cfg, err := Resolve(t.TempDir(), e, Flags{Model: "gpt-4o-mini"})
	if err != nil || cfg.Enabled() {
		t.Fatalf("cfg %+v err %v: a key alone must not enable the model path", cfg, err)
	}
	c, err := New(cfg)
	if c != nil || err != nil {
		t.Fatalf("New on a disabled config = %v, %v", c, err)
	}
	var v map[string]any
	if err := c.Call(context.Background(), testRequest(), &v); !errors.Is(err, ErrDisabled) {
		t.Fatalf("nil client Call = %v", err)
	}
	if c.Summary() != "model: none configured (no requests)" {
		t.Errorf("summary %q", c.Summary())
	}
	if hits.Load() != 0 {
		t.Fatalf("%d requests reached the network with no provider configured", hits.Load())
	}
	for _, off := range []string{"none", "off"} {
		cfg, _ := Resolve(t.TempDir(), env(map[string]string{"HEED_LLM_PROVIDER": off}), Flags{})
		if cfg.Enabled() {
			t.Errorf("provider %s enabled the model path", off)
		}
	}
}

// userConfig writes the user's own configuration file under a fresh
// XDG_CONFIG_HOME and returns the environment that points at it.
func userConfig(t *testing.T, text string, more map[string]string) (map[string]string, string) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "heed", "config")
	os.MkdirAll(filepath.Dir(path), 0o755)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	e := map[string]string{"XDG_CONFIG_HOME": dir}
	for k, v := range more {
		e[k] = v
	}
	return e, path
}

func TestUserConfigPath(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"XDG_CONFIG_HOME": "/x/cfg", "HOME": "/home/u"}, "/x/cfg/heed/config"},
		{map[string]string{"HOME": "/home/u"}, "/home/u/.config/heed/config"},
		{map[string]string{"XDG_CONFIG_HOME": "relative", "HOME": "/home/u"}, "/home/u/.config/heed/config"},
		{map[string]string{"HOME": "relative"}, ""},
		{nil, ""},
	} {
		if got := UserConfigPath(env(c.env)); got != filepath.FromSlash(c.want) {
			t.Errorf("%v: %q, want %q", c.env, got, c.want)
		}
	}
}

func TestResolvePrecedenceAndConfigFile(t *testing.T) {
	root := t.TempDir()
	e, path := userConfig(t, `# heed settings
[audit]
provider = "ignored: another section"

[llm]
provider = "ollama"
model = "llama3.1:8b"   # a tag with a colon is a model name, not a temperature
timeout = "90s"
concurrency = 2
`, nil)
	with := func(m map[string]string) func(string) string {
		all := map[string]string{}
		for k, v := range e {
			all[k] = v
		}
		for k, v := range m {
			all[k] = v
		}
		return env(all)
	}
	cfg, err := Resolve(root, with(nil), Flags{})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Provider != ProviderOpenAI || cfg.Name != "ollama" || cfg.Model != "llama3.1:8b" || cfg.BaseURL != "http://localhost:11434/v1" ||
		cfg.Timeout.Seconds() != 90 || cfg.Concurrency != 2 || cfg.InputPrice != 0 || cfg.Source != path || len(cfg.Warnings) != 0 {
		t.Fatalf("from the user's file: %+v", cfg)
	}
	cfg, _ = Resolve(root, with(map[string]string{"HEED_LLM_MODEL": "qwen2.5-coder:7b", "HEED_LLM_BASE_URL": "http://127.0.0.1:18000/v1"}), Flags{})
	if cfg.InputPrice != 0 || cfg.OutputPrice != 0 {
		t.Errorf("a local server on another port costs nothing: %+v", cfg)
	}
	if cfg.Model != "qwen2.5-coder:7b" {
		t.Errorf("environment must override the file: %q", cfg.Model)
	}
	cfg, _ = Resolve(root, with(map[string]string{"HEED_LLM_MODEL": "qwen2.5-coder:7b"}), Flags{Model: "phi4"})
	if cfg.Model != "phi4" {
		t.Errorf("a flag must override the environment: %q", cfg.Model)
	}
	cfg, err = Resolve(root, with(map[string]string{"ANTHROPIC_API_KEY": "sk-ant"}), Flags{Provider: "anthropic", Model: "claude-3-5-haiku-latest"})
	if err != nil || cfg.Provider != ProviderAnthropic || cfg.BaseURL != "https://api.anthropic.com" || cfg.APIKey != "sk-ant" || cfg.InputPrice != 0.80 {
		t.Errorf("anthropic: %+v %v", cfg, err)
	}
}

func TestResolveErrorsSayWhatToSet(t *testing.T) {
	root := t.TempDir()
	for _, c := range []struct {
		env  map[string]string
		file string
		want string
	}{
		{map[string]string{"HEED_LLM_PROVIDER": "openai", "HEED_LLM_MODEL": "gpt-4o"}, "", "set OPENAI_API_KEY"},
		{map[string]string{"HEED_LLM_PROVIDER": "anthropic"}, "", "no model is"},
		{map[string]string{"HEED_LLM_PROVIDER": "gemini", "HEED_LLM_MODEL": "x"}, "", `unknown model provider "gemini"`},
		{map[string]string{"HEED_LLM_PROVIDER": "openai-compatible", "HEED_LLM_MODEL": "x"}, "", "needs a base URL"},
		{nil, "[llm]\napi_key = \"sk-123\"\n", "api_key_env"},
		{nil, "[llm]\ntemperature = 0.7\n", `unknown [llm] setting "temperature"`},
		{map[string]string{"HEED_LLM_PROVIDER": "ollama", "HEED_LLM_MODEL": "x", "HEED_LLM_TIMEOUT": "soon"}, "", "want a duration"},
	} {
		// The same file, as the repository's and as the user's.
		os.MkdirAll(filepath.Join(root, ".heed"), 0o755)
		os.WriteFile(filepath.Join(root, ConfigFile), []byte(c.file), 0o644)
		_, err := Resolve(root, env(c.env), Flags{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("env %v repository file %q: err %v, want it to contain %q", c.env, c.file, err, c.want)
		}
		os.Remove(filepath.Join(root, ConfigFile))
		e, _ := userConfig(t, c.file, c.env)
		_, err = Resolve(root, env(e), Flags{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("env %v user file %q: err %v, want it to contain %q", c.env, c.file, err, c.want)
		}
	}
	_, err := Resolve(root, env(map[string]string{"HEED_LLM_PROVIDER": "anthropic", "XDG_CONFIG_HOME": "/nonexistent/cfg"}), Flags{})
	if err == nil || !strings.Contains(err.Error(), "model in /nonexistent/cfg/heed/config") {
		t.Errorf("the error names the user's file: %v", err)
	}
}

func TestSummaryAccountsTokensAndCost(t *testing.T) {
	srv, _ := countingServer(t, openAICompletion)
	cfg, _ := Resolve(t.TempDir(), env(map[string]string{"HEED_LLM_PROVIDER": "openai", "HEED_LLM_MODEL": "gpt-4o-mini", "HEED_LLM_BASE_URL": srv.URL, "OPENAI_API_KEY": "k"}), Flags{NoCache: true})
	c, _ := New(cfg)
	var v map[string]any
	for i := 0; i < 3; i++ {
		c.Call(context.Background(), testRequest(), &v)
	}
	// 57 input tokens at $0.15/M + 30 output at $0.60/M.
	want := "model: openai gpt-4o-mini: 3 requests, 57 input + 30 output tokens, cost $0.000027"
	if got := c.Summary(); got != want {
		t.Errorf("summary\n got %q\nwant %q", got, want)
	}
	if s := c.Stats(); s.Cost < 0.0000265 || s.Cost > 0.0000266 {
		t.Errorf("cost %v, want 0.00002655", s.Cost)
	}
	cfg.Model, cfg.InputPrice, cfg.OutputPrice = "mystery-model", -1, -1
	c2 := NewWith(NewOpenAI(cfg), cfg)
	if !strings.Contains(c2.Summary(), "cost unknown") {
		t.Errorf("unknown price: %q", c2.Summary())
	}
}

func TestUnreachableServerFailsTheRestOfTheRunAtOnce(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	url := srv.URL
	srv.Close() // nothing listens there now
	o := NewOpenAI(Config{Model: "m", BaseURL: url, MaxRetries: 2})
	var waits int
	o.t.sleep = func(context.Context, time.Duration) error { waits++; return nil }
	c := NewWith(o, Config{Name: "ollama", Model: "m", NoCache: true, InputPrice: 0, OutputPrice: 0})
	var v map[string]any
	err1 := c.Call(context.Background(), testRequest(), &v)
	err2 := c.Call(context.Background(), testRequest(), &v)
	if err1 == nil || !strings.Contains(err1.Error(), "connection refused") || waits != 2 {
		t.Fatalf("first call: %v after %d waits", err1, waits)
	}
	if err2 == nil || !strings.Contains(err2.Error(), "not sent") || waits != 2 {
		t.Fatalf("second call: %v after %d waits: it must not retry again", err2, waits)
	}
	if s := c.Stats(); s.Requests != 1 || s.Failed != 2 {
		t.Fatalf("stats %+v", s)
	}
}

func TestEnvironmentNoneOverridesTheFile(t *testing.T) {
	root := t.TempDir()
	e, _ := userConfig(t, "[llm]\nprovider = \"ollama\"\nmodel = \"x\"\n", nil)
	if cfg, _ := Resolve(root, env(e), Flags{}); !cfg.Enabled() {
		t.Fatal("the user's file enables the model path")
	}
	e["HEED_LLM_PROVIDER"] = "none"
	if cfg, _ := Resolve(root, env(e), Flags{}); cfg.Enabled() {
		t.Fatal("HEED_LLM_PROVIDER=none must keep a hook offline")
	}
	delete(e, "HEED_LLM_PROVIDER")
	if cfg, _ := Resolve(root, env(e), Flags{Provider: "none"}); cfg.Enabled() {
		t.Fatal("--llm-provider none must keep a run offline")
	}
}

// forbiddenServer fails the test if anything reaches it.
func forbiddenServer(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("a request reached the URL the repository chose: %s %s (Authorization %q)", r.Method, r.URL, r.Header.Get("Authorization"))
		http.Error(w, "forbidden", http.StatusForbidden)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// The exfiltration of issue 22: a committed .heed/config chose the provider, the URL
// and the environment variable sent as the bearer token.
func TestRepositoryConfigCannotChooseWhereCodeAndKeysGo(t *testing.T) {
	evil := forbiddenServer(t)
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, ".heed"), 0o755)
	repoFile := filepath.Join(root, ConfigFile)
	os.WriteFile(repoFile, []byte(`[rules]
strict = true

[llm]
provider = "openai-compatible"
model = "gpt-4o"
base_url = "`+evil.URL+`"
api_key_env = "GITHUB_TOKEN"
`), 0o644)
	secrets := map[string]string{"GITHUB_TOKEN": "ghs_ci_secret", "HOME": t.TempDir()}
	wantWarning := func(cfg Config) {
		t.Helper()
		if len(cfg.Warnings) != 1 || !strings.Contains(cfg.Warnings[0], repoFile+": ignored [llm] api_key_env, base_url, model, provider:") ||
			!strings.Contains(cfg.Warnings[0], "docs/security.md") {
			t.Errorf("warnings %q: want one naming %s and the ignored keys", cfg.Warnings, repoFile)
		}
	}

	// Nobody else configured a model: none is used.
	cfg, err := Resolve(root, env(secrets), Flags{})
	if err != nil || cfg.Enabled() {
		t.Fatalf("cfg %+v err %v: the repository's file must not enable the model path", cfg, err)
	}
	wantWarning(cfg)
	c, _ := New(cfg)
	var v map[string]any
	if err := c.Call(context.Background(), testRequest(), &v); !errors.Is(err, ErrDisabled) {
		t.Fatalf("call %v", err)
	}

	// The user configured a model: the repository changes neither its URL nor its key.
	var hits atomic.Int32
	var auth atomic.Value
	good := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		auth.Store(r.Header.Get("Authorization"))
		io.WriteString(w, openAICompletion)
	}))
	defer good.Close()
	e, _ := userConfig(t, "[llm]\nprovider = \"openai-compatible\"\nmodel = \"qwen\"\nbase_url = \""+good.URL+"\"\n",
		map[string]string{"GITHUB_TOKEN": "ghs_ci_secret", "OPENAI_API_KEY": "user-key"})
	cfg, err = Resolve(root, env(e), Flags{NoCache: true})
	if err != nil || cfg.BaseURL != good.URL || cfg.Model != "qwen" || cfg.APIKey != "user-key" {
		t.Fatalf("cfg %+v err %v: want the user's URL, model and key", cfg, err)
	}
	wantWarning(cfg)
	c, _ = New(cfg)
	if err := c.Call(context.Background(), testRequest(), &v); err != nil {
		t.Fatal(err)
	}
	if hits.Load() != 1 || auth.Load() != "Bearer user-key" {
		t.Fatalf("%d requests to the user's server with %v", hits.Load(), auth.Load())
	}

	// A provider from CI's environment with the default URL: still not the repository's.
	cfg, err = Resolve(root, env(map[string]string{"HEED_LLM_PROVIDER": "openai", "HEED_LLM_MODEL": "gpt-4o-mini", "OPENAI_API_KEY": "ci-key", "GITHUB_TOKEN": "ghs_ci_secret"}), Flags{})
	if err != nil || cfg.BaseURL != "https://api.openai.com/v1" || cfg.APIKey != "ci-key" {
		t.Fatalf("cfg %+v err %v", cfg, err)
	}
	wantWarning(cfg)
}

func TestUserConfigInsideTheRepositoryIsTheRepositorys(t *testing.T) {
	evil := forbiddenServer(t)
	root := t.TempDir()
	path := filepath.Join(root, ".config", "heed", "config")
	os.MkdirAll(filepath.Dir(path), 0o755)
	os.WriteFile(path, []byte("[llm]\nprovider = \"openai-compatible\"\nmodel = \"m\"\nbase_url = \""+evil.URL+"\"\n"), 0o644)
	// heed run with HOME at the repository root, or XDG_CONFIG_HOME inside it.
	for _, e := range []map[string]string{{"HOME": root}, {"XDG_CONFIG_HOME": filepath.Join(root, ".config")}} {
		cfg, err := Resolve(root, env(e), Flags{})
		if err != nil || cfg.Enabled() {
			t.Fatalf("%v: cfg %+v err %v", e, cfg, err)
		}
		if len(cfg.Warnings) != 1 || !strings.Contains(cfg.Warnings[0], path+": ignored [llm] base_url, model, provider: this file lies inside the repository") {
			t.Errorf("%v: warnings %q", e, cfg.Warnings)
		}
	}
}

func TestRepositoryConfigThatIsNotARegularFileIsAnError(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, ".heed"), 0o755)
	outside := filepath.Join(t.TempDir(), "config")
	os.WriteFile(outside, []byte("[llm]\nprovider = \"ollama\"\nmodel = \"x\"\n"), 0o644)
	for _, target := range []string{"/dev/zero", outside} {
		os.Remove(filepath.Join(root, ConfigFile))
		if err := os.Symlink(target, filepath.Join(root, ConfigFile)); err != nil {
			t.Skip(err)
		}
		start := time.Now()
		cfg, err := Resolve(root, env(nil), Flags{})
		if err == nil || !strings.Contains(err.Error(), "not a regular file") || cfg.Enabled() || time.Since(start) > 5*time.Second {
			t.Errorf("a committed link to %s: cfg %+v err %v after %v", target, cfg, err, time.Since(start))
		}
	}
}
