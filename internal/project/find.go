package project

import (
	"fmt"
	"sort"
	"strings"

	"github.com/heed-dev/heed/internal/policy"
)

// Find resolves a constraint or rule id, or a unique prefix of one, in a policy. A rule
// id begins with its constraint's id, so a prefix that selects one constraint (and
// its rules) resolves to that constraint. An unknown or ambiguous id is an error that
// says which ids it matches.
func Find(p *policy.Policy, id string) (*policy.Entry, *policy.Rule, error) {
	id = strings.TrimSpace(id)
	if id == "" {
		return nil, nil, fmt.Errorf("empty id")
	}
	type hit struct {
		e *policy.Entry
		r *policy.Rule
	}
	var prefix []hit
	for i := range p.Entries {
		e := &p.Entries[i]
		if e.ID == id {
			return e, nil, nil
		}
		if strings.HasPrefix(e.ID, id) {
			prefix = append(prefix, hit{e: e})
		}
		for j := range e.Rules {
			r := &e.Rules[j]
			if r.ID == id {
				return e, r, nil
			}
			if strings.HasPrefix(r.ID, id) {
				prefix = append(prefix, hit{e: e, r: r})
			}
		}
	}
	var cons []hit
	for _, h := range prefix {
		if h.r == nil {
			cons = append(cons, h)
		}
	}
	if len(cons) == 1 {
		// Every other hit is then a rule of this constraint, or a rule of a constraint
		// whose id does not start with the prefix (impossible: rule ids extend theirs),
		// unless the rule was written by hand with an unrelated id.
		only := true
		for _, h := range prefix {
			if h.r != nil && h.e != cons[0].e {
				only = false
			}
		}
		if only {
			return cons[0].e, nil, nil
		}
	}
	if len(prefix) == 1 {
		return prefix[0].e, prefix[0].r, nil
	}
	if len(prefix) == 0 {
		return nil, nil, fmt.Errorf("no constraint or rule has the id %q (list them with `heed rules`)", id)
	}
	var names []string
	for _, h := range prefix {
		if h.r != nil {
			names = append(names, h.r.ID)
		} else {
			names = append(names, h.e.ID)
		}
	}
	sort.Strings(names)
	if len(names) > 10 {
		names = append(names[:10], "...")
	}
	return nil, nil, fmt.Errorf("%q matches %d ids: %s", id, len(prefix), strings.Join(names, ", "))
}
