package engine

import (
	"fmt"
	"math"
	"runtime"
	"sort"
	"sync"
	"time"

	"github.com/heed-dev/heed/internal/policy"
)

// TargetResult is a rule's result on one target.
type TargetResult struct {
	Target Target
	Result
}

// Outcome is everything one rule produced over the evidence.
type Outcome struct {
	Rule       *policy.Rule
	Constraint *policy.Constraint
	// Verdict aggregates the targets' verdicts: violated if any is, else undetermined
	// if any is, else satisfied if any is, else inapplicable (no target).
	Verdict Verdict
	Targets []TargetResult
	// NotApplicable says why the rule's condition (policy.Rule.When) does not hold in
	// the evidence; the rule then has no target and is inapplicable.
	NotApplicable string
	// Taken marks a file-by-file rule of a streamed run whose findings went to the
	// run's FileDone callback (StreamOptions.TakeFindings): its violated targets
	// hold none.
	Taken bool
}

// Findings returns every finding of the outcome, in target order.
func (o *Outcome) Findings() []Finding {
	var out []Finding
	for _, t := range o.Targets {
		out = append(out, t.Findings...)
	}
	return out
}

// Options tune a run.
type Options struct {
	// Workers bounds parallelism (default: the number of CPUs).
	Workers int
	// Timeout bounds one Judge call; a judge that overruns is undetermined. Zero means
	// no bound.
	Timeout time.Duration
	// Stop, when closed, ends the run early: the targets not judged by then are
	// undetermined with ReasonStopped (a bound on the whole run, not one judge).
	Stop <-chan struct{}
}

// ReasonStopped is the reason of a target left unjudged because Options.Stop closed.
const ReasonStopped = "not judged: the run was stopped (time budget)"

// Run judges every compiled rule over the evidence. It never fails: a check that
// panics or overruns yields an undetermined result carrying the error. In ModeDiff,
// only the findings the change owns are kept (Evidence.Owns).
func Run(rules []Compiled, ev *Evidence, opt Options) []Outcome {
	outcomes := make([]Outcome, len(rules))
	type job struct {
		rule   int
		target Target
		slot   int
	}
	groups := map[string][]job{} // by file path; "" for non-file targets
	var order []string
	var batched []Check // the checks with targets, in the rules' order (Batcher)
	for i, c := range rules {
		outcomes[i] = Outcome{Rule: c.Rule, Constraint: c.Constraint}
		if c.Rule != nil && c.Rule.When != nil {
			if a, why := CheckCondition(c.Rule.When, ev); a == NotApplicable {
				outcomes[i].NotApplicable = why
				continue
			}
		}
		targets, err := safeTargets(c.Check, ev)
		if err != nil {
			outcomes[i].Targets = []TargetResult{{Target: Target{Kind: TargetChange}, Result: targetsFailed(err)}}
			continue
		}
		if len(targets) > 0 {
			batched = append(batched, c.Check)
		}
		outcomes[i].Targets = make([]TargetResult, len(targets))
		for j, t := range targets {
			outcomes[i].Targets[j].Target = t
			key := ""
			if t.Kind == TargetFile {
				key = t.Path
			}
			if _, ok := groups[key]; !ok {
				order = append(order, key)
			}
			groups[key] = append(groups[key], job{rule: i, target: t, slot: j})
		}
	}
	startBatches(ev, batched)
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	// Largest files first (the targets that are not files before them): a big file
	// judged last would leave the other workers idle while it parses. Results go to
	// fixed slots, so the order changes nothing else.
	size := func(key string) int {
		if key == "" {
			return math.MaxInt
		}
		if f := ev.File(key); f != nil {
			return len(f.Content)
		}
		return 0
	}
	sort.SliceStable(order, func(i, j int) bool { return size(order[i]) > size(order[j]) })
	if workers == 1 {
		var seq []seqJob
		for _, k := range order {
			for i, j := range groups[k] {
				sj := seqJob{rule: j.rule, target: j.target, slot: j.slot}
				if i == len(groups[k])-1 {
					sj.release = k
				}
				seq = append(seq, sj)
			}
		}
		runSequential(rules, ev, seq, outcomes, opt)
		return finish(ev, outcomes)
	}
	work := make(chan string)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for key := range work {
				for _, j := range groups[key] {
					if stopped(opt.Stop) {
						outcomes[j.rule].Targets[j.slot].Result = Result{Verdict: Undetermined, Reason: ReasonStopped}
						continue
					}
					res := judge(rules[j.rule].Check, ev, j.target, opt.Timeout)
					if ev.Mode == ModeDiff {
						res = ownLines(ev, res)
					}
					outcomes[j.rule].Targets[j.slot].Result = res
				}
				if key != "" {
					// The separator matters: "file:a.py" is a prefix of "file:a.pyi",
					// and releasing another worker's tree would free it under its feet.
					ev.Release("file:" + key + "\x00")
				}
			}
		}()
	}
	for _, k := range order {
		work <- k
	}
	close(work)
	wg.Wait()
	return finish(ev, outcomes)
}

// finish leaves out, in ModeDiff, the findings the change does not own in files the
// judging could not place (ownFiles), and folds each outcome's verdict.
func finish(ev *Evidence, outcomes []Outcome) []Outcome {
	for i := range outcomes {
		if ev.Mode == ModeDiff {
			ownFiles(ev, outcomes[i].Targets)
		}
		outcomes[i].Verdict = Aggregate(outcomes[i].Targets)
	}
	return outcomes
}

// seqJob is one judge of a sequential run; release names the file whose evidence
// is released after it (the last target of that file).
type seqJob struct {
	rule   int
	target Target
	slot   int
	// release is the group's file path, set on its last job ("" for targets that are
	// not files).
	release string
}

// runSequential judges the jobs one after another (Workers: 1). Without a timeout
// they run on the caller's goroutine. With one, they run on a single goroutine that
// the caller watches with a single timer: a goroutine and a timer per judge cost a
// PATH shim more than the judging itself. A judge that runs past the timeout is
// undetermined, as with several workers, and the jobs after it go on on a new
// goroutine; the one left behind does nothing more once its judge returns.
func runSequential(rules []Compiled, ev *Evidence, jobs []seqJob, outcomes []Outcome, opt Options) {
	run := func(j seqJob) Result {
		if stopped(opt.Stop) {
			return Result{Verdict: Undetermined, Reason: ReasonStopped}
		}
		res := safeJudge(rules[j.rule].Check, ev, j.target)
		if ev.Mode == ModeDiff {
			res = ownLines(ev, res)
		}
		return res
	}
	release := func(j seqJob) {
		if j.release != "" {
			ev.Release("file:" + j.release + "\x00")
		}
	}
	if opt.Timeout <= 0 {
		for _, j := range jobs {
			outcomes[j.rule].Targets[j.slot].Result = run(j)
			release(j)
		}
		return
	}
	for next := 0; next < len(jobs); {
		w := &seqWorker{results: make([]Result, len(jobs)), current: next, since: time.Now(), done: make(chan struct{})}
		go w.work(jobs, next, run, release)
		next = w.watch(jobs, next, outcomes, opt.Timeout)
	}
}

// seqWorker is the goroutine of a sequential run with a timeout.
type seqWorker struct {
	mu sync.Mutex
	// current is the job being judged since since; finished counts the jobs done (their
	// results are in results); abandoned is set by the watcher when current overran.
	current, finished int
	since             time.Time
	abandoned         bool
	results           []Result
	done              chan struct{}
}

func (w *seqWorker) work(jobs []seqJob, from int, run func(seqJob) Result, release func(seqJob)) {
	defer close(w.done)
	for i := from; i < len(jobs); i++ {
		w.mu.Lock()
		if w.abandoned {
			w.mu.Unlock()
			return
		}
		w.current, w.since = i, time.Now()
		w.mu.Unlock()
		res := run(jobs[i])
		w.mu.Lock()
		if w.abandoned {
			w.mu.Unlock()
			return // the watcher gave up on this judge: its result and evidence are not ours
		}
		w.results[i], w.finished = res, i+1
		w.mu.Unlock()
		release(jobs[i])
	}
}

// watch waits for the worker and copies its results; when a judge overruns the
// timeout, it is undetermined, and watch returns the job to go on from.
func (w *seqWorker) watch(jobs []seqJob, from int, outcomes []Outcome, timeout time.Duration) int {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		select {
		case <-w.done:
			for i := from; i < len(jobs); i++ {
				outcomes[jobs[i].rule].Targets[jobs[i].slot].Result = w.results[i]
			}
			return len(jobs)
		case <-timer.C:
		}
		w.mu.Lock()
		over := time.Since(w.since)
		if w.finished > w.current || over < timeout {
			w.mu.Unlock()
			timer.Reset(max(timeout-over, time.Millisecond))
			continue
		}
		w.abandoned = true
		cur := w.current
		for i := from; i < cur; i++ {
			outcomes[jobs[i].rule].Targets[jobs[i].slot].Result = w.results[i]
		}
		w.mu.Unlock()
		outcomes[jobs[cur].rule].Targets[jobs[cur].slot].Result = timedOut(timeout)
		return cur + 1
	}
}

func timedOut(timeout time.Duration) Result {
	return InternalError(fmt.Sprintf("check did not finish within %s", timeout))
}

func stopped(stop <-chan struct{}) bool {
	if stop == nil {
		return false
	}
	select {
	case <-stop:
		return true
	default:
		return false
	}
}

func safeTargets(c Check, ev *Evidence) (ts []Target, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &PanicError{Value: p}
		}
	}()
	return c.Targets(ev), nil
}

// targetsFailed is the result of a check whose Targets panicked.
func targetsFailed(err error) Result {
	return Result{Verdict: Undetermined, Reason: err.Error(), Internal: true}
}

func safeJudge(c Check, ev *Evidence, t Target) (r Result) {
	defer func() {
		if p := recover(); p != nil {
			r = InternalError(fmt.Sprintf("panic: %v", p))
		}
	}()
	r = c.Judge(ev, t)
	switch r.Verdict {
	case Satisfied, Violated, Undetermined, Inapplicable:
	default:
		r = InternalError(fmt.Sprintf("check returned verdict %q", r.Verdict))
	}
	if r.Verdict == Violated && len(r.Findings) == 0 {
		// A violation must say where; synthesise a finding on the target so it is never lost.
		r.Findings = []Finding{{Path: t.Path, CommandIndex: -1, Message: r.Reason}}
	}
	return r
}

func judge(c Check, ev *Evidence, t Target, timeout time.Duration) Result {
	if timeout <= 0 {
		return safeJudge(c, ev, t)
	}
	done := make(chan Result, 1)
	go func() { done <- safeJudge(c, ev, t) }()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case r := <-done:
		return r
	case <-timer.C:
		return timedOut(timeout)
	}
}
