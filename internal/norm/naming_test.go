package norm

import (
	"maps"
	"slices"
	"strings"
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
		// the environment's names are no declaration of the code
		{"Prefer `camelCase` for locals, and `SNAKE_CASE` just for env vars.", map[string]string{NameVariable: StyleCamel}},
		{"Shell variables are lower case; environment variables are UPPER_SNAKE_CASE.", map[string]string{}},
	} {
		if got := NamingBindings(tc.text); !maps.Equal(got, tc.want) {
			t.Errorf("NamingBindings(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
	if StyleOf("CamelCase") != StylePascal || StyleOf("camelCase") != StyleCamel || StyleOf("tearDown") != "" {
		t.Error("StyleOf: CamelCase with a capital is PascalCase, camelCase is camelCase, a name is no style")
	}
}

// Kinds listed before a style and split by commas take it ("Classes, Interfaces,
// Methods, Properties: PascalCase"); Go's exported/unexported pair is MixedCaps; a
// React component is a kind of its own.
func TestNamingBindingsListsGoAndComponents(t *testing.T) {
	for _, tc := range []struct {
		text string
		want map[string]string
	}{
		{"**Classes, Interfaces, Methods, Properties:** PascalCase", map[string]string{NameType: StylePascal, NameMethod: StylePascal}},
		{"camelCase for variables, functions", map[string]string{NameVariable: StyleCamel, NameFunction: StyleCamel}},
		{"Naming: use camelCase for unexported, PascalCase for exported", map[string]string{NameFunction: StyleMixedCaps, NameMethod: StyleMixedCaps, NameType: StyleMixedCaps, NameVariable: StyleMixedCaps}},
		{"Exported identifiers use CamelCase; unexported use camelCase.", map[string]string{NameFunction: StyleMixedCaps, NameMethod: StyleMixedCaps, NameType: StyleMixedCaps, NameVariable: StyleMixedCaps}},
		{"Use PascalCase for classes and camelCase for functions; private members start with an underscore.", map[string]string{NameType: StylePascal, NameFunction: StyleCamel}},
		{"PascalCase for classes and React components", map[string]string{NameType: StylePascal, NameComponent: StylePascal}},
		{"Component files are PascalCase", map[string]string{}},
		// constants are Go's MixedCaps only when the sentence names them
		{"Constants are MixedCaps like everything else (`MaxRetries`, not `MAX_RETRIES`).", map[string]string{NameConstant: StyleMixedCaps}},
		{"Exported identifiers are MixedCaps.", map[string]string{NameFunction: StyleMixedCaps, NameMethod: StyleMixedCaps, NameType: StyleMixedCaps, NameVariable: StyleMixedCaps}},
	} {
		if got := NamingBindings(tc.text); !maps.Equal(got, tc.want) {
			t.Errorf("NamingBindings(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

func TestNamingAffixes(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []Affix
	}{
		{"  - Interfaces: prefix with `I` (e.g., `IGameService`)", []Affix{{Kind: AffixInterface, Prefix: "I"}}},
		{"- Do not prefix interfaces with `I`; name them for what they are (`User`, not `IUser`).", []Affix{{Kind: AffixInterface, Prefix: "I", Forbid: true}}},
		{"  - Async methods: suffix with `Async` (e.g., `SaveAsync`)", []Affix{{Kind: AffixAsync, Suffix: "Async"}}},
		{"- Custom exceptions end in `Error` (`PaymentDeclinedError`).", []Affix{{Kind: AffixException, Suffix: "Error"}}},
		{"- Interfaces: Single-method interfaces end with `-er` suffix", nil},
		{"- Keep interfaces small.", nil},
	} {
		if got := NamingAffixes(tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("NamingAffixes(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

func TestNamingAffixesQuotedAndSpelledOut(t *testing.T) {
	if got := NamingAffixes(`- **Interfaces**: Prefix with "I" (e.g., ` + "`IClient`" + `)`); !slices.Equal(got, []Affix{{Kind: AffixInterface, Prefix: "I"}}) {
		t.Errorf("a prefix in double quotes: %v", got)
	}
	if got := NamingAffixes("- Suffix asynchronous methods with `Async` (e.g., `GetAsync`)"); !slices.Equal(got, []Affix{{Kind: AffixAsync, Suffix: "Async"}}) {
		t.Errorf("asynchronous methods: %v", got)
	}
}

func TestDirNamingsReadsDirectoriesOnly(t *testing.T) {
	for _, c := range []struct {
		text, header, want string
	}{
		{"Directory names: lowercase with dashes (e.g. `auth-wizard`)", "", "kebab-case"},
		{"Files and directories - kebab-case", "", "kebab-case"},
		{"Use snake_case for folders.", "", "snake_case"},
		{"Directories | kebab-case | `user-settings/`", "Naming", "kebab-case"},
		{"kebab-case", "Directory names", "kebab-case"},
		// files only, a style banned, qualified directories, kinds, exceptions
		{"Use kebab-case for file names.", "", ""},
		{"Never use camelCase for directories.", "", ""},
		{"Feature folders use PascalCase.", "", ""},
		{"PascalCase for components and their folders", "", ""},
		{"Folders are kebab-case except route groups like `(auth)`.", "", ""},
		{"kebab-case for file names", "Directory layout", ""},
	} {
		got := strings.Join(DirNamings(c.text, c.header), ",")
		if got != c.want {
			t.Errorf("DirNamings(%q, %q) = %q, want %q", c.text, c.header, got, c.want)
		}
	}
}

func TestGoPackageNaming(t *testing.T) {
	for text, want := range map[string]bool{
		"Package names are short, lowercase, single words — no underscores or mixedCaps.":  true,
		"Follow idiomatic Go: short, lowercase package names (`ai`, `services`).":          true,
		"Packages: lowercase, no underscores":                                              true,
		"Name packages in one word, all lowercase.":                                        true,
		"Package names should be descriptive.":                                             false, // nothing checkable
		"Package names use snake_case (`order_book`).":                                     false, // another convention
		"Package names need not be lowercase when they mirror a vendor name.":              false,
		"Use lowercase for file names; package names follow the directory.":                false,
		"Keep the number of packages small; lowercase identifiers for unexported helpers.": false,
	} {
		if got := GoPackageNaming(text); got != want {
			t.Errorf("GoPackageNaming(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestLowerAffixes: a class name's leading underscore banned and a lowercase prefix of
// functions read; a kind picked by a clause or a condition, and an underscore asked
// of private classes, are not.
func TestLowerAffixes(t *testing.T) {
	cases := []struct {
		text string
		want []Affix
	}{
		{"No Python class name may start with a leading underscore anywhere under `backend/`.", []Affix{{Kind: AffixClass, Prefix: "_", Forbid: true}}},
		{"Class names must never start with an underscore.", []Affix{{Kind: AffixClass, Prefix: "_", Forbid: true}}},
		{"Classes never begin with an underscore; keep modules' exports explicit instead.", []Affix{{Kind: AffixClass, Prefix: "_", Forbid: true}}},
		{"Every function in `app/database/` is prefixed with `db_`.", []Affix{{Kind: AffixFunction, Prefix: "db_"}}},
		{"SQLite. Every function that touches it is prefixed `db_`.", nil},
		{"Functions start with `get_` when they read.", nil},
		{"Private class names start with an underscore.", nil},
		{"Interfaces start with `I` (`IOrderService`).", []Affix{{Kind: AffixInterface, Prefix: "I"}}},
	}
	for _, c := range cases {
		if got := NamingAffixes(c.text); !slices.Equal(got, c.want) {
			t.Errorf("%q: %+v, want %+v", c.text, got, c.want)
		}
	}
}

func TestTestFilePatternsKeptOut(t *testing.T) {
	if got := TestFilePatterns("Don't assume a `.py` file under `tests/` is dead code just because pytest doesn't collect it, and don't rename it to fit the `*_test.py` pattern unless converting it into a real test is the actual intent."); got != nil {
		t.Errorf("a sentence that keeps files out of the pattern: %q, want none", got)
	}
	if got := TestFilePatterns("Test files end in `_test.go`."); len(got) != 1 {
		t.Errorf("a pattern stated: %q", got)
	}
}
