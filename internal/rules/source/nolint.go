package source

import (
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// nolintRE is golangci-lint's directive: `//nolint`, `//nolint:a,b`, `// nolint:a`,
// optionally followed by `// why`.
var nolintRE = lazyre.New(`//\s?nolint(?::([\w,-]+))?(?:[^\w,-]|$)`)

// linterRE finds the linter a sentence says enforces it: "(forbidden by linter)",
// "(enforced by `testifylint`)", "flagged by golangci-lint's forbidigo".
var linterRE = lazyre.New("\\b(?:enforced|forbidden|flagged|caught|checked|banned|reported|prohibited) by (?:the |a |our )?(?:`([\\w-]+)`|([\\w-]+))(?: (linter|lint))?")

// sentenceLinters are the linters a sentence names as its enforcer ("*" when it says
// only "linter"), or nil.
func sentenceLinters(s *sentence) []string {
	var out []string
	for _, m := range linterRE.FindAllStringSubmatch(s.norm, -1) {
		name := m[1] + m[2]
		switch {
		case name == "linter" || name == "linters" || name == "lint" || name == "golangci-lint" || name == "ci":
			out = append(out, "*")
		case m[1] != "" || m[3] != "" || strings.HasSuffix(name, "lint"):
			out = append(out, strings.ToLower(name))
		}
	}
	return dedupeStrings(out)
}

// nolintCovers reports whether a golangci-lint directive for one of the linters (any
// directive when they hold "*") covers a line of Go: on the line itself, alone on the
// line above, or on the declaration of the function around it or its doc comment.
func nolintCovers(src []byte, li lineIndex, line int, linters []string) bool {
	text := func(n int) string {
		if n < 1 || n > len(li) {
			return ""
		}
		return lineText(src, li, n)
	}
	names := func(n int) bool {
		m := nolintRE.FindStringSubmatch(text(n))
		if m == nil {
			return false
		}
		if m[1] == "" || slices.Contains(linters, "*") {
			return true
		}
		for _, l := range strings.Split(m[1], ",") {
			if slices.Contains(linters, strings.ToLower(strings.TrimSpace(l))) {
				return true
			}
		}
		return false
	}
	comment := func(n int) bool { return strings.HasPrefix(strings.TrimSpace(text(n)), "//") }
	if names(line) || (comment(line-1) && names(line-1)) {
		return true
	}
	// the function around the line: the nearest declaration above it
	for n := line - 1; n >= 1; n-- {
		if t := text(n); strings.HasPrefix(t, "func ") {
			if names(n) {
				return true
			}
			for d := n - 1; d >= 1 && comment(d); d-- {
				if names(d) {
					return true
				}
			}
			return false
		}
	}
	return false
}
