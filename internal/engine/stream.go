package engine

import (
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

// FileByFile is a check that judges files one at a time: on any evidence its targets
// are file targets only, those of each file as it would give them for an evidence of
// that file alone, and judging one reads the content of no other judged file (the
// tree and the memo are still there). A streamed run (StreamWith) asks it about each file
// while only that file is in memory. FileByFile may say no for a given evidence (a
// rule whose targets are the change as a whole in some modes).
type FileByFile interface {
	FileByFile(ev *Evidence) bool
}

// Source is the files of a streamed run, read one at a time. Load may be called from
// several goroutines at once, each index once.
type Source interface {
	// Len is how many candidate files there are.
	Len() int
	// Path is the i-th candidate's path, known before it is read.
	Path(i int) string
	// Load reads the i-th candidate; nil when it is not judged (skipped, gone or
	// unreadable: the source records why).
	Load(i int) *File
	// ToolWritten reports, for a candidate Load returned nil for, whether it was left
	// out as written by a tool or by another project (generated, vendored, binary, a
	// fixture) rather than unread (too large, gone, unreadable): what it holds is not
	// the change's own code.
	ToolWritten(i int) bool
}

// FileDone is called once per judged file of a streamed run, while its content is
// still in memory, after every file-by-file rule judged it: index is the file's
// position in the source, found the findings those rules kept on it (after ownership
// in ModeDiff), in the order of the rules, then of their targets. A finding placed in
// another file than f is not yet known to be the change's in ModeDiff: the caller
// asks the run's Evidence.Owns once the stream has ended. It may be called from
// several goroutines at once.
type FileDone func(f *File, index int, found []FileFinding)

// FileFinding is a finding of a file-by-file rule in a streamed run, with where it
// came from: the rule's position among the run's rules, and the target's among the
// rule's targets on the file.
type FileFinding struct {
	Rule, Target int
	Finding
}

// StreamOptions tune a streamed run beyond Options.
type StreamOptions struct {
	Options
	// TakeFindings hands the findings of file-by-file rules to the FileDone callback
	// only: their outcomes keep only the undetermined targets and those judged in
	// part (a violated one without its findings), the verdict still counting every
	// target, so a run whose caller writes the findings out as they come holds
	// nothing per violation.
	TakeFindings bool
	// ForgetFiles keeps a record only of the judged files the rules that judge after
	// the stream might judge (FileSelector), all of them when one of those rules is no
	// FileSelector, none when no rule judges after the stream; ev.Judged counts them
	// all. A file-by-file rule's target in a file without a record indexes nothing
	// (its Path still names the file). In ModeDiff every record is kept: ownership
	// reads them.
	ForgetFiles bool
	// Judged, when set, is told the verdict of each target of a file-by-file rule as
	// it is judged (rule: the rule's position among the run's rules; file: the file's
	// index in src), on the worker that judged it: the outcomes keep only the
	// violated and undetermined targets.
	Judged func(rule, file int, t Target, v Verdict)
}

// StreamWith judges the rules over the files of src without holding them all: each file
// is read, judged by every FileByFile rule, handed to done and released (its memoised
// values closed, its content dropped) before the file after it is read, so memory
// stays that of the files in flight, not of the repository. The other rules judge
// afterwards, as Run does, with ev.Files holding every judged file without its
// content (path, language, touched lines; with ForgetFiles only those they might
// judge): they may read the tree, not Files' content.
//
// ev.Files must be empty on entry; on return it holds the judged files (without
// content) in src's order, and targets index into it. An outcome of a FileByFile
// rule keeps only its violated and undetermined targets (satisfied and inapplicable
// ones are counted in its Verdict, not kept): a repository's worth of passes is
// what streaming saves.
func StreamWith(rules []Compiled, ev *Evidence, src Source, sopt StreamOptions, done FileDone) []Outcome {
	opt := sopt.Options
	n := src.Len()
	langs := map[string]int{}
	for i := 0; i < n; i++ {
		langs[LangOf(src.Path(i), nil)]++
	}
	ev.streamLangs = langs
	ev.Files = nil

	outcomes := make([]Outcome, len(rules))
	var perFile, whole []int
	decided := conditionsDecided(rules, ev, src)
	for i, c := range rules {
		outcomes[i] = Outcome{Rule: c.Rule, Constraint: c.Constraint}
		if why, ok := decided[i]; ok {
			// a rule whose condition the change does not meet ("when you add a
			// function"): not judged, as Run leaves it
			outcomes[i].NotApplicable = why
			continue
		}
		if fb, ok := c.Check.(FileByFile); ok && fb.FileByFile(ev) {
			perFile = append(perFile, i)
		} else {
			whole = append(whole, i)
		}
	}
	aggs := make([]streamAgg, len(rules))
	// ownership in ModeDiff needs the judged files once the stream ends
	keepRecord := func(string) bool { return true }
	if sopt.ForgetFiles && ev.Mode != ModeDiff {
		after := make([]Compiled, len(whole))
		for k, r := range whole {
			after[k] = rules[r]
		}
		if wanted := WantedFiles(after); wanted != nil {
			keepRecord = wanted
		}
	}
	// The file-by-file rules' batches, before any file is read: a file's targets are
	// known only when it is, so every file-by-file rule of a family is a member.
	streamed := make([]Check, len(perFile))
	for k, r := range perFile {
		streamed[k] = rules[r].Check
	}
	startBatches(ev, streamed)
	var judged atomic.Int64
	// the records kept, by the file's index in src (sorted once the stream is done)
	type record struct {
		i int
		f *File
	}
	var (
		recMu   sync.Mutex
		records []record
	)
	keepRecords := !sopt.ForgetFiles || ev.Mode == ModeDiff || len(whole) > 0
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	workers = max(1, min(workers, n))
	one := func(i int, tj *timedJudge) {
		f := src.Load(i)
		if f == nil {
			return
		}
		view := ev.fileView(f)
		var found []FileFinding
		// Every rule's targets first, then the judging.
		targets := make([][]Target, len(perFile))
		for k, r := range perFile {
			ts, err := safeTargets(rules[r].Check, view)
			if err != nil {
				aggs[r].add(i, 0, TargetResult{Target: Target{Kind: TargetChange}, Result: targetsFailed(err)}, true)
				continue
			}
			targets[k] = ts
		}
		for k, r := range perFile {
			c := rules[r].Check
			for j, t := range targets[k] {
				var res Result
				if stopped(opt.Stop) {
					res = Result{Verdict: Undetermined, Reason: ReasonStopped}
				} else {
					res = tj.judge(c, view, t)
					if ev.Mode == ModeDiff {
						res = ownLines(view, res)
					}
				}
				if res.Verdict == Violated {
					for _, fd := range res.Findings {
						found = append(found, FileFinding{Rule: r, Target: j, Finding: fd})
					}
					if sopt.TakeFindings {
						res.Findings = nil
					}
				}
				if sopt.Judged != nil {
					sopt.Judged(r, i, t, res.Verdict)
				}
				aggs[r].add(i, j, TargetResult{Target: t, Result: res}, !sopt.TakeFindings)
			}
		}
		if done != nil {
			done(f, i, found)
		}
		// The separator matters: "file:a.py" is a prefix of "file:a.pyi".
		ev.Release("file:" + f.Path + "\x00")
		// The record kept is a copy without the content: f itself is left alone, as a
		// judge that overran its timeout may still be reading it on its own goroutine.
		judged.Add(1)
		if keepRecords && keepRecord(f.Path) {
			stub := *f
			stub.Content = nil
			recMu.Lock()
			records = append(records, record{i, &stub})
			recMu.Unlock()
		}
	}
	if workers == 1 {
		tj := &timedJudge{timeout: opt.Timeout}
		for i := 0; i < n; i++ {
			one(i, tj)
		}
		tj.close()
	} else {
		next := make(chan int, workers)
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				tj := &timedJudge{timeout: opt.Timeout}
				defer tj.close()
				for i := range next {
					one(i, tj)
				}
			}()
		}
		for i := 0; i < n; i++ {
			next <- i
		}
		close(next)
		wg.Wait()
	}

	// The judged files, in the source's order; targets index into them.
	sort.Slice(records, func(a, b int) bool { return records[a].i < records[b].i })
	if len(records) > 0 {
		ev.Files = make([]*File, len(records))
	}
	for k, r := range records {
		ev.Files[k] = r.f
	}
	pos := func(i int) int {
		k := sort.Search(len(records), func(k int) bool { return records[k].i >= i })
		if k < len(records) && records[k].i == i {
			return k
		}
		return -1
	}
	ev.Judged = int(judged.Load())
	ev.streamLangs = nil
	for _, r := range perFile {
		aggs[r].outcome(ev, &outcomes[r], pos, sopt.TakeFindings)
	}
	if len(whole) > 0 {
		sel := make([]Compiled, len(whole))
		for k, r := range whole {
			sel[k] = rules[r]
		}
		for k, o := range Run(sel, ev, opt) {
			outcomes[whole[k]] = o
		}
	}
	return outcomes
}

// conditionsDecided decides, before a streamed run over a change, the conditions of
// its rules ("when you add a function", "when you change `src/api/`"): a file's view
// of the stream holds that file alone, and the records after it hold no content, so
// the changed files are read for this once more. It returns the rules the change does
// not concern, with why; outside a change (ModeAll), where a condition says little,
// only the rules about new code.
func conditionsDecided(rules []Compiled, ev *Evidence, src Source) map[int]string {
	if ev.Mode != ModeDiff {
		// outside a change only a rule about new code is decided: the tree as it
		// stands is none (CheckCondition reads nothing else for it)
		var out map[int]string
		for i, c := range rules {
			if c.Rule != nil && c.Rule.When != nil && c.Rule.When.NewCode {
				if out == nil {
					out = map[int]string{}
				}
				_, out[i] = CheckCondition(c.Rule.When, ev)
			}
		}
		return out
	}
	var pre *Evidence
	out := map[int]string{}
	for i, c := range rules {
		if c.Rule == nil || c.Rule.When == nil {
			continue
		}
		if pre == nil {
			changed := map[string]bool{}
			for _, p := range ev.Changed {
				changed[p] = true
			}
			var files []*File
			toolWritten := map[string]bool{}
			for k := 0; k < src.Len(); k++ {
				if !changed[src.Path(k)] {
					continue
				}
				if f := src.Load(k); f != nil {
					files = append(files, f)
				} else if src.ToolWritten(k) {
					toolWritten[src.Path(k)] = true
				}
			}
			pre = ev.withFiles(files)
			pre.toolWritten = toolWritten
		}
		if a, why := CheckCondition(c.Rule.When, pre); a == NotApplicable {
			out[i] = why
		}
	}
	return out
}

// timedJudge judges on one goroutine of its own, reused from judge to judge, under
// one timer, reset for each: a goroutine, a channel and a timer per judge were a
// third of what a streamed run allocated. A judge that overruns is undetermined and
// its goroutine is left to finish alone; the next judge gets a new one.
type timedJudge struct {
	timeout time.Duration
	timer   *time.Timer
	jobs    chan judgeJob
	out     chan Result
}

type judgeJob struct {
	c  Check
	ev *Evidence
	t  Target
}

func (tj *timedJudge) judge(c Check, ev *Evidence, t Target) Result {
	if tj.timeout <= 0 {
		return safeJudge(c, ev, t)
	}
	if tj.jobs == nil {
		jobs, out := make(chan judgeJob), make(chan Result, 1)
		go func() {
			for j := range jobs {
				out <- safeJudge(j.c, j.ev, j.t)
			}
		}()
		tj.jobs, tj.out = jobs, out
	}
	tj.jobs <- judgeJob{c, ev, t}
	if tj.timer == nil {
		tj.timer = time.NewTimer(tj.timeout)
	} else {
		tj.timer.Reset(tj.timeout)
	}
	select {
	case r := <-tj.out:
		tj.timer.Stop()
		return r
	case <-tj.timer.C:
		close(tj.jobs) // its goroutine ends once the judge returns
		tj.jobs, tj.out = nil, nil
		return timedOut(tj.timeout)
	}
}

func (tj *timedJudge) close() {
	if tj.jobs != nil {
		close(tj.jobs)
	}
	if tj.timer != nil {
		tj.timer.Stop()
	}
}

// streamAgg folds one rule's results over a streamed run: the verdict of every
// target, and the targets worth keeping.
type streamAgg struct {
	mu      sync.Mutex
	verdict Verdict
	kept    []streamKept
}

type streamKept struct {
	file, slot int
	tr         TargetResult
}

func (a *streamAgg) add(file, slot int, tr TargetResult, violated bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.verdict = fold(a.verdict, tr.Verdict)
	// a target judged only in part is kept too: the summary reports what was left out
	if tr.Verdict == Violated && violated || tr.Verdict == Undetermined || tr.Partial != nil {
		a.kept = append(a.kept, streamKept{file: file, slot: slot, tr: tr})
	}
}

// outcome fills a file-by-file rule's outcome once the stream has ended, with
// ownership applied in ModeDiff. The kept targets hold every violated one: a verdict
// that ownership changes is theirs, at least satisfied (the satisfied targets were
// not kept).
func (a *streamAgg) outcome(ev *Evidence, o *Outcome, pos func(int) int, taken bool) {
	o.Targets, o.Verdict = a.finish(pos)
	o.Taken = taken
	if ev.Mode == ModeDiff && ownFiles(ev, o.Targets) {
		o.Verdict = Aggregate(o.Targets)
	}
}

// finish returns the kept targets in the order Run would give them (by file, then as
// the check listed them), their indexes pointing into the run's Files, and the
// verdict.
func (a *streamAgg) finish(pos func(int) int) ([]TargetResult, Verdict) {
	sort.Slice(a.kept, func(i, j int) bool {
		if a.kept[i].file != a.kept[j].file {
			return a.kept[i].file < a.kept[j].file
		}
		return a.kept[i].slot < a.kept[j].slot
	})
	out := make([]TargetResult, len(a.kept))
	for i, k := range a.kept {
		out[i] = k.tr
		if out[i].Target.Kind == TargetFile {
			out[i].Target.Index = pos(k.file)
		}
	}
	v := a.verdict
	if v == "" {
		v = Inapplicable
	}
	return out, v
}
