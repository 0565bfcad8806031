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
