package arch

import (
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// "Do not use `console.log` in `src/`" bans a call, not a package called console.log:
// without a src/ folder in the repository, the import reader used to make it an
// import ban of that package from every src/ folder.
func TestAGlobalsMemberIsNoPackage(t *testing.T) {
	for _, rc := range []*recognize.RepoContext{{}, {Languages: []string{"javascript"}}} {
		c := &policy.Constraint{ID: "c", Text: "Do not use `console.log` in `src/`.", Level: policy.Must}
		if res := (importsRecognizer{}).Recognize(c, rc); len(res.Rules) > 0 {
			t.Errorf("languages %v: %s %s, want no import rule", rc.Languages, res.Rules[0].Kind, res.Rules[0].Params)
		}
	}
	// a dotted module stays one
	c := &policy.Constraint{ID: "c", Text: "Do not use `lodash.debounce` in `src/`.", Level: policy.Must}
	if res := (importsRecognizer{}).Recognize(c, &recognize.RepoContext{Languages: []string{"javascript"}}); len(res.Rules) == 0 {
		t.Errorf("a dotted module is no longer read: %s", res.Unenforced)
	}
}
