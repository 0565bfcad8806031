package check

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/report"
)

// restatements maps a rule that runs to the rules that make the same check from the
// same sentence written in another instruction file: a project that keeps one set
// of rules for several agents (`.github/instructions/`, `.claude/rules/`,
// `.junie/guidelines.md`) would otherwise have every site reported once per file.
type restatements map[string][]engine.Compiled

// dropRestated keeps one of the rules that restate each other: the same domain,
// kind, parameters, condition, severity and messages, compiled from sentences that
// read the same but for case and white space, where the one kept judges every file
// the other does (the same scope, or the whole of a folder that holds the other's
// scope: the copy under `.github/instructions/` with `applyTo: "**/*.cs"` and the one
// in `.junie/guidelines.md` for the whole repository report the same C# sites). The
// others go into the restatements of the one kept.
func dropRestated(rules []engine.Compiled) ([]engine.Compiled, restatements) {
	// most rules' sentences are written once: only those written again are keyed
	// in full (the write hook runs this on every write)
	written := map[string]int{}
	for _, c := range rules {
		if c.Constraint != nil {
			written[sentenceKey(c.Constraint.Text)]++
		}
	}
	groups := map[string][]int{}
	for i, c := range rules {
		if c.Constraint == nil || written[sentenceKey(c.Constraint.Text)] < 2 {
			continue
		}
		if k, ok := restateKey(c); ok {
			groups[k] = append(groups[k], i)
		}
	}
	absorbedBy := map[int]int{}
	for _, g := range groups {
		absorb(g, absorbedBy, func(i, j int) bool {
			return covers(rules[j].Rule.Scope, rules[i].Rule.Scope) && (j < i || !covers(rules[i].Rule.Scope, rules[j].Rule.Scope))
		})
	}
	sameCheck(rules, absorbedBy)
	if len(absorbedBy) == 0 {
		return rules, nil
	}
	also := restatements{}
	kept := make([]engine.Compiled, 0, len(rules)-len(absorbedBy))
	for i, c := range rules {
		j, gone := absorbedBy[i]
		if !gone {
			kept = append(kept, c)
			continue
		}
		for {
			// a chain ends at a rule that stays
			k, more := absorbedBy[j]
			if !more {
				break
			}
			j = k
		}
		id := rules[j].Rule.ID
		also[id] = append(also[id], c)
	}
	return kept, also
}

// sameCheck adds to absorbedBy the rules that make the same check as another from a
// different sentence ("pattern matching (`is null` over `== null`)" in a list of
// idioms and "`== null` instead of `is null`" in a list of tells; a short AGENTS.md
// bullet and the CLAUDE.md rule it points to): the same domain, kind, parameters but
// the alternative they suggest. The one kept is at least as severe, judges every file
// the other does, and holds always or on the other's condition; each site is reported
// once, under it.
func sameCheck(rules []engine.Compiled, absorbedBy map[int]int) {
	groups := map[string][]int{}
	for i, c := range rules {
		if _, gone := absorbedBy[i]; gone {
			continue
		}
		if k, ok := checkKey(c); ok {
			groups[k] = append(groups[k], i)
		}
	}
	for _, g := range groups {
		absorb(g, absorbedBy, func(i, j int) bool {
			ri, rj := rules[i].Rule, rules[j].Rule
			if severityRank(rj.Severity) < severityRank(ri.Severity) || !covers(rj.Scope, ri.Scope) {
				return false
			}
			if rj.When != nil && !reflect.DeepEqual(ri.When, rj.When) {
				// a rule that holds only on a condition keeps no reports for one that
				// holds under another, or always; one that always holds keeps them
				// for one that holds on a condition (the same comment rule from a
				// sentence that also names Markdown files)
				return false
			}
			return j < i || severityRank(rj.Severity) > severityRank(ri.Severity) || !covers(ri.Scope, rj.Scope) || ri.When != nil && rj.When == nil
		})
	}
}

// absorb records, for each rule of a group, the first other rule still kept that
// keeps reports for it (keeps(i, j): rule j reports what rule i would).
func absorb(group []int, absorbedBy map[int]int, keeps func(i, j int) bool) {
	for _, i := range group {
		for _, j := range group {
			if i == j {
				continue
			}
			if _, gone := absorbedBy[j]; gone {
				continue
			}
			if keeps(i, j) {
				absorbedBy[i] = j
				break
			}
		}
	}
}

func severityRank(s string) int {
	switch s {
	case policy.SeverityError:
		return 2
	case policy.SeverityWarning:
		return 1
	}
	return 0
}

// checkKey is what two rules from different sentences must share to make the same
// check: domain, kind, parameters without the alternatives they suggest, condition.
// Only rules that judge code are keyed (a command or commit rule is about one act,
// and its message is its reading).
func checkKey(c engine.Compiled) (string, bool) {
	if c.Rule == nil || c.Constraint == nil || c.Rule.Domain != policy.DomainSource || c.Rule.Kind == "" || len(c.Rule.Params) == 0 {
		return "", false // (a rule without parameters is heed's own or a test's: its check is code)
	}
	r := c.Rule
	params := r.Params
	var m map[string]json.RawMessage
	if json.Unmarshal(r.Params, &m) == nil {
		delete(m, "alternatives")
		if b, err := json.Marshal(m); err == nil {
			params = b
		}
	}
	b, err := json.Marshal(struct {
		Kind   string
		Params json.RawMessage
	}{r.Kind, params})
	if err != nil {
		return "", false
	}
	return string(b), true
}

// covers reports whether a rule of scope a judges every file a rule of scope b
// judges, as far as that can be told without the files: the same scope, or the
// whole of a folder that holds b's folder but for exclusions b makes too.
func covers(a, b policy.Scope) bool {
	a, b = wholeDir(a), wholeDir(b)
	if a.Dir == b.Dir && slices.Equal(a.Globs, b.Globs) && slices.Equal(a.Exclude, b.Exclude) {
		return true
	}
	if len(a.Globs) > 0 {
		return false
	}
	for _, x := range a.Exclude {
		// a file b judges is not left out by b's exclusions, so none of a's may
		// leave it out either: each of them must be one of b's (an instruction file,
		// which each rule leaves out of its own judging, aside)
		if !slices.Contains(b.Exclude, x) && instr.Classify(x) == "" {
			return false
		}
	}
	return a.Dir == "" || b.Dir == a.Dir || strings.HasPrefix(b.Dir, a.Dir+"/")
}

// wholeDir drops a glob that names the scope's whole folder (`src/**` of `src`).
func wholeDir(s policy.Scope) policy.Scope {
	if slices.ContainsFunc(s.Exclude, func(x string) bool { return instr.Classify(x) != "" }) {
		// (an instruction file a rule leaves out of its own judging is no part of
		// the code either copy judges)
		s.Exclude = slices.DeleteFunc(slices.Clone(s.Exclude), func(x string) bool { return instr.Classify(x) != "" })
	}
	if s.Dir != "" && len(s.Globs) == 1 && s.Globs[0] == s.Dir+"/**" {
		s.Globs = nil
	}
	return s
}

// restateKey is what two rules must share to restate each other, their scopes
// aside; ok is false for a rule without its sentence (heed's own rules), which
// restates nothing.
func restateKey(c engine.Compiled) (string, bool) {
	if c.Rule == nil || c.Constraint == nil || c.Constraint.Text == "" {
		return "", false
	}
	r := c.Rule
	same := struct {
		Domain, Kind        string
		Params              json.RawMessage
		When                *policy.Condition
		Severity            string
		Exact               bool
		Message, Suggestion string
		Text                string
	}{r.Domain, r.Kind, r.Params, r.When, r.Severity, r.Exact, r.Message, r.Suggestion, sentenceKey(c.Constraint.Text)}
	b, err := json.Marshal(same)
	if err != nil {
		return "", false
	}
	return string(b), true
}

// sentenceKey is a sentence as two copies of it may differ: case and white space.
func sentenceKey(text string) string { return strings.ToLower(strings.Join(strings.Fields(text), " ")) }

// ids are the rule and constraint ids of the rules that restate rule: a suppression
// comment that names one of them names the rule kept.
func (a restatements) ids(rule string) []string {
	var out []string
	for _, c := range a[rule] {
		out = append(out, c.Rule.ID, c.Constraint.ID)
	}
	return out
}

// note names on f the other places its rule is written.
func (a restatements) note(f *report.Finding) {
	for _, c := range a[f.Rule] {
		k := c.Constraint
		f.Restated = append(f.Restated, report.Instruction{File: k.File, Line: k.Line, Text: k.Text, HeaderPath: append([]string{}, k.HeaderPath...)})
	}
}
