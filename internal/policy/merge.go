package policy

import (
	"sort"
	"strings"
)

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
	// MovedConstraints are constraints whose id changed (a heading renamed, the text
	// moved to another section or file) and that were matched to their old entry by
	// their text, so the rules a person edited or added came along.
	MovedConstraints []Move `json:"moved_constraints,omitempty"`
	// Sources lists instruction files added, removed or changed.
	Sources []string `json:"sources,omitempty"`
}

// Move is a constraint matched to its old entry by its text: From is the old id, To
// the new one.
type Move struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// Empty reports whether nothing changed.
func (c *Changes) Empty() bool {
	return len(c.AddedConstraints)+len(c.RemovedConstraints)+len(c.AddedRules)+len(c.RemovedRules)+
		len(c.ChangedRules)+len(c.LostRules)+len(c.Sources)+len(c.MovedConstraints) == 0
}

// Merge combines a freshly compiled policy with the one on disk. Each fresh
// constraint is matched to its old entry by id, else by its text (its id hashes the
// heading path, so renaming a heading or moving the sentence changes it): first in
// the same file, then in any. For every matched constraint, rules a person edited or
// added (see Rule.Edited) are kept, their ids following the constraint's; an edited
// rule replaces the generated rule of the same id. Constraints gone from the
// instruction files are dropped, except hand-written ones (no file); their edited
// rules are reported in Changes.LostRules. The result keeps fresh's order; old may be
// nil.
func Merge(old, fresh *Policy) (*Policy, *Changes) {
	ch := &Changes{}
	out := &Policy{Schema: fresh.Schema, Version: fresh.Version, Sources: fresh.Sources, SelfValidation: fresh.SelfValidation}
	if out.SelfValidation == nil && old != nil {
		// Settings a person wrote into the file: the compiler never makes them.
		out.SelfValidation = old.SelfValidation
	}
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
	moved := matchByText(old, fresh, oldByID)
	for _, fe := range fresh.Entries {
		if oe, ok := moved[fe.ID]; ok {
			ch.MovedConstraints = append(ch.MovedConstraints, Move{From: oe.ID, To: fe.ID})
			oldByID[fe.ID] = renamed(oe, fe.ID)
		}
	}
	movedFrom := map[string]bool{}
	for _, m := range ch.MovedConstraints {
		movedFrom[m.From] = true
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
			if freshIDs[oe.ID] || movedFrom[oe.ID] {
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

// matchByText pairs the fresh constraints whose id is new with the old entries whose
// id is gone, by their text: in the same file first, then across files, in order
// where a text occurs more than once. It returns the old entry of each fresh id
// matched. Hand-written constraints (no file) are never matched: they keep their id.
func matchByText(old, fresh *Policy, oldByID map[string]*Entry) map[string]*Entry {
	if old == nil {
		return nil
	}
	freshIDs := map[string]bool{}
	for _, fe := range fresh.Entries {
		freshIDs[fe.ID] = true
	}
	var gone []*Entry
	for i := range old.Entries {
		if oe := &old.Entries[i]; !freshIDs[oe.ID] && oe.File != "" {
			gone = append(gone, oe)
		}
	}
	if len(gone) == 0 {
		return nil
	}
	var born []*Entry
	for i := range fresh.Entries {
		if fe := &fresh.Entries[i]; oldByID[fe.ID] == nil {
			born = append(born, fe)
		}
	}
	out := map[string]*Entry{}
	taken := map[*Entry]bool{}
	for _, key := range []func(*Entry) string{
		func(e *Entry) string { return e.File + "\x00" + normText(e.Text) },
		func(e *Entry) string { return normText(e.Text) },
	} {
		queue := map[string][]*Entry{}
		for _, oe := range gone {
			if !taken[oe] {
				queue[key(oe)] = append(queue[key(oe)], oe)
			}
		}
		for _, fe := range born {
			if out[fe.ID] != nil {
				continue
			}
			k := key(fe)
			if q := queue[k]; len(q) > 0 {
				out[fe.ID], queue[k] = q[0], q[1:]
				taken[q[0]] = true
			}
		}
	}
	return out
}

// renamed is a copy of an old entry under a constraint's new id, its rules' ids
// following (a rule id starts with its constraint's: RuleID in internal/compile).
func renamed(oe *Entry, id string) *Entry {
	e := *oe
	e.ID = id
	e.Rules = append([]Rule(nil), oe.Rules...)
	for i := range e.Rules {
		if rest, ok := strings.CutPrefix(e.Rules[i].ID, oe.ID+"."); ok {
			e.Rules[i].ID = id + "." + rest
		}
	}
	return &e
}

// normText is a constraint's text as matching sees it: white space collapsed.
func normText(s string) string { return strings.Join(strings.Fields(s), " ") }

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
