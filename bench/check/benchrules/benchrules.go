// Package benchrules compiles a checkout's rules the way `heed compile` does before its
// self-validation pass, for the bench tools that measure that pass.
package benchrules

import (
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/project"
	"github.com/heed-dev/heed/internal/rules"
)

// Compile reads root's instruction files and returns the preliminary policy (scopes
// inherited) and its compiled rules.
func Compile(root string) (*policy.Policy, []engine.Compiled, error) {
	fresh, _, _, err := project.CompileRepo(root, project.Options{})
	if err != nil {
		return nil, nil, err
	}
	prelim, _ := policy.Merge(nil, fresh)
	project.InheritScopes(prelim)
	compiled, _ := project.CompileRules(rules.Registry(), prelim, policy.File)
	return prelim, compiled, nil
}
