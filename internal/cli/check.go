package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/heed-dev/heed/internal/check"
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/fix"
	"github.com/heed-dev/heed/internal/llm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/repo"
	"github.com/heed-dev/heed/internal/report"
)

type checkFlags struct {
	all, staged, unstaged bool
	diff                  string
	format                string
	output                string
	sarif                 string
	baseline              bool
	fix, dryRun           bool
	allSites              bool
	guardSeverity         string
	pr                    string
	domains               []string
	exclude               []string
	model                 llm.Flags
}

func (app *App) newCheckCmd() *cobra.Command {
	var f checkFlags
	cmd := &cobra.Command{
		Use:   "check [--all | --diff REV | --staged | --unstaged] [PATH...]",
		Short: "Report the source, architecture and commit rules a repository or a change breaks",
		Long: `Check runs the repository's rules over its files (--all, the default), or over a change:
--diff REV is everything from REV to the working tree, commits REV..HEAD included (their
messages are judged), and so the edits not committed yet, staged or not, and untracked
files; --diff REV --staged is everything from REV to the index: the commits and what is
staged, without unstaged edits and untracked files. --staged alone is what the index
holds over HEAD (for a pre-commit hook); --unstaged is what the working tree holds over
the index (work in progress). PATH arguments narrow any mode to those files or folders.

Edits not committed yet are judged as a commit on the branch checked out: on a branch
the rules forbid committing on ("never commit directly to main"), they are a finding.

In a change, a finding counts only on a line the change added or modified, in a file it
created, or where it deleted lines: what was already there is never reported.

Binary, generated ("Code generated ... DO NOT EDIT", *.min.js, lock files), vendored and
oversized files are skipped and counted, and so are the files .heedignore, the
configuration's [check] exclude and --exclude leave out (gitignore syntax). A comment "heed:ignore RULE-ID reason" on the
line or the line above suppresses a finding, "heed:ignore-file RULE-ID reason" a whole
file; --baseline hides the findings 'heed baseline' recorded.

A rule that needs review (the compiler demoted it to a warning: it flags much of the
existing code, the project's idiom or a misreading), or a compiled warning with more
sites than the self-validation lets a rule flag, is reported once, with its count and
its first few sites; --all-sites lists every site.

Rules on the pull request's title and description are judged on the text --pr FILE
gives (title on the first line), or in CI on the pull request the job runs for: GitHub
Actions' event (GITHUB_EVENT_PATH) or GitLab's merge-request variables
(CI_MERGE_REQUEST_TITLE, CI_MERGE_REQUEST_DESCRIPTION). Without one they are
undetermined, never passed.

Formats: text (default), json (docs/json.md), sarif (SARIF 2.1.0 for GitHub code
scanning), github (workflow-command annotations); --sarif FILE writes SARIF too, so a
CI job annotates and uploads from one run. Exit status: 0 when no error-severity
finding is reported, 1 when one is, 2 on a usage or internal error.

--fix applies the fixes a rule states exactly ("use X instead of Y" between two names,
a banned import's replacement that is the same package at another path, trailing
white space, a missing final newline, tabs where the rule asks for spaces of a given
width) to the working tree, then checks again and reports what remains. Two
fixes that overlap are both left, and so is a file changed since it was judged;
--fix --dry-run writes nothing and prints the fixes as a unified diff.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat("check", f.format, report.Formats...); err != nil {
				return err
			}
			return app.runCheck(cmd, f, args)
		},
	}
	fl := cmd.Flags()
	fl.BoolVar(&f.all, "all", false, "check every file (the default)")
	fl.StringVar(&f.diff, "diff", "", "check the change from `REV` to the working tree, with the commits REV..HEAD")
	fl.BoolVar(&f.staged, "staged", false, "check what the index holds over HEAD; with --diff REV, the change from REV to the index")
	fl.BoolVar(&f.unstaged, "unstaged", false, "check what the working tree holds over the index")
	fl.StringVar(&f.format, "format", "text", "output format: text, json, sarif or github")
	fl.StringVarP(&f.output, "output", "o", "", "write the report to `FILE` instead of standard output")
	fl.StringVar(&f.sarif, "sarif", "", "also write the report as SARIF to `FILE` (one run gives annotations and SARIF)")
	fl.BoolVar(&f.baseline, "baseline", false, "hide the findings recorded in "+check.BaselineFile)
	fl.BoolVar(&f.allSites, "all-sites", false, "list every site of a rule that needs review (by default it is reported once, with its count and its first sites)")
	fl.BoolVar(&f.fix, "fix", false, "apply the exact fixes of the findings (a rule's \"use X instead of Y\", trailing white space), then check again")
	fl.BoolVar(&f.dryRun, "dry-run", false, "with --fix: write nothing, print the fixes as a unified diff, or write it to the -o file (exit 1 when there is one)")
	registerExclude(fl, &f.exclude)
	fl.StringVar(&f.pr, "pr", "", "the pull request's title and description, title on the first line (`FILE`, \"-\" for standard input); in CI, read from the pull request's event when not given")
	fl.StringVar(&f.guardSeverity, "guard-severity", "warning", "--diff: severity of "+report.RuleGuardChange+", the finding on a change to instruction files, .heed/ or agent hook settings: `warning` or error")
	fl.StringSliceVar(&f.domains, "domain", nil, "check only the rules of these domains (source, architecture, contribution, ...)")
	f.model.Register(fl) // judge rules are answered by a model only when one is configured (docs/llm.md)
	// --no-cache (registered with the model flags) also leaves the import-facts cache, and the
	// kept verdicts of the base rules' self-validation, alone.
	cmd.MarkFlagsMutuallyExclusive("all", "diff", "unstaged")
	cmd.MarkFlagsMutuallyExclusive("all", "staged", "unstaged")
	cmd.MarkFlagsMutuallyExclusive("fix", "staged")
	return cmd
}

// checkPR is the pull request a check judges: the text --pr names, else the pull
// request of the CI job (GitHub Actions' event file, GitLab's merge-request
// variables), else none.
func (app *App) checkPR(flag string) (*engine.PR, error) {
	if flag != "" {
		data, err := app.readInput(flag)
		if err != nil {
			return nil, Fail("check: read the pull request: %v", err)
		}
		return engine.ParsePR(string(data)), nil
	}
	if app.Getenv("CI_MERGE_REQUEST_IID") != "" {
		return &engine.PR{Title: strings.TrimSpace(app.Getenv("CI_MERGE_REQUEST_TITLE")),
			Body: strings.TrimSpace(strings.ReplaceAll(app.Getenv("CI_MERGE_REQUEST_DESCRIPTION"), "\r\n", "\n"))}, nil
	}
	if path := app.Getenv("GITHUB_EVENT_PATH"); path != "" && strings.HasPrefix(app.Getenv("GITHUB_EVENT_NAME"), "pull_request") {
		data, err := os.ReadFile(path)
		if err != nil {
			// the rules on the pull request are undetermined, as without one
			fmt.Fprintf(app.Stderr, "heed: warning: read the pull request's event: %v\n", err)
			return nil, nil
		}
		pr, err := engine.PRFromEvent(data)
		if err != nil {
			fmt.Fprintf(app.Stderr, "heed: warning: %s: %v\n", path, err)
		}
		return pr, nil
	}
	return nil, nil
}

func (f checkFlags) mode() check.Mode {
	switch {
	case f.diff != "":
		return check.Diff
	case f.staged:
		return check.Staged
	case f.unstaged:
		return check.Unstaged
	}
	return check.All
}

func (app *App) runCheck(cmd *cobra.Command, f checkFlags, args []string) error {
	if cmd.Flags().Changed("diff") && f.diff == "" {
		return Fail("check: --diff needs a revision (a branch, tag or commit)")
	}
	root, err := app.Repo()
	if err != nil {
		return err
	}
	paths, err := app.repoPaths(root, args)
	if err != nil {
		return err
	}
	cfg, err := app.Config(root)
	if err != nil {
		return err
	}
	if f.guardSeverity != policy.SeverityWarning && f.guardSeverity != policy.SeverityError {
		return Fail("check: unknown --guard-severity %q (want warning or error)", f.guardSeverity)
	}
	// A change is judged with the rules of its base, read from git's objects: a
	// change that deletes a rule and breaks it is judged with the rule
	// (docs/security.md). The other modes judge the working tree with its own rules.
	rev := ""
	if f.diff != "" && !strings.HasPrefix(f.diff, "-") {
		rev = f.diff
	}
	// A diff waits longest for git's walks of the work tree (the untracked files, the
	// diff itself): start them now, while the rules load.
	var r *repo.Repo
	if mode := f.mode(); (mode == check.Diff && !f.staged) || mode == check.Unstaged {
		if r, err = repo.Open(root); err == nil {
			check.Prefetch(r, mode, f.diff)
		} else {
			r = nil
		}
	}
	p, model, err := app.openRevWithJudge(root, rev, &f.model, r)
	if err != nil {
		var ue *repo.UnknownRevisionError
		if errors.As(err, &ue) {
			return Fail("check: --diff %s: %v", f.diff, err)
		}
		return Fail("%v", err)
	}
	pr, err := app.checkPR(f.pr)
	if err != nil {
		return err
	}
	opts := check.Options{PR: pr, Mode: f.mode(), Rev: f.diff, Index: f.diff != "" && f.staged, Paths: paths, UseBaseline: f.baseline, Domains: f.domains, Config: cfg, Exclude: f.exclude, JudgeTimeout: judgeTimeout(model), NoCache: f.model.NoCache, GuardSeverity: f.guardSeverity,
		// --fix counts what remains in the files it fixed
		SpillFindings: !f.fix,
		// only SARIF records the findings suppressions and the baseline hid
		DropHidden: f.format != "sarif" && f.sarif == "",
		// a rule the compiler demoted for review is one question, not thousands of
		// findings; --fix applies the fixes of every site
		CondenseReview: !f.allSites && !f.fix}
	if f.dryRun && !f.fix {
		return Fail("check: --dry-run goes with --fix")
	}
	var res *check.Result
	if f.fix && f.dryRun {
		_, plan, err := check.RunFix(p, opts, true)
		if err != nil {
			return checkError(err)
		}
		out, closeOut, err := app.reportOutput(f.output)
		if err != nil {
			return err
		}
		if _, err := out.Write(plan.Diff()); err != nil {
			closeOut()
			return Fail("write the diff: %v", err)
		}
		if err := closeOut(); err != nil {
			return Fail("write %s: %v", f.output, err)
		}
		printFixed(app.Stderr, plan, nil, true)
		if len(plan.Changes) > 0 {
			return Violations()
		}
		return nil
	}
	if f.fix {
		var fixed fix.Report
		res, fixed, err = check.RunFix(p, opts, false)
		if err == nil {
			printFixed(app.Stderr, fixed, res, false)
		}
	} else {
		res, err = check.Run(p, opts)
	}
	if err != nil {
		return checkError(err)
	}
	defer res.Close()
	out, closeOut, err := app.reportOutput(f.output)
	if err != nil {
		return err
	}
	rep := res.Report()
	color := f.output == "" && app.Color(app.Stdout)
	opt := report.Options{Color: color, Version: Version}
	if f.format == "sarif" || f.sarif != "" {
		// In an Azure Pipelines build the log names its pipeline, as Azure DevOps
		// requires; a pipeline missing a variable still gets its report.
		a, err := report.AzurePipelines(app.Getenv)
		if err != nil {
			fmt.Fprintf(app.Stderr, "heed: warning: %v: the SARIF log names no pipeline, which Azure DevOps requires\n", err)
		}
		opt.Automation = a
	}
	if err := report.Write(out, f.format, rep, opt); err != nil {
		closeOut()
		return Fail("write the report: %v", err)
	}
	if err := closeOut(); err != nil {
		return Fail("write %s: %v", f.output, err)
	}
	if f.sarif != "" {
		w, closeSARIF, err := outputFile(f.sarif)
		if err != nil {
			return Fail("write %s: %v", f.sarif, err)
		}
		if err := report.WriteSARIF(w, rep, opt); err != nil {
			closeSARIF(false)
			return Fail("write the SARIF report: %v", err)
		}
		if err := closeSARIF(true); err != nil {
			return Fail("write %s: %v", f.sarif, err)
		}
	}
	if model != nil {
		fmt.Fprintf(app.Stderr, "heed: %s\n", model.Summary())
	}
	if f.format == "text" && f.output == "" {
		for _, w := range p.Warnings {
			fmt.Fprintf(app.Stderr, "heed: warning: %s\n", oneLine(w))
		}
	}
	if emptyPolicy(p.Policy) {
		fmt.Fprintf(app.Stderr, "heed: %s: there are no rules to check against\n", noInstructionFiles)
	}
	if f.output != "" {
		// The report went to a file; say in one line what it holds.
		fmt.Fprintln(app.Stderr, report.SummaryLine(&rep.Summary))
	}
	if res.HasErrors() {
		return Violations()
	}
	return nil
}

// printFixed says what --fix changed (or, dry, would change), what it left, and how
// many findings the second check still reports in the files it changed.
func printFixed(w io.Writer, rep fix.Report, res *check.Result, dry bool) {
	verb := "applied"
	if dry {
		verb = "would apply"
	}
	if len(rep.Applied) > 0 {
		fixes := fmt.Sprintf("%d fixes", len(rep.Applied))
		if len(rep.Applied) == 1 {
			fixes = "1 fix"
		}
		fmt.Fprintf(w, "heed: %s %s in %s: %s\n", verb, fixes, plural(len(rep.Files), "file"), strings.Join(rep.Files, ", "))
	} else {
		fmt.Fprintf(w, "heed: no fix to apply\n")
	}
	for _, s := range rep.Skipped {
		where := s.Path
		if s.Line > 0 {
			where = fmt.Sprintf("%s:%d", s.Path, s.Line)
		}
		fmt.Fprintf(w, "heed: not applied: %s: %s: %s\n", where, s.Fix.Message, s.Reason)
	}
	if res == nil || len(rep.Files) == 0 {
		return
	}
	fixed := map[string]bool{}
	for _, p := range rep.Files {
		fixed[p] = true
	}
	remain := 0
	for _, f := range res.Findings {
		if fixed[f.File] {
			remain++
		}
	}
	fmt.Fprintf(w, "heed: checked again: %s in the fixed files\n", plural(remain, "finding"))
}

// repoPaths turns PATH arguments (relative to the working directory) into
// repository-relative paths; one outside the repository is a usage error.
func (app *App) repoPaths(root string, args []string) ([]string, error) {
	if len(args) == 0 {
		return nil, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return nil, Fail("cannot read the working directory: %v", err)
	}
	r := &repo.Repo{Root: root}
	var out []string
	for _, a := range args {
		rel, err := r.Rel(wd, a)
		if err != nil {
			// A relative path may be meant relative to --repo (heed check --repo R src/).
			if !filepath.IsAbs(a) {
				if rel2, err2 := r.Rel(root, a); err2 == nil {
					if _, serr := os.Stat(filepath.Join(root, a)); serr == nil {
						out = append(out, rel2)
						continue
					}
				}
			}
			return nil, Fail("%v", err)
		}
		if rel == "" {
			return nil, nil // the whole repository
		}
		out = append(out, rel)
	}
	return out, nil
}

// reportOutput is standard output, or a file written only when the report is whole
// (see outputFile; the returned function puts it in place).
func (app *App) reportOutput(path string) (io.Writer, func() error, error) {
	if path == "" {
		return app.Stdout, func() error { return nil }, nil
	}
	w, done, err := outputFile(path)
	if err != nil {
		return nil, nil, Fail("write %s: %v", path, err)
	}
	return w, func() error { return done(true) }, nil
}

// outputFile is a report file written as it is rendered, so that a report of tens of
// thousands of findings is not held whole in memory to be written at the end. A
// regular file (or a new one) is written to a temporary file beside it: done(true)
// puts it in place (through a symbolic link, with the mode of the file it replaces,
// else 0644, as os.WriteFile gave), done(false) removes it. Anything else (a device,
// a pipe: /dev/stdout, a shell's process substitution) is written in place.
func outputFile(path string) (io.Writer, func(keep bool) error, error) {
	target, mode := path, os.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		if !st.Mode().IsRegular() {
			f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
			if err != nil {
				return nil, nil, err
			}
			bw := bufio.NewWriterSize(f, 1<<16)
			return bw, func(bool) error {
				err := bw.Flush()
				if cerr := f.Close(); err == nil {
					err = cerr
				}
				return err
			}, nil
		}
		mode = st.Mode().Perm()
		if t, err := filepath.EvalSymlinks(path); err == nil {
			target = t
		}
	}
	f, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".tmp-*")
	if err != nil {
		return nil, nil, err
	}
	bw := bufio.NewWriterSize(f, 1<<16)
	return bw, func(keep bool) error {
		err := bw.Flush()
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err == nil && keep {
			if err = os.Chmod(f.Name(), mode); err == nil {
				err = os.Rename(f.Name(), target)
			}
		}
		if err != nil || !keep {
			os.Remove(f.Name())
		}
		return err
	}, nil
}

func checkError(err error) error {
	var ue *check.UsageError
	if errors.As(err, &ue) {
		return Fail("check: %s", ue.Msg)
	}
	return Fail("check: %s", oneLine(err.Error()))
}
