package engine

import (
	"maps"
	"slices"
	"sort"

	"github.com/heed-dev/heed/internal/policy"
)

// A Surface is where heed acts on a verdict. What an undetermined target (a check
// that crashed or overran, or evidence that cannot answer) means depends on it, and
// is decided here, in one table, for every driver:
//
//	surface     an undetermined target blocks              listed      a rule's verdict
//	live hook   always, whatever the rule's severity       no          Aggregate
//	git hook    a crash (Result.Internal) of an error      no          Aggregate
//	            rule that no violation of its own blocks
//	check       never                                      by reason   Aggregate
//	audit       never (nothing is left to block)           no          Fold (SWE-CC)
//	case        never (the verdict is compared)            no          Aggregate
//
// The live hook fails closed on everything: a command heed could not judge does not
// run. A git hook fails closed on heed's own failure only: a commit message the
// evidence cannot answer for is the user's to make. A check lists its undetermined
// targets grouped by reason (Unjudged); an audit folds them into each rule's verdict.
// An authored case (heed test, RunCase) compares the rule's verdict with the one the
// case expects: a case partly undetermined is undetermined, never a pass.
type Surface int

const (
	// SurfaceLiveHook judges an agent's command or write before it runs
	// (internal/enforce).
	SurfaceLiveHook Surface = iota
	// SurfaceGitHook judges a commit message or a push (internal/githook).
	SurfaceGitHook
	// SurfaceCheck is `heed check` (internal/check).
	SurfaceCheck
	// SurfaceAudit is `heed audit` over a finished session (internal/audit).
	SurfaceAudit
	// SurfaceCase is a rule's authored case (`heed test`, the compiler's gates:
	// RunCase).
	SurfaceCase
)

// blockOn says which undetermined targets stop what a surface judges.
type blockOn uint8

const (
	blockNever blockOn = iota
	// blockErrorCrash: heed's own failure on a rule of error severity, when the
	// rule's verdict is undetermined (a violation already blocks, and says why).
	blockErrorCrash
	// blockAlways: every undetermined target, whatever the rule's severity.
	blockAlways
)

// foldBy names the fold of a rule's targets a surface reads (verdict.go).
type foldBy uint8

const (
	foldStrict foldBy = iota // Aggregate
	foldSWECC                // Fold
)

// surfacePolicy is one row of the table.
type surfacePolicy struct {
	block blockOn
	fold  foldBy
	// list: the surface lists its undetermined targets, grouped by reason (Unjudged).
	list bool
}

// surfaces is the table, by Surface (a constant array: nothing is built at init).
var surfaces = [...]surfacePolicy{
	SurfaceLiveHook: {block: blockAlways, fold: foldStrict},
	SurfaceGitHook:  {block: blockErrorCrash, fold: foldStrict},
	SurfaceCheck:    {block: blockNever, fold: foldStrict, list: true},
	SurfaceAudit:    {block: blockNever, fold: foldSWECC},
	SurfaceCase:     {block: blockNever, fold: foldStrict},
}

func (s Surface) policy() surfacePolicy {
	if int(s) < 0 || int(s) >= len(surfaces) {
		return surfacePolicy{block: blockAlways, fold: foldStrict} // unknown: fail closed
	}
	return surfaces[s]
}

// Blocks reports whether the target t of outcome o, undetermined, stops what the
// surface judges: the command does not run, the commit is refused. A target that is
// not undetermined never blocks here (a violation blocks by its rule's severity and
// its finding, which the driver reads).
func (s Surface) Blocks(o *Outcome, t TargetResult) bool {
	if t.Verdict != Undetermined {
		return false
	}
	switch s.policy().block {
	case blockAlways:
		return true
	case blockErrorCrash:
		return t.Internal && o != nil && o.Verdict == Undetermined && o.Rule != nil && o.Rule.Severity == policy.SeverityError
	}
	return false
}

// Fold is the rule's verdict over its targets as the surface reads it, and for an
// undetermined rule or a pass flagged, why.
func (s Surface) Fold(ts []TargetResult) (Verdict, string) {
	if s.policy().fold == foldSWECC {
		return Fold(ts)
	}
	return Aggregate(ts), ""
}

// ReasonNoAnswer is the reason listed for an undetermined target whose check gave none.
const ReasonNoAnswer = "the evidence cannot answer"

// Unjudged is one reason targets were left undetermined, with the rules and the files
// it concerns (each sorted, once): a file that does not parse is one entry listing
// its rules, a rule that needs a model one entry listing its files.
type Unjudged struct {
	Reason string
	Rules  []string
	// Files are the file targets' paths; a target of another kind (the commits, the
	// pull request) names only its rule.
	Files []string
}

// Unjudged groups the undetermined targets of outcomes by reason, in the order of
// the reasons, for a surface that lists them (a check); a surface that does not (the
// hooks block or let pass, the audit folds them into each rule's verdict) gets none.
// A target with no reason is listed under ReasonNoAnswer.
func (s Surface) Unjudged(outcomes []Outcome) []Unjudged {
	if !s.policy().list {
		return nil
	}
	type group struct{ rules, files map[string]bool }
	groups := map[string]*group{}
	for _, o := range outcomes {
		for _, t := range o.Targets {
			if t.Verdict != Undetermined {
				continue
			}
			reason := t.Reason
			if reason == "" {
				reason = ReasonNoAnswer
			}
			g := groups[reason]
			if g == nil {
				g = &group{rules: map[string]bool{}, files: map[string]bool{}}
				groups[reason] = g
			}
			g.rules[o.Rule.ID] = true
			if t.Target.Kind == TargetFile && t.Target.Path != "" {
				g.files[t.Target.Path] = true
			}
		}
	}
	out := make([]Unjudged, 0, len(groups))
	for reason, g := range groups {
		out = append(out, Unjudged{Reason: reason, Rules: slices.Sorted(maps.Keys(g.rules)), Files: slices.Sorted(maps.Keys(g.files))})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Reason < out[j].Reason })
	return out
}
