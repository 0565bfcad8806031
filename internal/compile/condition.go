package compile

import (
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
)

// condition is the precondition a judge rule's sentence names (norm.ReadPrecondition):
// where the change has no such thing the rule is inapplicable (SWE-CC's
// precondition), not undetermined for want of a model. nil when the antecedent names
// nothing the evidence shows mechanically: the rule then stays undetermined offline.
func condition(c *policy.Constraint) *policy.Condition {
	p := norm.ReadPrecondition(c.Text)
	if p == nil {
		return nil
	}
	return &policy.Condition{What: p.What, Paths: p.Paths, Added: p.Added, Docstring: p.Docstring, Message: p.Message, PR: p.PR}
}
