package check

import (
	"fmt"
	"hash/fnv"
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/project"
	"github.com/heed-dev/heed/internal/repo"
	"github.com/heed-dev/heed/internal/report"
)

// Self-validation: before heed enforces a rule it compiled, it runs the rule over the
// repository as it stands (the tree of HEAD; the working tree outside git). A compiled
// rule has no human author, so the repository is its first reviewer: a rule that
// flags much of the existing code states the project's own idiom as a violation, or
// misreads its sentence, and is demoted to a warning for a person to review; a rule
// that flags a few sites keeps its level, and those sites are the baseline the user
// may accept. All rules are judged in one pass of the check engine, bounded in time.
//
// A rule that might judge more files than self_validation.sample_files is judged on
// that many of them, the same ones on every machine (the least by a hash of their
// paths), and its count of sites is scaled up to all of them: the cost of the pass
// is bounded in work, so the verdicts do not depend on how busy the machine is (the
// time budget stays as a last resort). A rule judged on a sample has no complete list
// of its sites, so it records no baseline; --baseline judges every file.

// Verdicts of the self-validation on one rule.
const (
	// ValidPass: the rule flags nothing in the existing code.
	ValidPass = "pass"
	// ValidBaseline: the rule flags a few existing sites and keeps its level.
	ValidBaseline = "baseline"
	// ValidDemote: the rule flags more than the thresholds allow.
	ValidDemote = "demote"
	// ValidNotValidated: the pass stopped (time budget) before it could tell.
	ValidNotValidated = "not validated"
)

// ValidateOptions tune the self-validation.
type ValidateOptions struct {
	// Settings are the thresholds and the budget (zero fields: the defaults).
	Settings *policy.SelfValidation
	// Budget, when positive, replaces Settings.BudgetSeconds.
	Budget time.Duration
	// Workers bounds parallelism (default: the number of CPUs).
	Workers int
	// NoCache leaves .heed/cache/ alone.
	NoCache bool
	// Rev, when set, is the commit whose tree the rules are judged on (the base of a
	// change, whose rules were compiled from its own instruction files); by default
	// the tree of HEAD, or the working tree outside git.
	Rev string
	// JudgeTimeout bounds one rule on one file (default 30s).
	JudgeTimeout time.Duration
	// SampleFiles, when not zero, replaces Settings.SampleFiles: the files a rule
	// is judged on at most (negative: every file it might judge). The default,
	// policy.DefaultSampleFiles, measured with bench/check/validsample on the twenty
	// repositories of the first-sight study and duckdb (bench/check/RESULTS.md): at
	// 2,000 no demotion differs from judging every file (at 1,000 two of 100 rules
	// did: sites clustered in a few files), and the pass costs 9–10 s of CPU on
	// duckdb instead of 16, 11–17 s on fluent-bit instead of 43–51.
	SampleFiles int
}

// Validation is what the self-validation found.
type Validation struct {
	// Tree names what was judged: "HEAD (abc1234)" or "the working tree".
	Tree  string `json:"tree"`
	Files int    `json:"files"`
	// Stopped is true when the time budget ran out before every rule was judged.
	Stopped    bool                  `json:"stopped,omitempty"`
	DurationMS float64               `json:"duration_ms"`
	BudgetMS   float64               `json:"budget_ms"`
	Thresholds policy.SelfValidation `json:"thresholds"`
	Rules      []RuleValidation      `json:"rules"`
	// attributes are the .gitattributes files of the tree judged (their contents
	// in the working tree decide which files are vendored or generated).
	attributes []string
}

// RuleValidation is the self-validation of one rule.
type RuleValidation struct {
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	// Authored is true for a rule a person wrote or edited (or decided on): it is
	// never demoted, but its existing sites are still counted.
	Authored bool   `json:"authored,omitempty"`
	Decision string `json:"decision,omitempty"`
	// Sites and Files count the existing violations and the files they are in;
	// Applies is the number of files the rule applies to. When Complete is false
	// (the budget ran out) Sites and Files are lower bounds.
	Sites    int  `json:"sites"`
	Files    int  `json:"files"`
	Applies  int  `json:"applies"`
	Complete bool `json:"complete"`
	// Sampled, when not zero, is the number of files the rule was judged on, of the
	// Of files it might judge: Sites, Files and Applies count that sample, and the
	// verdict weighs the sites scaled up to all Of files.
	Sampled int `json:"sampled,omitempty"`
	Of      int `json:"of,omitempty"`
	// Verdict is one of the Valid* constants; Review says why a rule is demoted.
	Verdict string `json:"verdict"`
	Review  string `json:"review,omitempty"`
	// Findings are the existing sites, fingerprinted like `heed check`'s.
	Findings []report.Finding `json:"-"`
	// importBans are the packages the rule's check bans (engine.ImportBanner).
	importBans []string
}

// Validates reports whether the self-validation runs a rule: source and architecture
// rules judge the code as it stands; the others judge commands, commits and changes.
func Validates(r *policy.Rule) bool {
	return r.Domain == policy.DomainSource || r.Domain == policy.DomainArchitecture
}

// Validate runs the source and architecture rules among rules over the repository at
// root as it stands, in one pass of the check engine, and judges each against the
// thresholds. Rules the pass did not finish within the budget are not validated.
func Validate(root string, rules []engine.Compiled, opt ValidateOptions) (*Validation, error) {
	start := time.Now()
	set := opt.Settings.WithDefaults()
	budget := opt.Budget
	if budget <= 0 {
		budget = time.Duration(set.BudgetSeconds * float64(time.Second))
	}
	set.BudgetSeconds = budget.Seconds()
	if opt.SampleFiles != 0 {
		set.SampleFiles = opt.SampleFiles
	}
	v := &Validation{Thresholds: set, BudgetMS: float64(budget.Microseconds()) / 1000, Rules: []RuleValidation{}}
	var selected []engine.Compiled
	for _, c := range rules {
		if Validates(c.Rule) && !c.Rule.Dropped() {
			selected = append(selected, c)
		}
	}
	if len(selected) == 0 {
		return v, nil
	}
	deadline := start.Add(budget)
	stop := make(chan struct{})
	var once sync.Once
	halt := func() { once.Do(func() { close(stop) }) }
	timer := time.AfterFunc(budget, halt)
	defer timer.Stop()

	r, err := repo.Open(root)
	if err != nil {
		return nil, usage("%v", err)
	}
	var snap engine.Snapshot
	if opt.Rev != "" && r.Git {
		rs, err := r.RevSnapshot(opt.Rev)
		if err != nil {
			return nil, fmt.Errorf("read the tree of %s: %w", opt.Rev, err)
		}
		defer rs.Close()
		snap = rs
		v.Tree = opt.Rev
	} else if r.Git && r.HasHead() {
		head, err := r.HeadView()
		if err != nil {
			return nil, fmt.Errorf("read the tree of HEAD: %w", err)
		}
		defer head.Close()
		snap = head
		v.Tree = "HEAD"
		if h, err := r.ResolveRev("HEAD"); err == nil && len(h) >= 7 {
			v.Tree = "HEAD (" + h[:7] + ")"
		}
	} else {
		wt := r.Worktree()
		if _, err := wt.Candidates(); err != nil {
			return nil, fmt.Errorf("list files: %w", err)
		}
		snap = wt
		v.Tree = "the working tree"
	}
	limit := set.SampleFiles
	wanted := engine.WantedFiles(selected)
	var keep []string
	for _, p := range snap.Paths() {
		if wanted == nil || wanted(p) {
			keep = append(keep, p)
		}
		if path.Base(p) == ".gitattributes" {
			v.attributes = append(v.attributes, p)
		}
	}
	// The samples are drawn from the files the pass would judge (not skipped as
	// vendored, generated, binary or too large): every wanted file is read once to
	// tell, and released; then the files of some sample or of a rule judged in full
	// stream through the rules, each released once its checks ran. Reading is cheap
	// next to parsing, and the pass holds the files in flight, not the tree.
	classified := r.Classify(snap, keep)
	keep = nil
	samples, of, judged := sampleFiles(selected, &engine.Evidence{Mode: engine.ModeAll, Tree: snap}, classified.Files, limit)
	classified.Files = nil
	for i, c := range selected {
		if in := samples[c.Rule.ID]; in != nil {
			selected[i].Check = sampledCheck{Check: c.Check, sel: c.Check.(engine.FileSelector), in: in}
		}
	}
	ev := &engine.Evidence{Mode: engine.ModeAll, Tree: snap}
	defer ev.Close()
	timeout := opt.JudgeTimeout
	if timeout == 0 {
		timeout = 30 * time.Second
	}
	// The tree of HEAD is not the working tree: keep the cached results of files
	// this run does not see as the working tree has them.
	cache := attachCache(root, ev, opt.NoCache || !usesImportGraph(selected), true)
	findings := attachFindingsCache(root, ev, opt.NoCache, true)
	if !time.Now().Before(deadline) {
		halt() // the timer's goroutine may not have run yet
	}
	src := classified.Stream(judged)
	pass := newStreamedPass(selected, ev, judged)
	outcomes := engine.StreamWith(selected, ev, src, engine.StreamOptions{
		Options:      engine.Options{Workers: opt.Workers, Timeout: timeout, Stop: stop},
		TakeFindings: true,
		ForgetFiles:  true,
		Judged:       pass.judged,
	}, pass.done)
	saveCache(root, cache)
	saveFindingsCache(root, findings)
	// What the second reading left out (a file the first kept cannot be skipped
	// now: the snapshot is the same) joins what the first did.
	for why, ps := range src.Loaded().Skipped {
		classified.Skipped[why] = append(classified.Skipped[why], ps...)
	}
	found := pass.findings(outcomes, classified.Loaded, opt.Workers)
	// A site a heed:ignore comment covers is one the project already accepted.
	found, _ = applySuppressions(found, pass.dirs)
	byRule := map[string][]report.Finding{}
	for _, f := range found {
		byRule[f.Rule] = append(byRule[f.Rule], f)
	}

	v.Files = ev.Judged
	for ri, o := range outcomes {
		rv := RuleValidation{Rule: o.Rule.ID, Severity: o.Rule.Severity, Authored: o.Rule.Edited() || o.Rule.Decision != "", Decision: o.Rule.Decision, Complete: true}
		if b, ok := engine.Unwrap(selected[ri].Check).(engine.ImportBanner); ok {
			rv.importBans = b.BannedImports()
		}
		if rv.Severity == "" {
			rv.Severity = policy.SeverityError
		}
		files := map[string]bool{}
		sample := samples[o.Rule.ID]
		if sample != nil {
			rv.Sampled, rv.Of = len(sample), of[o.Rule.ID]
		}
		// The files the rule applies to: those the stream saw one of its targets
		// apply to, and those of the targets its outcome holds (a rule judging the
		// whole tree; a file-by-file rule's undetermined targets).
		var also map[string]bool
		for _, t := range o.Targets {
			if t.Verdict == engine.Undetermined && t.Reason == engine.ReasonStopped {
				rv.Complete = false
			}
			if t.Target.Kind == engine.TargetFile && t.Verdict != engine.Inapplicable {
				if also == nil {
					also = map[string]bool{}
				}
				also[t.Target.Path] = true
			}
		}
		applies := pass.appliesTo(ri, also)
		rv.Findings = byRule[o.Rule.ID]
		for _, f := range rv.Findings {
			if f.File != "" {
				files[f.File] = true
			}
		}
		if applies == 0 {
			// A rule judging the tree as a whole (an import cycle): it applies to the
			// files in its scope.
			pass.eachJudged(func(p string) {
				if o.Rule.Scope.Covers(p) && (sample == nil || sample[p]) {
					applies++
				}
			})
		}
		rv.Sites, rv.Files, rv.Applies = len(rv.Findings), len(files), applies
		rv.Verdict, rv.Review = verdict(&rv, set)
		if rv.Verdict != ValidDemote && rv.Files >= set.MinFiles {
			if d, ok := pass.declared(ri); ok {
				rv.Verdict, rv.Review = ValidDemote, ownName(d, &rv)
			}
		}
		if rv.Verdict == ValidDemote && rv.Authored {
			// A person's rule keeps its level: its sites are a baseline like any
			// other, and Review says what a demotion would have said.
			rv.Verdict = ValidBaseline
		}
		if !rv.Complete {
			v.Stopped = true
		}
		v.Rules = append(v.Rules, rv)
	}
	v.DurationMS = float64(time.Since(start).Microseconds()) / 1000
	return v, nil
}

// sampleFiles chooses the files each rule is judged on, of files: a rule that judges
// each file on its own (engine.FileByFile on ev: not an import cycle), says which
// files it might judge (engine.FileSelector) and might judge more than limit is
// judged on the limit of them whose paths hash least (sample, by rule id; of is how
// many it might judge), the others on every file they might judge. keep is the
// files to judge: those of every sample and of every rule judged in full. With
// limit negative nothing is sampled.
func sampleFiles(rules []engine.Compiled, ev *engine.Evidence, files []*engine.File, limit int) (samples map[string]map[string]bool, of map[string]int, keep []string) {
	samples, of = map[string]map[string]bool{}, map[string]int{}
	all := limit < 0
	var full []engine.Compiled
	for _, c := range rules {
		sel, ok := c.Check.(engine.FileSelector)
		fb, byFile := c.Check.(engine.FileByFile)
		if all || !ok || !byFile || !fb.FileByFile(ev) {
			full = append(full, c)
			continue
		}
		var want []string
		for _, f := range files {
			if sel.WantsFile(f.Path, f.Lang) {
				want = append(want, f.Path)
			}
		}
		if len(want) <= limit {
			full = append(full, c)
			continue
		}
		rank := make(map[string]uint64, len(want))
		for _, p := range want {
			h := fnv.New64a()
			h.Write([]byte(p))
			rank[p] = h.Sum64()
		}
		sort.Slice(want, func(i, j int) bool {
			a, b := rank[want[i]], rank[want[j]]
			return a < b || a == b && want[i] < want[j]
		})
		want = want[:limit]
		set := make(map[string]bool, len(want))
		for _, p := range want {
			set[p] = true
		}
		samples[c.Rule.ID], of[c.Rule.ID] = set, len(rank)
	}
	wanted := engine.WantedFiles(full)
	for _, f := range files {
		in := len(samples) == 0 || len(full) > 0 && (wanted == nil || wanted(f.Path))
		for _, s := range samples {
			in = in || s[f.Path]
		}
		if in {
			keep = append(keep, f.Path)
		}
	}
	return samples, of, keep
}

// sampledCheck is a rule judged on a sample of the files it might judge: the other
// files loaded (other rules' samples) are none of its targets.
type sampledCheck struct {
	engine.Check
	sel engine.FileSelector
	in  map[string]bool
}

var (
	_ engine.FileSelector = sampledCheck{}
	_ engine.FileByFile   = sampledCheck{}
	_ engine.Wrapper      = sampledCheck{}
)

// Unwrap implements engine.Wrapper: the sampled rule judges in its family's batch.
func (c sampledCheck) Unwrap() engine.Check { return c.Check }

// FileByFile implements engine.FileByFile as the check it samples does: only such a
// rule is sampled, and the pass streams the files through it.
func (c sampledCheck) FileByFile(ev *engine.Evidence) bool {
	fb, ok := c.Check.(engine.FileByFile)
	return ok && fb.FileByFile(ev)
}

func (c sampledCheck) Targets(ev *engine.Evidence) []engine.Target {
	all := c.Check.Targets(ev)
	out := all[:0:0]
	for _, t := range all {
		if t.Kind != engine.TargetFile || c.in[t.Path] {
			out = append(out, t)
		}
	}
	return out
}

func (c sampledCheck) WantsFile(p, lang string) bool { return c.in[p] && c.sel.WantsFile(p, lang) }

// EstimatedSites is the rule's sites, scaled from its sample to every file it might
// judge when it was judged on a sample.
func (rv *RuleValidation) EstimatedSites() int {
	if rv.Sampled == 0 || rv.Sites == 0 {
		return rv.Sites
	}
	return int((int64(rv.Sites)*int64(rv.Of) + int64(rv.Sampled)/2) / int64(rv.Sampled))
}

// verdict judges a rule's counts against the thresholds. Counts of an unfinished rule
// are lower bounds, and Applies is exact: a rule already over a threshold is over it
// whatever the rest holds; one under it is not validated. A rule judged on a sample
// is weighed by its sites scaled up to every file it might judge, and by the share of
// the sample's files it flags.
func verdict(rv *RuleValidation, set policy.SelfValidation) (string, string) {
	var over []string
	if rv.EstimatedSites() > set.MaxSites {
		over = append(over, fmt.Sprintf("more than %d sites", set.MaxSites))
	}
	if rv.Files >= set.MinFiles && float64(rv.Files) > set.MaxFileShare*float64(rv.Applies) {
		over = append(over, fmt.Sprintf("more than %s of the files it applies to", share(set.MaxFileShare)))
	}
	if rv.Files >= set.MinFiles && rv.Sites <= set.MaxSites && float64(rv.Sites) > set.MaxSiteShare*float64(rv.Applies) {
		over = append(over, fmt.Sprintf("more than %s sites per file it applies to", strconv.FormatFloat(set.MaxSiteShare, 'f', -1, 64)))
	}
	if len(over) > 0 {
		least := ""
		if !rv.Complete {
			least = "at least "
		}
		sampled := ""
		if rv.Sampled > 0 {
			sampled = fmt.Sprintf(", a sample of %s of its %s files (about %s sites in all)", count(rv.Sampled), count(rv.Of), count(rv.EstimatedSites()))
		}
		return ValidDemote, fmt.Sprintf("flags %s%s existing %s in %s of the %s %s it applies to%s (%s): the project's own idiom, or a misreading; review",
			least, count(rv.Sites), plural(rv.Sites, "site"), count(rv.Files), count(rv.Applies), plural(rv.Applies, "file"), sampled, strings.Join(over, ", "))
	}
	switch {
	case !rv.Complete:
		return ValidNotValidated, ""
	case rv.Sites > 0:
		return ValidBaseline, ""
	}
	return ValidPass, ""
}

// ownName says why a rule that bans a name the project declares itself and uses in
// several files (`OrderGroup`, defined in app/models/order_group.rb and used in 25
// files) is demoted: most often a sentence about the design read as a ban, or a ban
// meant for new code only. Either way a person should decide. d is the first judged
// file, in the pass's order, that declares one of the names (streamedPass.declared).
func ownName(d declaration, rv *RuleValidation) string {
	return fmt.Sprintf("bans `%s`, which the project declares itself (%s:%d) and uses at %s existing %s in %s files: a sentence about the design read as a ban, or a rule for new code only; review",
		d.name, d.path, d.line, count(rv.Sites), plural(rv.Sites, "site"), count(rv.Files))
}

func share(f float64) string {
	s := fmt.Sprintf("%.1f", 100*f)
	return strings.TrimSuffix(s, ".0") + "%"
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// count writes n with thousands separators (6,925).
func count(n int) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 && s[i-1] != '-' {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// Rule returns the validation of the rule with the given id, or nil.
func (v *Validation) Rule(id string) *RuleValidation {
	for i := range v.Rules {
		if v.Rules[i].Rule == id {
			return &v.Rules[i]
		}
	}
	return nil
}

// Baseline returns the existing sites of the rules that keep their level: what a
// user accepts with `heed compile --baseline`. Demoted rules warn on every site
// anyway and are left for review; unfinished rules, and rules judged on a sample,
// have no complete list.
func (v *Validation) Baseline() []report.Finding {
	var out []report.Finding
	for _, rv := range v.Rules {
		if rv.Complete && rv.Sampled == 0 && rv.Verdict == ValidBaseline {
			out = append(out, rv.Findings...)
		}
	}
	report.Sort(out)
	return out
}

// WriteBaseline records the baseline in .heed/baseline.json. Entries of rules this
// validation did not judge to the end (process rules, unfinished ones, rules it left
// out or judged on a sample) are kept from the file there; those of the rules it
// judged are replaced.
func (v *Validation) WriteBaseline(root string) (string, int, error) {
	fresh := v.Baseline()
	judged := map[string]bool{}
	for _, rv := range v.Rules {
		if rv.Complete && rv.Sampled == 0 {
			judged[rv.Rule] = true
		}
	}
	bl := NewBaseline(fresh)
	if old, err := LoadBaseline(root); err == nil {
		for _, e := range old.Findings {
			if !judged[e.Rule] {
				bl.Findings = append(bl.Findings, e)
			}
		}
		sortBaseline(bl)
	} else if err != ErrNoBaseline {
		return "", 0, err
	}
	p, err := bl.Write(root)
	return p, len(fresh), err
}

// Apply records the validation in a freshly compiled policy, before it is merged
// with the file on disk: a generated rule over the thresholds is demoted to a warning
// with the count in its review, one the pass did not finish is marked not validated.
// Rules a person wrote, edited or decided on are never changed (the merge keeps the
// person's version). It returns the ids of the rules it demoted.
func (v *Validation) Apply(fresh *policy.Policy) []string {
	var demoted []string
	for i := range fresh.Entries {
		e := &fresh.Entries[i]
		for j := range e.Rules {
			r := &e.Rules[j]
			rv := v.Rule(r.ID)
			if rv == nil || rv.Authored || r.Edited() {
				continue
			}
			reviewEvidence(&e.Constraint, r, rv)
			switch rv.Verdict {
			case ValidDemote:
				Demote(r, rv.Review)
				demoted = append(demoted, r.ID)
			case ValidNotValidated:
				MarkNotValidated(r)
			}
		}
	}
	return demoted
}

// Demote makes a generated rule a warning for review, with why, and fingerprints it
// as generated so the merge takes it for the compiler's (a person who restores it is
// then seen to have edited it).
func Demote(r *policy.Rule, why string) {
	r.Severity = policy.SeverityWarning
	if r.Review != "" && !strings.Contains(r.Review, why) {
		r.Review += "; " + why
	} else {
		r.Review = why
	}
	r.Validation = policy.ValidationDemoted
	r.Generated = ""
	r.Generated = policy.Fingerprint(r)
}

// MarkNotValidated marks a generated rule the self-validation did not judge to the
// end: it keeps its level, and says so.
func MarkNotValidated(r *policy.Rule) {
	r.Validation = policy.ValidationNotValidated
	r.Generated = ""
	r.Generated = policy.Fingerprint(r)
}

// CarryValidation gives the generated rules of a fresh policy what the last
// self-validation recorded in the old one, for the rules the compiler still makes the
// same way: `heed compile --check` and --no-validate judge the instruction files, not
// the code, so a recorded demotion stands until the next validating compile. With
// markNew, a source or architecture rule the old policy has no record of (new or
// regenerated) is marked not validated. It returns the ids so marked.
func CarryValidation(old, fresh *policy.Policy, markNew bool) []string {
	prev := map[string]*policy.Rule{}
	if old != nil {
		for _, b := range old.Rules() {
			prev[b.Rule.ID] = b.Rule
		}
	}
	var marked []string
	for i := range fresh.Entries {
		e := &fresh.Entries[i]
		for j := range e.Rules {
			r := &e.Rules[j]
			if !Validates(r) || r.Edited() {
				continue
			}
			o := prev[r.ID]
			if o != nil && !o.Edited() {
				if o.Generated == r.Generated {
					continue // validated and passed, unchanged since
				}
				c := *r
				c.Severity, c.Review, c.Validation = o.Severity, o.Review, o.Validation
				c.Generated = ""
				if fp := policy.Fingerprint(&c); fp == o.Generated {
					c.Generated = fp
					*r = c
					continue
				}
			}
			if markNew {
				MarkNotValidated(r)
				marked = append(marked, r.ID)
			}
		}
	}
	sort.Strings(marked)
	return marked
}

// ValidateBaseRules self-validates rules a project compiled in memory from the
// instruction files of the commit rev (no policy file committed there), on rev's own
// tree, and demotes those over the thresholds, as `heed compile` would have: a change
// is then judged with the rules its base would have enforced, never with rules that
// flag much of the base's code. It judges the base, not the change, so a change cannot
// demote the rule it breaks by breaking it often. It returns the demoted rules' ids.
func ValidateBaseRules(p *project.Project, rev string, opt ValidateOptions) ([]string, error) {
	if p == nil || p.FromFile || p.Policy == nil || rev == "" {
		return nil, nil
	}
	opt.Rev = rev
	if opt.Settings == nil {
		opt.Settings = p.Policy.SelfValidation
	}
	// The verdicts on the same base with the same rules are kept (basecache.go).
	cache, key := "", ""
	if !opt.NoCache {
		if key = baseCacheKey(p, rev, opt); key != "" {
			cache = project.CacheFile(p.Root, "base-validation")
		}
	}
	if cache != "" {
		if demoted, ok := cachedBaseValidation(cache, key, p.Policy); ok {
			return recompileDemoted(p, demoted), nil
		}
	}
	var before [][][]byte
	if cache != "" {
		before = rulesJSON(p.Policy)
	}
	val, err := Validate(p.Root, p.Rules, opt)
	if err != nil {
		return nil, err
	}
	demoted := val.Apply(p.Policy)
	byHistory, err := DemoteByHistory(p.Root, rev, p.Rules, p.Policy)
	if err != nil {
		return nil, err
	}
	demoted = append(demoted, byHistory...)
	if cache != "" && !val.Stopped {
		attrs := p.Repo.AttributeSources(val.attributes)
		storeBaseValidation(cache, baseCacheEntry{Key: key, AttrFiles: attrs, Attrs: attrsSum(attrs), Demoted: demoted, Rules: ruleChanges(before, p.Policy)})
	}
	return recompileDemoted(p, demoted), nil
}

// recompileDemoted compiles p's rules again from its policy when the validation
// demoted some (demoted), and returns demoted.
func recompileDemoted(p *project.Project, demoted []string) []string {
	if len(demoted) == 0 {
		return nil
	}
	compiled, errs := project.CompileRules(p.Registry, p.Policy, "")
	for _, e := range errs {
		p.Warnings = append(p.Warnings, "generated rule dropped: "+e.Error())
	}
	p.Rules = engine.Distinct(compiled)
	return demoted
}
