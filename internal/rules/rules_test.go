package rules

import (
	"slices"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/rules/script"
)

// Every kind says what evidence it reads, so that an audit missing that part judges
// its rules undetermined rather than inapplicable: a kind added without a declaration
// would be judged on evidence it never saw. Only the script kind takes the domain of
// the rule that names it.
func TestEveryKindDeclaresWhatItReads(t *testing.T) {
	reg := Registry()
	for _, name := range reg.Names() {
		k, _ := reg.Kind(name)
		if name == script.KindScript {
			if k.Needs != nil {
				t.Errorf("%s: a script rule reads what its domain reads, not %v", name, k.Needs)
			}
			continue
		}
		if len(k.Needs) == 0 {
			t.Errorf("kind %s declares no evidence it reads (engine.Kind.Needs)", name)
		}
		if k.Domain == policy.DomainProcess && !slices.Equal(k.Needs, []engine.Part{engine.PartTrajectory}) {
			t.Errorf("process kind %s reads %v, want the trajectory", name, k.Needs)
		}
	}
}

// Every kind documents its params for the model path, which otherwise sees a kind only
// through examples and would guess its fields (engine.Kind.Doc). The doc must name the
// fields a rule of the kind cannot do without.
func TestEveryKindDocumentsItsParams(t *testing.T) {
	reg := Registry()
	required := map[string][]string{
		"command":  {`"forbid"`, `"via"`, `"program"`, `"args"`, `"flags"`, "inapplicable"},
		"sequence": {`"then"`, `"first"`, `"history"`},
		"cochange": {`"if"`, `"then"`, `"changed"`},
		"query":    {`"queries"`, "@match"},
		"script":   {`"source"`, `"on"`, "inapplicable"},
		"judge":    {`"rubric"`},
	}
	for _, name := range reg.Names() {
		k, _ := reg.Kind(name)
		if strings.TrimSpace(k.Doc) == "" {
			t.Errorf("kind %s has no params doc (engine.Kind.Doc)", name)
		}
		for _, w := range required[name] {
			if !strings.Contains(k.Doc, w) {
				t.Errorf("kind %s: its doc does not mention %s", name, w)
			}
		}
	}
}

// A compiled rule carries its kind's declaration to the drivers.
func TestACompiledRuleCarriesWhatItsKindReads(t *testing.T) {
	p := &policy.Policy{Entries: []policy.Entry{{Constraint: policy.Constraint{ID: "c"}, Rules: []policy.Rule{
		{ID: "pr", Domain: policy.DomainContribution, Kind: "pr", Severity: policy.SeverityError, Params: []byte(`{"check":"max-words","max":300}`)},
	}}}}
	cs, errs := Registry().Compile(p)
	if len(errs) > 0 || len(cs) != 1 {
		t.Fatalf("compile: %v", errs)
	}
	if got := cs[0].Reads(); !slices.Equal(got, []engine.Part{engine.PartPR}) {
		t.Fatalf("a pull-request rule reads %v, want the pull request only", got)
	}
}

// Drivers pick rules by the uses their kinds declare, never by kind names: these are
// the kinds each use brings in (a kind that gains or loses one changes what a hook or
// a review judges with).
func TestTheKindsOfEachUse(t *testing.T) {
	reg := Registry()
	got := map[engine.Use][]string{}
	for _, name := range reg.Names() {
		k, _ := reg.Kind(name)
		for _, u := range k.Uses {
			got[u] = append(got[u], name)
		}
	}
	want := map[engine.Use][]string{
		engine.UseCommitMessage: {"commit"},
		engine.UseHistory:       {"cochange", "commit"},
		engine.UseBranch:        {"branch"},
	}
	if len(got) != len(want) {
		t.Errorf("uses declared: %v, want %v", got, want)
	}
	for u, ks := range want {
		if !slices.Equal(got[u], ks) {
			t.Errorf("use %s: kinds %v, want %v", u, got[u], ks)
		}
	}
	// and a compiled rule carries them to the drivers
	p := &policy.Policy{Entries: []policy.Entry{{Constraint: policy.Constraint{ID: "c"}, Rules: []policy.Rule{
		{ID: "b", Domain: policy.DomainProcess, Kind: "branch", Severity: policy.SeverityError, Params: []byte(`{"branches":["main"]}`)},
	}}}}
	cs, errs := reg.Compile(p)
	if len(errs) > 0 || len(cs) != 1 {
		t.Fatalf("compile: %v", errs)
	}
	if !cs[0].Has(engine.UseBranch) || cs[0].Has(engine.UseHistory) || !engine.AnyHas(cs, engine.UseBranch) {
		t.Errorf("a branch rule compiled with uses %v", cs[0].Uses)
	}
}

// A script rule on commands judges a case given as a shell line, wrappers looked
// through, as the process kinds do; before, such a case held no command at all.
func TestScriptCasesReadShellLines(t *testing.T) {
	reg := Registry()
	params := `{"on":"commands","source":"def check(t):\n    if t[\"argv\"][:2] == [\"make\", \"deploy\"]:\n        return \"make deploy is for CI\"\n    return None\n"}`
	rule := &policy.Rule{ID: "r.script.1", Kind: script.KindScript, Domain: policy.DomainProcess, Params: []byte(params), Severity: policy.SeverityError}
	for _, c := range []policy.Case{
		{Expect: "violated", Shell: "cd web && make deploy"},
		{Expect: "violated", Shell: "sudo make deploy ENV=prod"},
		{Expect: "satisfied", Shell: "make test"},
		{Expect: "violated", Argv: []string{"make", "deploy"}},
	} {
		if out := engine.RunCase(reg, rule, c); !out.OK {
			t.Errorf("%q %v: got %s (%s), want %s", c.Shell, c.Argv, out.Got, out.Reason, c.Expect)
		}
	}
}
