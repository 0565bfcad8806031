package cli

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	checkpkg "github.com/heed-dev/heed/internal/check"
	"github.com/heed-dev/heed/internal/llm"
	"github.com/heed-dev/heed/internal/llm/judge"
	"github.com/heed-dev/heed/internal/project"
	"github.com/heed-dev/heed/internal/repo"
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

// openRevWithJudge opens the project for `heed check` (check.Open) with the model the
// flags and configuration name, if any (nil without one: print client.Summary() at the
// end when it is not), and the rules of the commit rev when rev is set:
// heed check --diff judges a change with the rules of its base. r, when not nil, is the
// repository at root, opened already.
func (app *App) openRevWithJudge(root, rev string, f *llm.Flags, r *repo.Repo) (*project.Project, *llm.Client, error) {
	client, err := app.modelClient(root, f)
	if err != nil {
		return nil, nil, err
	}
	p, err := checkpkg.Open(root, checkpkg.OpenOptions{Rev: rev, Model: client, NoCache: f != nil && f.NoCache, Repo: r})
	if err != nil {
		return nil, nil, err
	}
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
