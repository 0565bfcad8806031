package lower

import (
	"encoding/json"
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules/process"
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
	suite := strings.HasPrefix(order, "Run the test suite")
	for _, n := range norm.Read(order, readContext(c, rc)) {
		if n.Polarity != norm.Require || len(n.Before) == 0 {
			continue
		}
		n.Sentence = c.Text
		r, w := lowerOrder(c, rc, &n)
		if why == "" {
			why = w
		}
		if suite {
			r = testCommandsOnly(r)
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

// testCommandsOnly keeps the orders whose prerequisite is a test command: "the test
// suite" is read from the file's other commands, and one of those may be another
// role's (`tox -e docs`).
func testCommandsOnly(rs []policy.Rule) []policy.Rule {
	var out []policy.Rule
	for _, r := range rs {
		var p process.SequenceParams
		if err := json.Unmarshal(r.Params, &p); err != nil {
			continue
		}
		var kept []process.Pattern
		for _, f := range p.First {
			if s := f.String(); strings.Contains(s, "test") || strings.Contains(s, "pytest") || strings.HasPrefix(s, "tox") && len(f.Args) == 0 && len(f.Flags) == 0 || strings.Contains(s, "nox") && strings.Contains(s, "test") {
				kept = append(kept, f)
			}
		}
		if len(kept) == 0 {
			continue
		}
		p.First = kept
		raw, err := json.Marshal(p)
		if err != nil {
			continue
		}
		r.Params = raw
		out = append(out, r)
	}
	return out
}
