package norm

import "testing"

// A region followed by "format" or "style" is a manner, not a part of the code
// (PYTEST-DEV-C004 in SWE-CC: "... in the Sphinx docstring format").
func TestUnlocatedRegionManner(t *testing.T) {
	for prose, want := range map[string]string{
		"write docstrings for documented items in the sphinx docstring format.": "",
		"use google style in docstrings.":                                       "docstrings",
		"do not use print in client code.":                                      "client code",
		"wrap long lines in doctests.":                                          "doctests",
		"write examples in the numpy docstring style.":                          "",
	} {
		if got := UnlocatedRegion(prose); got != want {
			t.Errorf("UnlocatedRegion(%q) = %q, want %q", prose, got, want)
		}
	}
}

// A section named for one language speaks of its files; a verb "go", two languages or
// a long heading name none.
func TestHeadingLanguageGlobs(t *testing.T) {
	for heading, want := range map[string]int{
		"Python Development": 1, "### Node.js": 6, "Go": 1, "Rust (core)": 1,
		"How to go further": 0, "Python and Rust": 0, "Notes on the Python client and its tests": 0, "Before committing": 0,
	} {
		if got := HeadingLanguageGlobs([]string{"Guide", heading}); len(got) != want {
			t.Errorf("%q: %v, want %d globs", heading, got, want)
		}
	}
}

// A list item that permits what the item before it bans, for a folder ("Scripts under
// `scripts/` may print freely."), states an exception; a plain statement does not.
func TestPermissionStatesException(t *testing.T) {
	for _, s := range []string{
		"scripts under `scripts/` may print freely.",
		"code in `examples/` can use `unwrap()`.",
		"`print()` is fine in `scripts/`.",
	} {
		if !StatesException(s) {
			t.Errorf("%q: no exception read", s)
		}
	}
	for _, s := range []string{
		"this may be slow on large inputs.",
		"use `logger` from `src/log.ts`.",
	} {
		if StatesException(s) {
			t.Errorf("%q: read as an exception", s)
		}
	}
}
