package compile_test

import "testing"

// TestMessageRulesOfAnotherDocumentWarn: contribution sentences written before the
// compiler read them (2026-12-05, session 28), in the shape of the corpus's
// openai-agents-js AGENTS.md:35 (dev data): a sentence that opens with the writing of
// another document ("When writing the changeset summary, use a Conventional
// Commit-style message") asks its form of that document, not of commits; controls
// about commits keep error.
func TestMessageRulesOfAnotherDocumentWarn(t *testing.T) {
	cases := []contribSeverityCase{
		{"## Changesets\n\nWhen writing the changeset summary, use a Conventional Commit-style message (for example, `fix: ...` or `feat: ...`).\n", "commit", false},
		{"## Changelog\n\nWhen adding a changelog entry, write it in the imperative mood.\n", "commit", false},
		{"## Release notes\n\nWhen you write the release notes, start each line with `fix:` or `feat:`.\n", "commit", false},
		{"## Commits\n\nWhen writing a commit message, use the Conventional Commits format, e.g. `fix: handle tabs`.\n", "commit", true},
		{"## Commits\n\nUse Conventional Commits for every commit message, e.g. `feat: add a flag`.\n", "commit", true},
		// added after the five above passed at first sight: the corpus sentence's tail,
		// which names a commit title as what the summary will serve as
		{"## Changesets\n\nWhen writing the changeset summary, use a Conventional Commit-style message (for example, `fix: ...`) so it can serve as a commit title.\n", "commit", false},
	}
	assertContribSeverities(t, cases)
}
