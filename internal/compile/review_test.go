package compile_test

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// compileAll compiles a Markdown document as the repository's AGENTS.md and returns
// its executable (non-judge) rules.
func compileAll(doc string, rc *recognize.RepoContext) []policy.Rule {
	p := compileAgentsDoc(doc, rc)
	var out []policy.Rule
	for _, e := range p.Entries {
		for _, r := range e.Rules {
			if r.Domain != policy.DomainSemantic {
				out = append(out, r)
			}
		}
	}
	return out
}

// The compiler's self-review demotes, for a person to review, the rules whose reading
// the sentence itself puts in doubt, and keeps the same rule at its level when nothing
// does (the sentences are this test's own).
func TestSelfReviewDemotesDoubtfulReadings(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"typescript", "javascript"}, Tools: []string{"pnpm"},
		Packages: []recognize.Package{{Name: "globals", Ecosystem: "npm", Manifest: "package.json"}, {Name: "left-pad", Ecosystem: "npm", Manifest: "package.json"}}}
	for _, c := range []struct {
		doc, kind, review string // review "" : the rule keeps its level, no review
	}{
		// a condition heed cannot see: the ban holds only then
		{"## Reporting a security problem\n\n- Found a leak in the sandbox? Don't open an issue; write to the maintainers.\n", "command", "which heed cannot see"},
		{"- Never open an issue.\n", "command", ""},
		// the ban's object in plain words, beside a name marked as code
		{"- Never rely on globals (e.g. no global `React`).\n", "query", "plain prose"},
		{"- Do not import `left-pad`.\n", "query", ""},
		// a step of one kind of change read as a duty of every change
		{"## Releases\n\nWhen adding a new plugin, the pull request must:\n\n1. Add a changelog entry in `changes/`.\n", "cochange", "one kind of change"},
		{"- Every change needs a changelog entry in `changes/`.\n", "cochange", ""},
		// a list's lead-in sets the condition of its items (pydantic's docs/contributing.md,
		// "Updating the documentation", at 2151025: two items asked for opposite bases)
		{"## Docs\n\nIf you're updating the docs out of cycle with a release, do the following:\n\n1. Open a PR against `main` with your docs changes\n2. Push your changes and open a PR against `docs-update`.\n", "command", "its list holds only"},
		{"## Docs\n\n- Open every PR against `main`.\n", "command", ""},
	} {
		rules := compileAll(c.doc, rc)
		var found *policy.Rule
		for i := range rules {
			if rules[i].Kind == c.kind {
				found = &rules[i]
			}
		}
		switch {
		case found == nil:
			t.Errorf("%q: no %s rule", c.doc, c.kind)
		case c.review == "" && (found.NeedsReview() || found.Severity != policy.SeverityError):
			t.Errorf("%q: the rule should block without review, got %s, review %q", c.doc, found.Severity, found.Review)
		case c.review != "" && (!found.NeedsReview() || found.Severity != policy.SeverityWarning || !strings.Contains(found.Review, c.review)):
			t.Errorf("%q: the rule should warn and need review (%q), got %s, review %q", c.doc, c.review, found.Severity, found.Review)
		case c.review != "" && found.Generated != policy.Fingerprint(found):
			t.Errorf("%q: the reviewed rule is not fingerprinted as the compiler's: a recompile would take it for a person's edit", c.doc)
		}
	}
}
