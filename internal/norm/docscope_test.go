package norm

import (
	"slices"
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
