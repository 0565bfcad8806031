package check

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/graph"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/project"
	"github.com/heed-dev/heed/internal/report"
	"github.com/heed-dev/heed/internal/resultcache"
	"github.com/heed-dev/heed/internal/rules/contrib"
	"github.com/heed-dev/heed/internal/rules/process"
)

// wordCheck flags every line of every file in its scope that contains Word, as a
// source rule does.
type wordCheck struct {
	Word  string
	Scope policy.Scope
}

func (c wordCheck) Targets(ev *engine.Evidence) []engine.Target {
	var ts []engine.Target
	for i, f := range ev.Files {
		if c.Scope.Covers(f.Path) {
			ts = append(ts, engine.Target{Kind: engine.TargetFile, Index: i, Path: f.Path})
		}
	}
	return ts
}

// FileByFile implements engine.FileByFile: heed check streams the files through it.
func (wordCheck) FileByFile(*engine.Evidence) bool { return true }

func (c wordCheck) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	f := ev.Files[t.Index]
	if strings.HasSuffix(f.Path, ".broken") {
		return engine.Result{Verdict: engine.Undetermined, Reason: "parse " + f.Path + ": syntax tree unavailable"}
	}
	var fs []engine.Finding
	for i, l := range strings.Split(string(f.Content), "\n") {
		if col := strings.Index(l, c.Word); col >= 0 {
			fs = append(fs, engine.Finding{Path: f.Path, Line: i + 1, Column: col + 1, EndLine: i + 1, EndColumn: col + 1 + len(c.Word), Message: "found " + c.Word, Snippet: strings.TrimSpace(l)})
		}
	}
	var part *engine.Partial
	if strings.HasSuffix(f.Path, ".partial") {
		// A syntax error on line 2; a "<bad>" stands for a BAD match left out.
		part = &engine.Partial{Line: 2, Reason: "syntax error", LeftOut: strings.Count(string(f.Content), "<"+strings.ToLower(c.Word)+">")}
	}
	if len(fs) > 0 {
		return engine.Result{Verdict: engine.Violated, Findings: fs, Partial: part}
	}
	return engine.Result{Verdict: engine.Satisfied, Partial: part}
}

// commitCheck flags commit messages that do not start with "feat" or "fix".
type commitCheck struct{}

func (commitCheck) Targets(ev *engine.Evidence) []engine.Target {
	var ts []engine.Target
	for i := range ev.Commits {
		ts = append(ts, engine.Target{Kind: engine.TargetCommit, Index: i})
	}
	return ts
}

func (commitCheck) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	c := ev.Commits[t.Index]
	if strings.HasPrefix(c.Message, "feat") || strings.HasPrefix(c.Message, "fix") {
		return engine.Result{Verdict: engine.Satisfied}
	}
	return engine.Result{Verdict: engine.Violated, Findings: []engine.Finding{{Commit: c.Hash, CommandIndex: -1, Message: "commit type is not feat or fix"}}}
}

// graphCheck is a whole-tree rule that reports a violation in a file it reads from
// the tree, whether or not the change touched that file.
type graphCheck struct{ Path string }

func (c graphCheck) Targets(ev *engine.Evidence) []engine.Target {
	return []engine.Target{{Kind: engine.TargetChange}}
}

func (c graphCheck) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	if _, err := ev.Tree.Read(c.Path); err != nil {
		return engine.Result{Verdict: engine.Satisfied}
	}
	return engine.Result{Verdict: engine.Violated, Findings: []engine.Finding{{Path: c.Path, Line: 1, Message: "cycle through " + c.Path}}}
}

func rule(id, domain string, check engine.Check) engine.Compiled {
	return engine.Compiled{
		Rule:       &policy.Rule{ID: id, Domain: domain, Kind: "test", Severity: policy.SeverityError, Exact: true},
		Constraint: &policy.Constraint{ID: "c-" + id, Text: "Never write " + id + ".", File: "AGENTS.md", Line: 3, HeaderPath: []string{"Rules"}},
		Check:      check,
	}
}

var testRules = []engine.Compiled{
	rule("no-bad", policy.DomainSource, wordCheck{Word: "BAD"}),
	rule("commit-type", policy.DomainContribution, commitCheck{}),
}

type gitRepo struct {
	t   *testing.T
	dir string
}

// open opens the repository as heed's commands do, with a cache of the test's own.
func (g *gitRepo) open(t *testing.T) *project.Project {
	t.Helper()
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	p, err := project.Open(g.dir)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func newRepo(t *testing.T, files map[string]string) *gitRepo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	g := &gitRepo{t: t, dir: t.TempDir()}
	g.git("init", "-q", "-b", "main")
	g.write(files)
	return g
}

func (g *gitRepo) git(args ...string) string {
	g.t.Helper()
	cmd := exec.Command("git", append([]string{"-C", g.dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=T", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=T", "GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_NOSYSTEM=1", "HOME="+g.dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		g.t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

func (g *gitRepo) write(files map[string]string) {
	g.t.Helper()
	for p, c := range files {
		abs := filepath.Join(g.dir, filepath.FromSlash(p))
		os.MkdirAll(filepath.Dir(abs), 0o755)
		if err := os.WriteFile(abs, []byte(c), 0o644); err != nil {
			g.t.Fatal(err)
		}
	}
}

func (g *gitRepo) commit(msg string) string {
	g.git("add", "-A")
	g.git("commit", "-q", "--no-verify", "--allow-empty", "-m", msg)
	return g.git("rev-parse", "HEAD")
}

func (g *gitRepo) run(opt Options, rules ...engine.Compiled) *Result {
	g.t.Helper()
	if rules == nil {
		rules = testRules
	}
	res, err := runRules(nil, g.dir, rules, opt)
	if err != nil {
		g.t.Fatalf("check %+v: %v", opt, err)
	}
	return res
}

// where lists findings as "file:line rule" or "commit rule".
func where(fs []report.Finding) []string {
	var out []string
	for _, f := range fs {
		switch {
		case f.File != "":
			out = append(out, fmt.Sprintf("%s:%d %s", f.File, f.Line, f.Rule))
		case f.Commit != "":
			out = append(out, "commit "+f.Rule)
		default:
			out = append(out, "change "+f.Rule)
		}
	}
	sort.Strings(out)
	return out
}

func expect(t *testing.T, got []report.Finding, want ...string) {
	t.Helper()
	sort.Strings(want)
	if w := where(got); !reflect.DeepEqual(w, want) && !(len(w) == 0 && len(want) == 0) {
		t.Errorf("findings\n got %q\nwant %q", w, want)
	}
}

func TestAllModeJudgesEveryFileButGeneratedAndVendored(t *testing.T) {
	g := newRepo(t, map[string]string{
		"src/a.py":              "ok\nBAD\n",
		"src/b.ts":              "BAD\n",
		"gen/types.go":          "// Code generated by tool. DO NOT EDIT.\nBAD\n",
		"vendor/lib/x.go":       "BAD\n",
		"web/app.min.js":        "BAD",
		"logo.png":              "BAD\x00\x01",
		".gitignore":            "ignored/\n",
		"ignored/secret.py":     "BAD\n",
		"docs/not-a-finding.md": "fine\n",
	})
	g.commit("feat: base")
	res := g.run(Options{Mode: All})
	expect(t, res.Findings, "src/a.py:2 no-bad", "src/b.ts:1 no-bad")
	s := res.Summary
	if s.Files != 4 || s.Skipped["generated"] != 2 || s.Skipped["vendored"] != 1 || s.Skipped["binary"] != 1 {
		t.Errorf("summary files %d skipped %v", s.Files, s.Skipped)
	}
	if s.Errors != 2 || s.ByDomain["source"] != 2 || s.Mode != "all" || s.Commits != 0 {
		t.Errorf("summary %+v", s)
	}
	if !res.HasErrors() {
		t.Error("error findings make the check fail")
	}
	f := res.Findings[0]
	if f.Instruction.Text != "Never write no-bad." || f.Instruction.File != "AGENTS.md" || f.Constraint != "c-no-bad" || f.Column != 1 || f.EndColumn != 4 {
		t.Errorf("finding %+v", f)
	}
}

func TestAWholeTreeFindingInASkippedFileIsNotReported(t *testing.T) {
	g := newRepo(t, map[string]string{"src/a.py": "ok\n", "gen/cycle.py": "# Code generated by tool. DO NOT EDIT.\nx\n", "src/cycle.py": "x\n"})
	g.commit("feat: base")
	rules := []engine.Compiled{
		rule("cycle-gen", policy.DomainArchitecture, graphCheck{Path: "gen/cycle.py"}),
		rule("cycle-src", policy.DomainArchitecture, graphCheck{Path: "src/cycle.py"}),
	}
	expect(t, g.run(Options{Mode: All}, rules...).Findings, "src/cycle.py:1 cycle-src")
	expect(t, g.run(Options{Mode: All, Paths: []string{"src/a.py"}}, rules...).Findings)
}

func TestAllModeOutsideGit(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.py"), []byte("BAD\n"), 0o644)
	res, err := runRules(nil, dir, testRules, Options{Mode: All})
	if err != nil {
		t.Fatal(err)
	}
	expect(t, res.Findings, "a.py:1 no-bad")
	_, err = runRules(nil, dir, testRules, Options{Mode: Diff, Rev: "HEAD"})
	var ue *UsageError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "needs a git repository") {
		t.Errorf("a diff outside git: %v", err)
	}
}

func TestDiffModeOwnsOnlyWhatTheChangeTouched(t *testing.T) {
	g := newRepo(t, map[string]string{
		"src/old.py":    "BAD pre-existing\nok\nok\n",
		"src/edit.py":   "BAD pre-existing\nok\nok\nok\n",
		"src/cycle.py":  "x\n",
		"src/delete.py": "BAD keep\nremove me\nBAD after\n",
	})
	base := g.commit("feat: base")
	g.write(map[string]string{
		"src/edit.py":   "BAD pre-existing\nok\nBAD added\nok\n",
		"src/new.py":    "fine\nBAD in a new file\n",
		"src/delete.py": "BAD keep\nBAD after\n",
	})
	g.commit("Add things") // not feat/fix: a commit finding
	g.write(map[string]string{"src/wip.py": "BAD uncommitted\n"})
	rules := append(append([]engine.Compiled(nil), testRules...), rule("cycle", policy.DomainArchitecture, graphCheck{Path: "src/cycle.py"}))
	res := g.run(Options{Mode: Diff, Rev: base}, rules...)
	// The deleted line anchors at line 1 of delete.py ("BAD keep"), the line after which
	// the deletion sits: deleting code there is editing it.
	expect(t, res.Findings,
		"src/edit.py:3 no-bad",
		"src/new.py:2 no-bad",
		"src/wip.py:1 no-bad",
		"src/delete.py:1 no-bad",
		"commit commit-type")
	if res.Summary.Base != base || res.Summary.Commits != 1 || res.Summary.Mode != "diff" {
		t.Errorf("summary %+v", res.Summary)
	}
	for _, o := range res.Outcomes {
		if o.Rule.ID == "cycle" && o.Verdict != engine.Satisfied {
			t.Errorf("a whole-tree finding in a file the change did not touch is not the change's: %s", o.Verdict)
		}
	}
}

func TestDiffModeBadRevisionIsAUsageError(t *testing.T) {
	g := newRepo(t, map[string]string{"a.py": "x\n"})
	g.commit("feat: base")
	_, err := runRules(nil, g.dir, testRules, Options{Mode: Diff, Rev: "no-such-branch"})
	var ue *UsageError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "no-such-branch") {
		t.Fatalf("unknown revision: %v", err)
	}
}

func TestStagedJudgesTheIndexNotTheWorkingTree(t *testing.T) {
	g := newRepo(t, map[string]string{"a.py": "ok\nok\n"})
	g.commit("feat: base")
	g.write(map[string]string{"a.py": "ok\nBAD staged\n"})
	g.git("add", "a.py")
	g.write(map[string]string{"a.py": "BAD unstaged\nok fixed\n", "n.py": "BAD untracked\n"})
	staged := g.run(Options{Mode: Staged})
	expect(t, staged.Findings, "a.py:2 no-bad")
	unstaged := g.run(Options{Mode: Unstaged})
	expect(t, unstaged.Findings, "a.py:1 no-bad", "n.py:1 no-bad")
}

func TestPathsNarrowEveryMode(t *testing.T) {
	g := newRepo(t, map[string]string{"src/a.py": "BAD\n", "src/sub/b.py": "BAD\n", "lib/c.py": "BAD\n", "srcx/d.py": "BAD\n"})
	base := g.commit("feat: base")
	expect(t, g.run(Options{Mode: All, Paths: []string{"src"}}).Findings, "src/a.py:1 no-bad", "src/sub/b.py:1 no-bad")
	expect(t, g.run(Options{Mode: All, Paths: []string{"lib/c.py", "src/sub/"}}).Findings, "lib/c.py:1 no-bad", "src/sub/b.py:1 no-bad")
	g.write(map[string]string{"src/a.py": "BAD\nBAD\n", "lib/c.py": "BAD\nBAD\n"})
	expect(t, g.run(Options{Mode: Diff, Rev: base, Paths: []string{"lib"}}).Findings, "lib/c.py:2 no-bad")
	if _, err := runRules(nil, g.dir, testRules, Options{Mode: All, Paths: []string{"nope"}}); err == nil {
		t.Error("a path that names nothing must be an error in --all")
	}
	if _, err := runRules(nil, g.dir, testRules, Options{Mode: All, Paths: []string{"../x"}}); err == nil {
		t.Error("a path outside the repository must be an error")
	}
}

func TestDomainsSelectRules(t *testing.T) {
	g := newRepo(t, map[string]string{"a.py": "BAD\n"})
	base := g.commit("feat: base")
	g.write(map[string]string{"a.py": "BAD\nBAD\n"})
	g.commit("wip")
	expect(t, g.run(Options{Mode: Diff, Rev: base, Domains: []string{"contribution"}}).Findings, "commit commit-type")
	if _, err := runRules(nil, g.dir, testRules, Options{Domains: []string{"sources"}}); err == nil || !strings.Contains(err.Error(), "unknown domain") {
		t.Errorf("unknown domain: %v", err)
	}
}

func TestSuppressionComments(t *testing.T) {
	g := newRepo(t, map[string]string{
		"a.py": strings.Join([]string{
			"x = BAD  # heed:ignore no-bad legacy call, removed in v3", // 1: same line
			"# heed:ignore no-bad the next line is a test fixture",     // 2: covers 3
			"# (a second comment line)",                                // 3
			"y = BAD",                                                  // 4: covered
			"z = BAD",                                                  // 5: not covered
			`s = "# heed:ignore no-bad"  ; BAD`,                        // 6: a string, not a directive
			"# heed:ignore no-bad nothing here to suppress",            // 7: unused
			"w = 1",                           // 8
			"# heed:ignore no-such-rule typo", // 9: unknown rule
			"# heed:ignore",                   // 10: names no rule
			"v = 2",
		}, "\n") + "\n",
		"b.ts":      "// heed:ignore-file no-bad generated fixtures\nBAD\nBAD\n",
		"c.go":      "/* heed:ignore c-no-bad by constraint id */ BAD\n",
		"README.md": "Write `# heed:ignore no-bad why` to suppress.\n",
	})
	g.commit("feat: base")
	res := g.run(Options{Mode: All})
	expect(t, res.Findings,
		"a.py:5 no-bad", "a.py:6 no-bad",
		"a.py:7 heed/unused-suppression",
		"a.py:9 heed/bad-suppression",
		"a.py:10 heed/bad-suppression")
	if res.Summary.Suppressed != 5 {
		t.Errorf("suppressed %d, want 5 (a.py:1, a.py:4, b.ts:2, b.ts:3, c.go:1)", res.Summary.Suppressed)
	}
	for _, f := range res.Findings {
		if strings.HasPrefix(f.Rule, "heed/") && f.Severity != policy.SeverityWarning {
			t.Errorf("%s must be a warning, not %s", f.Rule, f.Severity)
		}
	}
	var just []string
	for _, h := range res.Hidden {
		just = append(just, h.Justification)
	}
	if !strings.Contains(strings.Join(just, "|"), "legacy call, removed in v3") {
		t.Errorf("suppressions keep their reason: %q", just)
	}
}

func TestUnusedSuppressionInDiffModeOnlyWhenTheChangeWroteIt(t *testing.T) {
	g := newRepo(t, map[string]string{"a.py": "# heed:ignore no-bad old and unused\nok\n"})
	base := g.commit("feat: base")
	g.write(map[string]string{"a.py": "# heed:ignore no-bad old and unused\nok\n# heed:ignore no-bad new and unused\nok\n"})
	expect(t, g.run(Options{Mode: Diff, Rev: base}).Findings, "a.py:3 heed/unused-suppression")
	// A rule that did not run (another domain was asked for) does not make its
	// suppression unused.
	expect(t, g.run(Options{Mode: Diff, Rev: base, Domains: []string{"contribution"}}).Findings)
}

func TestBaselineSurvivesLineShifts(t *testing.T) {
	g := newRepo(t, map[string]string{"a.py": "BAD one\nok\nBAD two\n", "b.py": "BAD same\nBAD same\n"})
	g.commit("feat: base")
	res := g.run(Options{Mode: All})
	if _, err := NewBaseline(res.Findings).Write(g.dir); err != nil {
		t.Fatal(err)
	}
	// Insert lines above, re-indent one finding, add a new violation and a third copy
	// of a duplicated line.
	g.write(map[string]string{"a.py": "new\nlines\n  BAD one\nok\nBAD two\nBAD three\n", "b.py": "BAD same\nBAD same\nBAD same\n"})
	res = g.run(Options{Mode: All, UseBaseline: true})
	expect(t, res.Findings, "a.py:6 no-bad", "b.py:3 no-bad")
	if res.Summary.Baselined != 4 {
		t.Errorf("baselined %d, want 4", res.Summary.Baselined)
	}
	os.Remove(filepath.Join(g.dir, BaselineFile))
	if _, err := runRules(nil, g.dir, testRules, Options{UseBaseline: true}); err == nil || !strings.Contains(err.Error(), "heed baseline") {
		t.Errorf("--baseline without a baseline must say how to make one: %v", err)
	}
}

func TestAFileThatCannotBeJudgedIsReportedOnce(t *testing.T) {
	g := newRepo(t, map[string]string{"x.broken": "BAD\n", "ok.py": "fine\n"})
	g.commit("feat: base")
	rules := []engine.Compiled{
		rule("r1", policy.DomainSource, wordCheck{Word: "BAD"}),
		rule("r2", policy.DomainSource, wordCheck{Word: "WORSE"}),
	}
	res := g.run(Options{Mode: All}, rules...)
	if len(res.Findings) != 0 {
		t.Errorf("undetermined is not a finding: %v", where(res.Findings))
	}
	u := res.Summary.Undetermined
	if len(u) != 1 || !reflect.DeepEqual(u[0].Files, []string{"x.broken"}) || !reflect.DeepEqual(u[0].Rules, []string{"r1", "r2"}) {
		t.Errorf("undetermined %+v, want one entry for x.broken with both rules", u)
	}
}

// A file judged in part (a syntax error) is reported once, with the matches left out
// and the rules they are of, in JSON and as a note in the text report.
func TestAFileJudgedInPartIsReportedOnce(t *testing.T) {
	g := newRepo(t, map[string]string{"x.partial": "BAD\n(\n<bad>\n", "ok.py": "fine\n"})
	g.commit("feat: base")
	rules := []engine.Compiled{
		rule("r1", policy.DomainSource, wordCheck{Word: "BAD"}),
		rule("r2", policy.DomainSource, wordCheck{Word: "WORSE"}),
	}
	res := g.run(Options{Mode: All}, rules...)
	expect(t, res.Findings, "x.partial:1 r1")
	want := []report.Partial{{File: "x.partial", Line: 2, Reason: "syntax error", LeftOut: 1, Rules: []string{"r1"}}}
	if !reflect.DeepEqual(res.Summary.Partial, want) {
		t.Errorf("partial %+v, want %+v", res.Summary.Partial, want)
	}
	var buf strings.Builder
	if err := report.WriteText(&buf, res.Report(), report.Options{}); err != nil {
		t.Fatal(err)
	}
	if note := "note: x.partial:2: syntax error: judged where the syntax tree is sound; 1 match built around it left out (r1)"; !strings.Contains(buf.String(), note) || !strings.Contains(buf.String(), "1 file judged in part") {
		t.Errorf("the text report must name the file judged in part:\n%s", buf.String())
	}
}

func TestProposedWriteJudgesOnlyTheLinesItChanges(t *testing.T) {
	g := newRepo(t, map[string]string{"src/a.py": "BAD old\nok\nok\n"})
	g.commit("feat: base")
	rules := []engine.Compiled{rule("no-bad", policy.DomainSource, wordCheck{Word: "BAD"})}
	fs, err := ProposedWriteRules(g.dir, rules, "src/a.py", []byte("BAD old\nok\nBAD new\nok\n"))
	if err != nil {
		t.Fatal(err)
	}
	expect(t, fs, "src/a.py:3 no-bad")
	fs, err = ProposedWriteRules(g.dir, rules, "src/new.py", []byte("BAD\nx\nBAD\n"))
	if err != nil {
		t.Fatal(err)
	}
	expect(t, fs, "src/new.py:1 no-bad", "src/new.py:3 no-bad")
	fs, err = ProposedWriteRules(g.dir, rules, "src/a.py", []byte("BAD old\nok\nx = BAD  # heed:ignore no-bad allowed here\n"))
	if err != nil {
		t.Fatal(err)
	}
	expect(t, fs)
	if _, err := ProposedWriteRules(g.dir, rules, "../outside.py", []byte("x")); err == nil {
		t.Error("a path outside the repository must be refused")
	}
}

// headerCheck flags line 1 of a file that does not start with the header.
type headerCheck struct{}

func (headerCheck) Targets(ev *engine.Evidence) []engine.Target {
	return wordCheck{}.Targets(ev)
}

func (headerCheck) FileByFile(*engine.Evidence) bool { return true }

func (headerCheck) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	f := ev.Files[t.Index]
	if strings.HasPrefix(string(f.Content), "# header\n") {
		return engine.Result{Verdict: engine.Satisfied}
	}
	return engine.Result{Verdict: engine.Violated, Findings: []engine.Finding{{Path: f.Path, Line: 1, Column: 1, Message: "no header"}}}
}

// Issue 21: deleting a line made the hook judge the untouched line above it, which
// held a violation from before: the agent's write was denied for a line it did not
// touch. A finding on a deletion's anchor counts only when the file did not have it
// before, as when the deleted lines were the licence header.
func TestProposedWriteDeletionDoesNotReJudgeTheLineNextToIt(t *testing.T) {
	g := newRepo(t, map[string]string{"src/a.py": "# header\nok\nBAD old\nremove me\nok\n"})
	g.commit("feat: base")
	rules := []engine.Compiled{rule("no-bad", policy.DomainSource, wordCheck{Word: "BAD"}), rule("header", policy.DomainSource, headerCheck{})}
	fs, err := ProposedWriteRules(g.dir, rules, "src/a.py", []byte("# header\nok\nBAD old\nok\n"))
	if err != nil {
		t.Fatal(err)
	}
	expect(t, fs)
	// the deleted lines were what the rule asks for: the anchor's finding is new
	fs, err = ProposedWriteRules(g.dir, rules, "src/a.py", []byte("ok\nBAD old\nremove me\nok\n"))
	if err != nil {
		t.Fatal(err)
	}
	expect(t, fs, "src/a.py:1 header")
}

func TestFindingsAreSortedAndFingerprinted(t *testing.T) {
	g := newRepo(t, map[string]string{"b.py": "BAD\n", "a.py": "ok\nBAD\nBAD\n"})
	g.commit("feat: base")
	res := g.run(Options{Mode: All})
	var locs []string
	seen := map[string]bool{}
	for _, f := range res.Findings {
		locs = append(locs, f.Location())
		if f.Fingerprint == "" || seen[f.Fingerprint] {
			t.Errorf("finding %s: fingerprint %q missing or duplicated", f.Location(), f.Fingerprint)
		}
		seen[f.Fingerprint] = true
	}
	if strings.Join(locs, " ") != "a.py:2:1 a.py:3:1 b.py:1:1" {
		t.Errorf("order %v", locs)
	}
}

func TestDiffAgainstABranchThatMovedOnJudgesOnlyThisBranch(t *testing.T) {
	g := newRepo(t, map[string]string{"a.py": "ok\n", "b.py": "ok\n"})
	g.commit("feat: base")
	g.git("checkout", "-q", "-b", "feature")
	g.write(map[string]string{"a.py": "ok\nBAD on the feature branch\n"})
	g.commit("feat: feature work")
	g.git("checkout", "-q", "main")
	g.write(map[string]string{"b.py": "ok\nBAD that landed on main meanwhile\n"})
	g.commit("feat: main moves on")
	g.git("checkout", "-q", "feature")
	res := g.run(Options{Mode: Diff, Rev: "main"})
	// Against main itself, b.py would look changed by this branch (its new line
	// removed); from the merge base, the change is what the branch did.
	expect(t, res.Findings, "a.py:2 no-bad")
	if res.Summary.Files != 1 {
		t.Errorf("judged %d files, want only a.py (b.py changed on main, not here)", res.Summary.Files)
	}
}

func TestReportOfARealRunMatchesThePublishedSchema(t *testing.T) {
	g := newRepo(t, map[string]string{"a.py": "ok\n# heed:ignore no-bad unused\nok\n"})
	base := g.commit("feat: base")
	g.write(map[string]string{"a.py": "ok\n# heed:ignore no-bad unused\nok\nBAD\n# heed:ignore no-bad new and unused\n", "b.broken": "x\n", "c.partial": "(\n<bad>\n"})
	g.commit("wip")
	res := g.run(Options{Mode: Diff, Rev: base})
	var buf strings.Builder
	if err := report.WriteJSON(&buf, res.Report()); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open("../../docs/report.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("schema.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("schema.json")
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(buf.String()))
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(inst); err != nil {
		t.Fatalf("report does not match docs/report.schema.json: %v\n%s", err, buf.String())
	}
	if !strings.Contains(buf.String(), `"commit": "`) || !strings.Contains(buf.String(), "heed/unused-suppression") || !strings.Contains(buf.String(), `"undetermined": [`) || !strings.Contains(buf.String(), `"left_out": 1`) {
		t.Errorf("the run should exercise commit, suppression, undetermined and partial shapes:\n%s", buf.String())
	}
}

// The source rules' findings cache: a second full check gives the same findings from
// .heed/cache/results.gob; a check of some paths keeps the cached results of the rest;
// a diff check neither reads nor rewrites it.
func TestFindingsCacheAcrossRuns(t *testing.T) {
	g := newRepo(t, map[string]string{
		"AGENTS.md": "# Rules\n\n- Never use `eval()`.\n",
		"a.py":      "x = eval(s)\n",
		"b.py":      "y = 1\n",
		"c.py":      "z = eval(t)\n",
	})
	g.commit("feat: base")
	p := g.open(t)
	run := func(opt Options) []string {
		t.Helper()
		res, err := Run(p, opt)
		if err != nil {
			t.Fatal(err)
		}
		return where(res.Findings)
	}
	cold := run(Options{Mode: All})
	if len(cold) != 2 {
		t.Fatalf("cold run: %v", cold)
	}
	stored := resultcache.OpenDiskCache(g.dir).Loaded()
	if stored < 2 {
		t.Fatalf("the cache holds %d results, want one per file that may match (a.py, c.py)", stored)
	}
	if warm := run(Options{Mode: All}); strings.Join(warm, " ") != strings.Join(cold, " ") {
		t.Errorf("warm run %v, cold %v", warm, cold)
	}
	g.write(map[string]string{"b.py": "y = eval(u)\n"})
	if d := run(Options{Mode: All, Paths: []string{"b.py"}}); len(d) != 1 || !strings.HasPrefix(d[0], "b.py:1") {
		t.Errorf("check of b.py: %v", d)
	}
	if n := resultcache.OpenDiskCache(g.dir).Loaded(); n < stored+1 {
		t.Errorf("a check of one path dropped cached results of the others: %d, was %d", n, stored)
	}
	withPath := resultcache.OpenDiskCache(g.dir).Loaded()
	if d := run(Options{Mode: Diff, Rev: "HEAD"}); len(d) != 1 || !strings.HasPrefix(d[0], "b.py:1") {
		t.Errorf("diff run: %v", d)
	}
	if n := resultcache.OpenDiskCache(g.dir).Loaded(); n != withPath {
		t.Errorf("a diff run rewrote the cache: %d results, was %d", n, withPath)
	}
	if _, err := os.Stat(filepath.Join(g.dir, ".heed", "cache", ".gitignore")); err != nil {
		t.Errorf("the cache folder must ignore itself: %v", err)
	}
	if st := g.git("status", "--porcelain"); strings.Contains(st, ".heed") {
		t.Errorf("the cache shows up in git status: %q", st)
	}
}

// pyWordCheck is wordCheck for Python files only, and says so before files are read.
type pyWordCheck struct{ wordCheck }

func (c pyWordCheck) WantsFile(p, lang string) bool {
	return (lang == engine.LangPython || filepath.Ext(p) == "") && c.Scope.Covers(p)
}

func (c pyWordCheck) Targets(ev *engine.Evidence) []engine.Target {
	var ts []engine.Target
	for _, t := range c.wordCheck.Targets(ev) {
		if ev.Files[t.Index].Lang == engine.LangPython {
			ts = append(ts, t)
		}
	}
	return ts
}

// A run whose every rule can name the files it might judge reads only those: a policy
// of Python rules does not read a project's translations, styles or scripts, in
// either mode, but still reads an extensionless script (its shebang may say Python).
// One rule that may judge any file makes the run read them all.
func TestOnlyTheFilesSomeRuleMightJudgeAreRead(t *testing.T) {
	g := newRepo(t, map[string]string{
		"app/a.py":       "BAD\n",
		"app/locale.po":  "msgid \"BAD\"\n",
		"app/style.css":  "BAD {}\n",
		"app/x.js":       "BAD\n",
		"bin/tool":       "#!/usr/bin/env python3\nBAD\n",
		"docs/notes.txt": "BAD\n",
	})
	g.commit("feat: base")
	py := rule("no-bad", policy.DomainSource, pyWordCheck{wordCheck{Word: "BAD"}})
	res := g.run(Options{Mode: All}, py)
	expect(t, res.Findings, "app/a.py:1 no-bad", "bin/tool:2 no-bad")
	if res.Summary.Files != 2 {
		t.Errorf("a Python policy read %d files, want the two that can be Python", res.Summary.Files)
	}
	any := rule("no-bad-text", policy.DomainSource, wordCheck{Word: "BAD"})
	if res := g.run(Options{Mode: All}, py, any); res.Summary.Files != 6 || len(res.Findings) != 8 {
		t.Errorf("with a rule for any file: %d files read, %d findings; want 6 and 8", res.Summary.Files, len(res.Findings))
	}
	g.write(map[string]string{"app/a.py": "BAD\nBAD\n", "app/locale.po": "msgid \"BAD\"\nBAD\n"})
	res = g.run(Options{Mode: Unstaged}, py)
	expect(t, res.Findings, "app/a.py:2 no-bad")
	if res.Summary.Files != 1 {
		t.Errorf("the diff read %d files, want the one Python file it changed", res.Summary.Files)
	}
}

// A check with more findings than it holds in memory (SpillFindings) reports the same
// findings, hidden ones and summary as one that holds them all, through every writer:
// suppression comments and the baseline apply as the files stream, a whole-tree
// rule's finding joins them after, and the order is the place, then the order found.
func TestSpilledFindingsReportAsHeld(t *testing.T) {
	files := map[string]string{}
	bad := 0
	for i := 0; i < 60; i++ { // 1,200 findings: past report.DefaultSpill
		var b strings.Builder
		for j := 0; j < 100; j++ {
			switch {
			case j%10 == 0:
				b.WriteString("BAD\n") // identical lines: fingerprints count them
				bad++
			case j%10 == 5:
				fmt.Fprintf(&b, "x BAD %d\n", j)
				bad++
			default:
				b.WriteString("ok\n")
			}
		}
		files[fmt.Sprintf("src/m%02d.py", i)] = b.String()
	}
	files["src/quiet.py"] = "x = BAD  # heed:ignore no-bad legacy\nok  # heed:ignore no-bad idle\n"
	files["src/cycle.py"] = "BAD\n"
	bad += 1
	g := newRepo(t, files)
	g.commit("feat: base")
	rules := append(append([]engine.Compiled(nil), testRules...), rule("cycle", policy.DomainArchitecture, graphCheck{Path: "src/cycle.py"}))
	first := g.run(Options{Mode: All, NoCache: true}, rules...)
	if len(first.Findings) != bad+2 { // the cycle, the idle suppression comment
		t.Fatalf("%d findings, want %d", len(first.Findings), bad+2)
	}
	if _, err := NewBaseline(first.Findings[100:150]).Write(g.dir); err != nil {
		t.Fatal(err)
	}

	opt := Options{Mode: All, UseBaseline: true, NoCache: true}
	held := g.run(opt, rules...)
	opt.SpillFindings = true
	spilled := g.run(opt, rules...)
	defer spilled.Close()
	if spilled.Store == nil || !spilled.Store.Spilled() || len(spilled.Findings) != 0 {
		t.Fatalf("%d findings past the limit were not spilled", spilled.Store.Len())
	}
	if held.Summary.Suppressed != 1 || held.Summary.Baselined != 50 || len(held.Hidden) != 51 || held.Hidden[0].Kind != "inSource" {
		t.Errorf("held: %d suppressed, %d baselined, hidden %d", held.Summary.Suppressed, held.Summary.Baselined, len(held.Hidden))
	}
	if !reflect.DeepEqual(held.Hidden, spilled.Hidden) {
		t.Errorf("the hidden findings differ")
	}
	for _, format := range report.Formats {
		var a, b bytes.Buffer
		ra, rb := held.Report(), spilled.Report()
		rb.Summary.DurationMS = ra.Summary.DurationMS
		if err := report.Write(&a, format, ra, report.Options{}); err != nil {
			t.Fatal(err)
		}
		if err := report.Write(&b, format, rb, report.Options{}); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: the spilled report differs from the held one", format)
		}
	}
	if !spilled.HasErrors() || spilled.Report().Summary.Findings != len(held.Findings) {
		t.Errorf("spilled: HasErrors %v, %d findings", spilled.HasErrors(), spilled.Report().Summary.Findings)
	}
	// a report that records no hidden findings keeps none, and counts them all
	opt.DropHidden = true
	dropped := g.run(opt, rules...)
	defer dropped.Close()
	if len(dropped.Hidden) != 0 || dropped.Summary.Suppressed != 1 || dropped.Summary.Baselined != 50 || dropped.Store.Len() != len(held.Findings) {
		t.Errorf("DropHidden: %d hidden kept, %d suppressed, %d baselined, %d findings", len(dropped.Hidden), dropped.Summary.Suppressed, dropped.Summary.Baselined, dropped.Store.Len())
	}
	for i := 1; i < len(held.Findings); i++ {
		a, b := held.Findings[i-1], held.Findings[i]
		if a.File > b.File || a.File == b.File && a.Line > b.Line {
			t.Fatalf("findings out of place order: %s before %s", a.Location(), b.Location())
		}
	}
}

// "Never modify files in migrations/" judges the change's paths and reads no file, so
// heed check loads none for it; the finding it placed on a migration the change edited
// or deleted was dropped as being "in a file the change did not touch". A finding about
// the change as a whole is the change's wherever it points (engine.Evidence.Owns).
func TestAProtectedFolderIsReportedThoughNoRuleReadsItsFiles(t *testing.T) {
	reg := engine.NewRegistry(contrib.Kinds()...)
	r := &policy.Rule{ID: "untouched", Domain: policy.DomainContribution, Kind: "untouched", Severity: policy.SeverityError,
		Params: []byte(`{"paths":["migrations/**"],"what":"migrations/"}`)}
	c, err := reg.CompileRule(r)
	if err != nil {
		t.Fatal(err)
	}
	rules := []engine.Compiled{{Rule: r, Constraint: &policy.Constraint{ID: "c", Text: "Never modify files in migrations/.", File: "AGENTS.md", Line: 3}, Check: c}}
	for _, change := range []string{"edit", "delete"} {
		g := newRepo(t, map[string]string{"migrations/001.sql": "create table a;\n", "app.py": "x = 1\n"})
		g.commit("feat: base")
		if change == "edit" {
			g.write(map[string]string{"migrations/001.sql": "create table b;\n"})
			g.git("add", "-A")
		} else {
			g.git("rm", "-q", "migrations/001.sql")
		}
		res := g.run(Options{Mode: Staged}, rules...)
		if len(res.Findings) != 1 || res.Findings[0].Rule != "untouched" {
			t.Errorf("%s a migration: findings %v, want the untouched rule's", change, where(res.Findings))
		}
	}
}

// Rules about commands and about the change's paths read no file: a policy that adds
// "run the tests before committing", "never commit to main" and "update the changelog
// with src/" to its Python rules still reads only what can be Python. Those three
// kinds did not say so (engine.FileSelector), and one of them made a full check read
// every file of the repository.
func TestRulesAboutCommandsAndPathsReadNoFile(t *testing.T) {
	g := newRepo(t, map[string]string{
		"app/a.py":       "BAD\n",
		"app/style.css":  "BAD {}\n",
		"docs/notes.txt": "BAD\n",
	})
	g.commit("feat: base")
	reg := engine.NewRegistry(append(process.Kinds(), contrib.Kinds()...)...)
	rules := []engine.Compiled{rule("no-bad", policy.DomainSource, pyWordCheck{wordCheck{Word: "BAD"}})}
	for _, r := range []*policy.Rule{
		{ID: "tests-first", Domain: policy.DomainProcess, Kind: process.KindSequence, Params: []byte(`{"first":[{"program":["make"],"args":["test"]}],"then":[{"program":["git"],"args":["commit"]}]}`)},
		{ID: "no-main", Domain: policy.DomainProcess, Kind: process.KindBranch, Params: []byte(`{"branches":["main"]}`)},
		{ID: "changelog", Domain: policy.DomainContribution, Kind: contrib.KindCochange, Params: []byte(`{"if":["src/**"],"then":["CHANGELOG.md"]}`)},
	} {
		r.Severity = policy.SeverityError
		c, err := reg.Bind(r, nil)
		if err != nil {
			t.Fatalf("%s: %v", r.ID, err)
		}
		rules = append(rules, c)
		if res := g.run(Options{Mode: All}, rules...); res.Summary.Files != 1 {
			t.Errorf("with %s: %d files read, want the one Python file", r.ID, res.Summary.Files)
		}
	}
}

// A file judged in part (a syntax error) is reported by a warm check as by a cold
// one: a pass read from the findings cache keeps what it left out and why.
func TestAWarmCheckReportsTheFilesJudgedInPart(t *testing.T) {
	g := newRepo(t, map[string]string{
		"AGENTS.md": "# Rules\n\n- Never use `eval()`.\n",
		"a.py":      "x = eval(s)\n",
		// a syntax error, and the word in a string: the gate lets it through, the rule passes
		"b.py": "def g(:\n    pass\nw = \"eval\"\n",
	})
	g.commit("feat: base")
	p := g.open(t)
	run := func() *Result {
		t.Helper()
		res, err := Run(p, Options{Mode: All})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	cold := run()
	if len(cold.Summary.Partial) != 1 || cold.Summary.Partial[0].File != "b.py" {
		t.Fatalf("cold run: partial %+v, want b.py", cold.Summary.Partial)
	}
	if resultcache.OpenDiskCache(g.dir).Loaded() == 0 {
		t.Fatal("the cold run cached nothing: the warm run would not read the cache")
	}
	warm := run()
	if !reflect.DeepEqual(warm.Summary.Partial, cold.Summary.Partial) {
		t.Errorf("warm run: partial %+v, cold %+v", warm.Summary.Partial, cold.Summary.Partial)
	}
	if !reflect.DeepEqual(where(warm.Findings), where(cold.Findings)) {
		t.Errorf("warm findings %v, cold %v", where(warm.Findings), where(cold.Findings))
	}
}

// A diff check reads the import facts of the files it touched; the cache keeps those
// of the rest of the tree, so the next full check parses only what changed.
func TestADiffCheckKeepsTheImportCacheOfTheWholeTree(t *testing.T) {
	files := map[string]string{
		"AGENTS.md": "# Rules\n\n- `app/core/` must not import from `app/ui/`.\n",
	}
	for i := range 12 {
		files[fmt.Sprintf("app/core/m%02d.py", i)] = fmt.Sprintf("import os\nfrom app.core import m%02d\n", (i+1)%12)
		files[fmt.Sprintf("app/ui/v%02d.py", i)] = fmt.Sprintf("from app.core import m%02d\n", i)
	}
	g := newRepo(t, files)
	g.commit("feat: base")
	p := g.open(t)
	if !slices.ContainsFunc(p.Rules, func(c engine.Compiled) bool { return c.Rule.Domain == policy.DomainArchitecture }) {
		t.Fatal("the policy has no architecture rule: nothing reads the import graph")
	}
	run := func(opt Options) *Result {
		t.Helper()
		res, err := Run(p, opt)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	run(Options{Mode: All})
	full := graph.OpenDiskCache(g.dir).Entries()
	if full < 12 {
		t.Fatalf("a full check cached the facts of %d files, want those of the 12 files in app/core", full)
	}
	g.write(map[string]string{"app/core/m03.py": "import os\nimport app.ui.v01\n"})
	if res := run(Options{Mode: Diff, Rev: "HEAD"}); len(res.Findings) == 0 {
		t.Errorf("the diff's import of app/ui is not reported")
	}
	if n := graph.OpenDiskCache(g.dir).Entries(); n < full {
		t.Errorf("after a diff check the cache holds %d files' facts, was %d", n, full)
	}
}

// A blob missing from the object store (a partial or damaged clone) made git's patch
// of the whole change fail, and the check with it. The file whose old side is lost
// is now reported undetermined, never passed, and the rest of the change is judged.
func TestADiffWithAMissingBlobJudgesTheRestAndNamesTheFile(t *testing.T) {
	g := newRepo(t, map[string]string{"lost.py": "lost\n", "kept.py": "kept\n"})
	base := g.commit("feat: base")
	blob := g.git("rev-parse", base+":lost.py")
	if err := os.Remove(filepath.Join(g.dir, ".git", "objects", blob[:2], blob[2:])); err != nil {
		t.Fatal(err)
	}
	g.write(map[string]string{"lost.py": "lost\nBAD\n", "kept.py": "kept\nBAD\n"})
	res := g.run(Options{Mode: Diff, Rev: base}, rule("no-bad", policy.DomainSource, wordCheck{Word: "BAD"}))
	expect(t, res.Findings, "kept.py:2 no-bad")
	u := res.Summary.Undetermined
	if len(u) != 1 || !reflect.DeepEqual(u[0].Files, []string{"lost.py"}) || !strings.Contains(u[0].Reason, blob) {
		t.Errorf("undetermined %+v, want lost.py with the missing object named", u)
	}
}

// TestACheckWithoutArchitectureRulesLeavesTheImportCacheAlone: a full check that runs
// no rule reading the import graph (--domain source) neither reads the graph's cache
// nor cuts it down to the nothing it used, so the next full check parses no file again.
func TestACheckWithoutArchitectureRulesLeavesTheImportCacheAlone(t *testing.T) {
	files := map[string]string{
		"AGENTS.md": "# Rules\n\n- `app/core/` must not import from `app/ui/`.\n- Never call `print()` in Python code.\n",
	}
	for i := range 12 {
		files[fmt.Sprintf("app/core/m%02d.py", i)] = fmt.Sprintf("import os\nfrom app.core import m%02d\n", (i+1)%12)
		files[fmt.Sprintf("app/ui/v%02d.py", i)] = fmt.Sprintf("from app.core import m%02d\n", i)
	}
	g := newRepo(t, files)
	g.commit("feat: base")
	p := g.open(t)
	if _, err := Run(p, Options{Mode: All}); err != nil {
		t.Fatal(err)
	}
	full := graph.OpenDiskCache(g.dir).Entries()
	if full < 12 {
		t.Fatalf("a full check cached the facts of %d files, want those of the 12 files in app/core", full)
	}
	if _, err := Run(p, Options{Mode: All, Domains: []string{policy.DomainSource}}); err != nil {
		t.Fatal(err)
	}
	if n := graph.OpenDiskCache(g.dir).Entries(); n != full {
		t.Errorf("after a check of the source rules alone the import cache holds %d files' facts, was %d", n, full)
	}
}

// --diff REV --staged judges the commits since REV and the index, never the work
// tree's unstaged edits or untracked files.
func TestDiffToTheIndexLeavesTheWorkTreeOut(t *testing.T) {
	g := newRepo(t, map[string]string{"a.py": "ok\nok\n", "b.py": "ok\n"})
	base := g.commit("feat: base")
	g.write(map[string]string{"b.py": "BAD committed\n"})
	g.commit("feat: b")
	g.write(map[string]string{"a.py": "ok\nBAD staged\n"})
	g.git("add", "a.py")
	g.write(map[string]string{"a.py": "BAD unstaged\nok fixed\n", "n.py": "BAD untracked\n"})
	expect(t, g.run(Options{Mode: Diff, Rev: base, Index: true}).Findings, "a.py:2 no-bad", "b.py:1 no-bad")
	expect(t, g.run(Options{Mode: Diff, Rev: base}).Findings, "a.py:1 no-bad", "b.py:1 no-bad", "n.py:1 no-bad")
}
