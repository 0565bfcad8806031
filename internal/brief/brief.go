// Package brief selects and words the rules an agent should read before it acts on a
// path: the constraints that govern the path, once each, one line each. The same text
// serves `heed rules --format agent`, the MCP rules_for tool and the context a hook
// adds when an agent is about to edit a file.
package brief

import (
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/heed-dev/heed/internal/policy"
)

// For returns the binding (must and should, plus info when includeInfo) entries that
// govern the repository-relative path rel ("" = the whole repository), in policy
// order, with a rule stated twice (CLAUDE.md importing AGENTS.md, a rule repeated in
// two files) kept once.
func For(entries []policy.Entry, rel string, includeInfo bool) []policy.Entry {
	var out []policy.Entry
	seen := map[string]bool{}
	governs := Governing(entries, rel)
	for _, e := range entries {
		if e.Level == policy.Info && !includeInfo {
			continue
		}
		if !governs(e) {
			continue
		}
		key := string(e.Level) + "\x00" + strings.ToLower(strings.Join(strings.Fields(e.Text), " "))
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, e)
	}
	return out
}

// Governing returns whether an entry of entries governs the repository-relative path
// rel ("" = the whole repository: every entry): policy.Entry.Governs, and the half of a
// split sentence ("Do not use `print()` in `service/`; use the logger") that compiled
// to no executable rule goes where the half with rules does, for they are one instruction.
func Governing(entries []policy.Entry, rel string) func(policy.Entry) bool {
	if rel == "" {
		return func(policy.Entry) bool { return true }
	}
	elsewhere := map[string]bool{}
	for _, e := range entries {
		if executable(e) && e.AboutFiles() && !e.Governs(rel) {
			elsewhere[placeKey(e)] = true
		}
	}
	return func(e policy.Entry) bool {
		return e.Governs(rel) && !(!executable(e) && elsewhere[placeKey(e)])
	}
}

// executable reports whether the entry compiled into a rule other than a judge rule.
func executable(e policy.Entry) bool {
	for _, r := range e.Rules {
		if r.Domain != policy.DomainSemantic {
			return true
		}
	}
	return false
}

func placeKey(e policy.Entry) string { return e.File + "\x00" + fmt.Sprint(e.Line) }

// Write prints the must and then the should constraints of cs, once each, one line
// each, with the nearest header folded in front and the place it is written after:
//
//	Rules for web/app.ts (from the repository's instruction files):
//	- [must] Style: Use async/await, not .then() chains. (AGENTS.md:12)
//
// target names what the rules are for ("" = this repository).
func Write(w io.Writer, cs []policy.Constraint, target string) error {
	if target == "" {
		target = "this repository"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Rules for %s (from the repository's instruction files):\n", target)
	n := 0
	seen := map[string]bool{}
	for _, lv := range []policy.Level{policy.Must, policy.Should} {
		for _, c := range cs {
			if c.Level != lv {
				continue
			}
			text := capitalize(strings.Join(strings.Fields(c.Text), " "))
			key := strings.ToLower(text)
			if seen[key] {
				continue
			}
			seen[key] = true
			prefix := ""
			if len(c.HeaderPath) > 0 {
				prefix = c.HeaderPath[len(c.HeaderPath)-1] + ": "
			}
			if c.Context != "" && !strings.HasSuffix(text, ":") && strings.HasSuffix(c.Context, ":") {
				prefix += strings.TrimSuffix(c.Context, ":") + ": "
			}
			fmt.Fprintf(&b, "- [%s] %s%s%s (%s:%d)\n", c.Level, prefix, text, inlineCode(c), c.File, c.Line)
			n++
		}
	}
	if n == 0 {
		b.WriteString("- none\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Text is Write into a string.
func Text(cs []policy.Constraint, target string) string {
	var b strings.Builder
	_ = Write(&b, cs, target)
	return b.String()
}

// inlineCode shows a short command block after the text that introduces it ("Run the
// tests before committing: `make test`"), so the line carries the command.
func inlineCode(c policy.Constraint) string {
	if len(c.Code) == 0 || !strings.HasSuffix(strings.TrimSpace(c.Text), ":") {
		return ""
	}
	lines := strings.Split(strings.TrimSpace(c.Code[0].Text), "\n")
	if len(lines) > 3 {
		return ""
	}
	var parts []string
	for _, l := range lines {
		if l = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "$ ")); l != "" && !strings.Contains(l, "`") {
			parts = append(parts, "`"+l+"`")
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return " " + strings.Join(parts, "; ")
}

func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if unicode.IsLower(r) {
		return string(unicode.ToUpper(r)) + s[n:]
	}
	return s
}
