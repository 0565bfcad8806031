package norm

// Readings wild rounds 13 and 14 showed wrong: a permitted style, a class convention
// over enums, a quoted word that names a kind of comment.

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

func TestQuotedKindIsNoBannedWord(t *testing.T) {
	if got := DocForms(`Never write redundant "echo" comments that simply repeat the function or variable name.`, ""); len(got) != 0 {
		t.Errorf("a kind of comment read as a banned word: %+v", got)
	}
	if got := DocForms(`Never use words such as 'basically' or 'clearly' in the docs.`, ""); len(got) == 0 {
		t.Errorf("a ban of words read as nothing")
	}
}
