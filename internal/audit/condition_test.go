package audit

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/rules/semantic"
)

// A judge rule whose condition does not hold in the session is inapplicable, with the
// reason, and leaves the triggering rate; one whose condition holds stays undetermined
// offline, as does one without a condition. (SWE-CC: the precondition selects the
// antecedent; no antecedent, no row in either rate.)
func TestAuditDecidesConditionsOffline(t *testing.T) {
	dir, base := sessionRepo(t)
	reg := engine.NewRegistry(semantic.Kinds()...)
	judge := func(id, text string, when *policy.Condition) engine.Compiled {
		params, _ := json.Marshal(semantic.Params{Rubric: text, On: semantic.OnFiles})
		rule := &policy.Rule{ID: id, Domain: policy.DomainSemantic, Kind: semantic.KindJudge, Params: params, Severity: policy.SeverityError, When: when}
		check, err := reg.CompileRule(rule)
		if err != nil {
			t.Fatal(err)
		}
		return engine.Compiled{Rule: rule, Constraint: &policy.Constraint{ID: id, File: "AGENTS.md", Line: 1, Text: text}, Check: check}
	}
	rules := []engine.Compiled{
		// the session adds no deprecation and touches no migration
		judge("deprecation", "A deprecation must name its replacement.", &policy.Condition{What: "a deprecation", Added: `(?i)deprecat`}),
		judge("migration", "Every migration must be reversible.", &policy.Condition{What: "a migration", Paths: []string{"**/migrations/**"}}),
		// it adds a function under src/
		judge("newfunc", "A new function must be documented.", &policy.Condition{What: "a new function", Added: `^\s*(export\s+)?(function)\s+\w`}),
		judge("plain", "Keep modules cohesive.", nil),
	}
	rep, err := Run(Options{Repo: dir, Base: base, Trajectory: loadSample(t, "claude/session.jsonl"), Rules: rules, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]RuleResult{}
	for _, r := range rep.Rules {
		got[r.Rule] = r
	}
	for id, want := range map[string]engine.Verdict{"deprecation": engine.Inapplicable, "migration": engine.Inapplicable, "newfunc": engine.Undetermined, "plain": engine.Undetermined} {
		if got[id].Verdict != want {
			t.Errorf("%s: %s (%s), want %s", id, got[id].Verdict, got[id].Reason, want)
		}
	}
	if r := got["deprecation"].Reason; !strings.Contains(r, "a deprecation") {
		t.Errorf("the inapplicable rule does not say why: %q", r)
	}
	if o := rep.Metrics.Overall; o.Inapplicable != 2 || *o.Triggering != 0.5 {
		t.Errorf("rates: %+v", o)
	}
}
