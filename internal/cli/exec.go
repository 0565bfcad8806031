package cli

import (
	"os"

	"github.com/spf13/cobra"

	"github.com/heed-dev/heed/internal/enforce"
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/project"
	"github.com/heed-dev/heed/internal/rules"
)

func (app *App) newExecCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "exec [--repo DIR] -- COMMAND [ARGS...]",
		Short: "Check a command against the process rules, then run it",
		Long: `Check a command against the repository's process rules, then run it.

A blocked command never starts: heed prints the rule it breaks, quoting the
instruction, and exits 1. An allowed one runs in heed's place, with the same
standard input, output, error, exit status and signals.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return app.runExec(args) },
	}
	cmd.Flags().SetInterspersed(false) // heed exec npm --version: --version is npm's
	return cmd
}

// enforcer builds the live enforcement of a build: the live index first, the whole
// project when it is stale.
func (app *App) enforcer() *enforce.Enforcer {
	return &enforce.Enforcer{Instruction: isInstruction, Loader: &enforce.Loader{
		Registry: rules.Registry(),
		Open: func(root string) ([]engine.Compiled, bool, error) {
			p, err := project.Open(root)
			if err != nil {
				return nil, false, err
			}
			return p.Rules, p.FromFile, nil
		},
	}}
}

// isInstruction tells an instruction file by its repository-relative path, for the
// guard of agents' writes (a new AGENTS.md, or one zero-config compiles).
func isInstruction(rel string) bool { return instr.Classify(rel) != "" }

// liveRoot is the repository a command is judged in: --repo, else the nearest
// directory with .heed or .git above the working directory (without running git:
// this is every intercepted command's path), else the working directory.
func (app *App) liveRoot(wd string) string {
	if app.repoFlag != "" {
		if root, err := app.Repo(); err == nil {
			return root
		}
		return app.repoFlag
	}
	if root, ok := enforce.FindRoot(wd); ok {
		return root
	}
	return wd
}

func (app *App) runExec(argv []string) error {
	app.path.LeaveShims()
	wd, err := os.Getwd()
	if err != nil {
		return Fail("exec: cannot read the working directory: %v", err)
	}
	root := app.liveRoot(wd)
	if app.repoFlag != "" {
		if _, err := os.Stat(root); err != nil {
			return Fail("exec: --repo %s: %v", app.repoFlag, err)
		}
	}
	return &ExitError{Code: app.outcome(app.live().Run(root, wd, argv, argv[0], "exec", nil))}
}
