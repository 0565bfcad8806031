package enforce

import (
	"fmt"
	"strings"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/shell"
)

// Format renders a decision as DESIGN.md's message: what was blocked, the rule quoted
// with where it is written, what was found and what to do instead. It never tells
// how to switch heed off.
func Format(d *Decision, req Request) string {
	if d.Internal != "" {
		return internalDecision(d.Internal).Message
	}
	if len(d.Blocks) == 0 && len(d.Warnings) == 0 {
		return ""
	}
	var b strings.Builder
	cmdLine := req.Line
	if cmdLine == "" {
		cmdLine = shell.Join(req.Argv)
	}
	write := func(head string, vs []Violation) {
		if len(vs) == 0 {
			return
		}
		b.WriteString(head)
		seen := map[string]bool{}
		for _, v := range vs {
			key := ""
			if v.Rule != nil {
				key = v.Rule.ID
			}
			key += "\x00" + v.Finding.Message
			if seen[key] {
				continue
			}
			seen[key] = true
			if v.Constraint != nil {
				fmt.Fprintf(&b, "  Rule: %q (%s)\n", tidyQuote(v.Constraint.Text), where(v.Constraint))
			}
			fmt.Fprintf(&b, "  Command: %s\n", oneLine(cmdLine))
			if v.Finding.Command != "" && oneLine(v.Finding.Command) != oneLine(cmdLine) {
				fmt.Fprintf(&b, "  Runs: %s\n", v.Finding.Command)
			}
			fmt.Fprintf(&b, "  Found: %s\n", v.Finding.Message)
			if s := v.Finding.Suggestion; s != "" {
				fmt.Fprintf(&b, "  Instead: %s\n", s)
			} else if v.Rule != nil && v.Rule.Suggestion != "" {
				fmt.Fprintf(&b, "  Instead: %s\n", v.Rule.Suggestion)
			}
		}
	}
	write("[heed] BLOCKED: process rule violated\n", d.Blocks)
	write("[heed] WARNING: process rule (the command runs)\n", d.Warnings)
	return b.String()
}

// where names a constraint's place: file:line, header path.
func where(c *policy.Constraint) string {
	s := c.File
	if c.Line > 0 {
		s += fmt.Sprintf(":%d", c.Line)
	}
	if len(c.HeaderPath) > 0 {
		hp := c.HeaderPath
		// the file's title heading says nothing the file name does not
		if t := strings.ToLower(strings.TrimSpace(hp[0])); strings.HasPrefix(t, strings.ToLower(baseName(c.File))) || t == strings.ToLower(strings.TrimSuffix(baseName(c.File), ".md")) {
			hp = hp[1:]
		}
		if len(hp) > 0 {
			s += ", " + strings.Join(hp, " > ")
		}
	}
	return s
}

func baseName(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}

func tidyQuote(s string) string {
	s = oneLine(s)
	s = strings.ReplaceAll(s, "**", "")
	if len(s) > 300 {
		s = s[:297] + "..."
	}
	return s
}
