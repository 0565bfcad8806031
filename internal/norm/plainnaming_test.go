package norm

import (
	"slices"
	"testing"
)

// A tool named with its rival and no verb binds only where its section says so: a
// stack list describes, a section of conventions states a rule (the extractor
// decides). A package manager named so says which one the project uses anywhere.
func TestPlainNamingLeavesTheLevelToItsSection(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"- **Testing**: Vitest (not Jest), Playwright for e2e", ""},
		{"- **Styling**: Tailwind (not styled-components)", ""},
		{"- Package manager: uv (not pip)", "must"},
		{"- We use pnpm (not npm or yarn).", "must"},
		{"Don't ever invoke yarn; this repo uses pnpm.", "must"},
	} {
		if got := BanStrength(c.text); got != c.want {
			t.Errorf("BanStrength(%q) = %q, want %q", c.text, got, c.want)
		}
	}
	ns := Read("- **Testing**: Vitest (not Jest)", Context{})
	if !slices.ContainsFunc(ns, func(n Norm) bool {
		return n.Polarity == Forbid && slices.Contains(n.Uncertain, PlainNaming)
	}) {
		t.Errorf("the rival of a plain naming is still read, with its doubt: %+v", ns)
	}
}

// "(see `bun.lock`)" points to where to read more; it names nothing the sentence asks
// for.
func TestSeeAsideNamesNoObject(t *testing.T) {
	ns := Read("This project uses `bun` as the package manager (see `bun.lock`).", Context{})
	if len(ns) != 1 || len(ns[0].Objects) != 1 || ns[0].Objects[0].Text != "bun" {
		t.Fatalf("norms: %+v", ns)
	}
	if !PackageManagerStatement("This project uses `bun` as the package manager (see `bun.lock`).") {
		t.Errorf("a statement of the package manager with a reference aside")
	}
}
