package contrib

import (
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// A test demand that is a way of working (write the test first, see it fail) or a
// judgement (where tests apply) is no co-change a change's files can show.
func TestTestDemandWorkflows(t *testing.T) {
	for _, c := range []struct {
		text string
		rule bool
	}{
		{"Write the failing test before you write the fix.", false},
		{"Add tests before implementing a feature.", false},
		{"Whenever applicable, code changes should come with tests.", false},
		{"Add or update tests for behaviour changes.", false},
		{"Every code change must include a test.", true},
		{"Bug fixes must include a regression test.", true},
	} {
		res := cochangeRecognizer{}.Recognize(&policy.Constraint{ID: "c", Text: c.text, Level: policy.Must}, nil)
		if got := len(res.Rules) > 0; got != c.rule {
			t.Errorf("%q: a rule %v, want %v", c.text, got, c.rule)
		}
	}
}
