package source

import (
	"strings"
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

// "`X` in production code is prohibited": a place between the span and the postfix
// ban limits the ban, and no longer hides it (AnimalEkarte's "Prohibited" list, wild
// round 27, in its sentence form).
func TestPlacedPostfixBan(t *testing.T) {
	// (a place the scope reads from the prose leaves no qualifier: "in library code")
	for text, span := range map[string]string{
		"`console.log` in production code is prohibited": "console.log",
		"`any` in `src/` is not allowed.":                "any",
		"`print()` in library code is forbidden":         "print()",
	} {
		bs := newSentence(&policy.Constraint{Text: text, Level: policy.Must}).bans()
		if len(bs) != 1 || bs[0].span != span || strings.HasPrefix(bs[0].qualifier, "is ") {
			t.Errorf("%q: %+v, want one ban of %q", text, bs, span)
		}
	}
}
