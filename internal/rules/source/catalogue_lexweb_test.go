package source

import (
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// TestLexwebConventionsNamed: the sentences that name TypeScript enums and namespaces,
// `React.FC`, index keys, `Array<T>`, Python's `== None` / `== True`, suppression
// comments without codes, loosely required function components and async/await as a
// rule, and the ones that only mention them (a requirement of the thing, another
// language's, a description).
func TestLexwebConventionsNamed(t *testing.T) {
	for _, c := range []struct {
		entry *Entry
		text  string
		want  bool
	}{
		{tsEnum, "Avoid TypeScript `enum`s; use union types of string literals.", true},
		{tsEnum, "We don't use enums. Use `as const` objects instead.", true},
		{tsEnum, "no enums", true},
		{tsEnum, "Prefer string literal unions over enums.", true},
		{tsEnum, "Use enums for robot states, actor types, time of day, etc.", false},
		{tsEnum, "Prefer scoped enums (`enum class`) over plain enums.", false},
		{tsEnum, "Store the status as a Postgres enum, never as free text.", false},
		{tsNamespace, "Don't use TypeScript namespaces; use ES modules.", true},
		{tsNamespace, "no `namespace` declarations", true},
		{tsNamespace, "Never deploy to the `default` Kubernetes namespace.", false},
		{tsNamespace, "Each service lives in its own namespace.", false},
		{reactFC, "Do not use `React.FC`; type the props parameter directly.", true},
		{reactFC, "Avoid `FC<Props>`: annotate props instead.", true},
		{reactFC, "Components are typed with `React.FC<Props>`.", false},
		{jsxIndexKey, "Don't use the array index as a `key`.", true},
		{jsxIndexKey, "Never use index as key in lists; use a stable id.", true},
		{jsxIndexKey, "Every list item needs a stable `key`.", false},
		{tsArrayGeneric, "Write array types as `T[]`, not `Array<T>`.", true},
		{tsArrayGeneric, "Use `Array<T>` for arrays of unions.", false},
		{pyNoneEq, "Always compare with `None` using `is` / `is not`, never `==`.", true},
		{pyNoneEq, "Never write `== None`.", true},
		{pyNoneEq, "Return `None` when the user is not found.", false},
		{pyBoolEq, "Don't compare booleans to `True` or `False` with `==`.", true},
		{pyBoolEq, "Never write `if x == True:`; write `if x:`.", true},
		{pyBoolEq, "Flags default to `False`.", false},
		{pyBareNoqa, "Never use a bare `# noqa`; name the rule code (`# noqa: E501`).", true},
		{pyBareNoqa, "No blanket `# noqa` comments.", true},
		{pyBareNoqa, "Do not add `# noqa` comments; fix the lint.", false},
		{pyBareTypeIgnore, "Don't use `# type: ignore` without an error code.", true},
		{pyBareTypeIgnore, "Do not add `# type: ignore` comments; fix the type error.", false},
		{pyStrFormat, "We prefer f-strings over `%` formatting and `.format()`.", true},
		{pyStrFormat, "Use f-strings for string formatting, not `str.format()`.", true},
		{pyStrFormat, "Don't format log messages eagerly with f-strings or `.format()`; pass the arguments to the logger.", false},
		{pyStrFormat, "`str.format()` is used for the translated templates in `i18n/`.", false},
		{jsForIn, "Don't use `for...in` loops; use `for...of` or `Object.entries()`.", true},
		{jsForIn, "Use `for...of` to iterate arrays.", false},
		{jsNullishDefault, "Use `??` instead of `||` for default values.", true},
		{jsNullishDefault, "`??` and `||` differ on `0` and the empty string.", false},
		{noElseReturn, "No `else` after a `return`.", true},
		{noElseReturn, "An `else` after a `return` is fine when both branches are short.", false},
		{pyLambdaAssign, "Don't assign a lambda to a variable; write a `def`.", true},
		{pyLambdaAssign, "Lambdas are fine as sort keys.", false},
		{pyTypeCompare, "Use `isinstance()` rather than comparing `type()` results.", true},
		{pyTypeCompare, "`isinstance()` checks go at the top of the function.", false},
		{pyDictCall, "Prefer literals (`{}`, `[]`) to `dict()` and `list()` calls.", true},
		{pyDictCall, "`dict()` accepts keyword arguments.", false},
		{jsConsoleWords, "No console logging in production code; use the `logger` module.", true},
		{jsConsoleWords, "Console output goes to stderr.", false},
		{jsFocusedTest, "Never commit focused tests (`it.only`, `describe.only`).", true},
		{jsFocusedTest, "`test.only` must never be committed.", true},
		{jsFocusedTest, "Use `it.only` locally to run one test.", false},
		// 0Anish0/TruckData .cursorrules:76 (batch lexweb44)
		{reactClassComponent(), "Use proper React patterns (hooks, functional components)", true},
		{reactClassComponent(), "Functional components with hooks", true},
		{reactClassComponent(), "Use React with functional components or class components, as the file around it does.", false},
		{reactClassComponent(), "Class components are fine for error boundaries.", false},
		// 09tarni/SplitSmart .cursorrules:10 (batch lexweb44)
		{promiseThen(), "Always use async/await with try/catch", true},
		{promiseThen(), "Use async/await for asynchronous code.", true},
		{promiseThen(), "The client uses async/await internally and exposes callbacks.", false},
		{promiseThen(), "Use asyncio with async/await for I/O in Python services.", false},
	} {
		s := newSentence(&policy.Constraint{Text: c.text, Level: policy.Must})
		if got := c.entry.Names(s); got != c.want {
			t.Errorf("%s names %q: %v, want %v", c.entry.Name, c.text, got, c.want)
		}
	}
}

// TestLexwebLooseRequirementsWarn: a requirement read loosely warns; a ban keeps its
// level.
func TestLexwebLooseRequirementsWarn(t *testing.T) {
	for _, c := range []struct {
		entry *Entry
		text  string
		warn  bool
	}{
		{reactClassComponent(), "Use proper React patterns (hooks, functional components)", true},
		{reactClassComponent(), "Do not write class components.", false},
		{promiseThen(), "Always use async/await with try/catch", true},
		{promiseThen(), "Use async/await instead of `.then()` chains.", false},
	} {
		s := newSentence(&policy.Constraint{Text: c.text, Level: policy.Must})
		if got := c.entry.Warn != nil && c.entry.Warn(s); got != c.warn {
			t.Errorf("%s warns on %q: %v, want %v", c.entry.Name, c.text, got, c.warn)
		}
	}
}

func catalogueEntry(name string) *Entry {
	for _, e := range Catalogue {
		if e.Name == name {
			return e
		}
	}
	return nil
}

func reactClassComponent() *Entry { return catalogueEntry("react-class-component") }
func promiseThen() *Entry         { return catalogueEntry("promise-then") }

// TestLexwebSecondBatchPhrasings: phrasings of batch 381 (dev data since its first
// sight) and their near misses.
func TestLexwebSecondBatchPhrasings(t *testing.T) {
	for _, c := range []struct {
		entry *Entry
		text  string
		want  bool
	}{
		{jsxIndexKey, "Never use the map index for React keys", true},
		{tsArrayGeneric, "Arrays: `string[]` rather than `Array<string>`.", true},
		{pyBareNoqa, "Every `# noqa` must include the specific rule code.", true},
		{pyBareTypeIgnore, "`# type: ignore` is only acceptable with an error code, e.g. `# type: ignore[attr-defined]`.", true},
		{pyBareTypeIgnore, "`# type: ignore` is acceptable in `tests/`.", false},
		{pyLambdaAssign, "Lambdas must not be bound to names (E731)", true},
		{pyLambdaAssign, "Lambdas must be short.", false},
		{pyTypeCompare, "Never compare types with `type(x) == T`", true},
		{jsConsoleWords, "Remove all console statements before you commit", true},
		{jsConsoleWords, "Console statements are stripped by the bundler.", false},
		{pyRequestsTimeout, "Every `requests` call must pass an explicit `timeout=`.", true},
		{pyRequestsTimeout, "Never call `requests.get` or `requests.post` without a `timeout`.", true},
		{pyRequestsTimeout, "The default `timeout` for `requests` is 30 seconds.", false},
		// 0Anish0/TruckData .cursorrules:63 (batch lexweb44)
		{tsExportedReturnType, "Define proper return types for all functions", true},
		{tsExportedReturnType, "Return types for all functions are optional; inference is fine.", false},
		{catalogueEntry("percent-format"), "no `.format()` calls and no `%` interpolation.", true},
		{catalogueEntry("percent-format"), "Use `%` for the remainder of a division.", false},
	} {
		s := newSentence(&policy.Constraint{Text: c.text, Level: policy.Must})
		if got := c.entry.Names(s); got != c.want {
			t.Errorf("%s names %q: %v, want %v", c.entry.Name, c.text, got, c.want)
		}
	}
}
