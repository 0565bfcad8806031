package engine

import (
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// batchLog records what the engine told a family of batchers, and fails a Judge that
// comes before its batch started.
type batchLog struct {
	mu      sync.Mutex
	starts  [][]string // the members' names, per StartBatch
	early   int        // Judge calls before the batch started
	started bool
}

// batching is a file check of a family; name tells it apart.
type batching struct {
	name, family string
	lang         string // the files it judges ("" any)
	log          *batchLog
}

func (c *batching) Targets(ev *Evidence) []Target {
	var n FileNeed
	if c.lang != "" {
		n.Langs = map[string]bool{c.lang: true}
	}
	return n.Targets(ev)
}

func (c *batching) Judge(*Evidence, Target) Result {
	c.log.mu.Lock()
	defer c.log.mu.Unlock()
	if !c.log.started {
		c.log.early++
	}
	return Result{Verdict: Satisfied}
}

func (c *batching) FileByFile(*Evidence) bool { return true }
func (c *batching) BatchFamily() string       { return c.family }

func (c *batching) StartBatch(_ *Evidence, members []Check) {
	c.log.mu.Lock()
	defer c.log.mu.Unlock()
	var names []string
	for _, m := range members {
		names = append(names, m.(*batching).name)
	}
	c.log.starts = append(c.log.starts, names)
	c.log.started = true
}

// wrapped judges through the check it wraps, as self-validation's sample does.
type wrapped struct{ Check }

func (w wrapped) Unwrap() Check { return w.Check }

func (w wrapped) FileByFile(ev *Evidence) bool { return w.Check.(FileByFile).FileByFile(ev) }

// The engine forms a run's batches, not its checks: once per family, before any
// judge, with the members in the order of the rules (those with targets in Run,
// every file-by-file one in a streamed run), whatever the number of workers.
func TestTheEngineFormsTheBatches(t *testing.T) {
	files := func() []*File {
		var fs []*File
		for i := 0; i < 40; i++ {
			fs = append(fs, &File{Path: fmt.Sprintf("f%02d.go", i), Lang: LangGo, Content: []byte("x")})
		}
		return fs
	}
	for _, workers := range []int{1, 4} {
		log, other := &batchLog{}, &batchLog{}
		rules := []Compiled{
			{Rule: &policy.Rule{ID: "c"}, Check: &batching{name: "c", family: "q", lang: LangGo, log: log}},
			{Rule: &policy.Rule{ID: "py"}, Check: &batching{name: "py", family: "q", lang: LangPython, log: log}}, // no target here
			{Rule: &policy.Rule{ID: "x"}, Check: &batching{name: "x", family: "other", log: other}},
			{Rule: &policy.Rule{ID: "a"}, Check: wrapped{&batching{name: "a", family: "q", lang: LangGo, log: log}}},
			{Rule: &policy.Rule{ID: "b"}, Check: &batching{name: "b", family: "q", log: log}},
		}
		ev := &Evidence{Mode: ModeAll, Files: files()}
		Run(rules, ev, Options{Workers: workers})
		ev.Close()
		if want := [][]string{{"c", "a", "b"}}; !slices.EqualFunc(log.starts, want, slices.Equal) || log.early > 0 {
			t.Errorf("Run, %d workers: batches %v (%d judged early), want %v", workers, log.starts, log.early, want)
		}
		if want := [][]string{{"x"}}; !slices.EqualFunc(other.starts, want, slices.Equal) {
			t.Errorf("Run, %d workers: the other family's batches %v, want %v", workers, other.starts, want)
		}

		log.starts, log.started = nil, false
		src := &sliceSource{}
		for _, f := range files() {
			src.files = append(src.files, f)
			src.paths = append(src.paths, f.Path)
		}
		stream(rules, &Evidence{Mode: ModeAll}, src, Options{Workers: workers}, nil)
		if want := [][]string{{"c", "py", "a", "b"}}; !slices.EqualFunc(log.starts, want, slices.Equal) || log.early > 0 {
			t.Errorf("StreamWith, %d workers: batches %v (%d judged early), want %v", workers, log.starts, log.early, want)
		}
	}
}

// A StartBatch that panics leaves the run going: its members judge on their own.
func TestABatchThatPanicsLeavesTheRunGoing(t *testing.T) {
	rules := []Compiled{{Rule: &policy.Rule{ID: "p"}, Check: panickyBatch{}}}
	ev := &Evidence{Mode: ModeAll, Files: []*File{{Path: "a.go", Lang: LangGo}}}
	o := Run(rules, ev, Options{Workers: 1})
	if o[0].Verdict != Satisfied {
		t.Fatalf("verdict %s", o[0].Verdict)
	}
}

type panickyBatch struct{}

func (panickyBatch) Targets(ev *Evidence) []Target  { return FileNeed{}.Targets(ev) }
func (panickyBatch) Judge(*Evidence, Target) Result { return Result{Verdict: Satisfied} }
func (panickyBatch) BatchFamily() string            { return "p" }
func (panickyBatch) StartBatch(*Evidence, []Check)  { panic("boom") }

// A FileNeed lists the files of its languages in its scope, in the evidence's order,
// and wants, before reading, exactly those (a file without an extension whatever its
// language, for its shebang may name one).
func TestFileNeed(t *testing.T) {
	n := FileNeed{Langs: map[string]bool{LangPython: true}, Scope: policy.Scope{Dir: "src"}}
	ev := &Evidence{Files: []*File{
		{Path: "src/b.py", Lang: LangPython}, {Path: "src/a.go", Lang: LangGo},
		{Path: "docs/c.py", Lang: LangPython}, {Path: "src/a.py", Lang: LangPython}, {Path: "src/tool", Lang: LangPython},
	}}
	var got []string
	for _, t := range n.Targets(ev) {
		got = append(got, fmt.Sprintf("%d:%s", t.Index, t.Path))
	}
	if want := []string{"0:src/b.py", "3:src/a.py", "4:src/tool"}; !slices.Equal(got, want) {
		t.Errorf("targets %v, want %v", got, want)
	}
	for p, want := range map[string]bool{"src/x.py": true, "src/x.go": false, "docs/x.py": false, "src/run": true} {
		if n.Wants(p, LangOf(p, nil)) != want {
			t.Errorf("Wants(%s) = %v, want %v", p, !want, want)
		}
	}
}
