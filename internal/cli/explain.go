package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/project"
)

func (app *App) newExplainCmd() *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "explain [ID]",
		Short: "Show a constraint or rule: its text, rules, params and cases",
		Long: `Explain shows one constraint (by constraint id) or one rule (by rule id): the
instruction as written with its file, line and section, every rule it compiled into
with its kind, params, scope and authored cases, or why it is not enforced. A unique
prefix of an id is enough. Without an ID it says what heed read: the instruction files,
how many constraints and rules they gave, and where to find the ids.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat("explain", format, "text", "json"); err != nil {
				return err
			}
			root, err := app.Repo()
			if err != nil {
				return err
			}
			p, err := project.Open(root)
			if err != nil {
				return Fail("%v", err)
			}
			app.warnStale(p)
			if len(args) == 0 {
				return app.explainOverview(p, format)
			}
			if emptyPolicy(p.Policy) {
				return Fail("explain: %s: no constraint or rule has the id %q", noInstructionFiles, args[0])
			}
			e, rule, err := findID(p.Policy, args[0])
			if err != nil {
				return err
			}
			if format == "json" {
				enc := json.NewEncoder(app.Stdout)
				enc.SetIndent("", "  ")
				if rule != nil {
					return enc.Encode(struct {
						Rule       *policy.Rule       `json:"rule"`
						Constraint *policy.Constraint `json:"constraint"`
					}{rule, &e.Constraint})
				}
				return enc.Encode(e)
			}
			writeExplain(app.Stdout, e, rule, p.FromFile)
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	return cmd
}

// explainOverview is `heed explain` without an id: what heed read and how to go on.
func (app *App) explainOverview(p *project.Project, format string) error {
	n := counts(p.Policy)
	if format == "json" {
		enc := json.NewEncoder(app.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			Policy  string              `json:"policy"`
			Sources []policy.SourceFile `json:"sources"`
			Counts  map[string]int      `json:"counts"`
		}{policy.File, p.Policy.Sources, n})
	}
	w := app.Stdout
	if emptyPolicy(p.Policy) {
		fmt.Fprintf(w, "%s: there is nothing to explain\n", noInstructionFiles)
		return nil
	}
	where := policy.File
	if !p.FromFile {
		where = "compiled in memory (no " + policy.File + "; `heed compile` writes it)"
	}
	fmt.Fprintf(w, "%d constraints from %d instruction files, %d rules, %s\n", n["constraints"], n["sources"], n["rules"], where)
	for _, s := range p.Policy.Sources {
		fmt.Fprintf(w, "  %s (%s)\n", s.Path, s.Format)
	}
	fmt.Fprintln(w, "`heed rules` lists the constraint ids; `heed explain ID` shows one")
	return nil
}

// findID resolves a constraint or rule id, or a unique prefix of one.
func findID(p *policy.Policy, id string) (*policy.Entry, *policy.Rule, error) {
	e, r, err := project.Find(p, id)
	if err != nil {
		return nil, nil, Fail("explain: %v", err)
	}
	return e, r, nil
}

func writeExplain(w io.Writer, e *policy.Entry, only *policy.Rule, fromFile bool) {
	c := &e.Constraint
	fmt.Fprintf(w, "constraint %s (%s)\n", c.ID, c.Level)
	where := c.File
	if c.Line > 0 {
		where = fmt.Sprintf("%s:%d", c.File, c.Line)
	}
	if where != "" {
		fmt.Fprintf(w, "  from:    %s\n", where)
	}
	if len(c.HeaderPath) > 0 {
		fmt.Fprintf(w, "  section: %s\n", strings.Join(c.HeaderPath, " > "))
	}
	if c.Context != "" {
		fmt.Fprintf(w, "  context: %s\n", oneLine(c.Context))
	}
	fmt.Fprintf(w, "  text:    %q\n", oneLine(c.Text))
	fmt.Fprintf(w, "  scope:   %s\n", scopeString(c.Scope))
	if !fromFile {
		fmt.Fprintln(w, "  (compiled in memory: no .heed/policy.json; `heed compile` writes it)")
	}
	if c.Level == policy.Info {
		fmt.Fprintln(w, "\n  informational: not compiled into rules")
		return
	}
	if len(e.Rules) == 0 {
		reason := e.Unenforced
		if reason == "" {
			reason = "no checkable claim"
		}
		fmt.Fprintf(w, "\n  not enforced: %s\n", reason)
		return
	}
	for i := range e.Rules {
		r := &e.Rules[i]
		if only != nil && r.ID != only.ID {
			continue
		}
		fmt.Fprintln(w)
		writeRule(w, r, c)
	}
}

func writeRule(w io.Writer, r *policy.Rule, c *policy.Constraint) {
	exact := "approximate"
	if r.Exact {
		exact = "exact"
	}
	fmt.Fprintf(w, "  rule %s\n", r.ID)
	fmt.Fprintf(w, "    kind:     %s/%s (%s, %s)\n", r.Domain, r.Kind, r.Severity, exact)
	origin := r.Origin
	if r.Origin != policy.OriginManual && r.Edited() {
		origin += ", edited by hand"
	}
	fmt.Fprintf(w, "    origin:   %s\n", origin)
	if r.Norm != "" {
		fmt.Fprintf(w, "    read as:  %s\n", r.Norm)
	}
	if r.When != nil {
		fmt.Fprintf(w, "    applies:  to a change with %s (else inapplicable)\n", r.When.What)
	}
	switch {
	case r.Review != "" && r.Decision != "":
		fmt.Fprintf(w, "    review:   decided (%s), %s\n", r.Decision, r.Review)
	case r.Review != "":
		fmt.Fprintf(w, "    review:   needs review, %s\n", r.Review)
	case r.Decision != "":
		fmt.Fprintf(w, "    review:   decided (%s)\n", r.Decision)
	}
	if r.Decision == policy.DecisionDrop {
		fmt.Fprintln(w, "    status:   dropped by a reviewer: never run")
	}
	if r.Validation == policy.ValidationNotValidated {
		fmt.Fprintln(w, "    status:   not validated: never run over the repository before being enforced (run heed compile)")
	}
	if !scopeEqual(r.Scope, c.Scope) {
		fmt.Fprintf(w, "    scope:    %s\n", scopeString(r.Scope))
	}
	if r.Message != "" {
		fmt.Fprintf(w, "    message:  %s\n", r.Message)
	}
	if r.Suggestion != "" {
		fmt.Fprintf(w, "    instead:  %s\n", r.Suggestion)
	}
	var buf bytes.Buffer
	if len(r.Params) > 0 && json.Indent(&buf, r.Params, "      ", "  ") == nil {
		fmt.Fprintf(w, "    params:\n      %s\n", buf.String())
	}
	if len(r.Cases) == 0 {
		fmt.Fprintln(w, "    cases:    none")
		return
	}
	fmt.Fprintln(w, "    cases:")
	for _, cs := range r.Cases {
		fmt.Fprintf(w, "      %-12s %s\n", cs.Expect, caseInput(cs))
	}
}

// caseInput renders an authored case's input on one line.
func caseInput(c policy.Case) string {
	var parts []string
	if len(c.History) > 0 {
		var hs []string
		for _, h := range c.History {
			hs = append(hs, strings.Join(h, " "))
		}
		parts = append(parts, "after: "+strings.Join(hs, "; "))
	}
	if len(c.Argv) > 0 {
		parts = append(parts, "argv: "+strings.Join(quoteArgs(c.Argv), " "))
	}
	if c.Shell != "" {
		parts = append(parts, "shell: "+c.Shell)
	}
	if c.Cwd != "" {
		parts = append(parts, "in "+c.Cwd)
	}
	if c.Path != "" {
		code := oneLine(c.Code)
		if len(code) > 80 {
			code = code[:77] + "..."
		}
		parts = append(parts, fmt.Sprintf("%s: %s", c.Path, code))
	}
	if len(c.Files) > 0 {
		var ps []string
		for p := range c.Files {
			ps = append(ps, p)
		}
		sort.Strings(ps)
		parts = append(parts, "with files "+strings.Join(ps, ", "))
	}
	if c.Message != "" {
		parts = append(parts, fmt.Sprintf("commit message %q", firstLine(c.Message)))
	}
	if len(c.Changed) > 0 {
		parts = append(parts, "changed "+strings.Join(c.Changed, ", "))
	}
	if c.PR != "" {
		parts = append(parts, fmt.Sprintf("PR %q", firstLine(c.PR)))
	}
	if len(parts) == 0 {
		parts = append(parts, "(no input)")
	}
	s := strings.Join(parts, "; ")
	if c.Note != "" {
		s += "  # " + c.Note
	}
	return s
}

func quoteArgs(argv []string) []string {
	out := make([]string, len(argv))
	for i, a := range argv {
		if a == "" || strings.ContainsAny(a, " \t'\"\\$`") {
			out[i] = fmt.Sprintf("%q", a)
		} else {
			out[i] = a
		}
	}
	return out
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

func scopeString(s policy.Scope) string {
	out := "the whole repository"
	if s.Dir != "" {
		out = s.Dir + "/"
	}
	if len(s.Globs) > 0 {
		out += " matching " + strings.Join(s.Globs, ", ")
	}
	if len(s.Exclude) > 0 {
		out += " except " + strings.Join(s.Exclude, ", ")
	}
	return out
}

func scopeEqual(a, b policy.Scope) bool {
	return a.Dir == b.Dir && strings.Join(a.Globs, "\x00") == strings.Join(b.Globs, "\x00") && strings.Join(a.Exclude, "\x00") == strings.Join(b.Exclude, "\x00")
}

// warnStale says on stderr when instruction files changed since the policy file was
// compiled: the rules shown may not be what the instructions now say.
func (app *App) warnStale(p *project.Project) {
	if st, err := p.Stale(); err == nil && len(st) > 0 {
		fmt.Fprintf(app.Stderr, "heed: warning: %s changed since %s was compiled: run `heed compile`\n", strings.Join(limit(st, 4), ", "), policy.File)
	}
}
