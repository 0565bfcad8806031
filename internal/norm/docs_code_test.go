package norm

import "testing"

// A naming or grouping rule under a heading of a style guide ("Guides") speaks of
// code: its spans are code, no words banned in prose (pnpm's pacquet
// CODE_STYLE_GUIDE.md:64 and :117 compiled into bans of "use", "crate", "T" and "N"
// in documentation). A rule about the words of documentation still reads.
func TestCodeTalkUnderAGuideHeadingBansNoWords(t *testing.T) {
	for _, tc := range []struct {
		text, heading string
		words         bool
	}{
		{"Use descriptive names for type parameters (`Key`, `Value`) instead of single letters. The usual `T` for a lone parameter is accepted.", "Style Guide / Guides / Generic parameters", false},
		{"Combine items from one crate into a single `use` statement rather than separate `use` lines (the `crate` granularity).", "Style Guide / Guides / Imports", false},
		{"In the documentation, use `they` instead of `he` or `she`.", "Writing", true},
		{"Use `they` instead of `he` or `she`.", "Guides / Documentation", true},
	} {
		got := false
		for _, f := range DocForms(tc.text, tc.heading) {
			if f.Check == "words" && len(f.Words) > 0 {
				got = true
			}
		}
		if got != tc.words {
			t.Errorf("%q under %q: bans words %v, want %v", tc.text, tc.heading, got, tc.words)
		}
	}
}

// Under a heading of code conventions, "use `unknown` instead of `any`" names types,
// not wording of the documentation (tsparticles AGENTS.md:65, wild round 30).
func TestCodeSpansUnderACodeHeadingAreNoWording(t *testing.T) {
	if fs := DocForms("Use `unknown` instead of `any` when receiving untyped input and narrow immediately with type guards.", "Agent Guide for Contributors and Automation > Code Style and Conventions"); len(fs) > 0 {
		t.Errorf("read as wording: %+v", fs)
	}
}

// TestDescribesRecord: the words beside a link that make its document a record of
// findings or a plan (wild round 33), and words that do not.
func TestDescribesRecord(t *testing.T) {
	for text, want := range map[string]bool{
		"[MODELS_REVIEW.md](MODELS_REVIEW.md) — every schema audited. Analysis only — nothing in it has been implemented.": true,
		"See the payment design. **Status: specification only, nothing implemented or approved.**":                         true,
		"Read [the style guide](docs/style.md) before writing any code.":                                                   false,
		"Follow `docs/testing.md`: every feature needs a test.":                                                            false,
	} {
		if got := DescribesRecord(text); got != want {
			t.Errorf("DescribesRecord(%q) = %v, want %v", text, got, want)
		}
	}
}
