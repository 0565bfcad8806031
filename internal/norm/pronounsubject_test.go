package norm

import "testing"

func TestPronounSubject(t *testing.T) {
	for text, want := range map[string]bool{
		"They must not call `useFieldProps`, `useFormProps` or `useField`.": true,
		"It must never import `fs`.":                                        true,
		"These components should not use `useState`.":                       true,
		"Such helpers never call `process.exit`.":                           true,
		"They're documented in `docs/`.":                                    false,
		"Never call `useFieldProps` in a base component.":                   false,
		"The base components must not call `useFieldProps`":                 false,
		"Theme tokens must be used.":                                        false,
		"Items must be sorted.":                                             false,
	} {
		if got := PronounSubject(text); got != want {
			t.Errorf("%q: got %v, want %v", text, got, want)
		}
	}
}
