package source

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// TestStyleRulesOnRealShapes: style sentences of whole instruction files (batch 541,
// issue 19) judged against the code their repositories hold: the folder a word
// names ("in UX code"), built output left alone, a static style attribute banned
// without the bindings a template computes, and each rule's authored cases.
func TestStyleRulesOnRealShapes(t *testing.T) {
	for _, c := range []struct {
		text  string
		dirs  []string
		exts  []string
		path  string
		code  string
		want  engine.Verdict
		rules int
	}{
		// KalyanKumar0553/rest-app-generator AGENTS.md:6: the UX folder, not a backend
		// module's static page, nor the app's build output
		{"Do not use hardcoded color values in UX code (no hex/rgb/rgba literals for component styling).", []string{"ux", "ux/src", "modules"}, []string{".css", ".html", ".ts"},
			"ux/src/app/components/toast/toast.component.css", ".toast { border-left-color: #3b82f6; }\n", engine.Violated, 1},
		{"Do not use hardcoded color values in UX code (no hex/rgb/rgba literals for component styling).", []string{"ux", "ux/src", "modules"}, []string{".css", ".html", ".ts"},
			"modules/swagger/static/login.html", "<p style=\"color: #ecf7f1\">x</p>\n", engine.Inapplicable, 1},
		{"Do not use hardcoded color values in UX code (no hex/rgb/rgba literals for component styling).", []string{"ux", "ux/www", "modules"}, []string{".css", ".html", ".ts"},
			"ux/www/index.html", "<p style=\"color: #ecf7f1\">x</p>\n", engine.Inapplicable, 1},
		{"Do not use hardcoded color values in UX code (no hex/rgb/rgba literals for component styling).", []string{"ux", "ux/src", "modules"}, []string{".css", ".html", ".ts"},
			"ux/src/app/styles/dark-theme.css", ":root { --bg: #000; }\n.dark { color: #fff; }\n", engine.Inapplicable, 1},
		// pablonux/legal-ai-ar, wild round 27: a token used with its value as the
		// fallback uses the token; a gradient of literals beside one does not
		{"Use AppKit design tokens — no hard-coded colors, spacing, or typography.", nil, []string{".scss"},
			"src/styles.scss", ".a {\n  color: var(--color-primary, #d04a02);\n}\n", engine.Satisfied, 1},
		{"Use AppKit design tokens — no hard-coded colors, spacing, or typography.", nil, []string{".scss"},
			"src/styles.scss", ".a {\n  background: linear-gradient(var(--x, #fff), #000);\n}\n", engine.Violated, 1},
		// havokmega/sdweddingdirectory (wild round 30): a WordPress site's theme folder
		// holds its own styles, not a design system's token definitions
		{"Raw hex color values in CSS (all colors must use tokens from `foundation.css :root`)", []string{"wp-content", "wp-content/themes", "wp-content/themes/site"}, []string{".css"},
			"wp-content/themes/site/assets/css/pages.css", ".a { color: #d04a02; }\n", engine.Violated, 1},
		// Kindjhali/Roadrunner AGENTS.md:32: `style="..."`, not `:style` bindings
		{"No use of `style=\"...\"` attributes.", nil, []string{".vue", ".js"},
			"src/components/Bar.vue", "<template>\n  <div :style=\"{ width: pct + '%' }\"></div>\n</template>\n", engine.Satisfied, 1},
		{"No use of `style=\"...\"` attributes.", nil, []string{".vue", ".js"},
			"src/components/Bar.vue", "<template>\n  <div style=\"width: 10%\"></div>\n</template>\n", engine.Violated, 1},
		// a CSS comment that names the banned text
		{"Never use `!important` in stylesheets.", nil, []string{".css"},
			"src/app.css", "/* !important is banned */\n.a { color: red; }\n", engine.Satisfied, 1},
		// charmbracelet/crush internal/ui/AGENTS.md:154: a terminal UI's colours, in Go
		{"Use semantic color fields rather than hardcoded colors.", nil, []string{".go"},
			"internal/ui/styles.go", "package ui\n", engine.Inapplicable, 0},
	} {
		con := &policy.Constraint{ID: "x", Text: c.text, File: "AGENTS.md", Line: 1, Level: policy.Must}
		rc := &recognize.RepoContext{Dirs: c.dirs, Extensions: c.exts}
		res := styleRecognizer{}.Recognize(con, rc)
		if len(res.Rules) != c.rules {
			t.Errorf("%q: %d rules, want %d", c.text, len(res.Rules), c.rules)
			continue
		}
		for i := range res.Rules {
			r := &res.Rules[i]
			for _, cs := range r.Cases {
				if o := engine.RunCase(testRegistry, r, cs); !o.OK {
					t.Errorf("%q: authored case %s at %s: got %s", c.text, cs.Expect, cs.Path, o.Got)
				}
			}
			if got := engine.RunCase(testRegistry, r, policy.Case{Path: c.path, Code: c.code}).Got; got != c.want {
				t.Errorf("%q: %s: got %s, want %s", c.text, c.path, got, c.want)
			}
		}
	}
}

// TestStyleSeverity: a ban in words blocks; a requirement of tokens without a ban,
// an example read from a table, a hedge, warn; descriptions compile into nothing.
func TestStyleSeverity(t *testing.T) {
	rc := &recognize.RepoContext{Extensions: []string{".css", ".tsx"}}
	for _, c := range []struct{ text, want string }{
		{"Never hard-code hex colors in components.", policy.SeverityError},
		{"Use CSS custom properties for every colour.", policy.SeverityWarning},
		{"All colors must come from the theme tokens in `src/theme.ts`.", policy.SeverityWarning},
		{"Avoid `!important`.", policy.SeverityWarning},
		{"Follow the design system.", ""},
		{"Use `#0f172a` as the background of the dark theme.", ""},
		{"Colors are defined in `src/theme/colors.ts`.", ""},
		{"Prefer consistent spacing across screens.", ""},
	} {
		con := &policy.Constraint{ID: "x", Text: c.text, File: "AGENTS.md", Line: 1, Level: policy.Must}
		res := styleRecognizer{}.Recognize(con, rc)
		got := ""
		if len(res.Rules) > 0 {
			got = res.Rules[0].Severity
		}
		if got != c.want || len(res.Rules) > 1 {
			t.Errorf("%q: %d rules, severity %q, want %q", c.text, len(res.Rules), got, c.want)
		}
	}
}

// TestNamedColourValues: a sentence that bans colours by value bans those values
// (Victordtesla24/aether-job-career-agent CLAUDE.md:11 and AGENTS.md:13, wild round
// 25), not every colour; a value the sentence prescribes is no ban; a value given as
// an example of a kind ("hardcoded colours like `#fff`") is the kind's.
func TestNamedColourValues(t *testing.T) {
	for text, want := range map[string]string{
		"Obsidian and gilt. Primary `#C9A84C`. **Never** coral `#FF6B35` or indigo `#4F46E5`.": "#FF6B35,#4F46E5",
		"No coral `#FF6B35`.":                          "#FF6B35",
		"No hardcoded colors like `#fff`; use tokens.": "",
		"Primary `#C9A84C`.":                           "",
	} {
		s := newSentence(&policy.Constraint{Text: text, Level: policy.Must, File: "AGENTS.md"})
		if got := strings.Join(namedColourValues(s), ","); got != want {
			t.Errorf("%q: %q, want %q", text, got, want)
		}
	}
	b := namedValuesBan(newSentence(&policy.Constraint{Text: "No coral `#FF6B35`.", Level: policy.Must}), []string{"#FF6B35"})
	re := regexp.MustCompile(b.regex)
	for line, want := range map[string]bool{"color: #ff6b35;": true, "c = \"#FF6B35\"": true, "color: #FF6B3500;": false, "color: #C9A84C;": false, "a&#FF6B35": false} {
		if re.MatchString(line) != want {
			t.Errorf("%q: match %v", line, !want)
		}
	}
}

// TestHexAndNamedColoursLeaveRGB: "no hex colors, no named colors"
// (internetarchive/openlibrary docs/ai/README.md:241, wild round 25) bans hex values;
// rgb() and hsl() are neither.
func TestHexAndNamedColoursLeaveRGB(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"css"}, Extensions: []string{".css"}}
	c := &policy.Constraint{Text: "CSS: Stylelint enforces strict value rules — no hex colors, no named colors (use variables).", Level: policy.Must, File: "AGENTS.md"}
	res := styleRecognizer{}.Recognize(c, rc)
	if len(res.Rules) != 1 {
		t.Fatalf("%d rules (%s)", len(res.Rules), res.Unenforced)
	}
	if p := string(res.Rules[0].Params); strings.Contains(p, "rgba") {
		t.Errorf("rgb() banned: %s", p)
	}
}

// The file the next item of the list names as the palette's home defines the colours
// the ban is about (wild round 37: "NEVER use hardcoded colors" over "Always use the
// palette from `DesignSystem.swift`" flagged the palette itself).
func TestStyleBanLeavesTheNamedPaletteFile(t *testing.T) {
	cons := []policy.Constraint{
		{ID: "a", Text: "Never hard-code hex colors in components.", File: "AGENTS.md", Line: 3, Level: policy.Must, Context: "Colors:"},
		{ID: "b", Text: "Always use the palette from `src/looks.ts`.", File: "AGENTS.md", Line: 4, Level: policy.Must, Context: "Colors:"},
	}
	rc := &recognize.RepoContext{Extensions: []string{".css", ".tsx"}, Constraints: cons}
	res := styleRecognizer{}.Recognize(&rc.Constraints[0], rc)
	if len(res.Rules) == 0 {
		t.Fatalf("no rule: %s", res.Unenforced)
	}
	for _, r := range res.Rules {
		if !slices.Contains(r.Scope.Exclude, "src/looks.ts") {
			t.Errorf("%s: the palette file is judged: %v", r.Message, r.Scope.Exclude)
		}
	}
}
