// Package policybuild is `heed compile`'s pipeline: a repository's instruction files
// compiled into rules, the rules self-validated over the repository, merged with the
// policy file on disk (hand-edited rules kept) and written, with the live index the
// shims and hooks read. The command line only parses flags and prints the Result.
package policybuild

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/heed-dev/heed/internal/check"
	"github.com/heed-dev/heed/internal/compile"
	"github.com/heed-dev/heed/internal/enforce"
	"github.com/heed-dev/heed/internal/llm"
	"github.com/heed-dev/heed/internal/llm/synth"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/policyfile"
	"github.com/heed-dev/heed/internal/project"
	"github.com/heed-dev/heed/internal/rules"
)

// Options says how a compile runs.
type Options struct {
	// Check writes nothing and runs no self-validation: the Result says whether the
	// policy file is stale.
	Check bool
	// DropLost drops the hand-edited rules whose instruction is gone; without it a
	// compile that would lose them stops with a *LostRulesError and writes nothing.
	DropLost bool
	// NoValidate skips the self-validation: rules unchanged since the last compile
	// keep what it recorded, new ones are marked "not validated".
	NoValidate bool
	// Budget bounds the self-validation (0: the policy's setting, else its default).
	Budget time.Duration
	// Baseline judges every file and records the existing sites of the rules that keep
	// their level in check.BaselineFile.
	Baseline bool
	// Model, when set, is `heed compile --llm`'s model step: the constraints the
	// offline compiler could not compile go to the model, through the validation gate.
	Model *Model
}

// Model is the model step of a compile.
type Model struct {
	Client *llm.Client
	// Context bounds the model's requests (an interrupt cancels it).
	Context context.Context
	// Log receives the model step's progress and its summary.
	Log io.Writer
}

// Result is what a compile did and found; `heed compile --format json` prints it.
type Result struct {
	Policy  string `json:"policy"`
	Check   bool   `json:"check,omitempty"`
	Written bool   `json:"written"`
	Stale   bool   `json:"stale"`
	// Unsealed says why the policy file on disk is not as heed wrote it (a hand edit
	// not yet accepted by heed compile); empty when it is.
	Unsealed string          `json:"unsealed,omitempty"`
	Changes  *policy.Changes `json:"changes"`
	Coverage *compile.Report `json:"coverage"`
	Warnings []string        `json:"warnings,omitempty"`
	Counts   map[string]int  `json:"counts"`
	// Validation is the self-validation (absent with --check and --no-validate);
	// Demoted the rules it demoted; NotValidated the rules --no-validate left
	// unjudged; Baseline the file --baseline wrote.
	Validation   *check.Validation `json:"validation,omitempty"`
	Demoted      []string          `json:"demoted,omitempty"`
	NotValidated []string          `json:"not_validated,omitempty"`
	Baseline     string            `json:"baseline,omitempty"`
	// Review lists the rules the compiler's self-review demoted to warnings for a
	// person to review (the self-validation's are in Validation), with why.
	Review []ReviewNote `json:"review,omitempty"`
	// Constraints are the constraints of the merged policy's rules, by rule ID.
	Constraints map[string]*policy.Constraint `json:"-"`
	// Created says no policy file was there before.
	Created bool `json:"-"`
}

// ReviewNote is a rule the compiler demoted for review, and why.
type ReviewNote struct {
	Rule   string `json:"rule"`
	Review string `json:"review"`
}

// LostRulesError is a compile that would drop hand-edited rules whose instruction is
// gone from the instruction files; nothing was written.
type LostRulesError struct {
	// Old is the policy file on disk, where the lost rules and their instructions are.
	Old  *policy.Policy
	Lost []string
}

func (e *LostRulesError) Error() string {
	return fmt.Sprintf("compile: %d rules you edited or added would be lost (their instruction is gone): %v", len(e.Lost), e.Lost)
}

// PolicyError is a policy file on disk that does not parse.
type PolicyError struct{ Err error }

func (e *PolicyError) Error() string { return e.Err.Error() }
func (e *PolicyError) Unwrap() error { return e.Err }

// Run compiles the repository at root and, unless opt.Check, writes the policy file
// and the live index. Errors name the file or the step that failed.
func Run(root string, opt Options) (*Result, error) {
	path := project.PolicyPath(root)
	if !opt.Check {
		// before any write under .heed: a compile killed mid-write leaves a temporary
		// file (.policy.json.tmp-*) that git must not show
		enforce.EnsureIgnored(root)
	}
	fresh, rep, set, err := project.CompileRepo(root, project.Options{})
	if err != nil {
		return nil, err
	}
	var old *policy.Policy
	oldBytes, err := os.ReadFile(path)
	switch {
	case err == nil:
		if old, err = policyfile.Parse(oldBytes, policy.File); err != nil {
			return nil, &PolicyError{Err: err}
		}
	case errors.Is(err, os.ErrNotExist):
		oldBytes = nil
	default:
		return nil, fmt.Errorf("read %s: %v", policy.File, err)
	}
	// Model-made rules of unchanged constraints are always carried over (no model
	// needed); the model step sends the constraints still without a rule.
	synth.Carry(old, fresh)
	if opt.Model != nil {
		if err := runModel(root, fresh, opt.Model); err != nil {
			return nil, err
		}
	}
	var val *check.Validation
	var demoted, notValidated []string
	if opt.Check || opt.NoValidate {
		notValidated = check.CarryValidation(old, fresh, !opt.Check)
	} else {
		if val, demoted, err = validate(root, old, fresh, opt); err != nil {
			return nil, err
		}
	}
	merged, changes := policy.Merge(old, fresh)
	if len(changes.LostRules) > 0 && !opt.Check && !opt.DropLost {
		return nil, &LostRulesError{Old: old, Lost: changes.LostRules}
	}
	// Never write a policy every other command would reject: a kept hand-edited rule
	// that no longer compiles is an error naming it.
	data, err := policy.Marshal(merged)
	if err != nil {
		return nil, fmt.Errorf("encode policy: %v", err)
	}
	compiled, err := project.ValidateEncoded(merged, data, policy.File)
	if err != nil {
		return nil, err
	}
	cov := compile.ReportFor(merged)
	cov.Warnings = rep.Warnings
	var warnings []string
	for _, w := range set.Warnings {
		warnings = append(warnings, w.String())
	}
	warnings = append(warnings, rep.Warnings...)
	// Stale compares content, not layout: a policy reformatted by hand is up to date.
	stale := old == nil
	unsealed := ""
	if old != nil {
		canon, err := policy.Marshal(old)
		stale = err != nil || !bytes.Equal(data, canon)
		// A hand edit the live hooks refuse to judge from until heed compile seals it
		// (docs/security.md): up to date in content, but not as heed wrote it.
		if err := policy.CheckSeal(oldBytes); err != nil {
			stale, unsealed = true, err.Error()
		}
	}
	out := &Result{Policy: policy.File, Check: opt.Check, Stale: stale, Unsealed: unsealed, Changes: changes, Coverage: cov, Warnings: warnings, Counts: Counts(merged),
		Validation: val, Demoted: demoted, NotValidated: notValidated, Constraints: map[string]*policy.Constraint{}, Created: old == nil && oldBytes == nil}
	byValidation := map[string]bool{}
	if val != nil {
		for _, rv := range val.Rules {
			if rv.Verdict == check.ValidDemote {
				byValidation[rv.Rule] = true
			}
		}
	}
	for _, b := range merged.Rules() {
		out.Constraints[b.Rule.ID] = b.Constraint
		if b.Rule.NeedsReview() && !byValidation[b.Rule.ID] {
			out.Review = append(out.Review, ReviewNote{Rule: b.Rule.ID, Review: b.Rule.Review})
		}
	}
	if opt.Baseline && val != nil {
		if _, _, err = val.WriteBaseline(root); err != nil {
			return nil, fmt.Errorf("compile --baseline: %v", err)
		}
		out.Baseline = check.BaselineFile
	}
	if !opt.Check && !bytes.Equal(data, oldBytes) {
		if err := policy.WriteAtomic(path, data); err != nil {
			return nil, err
		}
		out.Written = true
	}
	if !opt.Check {
		// The live index lets shims and hooks read only the process rules they need;
		// they rebuild it when it is stale, so a failure here only costs them time.
		if err := enforce.WriteIndex(root, data, compiled); err != nil {
			out.Warnings = append(out.Warnings, err.Error())
		}
	}
	return out, nil
}

// validate runs the self-validation over the rules the policy will hold (the merge
// decides which are the compiler's and which a person's) and demotes, in fresh, the
// rules that flag too much of the repository or of its recent commits.
func validate(root string, old, fresh *policy.Policy, opt Options) (*check.Validation, []string, error) {
	prelim, _ := policy.Merge(old, fresh)
	project.InheritScopes(prelim)
	rulesNow, _ := project.CompileRules(rules.Registry(), prelim, policy.File) // broken ones are reported by the caller
	vo := check.ValidateOptions{Settings: prelim.SelfValidation, Budget: opt.Budget}
	if opt.Baseline {
		vo.SampleFiles = -1 // the baseline lists every site: judge every file
	}
	val, err := check.Validate(root, rulesNow, vo)
	if err != nil {
		return nil, nil, fmt.Errorf("self-validation: %v", err)
	}
	demoted := val.Apply(fresh)
	// commit and co-change rules are reviewed on the project's recent commits
	byHistory, err := check.DemoteByHistory(root, "", rulesNow, fresh)
	if err != nil {
		return nil, nil, fmt.Errorf("self-validation: %v", err)
	}
	return val, append(demoted, byHistory...), nil
}

// runModel is the model step, run on the freshly compiled policy before it is merged
// with the file on disk.
func runModel(root string, fresh *policy.Policy, m *Model) error {
	if m.Client == nil {
		return fmt.Errorf("compile --llm: %v", llm.ErrDisabled)
	}
	files, err := project.ListFiles(root)
	if err != nil {
		return err
	}
	ctx := m.Context
	if ctx == nil {
		ctx = context.Background()
	}
	log := m.Log
	if log == nil {
		log = io.Discard
	}
	rep, err := synth.Compile(ctx, fresh, synth.Options{
		Client: m.Client, Registry: rules.Registry(), Root: root, Files: files,
		Context: compile.RepoContextFor(root, files), Recognizers: rules.Recognizers(), Log: log,
	})
	if rep != nil {
		fmt.Fprintf(log, "heed: %s\nheed: %s\n", rep.Summary(), m.Client.Summary())
	}
	if err != nil {
		return fmt.Errorf("compile --llm: %v", err)
	}
	return nil
}

// Counts are a policy's constraints, rules and instruction files.
func Counts(p *policy.Policy) map[string]int {
	c := map[string]int{"constraints": len(p.Entries), "rules": 0, "sources": len(p.Sources)}
	for _, e := range p.Entries {
		c["rules"] += len(e.Rules)
	}
	return c
}
