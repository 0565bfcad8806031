package check

import (
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/fix"
	"github.com/heed-dev/heed/internal/project"
)

// RunFix is heed check --fix: it checks, applies the exact fixes of the findings the
// check reports (after suppression comments and the baseline: a hidden finding is
// not fixed), and checks the fixed tree again with the same rules. The result is the
// second check's, so a fix that did not clear its finding still shows. Only the
// working tree is edited: --staged, which judges the index, is refused.
func RunFix(p *project.Project, opt Options) (*Result, fix.Report, error) {
	if opt.Mode == Staged {
		return nil, fix.Report{}, usage("--fix edits the working tree, and --staged judges the index: fix with --unstaged or --all, then stage")
	}
	first := opt
	first.SpillFindings, first.DropHidden = false, true
	res, err := Run(p, first)
	if err != nil {
		return nil, fix.Report{}, err
	}
	var edits []engine.TextEdit
	for _, f := range res.Findings {
		edits = append(edits, fix.Exact(f.Fixes)...)
	}
	res.Close()
	rep, err := fix.Apply(p.Root, edits)
	if err != nil {
		return nil, rep, err
	}
	res, err = Run(p, opt)
	return res, rep, err
}
