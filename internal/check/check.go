// Package check is `heed check`: it builds the evidence of a repository or of a change
// (every file, a diff against a revision, the index, the working tree), runs the
// project's compiled rules over it, keeps what the change owns, applies suppression
// comments and the baseline, and returns findings ready for a report.
package check

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/heed-dev/heed/internal/config"
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/graph"
	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/project"
	"github.com/heed-dev/heed/internal/repo"
	"github.com/heed-dev/heed/internal/report"
	"github.com/heed-dev/heed/internal/resultcache"
)

// Mode is how much of the repository a check judges.
type Mode string

const (
	// All judges every file as it stands.
	All Mode = "all"
	// Diff judges the change from a revision to the working tree, with its commits.
	Diff Mode = "diff"
	// Staged judges what the index holds over HEAD (a pre-commit hook).
	Staged Mode = "staged"
	// Unstaged judges what the working tree holds over the index.
	Unstaged Mode = "unstaged"
)

// Options say what to check.
type Options struct {
	Mode Mode
	// Rev is the base revision of Diff.
	Rev string
	// Index makes Diff the change from Rev to the index (the commits and what is
	// staged: what the next commit would record), not to the work tree, whose
	// unstaged edits and untracked files are then left out (--diff REV --staged).
	Index bool
	// Paths narrow the check to these repository-relative files or folders.
	Paths []string
	// UseBaseline hides the findings recorded in .heed/baseline.json.
	UseBaseline bool
	// Domains keep only the rules of these domains (all when empty).
	Domains []string
	// NoCache leaves .heed/cache/ alone: no cached import facts are read or written.
	NoCache bool
	// Config is the configuration in force (the file --config named); nil reads the
	// repository's .heed/config.
	Config *config.Config
	// Exclude are gitignore patterns of files to leave out (--exclude), after the
	// repository's .heedignore and the configuration's [check] exclude
	// (repo.Exclusions). A file left out is not judged, its findings are not
	// reported, and it is counted as skipped ("excluded"); change-level rules still
	// see the whole change.
	Exclude []string
	// SpillFindings leaves the findings in Result.Store, which writes them to a
	// temporary file past report.DefaultSpill of them, and Result.Findings empty: a
	// report written from the store holds one finding at a time. Close the result to
	// remove the file.
	SpillFindings bool
	// DropHidden counts the findings suppression comments and the baseline hide in
	// the summary without keeping them in Result.Hidden: for a report that does not
	// record them (every format but SARIF), a repository with a large baseline then
	// holds none of it.
	DropHidden bool
	// CondenseReview reports a rule that needs review (the compiler demoted it: it
	// flags much of the existing code, or its own instruction file) once, in
	// Summary.Condensed, with its count and its first report.MaxReviewSites sites
	// among the findings, instead of every site. heed check does, unless asked for
	// every site (--all-sites); a baseline records every site.
	CondenseReview bool
	// GuardSeverity is the severity of heed/guard-change findings in Diff mode (a
	// change to instruction files, .heed/ or agents' hook settings): warning when
	// empty, or error.
	GuardSeverity string
	// PR is the pull request's title and description (--pr FILE, or the CI event of
	// a pull request); nil when none was given: a rule on them is then undetermined.
	PR *engine.PR
	// sources are the instruction files of the policy that judges (Run sets them).
	sources []string
	// condenseOver is the number of sites past which CondenseReview also reports a
	// generated warning rule once (the self-validation's max_sites: Run sets it).
	condenseOver int
	// Workers bounds parallelism (default: the number of CPUs); JudgeTimeout bounds
	// one rule on one target (default 30s).
	Workers      int
	JudgeTimeout time.Duration
}

// Result is what a check found.
type Result struct {
	// Findings are the reported findings, sorted by place (empty when Store holds
	// them).
	Findings []report.Finding
	// Store holds the reported findings instead of Findings when the check was asked
	// to spill them (Options.SpillFindings).
	Store *report.Store
	// Outcomes are every selected rule's verdicts (after ownership), for callers
	// that need more than findings (audits, the MCP server). Their targets are the
	// undetermined ones of rules judged file by file and those judged in part, every
	// target of the others; their findings are in Findings, not repeated here.
	Outcomes []engine.Outcome
	Summary  report.Summary
	// Hidden are the findings suppression comments or the baseline hid.
	Hidden []report.Hidden
	// Rules describe the rules that ran.
	Rules []report.RuleInfo
}

// Report returns the result as a report for the writers.
func (r *Result) Report() *report.Report {
	rep := &report.Report{Findings: r.Findings, Summary: r.Summary, Rules: r.Rules, Hidden: r.Hidden, Store: r.Store}
	rep.Tally()
	return rep
}

// Close removes the file the result's findings were written to, if any.
func (r *Result) Close() error {
	if r.Store == nil {
		return nil
	}
	return r.Store.Close()
}

// HasErrors reports whether an error-severity finding was reported (exit status 1).
func (r *Result) HasErrors() bool {
	if r.Store != nil && r.Store.Errors() > 0 {
		return true
	}
	for _, f := range r.Findings {
		if f.Severity == policy.SeverityError {
			return true
		}
	}
	return false
}

// UsageError is a check that cannot run as asked: an unknown revision, a diff outside
// git, a path outside the repository, an unknown domain. The CLI exits 2 with it.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

func usage(format string, args ...any) error { return &UsageError{Msg: fmt.Sprintf(format, args...)} }

// Domains heed's rules belong to.
var Domains = []string{policy.DomainProcess, policy.DomainSource, policy.DomainArchitecture, policy.DomainContribution, policy.DomainSemantic}

// Run checks the project as opt says.
func Run(p *project.Project, opt Options) (*Result, error) {
	opt.condenseOver = policy.DefaultMaxSites
	if p.Policy != nil {
		for _, s := range policy.Sealed(p.Policy.Sources) {
			opt.sources = append(opt.sources, s.Path)
		}
		opt.condenseOver = p.Policy.SelfValidation.WithDefaults().MaxSites
	}
	// p.Repo, when loading listed the tree, is the repository at p.Root with that listing
	return runRules(p.Repo, p.Root, p.Rules, opt)
}

// runRules checks the repository at root with the given compiled rules, the
// repository already opened (r), or nil to open it.
func runRules(r *repo.Repo, root string, rules []engine.Compiled, opt Options) (*Result, error) {
	start := time.Now()
	if opt.Mode == "" {
		opt.Mode = All
	}
	selected, err := selectDomains(rules, opt.Domains)
	if err != nil {
		return nil, err
	}
	selected, also := dropRestated(selected)
	if r == nil {
		var err error
		if r, err = repo.Open(root); err != nil {
			return nil, usage("%v", err)
		}
	}
	paths, err := cleanPaths(opt.Paths)
	if err != nil {
		return nil, err
	}
	if opt.GuardSeverity, err = guardSeverity(opt.GuardSeverity); err != nil {
		return nil, err
	}
	// Read first: a missing or broken baseline must not cost a whole check.
	bl, err := loadBaselineFor(r, root, opt)
	if err != nil {
		return nil, err
	}
	ig, err := repo.Exclusions(root, opt.Config, opt.Exclude)
	if err != nil {
		return nil, usage("%v", err)
	}
	// Only the import graph (and a judge rule without a model, looking for a file in
	// its scope) lists the whole tree in a check; without them a full check keeps
	// only the files it judges of the listing.
	readsGraph := usesImportGraph(selected)
	needsTree := engine.ReadsTree(selected) || readsGraph
	if needsTree && (opt.Mode == Diff && !opt.Index || opt.Mode == Unstaged) {
		// the work tree's listing, while git diffs (Prefetch listed only the
		// untracked files: a diff needs them, not the tracked ones)
		r.StartListing()
	}
	b, err := buildEvidence(r, opt, paths, engine.WantedFiles(selected), ig, needsTree, engine.CommitBranches(selected))
	if err != nil {
		return nil, err
	}
	defer b.close()
	ev := b.ev
	ev.PR = opt.PR
	timeout := opt.JudgeTimeout
	if timeout == 0 {
		timeout = 30 * time.Second
	}
	// A diff, or a check of some paths, reads the import facts of few files: the cache
	// keeps those of the others. A run of no rule that reads the import graph leaves
	// its cache alone (not read, not cut down to the nothing it used).
	cache := attachCache(root, ev, opt.NoCache || !readsGraph, opt.Mode != All || len(paths) > 0)
	// A diff judges the few files it touched: reading a findings cache of the whole
	// tree would cost it more than it saves, so only a full check uses one.
	findings := attachFindingsCache(root, ev, opt.NoCache || opt.Mode != All, len(paths) > 0)
	// Files stream through the rules: each is read, judged, its suppression comments
	// noted and its findings fingerprinted, suppressed or kept while it is in memory,
	// and dropped before the files after it. The findings go to a store (written to
	// a file past a few thousand when opt.SpillFindings), not into the outcomes.
	pl := newPipeline(ev, opt, selected, also, bl)
	outcomes := engine.StreamWith(selected, ev, b.src, engine.StreamOptions{
		Options:      engine.Options{Workers: opt.Workers, Timeout: timeout},
		TakeFindings: true,
		ForgetFiles:  opt.Mode == All,
	}, pl.fileDone(selected))
	b.loaded = b.src.Loaded()
	if b.forget != nil {
		b.forget.Forget(b.loaded.Missing...) // tracked, but deleted from the work tree
	}
	// Writing the caches back needs nothing of what follows: do it alongside.
	saved := make(chan struct{})
	go func() {
		defer close(saved)
		saveCache(root, cache)
		saveFindingsCache(root, findings)
	}()
	defer func() { <-saved }()
	res := &Result{Outcomes: outcomes}

	// The findings of the rules that judge the whole tree, and those deferred.
	pl.addLate(outcomes, ev, b.loaded, paths, ig, selected, opt.Workers)
	// Suppression comments that did nothing.
	for i, f := range suppressionWarnings(ev, pl.dirs, knownIDs(rules), ranByID(selected), paths, pl.lines) {
		pl.add(&f, report.Seq{Rule: uint32(len(selected)), Target: uint32(i)}, nil)
	}
	// Changes to the rules themselves: after suppressions and the baseline, which the
	// change could have written.
	if opt.Mode == Diff {
		for i, f := range guardChanges(ev, paths, opt, b.base) {
			pl.store.Add(&f, report.Seq{Rule: uint32(len(selected)) + 1, Target: uint32(i)})
		}
	}
	condensed := pl.condense(selected)
	res.Hidden = pl.hiddenInOrder()
	res.Summary.Suppressed, res.Summary.Baselined = pl.suppressed, pl.baselined
	res.Store = pl.store
	if !opt.SpillFindings {
		all, err := pl.store.Slice()
		if err != nil {
			return nil, err
		}
		res.Findings, res.Store = all, nil
	}
	if res.Findings == nil {
		res.Findings = []report.Finding{}
	}
	for _, c := range selected {
		res.Rules = append(res.Rules, ruleInfo(c))
	}
	summarize(&res.Summary, opt, b, selected, outcomes, paths)
	res.Summary.Condensed = condensed
	res.Summary.DurationMS = float64(time.Since(start).Microseconds()) / 1000
	tally(res)
	return res, nil
}

// guardSeverity is the severity of the finding on a change to the rules themselves:
// a warning unless the options say error.
func guardSeverity(sev string) (string, error) {
	switch sev {
	case "":
		return policy.SeverityWarning, nil
	case policy.SeverityWarning, policy.SeverityError:
		return sev, nil
	}
	return "", usage("unknown guard severity %q (want warning or error)", sev)
}

// loadBaselineFor reads the baseline when the options use one (nil otherwise). A diff
// reads the baseline of its base: the change cannot record its own findings as old
// ones.
func loadBaselineFor(r *repo.Repo, root string, opt Options) (*Baseline, error) {
	if !opt.UseBaseline {
		return nil, nil
	}
	var bl *Baseline
	var err error
	if opt.Mode == Diff && r.Git && opt.Rev != "" && !strings.HasPrefix(opt.Rev, "-") {
		bl, err = LoadBaselineAt(r, opt.Rev)
	} else {
		bl, err = LoadBaseline(root)
	}
	if err != nil {
		return nil, usage("%v", err)
	}
	return bl, nil
}

// newPipeline is the pipeline a run's findings go through: a store that spills to a
// file when opt.SpillFindings, the baseline's fingerprints, and with
// opt.CondenseReview the rules whose sites are condensed.
func newPipeline(ev *engine.Evidence, opt Options, selected []engine.Compiled, also restatements, bl *Baseline) *pipeline {
	limit := -1
	if opt.SpillFindings {
		limit = report.DefaultSpill
	}
	pl := &pipeline{store: report.NewStore(limit), lines: newLineIndex(ev), dirs: map[string][]*directive{}, dropHidden: opt.DropHidden, also: also}
	if bl != nil {
		pl.baseline = bl.set()
	}
	if !opt.CondenseReview {
		return pl
	}
	for _, c := range selected {
		limit := -1
		switch {
		case c.Rule.NeedsReview():
			limit = 0
		case c.Rule.Severity == policy.SeverityWarning && c.Rule.Decision == "" && !c.Rule.Edited() && opt.condenseOver > 0:
			// a warning the compiler wrote that flags more sites than the
			// self-validation lets a rule flag (a preference the code does not
			// follow: kept as a warning, not demoted) is as much one question
			limit = opt.condenseOver
		}
		if limit >= 0 {
			if pl.review == nil {
				pl.review = map[string]*reviewSites{}
			}
			pl.review[c.Rule.ID] = &reviewSites{files: map[string]bool{}, limit: limit}
		}
	}
	return pl
}

// fileDone is what the stream does with each file once the rules judged it (the
// file is still in memory): its suppression comments noted, and its findings
// fingerprinted and added. A finding of a file-by-file rule in another file than its
// own waits for the end (addLate), with the findings of the rules that judge the
// whole tree.
func (pl *pipeline) fileDone(selected []engine.Compiled) func(f *engine.File, idx int, found []engine.FileFinding) {
	return func(f *engine.File, idx int, found []engine.FileFinding) {
		ds := parseDirectives(f.Path, f.Lang, f.Content)
		if len(ds) > 0 {
			pl.mu.Lock()
			pl.dirs[f.Path] = ds
			pl.mu.Unlock()
		}
		if len(found) == 0 && len(ds) == 0 {
			return
		}
		pl.lines.note(f, found, ds)
		for k, ff := range found {
			seq := report.Seq{Rule: uint32(ff.Rule), Target: uint32(idx), Sub: uint32(ff.Target), Index: uint32(k)}
			if ff.Path != "" && ff.Path != f.Path {
				pl.deferMu.Lock()
				pl.deferred = append(pl.deferred, seqFinding{ff.Rule, seq, ff.Finding})
				pl.deferMu.Unlock()
				continue
			}
			// f is in paths and not left out, or it would not have been read
			rf := report.FromEngine(ff.Finding, selected[ff.Rule].Rule, selected[ff.Rule].Constraint)
			pl.lines.fingerprintNoted(&rf)
			pl.add(&rf, seq, ds)
		}
		if len(ds) == 0 {
			pl.lines.drop(f.Path) // fingerprinted: only suppression comments' lines are needed later
		}
	}
}

// addLate adds the findings the stream did not: those of the rules that judge the
// whole tree (taken out of the outcomes, not to be held twice), and the deferred
// findings of file-by-file rules in another file than their own, when the change owns
// them. A whole-tree rule may place a finding in a file the run skipped (generated,
// vendored, a fixture) or left out (PATH narrowing): such a file is not judged, so its
// findings are not reported.
func (pl *pipeline) addLate(outcomes []engine.Outcome, ev *engine.Evidence, loaded *repo.Loaded, paths []string, ig *repo.Ignore, selected []engine.Compiled, workers int) {
	skipped := map[string]bool{}
	for _, ps := range loaded.Skipped {
		for _, p := range ps {
			skipped[p] = true
		}
	}
	var rest []seqFinding
	for i := range outcomes {
		if outcomes[i].Taken {
			continue
		}
		for j := range outcomes[i].Targets {
			for k, f := range outcomes[i].Targets[j].Findings {
				rest = append(rest, seqFinding{i, report.Seq{Rule: uint32(i), Target: uint32(j), Index: uint32(k)}, f})
			}
			outcomes[i].Targets[j].Findings = nil // reported: not held twice
		}
	}
	for _, d := range pl.deferred {
		if !ev.Owns(d.f) {
			continue // a file-by-file rule's finding in a file the change does not own
		}
		rest = append(rest, d)
	}
	pl.deferred = nil
	kept := rest[:0]
	for _, sf := range rest {
		if p := sf.f.Path; p == "" || inPaths(paths, p) && !skipped[p] && !ig.Match(p) {
			kept = append(kept, sf)
		}
	}
	late := make([]report.Finding, len(kept))
	for k, sf := range kept {
		late[k] = report.FromEngine(sf.f, selected[sf.rule].Rule, selected[sf.rule].Constraint)
	}
	pl.lines.fingerprintAll(late, workers)
	for k, sf := range kept {
		pl.add(&late[k], sf.seq, pl.dirs[sf.f.Path])
	}
}

// knownIDs are the ids of the rules and their constraints: a suppression comment may
// name any.
func knownIDs(rules []engine.Compiled) map[string]bool {
	known := map[string]bool{}
	for _, c := range rules {
		known[c.Rule.ID] = true
		if c.Constraint != nil {
			known[c.Constraint.ID] = true
		}
	}
	return known
}

// ranByID are the rules the run judged, by id.
func ranByID(selected []engine.Compiled) map[string]*engine.Compiled {
	ran := map[string]*engine.Compiled{}
	for i := range selected {
		ran[selected[i].Rule.ID] = &selected[i]
	}
	return ran
}

// summarize fills in what the summary says of the run: its mode and base, what it
// judged and skipped, and the targets no rule could judge or judged only in part.
func summarize(s *report.Summary, opt Options, b *built, selected []engine.Compiled, outcomes []engine.Outcome, paths []string) {
	s.Mode = string(opt.Mode)
	if opt.Mode == Diff {
		s.Base = b.base
	}
	s.Files = b.ev.Judged
	s.Commits = len(b.ev.Commits)
	s.Rules = len(selected)
	s.Skipped = map[string]int{}
	for why, ps := range b.loaded.Skipped {
		s.Skipped[why] = len(ps)
	}
	if b.excluded > 0 {
		s.Skipped[repo.SkipExcluded] = b.excluded
	}
	s.Undetermined = undetermined(outcomes, b.loaded.Unreadable, selected, paths)
	s.Partial = partial(outcomes, paths)
}

func tally(res *Result) {
	rep := report.Report{Findings: res.Findings, Summary: res.Summary, Store: res.Store}
	rep.Tally()
	res.Summary = rep.Summary
}

// seqFinding is a finding of the rule at index rule, with its place in a run that
// held them all.
type seqFinding struct {
	rule int
	seq  report.Seq
	f    engine.Finding
}

// pipeline takes a run's findings one at a time, fingerprinted: it hides those a
// suppression comment or the baseline covers and stores the rest.
type pipeline struct {
	store *report.Store
	lines *lineIndex
	// baseline holds the baseline's fingerprints (nil: no baseline).
	baseline map[string]bool
	mu       sync.Mutex
	// dirs are the suppression comments of the judged files that have any.
	dirs map[string][]*directive
	// also are the rules left out because they restate one that runs.
	also                  restatements
	hidden                []hiddenAt
	suppressed, baselined int
	// dropHidden counts hidden findings without keeping them.
	dropHidden bool
	// review holds, by rule id, the sites of the rules that need review when the
	// run condenses them (Options.CondenseReview); nil otherwise.
	review map[string]*reviewSites
	// deferred are the findings of file-by-file rules in another file than their
	// own, until the end of the stream (fileDone, addLate).
	deferMu  sync.Mutex
	deferred []seqFinding
}

// reviewSites are the sites of a rule that needs review: how many, in which files,
// and the first report.MaxReviewSites of them in the order of the run.
type reviewSites struct {
	sites int
	files map[string]bool
	first []siteAt
	// limit: the rule is condensed once it has more sites than this (0: always);
	// held are all its sites until then.
	limit int
	held  []siteAt
}

type siteAt struct {
	seq report.Seq
	f   report.Finding
}

// keep counts f and keeps it if it is among the first sites.
func (rs *reviewSites) keep(f *report.Finding, seq report.Seq) {
	rs.sites++
	if rs.limit > 0 {
		if rs.sites <= rs.limit {
			rs.held = append(rs.held, siteAt{seq, *f})
		} else {
			rs.held = nil
		}
	}
	where := f.File
	if where == "" {
		where = "commit " + f.Commit
	}
	rs.files[where] = true
	at := sort.Search(len(rs.first), func(i int) bool { return seqLess(seq, rs.first[i].seq) })
	if at >= report.MaxReviewSites {
		return
	}
	rs.first = append(rs.first, siteAt{})
	copy(rs.first[at+1:], rs.first[at:])
	rs.first[at] = siteAt{seq, *f}
	if len(rs.first) > report.MaxReviewSites {
		rs.first = rs.first[:report.MaxReviewSites]
	}
}

// condense stores the first sites of each rule that needs review and returns what
// the others were, by rule: a rule with no more sites than it lists is reported
// as any other.
func (pl *pipeline) condense(rules []engine.Compiled) []report.Condensed {
	var out []report.Condensed
	for _, c := range rules {
		rs := pl.review[c.Rule.ID]
		if rs == nil || rs.sites == 0 {
			continue
		}
		if rs.limit > 0 && rs.sites <= rs.limit {
			for i := range rs.held {
				pl.store.Add(&rs.held[i].f, rs.held[i].seq)
			}
			continue
		}
		for i := range rs.first {
			pl.store.Add(&rs.first[i].f, rs.first[i].seq)
		}
		if rs.sites <= len(rs.first) {
			continue
		}
		cd := report.Condensed{Rule: c.Rule.ID, Severity: c.Rule.Severity, Review: c.Rule.Review, Sites: rs.sites, Files: len(rs.files), Shown: len(rs.first)}
		if rs.limit > 0 {
			cd.Review = fmt.Sprintf("a warning that flags more than %d sites: the project's own idiom, or a misreading", rs.limit)
		}
		if len(rs.first) > 0 {
			cd.Severity = rs.first[0].f.Severity
			cd.Instruction = rs.first[0].f.Instruction
		}
		out = append(out, cd)
	}
	pl.review = nil
	return out
}

// hiddenAt is a hidden finding with its place in the order a run that held them all
// hid them: the suppressed ones (phase 0), then the baselined ones (phase 1), each in
// the order of the rules, their targets and findings.
type hiddenAt struct {
	phase int
	seq   report.Seq
	h     report.Hidden
}

// add stores f, or hides it when one of ds (the suppression comments of its file)
// or the baseline covers it. A directive is only ever counted by the goroutine that
// judges its file, or after the run.
func (pl *pipeline) add(f *report.Finding, seq report.Seq, ds []*directive) {
	pl.also.note(f)
	var by *directive
	if f.File != "" {
		restating := pl.also.ids(f.Rule)
		for _, d := range ds {
			if d.Malformed == "" && (d.names(f.Rule, f.Constraint) || d.names(restating...)) && d.covers(max(f.Line, 1)) {
				by = d
				break
			}
		}
	}
	if by != nil {
		by.used++
		why := by.Reason
		if why == "" {
			why = "heed:ignore comment"
		}
		pl.mu.Lock()
		if !pl.dropHidden {
			pl.hidden = append(pl.hidden, hiddenAt{0, seq, report.Hidden{Finding: *f, Kind: "inSource", Justification: why}})
		}
		pl.suppressed++
		pl.mu.Unlock()
		return
	}
	if pl.baseline[f.Fingerprint] {
		pl.mu.Lock()
		if !pl.dropHidden {
			pl.hidden = append(pl.hidden, hiddenAt{1, seq, report.Hidden{Finding: *f, Kind: "external", Justification: "recorded in " + BaselineFile}})
		}
		pl.baselined++
		pl.mu.Unlock()
		return
	}
	if rs := pl.review[f.Rule]; rs != nil {
		pl.mu.Lock()
		rs.keep(f, seq)
		pl.mu.Unlock()
		return
	}
	pl.store.Add(f, seq)
}

// hiddenInOrder returns the hidden findings in the order a run that held them all
// hid them.
func (pl *pipeline) hiddenInOrder() []report.Hidden {
	sort.Slice(pl.hidden, func(i, j int) bool {
		a, b := &pl.hidden[i], &pl.hidden[j]
		if a.phase != b.phase {
			return a.phase < b.phase
		}
		return seqLess(a.seq, b.seq)
	})
	var out []report.Hidden
	for _, h := range pl.hidden {
		out = append(out, h.h)
	}
	pl.hidden = nil
	return out
}

func seqLess(a, b report.Seq) bool {
	switch {
	case a.Rule != b.Rule:
		return a.Rule < b.Rule
	case a.Target != b.Target:
		return a.Target < b.Target
	case a.Sub != b.Sub:
		return a.Sub < b.Sub
	}
	return a.Index < b.Index
}

func selectDomains(rules []engine.Compiled, domains []string) ([]engine.Compiled, error) {
	if len(domains) == 0 {
		return append([]engine.Compiled(nil), rules...), nil
	}
	want := map[string]bool{}
	for _, d := range domains {
		ok := false
		for _, k := range Domains {
			if d == k {
				ok = true
			}
		}
		if !ok {
			return nil, usage("unknown domain %q (want %s)", d, strings.Join(Domains, ", "))
		}
		want[d] = true
	}
	var out []engine.Compiled
	for _, c := range rules {
		if want[c.Rule.Domain] {
			out = append(out, c)
		}
	}
	return out, nil
}

// cleanPaths normalises the narrowing paths; "" (the root) means no narrowing.
func cleanPaths(ps []string) ([]string, error) {
	var out []string
	for _, p := range ps {
		p = strings.TrimSuffix(strings.TrimPrefix(p, "./"), "/")
		if p == "" || p == "." {
			return nil, nil
		}
		if !repo.ValidRel(p) {
			return nil, usage("path %q is not inside the repository", p)
		}
		out = append(out, p)
	}
	return out, nil
}

func inPaths(paths []string, p string) bool {
	if len(paths) == 0 {
		return true
	}
	for _, q := range paths {
		if p == q || strings.HasPrefix(p, q+"/") {
			return true
		}
	}
	return false
}

type built struct {
	ev *engine.Evidence
	// src reads the files to judge, for a streamed run; loaded is what it left out,
	// once the run is done.
	src    *repo.Source
	loaded *repo.Loaded
	// forget is the work tree, whose listing forgets the files found deleted.
	forget *repo.Worktree
	base   string
	closer func()
	// excluded counts the files of the selection .heedignore and --exclude left out.
	excluded int
}

func (b *built) close() {
	b.ev.Close()
	if b.closer != nil {
		b.closer()
	}
}

// buildEvidence reads what the mode judges: of the files in paths, those wanted (by
// some rule that might judge them; nil: all) and not left out by ig. branches are
// the branches some rule judges commits on (engine.CommitBranches): a diff on one of
// them says which of its edits are not committed yet.
func buildEvidence(r *repo.Repo, opt Options, paths []string, wanted func(string) bool, ig *repo.Ignore, needsTree bool, branches map[string]bool) (*built, error) {
	if opt.Mode != All && !r.Git {
		return nil, usage("--%s needs a git repository, and %s is not in one (--all works anywhere)", opt.Mode, r.Root)
	}
	switch opt.Mode {
	case All:
		wt := r.Worktree()
		excluded := 0
		lastExcluded := ""
		judged := func(p string) bool {
			if !inPaths(paths, p) {
				return false
			}
			if ig.Match(p) {
				if p != lastExcluded { // a conflicted path is listed once per stage
					excluded++
					lastExcluded = p
				}
				return false
			}
			return wanted == nil || wanted(p)
		}
		var all repo.Selection
		var keep repo.Selection
		var err error
		if needsTree {
			// the files to judge, as indexes into the listing the graph keeps
			var listed []string
			if listed, err = wt.Candidates(); err == nil {
				all, keep = repo.Selection{All: listed}, repo.SelectionOf(listed, judged)
			}
		} else {
			// only the files to judge are kept of the listing, front-coded: 80,000
			// paths are 5 MB as strings
			keep, err = r.SelectCandidates(judged)
			all = keep
		}
		if err != nil {
			return nil, fmt.Errorf("list files: %w", err)
		}
		for _, q := range paths {
			if !all.Covers(q) {
				if _, err := os.Stat(r.Root + "/" + q); err != nil {
					return nil, usage("path %s: no such file or folder in the repository", q)
				}
			}
		}
		// Tracked files deleted from the work tree are found as they are read; a rule
		// that lists the tree before the run is over (the import graph) must not see
		// them, so a listing made mid-run looks for them first.
		wt.ForgetMissingOf(keep)
		if !needsTree {
			wt.DropListing() // listed again if a rule asks for it after all
		}
		// The listing is let go with the evidence: the report, written after the run,
		// holds its findings and not 20,000 paths besides (listed again if a second
		// run of the same project, --fix's, asks for it).
		return &built{ev: &engine.Evidence{Mode: engine.ModeAll, Tree: wt}, src: r.StreamFilesOf(wt, keep), forget: wt, excluded: excluded, closer: wt.DropListing}, nil
	case Diff, Staged, Unstaged:
	default:
		return nil, usage("unknown mode %q", opt.Mode)
	}

	var (
		change  *repo.Change
		commits []engine.Commit
		tree    engine.Snapshot
		closer  func()
		base    string
		err     error
		// commitBranch and uncommitted: Evidence.CommitBranch and Uncommitted
		commitBranch string
		uncommitted  []string
	)
	switch opt.Mode {
	case Diff:
		if opt.Rev == "" {
			return nil, usage("--diff needs a revision (a branch, tag or commit)")
		}
		if strings.HasPrefix(opt.Rev, "-") {
			return nil, usage("--diff %s: a revision cannot start with '-'", opt.Rev)
		}
		// The change is what this branch did since it left REV: the diff starts at
		// the merge base (REV itself when it is an ancestor of HEAD, as with a
		// branch point), so commits that reached REV meanwhile are not the change's.
		// Resolving REV, listing its commits and diffing against REV are
		// independent git calls: run them at once. Usually REV is an ancestor of
		// HEAD (a branch point): the merge base is REV and that diff stands, and the
		// listed commits show it (one has REV as its parent), so no merge-base call
		// is needed. Otherwise git finds the merge base and, when REV moved on, the
		// diff is redone from it, so commits that reached REV meanwhile are not the
		// change's.
		rev := diffBase(opt.Rev)
		var wg sync.WaitGroup
		var rerr, cerr, mbErr error
		var mb string
		var parents map[string]bool
		wg.Add(2)
		go func() { defer wg.Done(); base, rerr = r.ResolveRev(opt.Rev) }()
		go func() {
			defer wg.Done()
			commits, parents, cerr = r.CommitsAndParents(rev, "HEAD")
			if cerr != nil && !r.HasHead() {
				commits, cerr = nil, nil // no commits yet: nothing to list
			}
		}()
		diffTo := r.DiffWorktree
		if opt.Index {
			diffTo = r.DiffIndex
		}
		change, err = diffTo(rev)
		wg.Wait()
		if rerr != nil {
			return nil, usage("--diff %s: %v", opt.Rev, rerr)
		}
		if parents[base] {
			mb = base
		} else {
			mb, mbErr = r.MergeBase(rev, "HEAD")
		}
		if err == nil && mbErr == nil && mb != base {
			change, err = diffTo(mb)
		}
		if err == nil {
			err = cerr
		}
		if change != nil {
			change.Base = base
		}
		// The part of the change not committed yet would be committed on the branch
		// checked out: the branch rules judge it there, as they judge the commits.
		if err == nil {
			if branch := r.HeadBranch(); branches[branch] {
				if uncommitted, err = r.Uncommitted(change, commits, opt.Index); err == nil {
					// heed's own files (the policy `heed compile` just wrote) are
					// no work of the change: alone they would be committed nowhere
					uncommitted = slices.DeleteFunc(uncommitted, func(p string) bool { return policy.GuardOf(p) == policy.GuardHeed })
					if len(uncommitted) > 0 {
						commitBranch = branch
					}
				}
			}
		}
		if opt.Index {
			var idx *repo.GitSnapshot
			if err == nil {
				if idx, err = r.IndexSnapshot(); err == nil {
					tree, closer = idx, func() { idx.Close() }
				}
			}
			break
		}
		wt := r.Worktree()
		if change != nil {
			wt.Forget(change.DeletedPaths()...)
		}
		tree = wt
	case Staged:
		change, err = r.DiffStaged()
		if err == nil {
			var idx *repo.GitSnapshot
			idx, err = r.IndexSnapshot()
			if err == nil {
				tree, closer = idx, func() { idx.Close() }
			}
		}
	case Unstaged:
		change, err = r.DiffUnstaged()
		wt := r.Worktree()
		if change != nil {
			wt.Forget(change.DeletedPaths()...)
		}
		tree = wt
	}
	if err != nil {
		return nil, fmt.Errorf("read the change: %w", err)
	}
	narrowed := &repo.Change{Base: change.Base}
	excluded := 0
	for _, f := range change.Files {
		if !inPaths(paths, f.Path) {
			continue
		}
		if ig.Match(f.Path) {
			excluded++
			continue
		}
		if wanted == nil || wanted(f.Path) {
			narrowed.Files = append(narrowed.Files, f)
		}
	}
	ev := &engine.Evidence{
		Mode:         engine.ModeDiff,
		Tree:         tree,
		Changed:      change.Paths(),
		DeletedPaths: change.DeletedPaths(),
		AddedPaths:   change.AddedPaths(),
		Commits:      commits,
	}
	switch {
	case opt.Mode == Staged && r.HasHead():
		// the branch the staged change is committed on; a repository's first commit
		// has no other branch to go on
		ev.CommitBranch = r.HeadBranch()
	case opt.Mode == Diff && commitBranch != "" && r.HasHead():
		ev.CommitBranch, ev.Uncommitted, ev.UncommittedWorkTree = commitBranch, uncommitted, !opt.Index
	}
	return &built{ev: ev, src: r.StreamChange(tree, narrowed), base: base, closer: closer, excluded: excluded}, nil
}

// diffBase is what a diff check diffs the work tree against first: the commit rev
// names (the merge base instead, when rev moved on since the branch left it).
func diffBase(rev string) string { return rev + "^{commit}" }

// Prefetch starts, in the background, the git calls a check of r in mode against rev
// (Diff) will wait for longest: the listing of the untracked files (a walk of the work
// tree) and, for a diff, the diff of the work tree. Call it as soon as the repository
// is known, before the rules are loaded; Run then takes what it started, and lists
// the tracked files only when a rule reads the tree (the import graph).
func Prefetch(r *repo.Repo, mode Mode, rev string) {
	switch mode {
	case Diff:
		r.StartUntracked()
		if rev != "" && !strings.HasPrefix(rev, "-") {
			r.StartDiffWorktree(diffBase(rev))
		}
	case Unstaged:
		r.StartUntracked()
	}
}

func ruleInfo(c engine.Compiled) report.RuleInfo {
	ri := report.RuleInfo{ID: c.Rule.ID, Domain: c.Rule.Domain, Kind: c.Rule.Kind, Severity: c.Rule.Severity, Exact: c.Rule.Exact, Message: c.Rule.Message, Suggestion: c.Rule.Suggestion}
	if ri.Severity == "" {
		ri.Severity = policy.SeverityError
	}
	if k := c.Constraint; k != nil {
		ri.Instruction = report.Instruction{File: k.File, Line: k.Line, Text: k.Text, HeaderPath: k.HeaderPath}
	}
	return ri
}

// undetermined lists the targets no rule could judge, grouped by reason as the
// engine lists them for a check (engine.SurfaceCheck.Unjudged): the rules' own
// undetermined targets, and the files in paths that could not be read, undetermined
// for every rule of files whose scope covers them. Each entry names at most
// report.MaxUndeterminedFiles files, and counts them all.
func undetermined(outcomes []engine.Outcome, unreadable map[string]error, rules []engine.Compiled, paths []string) []report.Undetermined {
	all := outcomes[:len(outcomes):len(outcomes)] // appended to, never written into
	for p, err := range unreadable {
		if !inPaths(paths, p) {
			continue
		}
		t := engine.TargetResult{Target: engine.Target{Kind: engine.TargetFile, Path: p},
			Result: engine.Result{Verdict: engine.Undetermined, Reason: "cannot read the file: " + err.Error()}}
		for _, c := range rules {
			if fileDomain(c.Rule.Domain) && c.Rule.Scope.Covers(p) {
				all = append(all, engine.Outcome{Rule: c.Rule, Targets: []engine.TargetResult{t}})
			}
		}
	}
	out := []report.Undetermined{}
	for _, g := range engine.SurfaceCheck.Unjudged(all) {
		u := report.Undetermined{Reason: g.Reason, Rules: g.Rules, Files: g.Files, FileCount: len(g.Files)}
		if len(g.Files) > report.MaxUndeterminedFiles {
			u.Files = g.Files[:report.MaxUndeterminedFiles]
		}
		out = append(out, u)
	}
	return out
}

// partial lists the files some rule judged only in part, once each, with the rules
// whose matches were left out there.
func partial(outcomes []engine.Outcome, paths []string) []report.Partial {
	byFile := map[string]*report.Partial{}
	rules := map[string]map[string]bool{}
	for _, o := range outcomes {
		for _, t := range o.Targets {
			p := t.Partial
			if p == nil || t.Target.Kind != engine.TargetFile || !inPaths(paths, t.Target.Path) {
				continue
			}
			e := byFile[t.Target.Path]
			if e == nil {
				e = &report.Partial{File: t.Target.Path, Line: p.Line, Reason: p.Reason}
				byFile[t.Target.Path] = e
				rules[t.Target.Path] = map[string]bool{}
			}
			if p.LeftOut > 0 {
				e.LeftOut += p.LeftOut
				rules[t.Target.Path][o.Rule.ID] = true
			}
		}
	}
	out := []report.Partial{}
	for _, f := range slices.Sorted(maps.Keys(mapKeys(byFile))) {
		e := *byFile[f]
		e.Rules = slices.Sorted(maps.Keys(rules[f]))
		out = append(out, e)
	}
	return out
}

func mapKeys[V any](m map[string]V) map[string]bool {
	out := make(map[string]bool, len(m))
	for k := range m {
		out[k] = true
	}
	return out
}

func fileDomain(d string) bool { return d == policy.DomainSource || d == policy.DomainArchitecture }

// lineIndex gives findings their line text (for fingerprints), reading and normalising
// each file once: a file with thousands of findings must not normalise its lines once
// per finding.
type lineIndex struct {
	ev    *engine.Evidence
	mu    sync.Mutex
	lines map[string]*fileLines
	// noted holds, per file of a streamed run, the lines findings and suppression
	// comments sit on, taken while the file was in memory (note): the run keeps
	// those lines, not the files.
	noted map[string][]notedLine
}

// notedLine is line n's normalised text and its rank among the identical lines up
// to it (1 for the first).
type notedLine struct {
	n, rank int32
	text    string
}

// notedAt returns the noted line n of path.
func (li *lineIndex) notedAt(path string, n int) (notedLine, bool) {
	li.mu.Lock()
	ls := li.noted[path]
	li.mu.Unlock()
	i := sort.Search(len(ls), func(i int) bool { return int(ls[i].n) >= n })
	if i < len(ls) && int(ls[i].n) == n {
		return ls[i], true
	}
	return notedLine{}, false
}

// fileLines are a file's normalised lines and, for each, its rank among the identical
// lines before it (1 for the first). once builds them, outside the index's lock, so
// workers fingerprinting different files do not wait for each other.
type fileLines struct {
	once sync.Once
	text []string
	rank []int
}

func newLineIndex(ev *engine.Evidence) *lineIndex {
	return &lineIndex{ev: ev, lines: map[string]*fileLines{}, noted: map[string][]notedLine{}}
}

// trimmedLine is l without the white space around it.
func trimmedLine(l []byte) []byte { return bytes.TrimSpace(l) }

// plainLine reports whether report.NormaliseLine of l is only l trimmed: no white
// space but single spaces inside it, and nothing but ASCII.
func plainLine(l []byte) bool {
	t := bytes.TrimSpace(l)
	for i, c := range t {
		if c >= utf8.RuneSelf || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r' || (c == ' ' && t[i+1] == ' ') {
			return false
		}
	}
	return true
}

// drop forgets the noted lines of path.
func (li *lineIndex) drop(path string) {
	li.mu.Lock()
	delete(li.noted, path)
	li.mu.Unlock()
}

// note keeps the text and rank of the lines of f that found and ds sit on.
func (li *lineIndex) note(f *engine.File, found []engine.FileFinding, ds []*directive) {
	want := map[int]bool{}
	last := 0
	for _, fd := range found {
		if fd.Path == f.Path && fd.Line > 0 {
			want[fd.Line] = true
			last = max(last, fd.Line)
		}
	}
	for _, d := range ds {
		if d.Line > 0 {
			want[d.Line] = true
			last = max(last, d.Line)
		}
	}
	if len(want) == 0 {
		return
	}
	// A rank counts the identical lines up to its own, so only the lines whose text is
	// one of the wanted lines' need counting: first those texts, then the count, with
	// the other lines compared in place (normalising every line of the file into a
	// string of its own was most of what a check allocated).
	each := func(fn func(n int, l []byte) bool) {
		rest := f.Content
		for n := 1; n <= last; n++ {
			l, after, more := bytes.Cut(rest, []byte("\n"))
			if !fn(n, l) || !more {
				return // lines past the end are not noted: fingerprint finds them past it too
			}
			rest = after
		}
	}
	counts := map[string]*int32{}
	each(func(n int, l []byte) bool {
		if want[n] {
			t := report.NormaliseLine(string(l))
			if counts[t] == nil {
				counts[t] = new(int32)
			}
		}
		return true
	})
	out := make([]notedLine, 0, len(want))
	each(func(n int, l []byte) bool {
		c := counts[string(trimmedLine(l))]
		if c == nil && !plainLine(l) {
			c = counts[report.NormaliseLine(string(l))]
		}
		if c == nil {
			return true
		}
		*c++
		if want[n] {
			out = append(out, notedLine{n: int32(n), rank: *c, text: report.NormaliseLine(string(l))})
		}
		return true
	})
	li.mu.Lock()
	li.noted[f.Path] = out
	li.mu.Unlock()
}

func (li *lineIndex) of(path string) *fileLines {
	li.mu.Lock()
	fl, ok := li.lines[path]
	if !ok {
		fl = &fileLines{}
		li.lines[path] = fl
	}
	li.mu.Unlock()
	fl.once.Do(func() { li.build(fl, path) })
	return fl
}

// fingerprintAll fingerprints the findings on workers (default: one per CPU): tens of
// thousands of findings cost a hash each, and files their lines normalised, which
// would otherwise be a serial tail after the parallel judging.
func (li *lineIndex) fingerprintAll(fs []report.Finding, workers int) {
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	const chunk = 256
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				for j := i; j < min(i+chunk, len(fs)); j++ {
					li.fingerprint(&fs[j])
				}
			}
		}()
	}
	for i := 0; i < len(fs); i += chunk {
		next <- i
	}
	close(next)
	wg.Wait()
}

func (li *lineIndex) build(fl *fileLines, path string) {
	var content []byte
	if f := li.ev.File(path); f != nil && f.Content != nil {
		content = f.Content
	} else if li.ev.Tree != nil {
		content, _ = li.ev.Tree.Read(path)
	}
	raw := strings.Split(string(content), "\n")
	fl.text, fl.rank = make([]string, len(raw)), make([]int, len(raw))
	seen := make(map[string]int, len(raw))
	for i, l := range raw {
		t := report.NormaliseLine(l)
		seen[t]++
		fl.text[i], fl.rank[i] = t, seen[t]
	}
}

// fingerprint sets f.Fingerprint: rule, place and the normalised text of the line, with
// the line's rank among the file's identical lines (report.Fingerprint).
func (li *lineIndex) fingerprint(f *report.Finding) { li.fingerprintFrom(f, true) }

// fingerprintNoted is fingerprint for a finding of a file being judged, whose lines
// note has taken: a line it did not note is past the end of the file. It reads
// nothing (the run's files are not indexed until it ends).
func (li *lineIndex) fingerprintNoted(f *report.Finding) { li.fingerprintFrom(f, false) }

func (li *lineIndex) fingerprintFrom(f *report.Finding, read bool) {
	switch {
	case f.File != "" && f.Line > 0:
		nl, ok := li.notedAt(f.File, f.Line)
		text, occurrence := nl.text, int(nl.rank)
		if !ok && !read {
			text, occurrence = "", 1
		} else if !ok {
			ls := li.of(f.File)
			text, occurrence = "", 1
			if f.Line <= len(ls.text) {
				text, occurrence = ls.text[f.Line-1], ls.rank[f.Line-1]
			}
		}
		f.Fingerprint = report.Fingerprint(f.Rule, f.File, text, occurrence)
	case f.File != "":
		f.Fingerprint = report.Fingerprint(f.Rule, f.File, "\x00"+f.Message, 1)
	case f.Commit != "":
		f.Fingerprint = report.Fingerprint(f.Rule, "commit:"+f.Commit, f.Message, 1)
	default:
		f.Fingerprint = report.Fingerprint(f.Rule, "change", f.Message, 1)
	}
}

// collectDirectives scans the judged files for suppression comments.
func collectDirectives(files []*engine.File) map[string][]*directive {
	out := map[string][]*directive{}
	for _, f := range files {
		if ds := parseDirectives(f.Path, f.Lang, f.Content); len(ds) > 0 {
			out[f.Path] = ds
		}
	}
	return out
}

// applySuppressions hides the findings a directive covers.
func applySuppressions(found []report.Finding, dirs map[string][]*directive) ([]report.Finding, []report.Hidden) {
	if len(dirs) == 0 {
		return found, nil
	}
	var hidden []report.Hidden
	kept := found[:0]
	for _, f := range found {
		var by *directive
		if f.File != "" {
			for _, d := range dirs[f.File] {
				if d.Malformed == "" && d.names(f.Rule, f.Constraint) && d.covers(max(f.Line, 1)) {
					by = d
					break
				}
			}
		}
		if by == nil {
			kept = append(kept, f)
			continue
		}
		by.used++
		why := by.Reason
		if why == "" {
			why = "heed:ignore comment"
		}
		hidden = append(hidden, report.Hidden{Finding: f, Kind: "inSource", Justification: why})
	}
	return kept, hidden
}

// suppressionWarnings reports the directives that did nothing: malformed ones, ones
// naming no rule of the policy, and ones whose rule ran on the file and found
// nothing there. In diff modes only directives on lines the change owns count.
func suppressionWarnings(ev *engine.Evidence, dirs map[string][]*directive, known map[string]bool, ran map[string]*engine.Compiled, paths []string, li *lineIndex) []report.Finding {
	var out []report.Finding
	files := make([]string, 0, len(dirs))
	for p := range dirs {
		files = append(files, p)
	}
	sort.Strings(files)
	for _, p := range files {
		file := ev.File(p)
		if !inPaths(paths, p) {
			continue
		}
		for _, d := range dirs[p] {
			if d.used > 0 || (file != nil && !file.Owns(d.Line)) {
				continue
			}
			marker := markerLine
			if d.WholeFile {
				marker = markerFile
			}
			f := report.Finding{
				Domain: "heed", Severity: policy.SeverityWarning, Exact: true,
				File: p, Line: d.Line, Column: d.Col, EndLine: d.Line,
				Instruction: report.Instruction{HeaderPath: []string{}},
			}
			switch {
			case d.Malformed != "":
				f.Rule, f.Kind = report.RuleBadSuppression, "suppression"
				f.Message = marker + " " + d.Malformed
			default:
				var unknown, idle []string
				for _, id := range d.Rules {
					c, ok := ran[id]
					switch {
					case !known[id]:
						unknown = append(unknown, id)
					case ok && c.Rule.Scope.Covers(p):
						idle = append(idle, id)
					}
				}
				switch {
				case len(unknown) > 0:
					f.Rule, f.Kind = report.RuleBadSuppression, "suppression"
					f.Message = fmt.Sprintf("%s names %s, which the policy does not have", marker, strings.Join(unknown, ", "))
					f.Suggestion = "use the rule id heed reports (in brackets after each finding), or remove the comment"
				case len(idle) == len(d.Rules):
					f.Rule, f.Kind = report.RuleUnusedSuppression, "suppression"
					f.Message = fmt.Sprintf("%s %s suppresses nothing: the rule found no violation here", marker, strings.Join(d.Rules, ","))
					f.Suggestion = "remove the comment"
				default:
					continue // some named rule did not run here: it may still be needed
				}
			}
			li.fingerprint(&f)
			out = append(out, f)
		}
	}
	return out
}

// attachCache gives the run the import facts cached in .heed/cache/ (keyed by file
// content, so a hit is always right): a diff check then reads the rest of the tree
// for the import graph without parsing it again. partial is true for a run that reads
// only some files' facts, which must keep the cached facts of the rest.
// usesImportGraph reports whether some rule of rules may read the import graph: the
// architecture rules are the only ones that do (internal/rules/arch).
func usesImportGraph(rules []engine.Compiled) bool {
	return slices.ContainsFunc(rules, func(c engine.Compiled) bool { return c.Rule.Domain == policy.DomainArchitecture })
}

func attachCache(root string, ev *engine.Evidence, off, partial bool) *graph.DiskCache {
	if off {
		return nil
	}
	c := graph.OpenDiskCache(root)
	if partial {
		c.KeepUnused()
	}
	graph.UseCache(ev, c)
	return c
}

// attachFindingsCache gives the checks that read one file their results cached in
// .heed/cache/ (keyed by rule, path and file content): a second full check parses only
// the files that changed. partial is true for a run that judges only some paths, which
// must keep the cached results of the rest.
func attachFindingsCache(root string, ev *engine.Evidence, off, partial bool) *resultcache.DiskCache {
	if off {
		return nil
	}
	c := resultcache.OpenDiskCache(root)
	if partial {
		c.KeepUnused()
	}
	resultcache.Use(ev, c)
	return c
}

func saveFindingsCache(root string, c *resultcache.DiskCache) {
	if c == nil {
		return
	}
	_ = c.Save() // an optimisation: a repository heed cannot write to is checked all the same
}

// saveCache writes the cache back. It is an optimisation: a repository heed cannot
// write to is checked all the same. The cache folder ignores itself, so it never
// shows up as untracked files in the user's repository.
func saveCache(root string, c *graph.DiskCache) {
	if c == nil {
		return
	}
	// the folder ignores itself before the first write: a run killed mid-save leaves
	// a temporary file git does not show
	dir := filepath.Join(root, ".heed", "cache")
	ignore := filepath.Join(dir, ".gitignore")
	if _, err := os.Stat(ignore); os.IsNotExist(err) {
		if os.MkdirAll(dir, 0o755) == nil {
			_ = os.WriteFile(ignore, []byte("# heed's cache: never commit it\n*\n"), 0o644)
		}
	}
	_ = c.Save()
}

// guardChanges reports each file of the change that decides the rules: an instruction
// file (by its name, or a source of the policy that judged), heed's folder, an
// agent's hook settings. The change was judged with the rules of its base, so what
// it does to them needs a person's review.
func guardChanges(ev *engine.Evidence, paths []string, opt Options, base string) []report.Finding {
	sources := map[string]bool{}
	for _, s := range opt.sources {
		sources[s] = true
	}
	deleted := map[string]bool{}
	for _, p := range ev.DeletedPaths {
		deleted[p] = true
	}
	var out []report.Finding
	for _, p := range ev.Changed {
		if !inPaths(paths, p) {
			continue
		}
		kind := policy.GuardOf(p)
		if kind == "" && (sources[p] || instr.Classify(p) != "") {
			kind = policy.GuardInstructions
		}
		if kind == "" {
			continue
		}
		what := map[string]string{
			policy.GuardInstructions: "an instruction file the rules are compiled from",
			policy.GuardHeed:         "heed's own files: the policy, its configuration, the baseline",
			policy.GuardHooks:        "an agent's hook settings, which run heed",
		}[kind]
		verb := "changes"
		if deleted[p] {
			verb = "deletes"
		} else if f := ev.File(p); f != nil && f.New {
			verb = "adds"
		}
		f := report.Finding{
			Rule: report.RuleGuardChange, Domain: "heed", Kind: "guard", Severity: opt.GuardSeverity, Exact: true,
			File: p, Change: true,
			Message:     fmt.Sprintf("this change %s %s (%s); it was judged with the rules of %s, before the change", verb, p, what, report.ShortHash(base)),
			Suggestion:  "review the change to the rules itself: what it would allow, and whether its author may change it",
			Instruction: report.Instruction{HeaderPath: []string{}},
		}
		f.Fingerprint = report.Fingerprint(f.Rule, f.File, "\x00"+verb, 1)
		out = append(out, f)
	}
	return out
}
