package engine

import "strings"

// A rule's verdict over its targets is folded in one of two ways, both here:
//
//   - Aggregate is the fold of enforcement and of authored cases (heed test): any
//     undetermined target makes the rule undetermined, since a command or commit that
//     was only partly judged must not pass. Outcome.Verdict holds it.
//   - Fold is SWE-CC's arithmetic (swecc.md §2.2), the fold of reports over a
//     session (heed audit): a rule satisfied on some targets and undetermined on the
//     rest is a pass, flagged; a crash on any target (Result.Internal) makes the rule
//     undetermined whatever the others say, because a crash is never a violation nor
//     a pass.
//
// They agree on everything else: any violated target is a violation; no target is
// inapplicable.

// Aggregate folds target verdicts into one: violated if any is, else undetermined if
// any is, else satisfied if any is, else inapplicable (no target).
func Aggregate(ts []TargetResult) Verdict {
	v := Inapplicable
	for _, t := range ts {
		v = fold(v, t.Verdict)
		if v == Violated {
			break
		}
	}
	return v
}

// fold adds one target's verdict to an aggregate ("" for none yet), as Aggregate does.
func fold(agg, v Verdict) Verdict {
	switch {
	case agg == Violated || v == Violated:
		return Violated
	case agg == Undetermined || v == Undetermined:
		return Undetermined
	case agg == Satisfied || v == Satisfied:
		return Satisfied
	}
	return Inapplicable
}

// Fold folds a rule's target results with SWE-CC's arithmetic and returns the verdict
// and, for undetermined rules and flagged passes, the reason. It needs every target's
// result: a streamed outcome (StreamWith) keeps no satisfied targets, so it is for
// outcomes of Run.
func Fold(ts []TargetResult) (Verdict, string) {
	if len(ts) == 0 {
		return Inapplicable, "the rule never came up"
	}
	var sat, vio, und int
	reason := ""
	for _, t := range ts {
		if t.Verdict == Undetermined && t.Internal {
			return Undetermined, t.Reason
		}
		switch t.Verdict {
		case Satisfied:
			sat++
		case Violated:
			vio++
		case Undetermined:
			und++
			if reason == "" {
				reason = t.Reason
			}
		}
	}
	switch {
	case vio > 0:
		return Violated, ""
	case sat > 0:
		if und > 0 {
			return Satisfied, "partly undetermined: " + reason
		}
		return Satisfied, ""
	case und > 0:
		return Undetermined, reason
	}
	return Inapplicable, "the rule never came up"
}

// Unread is the first entry of Evidence.Missing that names a part of the evidence in
// reads (Compiled.Reads), "" when the run read every part of them.
func (ev *Evidence) Unread(reads []Part) string {
	for _, part := range reads {
		for _, m := range ev.Missing {
			if strings.HasPrefix(m, string(part)+":") {
				return m
			}
		}
	}
	return ""
}

// AskedReason is why an audit leaves undetermined a rule that lets the session's
// action run once the user agrees.
const AskedReason = "the session did what the rule lets run once the user agrees; its record does not show whether the user did"

// SessionFacts are what an audit knows of a rule besides its targets.
type SessionFacts struct {
	// Unread is the part of the evidence the rule reads that could not be read
	// (Evidence.Unread), "" when none.
	Unread string
	// Writes counts the session's own writes that broke the rule, judged as the live
	// hook would have judged them before they landed, and that the final change
	// still holds.
	Writes int
}

// SessionVerdict is a rule's verdict over an audited session, the audit surface's
// whole fold, in this order:
//
//   - SWE-CC's Fold of its targets (SurfaceAudit);
//   - a rule that never came up while a part it reads could not be read is
//     undetermined, with what was missing; so is a pass when the part missing is the
//     session's record (PartTrajectory): what was read passes, the unread rest might
//     not;
//   - a rule whose instruction lets the action run once the user agrees
//     (policy.Rule.Ask), broken by the session's commands or writes, is
//     undetermined (AskedReason): the record does not show the user's yes;
//   - a session's write that broke the rule makes it violated, when its targets did
//     not (byWrites: the writes are its violations);
//   - a rule still inapplicable says why its condition does not hold, when it was
//     decided not to (Outcome.NotApplicable).
func SessionVerdict(o *Outcome, s SessionFacts) (v Verdict, reason string, byWrites bool) {
	v, reason = SurfaceAudit.Fold(o.Targets)
	if s.Unread != "" {
		switch {
		case v == Inapplicable:
			v, reason = Undetermined, s.Unread
		case v == Satisfied && strings.HasPrefix(s.Unread, string(PartTrajectory)):
			v, reason = Undetermined, s.Unread
		}
	}
	if (v == Violated || s.Writes > 0) && o.Rule != nil && o.Rule.Ask {
		// the session did what waits for the user's yes; whether it had it, the
		// record does not say (a hook that asked let it run only with it)
		return Undetermined, AskedReason, false
	}
	if s.Writes > 0 && v != Violated {
		return Violated, "", true
	}
	if v == Inapplicable {
		reason = o.NotApplicable
	}
	return v, reason, false
}
