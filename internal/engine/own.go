package engine

// Ownership (SWE-CC): in ModeDiff a run reports only what the change owns. A finding
// is the change's when
//
//   - it is about the change as a whole (Finding.Change: what the change touches or
//     lacks; the path it names only points at it), or names no file (a command, a
//     commit, the pull request);
//   - or it lies in a file the run judged, on a line the change added or touched, or
//     on no line (the file as a whole).
//
// A finding in a file the run did not judge is not the change's, however a rule that
// reads the whole tree (an import cycle) came to place it there. A target whose
// findings the change owns none of is satisfied: its violations were there before.
// In ModeAll every finding is the run's. The engine applies this to every run (Run,
// StreamWith); Owns is the same test for a caller holding a finding the engine handed on
// before the run ended (a streamed file's finding in another file).

// Owns reports whether the run owns a finding, on the run's evidence (not one file's
// view of a streamed run, which knows its own file only).
func (ev *Evidence) Owns(f Finding) bool {
	if ev.Mode != ModeDiff || f.Change || f.Path == "" {
		return true
	}
	file := ev.File(f.Path)
	return file != nil && (f.Line == 0 || file.Owns(f.Line))
}

// Reasons of a target whose every finding the change does not own.
const (
	ReasonPreExisting = "only pre-existing violations, outside the lines the change touched"
	ReasonUntouched   = "only pre-existing violations, in files the change did not touch"
)

// ownLines keeps the findings of one target the change owns, as far as ev tells while
// the target is judged: findings in a file ev does not hold (another file than a
// streamed file's own) are kept for ownFiles to decide when the run ends.
func ownLines(ev *Evidence, r Result) Result {
	if r.Verdict != Violated {
		return r
	}
	kept := r.Findings[:0:0]
	for _, f := range r.Findings {
		if f.Path == "" || f.Line == 0 || f.Change || ev.File(f.Path) == nil || ev.Owns(f) {
			kept = append(kept, f)
		}
	}
	if len(kept) == 0 {
		return Result{Verdict: Satisfied, Reason: ReasonPreExisting, Partial: r.Partial}
	}
	r.Findings = kept
	return r
}

// ownFiles applies the rest of ownership once the run's files are known: a finding in
// a file the run did not judge is dropped, and a violated target left without
// findings is satisfied. It reports whether it turned any target satisfied.
func ownFiles(ev *Evidence, ts []TargetResult) bool {
	changed := false
	for i := range ts {
		t := &ts[i]
		if t.Verdict != Violated || len(t.Findings) == 0 {
			continue // a target whose findings a streamed run handed on keeps its verdict
		}
		kept := t.Findings[:0:0]
		for _, f := range t.Findings {
			if ev.Owns(f) {
				kept = append(kept, f)
			}
		}
		if len(kept) == 0 {
			t.Result = Result{Verdict: Satisfied, Reason: ReasonUntouched, Partial: t.Partial}
			changed = true
			continue
		}
		t.Findings = kept
	}
	return changed
}
