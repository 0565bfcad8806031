package compile_test

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// TestContradictoryCommandRulesAreReviewed: two rules of one file that each block the
// form the other asks for warn and are shown for review; either alone blocks.
func TestContradictoryCommandRulesAreReviewed(t *testing.T) {
	rc := &recognize.RepoContext{Tools: []string{"gh", "git"}}
	both := "## Pull requests\n\n- Open every PR against `main`.\n\n## Documentation\n\n- Open every PR against `docs-update`.\n"
	var bases []policy.Rule
	for _, r := range compileAll(both, rc) {
		if r.Kind == "command" {
			bases = append(bases, r)
		}
	}
	if len(bases) != 2 {
		t.Fatalf("want two command rules, got %d: %+v", len(bases), bases)
	}
	for _, r := range bases {
		if r.Severity != policy.SeverityWarning || !strings.Contains(r.Review, "contradicts") {
			t.Errorf("%s: severity %s, review %q; want a warning that names the contradiction", r.ID, r.Severity, r.Review)
		}
	}
	for _, doc := range []string{
		"## Pull requests\n\n- Open every PR against `main`.\n",
		// two rules of one file that agree: both block
		"## Pull requests\n\n- Open every PR against `main`.\n- Never run `git push --force`.\n",
	} {
		for _, r := range compileAll(doc, rc) {
			if r.Kind == "command" && (r.Severity != policy.SeverityError || r.Review != "") {
				t.Errorf("%q: %s is %s (%q), want an error", doc, r.ID, r.Severity, r.Review)
			}
		}
	}
}
