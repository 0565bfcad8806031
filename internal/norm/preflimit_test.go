package norm

import "testing"

// A preference for one use (ebfarnell/podcastflow-pro CLAUDE.md:255, wild round 28:
// every enum of the repository was blocked) and preferences that hold everywhere.
func TestPreferenceLimit(t *testing.T) {
	for text, want := range map[string]string{
		"use string literals for status fields, not enums in api responses": "for status fields, in api responses",
		"use string literal unions instead of enums.":                       "",
		"prefer `const` for new code over `var`":                            "",
		"use `pathlib` for file paths, not `os.path`":                       "for file paths",
		"never use enums in the codebase":                                   "",
	} {
		if got := PreferenceLimit(text); got != want {
			t.Errorf("PreferenceLimit(%q) = %q, want %q", text, got, want)
		}
	}
}

// A use banned only when nothing else does its job (cmptrgeekken/count-on-us AGENTS.md:64,
// wild round 29: every `.get()` of the repository was warned).
func TestSoleRole(t *testing.T) {
	for text, want := range map[string]string{
		"never use raw CODE casts from CODE as the sole validation.": "as the sole validation",
		"never use CODE.":                                  "",
		"use CODE only in tests.":                          "",
		"do not rely on CODE as your only source of truth": "as your only source of truth",
	} {
		if got := SoleRole(text); got != want {
			t.Errorf("SoleRole(%q) = %q, want %q", text, got, want)
		}
	}
}
