package compile_test

import "testing"

// TestCoChangeUnderAnUnseenConditionWarns: co-change sentences written before the
// compiler read them (2026-12-05, session 28), in the shape of round 6's jabref
// (AGENTS.md:492, judged after the round: dev data): "Add a CHANGELOG.md entry only if
// the change is visible to the user" demanded a changelog of every change at error.
// A condition about the change that no path can show leaves the demand to a person;
// a condition on the files changed is what the rule encodes, and keeps error.
func TestCoChangeUnderAnUnseenConditionWarns(t *testing.T) {
	assertContribSeverities(t, []contribSeverityCase{
		{"## Docs\n\n- Add a CHANGELOG.md entry only if the change is visible to the user.\n", "cochange", false},
		{"## Docs\n\n- Add a CHANGELOG.md entry when the change is user-facing.\n", "cochange", false},
		{"## Docs\n\n- Update CHANGELOG.md if your change affects end users.\n", "cochange", false},
		{"## Docs\n\n- Every change needs a CHANGELOG.md entry.\n", "cochange", true},
	})
}
