package norm

import (
	"strings"
	"testing"
)

func TestNewCodeHeading(t *testing.T) {
	for h, want := range map[string]bool{
		"When Adding New Components": true,
		"Creating a new module":      true,
		"New endpoints":              true,
		"Adding a new provider":      true,
		"What's new":                 false,
		"News feed":                  false,
		"Components":                 false,
		"Renewals":                   false,
	} {
		if got := NewCodeHeading(h); got != want {
			t.Errorf("NewCodeHeading(%q) = %v, want %v", h, got, want)
		}
	}
}

func TestKeptFile(t *testing.T) {
	for text, want := range map[string]string{
		"Keep `settings.json` as clean JSONC — avoid large commented-out blocks": "settings.json",
		"Keep `CHANGELOG.md` sorted by date.":                                    "CHANGELOG.md",
		"Keep `print` calls out of library code.":                                "",
		"Avoid large commented-out blocks.":                                      "",
	} {
		if got := KeptFile(text); got != want {
			t.Errorf("KeptFile(%q) = %q, want %q", text, got, want)
		}
	}
}

func TestAboutProseWriting(t *testing.T) {
	for text, want := range map[string]bool{
		"Backtick identifiers in markdown prose: trunk-fmt reads unbackticked `snake_case` tokens as emphasis": true,
		"Use snake_case for functions in Python code.":                                                         false,
		"Variables are camelCase; in docs, write them in backticks.":                                           false,
	} {
		if got := AboutProseWriting(text); got != want {
			t.Errorf("AboutProseWriting(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestTestsHeading: a heading about tests, specs of a kind of test included
// (Lumilio-Photos FRONTEND.md's "Integration Specs (Vitest `integration` project)",
// wild round 24); a specification is no test.
func TestTestsHeading(t *testing.T) {
	for h, want := range map[string]bool{
		"frontend > quality gate > integration specs (vitest `integration` project)": true,
		"testing > unit tests":    true,
		"development > e2e specs": true,
		"docs > api specs":        false,
		"product > specs":         false,
		"architecture > services": false,
	} {
		if got := TestsHeading(h); got != want {
			t.Errorf("TestsHeading(%q) = %v, want %v", h, got, want)
		}
	}
}

// TestFeasibilityHedged: a rule that holds only where it can be followed.
func TestFeasibilityHedged(t *testing.T) {
	for text, want := range map[string]bool{
		"Use standard Date API instead of moment.js when possible.": true,
		"Prefer `const` wherever possible.":                         true,
		"Use `slog` instead of `log`.":                              false,
		"Prefer named exports.":                                     false,
	} {
		if got := FeasibilityHedged(text); got != want {
			t.Errorf("FeasibilityHedged(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestInNewCode: a rule the text limits to the code a change adds.
func TestInNewCode(t *testing.T) {
	for text, want := range map[string]bool{
		"JavaScript: ESLint with single quotes. No jQuery in new code.": true,
		"New code must be fully typed.":                                 true,
		"Use TypeScript for all new files.":                             true,
		"Add a test for new code.":                                      true, // (compile reads it for code rules only)
		"No new explicit `any`":                                         true, // (alleato, wild round 40)
		"Never add new `eslint-disable` comments.":                      true,
		"No jQuery.":                 false,
		"Write the news feed in Go.": false,
	} {
		if got := InNewCode(text); got != want {
			t.Errorf("InNewCode(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestPathPlaceholdersAsWildcards: a path's placeholders stand for any folder.
func TestPathPlaceholdersAsWildcards(t *testing.T) {
	for in, want := range map[string]string{
		"sympy/<submodule>/tests/":        "sympy/*/tests/",
		"server/<context>/internal/tests": "server/*/internal/tests",
		"src/lib/":                        "src/lib/",
		"a/<b c>/d":                       "a/<b c>/d",
	} {
		if got := PathPlaceholdersAsWildcards(in); got != want {
			t.Errorf("PathPlaceholdersAsWildcards(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestHeadingExtensions: the languages a section names (wild round 32).
func TestHeadingExtensions(t *testing.T) {
	for header, want := range map[string]string{
		"Guidelines > Frontend Patterns (React 19 / TypeScript) > Component Design": ".tsx .jsx .ts .js .ts .tsx .mts .cts",
		"Guidelines > Backend (.NET 8, C#)":                                         ".cs",
		"Python guide":                                                              "",
		"Guidelines > Component Design":                                             "",
	} {
		if got := strings.Join(HeadingExtensions(header), " "); got != want {
			t.Errorf("HeadingExtensions(%q) = %q, want %q", header, got, want)
		}
	}
}
