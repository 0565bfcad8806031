package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/cobra"

	"github.com/heed-dev/heed/internal/audit"
	"github.com/heed-dev/heed/internal/audit/trajectory"
	"github.com/heed-dev/heed/internal/enforce"
	"github.com/heed-dev/heed/internal/mcp"
	"github.com/heed-dev/heed/internal/project"
	"github.com/heed-dev/heed/internal/report"
)

func (app *App) newMCPCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "mcp",
		Short: "Serve the repository's rules to agents over the Model Context Protocol (stdio)",
		Long: `heed mcp serves the Model Context Protocol over standard input and output, read-only.

Tools: rules_for (the rules for a path), check_command (may this command run?),
check_file (what would this write break?), check_diff (what does the change break?),
explain (a rule or constraint by id), audit (judge a recorded session).
Resources: heed://policy, heed://instructions/PATH, heed://findings/latest.

'heed mcp install AGENT' adds the server to an agent's project configuration.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			root, err := app.Repo()
			if err != nil {
				return err
			}
			srv := mcp.New(root, app.mcpOptions())
			if err := srv.Run(context.Background(), &sdk.StdioTransport{}); err != nil && !isEOF(err) {
				return Fail("mcp: %v", err)
			}
			return nil
		},
	}
	var command string
	var user bool
	install := &cobra.Command{
		Use:   "install AGENT",
		Short: "Add heed's MCP server to an agent's project configuration (" + strings.Join(mcp.Agents, ", ") + ")",
		Long: `Writes .mcp.json (claude), .codex/config.toml (codex), .gemini/settings.json (gemini) or
.cursor/mcp.json (cursor), keeping everything else in the file, comments included. Running it
again changes nothing. A file heed cannot merge into safely is left as it is, with an error.

Codex reads a project's .codex/config.toml only once the project is trusted: heed says how.
--user writes Codex's own ~/.codex/config.toml ($CODEX_HOME) instead, which needs no trust.`,
		Args:      cobra.ExactArgs(1),
		ValidArgs: mcp.Agents,
		RunE: func(cmd *cobra.Command, args []string) error {
			root, err := app.Repo()
			if err != nil {
				return err
			}
			var res mcp.InstallResult
			switch {
			case user && args[0] != "codex":
				return Fail("mcp install %s: --user is for codex only", args[0])
			case user:
				path, perr := mcp.CodexUserConfig(app.Getenv)
				if perr != nil {
					return Fail("mcp install codex: %v", perr)
				}
				res, err = mcp.InstallAt(path, path, "codex", command)
			default:
				res, err = mcp.Install(root, args[0], command)
			}
			if err != nil {
				return Fail("mcp install: %v", err)
			}
			if res.Changed {
				fmt.Fprintf(app.Stdout, "heed: added the heed MCP server to %s\n", res.Path)
			} else {
				fmt.Fprintf(app.Stdout, "heed: %s already has the heed MCP server\n", res.Path)
			}
			if args[0] == "codex" && !user {
				fmt.Fprint(app.Stdout, codexTrustNote(root, app.codexConfigPath(), false))
			}
			return nil
		},
	}
	install.Flags().StringVar(&command, "command", "heed", "the program the agent starts (a path when heed is not on its PATH)")
	install.Flags().BoolVar(&user, "user", false, "codex: edit Codex's own config.toml ($CODEX_HOME, default ~/.codex), read in every project, instead of the project's")
	cmd.AddCommand(install)
	return cmd
}

func isEOF(err error) bool {
	return err != nil && (strings.Contains(err.Error(), "EOF") || strings.Contains(err.Error(), "closed"))
}

// mcpOptions wires the MCP server to the command checker and auditor of this build.
func (app *App) mcpOptions() mcp.Options {
	return mcp.Options{Version: Version, CheckCommand: app.mcpCheckCommand, Audit: mcpAudit}
}

// mcpAudit judges a trajectory file the way `heed audit` does and returns its report.
func mcpAudit(root string, in mcp.AuditInput) (any, error) {
	data, err := os.ReadFile(in.Trajectory)
	if err != nil {
		return nil, fmt.Errorf("read the trajectory: %w", err)
	}
	agent := in.Agent
	if agent == "" {
		agent = "auto"
	}
	opt := audit.Options{Repo: root, Base: in.Base, Head: in.Head, TrajectoryPath: in.Trajectory}
	t, err := trajectory.Parse(data, agent)
	switch {
	case err != nil && (errors.Is(err, trajectory.ErrUnknownFormat) || strings.HasPrefix(err.Error(), "unknown --agent")):
		return nil, fmt.Errorf("%s: %w", in.Trajectory, err)
	case err != nil:
		opt.TrajectoryErr = fmt.Errorf("%s: %v", in.Trajectory, err)
	default:
		opt.Trajectory = t
	}
	p, err := project.Open(root)
	if err != nil {
		return nil, err
	}
	opt.Rules = p.Rules
	return audit.Run(opt)
}

// mcpCheckCommand judges a command line exactly as the agent hooks do, but leaves the
// journal alone: a pre-flight question is not a command that ran.
func (app *App) mcpCheckCommand(p *project.Project, line, cwd string) (*mcp.CommandVerdict, error) {
	e := app.enforcer()
	e.NoJournal = true
	req := enforce.Request{Root: p.Root, Cwd: filepath.Join(p.Root, filepath.FromSlash(cwd)), Line: line, Source: "mcp", Guard: true}
	d := e.Check(req)
	if d.Internal != "" {
		return nil, errors.New(d.Internal)
	}
	v := &mcp.CommandVerdict{Allowed: !d.Blocked, AskUser: !d.Blocked && len(d.Asks()) > 0, Message: d.Message, Findings: []report.Finding{}}
	for _, group := range [][]enforce.Violation{d.Blocks, d.Warnings} {
		for _, viol := range group {
			v.Findings = append(v.Findings, processFinding(viol))
		}
	}
	return v, nil
}

// processFinding renders a command violation in the report's finding shape.
func processFinding(v enforce.Violation) report.Finding {
	f := report.Finding{
		Rule: v.Rule.ID, Constraint: v.Constraint.ID, Domain: v.Rule.Domain, Kind: v.Rule.Kind,
		Severity: v.Rule.Severity, Exact: v.Rule.Exact, Command: v.Finding.Command,
		Message: v.Finding.Message, Suggestion: v.Finding.Suggestion,
		Instruction: report.Instruction{File: v.Constraint.File, Line: v.Constraint.Line, Text: v.Constraint.Text, HeaderPath: v.Constraint.HeaderPath},
	}
	if f.Suggestion == "" {
		f.Suggestion = v.Rule.Suggestion
	}
	return f
}

// codexTrustNote tells how to make Codex read what heed wrote under the project's
// .codex/: Codex (0.171) loads that layer only in a trusted project, and runs a new
// or changed hook only once the user has trusted it; `codex exec` skips an untrusted
// hook without a word. config is the user's config.toml, where Codex records both.
func codexTrustNote(root, config string, hooks bool) string {
	note := fmt.Sprintf(`codex: Codex reads the project's .codex/ only in a trusted project: answer yes when Codex
  asks to trust %s, run `+"`codex exec --trust`"+` there once, or add to %s:
    [projects.%s]
    trust_level = "trusted"
`, root, config, tomlKey(root))
	if hooks {
		note += `codex: Codex runs a new or changed hook only once you trust it (codex exec skips it without a
  word): start codex in the project and choose "Trust all and continue" when it says hooks need
  review, or trust them in /hooks.
`
	}
	return note
}

// codexConfigPath is where Codex keeps the user's settings, for messages.
func (app *App) codexConfigPath() string {
	path, err := mcp.CodexUserConfig(app.Getenv)
	if err != nil {
		return "~/.codex/config.toml"
	}
	return path
}

// tomlKey quotes a path as a TOML key.
func tomlKey(s string) string {
	if strings.ContainsAny(s, "'\n") {
		b, _ := json.Marshal(s)
		return string(b)
	}
	return "'" + s + "'"
}
