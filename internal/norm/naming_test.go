package norm

import (
	"maps"
	"testing"
)

func TestNamingBindingsReadsWhichStyleEachKindTakes(t *testing.T) {
	for _, tc := range []struct {
		text string
		want map[string]string
	}{
		{"Use camelCase for variables and functions, PascalCase for classes.",
			map[string]string{NameVariable: StyleCamel, NameFunction: StyleCamel, NameType: StylePascal}},
		{"Constant names use UPPER_SNAKE_CASE.", map[string]string{NameConstant: StyleScreaming}},
		{"Functions | snake_case", map[string]string{NameFunction: StyleSnake}},
		// either style allowed: no binding
		{"Use camelCase or snake_case for variables.", map[string]string{}},
		// names that are not the code's identifiers
		{"JSON keys are snake_case.", map[string]string{}},
		{"Use camelCase for public variable names.", map[string]string{}},
	} {
		if got := NamingBindings(tc.text); !maps.Equal(got, tc.want) {
			t.Errorf("NamingBindings(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
	if StyleOf("CamelCase") != StylePascal || StyleOf("camelCase") != StyleCamel || StyleOf("tearDown") != "" {
		t.Error("StyleOf: CamelCase with a capital is PascalCase, camelCase is camelCase, a name is no style")
	}
}
