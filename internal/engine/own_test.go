package engine

import (
	"slices"
	"testing"
)

// placedCheck reports fixed findings on one change-level target, as a rule that reads
// the whole tree (an import cycle) or the change's paths (a protected folder) does.
type placedCheck struct{ found []Finding }

func (placedCheck) Targets(*Evidence) []Target { return []Target{{Kind: TargetChange}} }

func (c placedCheck) Judge(*Evidence, Target) Result {
	return Result{Verdict: Violated, Findings: c.found}
}

func diffEvidence() *Evidence {
	return &Evidence{Mode: ModeDiff, Changed: []string{"a.go", "gone.sql"}, DeletedPaths: []string{"gone.sql"},
		Files: []*File{{Path: "a.go", Content: []byte("x\ny\n"), Touched: LineSet{2: true}}}}
}

// One ownership for every driver. heed check's copy recomputed the rule's verdict
// after dropping findings in files the change did not touch, heed audit's did not
// (its rows were right only because it folded the targets again itself): the engine
// now does both, so Outcome.Verdict is the change's wherever it is read.
func TestAFindingInAFileTheChangeDidNotTouchIsNotTheChanges(t *testing.T) {
	ev := diffEvidence()
	o := Run([]Compiled{{Rule: rule("cycle"), Check: placedCheck{[]Finding{{Path: "b.go", Line: 3, Message: "import cycle"}}}}}, ev, Options{})[0]
	if o.Verdict != Satisfied || len(o.Findings()) != 0 {
		t.Fatalf("a cycle placed in an untouched file: verdict %s, findings %v; want satisfied, none", o.Verdict, o.Findings())
	}
	if r := o.Targets[0].Reason; r != ReasonUntouched {
		t.Errorf("reason %q, want %q", r, ReasonUntouched)
	}
}

// A finding about the change as a whole is the change's whatever file it points at.
// Both copies dropped it when the file it named was not among the judged files, and
// heed check judges only the files some rule reads: "never modify files in
// migrations/" passed a change that edited or deleted a migration whenever no other
// rule read that file. The engine keeps it.
func TestAFindingAboutTheChangeIsTheChangesWhereverItPoints(t *testing.T) {
	ev := diffEvidence()
	o := Run([]Compiled{{Rule: rule("untouched"), Check: placedCheck{[]Finding{{Path: "gone.sql", Change: true, Message: "the change touches gone.sql"}}}}}, ev, Options{})[0]
	if o.Verdict != Violated || len(o.Findings()) != 1 {
		t.Fatalf("a change-level finding on a deleted file: verdict %s, findings %v; want violated, one", o.Verdict, o.Findings())
	}
}

func TestOwns(t *testing.T) {
	ev := diffEvidence()
	for _, c := range []struct {
		f    Finding
		want bool
	}{
		{Finding{Path: "a.go", Line: 2}, true},
		{Finding{Path: "a.go", Line: 1}, false},
		{Finding{Path: "a.go"}, true},
		{Finding{Path: "b.go", Line: 1}, false},
		{Finding{Path: "b.go", Change: true}, true},
		{Finding{Commit: "abc", Message: "subject too long"}, true},
	} {
		if got := ev.Owns(c.f); got != c.want {
			t.Errorf("Owns(%+v) = %v, want %v", c.f, got, c.want)
		}
	}
	all := &Evidence{Mode: ModeAll}
	if !all.Owns(Finding{Path: "b.go", Line: 1}) {
		t.Error("a full run owns every finding")
	}
}

// otherFileCheck judges each file by itself and reports a finding in a file beside
// it, as a per-file rule that names a file's missing companion would.
type otherFileCheck struct{ lineCheck }

func (otherFileCheck) FileByFile(*Evidence) bool { return true }

func (otherFileCheck) Judge(ev *Evidence, t Target) Result {
	return Result{Verdict: Violated, Findings: []Finding{{Path: "other/" + t.Path, Line: 1, Message: "companion"}, {Path: t.Path, Line: 2, Message: "own"}}}
}

// A streamed run decides ownership as a run over every file at once does: the finding
// in a file the change did not judge goes, the owned one stays, in both.
func TestStreamOwnsWhatRunOwns(t *testing.T) {
	mk := func() *Evidence { return diffEvidence() }
	rules := []Compiled{{Rule: rule("r"), Check: otherFileCheck{}}}
	ran := Run(rules, mk(), Options{})[0]
	ev := mk()
	files := ev.Files
	ev.Files = nil
	streamed := stream(rules, ev, &sliceSource{files: files, paths: []string{"a.go"}}, Options{}, nil)[0]
	got := func(o Outcome) []string {
		var out []string
		for _, f := range o.Findings() {
			out = append(out, f.Path+":"+f.Message)
		}
		return out
	}
	if !slices.Equal(got(ran), []string{"a.go:own"}) || !slices.Equal(got(streamed), got(ran)) {
		t.Fatalf("run kept %v, stream kept %v; want [a.go:own] in both", got(ran), got(streamed))
	}
}
