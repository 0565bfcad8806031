package main

import (
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

var full = flag.Bool("compiler.full", false, "score the whole labelled set against the shared corpus")

func ruleFor(domain, kind, severity string) *policy.Rule {
	return &policy.Rule{Domain: domain, Kind: kind, Severity: severity}
}

// fakeJudge flags the cases whose shell line contains the rule's kind as whole words.
func fakeJudge(rule *policy.Rule, c policy.Case) engine.Verdict {
	if strings.Contains(" "+c.Shell+" ", " "+rule.Kind+" ") {
		return engine.Violated
	}
	return engine.Satisfied
}

func TestJudgeRightWrongAndUnjudged(t *testing.T) {
	l := &Label{File: "instructions-2/x", Line: 1, Text: "t", Checkable: Yes, Domain: "process",
		Rules: []string{"forbid command: git commit, flag --no-verify"},
		Cases: []policy.Case{
			{Expect: "violated", Shell: "git commit --no-verify"},
			{Expect: "satisfied", Shell: "git commit -m x"},
		}}
	entry := &policy.Entry{Rules: []policy.Rule{
		*ruleFor("process", "--no-verify", "error"), // flags the violation only: right
		*ruleFor("process", "git commit", "error"),  // flags the near miss too: wrong
		*ruleFor("process", "cargo", "warning"),     // flags no case: unjudged
		*ruleFor("semantic", "judge", "error"),      // not executable: ignored
	}}
	o := Judge(l, "dev", []*policy.Entry{entry}, fakeJudge)
	if len(o.Rules) != 3 {
		t.Fatalf("executable rules = %d, want 3", len(o.Rules))
	}
	if !o.Rules[0].Right || o.Rules[1].Right || !o.Rules[2].Unjudged {
		t.Fatalf("outcomes = %+v", o.Rules)
	}
	if !strings.Contains(o.Rules[1].Why, "git commit -m x") {
		t.Errorf("why = %q, want it to name the near miss", o.Rules[1].Why)
	}
	if o.Covered {
		t.Error("a near miss was flagged, yet the label counts as covered")
	}
	rep := Tabulate([]LabelOutcome{o})
	tot := rep.BySplit["dev"][""]
	if tot.Rules != 2 || tot.RightRules != 1 || tot.UnjudgedRules != 1 || tot.ErrorRules != 2 || tot.RightErrorRules != 1 {
		t.Errorf("tally = %+v", tot)
	}
	if rep.BySplit["all"]["process"].Checkable != 1 {
		t.Errorf("the all split lacks the label")
	}
}

func TestJudgeCoverageIsTheUnionOfRules(t *testing.T) {
	l := &Label{File: "f", Line: 1, Text: "t", Checkable: Yes, Domain: "process",
		Rules: []string{"forbid command: npm publish", "forbid command: pnpm publish"},
		Cases: []policy.Case{
			{Expect: "violated", Shell: "npm publish"},
			{Expect: "violated", Shell: "pnpm publish"},
			{Expect: "satisfied", Shell: "npm test"},
		}}
	one := &policy.Entry{Rules: []policy.Rule{*ruleFor("process", "npm publish", "error")}}
	if o := Judge(l, "dev", []*policy.Entry{one}, fakeJudge); o.Covered || !strings.Contains(o.Failing, "misses") {
		t.Errorf("one of two rules: covered=%v failing=%q", o.Covered, o.Failing)
	}
	both := &policy.Entry{Rules: []policy.Rule{*ruleFor("process", "npm publish", "error"), *ruleFor("process", "pnpm publish", "error")}}
	if o := Judge(l, "dev", []*policy.Entry{both}, fakeJudge); !o.Covered {
		t.Errorf("both rules: not covered (%s)", o.Failing)
	}
}

func TestLeadInIsCoveredByItsItemsRulesWithoutCountingThemTwice(t *testing.T) {
	l := &Label{File: "f", Line: 1, Text: "Run these before a PR:", Checkable: Yes, Domain: "process",
		Rules: []string{"order: lint before gh pr create", "order: test before gh pr create"},
		Cases: []policy.Case{
			{Expect: "violated", Shell: "x lint"},
			{Expect: "violated", Shell: "x test"},
			{Expect: "satisfied", Shell: "x build"},
		}}
	lead := &policy.Entry{Unenforced: "no checkable claim"}
	lint := &policy.Entry{Rules: []policy.Rule{*ruleFor("process", "lint", "error")}}
	test := &policy.Entry{Rules: []policy.Rule{*ruleFor("process", "test", "error"), *ruleFor("semantic", "judge", "error")}}
	o := JudgeWithItems(l, "dev", []*policy.Entry{lead}, []*policy.Entry{lint, test}, fakeJudge)
	if !o.Covered || len(o.Rules) != 2 {
		t.Fatalf("lead-in with both items' rules: covered=%v rules=%d (%s)", o.Covered, len(o.Rules), o.Failing)
	}
	if tot := Tabulate([]LabelOutcome{o}).BySplit["dev"][""]; tot.Rules != 0 || tot.Covered != 1 {
		t.Errorf("items' rules counted in the lead-in's precision: %+v", tot)
	}
	if o := JudgeWithItems(l, "dev", []*policy.Entry{lead}, []*policy.Entry{lint}, fakeJudge); o.Covered {
		t.Error("one item of two covers the lead-in")
	}
	own := &policy.Entry{Rules: []policy.Rule{*ruleFor("process", "build", "warning")}}
	if o := JudgeWithItems(l, "dev", []*policy.Entry{own}, []*policy.Entry{lint, test}, fakeJudge); o.Covered || len(o.Rules) != 1 {
		t.Errorf("a lead-in with a rule of its own is judged by it alone: covered=%v rules=%d", o.Covered, len(o.Rules))
	}
}

func TestJudgeNotCheckable(t *testing.T) {
	l := &Label{File: "f", Line: 1, Text: "t", Checkable: No, Why: "vague"}
	e := &policy.Entry{Rules: []policy.Rule{*ruleFor("source", "query", "error")}}
	o := Judge(l, "holdout", []*policy.Entry{e}, fakeJudge)
	if len(o.Rules) != 1 || o.Rules[0].Right || o.Rules[0].Unjudged {
		t.Fatalf("a rule for a non-checkable sentence must be wrong: %+v", o.Rules)
	}
	tot := Tabulate([]LabelOutcome{o}).BySplit["holdout"][""]
	if tot.NotCheckableWithRule != 1 || tot.Precision() != 0 {
		t.Errorf("tally = %+v", tot)
	}
}

func TestValidateNamesWhatIsWrong(t *testing.T) {
	for _, tc := range []struct {
		l    Label
		want string
	}{
		{Label{File: "f", Line: 1, Text: "t"}, "not labelled"},
		{Label{File: "f", Line: 1, Text: "t", Checkable: No}, "needs why"},
		{Label{File: "f", Line: 1, Text: "t", Checkable: Yes, Domain: "semantic", Rules: []string{"x"}}, "domain"},
		{Label{File: "f", Line: 1, Text: "t", Checkable: Yes, Domain: "process", Rules: []string{"x"},
			Cases: []policy.Case{{Expect: "violated", Shell: "x"}}}, "a violated case and a satisfied one"},
		{Label{File: "f", Line: 1, Text: "t", Checkable: Yes, Domain: "source", Rules: []string{"x"},
			Cases: []policy.Case{{Expect: "violated", Shell: "x"}, {Expect: "satisfied", Path: "a.py"}}}, "path and code"},
	} {
		err := tc.l.Validate()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want one containing %q", tc.l, err, tc.want)
		}
	}
}

func TestSplitIsFixedByTheFileName(t *testing.T) {
	if Split("instructions/a__b__AGENTS.md", nil) != "dev" {
		t.Error("a file of the first corpus must be dev: the compiler was grown on it")
	}
	holdout := 0
	for i := 0; i < 1000; i++ {
		name := "instructions-2/" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + filepath.Base(t.Name()) + string(rune('0'+i%10)) + strings.Repeat("y", i/26)
		if Split(name, nil) == "holdout" {
			holdout++
			if Split(name, map[string]bool{name: false}) != "dev" {
				t.Fatal("a moved file stays holdout")
			}
		} else if Split(name, map[string]bool{name: true}) != "holdout" {
			t.Fatal("a file added to the holdout stays dev")
		}
	}
	if holdout < 250 || holdout > 350 {
		t.Errorf("holdout share %d/1000, want about 300", holdout)
	}
}

// TestFixtureEndToEnd compiles a small invented corpus and scores its labels with
// heed's real rule kinds.
func TestFixtureEndToEnd(t *testing.T) {
	set, err := LoadLabels("testdata/labels")
	if err != nil {
		t.Fatal(err)
	}
	outs, _, err := ScoreAll("testdata/corpus", nil, set, nil)
	if err != nil {
		t.Fatal(err)
	}
	byLine := map[int]LabelOutcome{}
	for _, o := range outs {
		if !o.Found {
			t.Errorf("line %d: the sealed or plain label found no constraint", o.Label.Line)
		}
		byLine[o.Label.Line] = o
	}
	if o := byLine[5]; !o.Covered || o.Label.Text == "" {
		t.Errorf("the --no-verify ban: covered=%v (%s), text %q", o.Covered, o.Failing, o.Label.Text)
	}
	if o := byLine[6]; len(o.Rules) != 0 {
		t.Errorf("a vague sentence got %d rules", len(o.Rules))
	}
	if o := byLine[10]; !o.Covered {
		t.Errorf("the print ban: not covered: %s", o.Failing)
	}
}

// TestLayoutsOfTheSharedCorpus: a repository of the shared corpus that has a layout in
// the shared corpus's layout folder is compiled with the context heed builds from its
// checkout, so a folder written as a suffix ("web/views/") resolves to where the
// repository keeps it; the scorer counts the file as compiled with a layout of the
// origin its origin.tsv gives. Without the layouts the same label is missed, and the
// file counts as compiled without one.
func TestLayoutsOfTheSharedCorpus(t *testing.T) {
	const key = "instructions-2/acme__shop__AGENTS.md"
	score := func(layouts LayoutDirs) (LabelOutcome, map[string]*LayoutUse) {
		t.Helper()
		set, err := LoadLabels("testdata/labels")
		if err != nil {
			t.Fatal(err)
		}
		outs, use, err := ScoreAll("testdata/corpus", layouts, set, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range outs {
			if o.Label.File == key && o.Label.Line == 14 {
				return o, use
			}
		}
		t.Fatal("no outcome for the layer sentence at line 14")
		return LabelOutcome{}, nil
	}
	shared := func(dir string) string {
		if strings.HasPrefix(dir, "fetched-") {
			return "testdata/no-such-layouts"
		}
		return "testdata/layouts-shared"
	}

	o, use := score(shared)
	if !o.Covered {
		t.Errorf("with the layout: the views/db boundary is not covered: %s", o.Failing)
	}
	u := use["instructions-2"]
	if u == nil || u.With() != 1 || u.ByOrigin["manifest-newest"] != 1 || u.Without != 0 {
		t.Errorf("with the layout: use = %+v, want 1 file with a manifest-newest layout", u)
	}
	if got := formatLayoutUse(use); !strings.Contains(got, "instructions-2    1 with (manifest-newest 1), 0 without") {
		t.Errorf("the scorer's layout line:\n%s", got)
	}

	o, use = score(nil)
	if o.Covered {
		t.Error("without a layout `web/views/` resolved to shop/web/views all the same: the test shows nothing")
	}
	if u := use["instructions-2"]; u == nil || u.With() != 0 || u.Without != 1 {
		t.Errorf("without layouts: use = %+v, want 1 file without", u)
	}
	if got := formatLayoutUse(use); !strings.Contains(got, "instructions-2    0 with, 1 without") {
		t.Errorf("the scorer's layout line without layouts:\n%s", got)
	}
}

// TestLabels checks every label of the yardstick: well formed, dated, naming a file
// the split knows.
func TestLabels(t *testing.T) {
	set, err := LoadLabels("labels")
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Labels) == 0 {
		t.Skip("no labels")
	}
	for _, l := range set.Labels {
		if err := l.Validate(); err != nil {
			t.Errorf("%s: %v", set.Origin[l], err)
		}
		if l.LabelledAt == "" {
			t.Errorf("%s: no labelled_at", set.Origin[l])
		}
		if l.Text != "" {
			t.Errorf("%s: unsealed (the corpus's text is copied): run `go run ./bench/compiler seal`", set.Origin[l])
		}
	}
}

// TestScoreFull scores the whole labelled set (go test ./bench/compiler -compiler.full -v).
func TestScoreFull(t *testing.T) {
	if !*full {
		t.Skip("behind -compiler.full")
	}
	set, err := LoadLabels("labels")
	if err != nil {
		t.Fatal(err)
	}
	moved, err := LoadMoved("labels/moved.tsv")
	if err != nil {
		t.Fatal(err)
	}
	outs, use, err := ScoreAll(defaultCorpusRoot(), layoutsDirs(defaultCorpusRoot()), set, moved)
	if err != nil {
		t.Fatal(err)
	}
	rep := Tabulate(outs)
	t.Log("\n" + formatLayoutUse(use))
	for _, split := range []string{"holdout", "dev", "all"} {
		t.Log("\n" + rep.Format(split))
	}
}

// Judge scores one label against the entries heed compiled for it (no items).
func Judge(l *Label, split string, entries []*policy.Entry, judge CaseJudge) LabelOutcome {
	return JudgeWithItems(l, split, entries, nil, judge)
}
