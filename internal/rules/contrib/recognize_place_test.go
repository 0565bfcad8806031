package contrib

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

// Where text goes in a commit message, and the pull-request text a sentence demands:
// sentences of our own writing in the forms SWE-CC's policies use (policies.csv,
// ASTROPY-C059, MATPLOTLIB-C096, PYDATA-C089, PALLETS-C012, SYMPY-C034, SYMPY-C036,
// SYMPY-C052).
func TestPlacementsInMessagesAndPRText(t *testing.T) {
	reg := engine.NewRegistry(Kinds()...)
	for _, tc := range []struct {
		text string
		want []string // summaries of the rules from the new recognisers; nil: none
	}{
		{"Write `Fixes #<number>` on the second or a later line of the commit message.",
			[]string{`commit:subject-forbid pattern="(?i)Fixes #[0-9]+"`}},
		{"Put a [skip docs] marker on the first line of every commit message.",
			[]string{`commit:format pattern="(?i)\\[skip docs\\]"`}},
		{"Add a [ci-lite] tag to the first line of a docs-only commit message.", []string{"commit:format"}},
		{"Add each pair partner as a co-authored-by line at the bottom of the commit message.",
			[]string{`commit:trailer-form trailers=["Co-authored-by"]`}},
		{"Every Reviewed-by trailer goes at the bottom of the commit message in the form `Reviewed-by: <name> <email>`.",
			[]string{"commit:trailer-form"}},
		{"A pull request that is ready must not keep a `[Draft]` title prefix.", []string{"pr:title-forbid"}},
		{"The pull-request description must contain a changelog block between `<!-- CHANGES -->` and `<!-- /CHANGES -->`.", []string{"pr:body-require"}},
		{"If a pull request closes several issues, its description must repeat the closing keyword before every `#<number>`.", []string{"pr:body-forbid"}},
		{"A PR description must not put a closing keyword next to an issue it leaves open, not even in a negated sentence.", []string{"pr:body-forbid"}},
		// conditions heed cannot see, bans and other documents give nothing
		{"Put `[ci skip]` in the commit message when the commits are not ready for CI.", nil},
		{"Put a [skip docs] marker on the first line of the commit message for a trivial fix.", nil},
		{"Add a [bench] tag to the first line of the commit message to run the benchmarks.", nil},
		{"Do not put `Fixes #<number>` on the first line of the commit message.", nil},
		{"Put the issue number on the first line of the pull request description.", nil},
	} {
		c := &policy.Constraint{Text: tc.text, Level: policy.Must, Format: "contributing"}
		var got []policy.Rule
		for _, r := range compileAll(c) {
			if r.Origin == "contrib.commit-place" || r.Origin == "contrib.pr-text" {
				got = append(got, r)
			}
		}
		if len(got) != len(tc.want) {
			var sums []string
			for _, r := range got {
				sums = append(sums, summary(r))
			}
			t.Errorf("%q: got %d rules %v, want %v", tc.text, len(got), sums, tc.want)
			continue
		}
		for i, r := range got {
			if sum := summary(r); !strings.HasPrefix(sum, tc.want[i]) {
				t.Errorf("%q: got %s, want %s", tc.text, sum, tc.want[i])
			}
			var v, s bool
			for _, cs := range r.Cases {
				v = v || cs.Expect == policy.ExpectViolated
				s = s || cs.Expect == policy.ExpectSatisfied
				if out := engine.RunCase(reg, &r, cs); !out.OK {
					t.Errorf("%q: case %q expects %s, got %s (%s)", tc.text, cs.Note, cs.Expect, out.Got, out.Reason)
				}
			}
			if !v || !s {
				t.Errorf("%q: needs a violated and a satisfied case", tc.text)
			}
		}
	}
}

// A co-author line is judged where it stands and how it is written, and a message
// without one is fine.
func TestTrailerForm(t *testing.T) {
	reg := engine.NewRegistry(Kinds()...)
	r := policy.Rule{ID: "t", Domain: policy.DomainContribution, Kind: KindCommit, Severity: policy.SeverityError,
		Params: mustJSON(CommitParams{Check: CheckTrailerForm, Trailers: []string{"Co-authored-by"}, ValuePattern: "^" + formPattern("<name> <email>") + "$"})}
	for _, tc := range []struct {
		msg, want string
	}{
		{"Fix parser\n\nCo-authored-by: Ann Lee <ann@example.org>", policy.ExpectSatisfied},
		{"Fix parser\n\nBody text.\n\nSigned-off-by: B <b@example.org>\nco-authored-by: Ann Lee <ann@example.org>", policy.ExpectSatisfied},
		{"Fix parser", policy.ExpectSatisfied},
		{"Fix parser\n\nCo-authored-by: Ann Lee", policy.ExpectViolated},
		{"Fix parser\n\nCo-authored-by: Ann Lee <ann@example.org>\nThe body goes on here.", policy.ExpectViolated},
	} {
		if out := engine.RunCase(reg, &r, policy.Case{Expect: tc.want, Message: tc.msg}); !out.OK {
			t.Errorf("%q: want %s, got %s (%s)", tc.msg, tc.want, out.Got, out.Reason)
		}
	}
}

// A disclosure of AI use asked of a contribution's description, in sentences of our
// own writing in SWE-CC's forms (policies.csv: ASTROPY-C251, DJANGO-C057, SYMPY-C274).
func TestAIDisclosureInTheChangeDescription(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"Describe your use of AI tools in the change description.", true},
		{"Disclose the AI tools you used in preparing the contribution.", true},
		{"Do not use AI tools to write the change description.", false},
		{"Describe the change in the description.", false},
	} {
		got := false
		for _, r := range compileAll(&policy.Constraint{Text: tc.text, Level: policy.Must, Format: "contributing"}) {
			got = got || r.Kind == KindPR && strings.Contains(string(r.Params), PRDisclosure)
		}
		if got != tc.want {
			t.Errorf("%q: disclosure rule %v, want %v", tc.text, got, tc.want)
		}
	}
}
