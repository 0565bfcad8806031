package audit

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/heed-dev/heed/internal/audit/trajectory"
	"github.com/heed-dev/heed/internal/config"
	"github.com/heed-dev/heed/internal/engine"
)

// A run folder holds one session: a trajectory and the repository state it left.
//
//	run.json       optional: {"id", "trajectory", "agent", "repo", "base", "head", "pr"},
//	               paths relative to the folder
//	trajectory.*   the trajectory (else *.traj.json, rollout-*.jsonl, *.jsonl, events.json)
//	repo/          the repository (else the folder itself when it is one)
//	pr.md          the pull-request text, when there is one
type RunSpec struct {
	ID         string `json:"id"`
	Dir        string `json:"-"`
	Trajectory string `json:"trajectory"`
	Agent      string `json:"agent"`
	Repo       string `json:"repo"`
	Base       string `json:"base"`
	Head       string `json:"head"`
	PR         string `json:"pr"`
}

// ReadRunSpec reads a run folder's layout.
func ReadRunSpec(dir string) (RunSpec, error) {
	spec := RunSpec{ID: filepath.Base(dir), Dir: dir}
	if data, err := os.ReadFile(filepath.Join(dir, "run.json")); err == nil {
		if err := json.Unmarshal(data, &spec); err != nil {
			return spec, fmt.Errorf("%s: %v", filepath.Join(dir, "run.json"), err)
		}
		spec.Dir = dir
		if spec.ID == "" {
			spec.ID = filepath.Base(dir)
		}
	}
	abs := func(p string) string {
		if p == "" || filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(dir, p)
	}
	spec.Trajectory, spec.Repo, spec.PR = abs(spec.Trajectory), abs(spec.Repo), abs(spec.PR)
	if spec.Trajectory == "" {
		spec.Trajectory = findTrajectory(dir)
	}
	if spec.Repo == "" {
		if st, err := os.Stat(filepath.Join(dir, "repo")); err == nil && st.IsDir() {
			spec.Repo = filepath.Join(dir, "repo")
		} else if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
			spec.Repo = dir
		}
	}
	if spec.PR == "" {
		for _, n := range []string{"pr.md", "pr.txt", "PR.md"} {
			if _, err := os.Stat(filepath.Join(dir, n)); err == nil {
				spec.PR = filepath.Join(dir, n)
				break
			}
		}
	}
	return spec, nil
}

func findTrajectory(dir string) string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	var names []string
	for _, e := range ents {
		if !e.IsDir() {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	for _, match := range []func(string) bool{
		func(n string) bool { return strings.HasPrefix(n, "trajectory.") },
		func(n string) bool { return strings.HasSuffix(n, ".traj.json") || strings.HasSuffix(n, ".traj") },
		func(n string) bool { return strings.HasPrefix(n, "rollout-") && strings.HasSuffix(n, ".jsonl") },
		func(n string) bool { return n == "events.json" || n == "journal.jsonl" },
		func(n string) bool { return strings.HasSuffix(n, ".jsonl") },
	} {
		for _, n := range names {
			if match(n) {
				return filepath.Join(dir, n)
			}
		}
	}
	return ""
}

// Shard is one slice of a batch: runs whose position in name order is I-1 modulo N.
type Shard struct{ I, N int }

// ParseShard reads "I/N" (1 <= I <= N).
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return Shard{}, fmt.Errorf("--shard %q: want I/N with 1 <= I <= N, e.g. 2/8", s)
	}
	return Shard{I: i, N: n}, nil
}

func (s Shard) String() string {
	if s.N == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.I, s.N)
}

// RunDirs lists the run folders of a batch directory that belong to the shard.
func RunDirs(root string, shard Shard) ([]string, error) {
	ents, err := os.ReadDir(root)
	if err != nil {
		return nil, fmt.Errorf("read runs folder: %w", err)
	}
	var all []string
	for _, e := range ents {
		if e.IsDir() && !strings.HasPrefix(e.Name(), ".") {
			all = append(all, filepath.Join(root, e.Name()))
		}
	}
	sort.Strings(all)
	if shard.N <= 1 {
		return all, nil
	}
	var out []string
	for i, d := range all {
		if i%shard.N == shard.I-1 {
			out = append(out, d)
		}
	}
	return out, nil
}

// Batch is the result of auditing many runs: per-run summaries and the rates over all
// their verdicts. Batches of different shards merge into one (Merge).
type Batch struct {
	Version int          `json:"version"`
	Kind    string       `json:"kind"`
	Shards  []string     `json:"shards"`
	Runs    []RunSummary `json:"runs"`
	// Errors are the runs that could not be audited at all (no trajectory and no
	// repository, an unreadable run.json).
	Errors  []RunError `json:"errors"`
	Metrics Metrics    `json:"rates"`
	// Rules counts each rule's verdicts across the runs.
	Rules []RuleTally `json:"rules"`
	// DurationMS is the wall time of this batch (the sum over merged shards).
	DurationMS float64 `json:"duration_ms"`
}

// BatchKind marks a batch result file.
const BatchKind = "heed-audit-batch"

// RunSummary is one run of a batch.
type RunSummary struct {
	ID         string                    `json:"id"`
	Run        RunInfo                   `json:"run"`
	Metrics    Metrics                   `json:"rates"`
	Verdicts   map[string]engine.Verdict `json:"verdicts"`
	Violations []Violation               `json:"violations"`
	Missing    []string                  `json:"missing"`
	Warnings   int                       `json:"warnings"`

	rules []RuleResult // the full rows, for the batch's rule descriptions
}

// RunError is a run that could not be audited.
type RunError struct {
	ID    string `json:"id"`
	Error string `json:"error"`
}

// RuleTally is one rule's verdicts across runs.
type RuleTally struct {
	Rule   string `json:"rule"`
	Domain string `json:"domain"`
	File   string `json:"file"`
	Text   string `json:"text"`
	Rates  Rates  `json:"rates"`
}

// Loader gives a run's compiled rules (cached by the caller).
type Loader func(repoDir string) ([]engine.Compiled, error)

// BatchOptions tune a batch.
type BatchOptions struct {
	Shard   Shard
	Workers int
	Timeout time.Duration
	Rules   Loader
	// Progress is called after each run (done, total); nil for none.
	Progress func(done, total int)
	// Config is the configuration every run reads (--config); nil: each run's own
	// .heed/config. Exclude are gitignore patterns every run leaves out, after its
	// repository's .heedignore and the configuration's (Options.Exclude).
	Config  *config.Config
	Exclude []string

	cache *RepoCache
}

// RunBatch audits every run folder of the shard in parallel.
func RunBatch(root string, opt BatchOptions) (*Batch, error) {
	start := time.Now()
	dirs, err := RunDirs(root, opt.Shard)
	if err != nil {
		return nil, err
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	type result struct {
		sum *RunSummary
		err *RunError
	}
	results := make([]result, len(dirs))
	cache := NewRepoCache()
	defer cache.Close()
	opt.cache = cache
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				sum, err := auditRunDir(dirs[i], opt)
				if err != nil {
					results[i].err = &RunError{ID: filepath.Base(dirs[i]), Error: err.Error()}
				} else {
					results[i].sum = sum
				}
				mu.Lock()
				done++
				if opt.Progress != nil {
					opt.Progress(done, len(dirs))
				}
				mu.Unlock()
			}
		}()
	}
	for i := range dirs {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	b := &Batch{Version: ReportVersion, Kind: BatchKind, Runs: []RunSummary{}, Errors: []RunError{}}
	if opt.Shard.N > 0 {
		b.Shards = []string{opt.Shard.String()}
	}
	meta := map[string]RuleTally{}
	for _, r := range results {
		if r.err != nil {
			b.Errors = append(b.Errors, *r.err)
			continue
		}
		b.Runs = append(b.Runs, *r.sum)
		for _, rr := range r.sum.rules {
			if _, ok := meta[rr.Rule]; !ok {
				meta[rr.Rule] = RuleTally{Rule: rr.Rule, Domain: rr.Domain, File: rr.Instruction.File, Text: oneLine(rr.Instruction.Text, 200)}
			}
		}
	}
	b.Rules = tallyRules(b.Runs, meta)
	b.finish()
	b.DurationMS = float64(time.Since(start).Microseconds()) / 1000
	return b, nil
}

func (b *Batch) finish() {
	m := Metrics{Domain: map[string]Rates{}, File: map[string]Rates{}}
	for _, r := range b.Runs {
		m.Merge(r.Metrics)
	}
	m.Finish()
	b.Metrics = m
	sort.Slice(b.Runs, func(i, j int) bool { return b.Runs[i].ID < b.Runs[j].ID })
	sort.Slice(b.Errors, func(i, j int) bool { return b.Errors[i].ID < b.Errors[j].ID })
	if b.Rules == nil {
		b.Rules = []RuleTally{}
	}
	if b.Shards == nil {
		b.Shards = []string{}
	}
}

// auditRunDir audits one run folder.
func auditRunDir(dir string, opt BatchOptions) (*RunSummary, error) {
	spec, err := ReadRunSpec(dir)
	if err != nil {
		return nil, err
	}
	if spec.Trajectory == "" && spec.Repo == "" {
		return nil, fmt.Errorf("%s: neither a trajectory nor a repository", dir)
	}
	ao := Options{Repo: spec.Repo, Base: spec.Base, Head: spec.Head, TrajectoryPath: spec.Trajectory, Timeout: opt.Timeout, Workers: 1, Cache: opt.cache, Config: opt.Config, Exclude: opt.Exclude}
	if spec.Trajectory != "" {
		f, err := os.Open(spec.Trajectory)
		if err != nil {
			ao.TrajectoryErr = err
		} else if t, err := trajectory.Read(f, spec.Agent); err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				ao.TrajectoryErr = err // a read error names the file
			} else {
				ao.TrajectoryErr = fmt.Errorf("%s: %w", filepath.Base(spec.Trajectory), err)
			}
		} else {
			ao.Trajectory = t
		}
		if f != nil {
			f.Close()
		}
	}
	if spec.PR != "" {
		data, err := os.ReadFile(spec.PR)
		if err == nil {
			ao.PR, ao.PRSource = ParsePR(string(data)), filepath.Base(spec.PR)
		}
	}
	if spec.Repo != "" && opt.Rules != nil {
		rules, err := opt.Rules(spec.Repo)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", spec.Repo, err)
		}
		ao.Rules = rules
	}
	rep, err := Run(ao)
	if err != nil {
		return nil, err
	}
	rep.Run.ID = spec.ID
	return summarize(spec.ID, rep), nil
}

// Summarize keeps what a batch needs of a run's report.
func summarize(id string, rep *Report) *RunSummary {
	s := &RunSummary{ID: id, Run: rep.Run, Metrics: rep.Metrics, Verdicts: map[string]engine.Verdict{},
		Violations: []Violation{}, Missing: rep.Missing, Warnings: len(rep.Warnings)}
	for _, r := range rep.Rules {
		s.Verdicts[r.Rule] = r.Verdict
		s.Violations = append(s.Violations, r.Violations...)
		s.rules = append(s.rules, r)
	}
	return s
}

// tallyRules counts each rule's verdicts over the runs; meta describes the rules.
func tallyRules(runs []RunSummary, meta map[string]RuleTally) []RuleTally {
	counts := map[string]*RuleTally{}
	for _, r := range runs {
		for id, v := range r.Verdicts {
			t := counts[id]
			if t == nil {
				m, ok := meta[id]
				if !ok {
					m = RuleTally{Rule: id}
				}
				m.Rates = Rates{}
				t = &m
				counts[id] = t
			}
			t.Rates.Add(v)
		}
	}
	out := []RuleTally{}
	for _, k := range slices.Sorted(maps.Keys(counts)) {
		t := counts[k]
		t.Rates.Finish()
		out = append(out, *t)
	}
	return out
}

// Merge combines batch results (shards of one batch, or batches of many): runs are
// united by id (a later file's run replaces an earlier one with the same id, so a
// shard merged twice counts once), and every rate is recomputed from the runs.
func Merge(bs []*Batch) *Batch {
	out := &Batch{Version: ReportVersion, Kind: BatchKind, Runs: []RunSummary{}, Errors: []RunError{}}
	byID := map[string]int{}
	meta := map[string]RuleTally{}
	errs := map[string]RunError{}
	for _, b := range bs {
		out.Shards = append(out.Shards, b.Shards...)
		out.DurationMS += b.DurationMS
		for _, r := range b.Runs {
			if i, ok := byID[r.ID]; ok {
				out.Runs[i] = r
				continue
			}
			byID[r.ID] = len(out.Runs)
			out.Runs = append(out.Runs, r)
		}
		for _, e := range b.Errors {
			errs[e.ID] = e
		}
		for _, t := range b.Rules {
			if _, ok := meta[t.Rule]; !ok {
				meta[t.Rule] = t
			}
		}
	}
	for _, id := range slices.Sorted(maps.Keys(errs)) {
		if _, ok := byID[id]; !ok {
			out.Errors = append(out.Errors, errs[id])
		}
	}
	out.Rules = tallyRules(out.Runs, meta)
	out.finish()
	return out
}
