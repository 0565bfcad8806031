package synth

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/llm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules/script"
	"github.com/heed-dev/heed/internal/rules/semantic"
)

// patternKind is a declarative source kind for the tests: a regular expression that
// must not match any line of a file in scope. Like the real kinds it validates its
// params and names the parameter in its errors.
func patternKind() engine.Kind {
	return engine.Kind{Name: "pattern", Doc: `params {"regex": RE2}`, Domain: policy.DomainSource, Compile: func(r *policy.Rule) (engine.Check, error) {
		var p struct {
			Regex string `json:"regex"`
		}
		dec := json.NewDecoder(strings.NewReader(string(r.Params)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&p); err != nil {
			return nil, fmt.Errorf("params: %v", err)
		}
		re, err := regexp.Compile(p.Regex)
		if err != nil {
			return nil, fmt.Errorf("params.regex: %v", err)
		}
		return &patternCheck{re: re, scope: r.Scope}, nil
	}}
}

type patternCheck struct {
	re    *regexp.Regexp
	scope policy.Scope
}

func (c *patternCheck) Targets(ev *engine.Evidence) []engine.Target {
	var ts []engine.Target
	for i, f := range ev.Files {
		if c.scope.Covers(f.Path) {
			ts = append(ts, engine.Target{Kind: engine.TargetFile, Index: i, Path: f.Path})
		}
	}
	return ts
}

func (c *patternCheck) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	f := ev.Files[t.Index]
	if strings.Contains(string(f.Content), "PANIC-ME") {
		panic("pattern check crashed on " + f.Path)
	}
	var fs []engine.Finding
	for i, l := range strings.Split(string(f.Content), "\n") {
		if c.re.MatchString(l) {
			fs = append(fs, engine.Finding{Path: f.Path, Line: i + 1, Message: "matched"})
		}
	}
	if len(fs) > 0 {
		return engine.Result{Verdict: engine.Violated, Findings: fs}
	}
	return engine.Result{Verdict: engine.Satisfied}
}

func registry() *engine.Registry {
	kinds := []engine.Kind{patternKind()}
	kinds = append(kinds, semantic.Kinds()...)
	kinds = append(kinds, script.Kinds()...)
	return engine.NewRegistry(kinds...)
}

// fakeModel is an OpenAI-compatible server whose answers are scripted: answer(n, req)
// returns the content of the n-th request's answer.
type fakeModel struct {
	mu       sync.Mutex
	requests []map[string]any
	answer   func(n int, userMsgs []string) string
	status   int
}

func (m *fakeModel) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	var req map[string]any
	json.Unmarshal(b, &req)
	m.mu.Lock()
	m.requests = append(m.requests, req)
	n := len(m.requests)
	m.mu.Unlock()
	if m.status != 0 {
		w.WriteHeader(m.status)
		io.WriteString(w, `{"error":{"message":"upstream failure","type":"server_error"}}`)
		return
	}
	var users []string
	for _, msg := range req["messages"].([]any) {
		mm := msg.(map[string]any)
		if mm["role"] == "user" {
			users = append(users, mm["content"].(string))
		}
	}
	content := m.answer(n, users)
	resp := map[string]any{
		"id": fmt.Sprintf("chatcmpl-%d", n), "object": "chat.completion", "created": 1741569952, "model": "fake-coder",
		"choices": []any{map[string]any{"index": 0, "message": map[string]any{"role": "assistant", "content": content}, "finish_reason": "stop"}},
		"usage":   map[string]any{"prompt_tokens": 1000, "completion_tokens": 200, "total_tokens": 1200},
	}
	json.NewEncoder(w).Encode(resp)
}

func (m *fakeModel) count() int { m.mu.Lock(); defer m.mu.Unlock(); return len(m.requests) }

func client(t *testing.T, url, root string) *llm.Client {
	t.Helper()
	cfg, err := llm.Resolve(root, func(k string) string {
		return map[string]string{"HEED_LLM_PROVIDER": "openai-compatible", "HEED_LLM_MODEL": "fake-coder", "HEED_LLM_BASE_URL": url, "HEED_LLM_MAX_RETRIES": "0"}[k]
	}, llm.Flags{})
	if err != nil {
		t.Fatal(err)
	}
	c, err := llm.New(cfg)
	if err != nil || c == nil {
		t.Fatal(err)
	}
	return c
}

// The constraint is real: /work/shared/corpus/instructions, a "never use print" rule
// of the kind no offline recogniser covered in this test's catalogue.
func testPolicy() *policy.Policy {
	return &policy.Policy{Version: 1, Entries: []policy.Entry{
		{Constraint: policy.Constraint{ID: "c-compiled", Text: "Use `uv run pytest`.", File: "AGENTS.md", Line: 3, Level: policy.Must},
			Rules: []policy.Rule{{ID: "c-compiled.command.1", Kind: "pattern", Params: json.RawMessage(`{"regex":"x"}`), Origin: "process"}}},
		{Constraint: policy.Constraint{ID: "c-info", Text: "This project is a CLI.", File: "AGENTS.md", Line: 5, Level: policy.Info}},
		{Constraint: policy.Constraint{ID: "c-print", Text: "Don't leave debugging prints in library code; use the logger.", File: "AGENTS.md", Line: 12,
			HeaderPath: []string{"Coding Guidelines", "Logging"}, Level: policy.Must, Scope: policy.Scope{Dir: "src"}},
			Unenforced: "needs a model"},
	}}
}

func writeRepo(t *testing.T, files map[string]string) (string, []string) {
	root := t.TempDir()
	var list []string
	for p, c := range files {
		full := filepath.Join(root, p)
		os.MkdirAll(filepath.Dir(full), 0o755)
		os.WriteFile(full, []byte(c), 0o644)
		list = append(list, p)
	}
	return root, list
}

func answer(rules ...string) string {
	return fmt.Sprintf(`{"statement":"Library code under src/ must not call print(); it must log through the logger.","route":"source","enforceable":true,"reason":"a print call is visible in the source","rules":[%s]}`, strings.Join(rules, ","))
}

func patternRule(regex string, cases ...string) string {
	params, _ := json.Marshal(map[string]string{"regex": regex})
	ps, _ := json.Marshal(string(params))
	return fmt.Sprintf(`{"kind":"pattern","params_json":%s,"globs":["src/**/*.py"],"exclude":[],"exact":false,"message":"print() in library code","suggestion":"use logger.debug(...)","cases":[%s]}`, ps, strings.Join(cases, ","))
}

func pyCase(expect, path, code string) string {
	c, _ := json.Marshal(code)
	return fmt.Sprintf(`{"expect":%q,"argv":[],"shell":"","cwd":"","history":[],"path":%q,"code":%s,"files":[],"message":"","changed":[],"pr":"","note":""}`, expect, path, c)
}

var goodCases = []string{
	pyCase("violated", "src/app/util.py", "def f():\n    print('debug')\n"),
	pyCase("satisfied", "src/app/util.py", "def f():\n    log.debug('x')\n"),
	pyCase("inapplicable", "tests/test_util.py", "print('fine in tests')\n"),
}

func run(t *testing.T, m *fakeModel, root string, files []string, p *policy.Policy) *Report {
	t.Helper()
	srv := httptest.NewServer(m)
	t.Cleanup(srv.Close)
	rep, err := Compile(context.Background(), p, Options{
		Client: client(t, srv.URL, root), Registry: registry(), Root: root, Files: files,
		Context: &recognize.RepoContext{Languages: []string{"python"}, Dirs: []string{"src", "src/app", "tests"}, Tools: []string{"uv"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

var repoFiles = map[string]string{
	"src/app/core.py":    "import logging\nlog = logging.getLogger(__name__)\n\ndef run():\n    print('left over')\n",
	"src/app/clean.py":   "def ok():\n    return 1\n",
	"tests/test_core.py": "print('tests may print')\n",
	"pyproject.toml":     "[project]\nname = 'app'\n",
}

func TestAcceptedRuleEntersThePolicyAndIsCached(t *testing.T) {
	root, files := writeRepo(t, repoFiles)
	m := &fakeModel{answer: func(int, []string) string { return answer(patternRule(`\bprint\(`, goodCases...)) }}
	p := testPolicy()
	rep := run(t, m, root, files, p)
	if rep.Sent != 1 || rep.Compiled != 1 || m.count() != 1 {
		t.Fatalf("sent %d compiled %d requests %d: only the uncompiled must constraint goes to the model", rep.Sent, rep.Compiled, m.count())
	}
	e := p.Entries[2]
	if len(e.Rules) != 1 || e.Unenforced != "" {
		t.Fatalf("entry %+v", e)
	}
	r := e.Rules[0]
	// A model's rule of a must constraint warns, for review, until a person raises it.
	if r.Origin != "llm:fake-coder" || r.ID != "c-print.pattern.1" || r.Severity != policy.SeverityWarning || !r.NeedsReview() || r.Domain != policy.DomainSource ||
		r.Generated != policy.Fingerprint(&r) || len(r.Cases) != 3 {
		t.Fatalf("rule %+v", r)
	}
	if r.Scope.Dir != "src" || len(r.Scope.Globs) != 1 {
		t.Errorf("scope %+v: the constraint's dir with the model's globs", r.Scope)
	}
	if a := rep.Results[0].Rules[0]; a.Findings != 1 || a.Files != 1 {
		t.Errorf("dry run found %d findings in %d files, want 1 in src/app/core.py (tests/ is out of scope)", a.Findings, a.Files)
	}
	// What the model was told: the constraint with its header path and scope, and the
	// repository's layout.
	msgs := m.requests[0]["messages"].([]any)
	user := msgs[1].(map[string]any)["content"].(string)
	for _, want := range []string{`"Coding Guidelines"`, `"Logging"`, `"dir": "src"`, `"top_directories"`, `"src/app"`, `pyproject.toml`, `"python"`} {
		if !strings.Contains(user, want) {
			t.Errorf("user message lacks %s:\n%s", want, user)
		}
	}
	sys := msgs[0].(map[string]any)["content"].(string)
	if !strings.Contains(sys, "- judge (domain semantic)") || !strings.Contains(sys, "- script") || !strings.Contains(sys, `- pattern (domain source)`) || !strings.Contains(sys, `"regex": RE2`) {
		t.Errorf("system prompt does not describe the kinds:\n%s", sys)
	}
	// The repository's own rules are no examples: the prompt is the same everywhere.
	if strings.Contains(sys, `{"regex":"x"}`) {
		t.Errorf("system prompt shows the policy's own rule as an example:\n%s", sys)
	}
	// A recompile of the unchanged constraint costs nothing.
	p2 := testPolicy()
	run(t, m, root, files, p2)
	if m.count() != 1 || len(p2.Entries[2].Rules) != 1 {
		t.Fatalf("recompile sent %d requests, want the cached answer", m.count()-1)
	}
}

func TestQueryThatDoesNotCompileIsRetriedWithTheError(t *testing.T) {
	root, files := writeRepo(t, repoFiles)
	m := &fakeModel{answer: func(n int, users []string) string {
		if n == 1 {
			return answer(patternRule(`\bprint\((`, goodCases...))
		}
		return answer(patternRule(`\bprint\(`, goodCases...))
	}}
	p := testPolicy()
	rep := run(t, m, root, files, p)
	if rep.Compiled != 1 || rep.Results[0].Attempts != 2 {
		t.Fatalf("report %+v", rep)
	}
	msgs := m.requests[1]["messages"].([]any)
	if len(msgs) != 4 || msgs[2].(map[string]any)["role"] != "assistant" {
		t.Fatalf("the retry must carry the rejected answer: %v", msgs)
	}
	retry := msgs[3].(map[string]any)["content"].(string)
	if !strings.Contains(retry, "params.regex") || !strings.Contains(retry, "missing closing )") {
		t.Errorf("retry message does not pass on the compile error:\n%s", retry)
	}
}

func TestCasesThatContradictTheRuleAreRejectedTwiceThenRecorded(t *testing.T) {
	root, files := writeRepo(t, repoFiles)
	// The model claims logger calls violate and print is fine: the rule disagrees.
	bad := answer(patternRule(`\bprint\(`,
		pyCase("violated", "src/app/util.py", "log.debug('x')\n"),
		pyCase("satisfied", "src/app/util.py", "print('debug')\n")))
	m := &fakeModel{answer: func(int, []string) string { return bad }}
	p := testPolicy()
	rep := run(t, m, root, files, p)
	if rep.Rejected != 1 || m.count() != 2 || len(p.Entries[2].Rules) != 0 {
		t.Fatalf("report %+v, %d requests", rep, m.count())
	}
	u := p.Entries[2].Unenforced
	if !strings.HasPrefix(u, ReasonRejected) || !strings.Contains(u, "case 1 (expect violated, path src/app/util.py) got satisfied") || !strings.Contains(u, "case 2 (expect satisfied") {
		t.Fatalf("unenforced %q", u)
	}
}

func scriptRule(source string, cases ...string) string {
	params, _ := json.Marshal(map[string]any{"source": source, "timeout_ms": 300})
	ps, _ := json.Marshal(string(params))
	return fmt.Sprintf(`{"kind":"script","params_json":%s,"globs":[],"exclude":[],"exact":false,"message":"print() in library code","suggestion":"use the logger","cases":[%s]}`, ps, strings.Join(cases, ","))
}

func TestScriptThatLoopsIsRejected(t *testing.T) {
	root, files := writeRepo(t, repoFiles)
	loops := "def check(t):\n    n = 0\n    while True:\n        n += 1\n    return None\n"
	m := &fakeModel{answer: func(int, []string) string {
		return answer(scriptRule(loops, goodCases[0], goodCases[1]))
	}}
	p := testPolicy()
	rep := run(t, m, root, files, p)
	if rep.Rejected != 1 || len(p.Entries[2].Rules) != 0 {
		t.Fatalf("a looping script was accepted: %+v", rep.Results[0])
	}
	if u := p.Entries[2].Unenforced; !strings.Contains(u, "got undetermined") {
		t.Fatalf("unenforced %q should say the cases came out undetermined", u)
	}
}

func TestWorkingScriptIsAccepted(t *testing.T) {
	root, files := writeRepo(t, repoFiles)
	src := "def check(t):\n    return [{\"line\": i + 1, \"message\": \"print\"} for i, l in enumerate(t[\"content\"].split(\"\\n\")) if re.search(r\"\\bprint\\(\", l)]\n"
	m := &fakeModel{answer: func(int, []string) string { return answer(scriptRule(src, goodCases[0], goodCases[1])) }}
	p := testPolicy()
	rep := run(t, m, root, files, p)
	if rep.Compiled != 1 {
		t.Fatalf("report %+v problems %v err %v", rep, rep.Results[0].Problems, rep.Results[0].Err)
	}
	if r := p.Entries[2].Rules[0]; r.Kind != "script" || r.Domain != policy.DomainSource {
		t.Fatalf("a script rule takes its domain from the route: %+v", r)
	}
}

func TestDryRunCrashRejects(t *testing.T) {
	files := map[string]string{"src/app/gen.py": "# PANIC-ME\n"}
	for k, v := range repoFiles {
		files[k] = v
	}
	root, list := writeRepo(t, files)
	m := &fakeModel{answer: func(int, []string) string { return answer(patternRule(`\bprint\(`, goodCases...)) }}
	p := testPolicy()
	rep := run(t, m, root, list, p)
	if rep.Rejected != 1 || !strings.Contains(p.Entries[2].Unenforced, "dry run over the repository failed on src/app/gen.py") {
		t.Fatalf("report %+v unenforced %q", rep, p.Entries[2].Unenforced)
	}
}

func TestModelDeclinesAndFailures(t *testing.T) {
	root, files := writeRepo(t, repoFiles)
	m := &fakeModel{answer: func(int, []string) string {
		return `{"statement":"Ask in Slack before large refactors.","route":"none","enforceable":false,"reason":"it is about talking to people","rules":[]}`
	}}
	p := testPolicy()
	rep := run(t, m, root, files, p)
	if rep.NotEnforceable != 1 || p.Entries[2].Unenforced != ReasonModelDeclined+"it is about talking to people" || m.count() != 1 {
		t.Fatalf("declined: %+v %q", rep, p.Entries[2].Unenforced)
	}

	failing := &fakeModel{status: http.StatusInternalServerError}
	root, files = writeRepo(t, repoFiles) // a fresh cache: the declined answer is cached
	p = testPolicy()
	rep = run(t, failing, root, files, p)
	if rep.Failed != 1 || p.Entries[2].Unenforced != "needs a model" || rep.Results[0].Err == nil {
		t.Fatalf("a failed call must leave the entry as compiled offline: %+v %q", rep, p.Entries[2].Unenforced)
	}
}

func TestJudgeRouteAndUnknownKinds(t *testing.T) {
	root, files := writeRepo(t, repoFiles)
	judge := `{"statement":"s","route":"semantic","enforceable":true,"reason":"design intent","rules":[{"kind":"judge","params_json":"{\"rubric\":\"Does library code log through the logger instead of printing?\"}","globs":[],"exclude":[],"exact":true,"message":"","suggestion":"","cases":[]}]}`
	m := &fakeModel{answer: func(int, []string) string { return judge }}
	p := testPolicy()
	if rep := run(t, m, root, files, p); rep.Compiled != 1 {
		t.Fatalf("judge: %+v %v", rep, rep.Results[0].Problems)
	}
	r := p.Entries[2].Rules[0]
	if r.Exact || r.Domain != policy.DomainSemantic || len(r.Cases) == 0 || r.Message != "s" {
		t.Errorf("judge rule %+v: never exact, heed's own cases, statement as message", r)
	}

	unknown := `{"statement":"s","route":"source","enforceable":true,"reason":"r","rules":[{"kind":"regex-ban","params_json":"{}","globs":[],"exclude":[],"exact":true,"message":"","suggestion":"","cases":[]}]}`
	m = &fakeModel{answer: func(int, []string) string { return unknown }}
	root, files = writeRepo(t, repoFiles)
	p = testPolicy()
	run(t, m, root, files, p)
	if u := p.Entries[2].Unenforced; !strings.Contains(u, `unknown kind "regex-ban" (known: judge, pattern, script)`) {
		t.Fatalf("unenforced %q", u)
	}
}

func TestAnswerOutsideTheSchemaIsRetried(t *testing.T) {
	root, files := writeRepo(t, repoFiles)
	m := &fakeModel{answer: func(n int, _ []string) string { return `{"statement":"s","route":"source"}` }}
	p := testPolicy()
	rep := run(t, m, root, files, p)
	if rep.Failed != 1 || !strings.Contains(rep.Results[0].Err.Error(), "does not match the schema") {
		t.Fatalf("report %+v err %v", rep, rep.Results[0].Err)
	}
}

func TestCarryKeepsModelRulesOfUnchangedConstraints(t *testing.T) {
	old := testPolicy()
	// a reviewer raised the model's warning to an error: recompiling keeps their word
	old.Entries[2].Rules = []policy.Rule{{ID: "c-print.pattern.1", Kind: "pattern", Origin: "llm:fake-coder", Severity: policy.SeverityError,
		Review: modelReview("llm:fake-coder"), Generated: "fingerprint-of-the-warning"}}
	old.Entries[2].Unenforced = ""
	fresh := testPolicy()
	fresh.Entries = append(fresh.Entries, policy.Entry{Constraint: policy.Constraint{ID: "c-new", Level: policy.Must}, Unenforced: "needs a model"})
	if n := Carry(old, fresh); n != 1 {
		t.Fatalf("carried %d", n)
	}
	if len(fresh.Entries[2].Rules) != 1 || fresh.Entries[2].Unenforced != "" || len(fresh.Entries[0].Rules) != 1 {
		t.Fatalf("entries %+v", fresh.Entries)
	}
	if r := fresh.Entries[2].Rules[0]; r.Severity != policy.SeverityError || !r.Edited() {
		t.Fatalf("the reviewer's error became %s (edited %v)", r.Severity, r.Edited())
	}
	if got := Candidates(fresh); len(got) != 1 || fresh.Entries[got[0]].ID != "c-new" {
		t.Fatalf("candidates after carrying %v: only the new constraint goes to the model", got)
	}
}

// The offline compiler's design-intent fallback (a judge rule) is a candidate too: a
// model may find a mechanical check. A declined or rejected answer keeps the judge rule.
func TestOfflineJudgeFallbackIsReplacedOnlyByAnAcceptedRule(t *testing.T) {
	withJudge := func() *policy.Policy {
		p := testPolicy()
		e := &p.Entries[2]
		r := semantic.NewRule(&e.Constraint, semantic.OnFiles)
		r.ID, r.Origin = "c-print.judge.1", "semantic"
		r.Generated = policy.Fingerprint(&r)
		e.Rules, e.Unenforced = []policy.Rule{r}, ""
		return p
	}
	edited := withJudge()
	edited.Entries[2].Rules[0].Params = json.RawMessage(`{"rubric":"my own words"}`)
	if got := Candidates(edited); len(got) != 0 {
		t.Fatalf("a hand-edited judge rule was sent to the model: %v", got)
	}

	root, files := writeRepo(t, repoFiles)
	m := &fakeModel{answer: func(int, []string) string { return answer(patternRule(`\bprint\(`, goodCases...)) }}
	p := withJudge()
	if rep := run(t, m, root, files, p); rep.Sent != 1 || rep.Compiled != 1 {
		t.Fatalf("report %+v", rep)
	}
	if rs := p.Entries[2].Rules; len(rs) != 1 || rs[0].Kind != "pattern" {
		t.Fatalf("rules %+v: the accepted rule replaces the judge fallback", rs)
	}

	root, files = writeRepo(t, repoFiles)
	m = &fakeModel{answer: func(int, []string) string { return answer(patternRule(`(`, goodCases...)) }}
	p = withJudge()
	if rep := run(t, m, root, files, p); rep.Rejected != 1 {
		t.Fatalf("report %+v", rep)
	}
	if rs := p.Entries[2].Rules; len(rs) != 1 || rs[0].Kind != semantic.KindJudge || p.Entries[2].Unenforced != "" {
		t.Fatalf("a rejected answer must leave the judge rule: %+v %q", rs, p.Entries[2].Unenforced)
	}
}

// fixedRecognizer compiles one sentence shape into a pattern rule, standing in for the
// build's recognisers.
type fixedRecognizer struct{}

func (fixedRecognizer) Name() string { return "fixed" }
func (fixedRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	if spans := recognize.CodeSpans(c.Text); strings.HasPrefix(c.Text, "Do not use") && len(spans) > 0 {
		p, _ := json.Marshal(map[string]string{"regex": regexp.QuoteMeta(spans[0])})
		return recognize.Result{Rules: []policy.Rule{{Domain: policy.DomainSource, Kind: "pattern", Params: p}}}
	}
	return recognize.Result{}
}

func TestKindsAreDescribedByTheRecognisersOwnRules(t *testing.T) {
	ex := recognizerExamples([]recognize.Recognizer{fixedRecognizer{}})
	if got := ex["pattern"]; len(got) != 2 || got[0] != `{"regex":"git push --force"}` {
		t.Fatalf("examples %v", got)
	}
	none := func(*policy.Rule) (engine.Check, error) { return nil, nil }
	reg := engine.NewRegistry(
		engine.Kind{Name: "pattern", Domain: "source", Compile: none},
		engine.Kind{Name: "mystery", Domain: "source", Compile: none},
		engine.Kind{Name: "script", Doc: "a program", Compile: none})
	infos := kindInfos(reg, ex)
	if len(infos) != 2 || infos[0].name != "pattern" || len(infos[0].examples) != 2 || infos[1].name != "script" || infos[1].doc != "a program" {
		t.Fatalf("infos %+v: a kind with neither doc nor example is left out", infos)
	}
}

// The same compile over the Anthropic Messages protocol: the answer arrives as the
// forced tool call's input.
func TestCompileOverAnthropicToolUse(t *testing.T) {
	root, files := writeRepo(t, repoFiles)
	var sawTool bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Tools      []struct{ Name string }
			ToolChoice struct{ Type, Name string } `json:"tool_choice"`
		}
		json.NewDecoder(r.Body).Decode(&req)
		sawTool = len(req.Tools) == 1 && req.Tools[0].Name == SchemaName && req.ToolChoice.Name == SchemaName
		var input any
		json.Unmarshal([]byte(answer(patternRule(`\bprint\(`, goodCases...))), &input)
		json.NewEncoder(w).Encode(map[string]any{
			"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-3-5-haiku-20241022",
			"content":     []any{map[string]any{"type": "tool_use", "id": "toolu_1", "name": SchemaName, "input": input}},
			"stop_reason": "tool_use", "usage": map[string]any{"input_tokens": 2100, "output_tokens": 380},
		})
	}))
	defer srv.Close()
	cfg, err := llm.Resolve(root, func(k string) string {
		return map[string]string{"HEED_LLM_PROVIDER": "anthropic", "HEED_LLM_MODEL": "claude-3-5-haiku-latest", "HEED_LLM_BASE_URL": srv.URL, "ANTHROPIC_API_KEY": "sk-ant"}[k]
	}, llm.Flags{})
	if err != nil {
		t.Fatal(err)
	}
	c, _ := llm.New(cfg)
	p := testPolicy()
	rep, err := Compile(context.Background(), p, Options{Client: c, Registry: registry(), Root: root, Files: files})
	if err != nil || rep.Compiled != 1 || !sawTool {
		t.Fatalf("report %+v err %v tool %v", rep, err, sawTool)
	}
	if r := p.Entries[2].Rules[0]; r.Origin != "llm:claude-3-5-haiku-latest" {
		t.Fatalf("origin %q", r.Origin)
	}
	// 2100 input tokens at $0.80/M + 380 output at $4/M.
	if s := c.Stats(); s.Cost < 0.00319 || s.Cost > 0.00321 {
		t.Fatalf("cost %v", s.Cost)
	}
}

func TestRepoEvidenceSkipsWhatCheckSkipsAndHasRecentCommits(t *testing.T) {
	root, files := writeRepo(t, map[string]string{
		"src/a.py":             "print('x')\n",
		"gen/api.pb.go":        "// Code generated by protoc-gen-go. DO NOT EDIT.\npackage api\n",
		"vendor/lib/x.go":      "package x\n",
		".heed/cache/llm/x.js": "{}\n",
	})
	git := func(args ...string) {
		cmd := exec.Command("git", append([]string{"-C", root, "-c", "user.name=t", "-c", "user.email=t@heed.invalid"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "feat: first")
	git("commit", "-q", "--allow-empty", "-m", "fixed stuff")
	ev, err := RepoEvidence(root, files)
	if err != nil {
		t.Fatal(err)
	}
	if len(ev.Files) != 1 || ev.Files[0].Path != "src/a.py" {
		var got []string
		for _, f := range ev.Files {
			got = append(got, f.Path)
		}
		t.Fatalf("files %v: generated, vendored and .heed/ files are not the repository's code", got)
	}
	if len(ev.Commits) != 2 || ev.Commits[1].Message != "fixed stuff" {
		t.Fatalf("commits %+v", ev.Commits)
	}
}

// An example shows what a model writes, not what heed derives: a query's needles and
// the catalogue entry are left out.
func TestExamplesLeaveOutDerivedParams(t *testing.T) {
	got := exampleParams(json.RawMessage(`{"entry":"ts-any","needles":["any"],"queries":{"typescript":"((predefined_type) @match)"}}`))
	if got != `{"queries":{"typescript":"((predefined_type) @match)"}}` {
		t.Fatalf("example %s", got)
	}
}

// The offline compiler's review stands in front of the model: a rule it doubts (a
// ban of what the instruction file shows as normal use) is rejected with the reason,
// which the model reads on its retry; a rule it does not doubt passes.
func TestGateRejectsWhatTheOfflineReviewDoubts(t *testing.T) {
	c := &testPolicy().Entries[2].Constraint
	var reviewed []string
	g := &Gate{Registry: registry(), Origin: "llm:fake", Review: func(_ *policy.Constraint, r *policy.Rule) string {
		reviewed = append(reviewed, string(r.Params))
		if strings.Contains(string(r.Params), "print") {
			return "it would block `print(x)`, which AGENTS.md:7 shows as normal use"
		}
		return ""
	}}
	var a Answer
	if err := json.Unmarshal([]byte(answer(patternRule(`\bprint\(`, goodCases...))), &a); err != nil {
		t.Fatal(err)
	}
	acc, problems := g.Check(c, a)
	if len(acc) != 0 || len(problems) != 1 || !strings.Contains(problems[0], "heed's reading of the instruction file doubts it: it would block `print(x)`, which AGENTS.md:7 shows as normal use") {
		t.Fatalf("accepted %d, problems %q", len(acc), problems)
	}
	if err := json.Unmarshal([]byte(answer(patternRule(`\bbreakpoint\(`,
		pyCase("violated", "src/app/util.py", "breakpoint()\n"), pyCase("satisfied", "src/app/util.py", "log.debug(x)\n")))), &a); err != nil {
		t.Fatal(err)
	}
	if acc, problems := g.Check(c, a); len(acc) != 1 || len(problems) != 0 {
		t.Fatalf("a rule the review does not doubt: accepted %d, problems %q", len(acc), problems)
	}
	if len(reviewed) != 2 {
		t.Errorf("the review saw %d rules, want 2", len(reviewed))
	}
}

// The model's exclusions take the files the instruction exempts out of the rule's
// scope (the dry run no longer counts them); a malformed one is sent back.
func TestExcludeGlobsNarrowTheScope(t *testing.T) {
	files := map[string]string{"src/app/cli.py": "def main():\n    print('usage')\n"}
	for p, c := range repoFiles {
		files[p] = c
	}
	root, list := writeRepo(t, files)
	withExclude := func(ex string) string {
		return strings.Replace(patternRule(`\bprint\(`, goodCases...), `"exclude":[]`, `"exclude":[`+ex+`]`, 1)
	}
	m := &fakeModel{answer: func(int, []string) string { return answer(withExclude(`"src/app/cli.py"`)) }}
	p := testPolicy()
	rep := run(t, m, root, list, p)
	if rep.Compiled != 1 {
		t.Fatalf("compiled %d, want 1", rep.Compiled)
	}
	r := p.Entries[2].Rules[0]
	if !slices.Equal(r.Scope.Exclude, []string{"src/app/cli.py"}) {
		t.Errorf("scope %+v: the model's exclusion belongs in the scope", r.Scope)
	}
	if a := rep.Results[0].Rules[0]; a.Findings != 1 {
		t.Errorf("dry run found %d findings, want 1 (src/app/cli.py is excluded)", a.Findings)
	}

	bad := &fakeModel{answer: func(int, []string) string { return answer(withExclude(`"src/[app"`)) }}
	p = testPolicy()
	root, list = writeRepo(t, files) // a fresh cache
	rep = run(t, bad, root, list, p)
	if rep.Compiled != 0 || bad.count() < 2 {
		t.Errorf("compiled %d after %d requests: a malformed exclusion is sent back, not kept", rep.Compiled, bad.count())
	}
}

// The model's globs narrow the instruction file's own; one outside them is sent back.
func TestGlobWithin(t *testing.T) {
	for _, c := range []struct {
		g     string
		outer []string
		want  bool
	}{
		{"src/**/scripts/**", []string{"src/**", "config/**"}, true},
		{"src/**/*.{ts,tsx}", []string{"**/*.ts", "**/*.tsx"}, true},
		{"src/**/*.{ts,js}", []string{"**/*.ts"}, false},
		{"lib/**", []string{"src/**"}, false},
		{"/src/a.py", []string{"src/**"}, true},
		{"**/*.py", []string{"src/**"}, false},
	} {
		if got := globWithin(c.g, c.outer); got != c.want {
			t.Errorf("globWithin(%q, %q) = %v, want %v", c.g, c.outer, got, c.want)
		}
	}
	c := &testPolicy().Entries[2].Constraint
	c.Scope.Globs = []string{"src/**"}
	g := &Gate{Registry: registry(), Origin: "llm:fake"}
	var a Answer
	if err := json.Unmarshal([]byte(answer(strings.Replace(patternRule(`\bprint\(`, goodCases...), `"globs":["src/**/*.py"]`, `"globs":["**/*.py"]`, 1))), &a); err != nil {
		t.Fatal(err)
	}
	if acc, problems := g.Check(c, a); len(acc) != 0 || len(problems) != 1 || !strings.Contains(problems[0], "not within the files the instruction file governs") {
		t.Errorf("a glob wider than the file's own: accepted %d, problems %q", len(acc), problems)
	}
	if err := json.Unmarshal([]byte(answer(patternRule(`\bprint\(`, goodCases...))), &a); err != nil {
		t.Fatal(err)
	}
	acc, problems := g.Check(c, a)
	if len(acc) != 1 || len(problems) != 0 || !slices.Equal(acc[0].Rule.Scope.Globs, []string{"src/**/*.py"}) {
		t.Errorf("a glob within the file's own: accepted %+v, problems %q", acc, problems)
	}
}

// A rule needs a case it flags and one it lets pass: satisfied, or inapplicable where
// the rule allows nothing of its kind; a rule with only violated cases is sent back.
func TestCasesMustShowWhatPasses(t *testing.T) {
	c := &testPolicy().Entries[2].Constraint
	g := &Gate{Registry: registry(), Origin: "llm:fake"}
	for _, tc := range []struct {
		cases []string
		ok    bool
	}{
		{[]string{goodCases[0]}, false},
		{[]string{goodCases[0], goodCases[2]}, true},
		{[]string{goodCases[0], goodCases[1]}, true},
		{[]string{goodCases[1], goodCases[2]}, false},
	} {
		var a Answer
		if err := json.Unmarshal([]byte(answer(patternRule(`\bprint\(`, tc.cases...))), &a); err != nil {
			t.Fatal(err)
		}
		acc, problems := g.Check(c, a)
		if (len(acc) == 1) != tc.ok {
			t.Errorf("cases %d: accepted %d, problems %q, want accepted %v", len(tc.cases), len(acc), problems, tc.ok)
		}
	}
}

// A request carries the sentence before the constraint in its section, which a
// fragment leans on, and nothing across a section's or a file's edge.
func TestRequestsCarryThePreviousSentence(t *testing.T) {
	entry := func(file string, hp []string, text string) policy.Entry {
		return policy.Entry{Constraint: policy.Constraint{File: file, HeaderPath: hp, Text: text}}
	}
	p := &policy.Policy{Entries: []policy.Entry{
		entry("AGENTS.md", []string{"Types"}, "Never use `any`."),
		entry("AGENTS.md", []string{"Types"}, "Not in types, not in casts, not in generics."),
		entry("AGENTS.md", []string{"Tests"}, "Keep tests fast."),
		entry("web/AGENTS.md", []string{"Tests"}, "Use vitest."),
	}}
	got := previousSentences(p)
	if !slices.Equal(got, []string{"", "Never use `any`.", "", ""}) {
		t.Errorf("previous sentences %q", got)
	}
	msg := userMessage(&p.Entries[1].Constraint, "", got[1], layoutData{})
	if !strings.Contains(msg, `"previous_sentence": "Never use `+"`any`"+`."`) {
		t.Errorf("the request lacks the previous sentence:\n%s", msg)
	}
	if strings.Contains(userMessage(&p.Entries[0].Constraint, "", "", layoutData{}), "previous_sentence") {
		t.Error("a section's first sentence has no previous one")
	}
}
