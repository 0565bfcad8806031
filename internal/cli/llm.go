package cli

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"time"

	"github.com/spf13/cobra"

	checkpkg "github.com/heed-dev/heed/internal/check"
	"github.com/heed-dev/heed/internal/compile"
	"github.com/heed-dev/heed/internal/llm"
	"github.com/heed-dev/heed/internal/llm/judge"
	"github.com/heed-dev/heed/internal/llm/synth"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/project"
	"github.com/heed-dev/heed/internal/repo"
	"github.com/heed-dev/heed/internal/rules"
)

// modelClient resolves the model configuration (flags, environment, the user's own
// configuration file) and returns its client, or nil when no provider is configured.
// The settings heed ignored (a repository's [llm] section) are warned about first,
// whatever happens next.
func (app *App) modelClient(root string, f *llm.Flags) (*llm.Client, error) {
	flags := *f
	named, err := app.configPath()
	if err != nil {
		return nil, err
	}
	flags.ConfigFile = named
	cfg, err := llm.Resolve(root, app.Getenv, flags)
	for _, w := range cfg.Warnings {
		fmt.Fprintf(app.Stderr, "heed: warning: %s\n", w)
	}
	if err != nil {
		return nil, Fail("%v", err)
	}
	c, err := llm.New(cfg)
	if err != nil {
		return nil, Fail("%v", err)
	}
	return c, nil
}

// modelStep holds `heed compile`'s model flags.
type modelStep struct {
	use   bool
	flags llm.Flags
}

func (m *modelStep) register(cmd *cobra.Command) {
	cmd.Flags().BoolVar(&m.use, "llm", false, "send the constraints the offline compiler could not compile to the configured model; its rules are validated before they are accepted (see docs/llm.md)")
	m.flags.Register(cmd.Flags())
}

// compileWithModel is `heed compile --llm`'s model step, run on the freshly compiled
// policy before it is merged with the file on disk. Model-made rules of unchanged
// constraints are always carried over from old (no model needed); with useModel the
// constraints still without a rule go to the model, through the validation gate.
// With --check nothing contacts a model.
func (app *App) compileWithModel(root string, old, fresh *policy.Policy, m *modelStep, check bool) error {
	synth.Carry(old, fresh)
	if m == nil || !m.use {
		return nil
	}
	if check {
		return Fail("compile: --check and --llm do not go together (--check never contacts a model)")
	}
	client, err := app.modelClient(root, &m.flags)
	if err != nil {
		return err
	}
	if client == nil {
		return Fail("compile --llm: %v", llm.ErrDisabled)
	}
	files, err := project.ListFiles(root)
	if err != nil {
		return Fail("%v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	rep, err := synth.Compile(ctx, fresh, synth.Options{
		Client: client, Registry: rules.Registry(), Root: root, Files: files,
		Context: compile.RepoContextFor(root, files), Recognizers: rules.Recognizers(), Log: app.Stderr,
	})
	fmt.Fprintf(app.Stderr, "heed: %s\nheed: %s\n", rep.Summary(), client.Summary())
	if err != nil {
		return Fail("compile --llm: %v", err)
	}
	return nil
}

// openWithJudge opens the project for `heed check`: with a model configured, judge
// rules are answered by it and their findings lowered to warnings (a model's reading
// reports, never blocks); without one the project is what project.Open gives (judge
// targets undetermined) and nothing contacts a network. The client is nil without a
// model; print client.Summary() at the end when it is not.
func (app *App) openWithJudge(root string, f *llm.Flags) (*project.Project, *llm.Client, error) {
	return app.openRevWithJudge(root, "", f, nil)
}

// openRevWithJudge is openWithJudge with the rules of the commit rev (project.OpenRev)
// when rev is set: heed check --diff judges a change with the rules of its base. r,
// when not nil, is the repository at root, opened already.
func (app *App) openRevWithJudge(root, rev string, f *llm.Flags, r *repo.Repo) (*project.Project, *llm.Client, error) {
	client, err := app.modelClient(root, f)
	if err != nil {
		return nil, nil, err
	}
	open := func(opt project.Options) (*project.Project, error) {
		base := rev
		var p *project.Project
		var err error
		if rev == "" {
			// no policy file: the rules are compiled from the instruction files as
			// they stand, and judged, as heed compile judges them, on HEAD's tree
			base = "HEAD"
			p, err = project.OpenWith(root, opt)
		} else {
			p, err = project.OpenRev(root, rev, opt)
		}
		// (a base that resolved is a commit to judge on: no need to ask for HEAD)
		if err != nil || p.FromFile || p.Repo == nil || !p.Repo.Git || rev == "" && !p.Repo.HasHead() {
			return p, err
		}
		// rules compiled in memory were never self-validated: judge them on the
		// base's tree, as heed compile would have (a failure leaves them at their
		// levels: fail closed, and say so)
		if _, err := checkpkg.ValidateBaseRules(p, base, checkpkg.ValidateOptions{NoCache: f != nil && f.NoCache}); err != nil {
			p.Warnings = append(p.Warnings, fmt.Sprintf("%s: the rules were not self-validated: %v", base, err))
		}
		return p, nil
	}
	if client == nil {
		p, err := open(project.Options{Repo: r})
		return p, nil, err
	}
	reg := judge.Registry(rules.Registry(), judge.New(client))
	p, err := open(project.Options{Registry: reg, Repo: r})
	if err != nil {
		return nil, nil, err
	}
	p.Rules = judge.AsWarnings(p.Rules)
	return p, client, nil
}

// judgeTimeout is the per-target bound of a check: the check's default without a
// model; with one, long enough for a judge target's requests and their retries (the
// judge gives up first, with a reason, at judge.DefaultTargetTimeout).
func judgeTimeout(model *llm.Client) time.Duration {
	if model == nil {
		return 0
	}
	return judge.DefaultTargetTimeout + 30*time.Second
}
