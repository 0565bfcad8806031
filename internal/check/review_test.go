package check

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/report"
)

// What the repository shows against a rule's reading: a rule that flags its own
// sentence, one that judges nothing where its file governs, an import ban whose sites
// are the project's own code of that name are demoted for review; a preference the
// code does not always follow keeps warning without a review, unless it holds only
// "when possible".
func TestApplyReviewsWithTheEvidence(t *testing.T) {
	gen := func(id, sev, msg string, params any, dir string) policy.Rule {
		b, _ := json.Marshal(params)
		r := policy.Rule{ID: id, Domain: policy.DomainSource, Kind: "query", Severity: sev, Message: msg, Params: b, Scope: policy.Scope{Dir: dir}, Origin: "source.banned"}
		r.Generated = policy.Fingerprint(&r)
		return r
	}
	at := func(file string, line int) report.Finding { return report.Finding{File: file, Line: line} }
	many := func(dir string, n int) []report.Finding {
		var out []report.Finding
		for i := 0; i < n; i++ {
			out = append(out, at(dir+"/f"+string(rune('a'+i))+".py", 1))
		}
		return out
	}
	over := "flags 60 existing sites in 30 of the 300 files it applies to (more than 50 sites): review"
	p := &policy.Policy{Entries: []policy.Entry{
		{Constraint: policy.Constraint{File: "AGENTS.md", Line: 7, EndLine: 8, Level: policy.Must},
			Rules: []policy.Rule{gen("own", policy.SeverityError, "`—` is banned here", nil, "")}},
		{Constraint: policy.Constraint{File: "AGENTS.md", Line: 9, Level: policy.Must},
			Rules: []policy.Rule{gen("other", policy.SeverityError, "`—` is banned here", nil, "")}},
		{Constraint: policy.Constraint{File: "docs/AGENTS.md", Line: 3, Level: policy.Should},
			Rules: []policy.Rule{gen("nothing", policy.SeverityWarning, "import of `hasattr` is banned here", map[string]any{"needles": []string{"hasattr"}}, "docs")}},
		{Constraint: policy.Constraint{File: "AGENTS.md", Line: 20, Level: policy.Must},
			Rules: []policy.Rule{gen("layer", policy.SeverityError, "import of `graphql` is banned here", map[string]any{"needles": []string{"graphql"}}, "")}},
		{Constraint: policy.Constraint{File: "AGENTS.md", Line: 21, Level: policy.Must},
			Rules: []policy.Rule{gen("pkg", policy.SeverityError, "import of `requests` is banned here", map[string]any{"needles": []string{"requests"}}, "")}},
		{Constraint: policy.Constraint{File: "AGENTS.md", Line: 30, Level: policy.Should},
			Rules: []policy.Rule{gen("prefer", policy.SeverityWarning, "default export", nil, "")}},
		{Constraint: policy.Constraint{File: "AGENTS.md", Line: 31, Level: policy.Must},
			Rules: []policy.Rule{gen("idiom", policy.SeverityError, "default export", nil, "")}},
		{Constraint: policy.Constraint{File: "AGENTS.md", Line: 32, Level: policy.Should},
			Rules: []policy.Rule{gen("aim", policy.SeverityWarning, "long line", nil, "")}},
		// fmidev/weather-app AGENTS.md:60 (wild round 24)
		{Constraint: policy.Constraint{File: "AGENTS.md", Line: 60, Level: policy.Should, Text: "Use standard Date API instead of moment.js when possible."},
			Rules: []policy.Rule{gen("feasible", policy.SeverityWarning, "import of `moment` is banned here", nil, "")}},
	}}
	v := &Validation{Rules: []RuleValidation{
		{Rule: "own", Verdict: ValidBaseline, Complete: true, Sites: 2, Files: 2, Applies: 40, Findings: []report.Finding{at("README.md", 3), at("AGENTS.md", 8)}},
		{Rule: "other", Verdict: ValidBaseline, Complete: true, Sites: 1, Files: 1, Applies: 40, Findings: []report.Finding{at("AGENTS.md", 8)}},
		{Rule: "nothing", Verdict: ValidPass, Complete: true},
		{Rule: "layer", Verdict: ValidBaseline, Complete: true, Sites: 4, Files: 4, Applies: 300, Findings: append(many("app/graphql/types", 3), at("app/core/x.py", 1))},
		{Rule: "pkg", Verdict: ValidBaseline, Complete: true, Sites: 4, Files: 4, Applies: 300, Findings: many("app/core", 4)},
		{Rule: "prefer", Verdict: ValidDemote, Review: over, Sites: 60, Files: 30, Applies: 300}, // stopped, already over
		{Rule: "idiom", Verdict: ValidDemote, Review: over, Complete: true, Sites: 60, Files: 30, Applies: 300},
		{Rule: "aim", Verdict: ValidDemote, Review: over, Complete: true, Sites: 60, Files: 30, Applies: 300},
		{Rule: "feasible", Verdict: ValidDemote, Review: over, Complete: true, Sites: 60, Files: 30, Applies: 300},
	}}
	demoted := v.Apply(p)
	want := map[string]string{"own": "flags the sentence that states it (AGENTS.md:8)", "nothing": "judges no file under docs/",
		"layer": "project's own `graphql` code", "idiom": "existing sites", "feasible": "only where it can be followed"}
	for _, e := range p.Entries {
		r := e.Rules[0]
		rv := v.Rule(r.ID)
		if w, ok := want[r.ID]; ok {
			if r.Severity != policy.SeverityWarning || !r.NeedsReview() || !strings.Contains(r.Review, w) || rv.Verdict != ValidDemote || r.Edited() {
				t.Errorf("%s: want a warning for review (%q), got %s, review %q, verdict %s", r.ID, w, r.Severity, r.Review, rv.Verdict)
			}
			continue
		}
		if r.NeedsReview() || rv.Verdict == ValidDemote {
			t.Errorf("%s: needs no review, got %s, review %q, verdict %s", r.ID, r.Severity, r.Review, rv.Verdict)
		}
	}
	if len(demoted) != len(want) {
		t.Errorf("demoted %v, want %d rules", demoted, len(want))
	}
	if r := p.Entries[5].Rules[0]; r.Severity != policy.SeverityWarning || v.Rule("prefer").Verdict != ValidNotValidated || r.Validation != policy.ValidationNotValidated {
		t.Errorf("a preference the pass stopped on over the thresholds keeps warning, not validated: %s, %s", r.Severity, v.Rule("prefer").Verdict)
	}
	if r := p.Entries[7].Rules[0]; r.Severity != policy.SeverityWarning || v.Rule("aim").Verdict != ValidBaseline || r.Validation != "" {
		t.Errorf("a preference over the thresholds keeps warning with its sites as a baseline: %s, %s", r.Severity, v.Rule("aim").Verdict)
	}
	if r := p.Entries[4].Rules[0]; r.Severity != policy.SeverityError {
		t.Errorf("an import ban with a few sites outside any code of its name keeps its level: %s", r.Severity)
	}
}

// An import ban of the architecture domain is known by what its check says it bans
// (engine.ImportBanner, recorded by the validation pass), not by its kind's name: its
// sites in the project's own `graphql` code demote it as the source rule's do.
func TestAnImportBanIsKnownByItsCheck(t *testing.T) {
	r := policy.Rule{ID: "ext", Domain: policy.DomainArchitecture, Kind: "external", Severity: policy.SeverityError,
		Message: "`graphql` must not be imported", Params: json.RawMessage(`{"banned":["graphql"]}`), Origin: "arch.external"}
	r.Generated = policy.Fingerprint(&r)
	var fs []report.Finding
	for _, f := range []string{"app/graphql/a.py", "app/graphql/b.py", "app/graphql/c.py", "app/core/x.py"} {
		fs = append(fs, report.Finding{File: f, Line: 1})
	}
	for _, c := range []struct {
		bans   []string
		demote bool
	}{{[]string{"graphql"}, true}, {nil, false}} {
		p := &policy.Policy{Entries: []policy.Entry{{Constraint: policy.Constraint{File: "AGENTS.md", Line: 4, Level: policy.Must}, Rules: []policy.Rule{r}}}}
		v := &Validation{Rules: []RuleValidation{{Rule: "ext", Verdict: ValidBaseline, Complete: true, Sites: 4, Files: 4, Applies: 300, Findings: fs, importBans: c.bans}}}
		v.Apply(p)
		got := p.Entries[0].Rules[0]
		if demoted := strings.Contains(got.Review, "project's own `graphql` code"); demoted != c.demote {
			t.Errorf("bans %v: review %q, want demoted %v", c.bans, got.Review, c.demote)
		}
	}
}
