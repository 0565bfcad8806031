package norm

import "testing"

// Where tests go, named before a folder's code span, is not what triggers the demand.
func TestTestsGoBefore(t *testing.T) {
	for before, want := range map[string]bool{
		"Add a test in ": true,
		"If your change adds a new function, add a test for it under ": true,
		"Changes to ":   false,
		"If you touch ": false,
	} {
		if got := TestsGoBefore(before); got != want {
			t.Errorf("TestsGoBefore(%q) = %v, want %v", before, got, want)
		}
	}
}
