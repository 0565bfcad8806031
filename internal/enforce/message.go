package enforce

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/shell"
)

// Bounds of a message: a hook's answer is read by an agent (and Claude Code keeps
// about 10,000 characters of it), and a message that grows with the command line times
// the findings once kept a hook past its timeout, which lets the tool run.
const (
	// maxShownCommand bounds the command line quoted (once) in a message.
	maxShownCommand = 300
	// maxShownText bounds any other text quoted: a finding, a suggestion, a reason.
	maxShownText = 500
	// maxShownFindings is how many findings a message lists; it counts the rest.
	maxShownFindings = 5
)

// Format renders a decision as DESIGN.md's message: what was blocked, the rule quoted
// with where it is written, what was found and what to do instead. It never tells
// how to switch heed off. Its size is bounded whatever the command line: the line is
// quoted once, cut to maxShownCommand bytes, and at most maxShownFindings findings
// are listed in each part, the rest counted.
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
	shownLine := clip(cmdLine, maxShownCommand)
	quoted := false
	write := func(head string, vs []Violation) {
		if len(vs) == 0 {
			return
		}
		b.WriteString(head)
		seen := map[string]bool{}
		listed, more := 0, 0
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
			if listed == maxShownFindings {
				more++
				continue
			}
			listed++
			if v.Constraint != nil {
				fmt.Fprintf(&b, "  Rule: %q (%s)\n", tidyQuote(v.Constraint.Text), where(v.Constraint))
			}
			if !quoted {
				fmt.Fprintf(&b, "  Command: %s\n", shownLine)
				quoted = true
			}
			if v.Finding.Command != "" {
				if runs := clip(v.Finding.Command, maxShownCommand); runs != shownLine {
					fmt.Fprintf(&b, "  Runs: %s\n", runs)
				}
			}
			if v.asks() {
				// the check's finding says "forbidden"; the rule says "not without a yes"
				b.WriteString("  Found: the instructions let this run only once the user agrees\n")
				continue
			}
			fmt.Fprintf(&b, "  Found: %s\n", clip(v.Finding.Message, maxShownText))
			if s := v.Finding.Suggestion; s != "" {
				fmt.Fprintf(&b, "  Instead: %s\n", clip(s, maxShownText))
			} else if v.Rule != nil && v.Rule.Suggestion != "" {
				fmt.Fprintf(&b, "  Instead: %s\n", clip(v.Rule.Suggestion, maxShownText))
			}
		}
		if more > 0 {
			fmt.Fprintf(&b, "  (and %d more %s)\n", more, plural(more, "finding", "findings"))
		}
	}
	var warnings, asks []Violation
	for _, v := range d.Warnings {
		if v.asks() {
			asks = append(asks, v)
		} else {
			warnings = append(warnings, v)
		}
	}
	write("[heed] BLOCKED: process rule violated\n", d.Blocks)
	if len(d.Blocks) > 0 {
		// the command does not run: the warnings are what else to mend before the
		// agent tries it again
		write("[heed] ALSO WARNED: process rule (fix this too before retrying)\n", warnings)
		write("[heed] ALSO NEEDS THE USER'S APPROVAL: process rule\n", asks)
	} else {
		write("[heed] WARNING: process rule (the command runs)\n", warnings)
		write("[heed] NEEDS THE USER'S APPROVAL: process rule (the command runs: ask the user first next time)\n", asks)
	}
	return b.String()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// clip puts s on one line and cuts it to at most n bytes (at a character boundary)
// with an ellipsis and the size of the whole. It reads only what it shows.
func clip(s string, n int) string {
	// a line of n bytes after oneLine needs at most this much of s, whatever its
	// runs of spaces, unless they are longer: then it is cut shorter, never longer
	head := s
	if len(head) > 4*n {
		head = head[:4*n]
	}
	one := oneLine(head)
	if len(one) <= n && len(head) == len(s) {
		return one
	}
	if len(one) > n {
		cut := n
		for cut > 0 && !utf8.RuneStart(one[cut]) {
			cut--
		}
		one = one[:cut]
	}
	return fmt.Sprintf("%s… (%d bytes in all)", one, len(s))
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
	s = dropBold(s)
	if len(s) > 300 {
		s = s[:297] + "..."
	}
	return s
}

// dropBold removes Markdown's bold markers outside code spans: the glob of
// "`erb_lint ./app/**/*.erb`" is quoted as written.
func dropBold(s string) string {
	if !strings.Contains(s, "**") {
		return s
	}
	var b strings.Builder
	inCode := false
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '`':
			inCode = !inCode
		case !inCode && strings.HasPrefix(s[i:], "**"):
			i++
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
