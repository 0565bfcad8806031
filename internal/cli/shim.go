package cli

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/heed-dev/heed/internal/enforce"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/project"
	"github.com/heed-dev/heed/internal/shell"
)

// PATH shims: .heed/bin holds, for every program a process rule is about, a link to
// the heed binary. Started under such a name, heed judges the command, then runs the
// real program found on PATH after skipping every shim directory and itself.

// runShim handles a start under another name than heed's: when argv[0] is one of
// heed's shims, it enforces that command; otherwise heed runs as itself.
func (app *App) runShim(name string, args []string) (int, bool) {
	if strings.HasPrefix(name, "heed-") || strings.HasPrefix(name, "heed_") || !isShimInvocation(os.Args[0], name) {
		return 0, false // a renamed heed binary (heed-dev), not a shim
	}
	leaveShims()
	wd, err := os.Getwd()
	if err != nil {
		fmt.Fprintf(app.Stderr, "heed: %s: cannot read the working directory: %v\n", name, err)
		return ExitUsage, true
	}
	if n := shimLoop(name, args); n > maxShimLoop {
		fmt.Fprintf(app.Stderr, "heed: %s: the real %s ran %s again with the same arguments %d times (a wrapper script calling itself through heed's shims?); stopping\n", name, name, name, n)
		return ExitUsage, true
	}
	root, ok := enforce.FindRoot(wd)
	argv := append([]string{name}, args...)
	if !ok {
		root = wd // outside a repository: no rules, the command runs
	}
	err = app.enforceAndRun(root, wd, argv, name, "shim", exemptByAncestor)
	return app.exitCode(err), true
}

// isShimInvocation reports whether heed was started through one of its shims: argv0's
// directory, or the PATH directory the shell found name in, holds the shim marker.
func isShimInvocation(argv0, name string) bool {
	if strings.Contains(argv0, "/") {
		return enforce.IsShimDir(filepath.Dir(argv0))
	}
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		if dir == "" {
			dir = "."
		}
		if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
			return enforce.IsShimDir(dir)
		}
	}
	return false
}

// delegator is implemented by rules whose replacement runs the forbidden command
// itself ("use `make test`, not `go test`": make runs go test).
type delegator interface{ Delegates(argv []string) bool }

// exemptByAncestor lets a shimmed command through when every rule it breaks names,
// as what to use instead, a command that is running it: `go test` started by the
// `make test` the rule asks for.
func exemptByAncestor(d *enforce.Decision) bool {
	ancestors := enforce.Ancestors(16)
	if len(ancestors) == 0 || d.Internal != "" {
		return false
	}
	for _, v := range d.Blocks {
		del, ok := v.Check.(delegator)
		if !ok {
			return false
		}
		found := false
		for _, a := range ancestors {
			// `sh -c 'make test'` runs make test too
			for _, c := range shell.FromArgv(a, shell.Options{}) {
				if len(c.Argv) > 0 && del.Delegates(c.Argv) {
					found = true
				}
			}
		}
		if !found {
			return false
		}
	}
	return true
}

const maxShimLoop = 8

// shimLoop counts how many times in a row this shim was entered with the same
// command (the count travels in the environment to the real program's children).
func shimLoop(name string, args []string) int {
	sum := sha256.Sum256([]byte(strings.Join(append([]string{name}, args...), "\x00")))
	key := name + " " + hex.EncodeToString(sum[:6])
	n := 1
	if prev := os.Getenv("HEED_SHIM_LOOP"); strings.HasPrefix(prev, key+" ") {
		if c, err := strconv.Atoi(strings.TrimPrefix(prev, key+" ")); err == nil {
			n = c + 1
		}
	}
	os.Setenv("HEED_SHIM_LOOP", key+" "+strconv.Itoa(n))
	return n
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
		d := dir
		if d == "" {
			d = filepath.Join(root, filepath.FromSlash(enforce.ShimDir))
		}
		abs, err := filepath.Abs(d)
		if err != nil {
			return "", "", Fail("shim: --dir %s: %v", d, err)
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
	exe, err := os.Executable()
	if err != nil {
		return nil, Fail("shim install: cannot find heed's own path: %v", err)
	}
	if abs, err := filepath.EvalSymlinks(exe); err == nil {
		exe = abs
	}
	names, unshimmable := enforce.ShimNames(p.Select(policy.DomainProcess), withoutShims(os.Getenv("PATH")))
	plan, err := enforce.InstallShims(dir, exe, names)
	if err != nil {
		return nil, Fail("shim install: %v", err)
	}
	plan.Unshimmable = unshimmable
	return plan, nil
}

// originalPath is PATH as heed found it: what the programs heed runs get, so their
// own children go through the shims again.
var originalPath string

// leaveShims takes the shim directories off heed's own PATH, keeping the original
// for the programs it runs: the git heed runs to read the repository must not be a
// shim, which would start heed again, and again.
func leaveShims() {
	if originalPath == "" {
		originalPath = os.Getenv("PATH")
		os.Setenv("PATH", withoutShims(originalPath))
	}
}

// childEnv is heed's environment with the original PATH.
func childEnv() []string {
	return setEnv(os.Environ(), "PATH", originalPath)
}

// withoutShims drops shim directories from a PATH.
func withoutShims(pathEnv string) string {
	var keep []string
	for _, d := range filepath.SplitList(pathEnv) {
		if d != "" && !enforce.IsShimDir(d) && !(!filepath.IsAbs(d) && enforce.IsShimDir(filepath.Join(mustWd(), d))) {
			keep = append(keep, d)
		}
	}
	return strings.Join(keep, string(os.PathListSeparator))
}
