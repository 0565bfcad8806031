package check

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/report"
)

// reviewed is a source rule the compiler demoted for review: a warning with the
// self-validation's reason.
func reviewed(id, word string) engine.Compiled {
	c := rule(id, policy.DomainSource, wordCheck{Word: word})
	c.Rule.Severity = policy.SeverityWarning
	c.Rule.Review = "flags 9 existing sites in 9 files: review"
	c.Rule.Validation = "demoted"
	return c
}

// idiomRepo has nine files that each use the project's idiom (IDIOM) and one that
// breaks a rule nobody doubts (BAD).
func idiomRepo(t *testing.T) *gitRepo {
	files := map[string]string{"src/z.py": "BAD\n"}
	for i := 1; i <= 9; i++ {
		files[fmt.Sprintf("src/m%d.py", i)] = "ok\nIDIOM\n"
	}
	g := newRepo(t, files)
	g.commit("feat: base")
	return g
}

func TestARuleThatNeedsReviewIsReportedOnceWithItsCount(t *testing.T) {
	g := idiomRepo(t)
	rules := []engine.Compiled{reviewed("idiom", "IDIOM"), rule("no-bad", policy.DomainSource, wordCheck{Word: "BAD"})}

	res := g.run(Options{Mode: All, CondenseReview: true}, rules...)
	// the first three sites in the order of the run, and every site of the rule nobody doubts
	expect(t, res.Findings, "src/m1.py:2 idiom", "src/m2.py:2 idiom", "src/m3.py:2 idiom", "src/z.py:1 no-bad")
	cs := res.Summary.Condensed
	if len(cs) != 1 {
		t.Fatalf("condensed %+v, want the one rule that needs review", cs)
	}
	c := cs[0]
	if c.Rule != "idiom" || c.Sites != 9 || c.Files != 9 || c.Shown != report.MaxReviewSites || c.Severity != policy.SeverityWarning || !strings.Contains(c.Review, "review") || c.Instruction.File != "AGENTS.md" {
		t.Errorf("condensed %+v", c)
	}
	if s := res.Summary; s.Errors != 1 || s.Warnings != 3 {
		t.Errorf("summary counts the listed findings: errors %d warnings %d", s.Errors, s.Warnings)
	}

	// every site when asked (and by default for callers that record them: a baseline)
	all := g.run(Options{Mode: All}, rules...)
	if n := len(all.Findings); n != 10 || len(all.Summary.Condensed) != 0 {
		t.Errorf("without condensing: %d findings, condensed %+v; want all 10 and none", n, all.Summary.Condensed)
	}
}

func TestAReviewedRuleOrOneWithFewSitesIsNotCondensed(t *testing.T) {
	g := idiomRepo(t)
	kept := reviewed("idiom", "IDIOM")
	kept.Rule.Decision = policy.DecisionKeep // a reviewer decided: enforced as it stands
	few := reviewed("few", "BAD")            // one site: listed as any other
	res := g.run(Options{Mode: All, CondenseReview: true}, kept, few)
	if n := len(res.Findings); n != 10 || len(res.Summary.Condensed) != 0 {
		t.Errorf("%d findings, condensed %+v; want all 10 and none", n, res.Summary.Condensed)
	}
}

func TestACondensedRuleInEveryFormat(t *testing.T) {
	g := idiomRepo(t)
	res := g.run(Options{Mode: All, CondenseReview: true, SpillFindings: true}, reviewed("idiom", "IDIOM"))
	defer res.Close()
	rep := res.Report()

	var text bytes.Buffer
	if err := report.WriteText(&text, rep, report.Options{}); err != nil {
		t.Fatal(err)
	}
	out := text.String()
	for _, want := range []string{
		"note: rule idiom needs review (flags 9 existing sites in 9 files: review): 9 sites in 9 files, 3 of them listed; 'heed check --all-sites' lists every one; the rule is AGENTS.md:3",
		"6 more sites of 1 rule that needs review not listed (--all-sites)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text report lacks %q:\n%s", want, out)
		}
	}
	if n := strings.Count(out, "[idiom]"); n != 3 {
		t.Errorf("text report lists %d sites, want 3", n)
	}

	var js bytes.Buffer
	if err := report.WriteJSON(&js, rep); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Findings []report.Finding `json:"findings"`
		Summary  report.Summary   `json:"summary"`
	}
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil {
		t.Fatalf("JSON report: %v", err)
	}
	if len(doc.Findings) != 3 || len(doc.Summary.Condensed) != 1 || doc.Summary.Condensed[0].Sites != 9 || doc.Summary.Condensed[0].Shown != 3 {
		t.Errorf("JSON: %d findings, condensed %+v", len(doc.Findings), doc.Summary.Condensed)
	}

	var sarif bytes.Buffer
	if err := report.WriteSARIF(&sarif, rep, report.Options{Version: "test"}); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID string `json:"id"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Invocations []struct {
				Notes []struct {
					Level   string `json:"level"`
					Message struct {
						Text string `json:"text"`
					} `json:"message"`
					Rule *struct {
						ID    string `json:"id"`
						Index int    `json:"index"`
					} `json:"associatedRule"`
				} `json:"toolExecutionNotifications"`
			} `json:"invocations"`
			Results []json.RawMessage `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(sarif.Bytes(), &log); err != nil {
		t.Fatalf("SARIF: %v", err)
	}
	run := log.Runs[0]
	if len(run.Results) != 3 || len(run.Invocations) != 1 || len(run.Invocations[0].Notes) != 1 {
		t.Fatalf("SARIF: %d results, invocations %+v", len(run.Results), run.Invocations)
	}
	n := run.Invocations[0].Notes[0]
	if n.Rule == nil || n.Rule.ID != "idiom" || run.Tool.Driver.Rules[n.Rule.Index].ID != "idiom" || !strings.Contains(n.Message.Text, "9 sites in 9 files") {
		t.Errorf("SARIF notification %+v: want the rule by id and index, and the count", n)
	}

	var gh bytes.Buffer
	if err := report.WriteGitHub(&gh, rep); err != nil {
		t.Fatal(err)
	}
	if got := gh.String(); strings.Count(got, "::warning ") != 3 || !strings.Contains(got, "note: rule idiom needs review") {
		t.Errorf("GitHub annotations:\n%s", got)
	}
}

func TestAWarningThatFlagsMoreThanTheValidationLetsIsReportedOnce(t *testing.T) {
	// A preference the code does not follow stays a warning without a review (the
	// self-validation keeps it as a baseline): past the sites a rule may flag, it
	// is one question too.
	g := idiomRepo(t)
	pref := rule("prefer", policy.DomainSource, wordCheck{Word: "IDIOM"})
	pref.Rule.Severity = policy.SeverityWarning
	pref.Rule.Generated = policy.Fingerprint(pref.Rule) // as the compiler wrote it

	res := g.run(Options{Mode: All, CondenseReview: true, condenseOver: 5}, pref)
	if len(res.Findings) != report.MaxReviewSites || len(res.Summary.Condensed) != 1 || res.Summary.Condensed[0].Sites != 9 ||
		!strings.Contains(res.Summary.Condensed[0].Review, "more than 5 sites") {
		t.Errorf("over the limit: %d findings, condensed %+v; want 3 and the rule once", len(res.Findings), res.Summary.Condensed)
	}
	res = g.run(Options{Mode: All, CondenseReview: true, condenseOver: 20}, pref)
	if len(res.Findings) != 9 || len(res.Summary.Condensed) != 0 {
		t.Errorf("under the limit: %d findings, condensed %+v; want all 9", len(res.Findings), res.Summary.Condensed)
	}
	// an error rule is never condensed for its count: its sites are what fails the
	// check; nor is a rule a person wrote
	res = g.run(Options{Mode: All, CondenseReview: true, condenseOver: 5}, rule("ban", policy.DomainSource, wordCheck{Word: "IDIOM"}))
	if len(res.Findings) != 9 || len(res.Summary.Condensed) != 0 {
		t.Errorf("an error rule: %d findings, condensed %+v; want all 9", len(res.Findings), res.Summary.Condensed)
	}
	pref.Rule.Origin = policy.OriginManual
	res = g.run(Options{Mode: All, CondenseReview: true, condenseOver: 5}, pref)
	if len(res.Findings) != 9 || len(res.Summary.Condensed) != 0 {
		t.Errorf("a person's rule: %d findings, condensed %+v; want all 9", len(res.Findings), res.Summary.Condensed)
	}
}
