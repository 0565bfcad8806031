package norm

import "testing"

// Sentences of our own writing, in lower case with code spans taken out.
func TestChangeDemands(t *testing.T) {
	for _, tc := range []struct {
		lower, lead string
		ok          bool
		want        TestDemand
	}{
		{"bug fixes must come with a regression test that fails without the fix.", "", true, TestDemand{BugFix: true, FailsWithout: true}},
		{"add tests.", "", true, TestDemand{}},
		// a way of working, not what a change's files show
		{"write a failing test first, then the fix.", "", false, TestDemand{}},
		// one kind of change its lead-in names
		{"add accompanying test case.", "If adding a new feature:", false, TestDemand{}},
		{"do not add tests for generated code.", "", false, TestDemand{}},
	} {
		got, ok := ReadTestDemand(tc.lower, tc.lead)
		if ok != tc.ok || got != tc.want {
			t.Errorf("ReadTestDemand(%q, %q) = %+v, %v; want %+v, %v", tc.lower, tc.lead, got, ok, tc.want, tc.ok)
		}
	}
	if !DemandsEntry("add an entry to the changelog.") || DemandsEntry("write changelog entries in the past tense.") {
		t.Error("DemandsEntry: an entry asked for, not how entries are written")
	}
	if !BansChangelogEdit("do not update `changelog.md` in your pr.") {
		t.Error("a ban on editing the changelog not read")
	}
	if !TestsGoBefore("Add a test in ") || !ChangedFilesBefore("an entry for every change to ") {
		t.Error("where tests go, and which files changed, not read from the words before a path")
	}
	if !UserFacingOnly("for any user-facing change, add an entry.") || UserFacingOnly("for significant user-facing changes, add an entry.") {
		t.Error("UserFacingOnly: the one judgement of which changes are user-facing")
	}
}

func TestChangeFrames(t *testing.T) {
	if !UnlessMinor("add an entry unless the change is internal.") || !ComponentOwnFile("add an entry to that crate's changelog.") || ComponentOwnFile("add an entry to the changelog.") {
		t.Error("UnlessMinor, ComponentOwnFile")
	}
	if !GeneratedFrame("generated files — do not hand-edit") || !SaysDirectly("do not edit directly.") || GeneratedFrame("source files") {
		t.Error("GeneratedFrame, SaysDirectly")
	}
}
