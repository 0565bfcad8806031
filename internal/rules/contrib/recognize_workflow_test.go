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

// A reference every commit message must carry; not one only some commits need, nor
// one asked of the pull request.
func TestRefRequired(t *testing.T) {
	for _, c := range []struct {
		text string
		rule bool
	}{
		{"Every commit message must reference the issue it fixes, as `Fixes #123`.", true},
		{"Commit messages must include the Jira ticket key, like `SHOP-12`.", true},
		{"If the commit fixes an issue, reference it in the commit message.", false},
		{"Push your commits and link the issue in the pull request description.", false},
		{"Never reference internal issue numbers in commit messages.", false},
		// only the commits the relative clause picks out (syncthing's CONTRIBUTING.md:145
		// has this shape): heed cannot tell which commits resolve an issue
		{"Commits that fix a reported bug must mention the issue number in the commit message.", false},
		{"A commit which closes a ticket must include the ticket number in its commit message.", false},
		{"Commit messages that address an issue must reference it.", false},
	} {
		res := refRequiredRecognizer{}.Recognize(&policy.Constraint{ID: "c", Text: c.text, Level: policy.Must}, nil)
		if got := len(res.Rules) > 0; got != c.rule {
			t.Errorf("%q: a rule %v, want %v", c.text, got, c.rule)
		}
	}
}
