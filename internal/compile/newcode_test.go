package compile

import (
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules"
)

// A code rule limited to new code, by its words or its section, judges a change and
// never the tree as it stands (internetarchive/openlibrary docs/ai/README.md:240,
// wild round 25); its cases hold, judged as changes.
func TestNewCodeRulesJudgeChanges(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"javascript"}, Packages: []recognize.Package{{Name: "jquery", Ecosystem: "npm", Manifest: "package.json"}}}
	for _, c := range []policy.Constraint{
		{Text: "No `jquery` in new code.", Level: policy.Must, File: "AGENTS.md", Line: 1},
		{Text: "Never import `jquery`.", Level: policy.Must, File: "AGENTS.md", Line: 2, HeaderPath: []string{"When adding new components"}},
		{Text: "Never import `jquery`.", Level: policy.Must, File: "AGENTS.md", Line: 3},
	} {
		e, _ := compileOne(&c, rc, rules.Recognizers())
		if len(e.Rules) == 0 {
			t.Fatalf("%q: no rule", c.Text)
		}
		r := e.Rules[0]
		want := c.Line != 3
		if got := r.When != nil && r.When.NewCode; got != want {
			t.Errorf("%q (line %d): new code %v, want %v", c.Text, c.Line, got, want)
		}
		if want {
			if r.NeedsReview() {
				t.Errorf("%q: a rule for new code needs no review: %s", c.Text, r.Review)
			}
			for _, cs := range r.Cases {
				// its cases are judged as the code a change adds
				if o := engine.RunCase(rules.Registry(), &r, cs); !o.OK {
					t.Errorf("%q: its case %+v: got %s", c.Text, cs, o.Got)
				}
			}
		}
	}
}
