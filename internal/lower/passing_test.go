package lower

import (
	"encoding/json"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules/process"
)

// A check stated as a property of the code becomes the order "run it before the work
// leaves", as a warning; a sentence the command reader lowers itself is left to it.
func TestPassingBecomesAnOrderWarning(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{engine.LangPython}}
	c := &policy.Constraint{Text: "Make the annotations pass mypy before opening a pull request.", Level: policy.Must}
	res := Passing().Recognize(c, rc)
	if len(res.Rules) != 1 {
		t.Fatalf("want one rule, got %d (%s)", len(res.Rules), res.Unenforced)
	}
	r := res.Rules[0]
	if r.Kind != process.KindSequence || r.Severity != policy.SeverityWarning || r.Exact {
		t.Errorf("want an inexact sequence warning, got %s %s exact=%v", r.Kind, r.Severity, r.Exact)
	}
	var p process.SequenceParams
	if err := json.Unmarshal(r.Params, &p); err != nil {
		t.Fatal(err)
	}
	if len(p.First) != 1 || p.First[0].String() != "mypy" || len(p.Then) != 1 || p.Then[0].String() != "gh pr create" {
		t.Errorf("want mypy before gh pr create, got %s", r.Params)
	}
	// the command reader's own sentence
	if res := Passing().Recognize(&policy.Constraint{Text: "Before merge, the code must pass `flake8 src/`.", Level: policy.Must}, rc); len(res.Rules) != 0 {
		t.Errorf("a sentence the command reader lowers got %d passing rules", len(res.Rules))
	}
}
