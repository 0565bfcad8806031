package cli

import (
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/heed-dev/heed/internal/enforce"
	"github.com/heed-dev/heed/internal/policy"
)

// addCompletions teaches the shell completions (heed completion bash|zsh|fish) the
// values of heed's enumerated flags and arguments: every --format and --agent (the
// values their help lists), --domain, --color, and the agents of heed hook and
// heed hook install.
func addCompletions(root *cobra.Command) {
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
						if !contains(args, a) {
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

func fixed(values []string) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return values, cobra.ShellCompDirectiveNoFileComp
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
