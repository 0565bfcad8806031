package norm

import "testing"

// The antecedent is the first sentence's subject: a later sentence's modal must not
// make the first sentence's demand its condition (a rule applying only to a change
// that has what it demands can never fail).
func TestReadPreconditionFirstSentence(t *testing.T) {
	for _, s := range []string{
		// 0-uddeshya-0/BehaviorCI CONTRIBUTING.md:84
		"New behavior needs tests. Bug fixes should come with a test that fails before the fix.",
		// Innovation-Labs-Technical-Hub/TablePro CLAUDE.md:15
		"Testability: every testable code change needs unit/function tests, and UI/user-flow changes should add UI automation where they run deterministically.",
	} {
		if p := ReadPrecondition(s); p != nil {
			t.Errorf("ReadPrecondition(%q) = %+v, want none: the demand is no condition", s, p)
		}
	}
	// the subject before the verb of demand is the condition
	if p := ReadPrecondition("Every migration needs a test."); p == nil || p.What != "a migration" {
		t.Errorf("ReadPrecondition(every migration needs a test) = %+v, want a migration", p)
	}
	// a condition in the first sentence is still read
	if p := ReadPrecondition("A deprecation call must name the release that removes it. See the policy."); p == nil || p.Added == "" {
		t.Errorf("the deprecation condition was lost: %+v", p)
	}
}

// A list of what a rule is about is no change it waits for: "all docs, comments,
// commit messages, and markdown files must be written in English" holds for comments
// whatever the change touches (wild round 39, app-dev-panel).
func TestReadPreconditionOfAListSubject(t *testing.T) {
	if p := ReadPrecondition("Documentation: English only — all docs, comments, commit messages, and markdown files must be written in English"); p != nil {
		t.Errorf("got %+v, want no precondition", p)
	}
}
