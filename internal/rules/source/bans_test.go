package source

import (
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// "no `X` → skip Y" names the case an arrow leads from, a condition of a step, not a
// ban of `X` (svenroth-ai/shipwright, wild round 27).
func TestNoBeforeArrowIsACondition(t *testing.T) {
	for _, text := range []string{
		"skip-rules apply: no `dev_url` → skip Lighthouse, no build artifacts → skip bundle.",
		"No `dev_url` -> skip the audit.",
		"no `LICENSE` => the check is skipped",
	} {
		s := newSentence(&policy.Constraint{Text: text, Level: policy.Must})
		if bs := s.bans(); len(bs) > 0 {
			t.Errorf("%q: banned %v", text, bs)
		}
	}
	if s := newSentence(&policy.Constraint{Text: "No `dev_url` in committed config.", Level: policy.Must}); len(s.bans()) == 0 {
		t.Error("a plain ban no longer bans: the test judges nothing")
	}
}
