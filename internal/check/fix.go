package check

import (
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/fix"
	"github.com/heed-dev/heed/internal/project"
	"github.com/heed-dev/heed/internal/report"
)

// RunFix is heed check --fix: it checks, applies the exact fixes of the findings the
// check reports (after suppression comments and the baseline: a hidden finding is
// not fixed), and checks the tree again with the same rules. The result is the
// second check's, so a fix that did not clear its finding still shows. Only the
// working tree is edited: --staged, which judges the index, is refused.
//
// With dryRun nothing is written and the check is not run again: the report is the
// plan (its Diff is what --fix would change) and the result is nil.
func RunFix(p *project.Project, opt Options, dryRun bool) (*Result, fix.Report, error) {
	if opt.Mode == Staged {
		return nil, fix.Report{}, usage("--fix edits the working tree, and --staged judges the index: fix with --unstaged or --all, then stage")
	}
	first := opt
	first.SpillFindings, first.DropHidden = false, true
	res, err := Run(p, first)
	if err != nil {
		return nil, fix.Report{}, err
	}
	fixes := ExactFixes(res.Findings)
	res.Close()
	if dryRun {
		rep, err := fix.Plan(p.Root, fixes)
		return nil, rep, err
	}
	rep, err := fix.Apply(p.Root, fixes)
	if err != nil {
		return nil, rep, err
	}
	res, err = Run(p, opt)
	return res, rep, err
}

// ExactFixes are the fixes --fix applies: the exact ones of the findings a check
// reports.
func ExactFixes(findings []report.Finding) []engine.Fix {
	var out []engine.Fix
	for _, f := range findings {
		out = append(out, fix.Exact(f.Fixes)...)
	}
	return out
}
