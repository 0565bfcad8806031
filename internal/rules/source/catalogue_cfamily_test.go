package source

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// TestCFamilyConstructsNamed: the sentences that name catalogue_cfamily.go's
// conventions as a rule, and the ones that only mention them or ask the opposite.
func TestCFamilyConstructsNamed(t *testing.T) {
	for _, c := range []struct {
		entry *Entry
		text  string
		want  bool
	}{
		{cTypedefStruct, "Use structs by all means, but do not typedef them.", true},
		{cTypedefStruct, "Don't typedef structs.", true},
		{cTypedefStruct, "No `typedef struct` declarations.", true},
		{cTypedefStruct, "Every public struct gets a typedef ending in `_t`.", false},
		{cTypedefStruct, "Never typedef pointer types.", false},
		{csConfigureAwait, "Always call `ConfigureAwait(false)` on awaited tasks in library code.", true},
		{csConfigureAwait, "Library code must use `.ConfigureAwait(false)` on every await.", true},
		{csConfigureAwait, "Don't use `ConfigureAwait(false)` in ASP.NET Core application code.", false},
		{csConfigureAwait, "`ConfigureAwait` is not needed in the app.", false},
		{catalogueEntry("go-context-name"), "`context.Context` is always the first parameter, named `ctx`.", true},
		{catalogueEntry("go-context-name"), "Pass a `context.Context` called `ctx` first.", true},
		{catalogueEntry("go-context-name"), "Pass `context.Context` as the first parameter.", false},
	} {
		s := newSentence(&policy.Constraint{Text: c.text, Level: policy.Must})
		if got := c.entry.Names(s); got != c.want {
			t.Errorf("%s names %q: %v, want %v", c.entry.Name, c.text, got, c.want)
		}
	}
}

// TestAsAnyBansTheAssertion: "never `as any`" bans the assertion to any, not every
// annotation with it (Lumilio-Photos FRONTEND.md:443, wild round 24); "no `any`"
// keeps the whole type.
func TestAsAnyBansTheAssertion(t *testing.T) {
	for text, narrowed := range map[string]bool{
		"Type fixtures with the generated DTOs and `satisfies`, never `as any`.": true,
		"No `any`; use `unknown` and narrow it.":                                false,
	} {
		rules := rulesOf(t, text, "a", "typescript")
		if len(rules) == 0 {
			t.Fatalf("%q: no rule", text)
		}
		if got := strings.Contains(string(rules[0].Params), "as_expression"); got != narrowed {
			t.Errorf("%q: narrowed to the assertion %v, want %v: %s", text, got, narrowed, rules[0].Params)
		}
	}
}
