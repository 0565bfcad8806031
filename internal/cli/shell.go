package cli

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/heed-dev/heed/internal/enforce"
)

func (app *App) newShellCmd() *cobra.Command {
	var dir string
	cmd := &cobra.Command{
		Use:   "shell [-- SHELL [ARGS...]]",
		Short: "Start a shell whose commands go through heed's PATH shims",
		Long: `Start a shell (your $SHELL, or the one given after --) with heed's PATH shims
first on PATH, installing or refreshing them first. Agents that let you choose
their shell can run under heed this way.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			app.path.LeaveShims()
			root, err := app.Repo()
			if err != nil {
				return err
			}
			d, err := enforce.ResolveShimDir(root, dir)
			if err != nil {
				return Fail("shell: %v", err)
			}
			plan, err := app.installShims(root, d)
			if err != nil {
				return err
			}
			argv := args
			if len(argv) == 0 {
				sh := os.Getenv("SHELL")
				if sh == "" {
					sh = "/bin/sh"
				}
				argv = []string{sh}
			}
			path, err := enforce.LookPath(argv[0], app.path.Original(), mustWd(), nil)
			if err != nil {
				return Fail("shell: %v", err)
			}
			env := enforce.EnvWith(os.Environ(), "PATH", d+string(os.PathListSeparator)+enforce.WithoutShims(app.path.Original()))
			env = enforce.EnvWith(env, "HEED_SHELL", root)
			fmt.Fprintf(app.Stderr, "heed: shims first on PATH (%d programs checked: %s)\n", len(plan.Names), strings.Join(plan.Names, " "))
			return Fail("shell: %v", enforce.Exec(path, argv, env))
		},
	}
	cmd.Flags().StringVar(&dir, "dir", "", "shim directory (default: .heed/bin in the repository)")
	return cmd
}

func mustWd() string {
	wd, _ := os.Getwd()
	return wd
}
