package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/heed-dev/heed/internal/check"
	"github.com/heed-dev/heed/internal/enforce"
	"github.com/heed-dev/heed/internal/project"
)

func (app *App) newBaselineCmd() *cobra.Command {
	var domains []string
	cmd := &cobra.Command{
		Use:   "baseline",
		Short: "Record the current findings, so 'heed check --baseline' reports only new ones",
		Long: `Baseline runs 'heed check --all' and writes its findings to .heed/baseline.json, each
identified by its rule, its file and the normalised content of its line, not by line
number: edits elsewhere in a file do not make its recorded findings new again. Commit the
file; 'heed check --baseline' then hides what it records. Run it again to accept the
findings as they are now (fixed findings drop out).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			root, err := app.Repo()
			if err != nil {
				return err
			}
			p, err := project.Open(root)
			if err != nil {
				return Fail("%v", err)
			}
			res, err := check.Run(p, check.Options{Mode: check.All, Domains: domains})
			if err != nil {
				return checkError(err)
			}
			enforce.EnsureIgnored(root) // a killed write leaves .baseline.json.tmp-*: ignored
			if _, err := check.NewBaseline(res.Findings).Write(root); err != nil {
				return Fail("baseline: %v", err)
			}
			rep := res.Report()
			fmt.Fprintf(app.Stdout, "heed: recorded %s in %s (%s, %s; %s, %s checked)\n",
				plural(len(res.Findings), "finding"), check.BaselineFile, plural(rep.Summary.Errors, "error"), plural(rep.Summary.Warnings, "warning"),
				plural(rep.Summary.Files, "file"), plural(rep.Summary.Rules, "rule"))
			return nil
		},
	}
	cmd.Flags().StringSliceVar(&domains, "domain", nil, "record only the findings of these domains")
	return cmd
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
