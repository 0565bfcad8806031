// Package cli is heed's command-line layer: flag parsing, output selection and exit
// codes over the library packages. It holds no rule logic.
package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/heed-dev/heed/internal/config"
	"github.com/heed-dev/heed/internal/enforce"
)

// Version is set at build time with -ldflags "-X github.com/heed-dev/heed/internal/cli.Version=...".
var Version = "0.1.0-dev"

// Exit codes shared by every command.
const (
	ExitOK        = 0
	ExitViolation = 1 // violations found, or a command blocked
	ExitUsage     = 2 // usage or internal error
)

// App carries what every command needs: the streams and the global flags.
type App struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Getenv reads the environment (replaceable in tests).
	Getenv func(string) string

	repoFlag string
	// configFlag is --config: the configuration file to read instead of .heed/config.
	configFlag string
	// colorFlag is --color: auto (the default), always or never.
	colorFlag string
	// shimHintShown: the hint that heed-shim needs a policy file was given.
	shimHintShown bool
	// path is PATH as heed found it, once heed has taken its shims off its own.
	path enforce.ProcessPath
}

// ExitError ends a command with a code; Msg (if any) is printed as "heed: Msg".
type ExitError struct {
	Code int
	Msg  string
}

func (e *ExitError) Error() string { return e.Msg }

// Fail returns an ExitError with code 2 and a formatted message.
func Fail(format string, args ...any) error {
	return &ExitError{Code: ExitUsage, Msg: fmt.Sprintf(format, args...)}
}

// Violations returns an ExitError with code 1 and no message (the report said it).
func Violations() error { return &ExitError{Code: ExitViolation} }

// Main runs heed with the given arguments and returns the exit code. When the binary
// is started under another name (a PATH shim), it enforces that command instead.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := &App{Stdin: stdin, Stdout: stdout, Stderr: stderr, Getenv: os.Getenv}
	if len(args) > 0 {
		if name := filepath.Base(args[0]); !enforce.IsHeedName(name) && !strings.HasSuffix(name, ".test") {
			if code, handled := app.runShim(args[0], args[1:]); handled {
				return code
			}
		}
	}
	root := app.newRoot()
	root.SetArgs(args[1:])
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.Execute()
	return app.exitCode(err)
}

func (app *App) exitCode(err error) int {
	if err == nil {
		return ExitOK
	}
	var ee *ExitError
	if errors.As(err, &ee) {
		if ee.Msg != "" {
			fmt.Fprintf(app.Stderr, "heed: %s\n", ee.Msg)
		}
		return ee.Code
	}
	fmt.Fprintf(app.Stderr, "heed: %s\n", oneLine(err.Error()))
	return ExitUsage
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func (app *App) newRoot() *cobra.Command {
	root := &cobra.Command{
		Use:           "heed",
		Short:         "Make coding agents obey the rules their repositories give them",
		Long:          "heed compiles the rules in AGENTS.md, CLAUDE.md, copilot-instructions, Cursor rules and\ncontributor docs into executable checks, and enforces them live and after the fact.",
		Version:       Version,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetVersionTemplate("heed {{.Version}}\n")
	root.PersistentFlags().StringVar(&app.repoFlag, "repo", "", "repository root (default: the git root above the working directory, else the working directory)")
	root.PersistentFlags().StringVar(&app.configFlag, "config", "", "read the configuration from `FILE` instead of the repository's "+config.File+" (docs/check.md)")
	root.PersistentFlags().StringVar(&app.colorFlag, "color", "auto", "colour the text report: `auto` (on a terminal; FORCE_COLOR, CLICOLOR_FORCE and NO_COLOR honoured), always or never")
	root.PersistentPreRunE = func(c *cobra.Command, args []string) error {
		switch app.colorFlag {
		case "auto", "always", "never":
		default:
			return Fail("unknown --color %q (want auto, always or never)", app.colorFlag)
		}
		if app.configFlag != "" {
			// every command says at once when the file it was given is wrong
			if _, err := app.Config(""); err != nil {
				return err
			}
		}
		return nil
	}
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		if c.HasParent() {
			return Fail("%s: %v (see 'heed help %s')", c.Name(), err, c.Name())
		}
		return Fail("%v (see 'heed help')", err)
	})
	for _, build := range app.commands() {
		root.AddCommand(build())
	}
	addCompletions(root, app.completionIDs)
	return root
}

// commands lists the builders of every subcommand, each in its own file.
func (app *App) commands() []func() *cobra.Command {
	return []func() *cobra.Command{
		app.newRulesCmd,
		app.newCompileCmd, app.newExplainCmd, app.newTestCmd,
		app.newCheckCmd, app.newBaselineCmd,
		app.newGraphCmd,
		app.newMCPCmd,
		app.newAuditCmd,
		app.newExecCmd, app.newShimCmd, app.newShellCmd, app.newHookCmd,
	}
}
