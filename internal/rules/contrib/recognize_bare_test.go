package contrib

import (
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// "Do not write a bare `#NNN` anywhere in a commit message" and "Never use a bare
// `@mention`" (the shape of pnpm's AGENTS.md:171 and :184) ban the unqualified forms
// only: `owner/repo#NNN`, a URL, a package in backticks and an e-mail address pass.
// Sentences of our own writing.
func TestBareReferencesInCommitMessages(t *testing.T) {
	reg := engine.NewRegistry(Kinds()...)
	for _, c := range []struct {
		text      string
		violated  []string
		satisfied []string
	}{
		{"Do not write a bare `#NNN` in a commit message; use `owner/repo#NNN`.",
			[]string{"Fix the parser (#12)", "#12 fix the parser"},
			[]string{"Fix the parser\n\nFixes acme/app#12", "Fix the parser\n\nSee https://github.com/acme/app/issues/12", "Use item 1, not number one"}},
		{"Never put a bare `@name` in a commit message.",
			[]string{"Thanks @octocat for the report"},
			[]string{"Bump `@acme/core` to 2.0", "Fix\n\nSigned-off-by: A <a@example.com>"}},
	} {
		res := refRecognizer{}.Recognize(&policy.Constraint{Text: c.text, Level: policy.Must}, &recognize.RepoContext{})
		if len(res.Rules) != 1 {
			t.Fatalf("%q: want one rule, got %d", c.text, len(res.Rules))
		}
		r := res.Rules[0]
		r.ID = "r"
		for _, m := range c.violated {
			if out := engine.RunCase(reg, &r, vio("", m)); !out.OK {
				t.Errorf("%q on %q: got %s, want violated", c.text, m, out.Got)
			}
		}
		for _, m := range c.satisfied {
			if out := engine.RunCase(reg, &r, sat("", m)); !out.OK {
				t.Errorf("%q on %q: got %s, want satisfied", c.text, m, out.Got)
			}
		}
	}
	// a sentence about something other than commit messages asks nothing of them
	if res := (refRecognizer{}).Recognize(&policy.Constraint{Text: "Do not leave a bare `#NNN` in code comments.", Level: policy.Must}, &recognize.RepoContext{}); len(res.Rules) != 0 {
		t.Errorf("a comment rule became %d commit rules", len(res.Rules))
	}
}
