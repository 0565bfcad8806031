package source

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/uniq"
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
	return uniq.Values(out)
}

// nolintCoversBy reports whether a golangci-lint directive for a linter match accepts
// covers a line of Go: on the line itself, alone on the line above, or on the
// declaration of the function around it or its doc comment. A bare //nolint covers
// every linter.
func nolintCoversBy(src []byte, li lineIndex, line int, match func(string) bool) bool {
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
		if m[1] == "" {
			return true
		}
		for _, l := range strings.Split(m[1], ",") {
			if match(strings.ToLower(strings.TrimSpace(l))) {
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

// clangNolintRE: clang-tidy's suppression comments; a parenthesis after them lists
// the checks suppressed, which heed cannot map to its rules.
var clangNolintRE = lazyre.New(`//\s*NOLINT(NEXTLINE|BEGIN|END)?\b(\()?`)

// clangNolint reports a line of C or C++ that the project marks as an exception to
// every lint rule: a bare `// NOLINT` (with or without a reason after a colon) on
// it, a bare `// NOLINTNEXTLINE` on the line above, or a `// NOLINTBEGIN` ...
// `// NOLINTEND` region around it. A NOLINT that names its checks in parentheses
// names others' rules, not heed's.
func clangNolint(src []byte, li lineIndex, line int) bool {
	marker := func(n int) (kind string, bare, ok bool) {
		if n < 1 || n > len(li) {
			return "", false, false
		}
		m := clangNolintRE.FindStringSubmatch(lineText(src, li, n))
		if m == nil {
			return "", false, false
		}
		return m[1], m[2] == "", true
	}
	if k, bare, ok := marker(line); ok && k == "" && bare {
		return true
	}
	if k, bare, ok := marker(line - 1); ok && k == "NEXTLINE" && bare {
		return true
	}
	for n := line - 1; n >= 1; n-- {
		if k, bare, ok := marker(n); ok {
			switch k {
			case "END":
				return false
			case "BEGIN":
				return bare
			}
		}
	}
	return false
}
