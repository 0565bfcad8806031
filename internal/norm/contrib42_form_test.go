package norm

import "testing"

// Session 42's readings of contribution sentences, on sentences of our own writing in
// the shapes public instruction files give them (whole-file batch s42-1 found them).

func TestFormUnderAPRState(t *testing.T) {
	for _, s := range []string{
		"mark unfinished pull requests as drafts or prefix their title with .",
		"prefix the title with while the pr is not ready for review.",
	} {
		if _, ok := ReadFormDemand(s, s); ok {
			t.Errorf("ReadFormDemand(%q): a prefix asked of unfinished work read as every title's", s)
		}
	}
	if _, ok := ReadFormDemand("prefix every pr title with the area, e.g. .", "prefix every pr title with the area"); !ok {
		t.Error("a plain title prefix no longer read")
	}
}

func TestSubjectExampleLead(t *testing.T) {
	if !SubjectExampleLead("present-tense summaries (e.g., ") {
		t.Error("an example after e.g. not read")
	}
	if SubjectExampleLead("use the imperative, not ") {
		t.Error("a counter-example read as the example")
	}
}
