package engine

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
