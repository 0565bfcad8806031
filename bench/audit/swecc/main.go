// Command swecc compares `heed audit` with SWE-CC's expected verdicts on SWE-CC's one
// released real run (dangtruong01/swe-cc-arxiv, examples/sympy__sympy-11618-native):
//
//	go build -o /tmp/heed ./cmd/heed
//	go run ./bench/audit/swecc -heed /tmp/heed [-baseline /tmp/heed-main] [-o report.md]
//
// Nothing it reads is committed to heed. At run time it:
//
//   - reads the run (-example: trajectory.json and expected_rows.jsonl, from a clone of
//     swe-cc-arxiv or a transcription of it; README.md says how to get one);
//   - makes SymPy's repository as the session left it: a shared clone of a SymPy git
//     directory (-sympy, e.g. `fetch github:sympy/sympy`) checked out on `master` at the
//     run's base commit, the session's commit re-made from the run's own record (the
//     PATCH_COMMITTED diff and the LOG entry of its collect output: message, author, date);
//   - writes SymPy's 142 SWE-CC policies (-policies, shared/corpus/swe-cc/policies.csv)
//     into CONTRIBUTING.md, grouped by category as SWE-CC's own CONTRIBUTING_RULES.md
//     is, one policy a bullet (its line names its policy);
//   - runs `heed audit --format json` on it and folds each policy's rules into one row
//     verdict, beside SWE-CC's (pass → satisfied, fail → violated, withheld →
//     undetermined, not triggered → inapplicable).
//
// The report gives the agreement on the rows heed judges offline (at least one rule that
// needs no model), the agreement over all 142 rows, triggering and compliance rates side
// by side, and every disagreement with both sides' reasons. With -baseline, a second heed
// build is measured on the same run and shown beside.
package main

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

func main() {
	heed := flag.String("heed", "", "heed binary to measure (required)")
	baseline := flag.String("baseline", "", "a second heed build, measured beside")
	example := flag.String("example", envOr("SWECC_EXAMPLE", "/work/swecc-example/sympy__sympy-11618-native"), "the run's folder (trajectory.json, expected_rows.jsonl)")
	sympy := flag.String("sympy", envOr("SWECC_SYMPY", "/work/.mirror/sympy+sympy/repo"), "a SymPy git directory holding the run's base commit")
	policies := flag.String("policies", defaultPolicies(), "SWE-CC's policies.csv")
	out := flag.String("o", "", "write the report here (default standard output)")
	keep := flag.Bool("keep", false, "keep the repository made for the audit and print where it is")
	flag.Parse()
	if *heed == "" {
		fmt.Fprintln(os.Stderr, "usage: go run ./bench/audit/swecc -heed PATH/TO/heed [-baseline PATH] [-o FILE]")
		os.Exit(2)
	}
	if err := run(*heed, *baseline, *example, *sympy, *policies, *out, *keep); err != nil {
		fmt.Fprintln(os.Stderr, "bench/audit/swecc:", err)
		os.Exit(1)
	}
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func defaultPolicies() string {
	if v := os.Getenv("HEED_SHARED"); v != "" {
		return filepath.Join(v, "corpus", "swe-cc", "policies.csv")
	}
	for _, c := range []string{"../shared/corpus/swe-cc/policies.csv", "../../shared/corpus/swe-cc/policies.csv", "/work/shared/corpus/swe-cc/policies.csv"} {
		if _, err := os.Stat(c); err == nil {
			return c
		}
	}
	return "../shared/corpus/swe-cc/policies.csv"
}

// Policy is one row of policies.csv.
type Policy struct {
	ID, Category, Evidence, Check, Text string
	HumanInLoop                         bool
}

// Expected is one of SWE-CC's expected rows.
type Expected struct {
	RuleID   string `json:"rule_id"`
	Verdict  string `json:"verdict"`
	Status   string `json:"status"`
	NTargets int    `json:"n_targets"`
	Notes    string `json:"notes"`
}

// Outcome is SWE-CC's released outcome of a row, in heed's verdict words.
func (e Expected) Outcome() string {
	switch {
	case e.Verdict == "pass":
		return "satisfied"
	case e.Verdict == "fail":
		return "violated"
	case e.Status != "ok" && e.Status != "":
		return "undetermined" // withheld
	}
	return "inapplicable" // not triggered
}

func run(heed, baseline, example, sympy, policiesPath, out string, keep bool) error {
	pols, err := readPolicies(policiesPath, "sympy")
	if err != nil {
		return err
	}
	exp, err := readExpected(filepath.Join(example, "expected_rows.jsonl"))
	if err != nil {
		return err
	}
	trajPath := filepath.Join(example, "trajectory.json")
	sess, err := readSession(trajPath)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "heed-swecc-")
	if err != nil {
		return err
	}
	if keep {
		fmt.Fprintln(os.Stderr, "repository kept in", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	repo := filepath.Join(dir, "sympy")
	if err := makeRepo(repo, sympy, sess); err != nil {
		return err
	}
	lines, err := writePolicies(filepath.Join(repo, "CONTRIBUTING.md"), pols)
	if err != nil {
		return err
	}
	measure := func(bin string) (*Measure, error) {
		rep, err := audit(bin, repo, trajPath, sess.Base)
		if err != nil {
			return nil, err
		}
		return compare(rep, lines, pols, exp), nil
	}
	m, err := measure(heed)
	if err != nil {
		return err
	}
	var base *Measure
	if baseline != "" {
		if base, err = measure(baseline); err != nil {
			return fmt.Errorf("baseline: %w", err)
		}
	}
	var w io.Writer = os.Stdout
	if out != "" {
		f, err := os.Create(out)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	bw := bufio.NewWriter(w)
	writeReport(bw, m, base, pols, exp, heed, baseline)
	return bw.Flush()
}

func readPolicies(p, project string) ([]Policy, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, fmt.Errorf("read policies: %w", err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", p, err)
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("read %s: empty", p)
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	for _, h := range []string{"policy_id", "project", "category", "evidence_type", "check", "human_in_the_loop", "policy"} {
		if _, ok := col[h]; !ok {
			return nil, fmt.Errorf("read %s: no column %q", p, h)
		}
	}
	var out []Policy
	for _, r := range recs[1:] {
		if r[col["project"]] != project {
			continue
		}
		out = append(out, Policy{ID: r[col["policy_id"]], Category: r[col["category"]], Evidence: r[col["evidence_type"]],
			Check: r[col["check"]], Text: strings.TrimSpace(r[col["policy"]]), HumanInLoop: r[col["human_in_the_loop"]] == "1"})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("read %s: no %s policy", p, project)
	}
	return out, nil
}

func readExpected(p string) (map[string]Expected, error) {
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("read expected rows: %w", err)
	}
	out := map[string]Expected{}
	for i, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var e Expected
		if err := json.Unmarshal(line, &e); err != nil {
			return nil, fmt.Errorf("read %s: line %d: %w", p, i+1, err)
		}
		out[e.RuleID] = e
	}
	return out, nil
}

// Session is what the bench needs of the run's own record (the collect output the
// trajectory carries): the base, the committed diff and the commit.
type Session struct {
	Base, Branch        string
	Patch               string
	Message             string
	Author, AuthorEmail string
	Date                string
}

func readSession(p string) (*Session, error) {
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("read trajectory: %w", err)
	}
	var doc struct {
		Info struct {
			Submission string `json:"submission"`
		} `json:"info"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("read %s: %w", p, err)
	}
	sec := sections(doc.Info.Submission)
	s := &Session{Patch: sec["PATCH_COMMITTED"], Branch: "master"}
	for _, l := range strings.Split(sec["PROBE"], "\n") {
		if v, ok := strings.CutPrefix(l, "base_commit="); ok {
			s.Base = strings.TrimSpace(v)
		}
	}
	for _, l := range strings.Split(sec["BRANCH"], "\n") {
		if v, ok := strings.CutPrefix(l, "branch="); ok && strings.TrimSpace(v) != "" {
			s.Branch = strings.TrimSpace(v)
		}
	}
	if s.Base == "" || s.Patch == "" {
		return nil, fmt.Errorf("read %s: the submission has no base_commit or no PATCH_COMMITTED diff", p)
	}
	// LOG: git log --pretty=raw --stat; one commit expected.
	var msg []string
	for _, l := range strings.Split(sec["LOG"], "\n") {
		switch {
		case strings.HasPrefix(l, "author "):
			s.Author, s.AuthorEmail, s.Date = parseIdent(strings.TrimPrefix(l, "author "))
		case strings.HasPrefix(l, "    "):
			msg = append(msg, strings.TrimPrefix(l, "    "))
		case l == "" && len(msg) > 0:
			msg = append(msg, "")
		}
	}
	s.Message = strings.TrimSpace(strings.Join(msg, "\n"))
	if s.Message == "" {
		return nil, fmt.Errorf("read %s: the submission's LOG has no commit message", p)
	}
	return s, nil
}

// sections splits collect.sh output on its ===NAME=== markers.
func sections(sub string) map[string]string {
	out := map[string]string{}
	name := ""
	var b strings.Builder
	flush := func() {
		if name != "" {
			out[name] = b.String()
		}
		b.Reset()
	}
	for _, l := range strings.SplitAfter(sub, "\n") {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "===") && strings.HasSuffix(t, "===") && len(t) > 6 {
			flush()
			name = strings.Trim(t, "=")
			continue
		}
		b.WriteString(l)
	}
	flush()
	return out
}

// parseIdent reads "Name <email> 1787811108 +0000".
func parseIdent(s string) (name, email, date string) {
	lt, gt := strings.Index(s, "<"), strings.Index(s, ">")
	if lt < 0 || gt < lt {
		return strings.TrimSpace(s), "", ""
	}
	return strings.TrimSpace(s[:lt]), s[lt+1 : gt], strings.TrimSpace(s[gt+1:])
}

func git(dir string, env []string, stdin string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	if stdin != "" {
		cmd.Stdin = strings.NewReader(stdin)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return string(out), nil
}

// makeRepo makes SymPy as the session left it: base checked out on the session's branch,
// the session's commit re-made from its record.
func makeRepo(repo, sympy string, s *Session) error {
	if _, err := os.Stat(sympy); err != nil {
		return fmt.Errorf("SymPy git directory: %w (fetch github:sympy/sympy, or pass -sympy)", err)
	}
	if _, err := git(".", nil, "", "clone", "--quiet", "--shared", "--no-checkout", sympy, repo); err != nil {
		return err
	}
	if _, err := git(repo, nil, "", "checkout", "--quiet", "-B", s.Branch, s.Base); err != nil {
		return err
	}
	if _, err := git(repo, nil, s.Patch, "apply", "--index", "-"); err != nil {
		return err
	}
	env := []string{"GIT_AUTHOR_NAME=" + s.Author, "GIT_AUTHOR_EMAIL=" + s.AuthorEmail, "GIT_AUTHOR_DATE=" + s.Date,
		"GIT_COMMITTER_NAME=" + s.Author, "GIT_COMMITTER_EMAIL=" + s.AuthorEmail, "GIT_COMMITTER_DATE=" + s.Date}
	if _, err := git(repo, env, s.Message, "-c", "commit.gpgsign=false", "commit", "--quiet", "--no-verify", "-F", "-"); err != nil {
		return err
	}
	return nil
}

// writePolicies writes the policies as SWE-CC's consolidated rules file is written (a
// heading per category, a bullet per policy) and returns each policy's line.
func writePolicies(p string, pols []Policy) (map[int]string, error) {
	var cats []string
	by := map[string][]Policy{}
	for _, x := range pols {
		if by[x.Category] == nil {
			cats = append(cats, x.Category)
		}
		by[x.Category] = append(by[x.Category], x)
	}
	var b strings.Builder
	line := 1
	lines := map[int]string{}
	emit := func(s string) {
		b.WriteString(s)
		b.WriteString("\n")
		line++
	}
	emit("# Contributing to SymPy")
	emit("")
	for _, c := range cats {
		emit("## " + c)
		emit("")
		for _, x := range by[c] {
			lines[line] = x.ID
			emit("- " + strings.Join(strings.Fields(x.Text), " "))
		}
		emit("")
	}
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		return nil, fmt.Errorf("write %s: %w", p, err)
	}
	return lines, nil
}

// Report is the part of heed's JSON audit report the bench reads.
type Report struct {
	Run struct {
		Format   string `json:"format"`
		Steps    int    `json:"steps"`
		Commands int    `json:"commands"`
		Commits  int    `json:"commits"`
		Files    int    `json:"files_changed"`
		PR       string `json:"pr_source"`
	} `json:"run"`
	Warnings []string `json:"warnings"`
	Missing  []string `json:"missing"`
	Rules    []Rule   `json:"rules"`
}

// Rule is one rule's row of heed's report.
type Rule struct {
	Rule        string `json:"rule"`
	Domain      string `json:"domain"`
	Kind        string `json:"kind"`
	Instruction struct {
		File string `json:"file"`
		Line int    `json:"line"`
	} `json:"instruction"`
	Verdict    string `json:"verdict"`
	Reason     string `json:"reason"`
	Violations []struct {
		Message string `json:"message"`
		Step    int    `json:"step"`
	} `json:"violations"`
}

func audit(bin, repo, traj, base string) (*Report, error) {
	cmd := exec.Command(bin, "audit", "--repo", repo, "--trajectory", traj, "--base", base, "--format", "json")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !(errors.As(err, &ee) && ee.ExitCode() == 1) {
		return nil, fmt.Errorf("%s audit: %v: %s", bin, err, strings.TrimSpace(stderr.String()))
	}
	var rep Report
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		return nil, fmt.Errorf("%s audit: read its JSON: %w", bin, err)
	}
	return &rep, nil
}

// Row is one policy: SWE-CC's outcome beside heed's.
type Row struct {
	Policy   Policy
	Expected Expected
	// Heed is heed's verdict over the policy's rules, "" when no rule was compiled.
	Heed   string
	Rules  []Rule
	Judged bool // at least one rule judged without a model
}

// Measure is one heed build on the run.
type Measure struct {
	Report *Report
	Rows   []Row
}

// needsModel tells a rule heed did not judge offline: a judge rule (a model's), unless
// its condition was decided not to hold, which needs no model.
func needsModel(r Rule) bool {
	if r.Verdict == "inapplicable" {
		return false
	}
	return r.Kind == "judge" || r.Domain == "semantic" || strings.Contains(r.Reason, "needs a model")
}

func compare(rep *Report, lines map[int]string, pols []Policy, exp map[string]Expected) *Measure {
	byPolicy := map[string][]Rule{}
	for _, r := range rep.Rules {
		if r.Instruction.File != "CONTRIBUTING.md" {
			continue
		}
		if id, ok := lines[r.Instruction.Line]; ok {
			byPolicy[id] = append(byPolicy[id], r)
		}
	}
	m := &Measure{Report: rep}
	for _, p := range pols {
		row := Row{Policy: p, Expected: exp[p.ID], Rules: byPolicy[p.ID]}
		var offline []Rule
		for _, r := range row.Rules {
			if !needsModel(r) {
				offline = append(offline, r)
			}
		}
		row.Judged = len(offline) > 0
		if len(row.Rules) > 0 {
			use := offline
			if len(use) == 0 {
				use = row.Rules
			}
			row.Heed = fold(use)
		}
		m.Rows = append(m.Rows, row)
	}
	return m
}

// fold is SWE-CC's arithmetic over a policy's rules: any violated, else any satisfied,
// else any undetermined, else inapplicable.
func fold(rs []Rule) string {
	has := map[string]bool{}
	for _, r := range rs {
		has[r.Verdict] = true
	}
	for _, v := range []string{"violated", "satisfied", "undetermined"} {
		if has[v] {
			return v
		}
	}
	return "inapplicable"
}

type rates struct {
	n, sat, vio, und, ina int
}

func (r *rates) add(v string) {
	r.n++
	switch v {
	case "satisfied":
		r.sat++
	case "violated":
		r.vio++
	case "undetermined":
		r.und++
	default:
		r.ina++
	}
}

func (r rates) triggering() string {
	if r.n == 0 {
		return "—"
	}
	return pct(r.sat+r.vio+r.und, r.n)
}

func (r rates) compliance() string {
	if r.sat+r.vio == 0 {
		return "—"
	}
	return pct(r.sat, r.sat+r.vio)
}

func pct(a, b int) string { return fmt.Sprintf("%.1f %% (%d/%d)", 100*float64(a)/float64(b), a, b) }

// Summary holds a build's figures.
type Summary struct {
	judged, agreeJudged, agreeAll, compiled int
	heedRows, sweRows, sweOnJudged          rates
	confusion                               map[[2]string]int
}

func summarise(m *Measure) Summary {
	s := Summary{confusion: map[[2]string]int{}}
	for _, r := range m.Rows {
		want := r.Expected.Outcome()
		s.sweRows.add(want)
		if r.Heed != "" {
			s.compiled++
		}
		if r.Judged {
			s.judged++
			s.heedRows.add(r.Heed)
			s.sweOnJudged.add(want)
			if r.Heed == want {
				s.agreeJudged++
			}
		}
		got := r.Heed
		if !r.Judged {
			got = "not judged offline"
		}
		if r.Judged && r.Heed == want {
			s.agreeAll++
		}
		s.confusion[[2]string{want, got}]++
	}
	return s
}

func writeReport(w io.Writer, m, base *Measure, pols []Policy, exp map[string]Expected, heed, baseline string) {
	s := summarise(m)
	fmt.Fprintf(w, "# heed audit on SWE-CC's sympy__sympy-11618 run\n\n")
	fmt.Fprintf(w, "heed read the session as `%s`: %d steps, %d commands, %d commit(s), %d file(s) changed, PR from %s.\n\n",
		m.Report.Run.Format, m.Report.Run.Steps, m.Report.Run.Commands, m.Report.Run.Commits, m.Report.Run.Files, orDash(m.Report.Run.PR))
	if len(m.Report.Warnings) > 0 || len(m.Report.Missing) > 0 {
		fmt.Fprintf(w, "Warnings: %s. Missing: %s.\n\n", orDash(strings.Join(m.Report.Warnings, "; ")), orDash(strings.Join(m.Report.Missing, "; ")))
	}
	cols := []string{"figure", "heed (" + filepath.Base(heed) + ")"}
	var b Summary
	if base != nil {
		b = summarise(base)
		cols = append(cols, "baseline ("+filepath.Base(baseline)+")")
	}
	fmt.Fprintf(w, "| %s |\n|%s\n", strings.Join(cols, " | "), strings.Repeat(" --- |", len(cols)))
	row := func(name string, f func(Summary) string) {
		fmt.Fprintf(w, "| %s | %s", name, f(s))
		if base != nil {
			fmt.Fprintf(w, " | %s", f(b))
		}
		fmt.Fprintln(w, " |")
	}
	n := len(m.Rows)
	row("policies with a compiled rule", func(x Summary) string { return pct(x.compiled, n) })
	row("rows heed judges offline", func(x Summary) string { return pct(x.judged, n) })
	row("**agreement on the rows judged offline**", func(x Summary) string {
		if x.judged == 0 {
			return "—"
		}
		return "**" + pct(x.agreeJudged, x.judged) + "**"
	})
	row("agreement over all rows", func(x Summary) string { return pct(x.agreeAll, n) })
	row("heed triggering rate (rows judged offline)", func(x Summary) string { return x.heedRows.triggering() })
	row("SWE-CC triggering rate (same rows)", func(x Summary) string { return x.sweOnJudged.triggering() })
	row("heed compliance rate (rows judged offline)", func(x Summary) string { return x.heedRows.compliance() })
	row("SWE-CC compliance rate (same rows)", func(x Summary) string { return x.sweOnJudged.compliance() })
	row("SWE-CC triggering rate (all 142)", func(x Summary) string { return x.sweRows.triggering() })
	row("SWE-CC compliance rate (all 142)", func(x Summary) string { return x.sweRows.compliance() })
	fmt.Fprintf(w, "\nSWE-CC outcome (rows) × heed verdict (columns), this build:\n\n")
	heads := []string{"satisfied", "violated", "undetermined", "inapplicable", "not judged offline"}
	fmt.Fprintf(w, "| SWE-CC \\ heed | %s |\n|%s\n", strings.Join(heads, " | "), strings.Repeat(" --- |", len(heads)+1))
	for _, want := range heads[:4] {
		fmt.Fprintf(w, "| %s |", want)
		for _, got := range heads {
			fmt.Fprintf(w, " %d |", s.confusion[[2]string{want, got}])
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "\n## Rows judged offline\n\n| policy | category | SWE-CC | heed | rules (kind: verdict) | heed's reason | SWE-CC's note |\n| --- | --- | --- | --- | --- | --- | --- |\n")
	for _, r := range m.Rows {
		if !r.Judged {
			continue
		}
		mark := ""
		if r.Heed != r.Expected.Outcome() {
			mark = " ✗"
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s%s | %s | %s | %s |\n", r.Policy.ID, r.Policy.Category, r.Expected.Outcome(), r.Heed, mark,
			ruleList(r.Rules), cell(reasons(r.Rules)), cell(r.Expected.Notes))
	}
	fmt.Fprintf(w, "\n## Rows not judged offline\n\n| policy | category | SWE-CC | what heed made of it |\n| --- | --- | --- | --- |\n")
	for _, r := range m.Rows {
		if r.Judged {
			continue
		}
		what := "no rule compiled"
		if len(r.Rules) > 0 {
			what = "needs a model: " + ruleList(r.Rules)
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s |\n", r.Policy.ID, r.Policy.Category, r.Expected.Outcome(), what)
	}
	_ = pols
	_ = exp
}

func ruleList(rs []Rule) string {
	var parts []string
	for _, r := range rs {
		parts = append(parts, r.Kind+": "+r.Verdict)
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

func reasons(rs []Rule) string {
	var parts []string
	seen := map[string]bool{}
	for _, r := range rs {
		t := r.Reason
		if t == "" && len(r.Violations) > 0 {
			t = r.Violations[0].Message
		}
		if t != "" && !seen[t] {
			seen[t] = true
			parts = append(parts, t)
		}
	}
	return strings.Join(parts, "; ")
}

func cell(s string) string {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "|", "\\|"), "\n", " ")
	if len(s) > 160 {
		s = s[:157] + "..."
	}
	return s
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
