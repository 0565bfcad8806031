// Package engine is heed's judging core: the contract every rule kind implements, the
// verdicts, and the runner that applies compiled rules to evidence. Live enforcement,
// `heed check` and `heed audit` all judge through it.
package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"github.com/heed-dev/heed/internal/policy"
)

// Verdict is SWE-CC's four-valued outcome of a rule on a target.
type Verdict string

const (
	Satisfied    Verdict = "satisfied"
	Violated     Verdict = "violated"
	Undetermined Verdict = "undetermined"
	Inapplicable Verdict = "inapplicable"
)

// Target kinds.
const (
	TargetCommand = "command"
	TargetFile    = "file"
	TargetCommit  = "commit"
	TargetPR      = "pr"
	// TargetChange is the change as a whole (co-change rules, cycle rules).
	TargetChange = "change"
)

// Target is one thing a rule applies to (SWE-CC's precondition selects them).
type Target struct {
	Kind string
	// Index points into Evidence.Commands, Evidence.Files or Evidence.Commits.
	Index int
	// Path is the file path for file targets (the engine groups work by it).
	Path string
}

// Finding is a located violation. Location fields that do not apply stay zero.
type Finding struct {
	Path      string `json:"file,omitempty"`
	Line      int    `json:"line,omitempty"`
	Column    int    `json:"column,omitempty"`
	EndLine   int    `json:"end_line,omitempty"`
	EndColumn int    `json:"end_column,omitempty"`
	// Commit is the hash of the commit the finding is about (commit-message rules).
	Commit string `json:"commit,omitempty"`
	// CommandIndex is the position of the command in the session, -1 when none.
	CommandIndex int `json:"command_index"`
	// Command is the offending command line, for process findings.
	Command string `json:"command,omitempty"`
	// Message says what was found; Snippet quotes it; Suggestion says what to do.
	Message    string `json:"message"`
	Snippet    string `json:"snippet,omitempty"`
	Suggestion string `json:"suggestion,omitempty"`
	// Change marks a finding about the change as a whole (what it lacks).
	Change bool `json:"change,omitempty"`
	// Fixes are edits that would clear the finding (go/analysis's SuggestedFix).
	Fixes []Fix `json:"fixes,omitempty"`
	// Advisory marks a finding heed infers rather than sees (a task runner's target
	// runs a forbidden command): it warns, whatever the rule's severity.
	Advisory bool `json:"advisory,omitempty"`
	// Related are the other places the finding is made of (go/analysis's
	// RelatedInformation): each import of an import cycle.
	Related []Location `json:"related,omitempty"`
}

// Location is a place in the tree a finding points to besides its own, and what it is
// to the finding ("imports b.go").
type Location struct {
	Path    string `json:"file"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Message string `json:"message,omitempty"`
}

// Fix is an edit that would clear a finding.
type Fix struct {
	// Message says what the fix does ("replace `yaml.load` with `yaml.safe_load`").
	Message string     `json:"message"`
	Edits   []TextEdit `json:"edits"`
	// Exact is set when the rule itself carries the replacement and the edit touches
	// nothing but the text it reports: heed check --fix applies only exact fixes.
	Exact bool `json:"exact"`
}

// TextEdit replaces the bytes Start..End of a file, as it was judged, with New. Old is
// the text it replaces: an edit whose file no longer holds Old there is not applied.
type TextEdit struct {
	Path  string `json:"file"`
	Start int    `json:"start"`
	End   int    `json:"end"`
	Old   string `json:"old"`
	New   string `json:"new"`
}

// Result is a rule's judgement of one target.
type Result struct {
	Verdict Verdict
	// Reason explains the verdict in a sentence (why undetermined, what satisfied it).
	Reason   string
	Findings []Finding
	// Partial is set when the check judged the target only in part.
	Partial *Partial
	// Internal marks an undetermined result that is heed failing, not the evidence
	// falling short: a check that panicked, overran its time, returned a verdict heed
	// does not know, or met evidence it was not built for (InternalError). Callers
	// that must fail closed block on it; an audit never counts the rule as passed.
	Internal bool
}

// InternalError is the undetermined result of heed failing on a target; reason says
// what failed, without the "internal error: " the result's Reason starts with.
func InternalError(reason string) Result {
	return Result{Verdict: Undetermined, Reason: "internal error: " + reason, Internal: true}
}

// Partial is the part of a target a check could not judge, and why: in a file with a
// syntax error Tree-sitter recovered from, the matches built around the error are left
// out, and the rest of the file is judged.
type Partial struct {
	// Line is the first line concerned (the first syntax error).
	Line int
	// Reason names the cause in a few words ("syntax error").
	Reason string
	// LeftOut counts the matches left out.
	LeftOut int
}

// Check is a compiled rule: it selects its targets and judges each one. Both must be
// pure: no I/O, no clock, no network; everything comes from the evidence.
type Check interface {
	Targets(ev *Evidence) []Target
	Judge(ev *Evidence, t Target) Result
}

// Kind is one rule kind: it validates a rule's parameters and compiles it into a Check.
type Kind struct {
	Name   string
	Domain string
	// Doc documents the kind's params for whoever writes a rule without the
	// compiler: the model of `heed compile --llm` reads it, so it names every field,
	// what a target is (when a rule is inapplicable) and what its cases set. One doc
	// per kind keeps the prompt the same for every repository.
	Doc string
	// Compile validates rule.Params (and scope) and returns the check. Its error names
	// the parameter that is wrong.
	Compile func(rule *policy.Rule) (Check, error)
	// CaseEvidence builds the evidence of an authored case; nil means
	// DefaultCaseEvidence. Kinds whose cases need more (shell parsing) supply their own.
	CaseEvidence func(c policy.Case) (*Evidence, error)
	// Needs lists the parts of the evidence the kind's checks read (go/analysis's
	// Requires): where one could not be read, a rule that never came up is
	// undetermined, not inapplicable. nil means what the rule's domain reads
	// (DomainNeeds), for a kind whose rules take the domain they name (script).
	Needs []Part
	// Uses are what drivers do with the kind's rules beyond judging a run's evidence
	// (a hook that judges commit messages, a review of the project's history): a
	// driver picks rules by their uses, never by their kind's name.
	Uses []Use
}

// Use is something a driver does with the rules of a kind (Kind.Uses).
type Use string

const (
	// UseCommitMessage: the rules judge a commit's message; the commit-msg hook (and
	// an agent's `git commit -m`) judges with them.
	UseCommitMessage Use = "commit-message"
	// UseHistory: one commit of the project's history, alone, can judge the rules;
	// heed check's history review reads the recent commits with them.
	UseHistory Use = "history"
	// UseBranch: the rules judge the branch a command or commit lands on: a live
	// run gives them the branch checked out (Evidence.StartBranch), and the pre-push
	// hook judges pushed commits with them by their reflog.
	UseBranch Use = "branch"
)

// Part is a part of the evidence a run may lack: Evidence.Missing entries start with
// one, then ": " and the reason.
type Part string

const (
	// PartTrajectory is the session's commands.
	PartTrajectory Part = "trajectory"
	// PartCommits is the change's commits and their messages.
	PartCommits Part = "commits"
	// PartDiff is the change: its paths, and its files with the lines it touched.
	PartDiff Part = "diff"
	// PartPR is the pull request's text.
	PartPR Part = "pr"
)

// DomainNeeds is what a rule of a domain reads when its kind does not say: commands
// for process rules, commits and the change for contribution rules, the change for
// the rest.
func DomainNeeds(domain string) []Part {
	switch domain {
	case policy.DomainProcess:
		return []Part{PartTrajectory}
	case policy.DomainContribution:
		return []Part{PartCommits, PartDiff}
	}
	return []Part{PartDiff}
}

// Registry holds the rule kinds a build knows. It is built explicitly (no init-time
// global registration), so tests can use a registry of their own.
type Registry struct {
	kinds map[string]Kind
}

// NewRegistry returns a registry of the given kinds; a duplicate name panics, since it
// is a programming error.
func NewRegistry(kinds ...Kind) *Registry {
	r := &Registry{kinds: map[string]Kind{}}
	for _, k := range kinds {
		if _, dup := r.kinds[k.Name]; dup {
			panic("engine: rule kind registered twice: " + k.Name)
		}
		r.kinds[k.Name] = k
	}
	return r
}

// Kind returns the kind with the given name.
func (r *Registry) Kind(name string) (Kind, bool) {
	k, ok := r.kinds[name]
	return k, ok
}

// Names lists the registered kinds.
func (r *Registry) Names() []string {
	return slices.Sorted(maps.Keys(r.kinds))
}

// Compiled is a rule with its check and the constraint it enforces.
type Compiled struct {
	Rule       *policy.Rule
	Constraint *policy.Constraint
	Check      Check
	// Needs is the parts of the evidence the check reads (Kind.Needs); nil for a rule
	// compiled without its kind's declaration, which then reads what its domain does.
	Needs []Part
	// Uses are the kind's uses (Kind.Uses).
	Uses []Use
}

// Has reports whether the rule's kind declares the use.
func (c *Compiled) Has(u Use) bool { return slices.Contains(c.Uses, u) }

// AnyHas reports whether any of the rules' kinds declares the use.
func AnyHas(cs []Compiled, u Use) bool {
	return slices.ContainsFunc(cs, func(c Compiled) bool { return c.Has(u) })
}

// Reads lists the parts of the evidence the rule reads.
func (c *Compiled) Reads() []Part {
	if c.Needs != nil {
		return c.Needs
	}
	if c.Rule == nil {
		return nil
	}
	return DomainNeeds(c.Rule.Domain)
}

// RuleError is a rule that could not be compiled: a policy error.
type RuleError struct {
	RuleID string
	Kind   string
	Err    error
}

func (e *RuleError) Error() string {
	return fmt.Sprintf("rule %s (kind %s): %v", e.RuleID, e.Kind, e.Err)
}

func (e *RuleError) Unwrap() error { return e.Err }

// Compile compiles every rule of the policy but those a reviewer dropped. Rules that fail are returned as errors
// and left out; callers decide whether that is fatal (it is for `heed check`).
func (r *Registry) Compile(p *policy.Policy) ([]Compiled, []error) {
	var out []Compiled
	var errs []error
	for _, b := range p.Rules() {
		if b.Rule.Dropped() {
			continue
		}
		c, err := r.Bind(b.Rule, b.Constraint)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, c)
	}
	return out, errs
}

// Distinct leaves out the rules that check what an earlier one checks (the same
// kind, params, scope, condition and severity, policy.EnforcementKey): an order a
// file states in its lead-in and again in its items, or a rule AGENTS.md and
// CLAUDE.md both give, is enforced once, and the user sees one finding. Self-validation
// and the coverage report keep every rule; enforcement runs the distinct ones.
//
// A rule that checks what another does for a subset of its languages (a line-length
// limit CLAUDE.md gives for JavaScript and TypeScript, and a TypeScript guide gives
// for TypeScript) is left out too: the other reports each of its findings.
func Distinct(rules []Compiled) []Compiled {
	seen := map[string]bool{}
	out := rules[:0:0]
	for _, c := range rules {
		if k := policy.EnforcementKey(c.Rule); k != "" {
			if seen[k] {
				continue
			}
			seen[k] = true
		}
		out = append(out, c)
	}
	return withoutNarrower(out)
}

// withoutNarrower leaves out each rule whose languages another rule of the same
// check (kind, other params, scope, condition, severity) covers, keeping the first of
// rules with equal languages.
func withoutNarrower(rules []Compiled) []Compiled {
	type langRule struct {
		key   string
		langs map[string]bool
	}
	lr := make([]langRule, len(rules))
	found := false
	for i, c := range rules {
		if !bytes.Contains(c.Rule.Params, []byte(`"languages"`)) {
			continue
		}
		var m map[string]json.RawMessage
		if json.Unmarshal(c.Rule.Params, &m) != nil {
			continue
		}
		var langs []string
		if json.Unmarshal(m["languages"], &langs) != nil || len(langs) == 0 {
			continue
		}
		delete(m, "languages")
		rest, err := json.Marshal(m)
		if err != nil {
			continue
		}
		q := *c.Rule
		q.Params = rest
		lr[i] = langRule{key: policy.EnforcementKey(&q), langs: map[string]bool{}}
		for _, l := range langs {
			lr[i].langs[l] = true
		}
		found = true
	}
	if !found {
		return rules
	}
	covers := func(a, b map[string]bool) bool { // a covers b
		for l := range b {
			if !a[l] {
				return false
			}
		}
		return true
	}
	out := rules[:0:0]
	for i, c := range rules {
		drop := false
		for j := range rules {
			if i == j || lr[i].key == "" || lr[j].key != lr[i].key || !covers(lr[j].langs, lr[i].langs) {
				continue
			}
			if len(lr[j].langs) > len(lr[i].langs) || j < i {
				drop = true
				break
			}
		}
		if !drop {
			out = append(out, c)
		}
	}
	return out
}

// Bind compiles one rule into its Compiled form, with the constraint it enforces and
// what its kind reads.
func (r *Registry) Bind(rule *policy.Rule, c *policy.Constraint) (Compiled, error) {
	chk, err := r.CompileRule(rule)
	if err != nil {
		return Compiled{}, err
	}
	k := r.kinds[rule.Kind]
	return Compiled{Rule: rule, Constraint: c, Check: chk, Needs: k.Needs, Uses: k.Uses}, nil
}

// CompileRule compiles one rule.
func (r *Registry) CompileRule(rule *policy.Rule) (c Check, err error) {
	k, ok := r.kinds[rule.Kind]
	if !ok {
		return nil, &RuleError{RuleID: rule.ID, Kind: rule.Kind, Err: fmt.Errorf("unknown rule kind %q (known: %v)", rule.Kind, r.Names())}
	}
	defer func() {
		if p := recover(); p != nil {
			c, err = nil, &RuleError{RuleID: rule.ID, Kind: rule.Kind, Err: &PanicError{Value: p}}
		}
	}()
	c, err = k.Compile(rule)
	if err != nil {
		return nil, &RuleError{RuleID: rule.ID, Kind: rule.Kind, Err: err}
	}
	return c, nil
}

// PanicError is a panic inside a check, turned into an error.
type PanicError struct{ Value any }

func (e *PanicError) Error() string { return fmt.Sprintf("internal error: panic: %v", e.Value) }
