package project

import (
	"fmt"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/policyfile"
	"github.com/heed-dev/heed/internal/rules"
)

// ReasonBrokenRule is the unenforced reason of a constraint whose only generated rules
// did not compile (a recogniser defect; the warning names the rule).
const ReasonBrokenRule = "the generated rule does not compile"

// DropBroken removes the generated rules of a freshly compiled policy that do not
// compile against reg, so a recogniser defect never reaches the policy file, and
// returns a warning for each. Rules a person wrote are never dropped here: they come
// from the file on disk and are reported as errors on load.
func DropBroken(reg *engine.Registry, pol *policy.Policy) []string {
	var warnings []string
	for i := range pol.Entries {
		e := &pol.Entries[i]
		kept := e.Rules[:0]
		for j := range e.Rules {
			r := e.Rules[j]
			if _, err := reg.CompileRule(&r); err != nil {
				warnings = append(warnings, fmt.Sprintf("generated rule %s (origin %s, %s:%d) dropped: %v", r.ID, r.Origin, e.File, e.Line, err))
				continue
			}
			kept = append(kept, r)
		}
		if len(kept) == 0 && len(e.Rules) > 0 {
			e.Unenforced = ReasonBrokenRule
		}
		if len(kept) == 0 {
			kept = nil
		}
		e.Rules = kept
	}
	return warnings
}

// ValidateEncoded checks a policy as `heed compile` is about to write it, already
// encoded by policy.Marshal as data: against the schema and with every rule compiled
// by the build's kinds. The error names the JSON path and rule id of each problem (a
// hand-edited rule that no longer compiles, typically). It returns the compiled rules.
func ValidateEncoded(pol *policy.Policy, data []byte, file string) ([]engine.Compiled, error) {
	if err := policyfile.ValidateEncoded(pol, data); err != nil {
		return nil, err
	}
	compiled, errs := CompileRules(rules.Registry(), pol, file)
	if len(errs) > 0 {
		return nil, &policy.ValidationError{File: file, Errors: errs}
	}
	return compiled, nil
}
