package source

import (
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// TestNativeConstructsNamed: the sentences that name the native languages'
// constructs of catalogue_lexnative.go (and the entries this task widened) as a rule,
// and the ones that only mention them or allow them where a query cannot see.
func TestNativeConstructsNamed(t *testing.T) {
	for _, c := range []struct {
		entry *Entry
		text  string
		want  bool
	}{
		{goInitFunc, "Avoid `init()` functions; initialise package state explicitly from `main`.", true},
		{goInitFunc, "No init functions in library packages.", true},
		{goInitFunc, "The `init()` function registers the drivers.", false},
		{goInitFunc, "Call `Init()` before serving requests.", false},
		{goDotImport, "We don't use dot imports, not even in tests.", true},
		{goDotImport, "Dot imports are not allowed.", true},
		{goDotImport, "The generated file uses a dot import for the DSL.", false},
		{goDotImport, "Dot imports (`import . \"pkg\"`) are forbidden because they hide where identifiers come from.", true},
		{goNakedReturn, "No naked returns in functions with named results.", true},
		{goNakedReturn, "Avoid bare returns.", true},
		{goNakedReturn, "Named results document what a function returns.", false},
		// folo-rs/folo AGENTS.md:18 (the stop's public batch)
		{rustLintReason, "Never silence a warning without a `reason` field justifying it.", true},
		{rustLintReason, "Every `#[allow(...)]` must give a `reason = \"...\"`.", true},
		{rustLintReason, "Give the reason for the change in the commit message.", false},
		{rustLintReason, "Clippy warnings fail CI for a reason: fix them.", false},
		{cppCStyleCast, "Don't use C-style casts; use `static_cast`, `reinterpret_cast` or `const_cast` as appropriate.", true},
		{cppCStyleCast, "Prefer `static_cast` over C-style casts.", true},
		{cppCStyleCast, "The C API takes C-style casts of its handles.", false},
		{csAsyncVoid, "Never use `async void` except for event handlers; return `Task`.", true},
		{csAsyncVoid, "Avoid async void methods.", true},
		{csAsyncVoid, "Event handlers are `async void` by necessity.", false},
		{kotlinLateinit, "Avoid `lateinit var`; prefer constructor injection or `by lazy`.", true},
		{kotlinLateinit, "Views are bound in `onCreate` through `lateinit` properties.", false},
		{phpStrictTypes, "All PHP files must declare `declare(strict_types=1);` at the top.", true},
		{phpStrictTypes, "- Always add `declare(strict_types=1)` after the opening tag.", true},
		{phpStrictTypes, "Legacy files don't use `strict_types`; leave them as they are.", false},
		{catchGeneric, "Never `rescue Exception`; rescue `StandardError` or something more specific.", true},
		{catchGeneric, "Don't rescue `Exception` in jobs.", true},
		{catchGeneric, "The worker rescues `Exception` at the top level and reports it.", false},
		{rustAsCast, "Prefer `TryFrom`/`From` conversions over `as` casts for integers, since `as` silently truncates.", true},
		{rustAsCast, "Don't use `as` for numeric conversions that can truncate; use `try_into()`.", true},
		{rustAsCast, "Avoid `as` casts; narrow the type with a guard.", false},
		{rustAsCast, "Import the error type `as` `IoError` to avoid clashes.", false},
		{swiftIUO, "Avoid implicitly unwrapped optionals (`var x: Foo!`) outside `@IBOutlet`s.", true},
		{swiftIUO, "Do not declare implicitly unwrapped optionals.", true},
		{swiftIUO, "Outlets are implicitly unwrapped optionals, as Interface Builder requires.", false},
		// LerianStudio/midaz-sdk-golang AGENTS.md:40 (the stop's public batch)
		{goPanic, "No panics in library code.", true},
		{goPanic, "Panics are for unrecoverable programmer errors.", false},
		// LerianStudio/midaz-sdk-golang AGENTS.md:39
		{exportedDoc, "Document all exported functions, types, and variables.", true},
		{exportedDoc, "Document all exported endpoints in the README.", false},
	} {
		s := newSentence(&policy.Constraint{Text: c.text, Level: policy.Must})
		if got := c.entry.Names(s); got != c.want {
			t.Errorf("%s names %q: %v, want %v", c.entry.Name, c.text, got, c.want)
		}
	}
}
