package compile

import (
	"encoding/json"
	"fmt"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/rules/process"
)

// reviewContradictions demotes the command rules of one instruction file that ask
// opposite things of the same command: each forbids a form the other gives as a way
// to comply ("Open a PR against `main`" and, further down the same list, "open a
// PR against `docs-update`"). No command can satisfy both, so at least one of them
// was read without the condition that tells them apart; both warn and are shown for
// review instead of blocking every form of the command.
func reviewContradictions(p *policy.Policy) {
	type commandRule struct {
		rule      *policy.Rule
		con       *policy.Constraint
		params    process.CommandParams
		complying [][]string
	}
	byFile := map[string][]commandRule{}
	var files []string
	for i := range p.Entries {
		e := &p.Entries[i]
		for j := range e.Rules {
			r := &e.Rules[j]
			if r.Domain != policy.DomainProcess || r.Kind != process.KindCommand || r.Severity != policy.SeverityError {
				continue
			}
			var cp process.CommandParams
			if err := json.Unmarshal(r.Params, &cp); err != nil || len(cp.Forbid) == 0 || len(cp.At) > 0 {
				continue // (a rule about where a command runs complies by the folder, not the form)
			}
			cr := commandRule{rule: r, con: &e.Constraint, params: cp}
			for _, c := range r.Cases {
				if c.Expect == policy.ExpectSatisfied && len(c.Argv) > 0 && c.Cwd == "" {
					cr.complying = append(cr.complying, c.Argv)
				}
			}
			if len(cr.complying) == 0 {
				continue
			}
			if _, ok := byFile[e.Constraint.File]; !ok {
				files = append(files, e.Constraint.File)
			}
			byFile[e.Constraint.File] = append(byFile[e.Constraint.File], cr)
		}
	}
	blocksOne := func(p process.CommandParams, argvs [][]string) bool {
		for _, argv := range argvs {
			if process.JudgeArgv(p, argv) == policy.ExpectViolated {
				return true
			}
		}
		return false
	}
	for _, f := range files {
		rs := byFile[f]
		demote := map[int]int{} // rule index → the index of a rule it contradicts
		for i := range rs {
			for j := i + 1; j < len(rs); j++ {
				if rs[i].rule.Scope.Dir != rs[j].rule.Scope.Dir {
					continue // rules of different folders do not meet
				}
				if blocksOne(rs[j].params, rs[i].complying) && blocksOne(rs[i].params, rs[j].complying) {
					if _, ok := demote[i]; !ok {
						demote[i] = j
					}
					if _, ok := demote[j]; !ok {
						demote[j] = i
					}
				}
			}
		}
		for i, j := range demote {
			r, other := rs[i].rule, rs[j]
			r.Severity = policy.SeverityWarning
			r.Review = fmt.Sprintf("it contradicts %s (%s:%d): each blocks the form the other asks for, so heed missed what tells them apart", other.rule.ID, other.con.File, other.con.Line)
			r.Generated = ""
			r.Generated = policy.Fingerprint(r)
		}
	}
}
