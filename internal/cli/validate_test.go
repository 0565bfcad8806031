package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/check"
	"github.com/heed-dev/heed/internal/policy"
)

// idiomRepo is a committed repository whose AGENTS.md bans an idiom its code uses in
// every file (fmt.Println, in 20 files) and a call it makes once (panic).
func idiomRepo(t *testing.T) string {
	t.Helper()
	files := map[string]string{
		"AGENTS.md": "# Rules\n\n- Never use `fmt.Println` in Go code.\n- Never call `panic` in Go code.\n",
		"pkg/g.go":  "package pkg\n\nfunc G() {\n\tpanic(\"no\")\n}\n",
	}
	for i := 1; i <= 20; i++ {
		files[fmt.Sprintf("pkg/f%d.go", i)] = fmt.Sprintf("package pkg\n\nimport \"fmt\"\n\nfunc F%d() {\n\tfmt.Println(\"x\")\n}\n", i)
	}
	dir := gitRepo(t, files)
	git(t, dir, "add", "-A")
	git(t, dir, "-c", "user.email=t@heed.invalid", "-c", "user.name=t", "commit", "-q", "-m", "init")
	return dir
}

func readPolicy(t *testing.T, dir string) *policy.Policy {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, ".heed", "policy.json"))
	if err != nil {
		t.Fatal(err)
	}
	var p policy.Policy
	if err := json.Unmarshal(data, &p); err != nil {
		t.Fatal(err)
	}
	return &p
}

func writePolicy(t *testing.T, dir string, p *policy.Policy) {
	t.Helper()
	data, err := policy.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := policy.WriteAtomic(filepath.Join(dir, ".heed", "policy.json"), data); err != nil {
		t.Fatal(err)
	}
}

// ruleFor returns the rule compiled from the constraint whose text contains text.
func ruleFor(t *testing.T, p *policy.Policy, text string) *policy.Rule {
	t.Helper()
	for i := range p.Entries {
		e := &p.Entries[i]
		if strings.Contains(e.Text, text) {
			if len(e.Rules) != 1 {
				t.Fatalf("%q compiled into %d rules, want 1", e.Text, len(e.Rules))
			}
			return &e.Rules[0]
		}
	}
	t.Fatalf("no constraint with %q", text)
	return nil
}

func compileOK(t *testing.T, dir string, args ...string) string {
	t.Helper()
	code, out, errs := runHeed(nil, append([]string{"compile", "--repo", dir}, args...)...)
	if code != 0 {
		t.Fatalf("heed compile %v: exit %d\n%s\n%s", args, code, out, errs)
	}
	return out
}

func TestCompileDemotesTheIdiomAndBaselinesTheFewSites(t *testing.T) {
	dir := idiomRepo(t)
	out := compileOK(t, dir)
	p := readPolicy(t, dir)

	idiom := ruleFor(t, p, "fmt.Println")
	if idiom.Severity != policy.SeverityWarning || idiom.Validation != policy.ValidationDemoted ||
		!strings.HasPrefix(idiom.Review, "flags 20 existing sites in 20 of the 21 files it applies to") {
		t.Fatalf("the idiom's ban: severity %q, validation %q, review %q; want a demoted warning with the count", idiom.Severity, idiom.Validation, idiom.Review)
	}
	if idiom.Edited() {
		t.Fatal("a demoted rule must still count as the compiler's (its fingerprint follows the demotion)")
	}
	once := ruleFor(t, p, "panic")
	if once.Severity != policy.SeverityError || once.Validation != "" || once.Review != "" {
		t.Fatalf("the ban used once: severity %q, validation %q, review %q; want an error as compiled", once.Severity, once.Validation, once.Review)
	}
	for _, want := range []string{
		"needs review (now a warning): " + idiom.ID,
		"existing sites: " + once.ID + " (error)",
		"1 site in 1 file: pkg/g.go:4",
		"heed compile --baseline",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("compile output lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(out, "needs review: 1 rules warn instead of blocking") {
		t.Errorf("the coverage table does not count the demoted rule for review:\n%s", out)
	}
	code, out, _ := runHeed(nil, "explain", "--repo", dir, idiom.ID)
	if code != 0 || !strings.Contains(out, "needs review, flags 20 existing sites") {
		t.Errorf("heed explain %s (exit %d) does not say it needs review:\n%s", idiom.ID, code, out)
	}

	// heed check: the demoted rule warns, reported once with its first sites and
	// its count; the kept one blocks.
	code, out, _ = runHeed(nil, "check", "--all", "--repo", dir)
	if code != 1 || !strings.Contains(out, "1 error, 3 warnings") || !strings.Contains(out, "rule "+idiom.ID+" needs review") ||
		!strings.Contains(out, "20 sites in 20 files, 3 of them listed") {
		t.Fatalf("check --all: exit %d, want 1 with 1 error, 3 warnings and the rule that needs review once:\n%s", code, out)
	}
	code, out, _ = runHeed(nil, "check", "--all", "--all-sites", "--repo", dir)
	if code != 1 || !strings.Contains(out, "1 error, 20 warnings") {
		t.Fatalf("check --all --all-sites: exit %d, want 1 with 1 error and 20 warnings:\n%s", code, out)
	}
	// Accepting the baseline leaves only the warnings: exit 0.
	out = compileOK(t, dir, "--baseline")
	if !strings.Contains(out, "recorded 1 existing site of 1 rule in .heed/baseline.json") {
		t.Fatalf("compile --baseline output:\n%s", out)
	}
	bl, err := check.LoadBaseline(dir)
	if err != nil || len(bl.Findings) != 1 || bl.Findings[0].Rule != once.ID || bl.Findings[0].File != "pkg/g.go" {
		t.Fatalf("baseline %+v, %v; want the one panic site", bl, err)
	}
	code, out, _ = runHeed(nil, "check", "--all", "--all-sites", "--baseline", "--repo", dir)
	if code != 0 || !strings.Contains(out, "20 warnings") || !strings.Contains(out, "1 in the baseline") {
		t.Fatalf("check --all --baseline: exit %d, want 0 with the 20 warnings:\n%s", code, out)
	}
	// A new panic is reported: the baseline hides only the existing site.
	if err := os.WriteFile(filepath.Join(dir, "pkg", "h.go"), []byte("package pkg\n\nfunc H() {\n\tpanic(\"new\")\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runHeed(nil, "check", "--all", "--baseline", "--repo", dir)
	if code != 1 || !strings.Contains(out, "pkg/h.go:4:") {
		t.Fatalf("a new violation after the baseline: exit %d:\n%s", code, out)
	}
}

// The self-validation judges the tree of HEAD: what the working tree adds is the
// change heed check judges, not the repository as it stands.
func TestValidationJudgesTheTreeOfHead(t *testing.T) {
	dir := idiomRepo(t)
	for i := 0; i < 5; i++ { // new files
		os.WriteFile(filepath.Join(dir, "pkg", fmt.Sprintf("p%d.go", i)), []byte("package pkg\n\nfunc P() {\n\tpanic(1)\n}\n"), 0o644)
	}
	// A committed file edited: the pass reads it as HEAD has it, one panic at line 4
	// (the working tree moves it to line 5 and adds a second).
	os.WriteFile(filepath.Join(dir, "pkg", "g.go"), []byte("package pkg\n\nfunc G() {\n\t_ = 1\n\tpanic(\"no\")\n\tpanic(\"twice\")\n}\n"), 0o644)
	code, out, errs := runHeed(nil, "compile", "--repo", dir, "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var res struct {
		Validation *check.Validation `json:"validation"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.Validation == nil || !strings.HasPrefix(res.Validation.Tree, "HEAD (") {
		t.Fatalf("validation %+v, want it over HEAD", res.Validation)
	}
	once := ruleFor(t, readPolicy(t, dir), "panic")
	rv := res.Validation.Rule(once.ID)
	if rv == nil || rv.Sites != 1 || rv.Verdict != check.ValidBaseline || once.Severity != policy.SeverityError {
		t.Fatalf("panic rule %+v (severity %s): want the 1 committed site, not the uncommitted ones", rv, once.Severity)
	}
	if out := compileOK(t, dir); !strings.Contains(out, "1 site in 1 file: pkg/g.go:4\n") {
		t.Fatalf("the site is not listed at pkg/g.go:4, as committed:\n%s", out)
	}
}

func TestReviewerDecisionsSurviveRecompiling(t *testing.T) {
	dir := idiomRepo(t)
	compileOK(t, dir)
	p := readPolicy(t, dir)
	idiom := ruleFor(t, p, "fmt.Println")
	idiomID := idiom.ID
	idiom.Severity, idiom.Decision = policy.SeverityError, policy.DecisionKeep
	once := ruleFor(t, p, "panic")
	onceID := once.ID
	once.Decision = policy.DecisionDrop
	writePolicy(t, dir, p)

	out := compileOK(t, dir)
	p = readPolicy(t, dir)
	idiom, once = ruleFor(t, p, "fmt.Println"), ruleFor(t, p, "panic")
	if idiom.Severity != policy.SeverityError || idiom.Decision != policy.DecisionKeep {
		t.Fatalf("kept rule after recompiling: severity %q, decision %q; want error, keep", idiom.Severity, idiom.Decision)
	}
	if once.Decision != policy.DecisionDrop {
		t.Fatalf("dropped rule after recompiling: decision %q", once.Decision)
	}
	if strings.Contains(out, "needs review (now a warning)") || !strings.Contains(out, "kept at its level: a person wrote or confirmed it") {
		t.Fatalf("compile demoted a rule the reviewer kept, or did not say it kept it:\n%s", out)
	}
	if strings.Contains(out, "needs review: ") {
		t.Errorf("a decided rule still counts as needing review:\n%s", out)
	}
	// The kept rule blocks on its 20 sites; the dropped rule never runs.
	code, out, _ := runHeed(nil, "check", "--all", "--repo", dir)
	if code != 1 || !strings.Contains(out, "20 errors") || strings.Contains(out, onceID) {
		t.Fatalf("check --all after the decisions: exit %d:\n%s", code, out)
	}
	if !strings.Contains(out, idiomID) {
		t.Fatalf("the kept rule reported nothing:\n%s", out)
	}
	// A third compile changes nothing.
	code, out, _ = runHeed(nil, "compile", "--check", "--repo", dir)
	if code != 0 {
		t.Fatalf("compile --check after a recompile: exit %d (stale):\n%s", code, out)
	}
}

// A rule a person wrote is never demoted, however much it flags.
func TestHandWrittenRulesAreNotDemoted(t *testing.T) {
	dir := idiomRepo(t)
	compileOK(t, dir)
	p := readPolicy(t, dir)
	gen := ruleFor(t, p, "fmt.Println")
	p.Entries = append(p.Entries, policy.Entry{
		Constraint: policy.Constraint{ID: "team-1", Text: "No Println.", Level: policy.Must},
		Rules: []policy.Rule{{
			ID: "team-1.text.1", Domain: policy.DomainSource, Kind: gen.Kind, Severity: policy.SeverityError, Origin: policy.OriginManual,
			Params: gen.Params,
		}},
	})
	writePolicy(t, dir, p)
	out := compileOK(t, dir)
	r := ruleFor(t, readPolicy(t, dir), "No Println.")
	if r.Severity != policy.SeverityError || r.Validation != "" || r.Review != "" {
		t.Fatalf("hand-written rule after compile: severity %q, validation %q, review %q", r.Severity, r.Validation, r.Review)
	}
	if !strings.Contains(out, "existing sites: team-1.text.1 (error)") {
		t.Fatalf("the hand-written rule's existing sites are not listed:\n%s", out)
	}
}

func TestValidationTimeBudget(t *testing.T) {
	dir := idiomRepo(t)
	out := compileOK(t, dir, "--validate-budget", "1ns")
	p := readPolicy(t, dir)
	for _, text := range []string{"fmt.Println", "panic"} {
		r := ruleFor(t, p, text)
		if r.Validation != policy.ValidationNotValidated || r.Severity != policy.SeverityError {
			t.Errorf("%s after a spent budget: validation %q, severity %q; want not validated, at its level", text, r.Validation, r.Severity)
		}
	}
	if !strings.Contains(out, "not validated (the 1e-09s budget ran out)") || !strings.Contains(out, "not validated: 2 source or architecture rules") {
		t.Fatalf("compile output does not say the rules were not validated:\n%s", out)
	}
	code, out, _ := runHeed(nil, "explain", "--repo", dir, ruleFor(t, p, "panic").ID)
	if code != 0 || !strings.Contains(out, "not validated") {
		t.Fatalf("explain does not say the rule is not validated:\n%s", out)
	}
	// A compile with time to spare validates them.
	compileOK(t, dir)
	if r := ruleFor(t, readPolicy(t, dir), "fmt.Println"); r.Validation != policy.ValidationDemoted {
		t.Fatalf("after a full compile: validation %q", r.Validation)
	}
}

func TestNoValidateKeepsWhatWasRecorded(t *testing.T) {
	dir := idiomRepo(t)
	compileOK(t, dir)
	before := readPolicy(t, dir)
	out := compileOK(t, dir, "--no-validate")
	if strings.Contains(out, "self-validation:") {
		t.Fatalf("--no-validate ran the pass:\n%s", out)
	}
	after := readPolicy(t, dir)
	if a, b := ruleFor(t, after, "fmt.Println"), ruleFor(t, before, "fmt.Println"); a.Severity != b.Severity || a.Review != b.Review || a.Generated != b.Generated {
		t.Fatalf("--no-validate changed the demoted rule: %+v -> %+v", b, a)
	}
	// A new rule compiled without the pass is marked, never taken as validated.
	os.WriteFile(filepath.Join(dir, "AGENTS.md"), []byte("# Rules\n\n- Never use `fmt.Println` in Go code.\n- Never call `panic` in Go code.\n- Never call `os.Exit` in Go code.\n"), 0o644)
	out = compileOK(t, dir, "--no-validate")
	if r := ruleFor(t, readPolicy(t, dir), "os.Exit"); r.Validation != policy.ValidationNotValidated {
		t.Fatalf("a new rule under --no-validate: validation %q\n%s", r.Validation, out)
	}
}

// A rule that might judge more files than self_validation.sample_files is judged on
// a sample, and compile says so: its review names the sample, and its existing sites
// are not all listed. --baseline judges every file and records every site.
func TestCompileJudgesALargeRuleOnASample(t *testing.T) {
	dir := idiomRepo(t)
	compileOK(t, dir)
	p := readPolicy(t, dir)
	p.SelfValidation = &policy.SelfValidation{SampleFiles: 5}
	writePolicy(t, dir, p)
	out := compileOK(t, dir)
	p = readPolicy(t, dir)
	idiom := ruleFor(t, p, "fmt.Println")
	if idiom.Validation != policy.ValidationDemoted || !strings.Contains(idiom.Review, "a sample of 5 of its 21 files") {
		t.Errorf("the idiom's ban, judged on 5 of its 21 files: validation %q, review %q", idiom.Validation, idiom.Review)
	}
	if !strings.Contains(out, "judged on a sample of 5 of the files they might judge") || !strings.Contains(out, "heed compile --baseline judges every file") {
		t.Errorf("compile does not say which rules it judged on a sample:\n%s", out)
	}
	compileOK(t, dir, "--baseline")
	data, err := os.ReadFile(filepath.Join(dir, ".heed", "baseline.json"))
	if err != nil || !strings.Contains(string(data), "pkg/g.go") {
		t.Errorf("--baseline must judge every file and record the one panic site: %v\n%s", err, data)
	}
}
