package contrib

import (
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// A mood read from "present tense" is dropped when the sentence's own example of a
// subject fails it: the writer meant the third person ("Adds ..."), which a check of
// the imperative would flag on every commit written like the example. A counter-example
// ("not `Added ...`") keeps the rule.
func TestMoodExampleContradicts(t *testing.T) {
	for text, want := range map[string]bool{
		"Commit subjects follow the history: present-tense summaries (e.g., `Adds retry to the uploader`).":           false,
		"Commit subjects are in the present tense (e.g. `Add retry to the uploader`).":                                true,
		"Use the imperative mood in commit subjects: `Add retry to the uploader`, not `Added retry to the uploader`.": true,
		"Write commit subjects in the past tense, for example `Fix the uploader retry`.":                              false,
	} {
		res := (moodRecognizer{}).Recognize(&policy.Constraint{Text: text, Level: policy.Must}, nil)
		if got := len(res.Rules) > 0; got != want {
			t.Errorf("%q: rule %v, want %v", text, got, want)
		}
	}
}
