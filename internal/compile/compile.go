// Package compile is heed's offline compiler: it routes every must/should constraint of
// an instruction set through the recognisers of the domain packages, names and
// fingerprints the rules they emit, falls back to a judge rule for design intent, and
// records why the rest cannot be enforced. It is deterministic and does no I/O except
// in RepoContextFor.
package compile

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules/semantic"
	"github.com/heed-dev/heed/internal/workers"
)

// Reasons a must/should constraint stays unenforced (the most common ones; a
// recogniser may give its own).
const (
	ReasonNoClaim      = "no checkable claim"
	ReasonNeedsModel   = "needs a model"
	ReasonForeignTool  = "refers to a tool heed does not run"
	ReasonWorkflow     = "a way of working, not a checkable result"
	ReasonNoRecognizer = "checkable, but no recogniser understood it"
)

// OriginSemantic is the origin of the judge rules the compiler makes itself.
const OriginSemantic = "compile.semantic"

// Compile turns an instruction set into a policy: one entry per constraint (info
// constraints are kept but not compiled), the rules each must/should constraint
// yields, and the coverage report. Output order and ids are deterministic.
func Compile(set *instr.Set, rc *recognize.RepoContext, recs []recognize.Recognizer) (*policy.Policy, *Report) {
	p := &policy.Policy{Schema: policy.SchemaURL, Version: policy.CurrentVersion, Sources: []policy.SourceFile{}}
	if rc == nil {
		rc = &recognize.RepoContext{} // recognisers may read it without a nil check
	}
	var warnings []string
	if set != nil {
		seen := map[string]int{}
		for _, f := range set.Files {
			if i, ok := seen[f.Path]; ok {
				// a file read twice is one source, linked only if every read was
				p.Sources[i].Linked = p.Sources[i].Linked && f.Linked
				continue
			}
			seen[f.Path] = len(p.Sources)
			p.Sources = append(p.Sources, policy.SourceFile{Path: f.Path, SHA256: f.SHA256, Format: f.Format, Linked: f.Linked})
		}
		sort.SliceStable(p.Sources, func(i, j int) bool { return p.Sources[i].Path < p.Sources[j].Path })
		cons := append([]policy.Constraint(nil), set.Constraints...)
		order := fileOrder(set)
		sort.SliceStable(cons, func(i, j int) bool {
			a, b := &cons[i], &cons[j]
			if a.File != b.File {
				return order(a.File) < order(b.File)
			}
			if a.Line != b.Line {
				return a.Line < b.Line
			}
			return false
		})
		if rc.Constraints == nil {
			// Recognisers read a constraint's neighbours (RepoContext.Constraints).
			ctx := *rc
			ctx.Constraints = cons
			ctx.Cache = &recognize.Cache{} // what one constraint's recognisers read of these, shared
			rc = &ctx
		}
		p.Entries = make([]policy.Entry, len(cons))
		warns := make([][]string, len(cons))
		// Recognisers are pure, so constraints compile in parallel; results land in
		// their slots, which keeps the output deterministic.
		workers.Each(len(cons), 0, func(i int) {
			p.Entries[i], warns[i] = compileOne(&cons[i], rc, recs)
		})
		for _, w := range warns {
			warnings = append(warnings, w...)
		}
		reviewContradictions(p)
	}
	rep := ReportFor(p)
	rep.Warnings = warnings
	return p, rep
}

// fileOrder orders files as the set lists them (discovery order), unknown files last.
func fileOrder(set *instr.Set) func(string) int {
	idx := map[string]int{}
	for i, f := range set.Files {
		if _, ok := idx[f.Path]; !ok {
			idx[f.Path] = i
		}
	}
	return func(p string) int {
		if i, ok := idx[p]; ok {
			return i
		}
		return len(idx)
	}
}

// CompileConstraint compiles a single constraint (heed explain, tests).
func CompileConstraint(c *policy.Constraint, rc *recognize.RepoContext, recs []recognize.Recognizer) policy.Entry {
	if rc == nil {
		rc = &recognize.RepoContext{}
	}
	e, _ := compileOne(c, rc, recs)
	return e
}

func compileOne(c *policy.Constraint, rc *recognize.RepoContext, recs []recognize.Recognizer) (policy.Entry, []string) {
	e := policy.Entry{Constraint: *c}
	if c.Level != policy.Must && c.Level != policy.Should {
		if fe, w, ok := fragmentConvention(c, rc, recs); ok {
			fe.Constraint = *c
			fe.Constraint.Level = policy.Should // read as the section's convention
			return fe, w
		}
		if fe, w, ok := commitFragment(c, rc, recs); ok {
			fe.Constraint = *c
			fe.Constraint.Level = policy.Should
			return fe, w
		}
		return e, nil
	}
	var warnings []string
	var reasons []string
	semanticMark := false
	perKind := map[string]int{}
	read, lang := inEnglish(c)
	for _, rec := range recs {
		res, err := safeRecognize(rec, &read, rc)
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("recogniser %s on constraint %s (%s:%d): %v", rec.Name(), c.ID, c.File, c.Line, err))
			continue
		}
		if res.Semantic {
			semanticMark = true
		}
		if len(res.Rules) == 0 {
			if res.Unenforced != "" {
				reasons = append(reasons, res.Unenforced)
			}
			continue
		}
		for _, r := range res.Rules {
			if r.When == nil && (r.Domain == policy.DomainSource || r.Domain == policy.DomainContribution) {
				// A file or contribution rule about something the change may lack
				// ("If a contribution adds new functionality, ...") applies only to
				// a change that has it. Process rules keep the conditions the
				// lowering reads: the live path judges commands without a change.
				r.When = condition(&read)
			}
			markNewCode(&read, &r)
			r = finish(r, c, rec.Name(), perKind)
			review(&read, &r)
			unreadable(lang, &r)
			e.Rules = append(e.Rules, r)
		}
	}
	if len(e.Rules) > 0 {
		e.Rules = withoutDoubledImportBans(e.Rules)
		return e, warnings
	}
	if rules, w := throughLeadIn(c, &read, lang, rc, recs, perKind); len(rules) > 0 {
		e.Rules = withoutDoubledImportBans(rules)
		return e, append(warnings, w...)
	}
	if fe, w, ok := fragmentConvention(c, rc, recs); ok {
		// "String formatting: f-strings only (no `%`-formatting)": a fragment the
		// level reader raised, which no recogniser read as it stands
		fe.Constraint = *c
		return fe, append(warnings, w...)
	}
	k := classify(&read)
	if semanticMark || (c.Level == policy.Must && len(reasons) == 0 && k.semantic) {
		r := semantic.NewRule(c, k.on)
		// Where the sentence's antecedent can be decided mechanically, the rule is
		// inapplicable to a change without it, instead of undetermined offline.
		r.When = condition(&read)
		e.Rules = append(e.Rules, finish(r, c, OriginSemantic, perKind))
		return e, warnings
	}
	if len(reasons) > 0 {
		e.Unenforced = reasons[0]
	} else {
		e.Unenforced = k.reason
	}
	return e, warnings
}

// finish fills what the compiler owns in a recogniser's rule: the stable id (constraint
// id, kind and the rule's index among the constraint's rules of that kind), origin,
// default scope and severity, and the fingerprint of the rule as generated.
func finish(r policy.Rule, c *policy.Constraint, origin string, perKind map[string]int) policy.Rule {
	perKind[r.Kind]++
	r.ID = RuleID(c.ID, r.Kind, perKind[r.Kind])
	r.Origin = origin
	if scopeEmpty(r.Scope) {
		r.Scope = c.Scope
	}
	if r.Severity == "" {
		r.Severity = recognize.Severity(c.Level)
	}
	if r.Domain == "" {
		r.Domain = policy.DomainSemantic
	}
	r.Generated = ""
	r.Generated = policy.Fingerprint(&r)
	return r
}

// RuleID is the id of the n-th rule (1-based) of a kind compiled from a constraint.
func RuleID(constraintID, kind string, n int) string {
	return constraintID + "." + kind + "." + strconv.Itoa(n)
}

func scopeEmpty(s policy.Scope) bool {
	return s.Dir == "" && len(s.Globs) == 0 && len(s.Exclude) == 0
}

func safeRecognize(rec recognize.Recognizer, c *policy.Constraint, rc *recognize.RepoContext) (res recognize.Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			res, err = recognize.Result{}, fmt.Errorf("panic: %v", p)
		}
	}()
	cc := *c // a recogniser must not change the constraint others see
	cc.HeaderPath = append([]string(nil), c.HeaderPath...)
	return rec.Recognize(&cc, rc), nil
}

// withoutDoubledImportBans drops an architecture rule banning an external package when
// a source rule of the same constraint bans importing it: "Never import `requests`"
// would report each import twice. The source rule stays, for it names the line and
// judges a single file in the write hooks.
func withoutDoubledImportBans(rules []policy.Rule) []policy.Rule {
	rules = withoutBansAWrapperKeeps(rules)
	return withoutCovered(rules, importNeedles, func(r policy.Rule) []string {
		var p struct {
			Banned []string `json:"banned"`
		}
		if r.Domain != policy.DomainArchitecture || r.Kind != "external" || json.Unmarshal(r.Params, &p) != nil {
			return nil
		}
		return p.Banned
	})
}

// importNeedles are the packages a source rule banning imports names: the module its
// message names (`import of `github.com/spf13/cobra` ...`), and its needles (a
// needle is a module's first word when the module has more: "github").
func importNeedles(r policy.Rule) []string {
	var p struct {
		Needles []string `json:"needles"`
	}
	if r.Domain != policy.DomainSource || !strings.HasPrefix(r.Message, "import of ") || json.Unmarshal(r.Params, &p) != nil {
		return nil
	}
	if rest, ok := strings.CutPrefix(r.Message, "import of `"); ok {
		if mod, _, ok := strings.Cut(rest, "`"); ok && mod != "" {
			return []string{mod}
		}
	}
	return p.Needles
}

// withoutBansAWrapperKeeps drops a source ban of a package that an architecture rule
// of the same sentence keeps to a place ("do not use `axios` directly" beside "call
// the shared `request` from `src/service/request`"): the ban would flag the wrapper
// itself and the tests that mock the package.
func withoutBansAWrapperKeeps(rules []policy.Rule) []policy.Rule {
	return withoutCovered(rules, func(r policy.Rule) []string {
		var p struct {
			Mode       string   `json:"mode"`
			From       []string `json:"from"`
			FromExcept []string `json:"from_except"`
			ToPackages []string `json:"to_packages"`
		}
		if r.Domain != policy.DomainArchitecture || r.Kind != "imports" || json.Unmarshal(r.Params, &p) != nil {
			return nil
		}
		if p.Mode == "forbid" && len(p.FromExcept) > 0 && len(p.From) == 1 && p.From[0] == "**" {
			return p.ToPackages
		}
		return nil
	}, importNeedles)
}

// withoutCovered drops the rules whose names (what dropped gives, when it gives any)
// the names of other rules (what covering gives) all cover.
func withoutCovered(rules []policy.Rule, covering, dropped func(policy.Rule) []string) []policy.Rule {
	covered := map[string]bool{}
	for _, r := range rules {
		for _, n := range covering(r) {
			covered[n] = true
		}
	}
	if len(covered) == 0 {
		return rules
	}
	var out []policy.Rule
	for _, r := range rules {
		if names := dropped(r); len(names) > 0 && allCovered(names, covered) {
			continue
		}
		out = append(out, r)
	}
	return out
}

func allCovered(names []string, covered map[string]bool) bool {
	for _, n := range names {
		if !covered[n] {
			return false
		}
	}
	return true
}
