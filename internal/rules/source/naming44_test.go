package source

import "testing"

// A sentence that only makes room for tests beside a convention does not bring test
// methods under it: the rule keeps skipping tests (own-sentences-400.txt, a39).
func TestBindsTestsOnlyWhereTheStyleIs(t *testing.T) {
	for text, want := range map[string]bool{
		"Method names are lowerCamelCase. Test methods may use underscores to separate the parts.": false,
		"Test methods use snake_case.":                   true,
		"Use snake_case for test functions and methods.": true,
		"Use snake_case for functions and methods.":      false,
	} {
		if got := bindsTests(text); got != want {
			t.Errorf("%q: bindsTests %v, want %v", text, got, want)
		}
	}
}
