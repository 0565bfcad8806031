package audit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/audit/trajectory"
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/rules/contrib"
)

func TestRates(t *testing.T) {
	var r Rates
	for _, v := range []engine.Verdict{engine.Satisfied, engine.Satisfied, engine.Violated, engine.Undetermined, engine.Inapplicable} {
		r.Add(v)
	}
	r.Finish()
	if *r.Triggering != 0.8 || *r.Compliance != 2.0/3 {
		t.Fatalf("triggering %v compliance %v", *r.Triggering, *r.Compliance)
	}
	var empty Rates
	empty.Add(engine.Inapplicable)
	empty.Finish()
	if *empty.Triggering != 0 || empty.Compliance != nil {
		t.Fatal("nothing judged: compliance is undefined, not 0 or 1")
	}
}

// Checks standing in for other domains' kinds, so this package's tests do not depend
// on their recognisers: each is a real engine.Check over the evidence.

// npmCheck flags every npm command (a process rule: "use pnpm, not npm").
type npmCheck struct{}

func (npmCheck) Targets(ev *engine.Evidence) []engine.Target {
	var ts []engine.Target
	for i, c := range ev.Commands {
		if len(c.Argv) > 0 && c.Argv[0] == "npm" {
			ts = append(ts, engine.Target{Kind: engine.TargetCommand, Index: i})
		}
	}
	return ts
}

func (npmCheck) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	c := ev.Commands[t.Index]
	return engine.Result{Verdict: engine.Violated, Findings: []engine.Finding{{CommandIndex: c.Index, Command: c.Line, Message: "npm instead of pnpm"}}}
}

// consoleCheck flags console.log on touched lines of TypeScript files (a source rule).
type consoleCheck struct{}

func (consoleCheck) Targets(ev *engine.Evidence) []engine.Target {
	var ts []engine.Target
	for i, f := range ev.Files {
		if strings.HasSuffix(f.Path, ".ts") {
			ts = append(ts, engine.Target{Kind: engine.TargetFile, Index: i, Path: f.Path})
		}
	}
	return ts
}

func (consoleCheck) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	f := ev.Files[t.Index]
	var fs []engine.Finding
	for i, l := range strings.Split(string(f.Content), "\n") {
		if strings.Contains(l, "console.log") {
			fs = append(fs, engine.Finding{Path: f.Path, Line: i + 1, CommandIndex: -1, Message: "console.log", Snippet: strings.TrimSpace(l)})
		}
	}
	if len(fs) > 0 {
		return engine.Result{Verdict: engine.Violated, Findings: fs}
	}
	return engine.Result{Verdict: engine.Satisfied}
}

// panicCheck crashes (a broken rule must be undetermined, never a pass or a violation).
type panicCheck struct{ consoleCheck }

func (panicCheck) Judge(ev *engine.Evidence, t engine.Target) engine.Result { panic("boom") }

type testRule struct {
	id, domain, kind string
	params           any
	check            engine.Check
	text             string
}

func compiled(t *testing.T, rs []testRule) []engine.Compiled {
	t.Helper()
	reg := engine.NewRegistry(contrib.Kinds()...)
	var out []engine.Compiled
	for i, r := range rs {
		b, _ := json.Marshal(r.params)
		rule := &policy.Rule{ID: r.id, Domain: r.domain, Kind: r.kind, Params: b, Severity: policy.SeverityError, Exact: true}
		c := &policy.Constraint{ID: fmt.Sprintf("c%d", i), File: "AGENTS.md", Line: 10 + i, Text: r.text, HeaderPath: []string{"Rules"}}
		check := r.check
		if check == nil {
			var err error
			if check, err = reg.CompileRule(rule); err != nil {
				t.Fatalf("%s: %v", r.id, err)
			}
		}
		// as Registry.Bind does: the kind says what evidence its rules read
		k, _ := reg.Kind(r.kind)
		out = append(out, engine.Compiled{Rule: rule, Constraint: c, Check: check, Needs: k.Needs})
	}
	return out
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@x", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@x",
		"GIT_CONFIG_NOSYSTEM=1", "HOME="+dir, "GIT_AUTHOR_DATE=2026-03-02T10:00:00Z", "GIT_COMMITTER_DATE=2026-03-02T10:00:00Z")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

func write(t *testing.T, dir, rel, content string) {
	t.Helper()
	p := filepath.Join(dir, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// sessionRepo builds the repository the recorded session left: a base commit and the
// session's (amended) commit.
func sessionRepo(t *testing.T) (dir, base string) {
	dir = t.TempDir()
	git(t, dir, "init", "-q", "-b", "main")
	write(t, dir, "package.json", `{"name":"tally"}`+"\n")
	write(t, dir, "src/count.ts", "export function count(items: string[]): number {\n  return items.length;\n}\n")
	write(t, dir, "test/count.test.ts", "import { count } from \"../src/count\";\n")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "Initial commit")
	base = git(t, dir, "rev-parse", "HEAD")
	write(t, dir, "src/format.ts", "import { count } from \"./count\";\n\nexport function formatCount(items: string[]): string {\n  console.log(\"formatting\", items.length);\n  return `${count(items)} items`;\n}\n")
	write(t, dir, "src/count.ts", "export function count(items: string[]): number {\n  return items.filter((i) => i !== \"\").length;\n}\n")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "feat: add count formatting")
	return dir, base
}

func loadSample(t *testing.T, name string) *trajectory.Trajectory {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("../../testdata/trajectories", name))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := trajectory.Parse(data, "auto")
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func sessionRules(t *testing.T) []engine.Compiled {
	return compiled(t, []testRule{
		{id: "process.npm", domain: policy.DomainProcess, kind: "test", check: npmCheck{}, text: "Use pnpm, not npm."},
		{id: "source.console", domain: policy.DomainSource, kind: "test", check: consoleCheck{}, text: "No `console.log` in `src/`."},
		{id: "source.crash", domain: policy.DomainSource, kind: "test", check: panicCheck{}, text: "A rule whose check crashes."},
		{id: "commit.types", domain: policy.DomainContribution, kind: contrib.KindCommit, params: contrib.CommitParams{Check: contrib.CheckConventional, Types: []string{"feat", "fix"}}, text: "Allowed types: `feat`, `fix`."},
		{id: "commit.mood", domain: policy.DomainContribution, kind: contrib.KindCommit, params: contrib.CommitParams{Check: contrib.CheckMood, Mood: "imperative"}, text: "Write the subject in the imperative."},
		{id: "commit.signoff", domain: policy.DomainContribution, kind: contrib.KindCommit, params: contrib.CommitParams{Check: contrib.CheckTrailerRequired, Trailers: []string{"Signed-off-by"}}, text: "Sign off every commit."},
		{id: "change.tests", domain: policy.DomainContribution, kind: contrib.KindCochange, params: contrib.CochangeParams{If: []string{"/src/**"}, Then: []string{"/test/**"}, Need: "a test"}, text: "Changes under `src/` need tests."},
		{id: "change.header", domain: policy.DomainContribution, kind: contrib.KindNewFileHeader, params: contrib.HeaderParams{Header: []string{"// SPDX-License-Identifier: MIT"}, Globs: []string{"*.ts"}}, text: "Every new file starts with `// SPDX-License-Identifier: MIT`."},
		{id: "pr.disclosure", domain: policy.DomainContribution, kind: contrib.KindPR, params: contrib.PRParams{Check: contrib.PRDisclosure}, text: "Disclose AI assistance in the PR description."},
		{id: "pr.sections", domain: policy.DomainContribution, kind: contrib.KindPR, params: contrib.PRParams{Check: contrib.PRSections, Sections: []string{"Test plan"}}, text: "The PR has a `## Test plan` section."},
		{id: "commit.period", domain: policy.DomainContribution, kind: contrib.KindCommit, params: contrib.CommitParams{Check: contrib.CheckPeriod, Period: "forbid"}, text: "No period at the end of the subject."},
		{id: "merge", domain: policy.DomainContribution, kind: contrib.KindCommit, params: contrib.CommitParams{Check: contrib.CheckBreaking}, text: "Breaking changes carry both markers."},
	})
}

func verdictTable(r *Report) string {
	var rows []string
	for _, rr := range r.Rules {
		var where []string
		for _, v := range rr.Violations {
			s := fmt.Sprintf("step %d", v.Step)
			if v.Survived != nil {
				s += fmt.Sprintf(" survived=%v", *v.Survived)
			}
			where = append(where, s)
		}
		rows = append(rows, fmt.Sprintf("%-15s %-12s %s", rr.Rule, rr.Verdict, strings.Join(where, ", ")))
	}
	return strings.Join(rows, "\n")
}

// The recorded session, audited against the repository it left, gives exactly this
// table, whatever agent recorded it.
func TestAuditOfTheRecordedSession(t *testing.T) {
	dir, base := sessionRepo(t)
	want := strings.Join([]string{
		"process.npm     violated     step 1, step 2",
		"source.console  violated     step 3 survived=true",
		"source.crash    undetermined ",
		"commit.types    satisfied    ",
		"commit.mood     satisfied    ",
		"commit.signoff  violated     step 8 survived=true",
		"change.tests    violated     step 8 survived=true",
		"change.header   violated     step 3 survived=true",
		"pr.disclosure   violated     step 8 survived=true",
		"pr.sections     violated     step 8 survived=true",
		"commit.period   satisfied    ",
		"merge           inapplicable ",
	}, "\n")
	for _, name := range []string{"claude/session.jsonl", "openhands/events-v1.json", "openhands/events-v0.json"} {
		t.Run(name, func(t *testing.T) {
			rep, err := Run(Options{Repo: dir, Base: base, Trajectory: loadSample(t, name), TrajectoryPath: name, Rules: sessionRules(t), Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			// A PR finding is placed at the step the PR text came with: the final
			// message, after the last step.
			got := verdictTable(rep)
			if got != want {
				t.Fatalf("verdicts:\n%s\nwant:\n%s", got, want)
			}
			if len(rep.Blocked) != 1 || rep.Blocked[0].Step != 7 || rep.Blocked[0].Command != "git push --force origin main" {
				t.Errorf("blocked %+v: the refused force-push did not run", rep.Blocked)
			}
			// The first message, amended away, broke two commit rules during the session.
			var sess []string
			for _, v := range rep.Session {
				sess = append(sess, fmt.Sprintf("%s step %d survived=%v", v.Rule, v.Step, *v.Survived))
			}
			sort.Strings(sess)
			if w := "commit.mood step 6 survived=false,commit.signoff step 6 survived=false,commit.types step 6 survived=false"; strings.Join(sess, ",") != w {
				t.Errorf("session violations %v, want %s", sess, w)
			}
			m := rep.Metrics.Overall
			if m.Rules != 12 || m.Satisfied != 3 || m.Violated != 7 || m.Undetermined != 1 || m.Inapplicable != 1 {
				t.Errorf("counts %+v", m)
			}
			if fmt.Sprintf("%.4f %.4f", *m.Triggering, *m.Compliance) != "0.9167 0.3000" {
				t.Errorf("rates %.4f %.4f", *m.Triggering, *m.Compliance)
			}
			if d := rep.Metrics.Domain[policy.DomainProcess]; d.Violated != 1 || *d.Compliance != 0 {
				t.Errorf("process rates %+v", d)
			}
			if rep.Run.PR == "" || len(rep.Missing) != 0 {
				t.Errorf("PR from %q, missing %v", rep.Run.PR, rep.Missing)
			}
		})
	}
}

// Bad input: what could be read is judged; the rest is undetermined, never a crash.
func TestAuditWithMissingEvidence(t *testing.T) {
	dir, base := sessionRepo(t)
	verdicts := func(r *Report) map[string]engine.Verdict {
		m := map[string]engine.Verdict{}
		for _, rr := range r.Rules {
			m[rr.Rule] = rr.Verdict
		}
		return m
	}
	t.Run("base commit not in the repository", func(t *testing.T) {
		rep, err := Run(Options{Repo: dir, Base: "0123456789abcdef0123456789abcdef01234567", Trajectory: loadSample(t, "claude/session.jsonl"), Rules: sessionRules(t)})
		if err != nil {
			t.Fatal(err)
		}
		v := verdicts(rep)
		// The commits are read from the session's `git commit -m` commands instead.
		if v["commit.types"] != engine.Satisfied || v["commit.signoff"] != engine.Violated {
			t.Errorf("commit rules over the scraped commits: %v", v)
		}
		if v["source.console"] != engine.Undetermined || v["change.tests"] != engine.Undetermined || v["change.header"] != engine.Undetermined {
			t.Errorf("diff rules must be undetermined: %v", v)
		}
		if v["process.npm"] != engine.Violated {
			t.Errorf("the trajectory is still judged: %v", v)
		}
		if len(rep.Missing) == 0 || !strings.Contains(strings.Join(rep.Missing, "\n"), "diff: base 0123456789ab") {
			t.Errorf("missing %v", rep.Missing)
		}
		_ = base
	})
	t.Run("truncated trajectory", func(t *testing.T) {
		rep, err := Run(Options{Repo: dir, Base: base, Trajectory: loadSample(t, "claude/truncated.jsonl"), Rules: sessionRules(t)})
		if err != nil {
			t.Fatal(err)
		}
		v := verdicts(rep)
		if v["process.npm"] != engine.Violated || v["source.console"] != engine.Violated {
			t.Errorf("what was read is judged: %v", v)
		}
		if !strings.Contains(strings.Join(rep.Missing, "\n"), "truncated after 7 steps") {
			t.Errorf("missing %v", rep.Missing)
		}
	})
	t.Run("no trajectory at all", func(t *testing.T) {
		rep, err := Run(Options{Repo: dir, Base: base, TrajectoryErr: fmt.Errorf("x.json: not a JSON document"), Rules: sessionRules(t)})
		if err != nil {
			t.Fatal(err)
		}
		v := verdicts(rep)
		if v["process.npm"] != engine.Undetermined {
			t.Errorf("a process rule without a trajectory is undetermined: %v", v)
		}
		if v["source.console"] != engine.Violated || v["commit.signoff"] != engine.Violated {
			t.Errorf("the repository is still judged: %v", v)
		}
		if v["pr.disclosure"] != engine.Undetermined {
			t.Errorf("no PR text: undetermined, got %v", v["pr.disclosure"])
		}
	})
	t.Run("empty commit message and a binary file", func(t *testing.T) {
		git(t, dir, "commit", "-q", "--allow-empty", "--allow-empty-message", "-m", "")
		if err := os.WriteFile(filepath.Join(dir, "src", "logo.ts"), []byte("\x00\x01binary\x00"), 0o644); err != nil {
			t.Fatal(err)
		}
		git(t, dir, "add", "-A")
		git(t, dir, "commit", "-q", "-m", "fix: add the logo")
		rep, err := Run(Options{Repo: dir, Base: base, Trajectory: loadSample(t, "claude/session.jsonl"), Rules: sessionRules(t)})
		if err != nil {
			t.Fatal(err)
		}
		v := verdicts(rep)
		if v["commit.types"] != engine.Violated {
			t.Errorf("an empty message is not a Conventional Commits subject: %v", v["commit.types"])
		}
		var found bool
		for _, rr := range rep.Rules {
			for _, x := range rr.Violations {
				if x.File == "src/logo.ts" {
					t.Errorf("a binary file is not judged by file rules: %+v", x)
				}
				if rr.Rule == "commit.types" && strings.Contains(x.Message, "empty message") {
					found = true
				}
			}
		}
		if !found {
			t.Error("the empty message is named in the finding")
		}
		if !strings.Contains(strings.Join(rep.Warnings, "\n"), "src/logo.ts: binary file") {
			t.Errorf("warnings %v", rep.Warnings)
		}
	})
}

func TestWritersRenderEveryPart(t *testing.T) {
	dir, base := sessionRepo(t)
	rep, err := Run(Options{Repo: dir, Base: base, Trajectory: loadSample(t, "claude/session.jsonl"), TrajectoryPath: "session.jsonl", Rules: sessionRules(t)})
	if err != nil {
		t.Fatal(err)
	}
	var text, page, js bytes.Buffer
	if err := Write(&text, "text", rep); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"[process] step 1: $ npm install left-pad: npm instead of pnpm", `Rule: "Use pnpm, not npm."`,
		"[source] step 3: src/format.ts:4", "(in the final change)", "During the session, not in the final change (3):",
		"step 7: git push --force origin main", "overall", "91.7%", "30.0%"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text report lacks %q:\n%s", want, text.String())
		}
	}
	if err := Write(&page, "html", rep); err != nil {
		t.Fatal(err)
	}
	h := page.String()
	for _, bad := range []string{"http://", "https://", "<script", "src=", "@import", "url("} {
		if strings.Contains(h, bad) {
			t.Errorf("the HTML page must load nothing: it contains %q", bad)
		}
	}
	for _, want := range []string{"<svg", "npm instead of pnpm", "Use pnpm, not npm.", "91.7%"} {
		if !strings.Contains(h, want) {
			t.Errorf("HTML lacks %q", want)
		}
	}
	if err := Write(&js, "json", rep); err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || len(back.Rules) != len(rep.Rules) || back.Version != ReportVersion {
		t.Fatalf("JSON round trip: %v", err)
	}
}
