package norm

import "testing"

func TestStylePermitted(t *testing.T) {
	for text, want := range map[string]bool{
		"Function naming: standard rule disabled - composables may use PascalCase": true,
		"Test methods can be snake_case.":                                          true,
		"PascalCase is fine for components.":                                       true,
		"Functions use camelCase.":                                                 false,
		"Classes must be PascalCase; helpers may live in `util/`.":                 false,
		"Use snake_case for functions and variables.":                              false,
		"Classes must be PascalCase; tests may use snake_case.":                    false,
	} {
		if got := StylePermitted(text); got != want {
			t.Errorf("%q: got %v, want %v", text, got, want)
		}
	}
}

func TestClassesOnly(t *testing.T) {
	for text, want := range map[string]bool{
		"Classes: `CUpperCamelCase`, Methods: `lowerCamelCase`": true,
		"Class names use PascalCase.":                           true,
		"Classes and enums use PascalCase.":                     false,
		"Types: `TUpperCamelCase`":                              false,
		"Functions use snake_case.":                             false,
	} {
		if got := ClassesOnly(text); got != want {
			t.Errorf("%q: got %v, want %v", text, got, want)
		}
	}
}
