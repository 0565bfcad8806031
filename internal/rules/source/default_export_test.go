package source

import (
	"testing"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/heed-dev/heed/internal/policy"
)

// "Do not use barrel (`index.ts`) files. Use named exports instead."
// (SwitchbackTech/compass AGENTS.md:192, in its shape): the second sentence's
// "instead" points back to the first, which bans barrel files; alone it bans no
// default export. A sentence that names what named exports replace does.
func TestNamedExportsInsteadOfWhat(t *testing.T) {
	e := catalogueEntry("default-export")
	for _, c := range []struct {
		text string
		want bool
	}{
		{"Use named exports instead.", false},
		{"- Use named exports instead", false},
		{"Use named exports instead of default exports.", true},
		{"Prefer named exports.", true},
		{"Use named exports only.", true},
		{"Avoid default exports; use named exports instead.", true},
	} {
		if got := e.Names(newSentence(&policy.Constraint{Text: c.text, Level: policy.Must})); got != c.want {
			t.Errorf("%q names the default-export rule: %v, want %v", c.text, got, c.want)
		}
	}
}

// The files whose tools take their default export (a bundler's or test runner's
// config, a story file, a Next.js route file, a Jest manual mock) are no breach of a default-export ban:
// SwitchbackTech/compass's own webpack and vitest configs were findings of one.
func TestDefaultExportLeavesToolFilesOut(t *testing.T) {
	e := catalogueEntry("default-export")
	for _, c := range []struct {
		path string
		out  bool
	}{
		{"packages/web/webpack.config.mjs", true},
		{"vitest.config.ts", true},
		{"packages/web/src/Button.stories.tsx", true},
		{"apps/site/app/blog/[slug]/page.tsx", true},
		{"apps/site/app/layout.tsx", true},
		{"app/stores/__mocks__/AuthStore.ts", true}, // a Jest manual mock mirrors its module
		{"app/stores/mocks/AuthStore.ts", false},
		{"packages/web/src/views/Calendar.tsx", false},
		{"packages/core/src/config.ts", false},
		{"src/pages.ts", false},
	} {
		got := false
		for _, g := range e.ExcludeGlobs {
			if ok, _ := doublestar.Match(g, c.path); ok {
				got = true
			}
		}
		if got != c.out {
			t.Errorf("%s left out: %v, want %v", c.path, got, c.out)
		}
	}
}
