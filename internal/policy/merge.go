package policy

import "sort"

// Changes says what a recompilation changed in a policy file.
type Changes struct {
	// AddedConstraints and RemovedConstraints are constraint ids.
	AddedConstraints   []string `json:"added_constraints,omitempty"`
	RemovedConstraints []string `json:"removed_constraints,omitempty"`
	// AddedRules, RemovedRules and ChangedRules are rule ids of generated rules.
	AddedRules   []string `json:"added_rules,omitempty"`
	RemovedRules []string `json:"removed_rules,omitempty"`
	ChangedRules []string `json:"changed_rules,omitempty"`
	// KeptRules are rules a person edited or added, kept over what the compiler made.
	KeptRules []string `json:"kept_rules,omitempty"`
	// LostRules are edited or manual rules dropped because their constraint is gone
	// from the instruction files; say so loudly.
	LostRules []string `json:"lost_rules,omitempty"`
	// Sources lists instruction files added, removed or changed.
	Sources []string `json:"sources,omitempty"`
}

// Empty reports whether nothing changed.
func (c *Changes) Empty() bool {
	return len(c.AddedConstraints)+len(c.RemovedConstraints)+len(c.AddedRules)+len(c.RemovedRules)+
		len(c.ChangedRules)+len(c.LostRules)+len(c.Sources) == 0
}

// Merge combines a freshly compiled policy with the one on disk. For every constraint
// whose id is unchanged, rules a person edited or added (see Rule.Edited) are kept;
// an edited rule replaces the generated rule of the same id. Constraints gone from the
// instruction files are dropped, except hand-written ones (no file). The result keeps
// fresh's order; old may be nil.
func Merge(old, fresh *Policy) (*Policy, *Changes) {
	ch := &Changes{}
	out := &Policy{Schema: fresh.Schema, Version: fresh.Version, Sources: fresh.Sources}
	oldByID := map[string]*Entry{}
	if old != nil {
		for i := range old.Entries {
			oldByID[old.Entries[i].ID] = &old.Entries[i]
		}
		ch.Sources = diffSources(old.Sources, fresh.Sources)
	} else {
		for _, s := range fresh.Sources {
			ch.Sources = append(ch.Sources, s.Path)
		}
	}
	freshIDs := map[string]bool{}
	for _, fe := range fresh.Entries {
		freshIDs[fe.ID] = true
		e := fe
		e.Rules = append([]Rule(nil), fe.Rules...)
		oe := oldByID[fe.ID]
		if oe == nil {
			if old != nil {
				ch.AddedConstraints = append(ch.AddedConstraints, fe.ID)
			}
			for _, r := range fe.Rules {
				ch.AddedRules = append(ch.AddedRules, r.ID)
			}
			out.Entries = append(out.Entries, e)
			continue
		}
		oldRules := map[string]*Rule{}
		for i := range oe.Rules {
			oldRules[oe.Rules[i].ID] = &oe.Rules[i]
		}
		freshRules := map[string]bool{}
		for i, r := range e.Rules {
			freshRules[r.ID] = true
			or := oldRules[r.ID]
			switch {
			case or == nil:
				ch.AddedRules = append(ch.AddedRules, r.ID)
			case or.Edited():
				e.Rules[i] = *or
				ch.KeptRules = append(ch.KeptRules, r.ID)
			case or.Generated != r.Generated:
				ch.ChangedRules = append(ch.ChangedRules, r.ID)
			}
		}
		// Rules a person added, or edited rules the compiler no longer generates.
		for _, or := range oe.Rules {
			if freshRules[or.ID] {
				continue
			}
			if or.Edited() {
				e.Rules = append(e.Rules, or)
				ch.KeptRules = append(ch.KeptRules, or.ID)
			} else {
				ch.RemovedRules = append(ch.RemovedRules, or.ID)
			}
		}
		if len(e.Rules) > 0 {
			e.Unenforced = ""
		}
		out.Entries = append(out.Entries, e)
	}
	if old != nil {
		for _, oe := range old.Entries {
			if freshIDs[oe.ID] {
				continue
			}
			if oe.File == "" {
				// A constraint written into the policy by hand: no instruction file owns it.
				out.Entries = append(out.Entries, oe)
				for _, r := range oe.Rules {
					ch.KeptRules = append(ch.KeptRules, r.ID)
				}
				continue
			}
			ch.RemovedConstraints = append(ch.RemovedConstraints, oe.ID)
			for _, r := range oe.Rules {
				if r.Edited() {
					ch.LostRules = append(ch.LostRules, r.ID)
				} else {
					ch.RemovedRules = append(ch.RemovedRules, r.ID)
				}
			}
		}
	}
	return out, ch
}

func diffSources(old, fresh []SourceFile) []string {
	o := map[string]string{}
	for _, s := range old {
		o[s.Path] = s.SHA256
	}
	var out []string
	seen := map[string]bool{}
	for _, s := range fresh {
		seen[s.Path] = true
		if o[s.Path] != s.SHA256 {
			out = append(out, s.Path)
		}
	}
	for _, s := range old {
		if !seen[s.Path] {
			out = append(out, s.Path)
		}
	}
	sort.Strings(out)
	return out
}
