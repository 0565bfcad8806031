package source

import (
	"slices"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// TestConstructsNamedInWords: the sentences that name dynamic imports, unscoped enums
// and empty catch blocks as a rule, and the ones that only mention them.
func TestConstructsNamedInWords(t *testing.T) {
	for _, c := range []struct {
		entry *Entry
		text  string
		want  bool
	}{
		// instructions-2/triggerdotdev__trigger.dev__AGENTS.md:98
		{jsDynamicImport, "**Prefer static imports over dynamic imports.** Only use dynamic `import()` when:", true},
		// instructions/dotnet__aspire__AGENTS.md:379
		{jsDynamicImport, "You must not use dynamic imports unless absolutely necessary. Instead, use static imports.", true},
		{jsDynamicImport, "Dynamic imports are not allowed in `src/`; everything is bundled up front.", true},
		// instructions-2/All-Hands-AI__OpenHands__.openhands__microagents__repo.md:153
		{jsDynamicImport, "The enterprise server extends the OSS server through dynamic imports", false},
		{jsDynamicImport, "The router uses dynamic imports for code splitting, so each page loads on demand.", false},
		// fetched-1/facebook__rocksdb__CLAUDE.md:219
		{cppUnscopedEnum, "Prefer scoped enums (`enum class`) over unscoped enums.", true},
		{cppUnscopedEnum, "Avoid plain `enum`; use `enum class`.", true},
		{cppUnscopedEnum, "All enums in `src/` are scoped enums (`enum class`) so their values never leak.", false},
		// Sskutushev/crypto-gateway-project AGENTS.md:24 (the stop's public batch)
		{emptyCatch, "Retries must be observable. Silent failover and empty catches are forbidden.", true},
		{emptyCatch, "Never leave a catch block empty; log the exception or rethrow it.", true},
		{emptyCatch, "Do not use empty catch blocks to swallow exceptions.", true},
		// instructions-2/anthropics__claude-code-action__CLAUDE.md:35
		{emptyCatch, "**Error phase attribution**: The catch block in `run.ts` uses `prepareCompleted` to distinguish prepare failures from execution failures.", false},
		{emptyCatch, "If the catch block is empty, explain why in a comment.", false},
		// svenroth-ai/shipwright docs/hooks-and-pipeline.md:1255 (wild round 27): a
		// hook matcher that takes every event, no catch of exceptions
		{catchGeneric, "No filter | Omit `matcher` field entirely | SessionStart, Stop, PostToolUse catch-all (e.g. `track_tool_calls.py`)", false},
		{catchGeneric, "No catch-all handlers: never catch every exception.", true},
		// violetsunny/inventory-middle AGENTS.md:215 (wild round 30): where to look
		{commentOutCode, "Don't assume MapStruct is active — check if annotations are commented out in starter/pom", false},
		{commentOutCode, "Don't leave commented-out code; delete it.", true},
	} {
		s := newSentence(&policy.Constraint{Text: c.text, Level: policy.Must})
		if got := c.entry.Names(s); got != c.want {
			t.Errorf("%s names %q: %v, want %v", c.entry.Name, c.text, got, c.want)
		}
	}
}

// TestTieBreakerNamesOnlyTheWinner: a sentence that settles a conflict between two
// conventions asks for the side its main clause names, not for what its condition
// mentions (pydantic's docs/contributing.md, Documentation style, at 2151025: the
// conflict clause named Google-style docstrings and compiled into a second Google-style
// rule).
func TestTieBreakerNamesOnlyTheWinner(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"Where there is a conflict between Google-style docstrings and Ruff linting, follow the Ruff linting hints.", false},
		{"When the linter and Google-style docstrings disagree, the linter wins.", false},
		{"Where Ruff and the docstring format conflict, follow Google-style docstrings.", true},
		{"Use Google-style docstrings.", true},
		{"If you write a docstring, use the Google style.", true},
	} {
		s := newSentence(&policy.Constraint{Text: c.text, Level: policy.Must})
		got := slices.Contains(matchingEntries(s), pyDocGoogle)
		if got != c.want {
			t.Errorf("%q names %s: %v, want %v", c.text, pyDocGoogle.Name, got, c.want)
		}
	}
}
