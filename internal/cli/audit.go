package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/heed-dev/heed/internal/audit"
	"github.com/heed-dev/heed/internal/audit/trajectory"
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/project"
)

type auditFlags struct {
	trajectory, agent, base, head, pr, format, output string
	runs, shard                                       string
	workers                                           int
	exclude                                           []string
}

var auditFormats = []string{"text", "json", "html"}

func (app *App) newAuditCmd() *cobra.Command {
	var f auditFlags
	cmd := &cobra.Command{
		Use:   "audit --trajectory FILE [--agent auto|claude|codex|mini-swe-agent|openhands|gemini|heed] [--base REV] [--head REV] [--pr FILE]",
		Short: "Judge a whole agent session: every rule over its commands, commits, diff and PR",
		Long: `Audit reads an agent's trajectory (a Claude Code transcript, a Codex rollout, a
mini-SWE-agent trajectory, an OpenHands event stream, a Gemini CLI chat or heed's
.heed/journal.jsonl) and judges every rule of the repository over one evidence
bundle: the session's commands in order (a forbidden command the agent ran and undid
still counts), the commits
--base..--head (default: the trajectory's starting commit, and HEAD), their diff with
the lines they touched, and the pull-request text (--pr FILE, "-" for standard input;
else the trajectory's "PR SUBMISSION:" text or its last 'gh pr create').

Each rule gets SWE-CC's verdict: satisfied, violated, undetermined (it applies but the
evidence cannot answer, e.g. no PR text) or inapplicable (it never came up); a crash is
never a violation nor a pass. The report gives the triggering rate ((satisfied +
violated + undetermined) / rules) and the compliance rate (satisfied / (satisfied +
violated)) overall, per domain and per instruction file, and places each violation in
the session (the step that made it) with whether it survived into the final change.

Bad input is read as far as it goes: a malformed record is skipped with a warning, a
truncated file judges the steps before the cut, a missing base commit leaves the
commit and diff rules undetermined.

Batch: --runs DIR audits every run folder of DIR (a trajectory and a repo/ in each;
docs/audit.md) in parallel, --shard I/N takes every N-th folder, and
'heed audit merge' combines the JSON results. Formats: text (default), json, html (one
self-contained page). Exit status: 1 when an error-severity rule is violated.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat("audit", f.format, auditFormats...); err != nil {
				return err
			}
			if f.runs != "" {
				return app.runAuditBatch(f)
			}
			return app.runAudit(f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.trajectory, "trajectory", "", "the session's trajectory `FILE` (\"-\" for standard input)")
	fl.StringVar(&f.agent, "agent", "auto", "the trajectory's format: auto, "+strings.Join(trajectory.Formats, ", "))
	fl.StringVar(&f.base, "base", "", "the commit the session started from (default: the one the trajectory records)")
	fl.StringVar(&f.head, "head", "", "the last commit of the session (default HEAD)")
	fl.StringVar(&f.pr, "pr", "", "the pull request's title and description, title on the first line (`FILE`, \"-\" for standard input)")
	fl.StringVar(&f.format, "format", "text", "output format: text, json or html")
	fl.StringVarP(&f.output, "output", "o", "", "write the report to `FILE` instead of standard output")
	fl.StringVar(&f.runs, "runs", "", "audit every run folder of `DIR`")
	fl.StringVar(&f.shard, "shard", "", "with --runs, audit only shard `I/N` (every N-th folder, from the I-th)")
	fl.IntVar(&f.workers, "workers", 0, "runs audited in parallel (default: the number of CPUs)")
	registerExclude(fl, &f.exclude)
	cmd.AddCommand(app.newAuditMergeCmd())
	return cmd
}

func (app *App) runAudit(f auditFlags) error {
	if f.trajectory == "" {
		return Fail("audit: --trajectory FILE is required (or --runs DIR)")
	}
	if f.shard != "" {
		return Fail("audit: --shard goes with --runs")
	}
	if f.trajectory == "-" && f.pr == "-" {
		return Fail("audit: --trajectory and --pr cannot both read standard input")
	}
	opt := audit.Options{Base: f.base, Head: f.head, TrajectoryPath: f.trajectory}
	// Read as it is parsed, a record at a time: a long session is never held whole.
	in, closeIn, err := app.openInput(f.trajectory)
	if err != nil {
		return Fail("audit: read the trajectory: %v", err)
	}
	t, err := trajectory.Read(in, f.agent)
	closeIn()
	var pe *fs.PathError
	switch {
	case err != nil && errors.As(err, &pe):
		return Fail("audit: read the trajectory: %v", err)
	case err != nil && strings.HasPrefix(err.Error(), "unknown --agent"):
		return Fail("audit: %v", err)
	case err != nil && errors.Is(err, trajectory.ErrUnknownFormat):
		return Fail("audit: %s: %v", f.trajectory, err)
	case err != nil:
		// Unreadable as a whole: the repository's evidence is still judged.
		opt.TrajectoryErr = fmt.Errorf("%s: %v", f.trajectory, err)
	default:
		opt.Trajectory = t
	}
	if f.pr != "" {
		prData, err := app.readInput(f.pr)
		if err != nil {
			return Fail("audit: read the pull request: %v", err)
		}
		opt.PR, opt.PRSource = audit.ParsePR(string(prData)), "--pr "+f.pr
	}
	// The repository: --repo, else the git root above the working directory.
	root, err := app.Repo()
	if err != nil {
		return err
	}
	opt.Repo = root
	if opt.Config, err = app.Config(root); err != nil {
		return err
	}
	opt.Exclude = f.exclude
	p, err := project.Open(root)
	if err != nil {
		return Fail("audit: %v", err)
	}
	opt.Rules = p.Rules
	rep, err := audit.Run(opt)
	if err != nil {
		return Fail("audit: %v", err)
	}
	if err := app.writeAudit(f, func(w io.Writer) error { return audit.Write(w, f.format, rep) }); err != nil {
		return err
	}
	if f.format == "text" && f.output == "" {
		for _, w := range p.Warnings {
			fmt.Fprintf(app.Stderr, "heed: warning: %s\n", oneLine(w))
		}
	}
	for _, rr := range rep.Rules {
		if rr.Verdict == engine.Violated && rr.Severity == policy.SeverityError {
			return Violations()
		}
	}
	return nil
}

// openInput opens a file, or standard input for "-", and returns how to close it.
func (app *App) openInput(name string) (io.Reader, func(), error) {
	if name == "-" {
		return app.Stdin, func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	return f, func() { f.Close() }, nil
}

// readInput reads a file, or standard input for "-".
func (app *App) readInput(name string) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(app.Stdin)
	}
	return os.ReadFile(name)
}

// writeAudit writes to --output (whole or not at all) or standard output.
func (app *App) writeAudit(f auditFlags, write func(io.Writer) error) error {
	out, closeOut, err := app.reportOutput(f.output)
	if err != nil {
		return err
	}
	if err := write(out); err != nil {
		closeOut()
		return Fail("audit: write the report: %v", err)
	}
	if err := closeOut(); err != nil {
		return Fail("audit: write %s: %v", f.output, err)
	}
	return nil
}

func (app *App) runAuditBatch(f auditFlags) error {
	if f.trajectory != "" || f.pr != "" || f.base != "" || f.head != "" {
		return Fail("audit: --runs reads each run's trajectory, PR and base from its folder (docs/audit.md); drop --trajectory, --pr, --base and --head")
	}
	if f.format == "html" {
		return Fail("audit: --runs writes text or json (merge the JSON, or audit one run for an HTML page)")
	}
	var shard audit.Shard
	if f.shard != "" {
		s, err := audit.ParseShard(f.shard)
		if err != nil {
			return Fail("audit: %v", err)
		}
		shard = s
	}
	if st, err := os.Stat(f.runs); err != nil || !st.IsDir() {
		return Fail("audit: --runs %s: not a folder", f.runs)
	}
	cache := &projectCache{m: map[string]*projectEntry{}}
	opt := audit.BatchOptions{Shard: shard, Workers: f.workers, Rules: cache.rules}
	// each run's own .heedignore and .heed/config apply; --config and --exclude are
	// the invoker's, for every run
	if app.configFlag != "" {
		cfg, err := app.Config("")
		if err != nil {
			return err
		}
		opt.Config = cfg
	}
	opt.Exclude = f.exclude
	var bar *progressBar
	if IsTerminal(app.Stderr) {
		bar = &progressBar{w: app.Stderr, start: time.Now()}
		opt.Progress = bar.update
	}
	b, err := audit.RunBatch(f.runs, opt)
	if bar != nil {
		bar.finish()
	}
	if err != nil {
		return Fail("audit: %v", err)
	}
	if err := app.writeAudit(f, func(w io.Writer) error {
		if f.format == "json" {
			enc := json.NewEncoder(w)
			enc.SetIndent("", "  ")
			return enc.Encode(b)
		}
		return writeBatchText(w, b)
	}); err != nil {
		return err
	}
	for _, e := range b.Errors {
		fmt.Fprintf(app.Stderr, "heed: run %s: %s\n", e.ID, oneLine(e.Error))
	}
	return nil
}

func (app *App) newAuditMergeCmd() *cobra.Command {
	var format, output string
	cmd := &cobra.Command{
		Use:   "merge FILE...",
		Short: "Combine the JSON results of 'heed audit --runs' (shards) into one",
		Long: `Merge reads the JSON results of several 'heed audit --runs ... --format json' (one per
shard, or per batch) and writes one result: the runs united by id and every rate
recomputed from the verdicts, so merging is exact whatever the split.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat("audit merge", format, "text", "json"); err != nil {
				return err
			}
			var bs []*audit.Batch
			for _, a := range args {
				data, err := os.ReadFile(a)
				if err != nil {
					return Fail("audit merge: %v", err)
				}
				var b audit.Batch
				if err := json.Unmarshal(data, &b); err != nil {
					return Fail("audit merge: %s: not JSON: %v", a, err)
				}
				if b.Kind != audit.BatchKind {
					return Fail("audit merge: %s is not the JSON result of 'heed audit --runs' (kind %q)", a, b.Kind)
				}
				bs = append(bs, &b)
			}
			m := audit.Merge(bs)
			return app.writeAudit(auditFlags{output: output}, func(w io.Writer) error {
				if format == "json" {
					enc := json.NewEncoder(w)
					enc.SetIndent("", "  ")
					return enc.Encode(m)
				}
				return writeBatchText(w, m)
			})
		},
	}
	cmd.Flags().StringVar(&format, "format", "json", "output format: json or text")
	cmd.Flags().StringVarP(&output, "output", "o", "", "write the result to `FILE` instead of standard output")
	return cmd
}

func writeBatchText(w io.Writer, b *audit.Batch) error {
	pct := func(p *float64) string {
		if p == nil {
			return "—"
		}
		return fmt.Sprintf("%.1f%%", *p*100)
	}
	var sb strings.Builder
	shards := ""
	if len(b.Shards) > 0 {
		shards = " (shards " + strings.Join(b.Shards, ", ") + ")"
	}
	fmt.Fprintf(&sb, "heed audit: %d run(s)%s, %d could not be audited, %.1f s\n\n", len(b.Runs), shards, len(b.Errors), b.DurationMS/1000)
	fmt.Fprintf(&sb, "  %-28s %6s %6s %6s %6s %6s  %-10s  %s\n", "", "RULES", "SAT", "VIO", "UND", "N/A", "TRIGGERING", "COMPLIANCE")
	row := func(name string, r audit.Rates) {
		fmt.Fprintf(&sb, "  %-28s %6d %6d %6d %6d %6d  %-10s  %s\n", name, r.Rules, r.Satisfied, r.Violated, r.Undetermined, r.Inapplicable, pct(r.Triggering), pct(r.Compliance))
	}
	row("overall", b.Metrics.Overall)
	row("exact rules only", b.Metrics.Exact)
	for _, k := range slices.Sorted(maps.Keys(b.Metrics.Domain)) {
		row(k, b.Metrics.Domain[k])
	}
	if len(b.Rules) > 0 {
		fmt.Fprintf(&sb, "\nMost violated rules:\n")
		rules := append([]audit.RuleTally(nil), b.Rules...)
		sortTallies(rules)
		for i, t := range rules {
			if i == 10 || t.Rates.Violated == 0 {
				break
			}
			fmt.Fprintf(&sb, "  %4d of %-4d runs  %s  %s\n", t.Rates.Violated, t.Rates.Rules, t.Rule, oneLine(t.Text))
		}
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

func sortTallies(ts []audit.RuleTally) {
	for i := 1; i < len(ts); i++ {
		for j := i; j > 0 && (ts[j].Rates.Violated > ts[j-1].Rates.Violated ||
			ts[j].Rates.Violated == ts[j-1].Rates.Violated && ts[j].Rule < ts[j-1].Rule); j-- {
			ts[j], ts[j-1] = ts[j-1], ts[j]
		}
	}
}

// projectCache compiles each repository's rules once per batch (runs of one project
// often share a checkout).
type projectCache struct {
	mu sync.Mutex
	m  map[string]*projectEntry
}

type projectEntry struct {
	once  sync.Once
	rules []engine.Compiled
	err   error
}

func (c *projectCache) rules(dir string) ([]engine.Compiled, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	e := c.m[abs]
	if e == nil {
		e = &projectEntry{}
		c.m[abs] = e
	}
	c.mu.Unlock()
	e.once.Do(func() {
		p, err := project.Open(abs)
		if err != nil {
			e.err = err
			return
		}
		e.rules = p.Rules
	})
	return e.rules, e.err
}

// progressBar draws "[=====>     ] 412/1000 runs  38.2 runs/s" on a terminal.
type progressBar struct {
	w     io.Writer
	start time.Time
	last  time.Time
}

func (p *progressBar) update(done, total int) {
	now := time.Now()
	if done != total && now.Sub(p.last) < 100*time.Millisecond {
		return
	}
	p.last = now
	const width = 30
	filled := 0
	if total > 0 {
		filled = done * width / total
	}
	bar := strings.Repeat("=", filled)
	if filled < width {
		bar += ">" + strings.Repeat(" ", width-filled-1)
	}
	rate := float64(done) / now.Sub(p.start).Seconds()
	fmt.Fprintf(p.w, "\r[%s] %d/%d runs  %.1f runs/s", bar, done, total, rate)
}

func (p *progressBar) finish() { fmt.Fprint(p.w, "\r\033[K") }
