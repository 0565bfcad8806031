package cli

import (
	"context"
	"fmt"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/cobra"

	"github.com/heed-dev/heed/internal/mcp"
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
	install := &cobra.Command{
		Use:       "install AGENT",
		Short:     "Add heed's MCP server to an agent's project configuration (" + strings.Join(mcp.Agents, ", ") + ")",
		Long:      "Writes .mcp.json (claude), .codex/config.toml (codex), .gemini/settings.json (gemini) or\n.cursor/mcp.json (cursor), keeping everything else in the file. Running it again changes nothing.",
		Args:      cobra.ExactArgs(1),
		ValidArgs: mcp.Agents,
		RunE: func(cmd *cobra.Command, args []string) error {
			root, err := app.Repo()
			if err != nil {
				return err
			}
			res, err := mcp.Install(root, args[0], command)
			if err != nil {
				return Fail("mcp install: %v", err)
			}
			if res.Changed {
				fmt.Fprintf(app.Stdout, "heed: added the heed MCP server to %s\n", res.Path)
			} else {
				fmt.Fprintf(app.Stdout, "heed: %s already has the heed MCP server\n", res.Path)
			}
			return nil
		},
	}
	install.Flags().StringVar(&command, "command", "heed", "the program the agent starts (a path when heed is not on its PATH)")
	cmd.AddCommand(install)
	return cmd
}

func isEOF(err error) bool {
	return err != nil && (strings.Contains(err.Error(), "EOF") || strings.Contains(err.Error(), "closed"))
}

// mcpOptions wires the MCP server to the command checker and auditor of this build.
func (app *App) mcpOptions() mcp.Options {
	return mcp.Options{Version: Version}
}
