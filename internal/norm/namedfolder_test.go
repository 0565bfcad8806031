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
	} {
		if got := InNamedFolders(text); !reflect.DeepEqual(got, want) {
			t.Errorf("%q: %q, want %q", text, got, want)
		}
	}
}
