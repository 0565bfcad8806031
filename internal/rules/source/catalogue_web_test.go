package source

import (
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// TestWebConstructReadings: the construct sentences of whole public instruction
// files (task cweb; the public ones are named by repository and line in
// bench/source/cweb-firstsight.md, these are written in their phrasings), and the
// sentences of the dev split the first readings misread (cline's
// .clinerules/general.md:193, n8n's AGENTS.md:216), which must stay unread.
func TestWebConstructReadings(t *testing.T) {
	rc := func(langs ...string) *recognize.RepoContext { return &recognize.RepoContext{Languages: langs} }
	for _, c := range []struct {
		text    string
		context string
		level   policy.Level
		rc      *recognize.RepoContext
		want    []string
	}{
		// parameterized queries
		{"SQL injection: Always use parameterized queries (`$1`, `$2`, etc.)", "", policy.Must, rc("javascript"), []string{"query sql-interpolated-query [javascript] warning"}},
		{"Use parameterized queries to prevent SQL injection", "", policy.Should, rc("python"), []string{"query sql-interpolated-query [python] warning"}},
		{"Always use prepared statements, never string concatenation.", "", policy.Must, rc("typescript"), []string{"query sql-interpolated-query [tsx,typescript] warning"}},
		{"Never build SQL queries with string concatenation.", "", policy.Must, rc("python"), []string{"query sql-interpolated-query [python] warning"}},
		{"Test descriptions: Use neutral, functional language (e.g. `'should sanitize query parameters'`, not `'should prevent SQL injection'`).", "", policy.Should, rc("typescript"), nil},
		{"We don't use prepared statements here; the ORM builds every query.", "", policy.Info, rc("python"), nil},
		// ES modules
		{"Always use ESM: `import/export` syntax, not `require()`", "", policy.Must, rc("javascript"), []string{"query esm-require [javascript] exclude=commonjs error"}},
		// CommonJS named in words (public batch 2 of task construct, sinag's
		// copilot-instructions.md:204, and the phrasing Claude Code's docs show)
		{"Use ES modules (import/export) syntax, not CommonJS (require)", "", policy.Must, rc("javascript"), []string{"query esm-require [javascript] exclude=commonjs error"}},
		{"Frontend: ES modules, never CommonJS.", "", policy.Should, rc("javascript"), []string{"query esm-require [javascript] exclude=commonjs warning"}},
		{"The package is compiled to CommonJS and ESM.", "", policy.Info, rc("javascript"), nil},
		{"Prefer functional components with hooks", "", policy.Should, rc("tsx"), []string{"query react-class-component [tsx] warning"}},
		{"The extension host is ESM, so `ext.evaluate` has no `require` and functions aren't reachable as globals.", "", policy.Info, rc("javascript"), nil},
		{"Set a breakpoint with the debugger — don't try to `require()` the bundle.", "", policy.Must, rc("javascript"), nil},
		// .js extensions required, and the opposite rule left to its own entry
		{"Imports: Always include `.js` extension in relative imports", "", policy.Must, rc("javascript"), []string{"query relative-import-without-extension [javascript] error"}},
		{"No `.js` extension on relative imports.", "", policy.Must, rc("javascript"), nil},
		// interfaces for object shapes
		{"TypeScript strict mode. Use `interface` for object shapes.", "", policy.Must, rc("typescript"), []string{"query prefer-interface [tsx,typescript] error"}},
		{"Prefer interface over type for object definitions when possible", "", policy.Should, rc("typescript"), []string{"query prefer-interface [tsx,typescript] warning"}},
		{"Use `type` instead of `interface` for object shapes.", "", policy.Must, rc("typescript"), []string{"query prefer-type-alias"}},
		// function components
		{"All components must be function components.", "", policy.Must, rc("typescript", "tsx"), []string{"query react-class-component [tsx] error"}},
		{"Never write class components.", "", policy.Must, rc("tsx"), []string{"query react-class-component [tsx] error"}},
		{"Class components are fine for error boundaries; components must be function components otherwise.", "", policy.Must, rc("tsx"), nil},
		// whole-file batch 2 (task cweb), flowview's CLAUDE.md:68 and :73
		{"TypeScript strict mode — zero `any` types. Use `unknown` + type narrowing.", "", policy.Must, rc("typescript"), []string{"query ts-any [tsx,typescript] error"}},
		{"Use `@/*` import alias for all project imports.", "", policy.Must, rc("typescript"), []string{"query relative-import [tsx,typescript] error"}},
		{"Use the `@/` alias for imports from other folders.", "", policy.Must, rc("typescript"), nil},
		// a Don't | Do row and ❌ → ✅ items; a colour literal shown as the wrong
		// form is a colour literal banned (a warning: the reading is from an example)
		{"Tailwind classes | inline `style={{...}}` objects", "Do | Don't", policy.Should, rc("tsx"), []string{"query jsx-inline-style [tsx] warning"}},
		{"❌ `color: \"#000000\"` → ✅ `color: theme.colors.foreground` ❌ `style={{ flex: 1, padding: 16 }}` → ✅ `style={styles.container}`", "", policy.Must, rc("tsx"), []string{"query jsx-inline-style [tsx] error", "pattern a colour literal"}},
		{"❌ Force-push to shared branches", "", policy.Must, rc("tsx"), nil},
	} {
		con := &policy.Constraint{ID: "x", Text: c.text, Context: c.context, File: "AGENTS.md", Line: 1, Level: c.level}
		expectRecognized(t, con, c.rc, c.want)
	}
}

// TestPairedText: the rows and items read as the prohibition they carry.
func TestPairedText(t *testing.T) {
	for _, c := range []struct{ text, context, want string }{
		{"`.then()` | `await`", "Don't | Do", "Do not use `.then()`; use `await` instead."},
		{"`await` | `.then()`", "Do | Avoid", "Do not use `.then()`; use `await` instead."},
		{"❌ `a` → ✅ `b`", "", "Do not use `a`; use `b` instead."},
		{"❌ `a` -> ✅ `b` ❌ `c` → ✅ `d`", "", "Do not use `a`; use `b` instead. Do not use `c`; use `d` instead."},
		{"❌ Force-push to shared branches", "", "❌ Force-push to shared branches"},
		{"See ❌ `a` → ✅ `b`", "", "See ❌ `a` → ✅ `b`"},
		{"`a` | `b`", "Name | Value", "`a` | `b`"},
	} {
		if got := pairedText(&policy.Constraint{Text: c.text, Context: c.context}); got != c.want {
			t.Errorf("%q (%q): got %q, want %q", c.text, c.context, got, c.want)
		}
	}
}
