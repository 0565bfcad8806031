package engine

import (
	"bytes"
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/heed-dev/heed/internal/policy"
)

// Applicability is what the evidence says of a rule's condition (policy.Rule.When).
type Applicability int

const (
	// Applies: the condition holds, or the rule has none.
	Applies Applicability = iota
	// NotApplicable: the evidence shows the condition does not hold; the rule is
	// inapplicable, with no target.
	NotApplicable
	// Unknown: the evidence cannot tell (a part of it is missing or unreadable); the
	// rule runs as if the condition held, so it is never passed over on a guess.
	Unknown
)

// Evidence parts a condition reads, by the prefix of their Evidence.Missing entries.
const (
	partTrajectory = "trajectory"
	partCommits    = "commits"
	partDiff       = "diff"
	partPR         = "pr"
)

// CheckCondition decides a rule's condition over the evidence of a change (ModeDiff:
// an audited session, heed check on a diff). It is pure. The reason says why the rule
// does not apply ("no line the change adds is a deprecation"), or why it cannot be told.
func CheckCondition(c *policy.Condition, ev *Evidence) (Applicability, string) {
	if c == nil {
		return Applies, ""
	}
	if c.NewCode && ev.Mode != ModeDiff {
		// "No jQuery in new code": the tree as it stands is no new code
		return NotApplicable, "the rule is about new code, and the tree as it stands is none"
	}
	if ev.Mode != ModeDiff || ev.Streamed() {
		// Over a whole tree every file is the "change": a condition about the change
		// says little there, and a streamed view holds one file. Run the rule.
		return Unknown, "the condition is decided on a change only"
	}
	what := c.What
	if what == "" {
		what = "its condition"
	}
	parts := []func() (Applicability, string){}
	if len(c.Paths) > 0 || c.Added != "" || c.Docstring {
		parts = append(parts, func() (Applicability, string) { return fileCondition(c, ev, what) })
	}
	if c.Message != "" {
		parts = append(parts, func() (Applicability, string) { return messageCondition(c.Message, ev, what) })
	}
	if c.PR != "" {
		parts = append(parts, func() (Applicability, string) { return prCondition(c.PR, ev, what) })
	}
	if len(c.Ran) > 0 {
		parts = append(parts, func() (Applicability, string) { return ranCondition(c.Ran, ev, what) })
	}
	// Every part must hold: one that does not makes the rule inapplicable, whatever
	// the others cannot tell.
	result, why := Applies, ""
	for _, p := range parts {
		switch a, r := p(); a {
		case NotApplicable:
			return NotApplicable, r
		case Unknown:
			result, why = Unknown, r
		}
	}
	return result, why
}

func missing(ev *Evidence, part string) string {
	for _, m := range ev.Missing {
		if strings.HasPrefix(m, part+":") {
			return m
		}
	}
	return ""
}

// binaryExt: extensions of files the evidence builder never reads as text (a switch:
// nothing is built at package initialisation, and every PATH shim links this package).
func binaryExt(ext string) bool {
	switch ext {
	case ".png", ".jpg", ".jpeg", ".gif", ".ico", ".pdf", ".zip", ".gz", ".tgz", ".xz", ".bz2", ".woff", ".woff2",
		".ttf", ".otf", ".eot", ".jar", ".so", ".dll", ".exe", ".bin", ".webp":
		return true
	}
	return false
}

func fileCondition(c *policy.Condition, ev *Evidence, what string) (Applicability, string) {
	if m := missing(ev, partDiff); m != "" {
		return Unknown, m
	}
	var added *regexp.Regexp
	if c.Added != "" {
		re, err := regexp.Compile(c.Added)
		if err != nil {
			return Unknown, fmt.Sprintf("the condition's pattern %q does not compile: %v", c.Added, err)
		}
		added = re
	}
	deleted := map[string]bool{}
	for _, p := range ev.DeletedPaths {
		deleted[p] = true
	}
	inPaths := func(p string) bool {
		return len(c.Paths) == 0 || (policy.Scope{Globs: c.Paths}).Covers(p)
	}
	unread := ""
	for _, p := range ev.Changed {
		if deleted[p] || !inPaths(p) || strings.HasPrefix(p, ".heed/") {
			// heed's own files (the policy, its configuration) hold no code of the
			// change's and are never read as evidence
			continue
		}
		if added == nil && !c.Docstring {
			return Applies, "" // a path condition alone: the change touches such a file
		}
		if c.Docstring && !isPython(p) {
			continue
		}
		f := ev.File(p)
		if f == nil {
			if ev.toolWritten[p] {
				continue // generated, vendored: not code the change's author wrote
			}
			if !binaryExt(strings.ToLower(path.Ext(p))) && unread == "" {
				unread = p
			}
			continue
		}
		if fileHolds(ev.WithContent(f), added, c.Docstring) {
			return Applies, ""
		}
	}
	if unread != "" {
		return Unknown, unread + " was not read, so whether the change shows " + what + " is unknown"
	}
	switch {
	case len(c.Paths) > 0 && added == nil && !c.Docstring:
		return NotApplicable, "the change touches no file of " + strings.Join(c.Paths, ", ")
	default:
		return NotApplicable, "nothing the change adds or modifies shows " + what
	}
}

func isPython(p string) bool {
	switch strings.ToLower(path.Ext(p)) {
	case ".py", ".pyi", ".pyx":
		return true
	}
	return false
}

// fileHolds reports whether a line the change added or modified matches added (when
// set) and lies in a docstring (when docstring).
func fileHolds(f *File, added *regexp.Regexp, docstring bool) bool {
	var doc []bool
	if docstring {
		doc = docstringLines(f.Content)
	}
	n := 0
	for line := range bytes.Lines(f.Content) {
		n++
		if f.Touched != nil && !f.Touched[n] {
			continue
		}
		if docstring && (n >= len(doc) || !doc[n]) {
			continue
		}
		if added != nil && !added.Match(bytes.TrimRight(line, "\r\n")) {
			continue
		}
		return true
	}
	return false
}

// docstringLines marks (1-based) the lines of Python source that lie in a string
// literal opened by triple quotes at the start of a statement: docstrings, and the
// occasional bare triple-quoted block, which reads the same. Quotes inside ordinary
// strings and comments are skipped.
func docstringLines(src []byte) []bool {
	lines := bytes.Split(src, []byte("\n"))
	out := make([]bool, len(lines)+2)
	var open []byte // the closing delimiter while inside a triple-quoted string
	for i, l := range lines {
		n := i + 1
		rest := l
		if open != nil {
			out[n] = true
			j := bytes.Index(rest, open)
			if j < 0 {
				continue
			}
			rest = rest[j+3:]
			open = nil
		}
		t := bytes.TrimLeft(rest, " \t")
		for _, q := range [][]byte{[]byte(`"""`), []byte(`'''`)} {
			start := t
			// r"""...""", u'''...''' prefixes
			if len(start) > 0 && bytes.ContainsRune([]byte("rRuUbB"), rune(start[0])) && bytes.HasPrefix(start[1:], q) {
				start = start[1:]
			}
			if !bytes.HasPrefix(start, q) {
				continue
			}
			out[n] = true
			if !bytes.Contains(start[3:], q) {
				open = q
			}
			break
		}
	}
	return out
}

func messageCondition(expr string, ev *Evidence, what string) (Applicability, string) {
	if m := missing(ev, partCommits); m != "" {
		return Unknown, m
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return Unknown, fmt.Sprintf("the condition's pattern %q does not compile: %v", expr, err)
	}
	for _, c := range ev.Commits {
		if re.MatchString(c.Message) {
			return Applies, ""
		}
	}
	return NotApplicable, "no commit message of the change shows " + what
}

func prCondition(expr string, ev *Evidence, what string) (Applicability, string) {
	if ev.PR == nil {
		if m := missing(ev, partPR); m != "" {
			return Unknown, m
		}
		return NotApplicable, "there is no pull request"
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return Unknown, fmt.Sprintf("the condition's pattern %q does not compile: %v", expr, err)
	}
	if re.MatchString(ev.PR.Title) || re.MatchString(ev.PR.Body) {
		return Applies, ""
	}
	return NotApplicable, "the pull request shows no " + what
}

func ranCondition(prefixes [][]string, ev *Evidence, what string) (Applicability, string) {
	if m := missing(ev, partTrajectory); m != "" {
		return Unknown, m
	}
	if len(ev.Commands) == 0 {
		return Unknown, "no command of the session is known"
	}
	for _, cmd := range ev.Commands {
		for _, p := range prefixes {
			if hasPrefix(cmd.Argv, p) {
				return Applies, ""
			}
		}
	}
	return NotApplicable, "the session never ran " + what
}

func hasPrefix(argv, p []string) bool {
	if len(p) == 0 || len(argv) < len(p) {
		return false
	}
	if path.Base(argv[0]) != p[0] {
		return false
	}
	for i := 1; i < len(p); i++ {
		if argv[i] != p[i] {
			return false
		}
	}
	return true
}
