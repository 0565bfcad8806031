package norm

import "testing"

// Session 42's readings of contribution sentences, on sentences of our own writing in
// the shapes public instruction files give them (whole-file batch s42-1 found them).

func TestTestDemandShapes(t *testing.T) {
	for _, tc := range []struct {
		lower string
		want  bool
	}{
		{"if your change adds new functionality, please write tests for it.", true},
		// one area's condition, or a bug fix: the author's judgement
		{"if you change the ffi, run the existing tests and add a new test for the new behavior.", false},
		{"please add or update automated tests when you:", true},
		{"add docstrings, a usage example, and unit tests.", true},
		// not a demand that a change come with tests
		{"if you are unsure, ask before you write tests.", false},
		{"add docstrings, a usage example, and a changelog entry.", false},
	} {
		if _, got := ReadTestDemand(tc.lower, ""); got != tc.want {
			t.Errorf("ReadTestDemand(%q) = %v, want %v", tc.lower, got, tc.want)
		}
	}
	// where the tests go, named in a parenthesis after them
	if !TestsGoBefore("Any PR that changes behaviour must include tests (unit or integration, under ") {
		t.Error("a test folder after a parenthesis read as the changed files")
	}
}

func TestPreconditionOfALeadingCondition(t *testing.T) {
	p := ReadPrecondition("If your change introduces new functionality, please write tests for it.")
	if p == nil || p.What != "a new function or class" {
		t.Errorf("a condition before an imperative not read: %+v", p)
	}
	// a condition heed cannot see leaves the rule without one (the safe side)
	if p := ReadPrecondition("When you are unsure, please ask in the issue first."); p != nil {
		t.Errorf("a condition read from nothing the evidence shows: %+v", p)
	}
	// a condition naming a file is the co-change readers' ("a dependency in
	// `Cargo.toml`" is no added line naming Cargo.toml)
	if p := ReadPrecondition("When you add a dependency in `Cargo.toml`, commit the updated `Cargo.lock`."); p != nil {
		t.Errorf("a condition naming a file read as a precondition: %+v", p)
	}
	// an imperative with no leading condition has no antecedent
	if p := ReadPrecondition("Add tests for new functions, then open the PR."); p != nil {
		t.Errorf("an imperative read as its own antecedent: %+v", p)
	}
}
