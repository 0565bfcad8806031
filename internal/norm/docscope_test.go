package norm

import (
	"slices"
	"strings"
	"testing"
)

func TestDocumentScope(t *testing.T) {
	for text, want := range map[string][]string{
		"Targets .NET 10 with EF Core.": nil,
		"Targets .NET 10. Read when writing or editing code under `Backend/` or `Backend.Tests/`.": {"Backend/", "Backend.Tests/"},
		"Read when writing or editing code under `Backend/` or `Backend.Tests/`.":                  {"Backend/", "Backend.Tests/"},
		"These rules apply to files in `web/`.":                                                    {"web/"},
		"Applies to `packages/api/` and `packages/sdk/`.":                                          {"packages/api/", "packages/sdk/"},
		"Follow these conventions when working on `crates/core/`.":                                 {"crates/core/"},
		"Read `docs/style.md` before writing code.":                                                nil,
		"Use `pnpm` for everything.":                                                               nil,
		"Use `cargo test` when editing `src/`.":                                                    nil,
	} {
		if got := DocumentScope(text); !slices.Equal(got, want) {
			t.Errorf("DocumentScope(%q) = %q, want %q", text, got, want)
		}
	}
}

func TestDocumentLanguageScope(t *testing.T) {
	for in, want := range map[string]string{
		"This rule applies globally to all TypeScript files.": "**/*.ts **/*.tsx **/*.mts **/*.cts",
		"These conventions apply to Python and Rust code.":    "**/*.py **/*.pyi **/*.rs",
		"These rules apply to all files.":                     "",
		"This rule applies to Markdown files.":                "",
		"Use TypeScript files for new modules.":               "",
		"These rules apply to `web/` TypeScript files.":       "",
	} {
		if got := strings.Join(DocumentLanguageScope(in), " "); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}
