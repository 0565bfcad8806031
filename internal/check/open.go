package check

import (
	"errors"
	"fmt"

	"github.com/heed-dev/heed/internal/llm"
	"github.com/heed-dev/heed/internal/llm/judge"
	"github.com/heed-dev/heed/internal/project"
	"github.com/heed-dev/heed/internal/repo"
	"github.com/heed-dev/heed/internal/rules"
)

// OpenOptions says how Open reads a repository's rules for a check.
type OpenOptions struct {
	// Rev, when set, is the commit whose rules judge the change (heed check --diff
	// REV): a change that deletes a rule and breaks it is judged with the rule. Outside
	// git the working tree's rules are read (Run then says a diff needs git).
	Rev string
	// Model, when not nil, answers judge rules; their findings are lowered to warnings
	// (a model's reading reports, never blocks). Without one, judge targets are
	// undetermined and nothing contacts a network.
	Model *llm.Client
	// NoCache leaves the kept verdicts of the base rules' self-validation alone.
	NoCache bool
	// Repo, when not nil, is the repository at root, opened already.
	Repo *repo.Repo
}

// Open reads the rules a check judges with: the policy file of the working tree (or of
// o.Rev), else the rules compiled in memory from the instruction files, self-validated
// on the base's tree as heed compile would have (a failure leaves them at their levels:
// fail closed, and say so in the project's warnings).
func Open(root string, o OpenOptions) (*project.Project, error) {
	opt := project.Options{Repo: o.Repo}
	if o.Model != nil {
		opt.Registry = judge.Registry(rules.Registry(), judge.New(o.Model))
	}
	p, err := openRev(root, o.Rev, opt, o.NoCache)
	if errors.Is(err, repo.ErrNotGit) && o.Rev != "" {
		opt.Repo = nil
		p, err = openRev(root, "", opt, o.NoCache)
	}
	if err != nil {
		return nil, err
	}
	if o.Model != nil {
		p.Rules = judge.AsWarnings(p.Rules)
	}
	return p, nil
}

func openRev(root, rev string, opt project.Options, noCache bool) (*project.Project, error) {
	base := rev
	var p *project.Project
	var err error
	if rev == "" {
		// no policy file: the rules are compiled from the instruction files as they
		// stand, and judged, as heed compile judges them, on HEAD's tree
		base = "HEAD"
		p, err = project.OpenWith(root, opt)
	} else {
		p, err = project.OpenRev(root, rev, opt)
	}
	// (a base that resolved is a commit to judge on: no need to ask for HEAD)
	if err != nil || p.FromFile || p.Repo == nil || !p.Repo.Git || rev == "" && !p.Repo.HasHead() {
		return p, err
	}
	if _, err := ValidateBaseRules(p, base, ValidateOptions{NoCache: noCache}); err != nil {
		p.Warnings = append(p.Warnings, fmt.Sprintf("%s: the rules were not self-validated: %v", base, err))
	}
	return p, nil
}
