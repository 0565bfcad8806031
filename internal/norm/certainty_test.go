package norm

import "testing"

// An order before some runs of a role ("specific tests", "a single spec") holds for
// runs heed cannot tell apart from the others; one before the role's every run does
// not narrow.
func TestNarrowedRoleRun(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"Always run `npx bddgen` before running specific tests!", true},
		{"Run `make fixtures` before running individual tests.", true},
		{"Run `make fixtures` before running certain unit tests.", true},
		{"Run `make fixtures` before running the tests.", false},
		{"Run `make lint` before each commit.", false},
	} {
		if got := narrowedRoleRun(Tokenize(c.text)) != ""; got != c.want {
			t.Errorf("%q: narrowed %v, want %v", c.text, got, c.want)
		}
	}
}

// "only docker is required" says what suffices (round 6's kyverno, dev data), not the one
// tool to use; "use only docker" still restricts.
func TestOnlyWhatSuffices(t *testing.T) {
	for _, c := range []struct {
		text string
		only bool
	}{
		{"For Linux, only docker is required.", false},
		{"Only `make` is needed to build.", false},
		{"Use only docker.", true},
	} {
		got := false
		for _, n := range Read(c.text, Context{}) {
			got = got || n.Only
		}
		if got != c.only {
			t.Errorf("%q: only %v, want %v", c.text, got, c.only)
		}
	}
}

func TestNarrowerTypeWhereFits(t *testing.T) {
	for text, want := range map[string]bool{
		"Narrow types: use `z.enum()`, `z.literal()`, `z.number().int().positive()` — not `z.string()`": true,
		"Prefer more specific types over `Any`.":                                                        true,
		"Never use `any`; use `unknown` instead.":                                                       false,
		"Use `pnpm`, not `npm`.":                                                                        false,
		"Types: no `interface{}`, use `any`.":                                                           false,
	} {
		if got := NarrowerTypeWhereFits(text); got != want {
			t.Errorf("NarrowerTypeWhereFits(%q) = %v, want %v", text, got, want)
		}
	}
}

// A quoted rule with a comment after it is mentioned, not given (svenroth-ai/shipwright
// docs/guide.md:163, wild round 27); a comment that directs, or the rule unquoted, gives
// it.
func TestQuotedMention(t *testing.T) {
	for text, want := range map[string]bool{
		`"Keep files under 300 lines" -- covers the file read strategy (2,000-line cap) indirectly.`: true,
		`“Never commit secrets” — listed in the old guide.`:                                          true,
		`"Keep files under 300 lines" -- and keep functions under 50.`:                               false,
		`Keep files under 300 lines.`:                                                                false,
		`"TODO" comments are not allowed.`:                                                           false,
	} {
		if got := QuotedMention(text) != ""; got != want {
			t.Errorf("QuotedMention(%q) = %v, want %v", text, got, want)
		}
	}
}
