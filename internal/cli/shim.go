package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/heed-dev/heed/internal/enforce"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/project"
	"github.com/heed-dev/heed/internal/shell"
)

// PATH shims (internal/enforce): .heed/bin holds, for every program a process rule is
// about, a link to the heed binary. Started under such a name, heed judges the
// command, then runs the real program found on PATH after skipping every shim
// directory and itself.

// runShim handles a start under another name than heed's: when argv[0] is one of
// heed's shims, it enforces that command; otherwise heed runs as itself.
func (app *App) runShim(argv0 string, args []string) (int, bool) {
	app.path.LeaveShims()
	o, handled := app.live().Shim(argv0, args)
	if !handled {
		return 0, false
	}
	return app.outcome(o), true
}

// live is the enforcement of commands that reach this binary: the whole project when
// the live index is stale.
func (app *App) live() *enforce.Live {
	return &enforce.Live{Enforcer: app.enforcer(), Stderr: app.Stderr, OriginalPath: app.path.Original()}
}

// outcome prints heed's own message of a live run and returns its exit code.
func (app *App) outcome(o enforce.Outcome) int {
	if o.Err != nil {
		fmt.Fprintf(app.Stderr, "heed: %v\n", o.Err)
	}
	return o.Code
}

func (app *App) newShimCmd() *cobra.Command {
	var dir string
	cmd := &cobra.Command{
		Use:   "shim",
		Short: "Install PATH shims that check every command a process rule names",
		Long: `PATH shims put heed in front of the programs the process rules name.

  heed shim install     link every such program to heed in .heed/bin
  heed shim env         print the export PATH=... line that puts the shims first
  heed shim uninstall   remove the links

A shim checks the command, then runs the real program (found on PATH after
skipping every shim directory). A shim sees programs found by name only: an
absolute path (/usr/bin/npm) goes around it; agent hooks see those.`,
	}
	cmd.PersistentFlags().StringVar(&dir, "dir", "", "shim directory (default: .heed/bin in the repository)")
	shimDir := func() (string, string, error) {
		root, err := app.Repo()
		if err != nil {
			return "", "", err
		}
		abs, err := enforce.ResolveShimDir(root, dir)
		if err != nil {
			return "", "", Fail("shim: %v", err)
		}
		return root, abs, nil
	}
	cmd.AddCommand(&cobra.Command{
		Use:   "install",
		Short: "Link every program the process rules name to heed",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			root, d, err := shimDir()
			if err != nil {
				return err
			}
			plan, err := app.installShims(root, d)
			if err != nil {
				return err
			}
			if len(plan.Names) == 0 {
				fmt.Fprintf(app.Stdout, "no process rule names a program: no shims in %s\n", d)
			} else {
				fmt.Fprintf(app.Stdout, "%d shims in %s: %s\n", len(plan.Names), d, strings.Join(plan.Names, " "))
			}
			if len(plan.Removed) > 0 {
				fmt.Fprintf(app.Stdout, "removed stale shims: %s\n", strings.Join(plan.Removed, " "))
			}
			if len(plan.Unshimmable) > 0 {
				fmt.Fprintf(app.Stdout, "not shimmable (agent hooks and heed exec check them): %s\n", strings.Join(plan.Unshimmable, " "))
			}
			fmt.Fprintf(app.Stdout, "put them first on PATH: eval \"$(heed shim env)\", or start a checked shell: heed shell\n")
			return nil
		},
	})
	cmd.AddCommand(&cobra.Command{
		Use:   "uninstall",
		Short: "Remove heed's links from the shim directory",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, d, err := shimDir()
			if err != nil {
				return err
			}
			removed, err := enforce.UninstallShims(d)
			if err != nil {
				return Fail("shim uninstall: %v", err)
			}
			fmt.Fprintf(app.Stdout, "removed %d shims from %s\n", len(removed), d)
			return nil
		},
	})
	cmd.AddCommand(&cobra.Command{
		Use:   "env",
		Short: "Print the shell line that puts the shims first on PATH",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, d, err := shimDir()
			if err != nil {
				return err
			}
			if !enforce.IsShimDir(d) {
				fmt.Fprintf(app.Stderr, "heed: no shims in %s yet: run heed shim install\n", d)
			}
			fmt.Fprintf(app.Stdout, "export PATH=%s:\"$PATH\"\n", shell.Quote(d))
			return nil
		},
	})
	return cmd
}

// installShims (re)creates the shims of the repository's process rules in dir.
func (app *App) installShims(root, dir string) (*enforce.ShimPlan, error) {
	p, err := project.Open(root)
	if err != nil {
		return nil, Fail("shim install: %v", err)
	}
	live, err := app.liveBinary(root)
	if err != nil {
		return nil, Fail("shim install: %v", err)
	}
	plan, err := enforce.InstallRuleShims(dir, live.Path, p.Select(policy.DomainProcess))
	if err != nil {
		return nil, Fail("shim install: %v", err)
	}
	return plan, nil
}

// liveBinary is what shims and hooks of the repository at root run
// (enforce.LiveBinary); it says once when heed-shim is beside heed but not used.
func (app *App) liveBinary(root string) (enforce.LiveExe, error) {
	exe, err := enforce.Self()
	if err != nil {
		return enforce.LiveExe{}, err
	}
	live := enforce.LiveBinary(exe, root)
	if live.ShimUnused && !app.shimHintShown {
		app.shimHintShown = true
		fmt.Fprintf(app.Stderr, "heed: %s is not used: it judges from the compiled policy, and %s has none (run heed compile, then install again)\n", enforce.ShimBinary, root)
	}
	return live, nil
}
