package norm

import "testing"

// Session 43's readings for the normative model's judge-only decision, on sentences
// of our own writing in the shapes whole instruction files give them (judge batch 1
// found them): a test demand whose condition adds behaviour without the word "new".
func TestTestDemandAddedBehaviour(t *testing.T) {
	for _, tc := range []struct {
		lower string
		want  bool
	}{
		{"when you add functionality be sure to write a unit test too.", true},
		{"if you add a feature, add tests for it.", true},
		{"when adding a feature, write tests for it.", true},
		{"if you implement new behaviour, include a regression test.", true},
		// one area's change, or a test that is no co-change
		{"if you add a dependency, add it to the lockfile.", false},
		{"if you add a feature, update the docs.", false},
		{"if you change the parser, add a test for it.", false},
		{"if you add a feature, never add tests that hit the network.", false},
	} {
		if _, got := ReadTestDemand(tc.lower, ""); got != tc.want {
			t.Errorf("ReadTestDemand(%q) = %v, want %v", tc.lower, got, tc.want)
		}
	}
}

// The condition of such a demand: a change that adds a function or class, also when
// the condition names a feature or ends without a comma at a reminder.
func TestPreconditionAddedBehaviour(t *testing.T) {
	for _, tc := range []struct {
		text string
		want string
	}{
		{"When you add functionality be sure to write a unit test too.", "a new function or class"},
		{"When adding a feature, write tests for it.", "a new function or class"},
		{"If you add new functionality, add tests.", "a new function or class"},
		// no condition to read: an imperative, or a condition on something else
		{"Be sure to add a test for every fix.", ""},
		{"If you are unsure be sure to ask first.", ""},
	} {
		p := ReadPrecondition(tc.text)
		got := ""
		if p != nil {
			got = p.What
		}
		if got != tc.want {
			t.Errorf("ReadPrecondition(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// A sentence that asks the author to weigh whether tests are needed leaves the demand
// to judgement (own-sentences-351 k8, k9: warned every code change at first sight).
func TestTestDemandWeighed(t *testing.T) {
	for _, s := range []string{
		"when adding a feature, think about whether it needs tests.",
		"if you are unsure whether your change needs tests, ask in the issue first.",
		"if you're not sure your change needs tests, ask a maintainer.",
	} {
		if !LeftToJudgement(s) {
			t.Errorf("LeftToJudgement(%q) = false", s)
		}
	}
}
