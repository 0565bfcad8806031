package check

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/report"
)

// A rule written in two instruction files (one set of rules kept for several
// agents) reports each site once, naming both places; a rule that differs in its
// scope that neither holds the other's, or a sentence in other words whose check is
// code of its own, is a rule of its own; a suppression comment naming the rule left
// out hides the site too.
func TestARuleWrittenTwiceReportsASiteOnce(t *testing.T) {
	g := newRepo(t, map[string]string{"a.py": "x = BAD\n", "b.py": "# heed:ignore c-mirror-junie generated\ny = BAD\n"})
	g.commit("feat: base")
	agents := rule("mirror-agents", policy.DomainSource, wordCheck{Word: "BAD"})
	junie := rule("mirror-junie", policy.DomainSource, wordCheck{Word: "BAD"})
	junie.Constraint.File, junie.Constraint.Line = ".junie/guidelines.md", 9
	junie.Constraint.Text = "  never write   mirror-agents. " // the same sentence, cased and spaced otherwise
	res := g.run(Options{Mode: All}, agents, junie)
	expect(t, res.Findings, "a.py:1 mirror-agents")
	if len(res.Findings) != 1 || len(res.Findings[0].Restated) != 1 || res.Findings[0].Restated[0].File != ".junie/guidelines.md" {
		t.Fatalf("the site names the other place the rule is written: %+v", res.Findings)
	}
	if res.Summary.Suppressed != 1 {
		t.Errorf("suppressed %d, want 1: b.py's comment names the rule left out", res.Summary.Suppressed)
	}
	var text strings.Builder
	if err := report.WriteText(&text, res.Report(), report.Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "Also written in: .junie/guidelines.md:9") {
		t.Errorf("the text names the other place:\n%s", text.String())
	}

	// a copy for the Python files of the same rule for all files: the one for all
	// files reports every site, naming the other
	scoped := rule("mirror-junie", policy.DomainSource, wordCheck{Word: "BAD"})
	scoped.Constraint.Text = agents.Constraint.Text
	scoped.Rule.Scope = policy.Scope{Globs: []string{"**/*.py"}}
	res = g.run(Options{Mode: All}, scoped, agents)
	expect(t, res.Findings, "a.py:1 mirror-agents") // b.py's comment names the copy
	// the same exclusions on both copies (tests left out): still one rule
	agentsX, scopedX := agents, scoped
	agentsX.Rule = &policy.Rule{ID: "mirror-agents", Domain: policy.DomainSource, Kind: "test", Severity: policy.SeverityError, Exact: true, Scope: policy.Scope{Exclude: []string{"**/test/**"}}}
	scopedRule := *scoped.Rule
	scopedRule.Scope = policy.Scope{Globs: []string{"**/*.py"}, Exclude: []string{"**/test/**"}}
	scopedX.Rule = &scopedRule
	if kept, also := dropRestated([]engine.Compiled{scopedX, agentsX}); len(kept) != 1 || kept[0].Rule.ID != "mirror-agents" || len(also["mirror-agents"]) != 1 {
		t.Errorf("copies with the same exclusions: kept %d rules, restatements %v", len(kept), also)
	}
	// an exclusion only the wider copy makes: it does not judge every file the other does
	agentsX.Rule = &policy.Rule{ID: "mirror-agents", Domain: policy.DomainSource, Kind: "test", Severity: policy.SeverityError, Exact: true, Scope: policy.Scope{Exclude: []string{"**/gen/**"}}}
	if kept, _ := dropRestated([]engine.Compiled{scopedX, agentsX}); len(kept) != 2 {
		t.Errorf("an exclusion of the wider copy alone: kept %d rules, want 2", len(kept))
	}
	// scopes neither of which holds the other, or other words: two rules
	other := agents
	other.Rule = &policy.Rule{ID: "mirror-agents", Domain: policy.DomainSource, Kind: "test", Severity: policy.SeverityError, Exact: true, Scope: policy.Scope{Globs: []string{"a.*", "b.*"}}}
	res = g.run(Options{Mode: All}, other, scoped)
	expect(t, res.Findings, "a.py:1 mirror-agents", "a.py:1 mirror-junie", "b.py:2 mirror-agents")
	worded := rule("mirror-junie", policy.DomainSource, wordCheck{Word: "BAD"})
	worded.Constraint.Text = "Never write mirror-agents, ever."
	res = g.run(Options{Mode: All}, agents, worded)
	expect(t, res.Findings, "a.py:1 mirror-agents", "a.py:1 mirror-junie", "b.py:2 mirror-agents")
}

// Two sentences in other words that compile into the same check (EveTogether
// AGENTS.md:148 "pattern matching (`is null` / `is not null` over `== null`)" and
// :219 "`== null` instead of `is null`", wild round 28) report each site once, under
// the one at least as severe that judges every file the other does; the alternative
// a rule suggests is no part of its check. A check with other parameters stays apart.
func TestTheSameCheckInOtherWordsReportsASiteOnce(t *testing.T) {
	mk := func(id, text, params string, sev string) engine.Compiled {
		c := rule(id, policy.DomainSource, wordCheck{Word: "BAD"})
		c.Rule.Kind, c.Rule.Params, c.Rule.Severity = "query", []byte(params), sev
		c.Constraint.Text = text
		return c
	}
	idioms := mk("idioms", "Modern idioms: pattern matching (`is null` over `== null`).", `{"entry":"eq-null","needles":["null"]}`, policy.SeverityError)
	tells := mk("tells", "Tells: `== null` instead of `is null`.", `{"alternatives":["is null"],"entry":"eq-null","needles":["null"]}`, policy.SeverityError)
	kept, also := dropRestated([]engine.Compiled{idioms, tells})
	if len(kept) != 1 || kept[0].Rule.ID != "idioms" || len(also["idioms"]) != 1 {
		t.Errorf("kept %d, restatements %v; want idioms with tells restated", len(kept), also)
	}
	// the warning is absorbed by the error, whatever the order
	soft := mk("soft", "Prefer `is null`.", `{"entry":"eq-null","needles":["null"]}`, policy.SeverityWarning)
	if kept, _ := dropRestated([]engine.Compiled{soft, idioms}); len(kept) != 1 || kept[0].Rule.ID != "idioms" {
		t.Errorf("kept %v, want the error rule", kept)
	}
	// a nested instruction file's copy, under a folder written as a glob of its own
	// (peptide-inventory-app, wild round 30): the outer file's rule reports it
	outer := mk("outer", "No inline `style={{}}` objects.", `{"entry":"inline-style"}`, policy.SeverityWarning)
	outer.Rule.Scope = policy.Scope{Dir: "src", Globs: []string{"src/**"}}
	inner := mk("inner", "No inline `style={{}}` props.", `{"entry":"inline-style"}`, policy.SeverityWarning)
	inner.Rule.Scope = policy.Scope{Dir: "src/components"}
	if kept, _ := dropRestated([]engine.Compiled{outer, inner}); len(kept) != 1 || kept[0].Rule.ID != "outer" {
		t.Errorf("nested copies: kept %d", len(kept))
	}
	// copies in AGENTS.md and CLAUDE.md, each leaving out its own file
	// (havokmega/sdweddingdirectory, wild round 30)
	agentsCopy := mk("agents-copy", "No hard-coded hex colours.", `{"regex":"#[0-9a-f]{6}"}`, policy.SeverityWarning)
	agentsCopy.Rule.Scope = policy.Scope{Globs: []string{"**/*.css"}, Exclude: []string{"AGENTS.md"}}
	claudeCopy := mk("claude-copy", "Never hard-code a hex colour.", `{"regex":"#[0-9a-f]{6}"}`, policy.SeverityWarning)
	claudeCopy.Rule.Scope = policy.Scope{Globs: []string{"**/*.css"}, Exclude: []string{"CLAUDE.md"}}
	if kept, _ := dropRestated([]engine.Compiled{agentsCopy, claudeCopy}); len(kept) != 1 {
		t.Errorf("copies in two instruction files: kept %d", len(kept))
	}
	// the same comment rule from a sentence that also names Markdown files, held on
	// that condition, and from one that holds always (app-dev-panel, wild round 39):
	// the one that always holds reports each site; two conditions stay apart
	always := mk("always", "All comments in English.", `{"regex":"\\p{Han}{2}"}`, policy.SeverityWarning)
	onMarkdown := mk("on-markdown", "Docs, comments and markdown files in English.", `{"regex":"\\p{Han}{2}"}`, policy.SeverityWarning)
	onMarkdown.Rule.When = &policy.Condition{What: "markdown files", Paths: []string{"**/*.md"}}
	if kept, _ := dropRestated([]engine.Compiled{onMarkdown, always}); len(kept) != 1 || kept[0].Rule.ID != "always" {
		t.Errorf("a condition and none: kept %v, want the rule that always holds", kept)
	}
	onGo := mk("on-go", "Comments in English.", `{"regex":"\\p{Han}{2}"}`, policy.SeverityWarning)
	onGo.Rule.When = &policy.Condition{What: "Go files", Paths: []string{"**/*.go"}}
	if kept, _ := dropRestated([]engine.Compiled{onMarkdown, onGo}); len(kept) != 2 {
		t.Errorf("two conditions: kept %d, want 2", len(kept))
	}
	other := mk("other", "No `var`.", `{"entry":"js-var","needles":["var"]}`, policy.SeverityError)
	if kept, _ := dropRestated([]engine.Compiled{idioms, other}); len(kept) != 2 {
		t.Errorf("two checks: kept %d, want 2", len(kept))
	}
}
