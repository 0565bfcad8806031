package cli

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/project"
)

func (app *App) newTestCmd() *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "test [ID...]",
		Short: "Run every rule's authored cases",
		Long: `Test runs the authored cases of every rule (or of the rules and constraints named
by id or unique id prefix): each case is an input with the verdict the rule must give
it. It names each failing rule and input, and exits 1 when any case fails.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat("test", format, "text", "json"); err != nil {
				return err
			}
			return app.runTest(args, format)
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	return cmd
}

// caseResult is one case in `heed test --format json`.
type caseResult struct {
	Rule       string `json:"rule"`
	Constraint string `json:"constraint"`
	Kind       string `json:"kind"`
	Index      int    `json:"case"`
	Expect     string `json:"expect"`
	Got        string `json:"got"`
	OK         bool   `json:"ok"`
	Input      string `json:"input"`
	Reason     string `json:"reason,omitempty"`
}

type testOutput struct {
	Rules   int          `json:"rules"`
	Cases   int          `json:"cases"`
	Passed  int          `json:"passed"`
	Failed  int          `json:"failed"`
	NoCases []string     `json:"rules_without_cases,omitempty"`
	Results []caseResult `json:"results"`
}

func (app *App) runTest(ids []string, format string) error {
	root, err := app.Repo()
	if err != nil {
		return err
	}
	p, err := project.Open(root)
	if err != nil {
		return Fail("%v", err)
	}
	for _, w := range p.Warnings {
		fmt.Fprintf(app.Stderr, "heed: warning: %s\n", w)
	}
	app.warnStale(p)
	if emptyPolicy(p.Policy) {
		fmt.Fprintf(app.Stderr, "heed: %s: there are no rules to test\n", noInstructionFiles)
	}
	want := map[string]bool{}
	for _, id := range ids {
		e, r, err := findID(p.Policy, id)
		if err != nil {
			return err
		}
		if r != nil {
			want[r.ID] = true
			continue
		}
		for _, r := range e.Rules {
			want[r.ID] = true
		}
	}
	out := testOutput{Results: []caseResult{}}
	for _, c := range p.Rules {
		r := c.Rule
		if len(want) > 0 && !want[r.ID] {
			continue
		}
		out.Rules++
		if len(r.Cases) == 0 {
			out.NoCases = append(out.NoCases, r.ID)
			continue
		}
		for i, cs := range r.Cases {
			o := engine.RunCase(p.Registry, r, cs)
			res := caseResult{Rule: r.ID, Constraint: c.Constraint.ID, Kind: r.Kind, Index: i + 1, Expect: cs.Expect,
				Got: string(o.Got), OK: o.OK, Input: caseInput(cs), Reason: o.Reason}
			if res.Got == "" {
				res.Got = "error"
			}
			out.Cases++
			if o.OK {
				out.Passed++
			} else {
				out.Failed++
			}
			out.Results = append(out.Results, res)
		}
	}
	if format == "json" {
		enc := json.NewEncoder(app.Stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(&out); err != nil {
			return err
		}
	} else {
		app.printTest(&out, p)
	}
	if out.Failed > 0 {
		return Violations()
	}
	return nil
}

func (app *App) printTest(out *testOutput, p *project.Project) {
	w := app.Stdout
	byID := map[string]*policy.Bound{}
	for _, b := range p.Policy.Rules() {
		b := b
		byID[b.Rule.ID] = &b
	}
	for _, r := range out.Results {
		if r.OK {
			continue
		}
		fmt.Fprintf(w, "FAIL %s (%s) case %d: want %s, got %s\n", r.Rule, r.Kind, r.Index, r.Expect, r.Got)
		if b := byID[r.Rule]; b != nil {
			where := ""
			if b.Constraint.File != "" {
				where = fmt.Sprintf(" (%s:%d)", b.Constraint.File, b.Constraint.Line)
			}
			fmt.Fprintf(w, "  Rule: %q%s\n", oneLine(b.Constraint.Text), where)
		}
		fmt.Fprintf(w, "  Input: %s\n", r.Input)
		if r.Reason != "" {
			fmt.Fprintf(w, "  Reason: %s\n", r.Reason)
		}
	}
	if len(out.NoCases) > 0 {
		fmt.Fprintf(w, "%d rules have no authored cases: %s\n", len(out.NoCases), strings.Join(limit(out.NoCases, 8), ", "))
	}
	fmt.Fprintf(w, "%d rules, %d cases: %d passed, %d failed\n", out.Rules, out.Cases, out.Passed, out.Failed)
}

func limit(xs []string, n int) []string {
	if len(xs) <= n {
		return xs
	}
	return append(append([]string(nil), xs[:n]...), fmt.Sprintf("and %d more", len(xs)-n))
}
