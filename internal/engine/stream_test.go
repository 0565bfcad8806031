package engine

import (
	"fmt"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/heed-dev/heed/internal/policy"
)

// byFile is lineCheck, judged file by file in a streamed run.
type byFile struct{ lineCheck }

func (byFile) FileByFile(*Evidence) bool { return true }

// memoCounter memoises one value per file and counts how many are alive.
type memoCounter struct {
	byFile
	alive, peak *atomic.Int64
}

type counted struct{ alive *atomic.Int64 }

func (c counted) Close() error { c.alive.Add(-1); return nil }

func (c memoCounter) Judge(ev *Evidence, t Target) Result {
	ev.Memo("file:"+t.Path+"\x00count", func() (any, error) {
		n := c.alive.Add(1)
		for {
			p := c.peak.Load()
			if n <= p || c.peak.CompareAndSwap(p, n) {
				break
			}
		}
		return counted{c.alive}, nil
	})
	return c.byFile.Judge(ev, t)
}

// wholeCheck judges the run as a whole and reports how many files it saw, and
// whether any of them still held content.
type wholeCheck struct{}

func (wholeCheck) Targets(*Evidence) []Target { return []Target{{Kind: TargetChange}} }

func (wholeCheck) Judge(ev *Evidence, _ Target) Result {
	held := 0
	for _, f := range ev.Files {
		if f.Content != nil {
			held++
		}
	}
	return Result{Verdict: Satisfied, Reason: fmt.Sprintf("%d files, %d with content", len(ev.Files), held)}
}

// sliceSource serves files from memory, counting loads; a nil entry is a file the
// source skips.
type sliceSource struct {
	files []*File
	paths []string
	loads atomic.Int64
	// toolWritten: paths the source left out as generated or vendored
	toolWritten map[string]bool
}

func newSliceSource(contents map[string]string, order []string) *sliceSource {
	s := &sliceSource{paths: order}
	for _, p := range order {
		if c, ok := contents[p]; ok {
			s.files = append(s.files, &File{Path: p, Content: []byte(c)})
		} else {
			s.files = append(s.files, nil)
		}
	}
	return s
}

func (s *sliceSource) Len() int               { return len(s.paths) }
func (s *sliceSource) Path(i int) string      { return s.paths[i] }
func (s *sliceSource) ToolWritten(i int) bool { return s.toolWritten[s.paths[i]] }
func (s *sliceSource) Load(i int) *File {
	s.loads.Add(1)
	if s.files[i] == nil {
		return nil
	}
	f := *s.files[i]
	return &f
}

// A streamed run finds what Run finds, in the same order, holds no file after its
// rules judged it, and hands each file to done while its content is there.
func TestStreamFindsWhatRunFinds(t *testing.T) {
	contents := map[string]string{}
	var order []string
	for i := 0; i < 200; i++ {
		p := fmt.Sprintf("f%03d.go", i)
		order = append(order, p)
		if i%7 == 3 {
			continue // skipped by the source
		}
		c := "ok\n"
		if i%5 == 0 {
			c = "BAD\nok\nBAD again\n"
		}
		contents[p] = c
	}
	var all []*File
	for _, p := range order {
		if c, ok := contents[p]; ok {
			all = append(all, &File{Path: p, Content: []byte(c)})
		}
	}
	want := Run([]Compiled{{Rule: rule("r"), Check: lineCheck{}}}, &Evidence{Mode: ModeAll, Files: all}, Options{})[0]

	for _, workers := range []int{1, 4} {
		var alive, peak atomic.Int64
		rules := []Compiled{
			{Rule: rule("r"), Check: memoCounter{alive: &alive, peak: &peak}},
			{Rule: rule("whole"), Check: wholeCheck{}},
		}
		src := newSliceSource(contents, order)
		ev := &Evidence{Mode: ModeAll}
		var mu sync.Mutex
		done := map[string]int{}
		out := stream(rules, ev, src, Options{Workers: workers}, func(f *File, _ int, found []FileFinding) {
			if f.Content == nil {
				t.Errorf("%s: done without its content", f.Path)
			}
			mu.Lock()
			done[f.Path] = len(found)
			mu.Unlock()
		})
		got := out[0]
		if got.Verdict != want.Verdict || !reflect.DeepEqual(got.Findings(), want.Findings()) {
			t.Fatalf("workers %d: streamed %s %v, want %s %v", workers, got.Verdict, got.Findings(), want.Verdict, want.Findings())
		}
		for _, tr := range got.Targets {
			if tr.Verdict != Violated || ev.Files[tr.Target.Index].Path != tr.Target.Path {
				t.Errorf("kept target %+v: only violated and undetermined ones are kept, indexing the run's files", tr)
			}
		}
		if len(ev.Files) != len(all) || len(done) != len(all) || done["f000.go"] != 2 {
			t.Errorf("workers %d: %d files, %d done (f000.go: %d findings)", workers, len(ev.Files), len(done), done["f000.go"])
		}
		if r := out[1].Targets[0].Reason; r != fmt.Sprintf("%d files, 0 with content", len(all)) {
			t.Errorf("the whole-run rule saw: %s", r)
		}
		if alive.Load() != 0 || peak.Load() > int64(workers) {
			t.Errorf("workers %d: %d memoised values alive after the run, %d at most at once: each file's are released when it is done", workers, alive.Load(), peak.Load())
		}
		if src.loads.Load() != int64(len(order)) {
			t.Errorf("%d loads for %d candidates", src.loads.Load(), len(order))
		}
	}
}

// A run whose caller takes the findings (TakeFindings) gets each of them once, from
// the callback, with the rule and target it came from; the outcome keeps the
// verdict and no finding. With ForgetFiles and no rule judging after the stream, no
// record of the judged files is kept, only their count.
func TestStreamHandsOverFindingsAndForgetsFiles(t *testing.T) {
	contents := map[string]string{"a.go": "BAD\nok\nBAD\n", "b.go": "ok\n", "c.go": "BAD\n"}
	order := []string{"a.go", "b.go", "c.go", "gone.go"}
	rules := []Compiled{{Rule: rule("first"), Check: byFile{}}, {Rule: rule("second"), Check: byFile{}}}
	for _, workers := range []int{1, 3} {
		ev := &Evidence{Mode: ModeAll}
		var mu sync.Mutex
		got := map[string][]FileFinding{}
		out := StreamWith(rules, ev, newSliceSource(contents, order), StreamOptions{Options: Options{Workers: workers}, TakeFindings: true, ForgetFiles: true},
			func(f *File, idx int, found []FileFinding) {
				if order[idx] != f.Path {
					t.Errorf("file %s handed over as the source's %d-th", f.Path, idx)
				}
				mu.Lock()
				got[f.Path] = found
				mu.Unlock()
			})
		want := []FileFinding{
			{Rule: 0, Finding: Finding{Path: "a.go", Line: 1, Message: "BAD"}},
			{Rule: 0, Finding: Finding{Path: "a.go", Line: 3, Message: "BAD"}},
			{Rule: 1, Finding: Finding{Path: "a.go", Line: 1, Message: "BAD"}},
			{Rule: 1, Finding: Finding{Path: "a.go", Line: 3, Message: "BAD"}},
		}
		if !reflect.DeepEqual(got["a.go"], want) || len(got["b.go"]) != 0 || len(got["c.go"]) != 2 {
			t.Fatalf("workers %d: handed over %+v", workers, got)
		}
		for _, o := range out {
			if o.Verdict != Violated || !o.Taken || len(o.Findings()) != 0 || len(o.Targets) != 0 {
				t.Errorf("workers %d: outcome %s %v taken %v with %d targets, %d findings", workers, o.Rule.ID, o.Verdict, o.Taken, len(o.Targets), len(o.Findings()))
			}
		}
		if len(ev.Files) != 0 || ev.Judged != 3 {
			t.Errorf("workers %d: %d file records kept, %d judged; want none kept, 3 judged", workers, len(ev.Files), ev.Judged)
		}
	}
	// a rule judging after the stream needs the files: they are kept
	ev := &Evidence{Mode: ModeAll}
	StreamWith(append(rules, Compiled{Rule: rule("whole"), Check: wholeCheck{}}), ev, newSliceSource(contents, order), StreamOptions{TakeFindings: true, ForgetFiles: true}, nil)
	if len(ev.Files) != 3 || ev.Judged != 3 {
		t.Errorf("with a whole-run rule: %d files kept, %d judged", len(ev.Files), ev.Judged)
	}
	// whole-run rules that say which files they might judge are given those alone: a
	// rule about the change as a whole (wanting no file) keeps no record of any
	mixed := map[string]string{"a.go": "BAD\n", "b.py": "ok\n", "c.go": "ok\n", "d.py": "BAD\n"}
	for _, tc := range []struct {
		wants string
		kept  []string
	}{{"", nil}, {".py", []string{"b.py", "d.py"}}} {
		ev := &Evidence{Mode: ModeAll}
		whole := Compiled{Rule: rule("whole"), Check: selectingWhole{suffix: tc.wants}}
		out := StreamWith(append(rules, whole), ev, newSliceSource(mixed, []string{"a.go", "b.py", "c.go", "d.py"}), StreamOptions{TakeFindings: true, ForgetFiles: true}, nil)
		var kept []string
		for _, f := range ev.Files {
			kept = append(kept, f.Path)
		}
		if !reflect.DeepEqual(kept, tc.kept) || ev.Judged != 4 {
			t.Errorf("a whole-run rule wanting %q: files kept %v, %d judged; want %v, 4 judged", tc.wants, kept, ev.Judged, tc.kept)
		}
		if r := out[2].Targets[0].Reason; r != fmt.Sprintf("%d files, 0 with content", len(tc.kept)) {
			t.Errorf("a whole-run rule wanting %q saw %s", tc.wants, r)
		}
		// the file-by-file rules' kept targets still name their files
		for _, tr := range out[0].Targets {
			if tr.Target.Path == "" {
				t.Errorf("a kept target lost its path: %+v", tr.Target)
			}
		}
	}
}

// selectingWhole is wholeCheck, wanting the files whose name ends in suffix (none
// when empty).
type selectingWhole struct {
	wholeCheck
	suffix string
}

func (c selectingWhole) WantsFile(p, _ string) bool {
	return c.suffix != "" && len(p) > len(c.suffix) && p[len(p)-len(c.suffix):] == c.suffix
}

// A rule with nothing to say about any file is inapplicable, one that passed every
// file satisfied: the aggregate counts the targets streaming does not keep.
func TestStreamVerdictsCountWhatIsNotKept(t *testing.T) {
	contents := map[string]string{"a.go": "ok\n", "b.go": "fine\n"}
	src := newSliceSource(contents, []string{"a.go", "b.go"})
	out := stream([]Compiled{{Rule: rule("r"), Check: byFile{}}}, &Evidence{Mode: ModeAll}, src, Options{}, nil)[0]
	if out.Verdict != Satisfied || len(out.Targets) != 0 {
		t.Errorf("verdict %s, %d targets kept: want satisfied, none kept", out.Verdict, len(out.Targets))
	}
	src = newSliceSource(map[string]string{}, []string{"a.go"})
	out = stream([]Compiled{{Rule: rule("r"), Check: byFile{}}}, &Evidence{Mode: ModeAll}, src, Options{}, nil)[0]
	if out.Verdict != Inapplicable {
		t.Errorf("no file judged: %s", out.Verdict)
	}
}

// In ModeDiff a streamed file's findings are kept only on the lines the change owns.
func TestStreamDiffModeOwnsTouchedLines(t *testing.T) {
	src := &sliceSource{paths: []string{"a.go"}, files: []*File{{Path: "a.go", Content: []byte("BAD old\nok\nBAD new\n"), Touched: LineSet{3: true}}}}
	out := stream([]Compiled{{Rule: rule("r"), Check: byFile{}}}, &Evidence{Mode: ModeDiff}, src, Options{}, nil)[0]
	fs := out.Findings()
	if len(fs) != 1 || fs[0].Line != 3 {
		t.Errorf("findings %+v, want the touched line only", fs)
	}
}

// slowOn is lineCheck judged file by file that takes a second on one file.
type slowOn struct {
	byFile
	path string
}

func (c slowOn) Judge(ev *Evidence, t Target) Result {
	if t.Path == c.path {
		time.Sleep(time.Second)
	}
	return c.byFile.Judge(ev, t)
}

// A judge that overruns the timeout is undetermined, and the judges after it, on the
// same worker, still run (on a fresh goroutine) within theirs.
func TestStreamTimeoutIsUndeterminedAndTheRunGoesOn(t *testing.T) {
	for _, workers := range []int{1, 2} {
		src := newSliceSource(map[string]string{"a.go": "BAD\n", "b.go": "ok\n", "c.go": "BAD\n"}, []string{"a.go", "b.go", "c.go"})
		start := time.Now()
		out := stream([]Compiled{{Rule: rule("r"), Check: slowOn{path: "b.go"}}}, &Evidence{Mode: ModeAll}, src, Options{Workers: workers, Timeout: 50 * time.Millisecond}, nil)[0]
		if time.Since(start) > 800*time.Millisecond {
			t.Errorf("workers %d: the run waited for the slow judge", workers)
		}
		var got []string
		for _, tr := range out.Targets {
			got = append(got, tr.Target.Path+" "+string(tr.Verdict))
		}
		if want := []string{"a.go violated", "b.go undetermined", "c.go violated"}; !reflect.DeepEqual(got, want) {
			t.Errorf("workers %d: %v, want %v", workers, got, want)
		}
	}
}

// orderCheck logs its Targets and Judge calls.
type orderCheck struct {
	byFile
	name string
	mu   *sync.Mutex
	log  *[]string
}

func (c orderCheck) Targets(ev *Evidence) []Target {
	c.mu.Lock()
	*c.log = append(*c.log, "targets "+c.name)
	c.mu.Unlock()
	return c.byFile.Targets(ev)
}

func (c orderCheck) Judge(ev *Evidence, t Target) Result {
	c.mu.Lock()
	*c.log = append(*c.log, "judge "+c.name)
	c.mu.Unlock()
	return c.byFile.Judge(ev, t)
}

// Every rule is asked for a file's targets before any judges it: a kind that
// prepares shared work when first asked for targets (the source rules' combined
// query freezes at the first judge) must see every rule first.
func TestStreamAsksEveryRuleForTargetsBeforeJudging(t *testing.T) {
	var mu sync.Mutex
	var log []string
	rules := []Compiled{
		{Rule: rule("a"), Check: orderCheck{name: "a", mu: &mu, log: &log}},
		{Rule: rule("b"), Check: orderCheck{name: "b", mu: &mu, log: &log}},
	}
	stream(rules, &Evidence{Mode: ModeAll}, newSliceSource(map[string]string{"x.go": "ok\n"}, []string{"x.go"}), Options{Workers: 1}, nil)
	if want := []string{"targets a", "targets b", "judge a", "judge b"}; !reflect.DeepEqual(log, want) {
		t.Errorf("calls %v, want %v", log, want)
	}
}

// stream is StreamWith with no options beyond opt.
func stream(rules []Compiled, ev *Evidence, src Source, opt Options, done FileDone) []Outcome {
	return StreamWith(rules, ev, src, StreamOptions{Options: opt}, done)
}

// A streamed run over a change decides its rules' conditions: a rule for changes
// that add a function is not judged over a change that adds none, file by file or
// over the whole change, and is judged over one that adds one.
func TestStreamDecidesConditionsOnAChange(t *testing.T) {
	when := &policy.Condition{Added: `^def `, What: "a new function"}
	run := func(content string, touched LineSet) []Outcome {
		src := &sliceSource{paths: []string{"a.py"}, files: []*File{{Path: "a.py", Content: []byte(content), Touched: touched}}}
		r1, r2 := rule("by-file"), rule("whole")
		r1.When, r2.When = when, when
		ev := &Evidence{Mode: ModeDiff, Changed: []string{"a.py"}, Tree: MapSnapshot{"a.py": []byte(content)}}
		return stream([]Compiled{{Rule: r1, Check: byFile{}}, {Rule: r2, Check: wholeCheck{}}}, ev, src, Options{}, nil)
	}
	for _, o := range run("def f():\n    BAD = 1\nBAD\n", LineSet{3: true}) {
		if o.NotApplicable == "" {
			t.Errorf("%s: judged over a change that adds no function", o.Rule.ID)
		}
	}
	for _, o := range run("def f():\n    BAD = 1\n", LineSet{1: true, 2: true}) {
		if o.NotApplicable != "" {
			t.Errorf("%s: not judged over a change that adds a function: %s", o.Rule.ID, o.NotApplicable)
		}
	}
}

// A changed file the source left out as generated or vendored holds no code of the
// change's author: it leaves a condition on what the change's code shows decided, where
// a file left unread (too large) leaves it unknown, so the rule runs.
func TestStreamConditionLooksPastToolWrittenFiles(t *testing.T) {
	when := &policy.Condition{Added: `^def `, What: "a new function"}
	run := func(toolWritten bool) Outcome {
		src := &sliceSource{paths: []string{"a.py", "gen/b_pb2.py"}, files: []*File{{Path: "a.py", Content: []byte("X = 1\n"), Touched: LineSet{1: true}}, nil}}
		if toolWritten {
			src.toolWritten = map[string]bool{"gen/b_pb2.py": true}
		}
		r := rule("whole")
		r.When = when
		ev := &Evidence{Mode: ModeDiff, Changed: []string{"a.py", "gen/b_pb2.py"}, Tree: MapSnapshot{"a.py": []byte("X = 1\n")}}
		return stream([]Compiled{{Rule: r, Check: wholeCheck{}}}, ev, src, Options{}, nil)[0]
	}
	if o := run(true); o.NotApplicable == "" {
		t.Errorf("a generated file left the condition undecided: the rule was judged")
	}
	if o := run(false); o.NotApplicable != "" {
		t.Errorf("a file left unread decided the condition: %s", o.NotApplicable)
	}
}

// selectsNothing is a whole-change check that reads no file.
type selectsNothing struct{ wholeCheck }

func (selectsNothing) WantsFile(string, string) bool { return false }

// A rule whose condition reads the lines a change adds wants the files the condition
// covers, even when its check reads none.
func TestWantedFilesHoldWhatAConditionReads(t *testing.T) {
	r := rule("r")
	r.When = &policy.Condition{Added: `^def `, Paths: []string{"**/*.py"}}
	wanted := WantedFiles([]Compiled{{Rule: r, Check: selectsNothing{}}})
	if wanted == nil || !wanted("app/a.py") || wanted("README.md") {
		t.Errorf("wanted: the condition's files, not others")
	}
	plain := WantedFiles([]Compiled{{Rule: rule("p"), Check: selectsNothing{}}})
	if plain == nil || plain("app/a.py") {
		t.Errorf("a rule without a condition wants what its check wants")
	}
}

// A rule about new code judges nothing in a streamed run over the tree as it stands
// (heed check --all): that tree is no new code. Run decides the same; a rule without
// the condition still finds what the files hold.
func TestStreamLeavesNewCodeRulesOutOfTheTree(t *testing.T) {
	contents := map[string]string{"a.go": "BAD\n", "b.go": "ok\n"}
	order := []string{"a.go", "b.go"}
	newCode := rule("new")
	newCode.When = &policy.Condition{What: "new code", NewCode: true}
	rules := []Compiled{{Rule: newCode, Check: byFile{}}, {Rule: rule("any"), Check: byFile{}}}
	out := stream(rules, &Evidence{Mode: ModeAll}, newSliceSource(contents, order), Options{}, nil)
	if out[0].NotApplicable == "" || len(out[0].Findings()) != 0 {
		t.Errorf("the new-code rule judged the tree: %+v", out[0])
	}
	if len(out[1].Findings()) != 1 {
		t.Errorf("the plain rule: %d findings, want 1", len(out[1].Findings()))
	}
	var files []*File
	for _, p := range order {
		files = append(files, &File{Path: p, Content: []byte(contents[p])})
	}
	if o := Run(rules[:1], &Evidence{Mode: ModeAll, Files: files}, Options{})[0]; o.NotApplicable == "" {
		t.Errorf("Run judged the new-code rule over the tree: %+v", o)
	}
}
