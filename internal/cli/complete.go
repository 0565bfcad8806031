package cli

import (
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/heed-dev/heed/internal/enforce"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/project"
)

// addCompletions teaches the shell completions (heed completion bash|zsh|fish) the
// values of heed's enumerated flags and arguments: every --format and --agent (the
// values their help lists), --domain, --color, the agents of heed hook and heed
// hook install, and the constraint and rule ids of heed explain and heed test (ids
// lists them, with a description each).
func addCompletions(root *cobra.Command, ids func() []string) {
	domains := []string{policy.DomainProcess, policy.DomainSource, policy.DomainArchitecture, policy.DomainContribution, policy.DomainSemantic}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.Flags().VisitAll(func(f *pflag.Flag) {
			var values []string
			switch f.Name {
			case "format", "agent":
				values = listedValues(f.Usage)
			case "domain":
				values = domains
			}
			if len(values) > 0 {
				_ = c.RegisterFlagCompletionFunc(f.Name, fixed(values))
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	_ = root.RegisterFlagCompletionFunc("color", fixed([]string{"auto", "always", "never"}))
	for _, c := range root.Commands() {
		switch c.Name() {
		case "explain", "test":
			one := c.Name() == "explain"
			c.ValidArgsFunction = func(cmd *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
				if one && len(args) > 0 {
					return nil, cobra.ShellCompDirectiveNoFileComp
				}
				var out []string
				for _, id := range ids() {
					if strings.HasPrefix(id, prefix) && !slices.Contains(args, strings.SplitN(id, "\t", 2)[0]) {
						out = append(out, id)
					}
				}
				return out, cobra.ShellCompDirectiveNoFileComp
			}
			continue
		}
		if c.Name() != "hook" {
			continue
		}
		agents := append(append([]string(nil), enforce.Agents...), "git")
		c.ValidArgsFunction = func(cmd *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return append([]string{"install"}, agents...), cobra.ShellCompDirectiveNoFileComp
		}
		for _, sub := range c.Commands() {
			if sub.Name() == "install" {
				sub.ValidArgsFunction = func(cmd *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
					var left []string
					for _, a := range agents {
						if !slices.Contains(args, a) {
							left = append(left, a)
						}
					}
					return left, cobra.ShellCompDirectiveNoFileComp
				}
			}
		}
	}
}

// listedValues reads the values a flag's help lists after its colon: "output format:
// text, json, sarif or github".
func listedValues(usage string) []string {
	i := strings.LastIndex(usage, ":")
	if i < 0 {
		return nil
	}
	var out []string
	for _, part := range strings.Split(strings.ReplaceAll(usage[i+1:], " or ", ", "), ",") {
		if v := strings.TrimSpace(part); v != "" && !strings.ContainsAny(v, " ()") {
			out = append(out, v)
		}
	}
	return out
}

// completionIDs lists the repository's constraint and rule ids for completion,
// each with what it is ("id<TAB>description", the form cobra's scripts show); none
// when the repository's rules cannot be read (a completion never prints an error).
func (app *App) completionIDs() []string {
	root, err := app.Repo()
	if err != nil {
		return nil
	}
	p, err := project.Open(root)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range p.Policy.Entries {
		out = append(out, e.ID+"\t"+shorten(oneLine(e.Text), 60))
		for _, r := range e.Rules {
			out = append(out, r.ID+"\t"+r.Domain+"/"+r.Kind+" rule")
		}
	}
	return out
}

func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

func fixed(values []string) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return values, cobra.ShellCompDirectiveNoFileComp
	}
}
