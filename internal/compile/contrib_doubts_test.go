package compile_test

import (
	"testing"

	"github.com/heed-dev/heed/internal/compile"
	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules"
)

// compileWithFile compiles doc as AGENTS.md with the reader's context holding the
// file's own constraints, as `heed compile` gives it.
func compileWithFile(doc string) []policy.Rule {
	cons, _ := instr.Extract("AGENTS.md", []byte(doc), instr.Classify("AGENTS.md"), policy.Scope{})
	set := &instr.Set{Files: []instr.File{{Path: "AGENTS.md", Format: instr.Classify("AGENTS.md"), Constraints: len(cons)}}, Constraints: cons}
	rc := &recognize.RepoContext{Tools: []string{"go"}, Constraints: cons}
	p, _ := compile.Compile(set, rc, rules.Recognizers())
	var out []policy.Rule
	for _, e := range p.Entries {
		out = append(out, e.Rules...)
	}
	return out
}

// TestContributionRulesOfSomeChangesWarn: contribution sentences written before the
// compiler read them (2026-12-05, session 28), in the shape of tempo's
// CONTRIBUTING.md:423 (dev data): a duty of the pull requests a clause narrows, the
// clause holding a parenthesis ("All PRs that change behaviour (features, fixes) must
// ..."), and a PR-title prefix offered as one way of marking an exempt PR ("label
// such PRs `docs`, or prefix the title with `chore:`"). Such rules hold for changes
// heed cannot tell apart from the others: they warn. Controls keep error. First
// sight: 3 of 6 (cases 1, 2 and 4 at error).
func TestContributionRulesOfSomeChangesWarn(t *testing.T) {
	cases := []contribSeverityCase{
		{"## Changelog\n\nAll PRs that change behaviour (features, fixes) must include a changelog entry. Docs-only changes do not need one (label such PRs `skip-changelog` or `docs`, or prefix the title with `chore:`).\n", "pr", false},
		{"## Changelog\n\nAll PRs that change behaviour (features, fixes) must include a changelog entry. Docs-only changes do not need one (label such PRs `skip-changelog` or `docs`, or prefix the title with `chore:`).\n", "cochange", false},
		{"## Changelog\n\nEvery change must update `CHANGELOG.md`.\n", "cochange", true},
		{"## Changelog\n\nEvery pull request that touches the API (new endpoints, removals) must update `CHANGELOG.md`.\n", "cochange", false},
		{"## Pull requests\n\nPR titles must follow Conventional Commits: `feat:`, `fix:` or `chore:`.\n", "pr", true},
		{"## Commits\n\nEither squash your commits yourself, or prefix every commit subject with `fixup!` so the bot squashes them.\n", "commit", false},
	}
	assertContribSeverities(t, cases)
}

// contribSeverityCase: a document, a contribution rule kind, and whether some rule of
// that kind must be at error (true) or none may be (false).
type contribSeverityCase struct {
	doc   string
	kind  string
	error bool
}

func assertContribSeverities(t *testing.T, cases []contribSeverityCase) {
	t.Helper()
	for i, c := range cases {
		found, atError := false, false
		for _, r := range compileWithFile(c.doc) {
			if r.Domain != policy.DomainContribution || r.Kind != c.kind {
				continue
			}
			found = true
			atError = atError || r.Severity == policy.SeverityError
		}
		if c.error && (!found || !atError) {
			t.Errorf("case %d: want a %s rule at error (found %v)\n%s", i+1, c.kind, found, c.doc)
		}
		if !c.error && atError {
			t.Errorf("case %d: a %s rule at error, want a warning or none\n%s", i+1, c.kind, c.doc)
		}
	}
}
