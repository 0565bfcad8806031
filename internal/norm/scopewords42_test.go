package norm

import "testing"

// Tests as the subject a demand binds limit the rule to tests ("Tests must not call
// `time.sleep()`", own-sentences-300 e22, flagged in src/ at first sight); a sentence
// about running the tests, or one whose subject is other code, does not.
func TestInTestsOnlySubject(t *testing.T) {
	for prose, want := range map[string]bool{
		"tests must not call CODE; wait on an event or mock the clock.": true,
		"unit tests should never write into the working directory.":     true,
		"a test must not depend on the order tests run in.":             true,
		"each test should use the CODE fixture for files it writes.":    true,
		"in tests, use CODE.":                      true,
		"code that emits a warning must set CODE.": false,
		"run the tests before you push.":           false,
		"the test suite is run by CODE in ci.":     false,
		"testing utilities live in CODE.":          false,
		"library code must not call CODE.":         false,
	} {
		if got := InTestsOnly(prose); got != want {
			t.Errorf("InTestsOnly(%q) = %v, want %v", prose, got, want)
		}
	}
}

// A block of a construct ("inside an `except` block") is a region no path locates:
// a replacement of `logger.error` by `logger.exception` there is no ban everywhere
// (own-sentences-300 e7, a false block at first sight).
func TestUnlocatedRegionBlock(t *testing.T) {
	for prose, want := range map[string]string{
		"inside an CODE block, log with CODE rather than CODE so the traceback is kept.": "CODE block",
		"in a try block, catch specific exceptions.":                                     "try block",
		"within the except clause, re-raise with CODE.":                                  "except clause",
		"do not use CODE in the CODE file.":                                              "",
		"never put real tokens in a code block.":                                         "code blocks",
		"in code blocks, use CODE for shell commands.":                                   "code blocks",
		"in a Rust code path, avoid CODE.":                                               "",
		"in new code, use CODE.":                                                         "",
	} {
		if got := UnlocatedRegion(prose); got != want {
			t.Errorf("UnlocatedRegion(%q) = %q, want %q", prose, got, want)
		}
	}
}
