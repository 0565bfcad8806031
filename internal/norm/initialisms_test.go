package norm

import (
	"slices"
	"testing"
)

// Two spellings that differ in case make an initialism convention only when the text
// sets one against the other, or names initialisms; an environment variable beside
// the command of the same name is no convention.
func TestInitialismsNeedAContrast(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"Keep initialisms in one case: `userID`, not `userId`.", []string{"ID"}},
		{"`ID` not `Id`.", []string{"ID"}},
		{"Write `parseURL` instead of `parseUrl`.", []string{"URL"}},
		{"Acronyms stay upper case (`HTTPServer`).", []string{"HTTP"}},
		{"`EDITOR`: the program to open, `editor` when unset.", nil},
		{"Set `CONFIG` in the environment or pass `config` as the first argument.", nil},
	} {
		if got := Initialisms(tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("Initialisms(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
