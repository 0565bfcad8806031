package compile

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/policyfile"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules/semantic"
)

// neverRun is a test-only recogniser: "Never run `CMD`" -> a rule of the test kind.
type neverRun struct{}

func (neverRun) Name() string { return "test.never-run" }

func (neverRun) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	low := recognize.Lower(c.Text)
	if !strings.HasPrefix(low, "never run code") {
		if strings.Contains(low, "deploy") {
			return recognize.Result{Unenforced: ReasonForeignTool}
		}
		return recognize.Result{}
	}
	var out []policy.Rule
	for _, span := range recognize.CodeSpans(c.Text) {
		params, _ := json.Marshal(map[string]string{"deny": span})
		out = append(out, policy.Rule{Domain: policy.DomainProcess, Kind: "testdeny", Params: params, Exact: true,
			Cases: []policy.Case{{Expect: policy.ExpectViolated, Argv: strings.Fields(span)}, {Expect: policy.ExpectSatisfied, Argv: []string{"true"}}}})
	}
	return recognize.Result{Rules: out}
}

// designOnly marks constraints about "storage keys" as semantic.
type designOnly struct{}

func (designOnly) Name() string { return "test.design" }
func (designOnly) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	return recognize.Result{Semantic: strings.Contains(c.Text, "storage keys")}
}

type panics struct{}

func (panics) Name() string { return "test.panics" }
func (panics) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	if strings.Contains(c.Text, "boom") {
		panic("recogniser bug")
	}
	return recognize.Result{}
}

func con(id, text string, level policy.Level, line int) policy.Constraint {
	return policy.Constraint{ID: id, Text: text, File: "AGENTS.md", Line: line, Level: level, Scope: policy.Scope{Dir: "web"}}
}

func testSet() *instr.Set {
	return &instr.Set{
		Files: []instr.File{{Path: "AGENTS.md", Format: "agents", SHA256: strings.Repeat("0", 64)}},
		Constraints: []policy.Constraint{
			con("c3", "Do not read another component's storage keys.", policy.Should, 7),
			con("c1", "Never run `npm publish` or `yarn publish`.", policy.Must, 3),
			con("c2", "This repository is a demo.", policy.Info, 5),
			con("c4", "Handle errors at the boundary of each module, never in the UI layer.", policy.Must, 9),
			con("c5", "Deploy with the release dashboard.", policy.Must, 11),
			con("c6", "Never run `make` (boom).", policy.Must, 12),
			con("c7", "Be nice.", policy.Should, 13),
		},
	}
}

var recs = []recognize.Recognizer{neverRun{}, designOnly{}, panics{}}

func entryByID(p *policy.Policy, id string) *policy.Entry {
	for i := range p.Entries {
		if p.Entries[i].ID == id {
			return &p.Entries[i]
		}
	}
	return nil
}

func TestCompileRoutesEveryConstraint(t *testing.T) {
	p, rep := Compile(testSet(), &recognize.RepoContext{}, recs)
	var order []string
	for _, e := range p.Entries {
		order = append(order, e.ID)
	}
	if want := []string{"c1", "c2", "c3", "c4", "c5", "c6", "c7"}; !reflect.DeepEqual(order, want) {
		t.Fatalf("entries in order %v, want by line %v", order, want)
	}
	c1 := entryByID(p, "c1")
	if len(c1.Rules) != 2 {
		t.Fatalf("c1 has %d rules, want one per command", len(c1.Rules))
	}
	for i, r := range c1.Rules {
		if want := []string{"c1.testdeny.1", "c1.testdeny.2"}[i]; r.ID != want {
			t.Errorf("rule id %s, want %s", r.ID, want)
		}
		if r.Origin != "test.never-run" || r.Severity != policy.SeverityError || r.Scope.Dir != "web" {
			t.Errorf("rule %s: origin %q severity %q scope %+v: the compiler fills origin, severity and scope", r.ID, r.Origin, r.Severity, r.Scope)
		}
		if r.Generated == "" || r.Edited() {
			t.Errorf("rule %s: fingerprint %q does not match the rule as generated", r.ID, r.Generated)
		}
	}
	if e := entryByID(p, "c2"); len(e.Rules) != 0 || e.Unenforced != "" {
		t.Errorf("info constraints are kept but not compiled: %+v", e)
	}
	// A recogniser marked it semantic: a judge rule even for a should constraint.
	if e := entryByID(p, "c3"); len(e.Rules) != 1 || e.Rules[0].Kind != semantic.KindJudge || e.Rules[0].Severity != policy.SeverityWarning {
		t.Errorf("c3: %+v", e.Rules)
	}
	// A must rule about design that nothing compiled: a judge rule with the rubric.
	c4 := entryByID(p, "c4")
	if len(c4.Rules) != 1 || c4.Rules[0].Kind != semantic.KindJudge || c4.Rules[0].Origin != OriginSemantic {
		t.Fatalf("c4: %+v", c4.Rules)
	}
	if !strings.Contains(string(c4.Rules[0].Params), "Handle errors at the boundary") {
		t.Errorf("judge rubric does not quote the instruction: %s", c4.Rules[0].Params)
	}
	if e := entryByID(p, "c5"); len(e.Rules) != 0 || e.Unenforced != ReasonForeignTool {
		t.Errorf("c5: the recogniser's reason wins, got %q", e.Unenforced)
	}
	// A panicking recogniser is reported and skipped; the others still compile.
	if e := entryByID(p, "c6"); len(e.Rules) != 1 || len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0], "test.panics") || !strings.Contains(rep.Warnings[0], "AGENTS.md:12") {
		t.Errorf("c6 rules %d, warnings %q", len(e.Rules), rep.Warnings)
	}
	if e := entryByID(p, "c7"); e.Unenforced == "" {
		t.Errorf("c7 must say why it is not enforced")
	}
	data, err := policy.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := policyfile.ValidateEncoded(p, data); err != nil {
		t.Fatalf("the compiled policy does not validate: %v", err)
	}
	// Deterministic: the same input gives the same bytes.
	a, _ := policy.Marshal(p)
	p2, _ := Compile(testSet(), &recognize.RepoContext{}, recs)
	b, _ := policy.Marshal(p2)
	if string(a) != string(b) {
		t.Fatal("compiling twice gives different policies")
	}
}

func TestCoverageReport(t *testing.T) {
	_, rep := Compile(testSet(), &recognize.RepoContext{}, recs)
	tot := rep.Total
	if tot.Must != 4 || tot.Should != 2 || tot.Info != 1 {
		t.Fatalf("levels must %d should %d info %d", tot.Must, tot.Should, tot.Info)
	}
	if tot.Enforced != 2 || tot.Semantic != 2 || tot.Unenforced != 2 {
		t.Fatalf("enforced %d semantic %d unenforced %d, want 2 2 2", tot.Enforced, tot.Semantic, tot.Unenforced)
	}
	if tot.Rules[policy.DomainProcess] != 3 || tot.Rules[policy.DomainSemantic] != 2 {
		t.Fatalf("rules per domain %v", tot.Rules)
	}
	if got := tot.Ratio(); got < 0.33 || got > 0.34 {
		t.Fatalf("coverage %.3f, want 2/6", got)
	}
	var b strings.Builder
	rep.WriteTable(&b)
	for _, want := range []string{"AGENTS.md", "total", "33%", "refers to a tool heed does not run (1)"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, b.String())
		}
	}
}

// Every rule the compiler makes itself (judge rules) carries cases that agree with
// the kind: offline, a target in scope is undetermined, never a pass.
func TestJudgeRulesPassTheirCases(t *testing.T) {
	reg := engine.NewRegistry(semantic.Kinds()...)
	set := testSet()
	set.Constraints = append(set.Constraints,
		policy.Constraint{ID: "g1", Text: "Commit messages must explain why the change was made.", File: "AGENTS.md", Line: 20, Level: policy.Must},
		policy.Constraint{ID: "g2", Text: "Keep services decoupled from the storage layer.", File: ".github/instructions/x.instructions.md", Line: 3, Level: policy.Must,
			Scope: policy.Scope{Globs: []string{"src/**/*.{ts,tsx}"}}},
	)
	p, _ := Compile(set, nil, recs)
	n := 0
	for _, b := range p.Rules() {
		if b.Rule.Kind != semantic.KindJudge {
			continue
		}
		n++
		if len(b.Rule.Cases) < 2 {
			t.Errorf("%s has %d cases", b.Rule.ID, len(b.Rule.Cases))
		}
		for _, c := range b.Rule.Cases {
			if o := engine.RunCase(reg, b.Rule, c); !o.OK {
				t.Errorf("%s case %+v: got %s (%s)", b.Rule.ID, c, o.Got, o.Reason)
			}
		}
	}
	if n < 4 {
		t.Fatalf("only %d judge rules", n)
	}
}

func TestRepoContextFor(t *testing.T) {
	rc := RepoContextFor(t.TempDir(), []string{"web/src/a.ts", "web/src/b.tsx", "web/src/c.ts", "api/main.go", "pnpm-lock.yaml", "api/go.mod", "Makefile", "README.md"})
	if !reflect.DeepEqual(rc.Languages, []string{engine.LangTypeScript, engine.LangGo, engine.LangTSX}) {
		t.Errorf("languages %v, want by file count", rc.Languages)
	}
	if !reflect.DeepEqual(rc.Dirs, []string{"api", "web", "web/src"}) {
		t.Errorf("dirs %v", rc.Dirs)
	}
	if !reflect.DeepEqual(rc.Tools, []string{"go", "make", "pnpm"}) {
		t.Errorf("tools %v", rc.Tools)
	}
}

// "Never import `requests`": the source rule that names the line stands alone; the
// architecture rule banning the same package would report each import twice.
func TestAnImportBanIsReportedOnce(t *testing.T) {
	rules := []policy.Rule{
		{Domain: policy.DomainArchitecture, Kind: "external", Params: json.RawMessage(`{"banned":["requests"]}`)},
		{Domain: policy.DomainSource, Kind: "query", Message: "import of `requests` is banned here", Params: json.RawMessage(`{"needles":["requests"]}`)},
		{Domain: policy.DomainArchitecture, Kind: "external", Params: json.RawMessage(`{"banned":["requests","urllib3"]}`)},
	}
	got := withoutDoubledImportBans(rules)
	if len(got) != 2 || got[0].Domain != policy.DomainSource || got[1].Kind != "external" {
		t.Errorf("kept %+v, want the source rule and the external rule it does not cover", got)
	}
}
