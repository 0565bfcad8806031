package project

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// grepKind is a test kind with a typed, validated param: a regular expression.
var grepKind = engine.Kind{Name: "testgrep", Domain: policy.DomainSource, Compile: func(r *policy.Rule) (engine.Check, error) {
	var p struct {
		Pattern string `json:"pattern"`
	}
	if err := json.Unmarshal(r.Params, &p); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return nil, fmt.Errorf("params.%s: must be %s, not %s", te.Field, te.Type, te.Value)
		}
		return nil, fmt.Errorf("params: %v", err)
	}
	re, err := regexp.Compile(p.Pattern)
	if err != nil {
		return nil, fmt.Errorf("params.pattern: %v", err)
	}
	return grep{re}, nil
}}

type grep struct{ re *regexp.Regexp }

func (g grep) Targets(ev *engine.Evidence) []engine.Target {
	var out []engine.Target
	for i, f := range ev.Files {
		out = append(out, engine.Target{Kind: engine.TargetFile, Index: i, Path: f.Path})
	}
	return out
}

func (g grep) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	if g.re.Match(ev.Files[t.Index].Content) {
		return engine.Result{Verdict: engine.Violated, Reason: "matched"}
	}
	return engine.Result{Verdict: engine.Satisfied}
}

// noPrint compiles "Never use `print(`" into a testgrep rule.
type noPrint struct{ pattern string }

func (noPrint) Name() string { return "test.no-print" }
func (r noPrint) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	if !strings.Contains(c.Text, "print") {
		return recognize.Result{}
	}
	params, _ := json.Marshal(map[string]string{"pattern": r.pattern})
	return recognize.Result{Rules: []policy.Rule{{Domain: policy.DomainSource, Kind: "testgrep", Params: params, Exact: true}}}
}

func opts(pattern string) Options {
	return Options{
		Registry:    engine.NewRegistry(grepKind),
		Recognizers: []recognize.Recognizer{noPrint{pattern}},
		Load: func(root string) (*instr.Set, error) {
			return &instr.Set{Root: root, Files: []instr.File{{Path: "AGENTS.md", Format: "agents", SHA256: strings.Repeat("1", 64)}},
				Constraints: []policy.Constraint{
					{ID: "p1", Text: "Never use `print(` in library code.", File: "AGENTS.md", Line: 2, Level: policy.Must},
					{ID: "p2", Text: "Keep it simple.", File: "AGENTS.md", Line: 3, Level: policy.Should},
				}}, nil
		},
		Files: func(string) ([]string, error) { return []string{"AGENTS.md", "lib/a.py"}, nil },
	}
}

func TestZeroConfigCompilesInMemory(t *testing.T) {
	root := t.TempDir()
	p, err := OpenWith(root, opts(`\bprint\(`))
	if err != nil {
		t.Fatal(err)
	}
	if p.FromFile || len(p.Rules) != 1 || p.Rules[0].Rule.ID != "p1.testgrep.1" || p.Rules[0].Constraint.ID != "p1" {
		t.Fatalf("zero-config project: fromFile %v rules %+v", p.FromFile, p.Rules)
	}
	if got := p.Select(policy.DomainSource); len(got) != 1 {
		t.Fatalf("select source: %d rules", len(got))
	}
	if got := p.Select(policy.DomainProcess); len(got) != 0 {
		t.Fatalf("select process: %d rules", len(got))
	}
	if _, err := os.Stat(PolicyPath(root)); !os.IsNotExist(err) {
		t.Fatal("zero-config must not write a policy file")
	}
}

// A recogniser that emits a broken rule must not stop heed: the rule is dropped with a
// warning naming it.
func TestZeroConfigDropsBrokenGeneratedRules(t *testing.T) {
	p, err := OpenWith(t.TempDir(), opts(`print(`))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Rules) != 0 || len(p.Warnings) != 1 || !strings.Contains(p.Warnings[0], "p1.testgrep.1") {
		t.Fatalf("rules %d warnings %q", len(p.Rules), p.Warnings)
	}
	if e := p.Policy.Entries[0]; e.Unenforced != ReasonBrokenRule {
		t.Fatalf("the constraint must say why it is unenforced, got %q", e.Unenforced)
	}
}

func writePolicy(t *testing.T, root string, edit func(r map[string]any)) {
	t.Helper()
	pol, _, _, err := CompileRepo(root, opts(`\bprint\(`))
	if err != nil {
		t.Fatal(err)
	}
	data, _ := policy.Marshal(pol)
	var m map[string]any
	json.Unmarshal(data, &m)
	edit(m["constraints"].([]any)[0].(map[string]any)["rules"].([]any)[0].(map[string]any))
	data, _ = json.MarshalIndent(m, "", "  ")
	os.MkdirAll(filepath.Join(root, ".heed"), 0o755)
	if err := os.WriteFile(PolicyPath(root), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestPolicyFileErrorsNameThePathAndRule(t *testing.T) {
	for _, c := range []struct {
		name string
		edit func(r map[string]any)
		want []string
	}{
		{"valid", func(r map[string]any) {}, nil},
		{"unknown kind", func(r map[string]any) { r["kind"] = "nosuch" }, []string{".heed/policy.json", "/constraints/0/rules/0/kind", "rule p1.testgrep.1", `unknown rule kind "nosuch"`}},
		{"bad regex", func(r map[string]any) { r["params"] = map[string]any{"pattern": "(unclosed"} }, []string{"/constraints/0/rules/0/params/pattern", "rule p1.testgrep.1", "missing closing )"}},
		{"wrong param type", func(r map[string]any) { r["params"] = map[string]any{"pattern": 42} }, []string{"/constraints/0/rules/0/params/pattern", "must be string"}},
		{"schema", func(r map[string]any) { r["severity"] = "fatal" }, []string{"/constraints/0/rules/0/severity", "rule p1.testgrep.1"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			writePolicy(t, root, c.edit)
			p, err := OpenWith(root, opts(`\bprint\(`))
			if c.want == nil {
				if err != nil || !p.FromFile || len(p.Rules) != 1 {
					t.Fatalf("a valid policy file: err %v", err)
				}
				return
			}
			if err == nil {
				t.Fatal("a broken policy file loaded")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}

func TestStaleNamesChangedInstructionFiles(t *testing.T) {
	root := t.TempDir()
	os.WriteFile(filepath.Join(root, "AGENTS.md"), []byte("- Never use `print(`.\n"), 0o644)
	o := opts(`\bprint\(`)
	o.Load = nil // the real loader: hashes must be real
	pol, _, _, err := CompileRepo(root, o)
	if err != nil {
		t.Fatal(err)
	}
	data, err := policy.Marshal(pol)
	if err != nil {
		t.Fatal(err)
	}
	if err := policy.WriteAtomic(PolicyPath(root), data); err != nil {
		t.Fatal(err)
	}
	p, err := OpenWith(root, o)
	if err != nil {
		t.Fatal(err)
	}
	if st, err := p.Stale(); err != nil || len(st) != 0 {
		t.Fatalf("fresh policy: stale %v, %v", st, err)
	}
	os.WriteFile(filepath.Join(root, "AGENTS.md"), []byte("- Never use `print(` in src.\n"), 0o644)
	os.WriteFile(filepath.Join(root, "CLAUDE.md"), []byte("- Be brief.\n"), 0o644)
	if st, _ := p.Stale(); len(st) != 2 || st[0] != "AGENTS.md" || st[1] != "CLAUDE.md" {
		t.Fatalf("stale %v, want the changed and the new file", st)
	}
}

func TestFindByIDOrPrefix(t *testing.T) {
	p := &policy.Policy{Entries: []policy.Entry{
		{Constraint: policy.Constraint{ID: "abc123"}, Rules: []policy.Rule{{ID: "abc123.command.1"}, {ID: "abc123.command.2"}}},
		{Constraint: policy.Constraint{ID: "abd999"}},
		{Constraint: policy.Constraint{ID: "team"}, Rules: []policy.Rule{{ID: "abx.manual.1"}}},
	}}
	for _, c := range []struct{ id, entry, rule, err string }{
		{"abc123", "abc123", "", ""},
		{"abc1", "abc123", "", ""}, // the constraint, not one of its rules
		{"abc123.command.2", "abc123", "abc123.command.2", ""},
		{"abc123.command", "", "", "matches 2 ids"},
		{"abx", "team", "abx.manual.1", ""},
		{"ab", "", "", "matches 5 ids"},
		{"zz", "", "", `no constraint or rule has the id "zz"`},
		{" ", "", "", "empty id"},
	} {
		e, r, err := Find(p, c.id)
		switch {
		case c.err != "":
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: error %v, want %q", c.id, err, c.err)
			}
		case err != nil:
			t.Errorf("%q: %v", c.id, err)
		case e.ID != c.entry || (r == nil) != (c.rule == "") || (r != nil && r.ID != c.rule):
			t.Errorf("%q: got %s %+v", c.id, e.ID, r)
		}
	}
}

// repoHelpers writes files under root and opens the project there, failing the test on
// any error.
func repoHelpers(t *testing.T, root string) (write func(name, text string), open func() *Project) {
	write = func(name, text string) {
		t.Helper()
		path := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	open = func() *Project {
		t.Helper()
		p, err := Open(root)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	return write, open
}

// Zero-config reuses its compiled policy only while nothing it was made from changed.
func TestZeroConfigCache(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	root := t.TempDir()
	write, open := repoHelpers(t, root)
	ids := func(p *Project) string {
		var out []string
		for _, e := range p.Policy.Entries {
			out = append(out, e.ID+":"+e.Text)
		}
		return strings.Join(out, "|")
	}
	write("AGENTS.md", "# Rules\n\n- Never run `cargo publish`.\n- Keep services decoupled from the storage layer.\n")
	first := open()
	if first.Cached {
		t.Fatal("the first open cannot come from the cache")
	}
	second := open()
	if !second.Cached || ids(second) != ids(first) || len(second.Rules) != len(first.Rules) {
		t.Fatalf("an unchanged repository must reuse the cache with the same rules: cached %v", second.Cached)
	}
	for _, c := range []struct {
		name   string
		change func()
		want   string
	}{
		{"an instruction file changes", func() { write("AGENTS.md", "# Rules\n\n- Never run `npm publish`.\n") }, "npm publish"},
		{"an instruction file appears", func() { write("CLAUDE.md", "- Never run `make deploy`.\n") }, "make deploy"},
		{"the repository context changes", func() { write("pnpm-lock.yaml", "lockfileVersion: 9\n") }, "npm publish"},
	} {
		c.change()
		p := open()
		if p.Cached || !strings.Contains(ids(p), c.want) {
			t.Fatalf("%s: cached %v, constraints %s", c.name, p.Cached, ids(p))
		}
		if again := open(); !again.Cached {
			t.Fatalf("%s: the recompiled policy must be cached again", c.name)
		}
	}
}

// Inside git the cache's freshness comes from the listing the project made anyway:
// an ignored CLAUDE.local.md that appears is seen, a tracked instruction file deleted
// from the work tree is gone (and does not make every later open a miss), and the
// listing is handed on to the check (p.Repo).
func TestZeroConfigCacheInGit(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	root := t.TempDir()
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", root}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@e", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@e")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write, open := repoHelpers(t, root)
	texts := func(p *Project) string {
		var out []string
		for _, e := range p.Policy.Entries {
			out = append(out, e.Text)
		}
		return strings.Join(out, "|")
	}
	git("init", "-q")
	write(".gitignore", "CLAUDE.local.md\n")
	write("AGENTS.md", "- Never run `cargo publish`.\n")
	write("web/AGENTS.md", "- Never run `npm publish`.\n")
	git("add", ".")
	git("commit", "-qm", "init")
	if p := open(); p.Cached || p.Repo == nil || !p.Repo.Git {
		t.Fatalf("first open: cached %v, repo %+v", p.Cached, p.Repo)
	}
	if p := open(); !p.Cached {
		t.Fatal("an unchanged repository must come from the cache")
	}
	write("CLAUDE.local.md", "- Never run `make deploy`.\n")
	if p := open(); p.Cached || !strings.Contains(texts(p), "make deploy") {
		t.Fatalf("an ignored CLAUDE.local.md appeared: cached %v, %s", p.Cached, texts(p))
	}
	os.Remove(filepath.Join(root, "web", "AGENTS.md")) // deleted, still in the index
	if p := open(); p.Cached || strings.Contains(texts(p), "npm publish") {
		t.Fatalf("a deleted instruction file must be gone: cached %v, %s", p.Cached, texts(p))
	}
	if p := open(); !p.Cached {
		t.Fatal("after a deletion the recompiled policy must be cached again")
	}
}

// The rules of a commit (heed check --diff) are compiled once per tree: a second
// open of the same base comes from the cache with the same rules, whatever the work
// tree holds; another base is compiled anew; a committed policy file is read alone.
func TestOpenRevCachesByTree(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	root := t.TempDir()
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", root}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@e", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@e")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write, _ := repoHelpers(t, root)
	texts := func(p *Project) string {
		var out []string
		for _, e := range p.Policy.Entries {
			out = append(out, e.Text)
		}
		return strings.Join(out, "|")
	}
	git("init", "-q")
	write("AGENTS.md", "- Never run `cargo publish`.\n")
	git("add", ".")
	git("commit", "-qm", "one")
	first, err := OpenRev(root, "HEAD", Options{})
	if err != nil || first.Cached {
		t.Fatalf("first open: cached %v, %v", first != nil && first.Cached, err)
	}
	write("AGENTS.md", "- Never run `npm publish`.\n") // the work tree is not the commit
	second, err := OpenRev(root, "HEAD", Options{})
	if err != nil || !second.Cached || texts(second) != texts(first) || len(second.Rules) != len(first.Rules) {
		t.Fatalf("second open: cached %v, %q vs %q, %v", second.Cached, texts(second), texts(first), err)
	}
	git("commit", "-qam", "two")
	third, err := OpenRev(root, "HEAD", Options{})
	if err != nil || third.Cached || !strings.Contains(texts(third), "npm publish") {
		t.Fatalf("another tree: cached %v, %q, %v", third.Cached, texts(third), err)
	}
	if back, err := OpenRev(root, "HEAD~1", Options{}); err != nil || back.Cached || !strings.Contains(texts(back), "cargo publish") {
		t.Fatalf("the first commit again: %v", err)
	}
	pol := &policy.Policy{Version: policy.CurrentVersion, Sources: []policy.SourceFile{}, Entries: []policy.Entry{}}
	data, _ := json.Marshal(pol)
	write(policy.File, string(data))
	git("add", ".")
	git("commit", "-qm", "policy")
	if p, err := OpenRev(root, "HEAD", Options{}); err != nil || !p.FromFile || p.Cached {
		t.Fatalf("a committed policy: from file %v, %v", p != nil && p.FromFile, err)
	}
	if _, err := OpenRev(root, "no-such-rev", Options{}); err == nil {
		t.Fatal("an unknown revision is an error")
	}
}
