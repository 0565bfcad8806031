package norm

import "testing"

func TestParenRule(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"`generated/` – API client produced by `npm run codegen` (do not edit by hand)", "Do not edit `generated/` by hand."},
		{"`packages/types/` — shared types (deprecated; never modify, add types to `packages/core` instead)", "Never modify `packages/types/`."},
		{"Fixtures for test data (avoid `factory_bot`)", "Avoid `factory_bot`."},
		{"Kotlin sources use a flat layout (do not re-introduce `src/<platform>Main/`)", "Do not re-introduce `src/<platform>Main/`."},
		// no rule to restate
		{"Return an empty list (not `null`)", ""},
		{"`legacy/` – the v1 API (no longer maintained)", ""},
		{"Never edit `dist/` (it is generated)", ""},
		{"Shared types live here (see `docs/types.md`)", ""},
		// a ban without an object, and no subject to give it one
		{"Generated API client (do not edit by hand)", ""},
	} {
		got, ok := ParenRule(tc.in)
		if ok != (tc.want != "") || got != tc.want {
			t.Errorf("ParenRule(%q) = %q, %v; want %q", tc.in, got, ok, tc.want)
		}
	}
}

func TestItemParenRule(t *testing.T) {
	for _, tc := range []struct{ item, leadIn, want string }{
		{"`dist/`", "CI-owned outputs (do not hand-edit):", "Do not hand-edit `dist/`."},
		{"`Formula/x.rb`, `bucket/x.json` (updated in CI)", "**CI-owned outputs (do not hand-edit)**:", "Do not hand-edit `Formula/x.rb`."},
		{"`dist/`", "Build outputs:", ""},
		{"the changelog", "CI-owned outputs (do not hand-edit):", ""},
		{"`dist/`", "CI-owned outputs (do not hand-edit)", ""}, // no lead-in: a sentence of its own
		{"`make deploy`", "Release commands (never run in CI):", ""},
	} {
		got, ok := ItemParenRule(tc.item, tc.leadIn)
		if ok != (tc.want != "") || got != tc.want {
			t.Errorf("ItemParenRule(%q, %q) = %q, %v; want %q", tc.item, tc.leadIn, got, ok, tc.want)
		}
	}
}

func TestIndentStatement(t *testing.T) {
	for s, want := range map[string]bool{
		"4 spaces for indentation in JavaScript/PHP":      true,
		"2-space indentation, trailing commas":            true,
		"Indent: 4 spaces.":                               true,
		"Tabs for indentation":                            true,
		"Indentation is 2 spaces":                         true,
		"The tree view indents children by a few pixels":  false,
		"Use the spaces in the office for meetings":       false,
		"Markdown lists nest with 3 spaces in some tools": false,
	} {
		if got := IndentStatement(s); got != want {
			t.Errorf("IndentStatement(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestParenBanStrength(t *testing.T) {
	for in, want := range map[string]string{
		"do not edit by hand":  "must",
		" never modify":        "must",
		"should never be run":  "must",
		"avoid `factory_bot`":  "should",
		"not set by default":   "",
		"no longer maintained": "",
		"must pass for CI":     "",
	} {
		if got := ParenBanStrength(in); got != want {
			t.Errorf("ParenBanStrength(%q) = %q, want %q", in, got, want)
		}
	}
}
