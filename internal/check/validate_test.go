package check

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/rules"
)

func TestVerdictThresholds(t *testing.T) {
	set := (*policy.SelfValidation)(nil).WithDefaults() // 50 sites, 5%, 3 files
	for _, tc := range []struct {
		name                  string
		sites, files, applies int
		complete              bool
		want                  string
	}{
		{"clean", 0, 0, 400, true, ValidPass},
		{"one legacy site", 1, 1, 400, true, ValidBaseline},
		{"one file of two is half, but under the floor of 3 files", 2, 1, 2, true, ValidBaseline},
		{"few sites in a big tree", 30, 12, 400, true, ValidBaseline},
		{"more than 50 sites", 51, 2, 4000, true, ValidDemote},
		{"more than 5% of the files", 21, 21, 400, true, ValidDemote},
		{"the temporal case", 6925, 312, 900, true, ValidDemote},
		{"a small tree: more than 0.1 sites per file", 12, 3, 100, true, ValidDemote},
		{"a small tree, two files only", 12, 2, 100, true, ValidBaseline},
		{"a big tree: 0.1 sites per file is past the 50", 45, 40, 4000, true, ValidBaseline},
		{"stopped, already over", 60, 5, 4000, false, ValidDemote},
		{"stopped, under so far", 3, 3, 4000, false, ValidNotValidated},
		{"stopped, nothing so far", 0, 0, 4000, false, ValidNotValidated},
	} {
		rv := &RuleValidation{Sites: tc.sites, Files: tc.files, Applies: tc.applies, Complete: tc.complete}
		got, why := verdict(rv, set)
		if got != tc.want {
			t.Errorf("%s: %s (%s), want %s", tc.name, got, why, tc.want)
		}
		if got == ValidDemote && !strings.Contains(why, "existing site") {
			t.Errorf("%s: review %q does not give the count", tc.name, why)
		}
	}
	rv := &RuleValidation{Sites: 6925, Files: 312, Applies: 900, Complete: true}
	if _, why := verdict(rv, set); !strings.HasPrefix(why, "flags 6,925 existing sites in 312 of the 900 files it applies to (more than 50 sites, more than 5% of the files it applies to)") {
		t.Errorf("review %q", why)
	}
	rv = &RuleValidation{Sites: 60, Files: 5, Applies: 4000}
	if _, why := verdict(rv, set); !strings.HasPrefix(why, "flags at least 60 existing sites") {
		t.Errorf("a stopped run's counts are lower bounds, the review must say so: %q", why)
	}
	// Thresholds from the policy replace the defaults.
	strict := (&policy.SelfValidation{MaxSites: 5}).WithDefaults()
	if got, _ := verdict(&RuleValidation{Sites: 6, Files: 1, Applies: 4000, Complete: true}, strict); got != ValidDemote {
		t.Errorf("max_sites 5 with 6 sites: %s", got)
	}
}

// Outside git the pass judges the working tree, with the check engine's walk: the
// skipped files are not counted.
func TestValidateOutsideGitJudgesTheWorkingTree(t *testing.T) {
	dir := t.TempDir()
	write := func(p, c string) {
		abs := filepath.Join(dir, p)
		os.MkdirAll(filepath.Dir(abs), 0o755)
		os.WriteFile(abs, []byte(c), 0o644)
	}
	for i := 0; i < 10; i++ {
		write("src/f"+string(rune('a'+i))+".py", "BAD\nok\n")
	}
	write("src/once.py", "RARE\n")
	write("node_modules/x/y.py", "BAD\nRARE\n") // vendored: never read
	rules := []engine.Compiled{
		rule("no-bad", policy.DomainSource, wordCheck{Word: "BAD"}),
		rule("no-rare", policy.DomainSource, wordCheck{Word: "RARE"}),
		rule("commit-type", policy.DomainContribution, commitCheck{}),
	}
	for _, c := range rules { // as the compiler made them
		c.Rule.Origin = "test"
		c.Rule.Generated = policy.Fingerprint(c.Rule)
	}
	v, err := Validate(dir, rules, ValidateOptions{NoCache: true})
	if err != nil {
		t.Fatal(err)
	}
	if v.Tree != "the working tree" || v.Stopped || len(v.Rules) != 2 {
		t.Fatalf("validation %+v: want the working tree, both source rules, not the commit rule", v)
	}
	bad, rare := v.Rule("no-bad"), v.Rule("no-rare")
	if bad.Verdict != ValidDemote || bad.Sites != 10 || bad.Files != 10 || bad.Applies != 11 {
		t.Errorf("no-bad: %s, %d sites in %d of %d files", bad.Verdict, bad.Sites, bad.Files, bad.Applies)
	}
	if rare.Verdict != ValidBaseline || rare.Sites != 1 || len(rare.Findings) != 1 || rare.Findings[0].Fingerprint == "" {
		t.Errorf("no-rare: %s, %d sites, %d findings", rare.Verdict, rare.Sites, len(rare.Findings))
	}
	if bl := v.Baseline(); len(bl) != 1 || bl[0].File != "src/once.py" {
		t.Errorf("baseline of %d sites, want the one RARE site", len(bl))
	}
}

func TestApplyDemotesOnlyGeneratedRules(t *testing.T) {
	gen := func(id string) policy.Rule {
		r := policy.Rule{ID: id, Domain: policy.DomainSource, Kind: "query", Severity: policy.SeverityError, Origin: "source.banned"}
		r.Generated = policy.Fingerprint(&r)
		return r
	}
	manual := gen("m")
	manual.Origin = policy.OriginManual
	kept := gen("k")
	kept.Decision = policy.DecisionKeep // an edit: no longer matches its fingerprint
	p := &policy.Policy{Entries: []policy.Entry{{Rules: []policy.Rule{gen("g"), manual, kept, gen("slow")}}}}
	why := "flags 99 existing sites in 9 of the 10 files it applies to (more than 50 sites): review"
	v := &Validation{Rules: []RuleValidation{
		{Rule: "g", Verdict: ValidDemote, Review: why},
		{Rule: "m", Verdict: ValidDemote, Review: why},
		{Rule: "k", Verdict: ValidDemote, Review: why},
		{Rule: "slow", Verdict: ValidNotValidated},
	}}
	if got := v.Apply(p); len(got) != 1 || got[0] != "g" {
		t.Fatalf("demoted %v, want only the generated rule", got)
	}
	rs := p.Entries[0].Rules
	if rs[0].Severity != policy.SeverityWarning || rs[0].Review != why || rs[0].Validation != policy.ValidationDemoted || rs[0].Edited() {
		t.Errorf("generated rule: %+v", rs[0])
	}
	for _, r := range rs[1:3] {
		if r.Severity != policy.SeverityError || r.Review != "" || r.Validation != "" {
			t.Errorf("rule %s a person wrote or decided on was changed: %+v", r.ID, r)
		}
	}
	if rs[3].Validation != policy.ValidationNotValidated || rs[3].Severity != policy.SeverityError || rs[3].Edited() {
		t.Errorf("unfinished rule: %+v", rs[3])
	}
}

func TestCarryValidationKeepsWhatTheLastPassRecorded(t *testing.T) {
	gen := func(id, query string) policy.Rule {
		r := policy.Rule{ID: id, Domain: policy.DomainSource, Kind: "query", Severity: policy.SeverityError, Origin: "source.banned", Message: query}
		r.Generated = policy.Fingerprint(&r)
		return r
	}
	demoted := gen("d", "q1")
	Demote(&demoted, "flags 99 existing sites: review")
	old := &policy.Policy{Entries: []policy.Entry{{Rules: []policy.Rule{demoted, gen("p", "q2"), gen("changed", "old query")}}}}
	fresh := &policy.Policy{Entries: []policy.Entry{{Rules: []policy.Rule{gen("d", "q1"), gen("p", "q2"), gen("changed", "new query"), gen("new", "q3")}}}}
	marked := CarryValidation(old, fresh, true)
	rs := fresh.Entries[0].Rules
	if rs[0].Severity != policy.SeverityWarning || rs[0].Generated != demoted.Generated {
		t.Errorf("the unchanged demoted rule lost its demotion: %+v", rs[0])
	}
	if rs[1].Validation != "" {
		t.Errorf("the unchanged rule that passed: %+v", rs[1])
	}
	if strings.Join(marked, ",") != "changed,new" || rs[2].Validation != policy.ValidationNotValidated || rs[3].Validation != policy.ValidationNotValidated {
		t.Errorf("marked %v; changed %+v; new %+v", marked, rs[2], rs[3])
	}
}

// A ban of a name the project declares itself and uses in several files ("a change set
// belongs to one `Order`, never an `OrderGroup`" read as a ban of the model) is
// demoted with the declaration and the count, however few its sites; a ban of a name
// the project does not declare, or uses in fewer files, keeps its level.
func TestValidateDemotesABanOfTheProjectsOwnName(t *testing.T) {
	dir := t.TempDir()
	write := func(p, c string) {
		abs := filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(abs, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("app/models/order_group.rb", "class OrderGroup < Base\n  def total\n    1\n  end\nend\n")
	for _, n := range []string{"a", "b", "c", "d"} {
		write("app/services/"+n+".rb", "class Svc"+n+"\n  def call\n    OrderGroup.find(1)\n    LegacyGroup.find(1)\n  end\nend\n")
	}
	for i := 0; i < 100; i++ { // a tree big enough that the counts alone keep the level
		write(fmt.Sprintf("app/other/f%d.rb", i), "class F\nend\n")
	}
	write("app/models/legacy.rb", "class Legacy\n  def once\n    Spare.new\n  end\nend\n")
	write("lib/spare.rb", "class Spare\nend\n")
	ban := func(id, name string) engine.Compiled {
		r := &policy.Rule{ID: id, Domain: policy.DomainSource, Kind: "query", Severity: policy.SeverityError, Origin: "source.banned",
			Params: json.RawMessage(fmt.Sprintf(`{"queries":{"ruby":"((constant) @match (#eq? @match \"%s\") (#not-defined? @match))"},"names":["%s"]}`, name, name))}
		r.Generated = policy.Fingerprint(r)
		c, err := rules.Registry().Bind(r, &policy.Constraint{ID: id})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	v, err := Validate(dir, []engine.Compiled{ban("own", "OrderGroup"), ban("foreign", "LegacyGroup"), ban("once", "Spare")}, ValidateOptions{NoCache: true})
	if err != nil {
		t.Fatal(err)
	}
	own, foreign, once := v.Rule("own"), v.Rule("foreign"), v.Rule("once")
	if own.Verdict != ValidDemote || own.Sites != 4 || !strings.Contains(own.Review, "declares itself (app/models/order_group.rb:1)") || !strings.Contains(own.Review, "4 existing sites in 4 files") {
		t.Errorf("a ban of the project's own class used in 4 files: %s %q", own.Verdict, own.Review)
	}
	if foreign.Verdict != ValidBaseline {
		t.Errorf("a ban of a name the project does not declare: %s %q, want it kept", foreign.Verdict, foreign.Review)
	}
	if once.Verdict != ValidBaseline {
		t.Errorf("a ban of the project's own class used in one file: %s %q, want it kept", once.Verdict, once.Review)
	}
}

// countedWord is wordCheck saying which files it might judge, counting the files it
// judges.
type countedWord struct {
	wordCheck
	judged *atomic.Int64
}

func (c countedWord) WantsFile(p, _ string) bool { return c.Scope.Covers(p) }

func (c countedWord) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	c.judged.Add(1)
	return c.wordCheck.Judge(ev, t)
}

// countedWordRules are two compiled rules, bans of BAD and of RARE, that count the
// files they judge in judged; compiled by heed (an origin and a fingerprint), so the
// self-validation may demote them.
func countedWordRules(judged *atomic.Int64) []engine.Compiled {
	rs := []engine.Compiled{
		rule("no-bad", policy.DomainSource, countedWord{wordCheck{Word: "BAD"}, judged}),
		rule("no-rare", policy.DomainSource, countedWord{wordCheck{Word: "RARE"}, judged}),
	}
	for _, c := range rs {
		c.Rule.Origin = "test"
		c.Rule.Generated = policy.Fingerprint(c.Rule)
	}
	return rs
}

// A rule that might judge more files than the sample allows is judged on that many,
// the same ones whatever the order of the listing, and weighed by its sites scaled
// up: the pass's work is bounded, and its verdicts do not depend on the machine.
// Such a rule records no baseline (its list of sites is not complete); without the
// sample every file is judged.
func TestValidateJudgesALargeRuleOnASample(t *testing.T) {
	dir := t.TempDir()
	for i := range 40 {
		c := "BAD\nBAD\nok\n"
		if i == 7 {
			c += "RARE\n"
		}
		p := filepath.Join(dir, "src", fmt.Sprintf("f%02d.py", i))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(c), 0o644)
	}
	var judged atomic.Int64
	rules := func() []engine.Compiled { return countedWordRules(&judged) }

	judged.Store(0)
	v, err := Validate(dir, rules(), ValidateOptions{NoCache: true, SampleFiles: 10})
	if err != nil {
		t.Fatal(err)
	}
	bad, rare := v.Rule("no-bad"), v.Rule("no-rare")
	if bad.Sampled != 10 || bad.Of != 40 || bad.Sites != 20 || bad.Applies != 10 || bad.EstimatedSites() != 80 {
		t.Errorf("no-bad: %d sites in %d files, sample %d of %d: want 20 sites in a sample of 10 of 40 (80 in all)", bad.Sites, bad.Applies, bad.Sampled, bad.Of)
	}
	if bad.Verdict != ValidDemote || !strings.Contains(bad.Review, "a sample of 10 of its 40 files (about 80 sites in all)") {
		t.Errorf("no-bad: %s %q: 80 sites in all are over the 50 allowed, and the review must say it was a sample", bad.Verdict, bad.Review)
	}
	if n := judged.Load(); n != 20 {
		t.Errorf("judged %d files, want the two rules' samples of 10 each", n)
	}
	if len(v.Baseline()) != 0 {
		t.Errorf("a rule judged on a sample has no complete list of sites to accept: %v", v.Baseline())
	}
	// The same sample again, this time from the policy's self_validation.sample_files.
	again, _ := Validate(dir, rules(), ValidateOptions{NoCache: true, Settings: &policy.SelfValidation{SampleFiles: 10}})
	if r := again.Rule("no-rare"); r.Sampled != 10 || r.Sites != rare.Sites || r.Verdict != rare.Verdict {
		t.Errorf("two runs judged different samples: %d then %d sites (sample of %d)", rare.Sites, r.Sites, r.Sampled)
	}
	if again.Thresholds.SampleFiles != 10 {
		t.Errorf("the validation must say the sample size it used: %d", again.Thresholds.SampleFiles)
	}

	// The sample is chosen by path, not by the order of the listing.
	var files []*engine.File
	for i := range 40 {
		files = append(files, &engine.File{Path: fmt.Sprintf("src/f%02d.py", i), Lang: engine.LangPython})
	}
	ev := &engine.Evidence{Mode: engine.ModeAll}
	s1, _, _ := sampleFiles(rules()[:1], ev, files, 10)
	slices.Reverse(files)
	s2, _, _ := sampleFiles(rules()[:1], ev, files, 10)
	if !maps.Equal(s1["no-bad"], s2["no-bad"]) {
		t.Errorf("the listing's order changed the sample")
	}

	judged.Store(0)
	full, err := Validate(dir, rules(), ValidateOptions{NoCache: true, SampleFiles: -1})
	if err != nil {
		t.Fatal(err)
	}
	if r := full.Rule("no-bad"); r.Sampled != 0 || r.Sites != 80 || judged.Load() != 80 {
		t.Errorf("without the sample: %d sites, %d files judged, want all 80 sites and every file by both rules", r.Sites, judged.Load())
	}
	if bl := full.Baseline(); len(bl) != 1 || bl[0].File != "src/f07.py" {
		t.Errorf("judged in full, the rare rule's one site is its baseline: %v", bl)
	}
}
