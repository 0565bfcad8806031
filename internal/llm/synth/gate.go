package synth

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/heed-dev/heed/internal/compile"
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules/semantic"
)

// Gate decides whether a model's proposed rules may enter the policy. Nothing a model
// says is trusted: the params must compile with the build's own rule kinds (which
// compiles queries, regular expressions and scripts), every authored case must get the
// verdict the model claimed, and the rule must run over the whole repository without
// crashing or timing out.
type Gate struct {
	Registry *engine.Registry
	// Origin is set on accepted rules: "llm:<model>".
	Origin string
	// DryRun is the repository as evidence (ModeAll); nil skips the dry run.
	DryRun *engine.Evidence
	// Time bounds; zero values get defaults.
	CompileTimeout time.Duration // one rule's Compile (a script is parsed and resolved)
	CaseTimeout    time.Duration // one authored case
	JudgeTimeout   time.Duration // one target of the dry run
	DryRunTimeout  time.Duration // the whole dry run of one rule

	// Review, when set, is the offline compiler's review of a rule
	// (recognize.Reviewer): a rule it doubts is rejected with the reason, which the
	// model reads on its retry.
	Review func(c *policy.Constraint, r *policy.Rule) string

	// dryMu serialises dry runs: they share the evidence, whose per-file memo the
	// engine releases as it goes.
	dryMu sync.Mutex
}

// Accepted is a rule that passed the gate, with what its dry run found.
type Accepted struct {
	Rule policy.Rule
	// Findings and Files count what the rule reports on the repository as it stands.
	Findings, Files int
}

func (g *Gate) defaults() {
	if g.CompileTimeout <= 0 {
		g.CompileTimeout = 5 * time.Second
	}
	if g.CaseTimeout <= 0 {
		g.CaseTimeout = 10 * time.Second
	}
	if g.JudgeTimeout <= 0 {
		g.JudgeTimeout = 5 * time.Second
	}
	if g.DryRunTimeout <= 0 {
		g.DryRunTimeout = 2 * time.Minute
	}
}

var domains = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return map[string]bool{policy.DomainProcess: true, policy.DomainSource: true, policy.DomainArchitecture: true, policy.DomainContribution: true, policy.DomainSemantic: true}
}}

// Check validates an answer for constraint c. It returns the accepted rules, or the
// problems that reject the answer (each a sentence the model can act on).
func (g *Gate) Check(c *policy.Constraint, a Answer) ([]Accepted, []string) {
	g.defaults()
	if !a.Enforceable {
		if len(a.Rules) > 0 {
			return nil, []string{"enforceable is false but rules were given: either set enforceable true or give no rules"}
		}
		return nil, nil
	}
	if len(a.Rules) == 0 {
		return nil, []string{"enforceable is true but no rule was given"}
	}
	var out []Accepted
	var problems []string
	perKind := map[string]int{}
	for i, ar := range a.Rules {
		r, errs := g.build(c, a, ar, perKind)
		if len(errs) == 0 && g.Review != nil {
			if why := g.Review(c, &r); why != "" {
				errs = append(errs, "heed's reading of the instruction file doubts it: "+why+"; narrow the rule to what the instruction says (the file's own use must pass), or give no rule")
			}
		}
		if len(errs) == 0 {
			var acc Accepted
			acc, errs = g.run(r)
			if len(errs) == 0 {
				out = append(out, acc)
				continue
			}
		}
		for _, e := range errs {
			problems = append(problems, fmt.Sprintf("rule %d (%s): %s", i+1, ar.Kind, e))
		}
	}
	if len(problems) > 0 {
		return nil, problems
	}
	return out, nil
}

// build turns a proposed rule into a policy rule and checks what needs no running.
func (g *Gate) build(c *policy.Constraint, a Answer, ar AnswerRule, perKind map[string]int) (policy.Rule, []string) {
	var errs []string
	k, ok := g.Registry.Kind(ar.Kind)
	if !ok {
		return policy.Rule{}, []string{fmt.Sprintf("unknown kind %q (known: %s)", ar.Kind, strings.Join(g.Registry.Names(), ", "))}
	}
	var params map[string]any
	if err := json.Unmarshal([]byte(ar.ParamsJSON), &params); err != nil || params == nil {
		return policy.Rule{}, []string{fmt.Sprintf("params_json is not a JSON object: %s", errText(err))}
	}
	domain := k.Domain
	if domain == "" {
		domain = a.Route // kinds such as script belong to the domain their rule names
	}
	if !domains.Get()[domain] {
		errs = append(errs, fmt.Sprintf("route %q is not a domain a %s rule can belong to", a.Route, ar.Kind))
	}
	scope := c.Scope
	// The model's globs narrow the instruction file's own (a Copilot file's applyTo):
	// each must lie within one of them, or the rule would judge files the file does
	// not govern; then they replace them.
	globErrs := len(errs)
	for _, gl := range ar.Globs {
		switch {
		case !doublestar.ValidatePattern(gl):
			errs = append(errs, fmt.Sprintf("glob %q is not a valid pattern", gl))
		case len(scope.Globs) > 0 && !globWithin(gl, scope.Globs):
			errs = append(errs, fmt.Sprintf("glob %q is not within the files the instruction file governs (%s): give globs inside those, or [] for all of them", gl, strings.Join(scope.Globs, ", ")))
		}
	}
	if len(ar.Globs) > 0 && len(errs) == globErrs {
		scope.Globs = append([]string(nil), ar.Globs...)
	}
	// Exclusions only narrow, so they apply whatever scope the constraint has.
	for _, gl := range ar.Exclude {
		if !doublestar.ValidatePattern(gl) {
			errs = append(errs, fmt.Sprintf("exclude glob %q is not a valid pattern", gl))
		}
	}
	if len(ar.Exclude) > 0 {
		scope.Exclude = append(slices.Clone(scope.Exclude), ar.Exclude...)
	}
	msg := strings.TrimSpace(ar.Message)
	if msg == "" {
		msg = strings.TrimSpace(a.Statement)
	}
	r := policy.Rule{
		Domain:     domain,
		Kind:       ar.Kind,
		Params:     json.RawMessage(compactJSON(json.RawMessage(ar.ParamsJSON))),
		Scope:      scope,
		Severity:   recognize.Severity(c.Level),
		Exact:      ar.Exact,
		Message:    msg,
		Suggestion: strings.TrimSpace(ar.Suggestion),
		Origin:     g.Origin,
	}
	if ar.Kind == semantic.KindJudge {
		// A judge rule is a model's reading at check time, never exact; its cases are
		// heed's own (offline every target is undetermined, never a pass).
		r.Exact = false
		p, err := semantic.ParseParams(r.Params)
		if err != nil {
			errs = append(errs, err.Error())
		} else {
			r.Cases = semantic.Cases(p.On, scope)
		}
	} else {
		var viol, allowed bool
		for _, ac := range ar.Cases {
			pc := ac.policy()
			r.Cases = append(r.Cases, pc)
			viol = viol || pc.Expect == policy.ExpectViolated
			// a rule that allows nothing of its kind (a ban of a whole program: every
			// command of it is violated, any other inapplicable) shows that it is no
			// wider than the instruction with an inapplicable case instead
			allowed = allowed || pc.Expect == policy.ExpectSatisfied || pc.Expect == policy.ExpectInapplicable
		}
		if !viol || !allowed {
			errs = append(errs, "needs at least one case expected violated and one the rule lets pass (satisfied, or inapplicable where the rule allows nothing of its kind)")
		}
	}
	// A model's reading is not heed's certain reading of the sentence: the rule warns
	// until a person reviews it (raising it to an error in the policy is an edit, which
	// recompiling keeps).
	r.Doubt(modelReview(g.Origin))
	perKind[r.Kind]++
	r.ID = compile.RuleID(c.ID, r.Kind, perKind[r.Kind])
	r.Generated = policy.Fingerprint(&r)
	return r, errs
}

// modelReview is the review note of a model-made rule.
func modelReview(origin string) string {
	return "compiled by a model (" + origin + "), not read by heed with certainty: it warns until you review it; set its severity to error in the policy to enforce it"
}

// within runs f with a deadline; a function that overruns is abandoned (its goroutine
// may linger until the kind's own limits stop it) and reported.
func within[T any](d time.Duration, f func() T) (T, bool) {
	done := make(chan T, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				var zero T
				_ = p
				done <- zero
			}
		}()
		done <- f()
	}()
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case v := <-done:
		return v, true
	case <-timer.C:
		var zero T
		return zero, false
	}
}

// run compiles the rule, plays its cases and dry-runs it over the repository.
func (g *Gate) run(r policy.Rule) (Accepted, []string) {
	type compiled struct {
		c   engine.Check
		err error
	}
	cr, ok := within(g.CompileTimeout, func() compiled {
		c, err := g.Registry.CompileRule(&r)
		return compiled{c, err}
	})
	if !ok {
		return Accepted{}, []string{fmt.Sprintf("the rule did not compile within %s", g.CompileTimeout)}
	}
	if cr.err != nil {
		return Accepted{}, []string{"does not compile: " + unwrapRuleError(cr.err)}
	}
	if cr.c == nil {
		return Accepted{}, []string{"does not compile: internal error while compiling"}
	}
	var errs []string
	for i, c := range r.Cases {
		out, ok := within(g.CaseTimeout, func() engine.CaseOutcome { return engine.RunCase(g.Registry, &r, c) })
		switch {
		case !ok:
			errs = append(errs, fmt.Sprintf("case %d (expect %s) did not finish within %s", i+1, c.Expect, g.CaseTimeout))
		case !out.OK:
			msg := fmt.Sprintf("case %d (expect %s%s) got %s", i+1, c.Expect, caseLabel(c), orNone(string(out.Got)))
			if out.Reason != "" {
				msg += ": " + out.Reason
			}
			errs = append(errs, msg)
		}
	}
	if len(errs) > 0 {
		return Accepted{}, errs
	}
	acc := Accepted{Rule: r}
	if g.DryRun == nil || r.Kind == semantic.KindJudge {
		return acc, nil
	}
	g.dryMu.Lock()
	defer g.dryMu.Unlock()
	outs, ok := within(g.DryRunTimeout, func() []engine.Outcome {
		return engine.Run([]engine.Compiled{{Rule: &r, Check: cr.c}}, g.DryRun, engine.Options{Workers: 2, Timeout: g.JudgeTimeout})
	})
	if !ok || len(outs) != 1 {
		return Accepted{}, []string{fmt.Sprintf("the dry run over the repository did not finish within %s", g.DryRunTimeout)}
	}
	undetermined := 0
	files := map[string]bool{}
	for _, t := range outs[0].Targets {
		switch t.Verdict {
		case engine.Undetermined:
			undetermined++
			if t.Internal {
				where := t.Target.Path
				if where == "" {
					where = t.Target.Kind
				}
				return Accepted{}, []string{fmt.Sprintf("the dry run over the repository failed on %s: %s", where, t.Reason)}
			}
		case engine.Violated:
			for _, f := range t.Findings {
				acc.Findings++
				files[f.Path] = true
			}
		}
	}
	if n := len(outs[0].Targets); n >= 2 && undetermined*2 > n {
		return Accepted{}, []string{fmt.Sprintf("the dry run could not judge %d of the repository's %d targets (first reason: %s)", undetermined, n, firstReason(outs[0]))}
	}
	acc.Files = len(files)
	return acc, nil
}

func firstReason(o engine.Outcome) string {
	for _, t := range o.Targets {
		if t.Verdict == engine.Undetermined {
			return t.Reason
		}
	}
	return ""
}

func caseLabel(c policy.Case) string {
	switch {
	case c.Shell != "":
		return ", shell " + clip(c.Shell, 60)
	case len(c.Argv) > 0:
		return ", argv " + clip(strings.Join(c.Argv, " "), 60)
	case c.Path != "":
		return ", path " + c.Path
	case c.Message != "":
		return ", message " + clip(c.Message, 60)
	}
	return ""
}

func orNone(s string) string {
	if s == "" {
		return "no verdict"
	}
	return s
}

func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n {
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprintf("%q", s[:n]+"…")
}

func errText(err error) string {
	if err == nil {
		return "null"
	}
	return err.Error()
}

// unwrapRuleError drops the engine's "rule ID (kind K):" prefix, which names an id the
// model never chose.
func unwrapRuleError(err error) string {
	if re, ok := err.(*engine.RuleError); ok {
		return re.Err.Error()
	}
	return err.Error()
}

// globWithin reports whether every path glob g matches is matched by one of outer:
// each of g's brace alternatives, read as a path, matches an outer glob (`src/**`
// holds `src/**/scripts/**`; `**/*.ts` holds `src/**/*.{ts,mts}` only if it holds
// each alternative). A conservative test: a glob it cannot place is not within.
func globWithin(g string, outer []string) bool {
	for _, alt := range braceAlternatives(g, 0) {
		alt = strings.TrimPrefix(alt, "/")
		if !slices.ContainsFunc(outer, func(o string) bool {
			ok, err := doublestar.Match(strings.TrimPrefix(o, "/"), alt)
			return err == nil && ok
		}) {
			return false
		}
	}
	return true
}

// braceAlternatives expands a glob's {a,b} groups (not nested) into the globs they
// stand for, at most 64.
func braceAlternatives(g string, depth int) []string {
	open := strings.IndexByte(g, '{')
	if open < 0 || depth > 6 {
		return []string{g}
	}
	end := strings.IndexByte(g[open:], '}')
	if end < 0 {
		return []string{g}
	}
	end += open
	var out []string
	for _, part := range strings.Split(g[open+1:end], ",") {
		for _, rest := range braceAlternatives(g[end+1:], depth+1) {
			out = append(out, g[:open]+part+rest)
			if len(out) >= 64 {
				return out
			}
		}
	}
	return out
}
