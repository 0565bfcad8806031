package contrib

import (
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// A PR rule whose sentence follows one that sets a condition on the same line holds
// under that condition, which heed cannot see: it warns, for review.
func TestPRRuleUnderTheSentenceBeforesCondition(t *testing.T) {
	mk := func(id, text string) policy.Constraint {
		return policy.Constraint{ID: id, File: "COMMIT_MESSAGES.md", Line: 21, EndLine: 21, Text: text, Level: policy.Must, HeaderPath: []string{"Pull request titles"}}
	}
	for _, c := range []struct {
		before string
		want   string
	}{
		{"If there is no ticket, do not invent one.", policy.SeverityWarning},
		{"Keep titles short.", policy.SeverityError},
	} {
		rc := &recognize.RepoContext{Constraints: []policy.Constraint{mk("a", c.before), mk("b", "Use a clear, descriptive title without an issue number.")}}
		got := prRecognizer{}.Recognize(&rc.Constraints[1], rc)
		if len(got.Rules) == 0 {
			t.Fatalf("after %q: no rule", c.before)
		}
		if got.Rules[0].Severity != c.want {
			t.Errorf("after %q: %s, want %s", c.before, got.Rules[0].Severity, c.want)
		}
	}
}
