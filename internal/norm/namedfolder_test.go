package norm

import (
	"reflect"
	"testing"
)

func TestInNamedFolders(t *testing.T) {
	for text, want := range map[string][]string{
		"All C and SQL files in the lib directory require this header:": {"lib"},
		"C files under the core folder must start with the header.":     {"core"},
		"Keep tests inside the src/engine tree.":                        {"src/engine"},
		"Put the test in the same directory as the code.":               {"same"},
		"Every C file must start with the header.":                      nil,
		"Files in `src/` use tabs.":                                     nil, // backticks: InPaths
		"Don't use CODE in src/; use the logger.":                       {"src"},
		"No CODE under packages/core/.":                                 {"packages/core"},
		"Say it in and/or form.":                                        nil,
	} {
		if got := InNamedFolders(text); !reflect.DeepEqual(got, want) {
			t.Errorf("%q: %q, want %q", text, got, want)
		}
	}
}

// Laravel Boost's guidelines (CodifyTech/cervagelada_back_api, AGENTS.md:183) and
// phrasings of our own.
func TestOutsideNamedFolders(t *testing.T) {
	for text, want := range map[string][]string{
		"never use the CODE function directly outside of config files":     {"config"},
		"Don't call CODE outside the migrations folder.":                   {"migrations"},
		"Never import CODE outside scripts/.":                              {"scripts"},
		"Do not open connections outside of the db module.":                {"db"},
		"Avoid CODE outside of explicit FFI bindings.":                     nil,
		"Margin sits outside the width of the card.":                       nil,
		"never use the `env()` function directly outside of config files":  {"config"},
		"Keep all side effects outside of pure functions where practical.": nil,
	} {
		if got := OutsideNamedFolders(text); !reflect.DeepEqual(got, want) {
			t.Errorf("%q: %q, want %q", text, got, want)
		}
	}
}
