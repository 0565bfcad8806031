package norm

import "testing"

// A sentence that ends in a parenthesised hedge is uncertain in every clause; a
// purpose clause's role word is no object; "When you are done" gives the end.
func TestOrder29Readings(t *testing.T) {
	for _, n := range Read("After making code changes, always run `make lint` and `make test` (if applicable).", Context{}) {
		if n.Polarity == Require && len(n.Uncertain) == 0 {
			t.Errorf("hedged sentence read as certain: %s", n.String())
		}
	}
	for _, n := range Read("Always run `make lint` after making code changes.", Context{}) {
		if len(n.Uncertain) > 0 {
			t.Errorf("plain order read as uncertain: %s %v", n.String(), n.Uncertain)
		}
	}
	for _, n := range Read("Never push directly to main - always use the PR workflow to ensure tests run before merging.", Context{}) {
		if n.Polarity == Require && len(n.Objects) > 0 {
			t.Errorf("purpose clause read as a demand: %s", n.String())
		}
	}
	if !finishedHeading("when you are done") || !finishedHeading("once you’re finished") || finishedHeading("when you are done with the api docs") {
		t.Error("finishedHeading")
	}
}
