package lower

import (
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// Passing lowers the checks a change must pass, stated as properties of the code
// ("Make type hints pass mypy's static type check", "Ensure the full test suite
// passes before submission"), into the order they imply: the session runs the check
// after its last change and before the work leaves it (norm.PassingOrder). Heed cannot
// run the check itself, so the order stands in for the property: a warning, never a
// block.
func Passing() recognize.Recognizer { return passingRec{} }

type passingRec struct{}

func (passingRec) Name() string { return "norm.passing" }

func (passingRec) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	order, ok := norm.PassingOrder(c.Text)
	if !ok {
		return recognize.Result{}
	}
	// a sentence the command reader already lowers keeps its own rules
	if res := (processRec{}).Recognize(c, rc); len(res.Rules) > 0 {
		return recognize.Result{}
	}
	var rules []policy.Rule
	var why string
	for _, n := range norm.Read(order, readContext(c, rc)) {
		if n.Polarity != norm.Require || len(n.Before) == 0 {
			continue
		}
		n.Sentence = c.Text
		r, w := lowerOrder(c, rc, &n)
		if why == "" {
			why = w
		}
		for i := range r {
			r[i].Severity = policy.SeverityWarning
			r[i].Exact = false
			r[i].Norm = "passes (as the order " + order + ") " + r[i].Norm
		}
		rules = append(rules, r...)
	}
	return recognize.Result{Rules: rules, Unenforced: why}
}
