package source

import (
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/uniq"
)

// styleRecognizer compiles bans of style values written into front-end and UI code
// instead of the design system's tokens (issue 19): hard-coded colours (hex, rgb(),
// hsl(), SwiftUI's `Color(red:...)`, Flutter's and Compose's `Color(0xFF...)`, a hex
// value in an Android layout), Tailwind's default palette and arbitrary values,
// inline styles in templates, `!important`, pixel values of spacing and font sizes,
// and literal z-indexes. Each is a pattern over the files the kind of value is
// written in (stylesheets, components, templates, native UI), never wider than the
// sentence says; the files that define the tokens (a tailwind config, theme.ts,
// tokens.css, colors.xml, a :root block of custom properties) are where the values
// belong and are left out. Preferences and sentences that describe where values
// live compile into nothing.
type styleRecognizer struct{}

func (styleRecognizer) Name() string { return "source.style" }

// File kinds, as globs.
var (
	styleSheetGlobs = []string{"**/*.css", "**/*.scss", "**/*.sass", "**/*.less", "**/*.styl", "**/*.pcss"}
	templateGlobs   = []string{"**/*.vue", "**/*.svelte", "**/*.astro", "**/*.html", "**/*.htm"}
	jsxGlobs        = []string{"**/*.tsx", "**/*.jsx"}
	scriptGlobs     = []string{"**/*.ts", "**/*.js", "**/*.mts", "**/*.mjs"}
	otherTemplates  = []string{"**/*.erb", "**/*.hbs", "**/*.njk", "**/*.twig", "**/*.liquid", "**/*.blade.php", "**/*.cshtml", "**/*.razor"}
)

// tokenFileGlobs are the files that define a design system's values: a colour there
// is the token's definition, not a hard-coded use.
var tokenFileGlobs = []string{
	"**/tailwind.config.*", "**/*theme*", "**/theme/**", "**/themes/**", "**/*token*", "**/tokens/**",
	"**/*variables*", "**/*colors*", "**/*colours*", "**/*Colors*", "**/Color.kt", "**/Colors.kt", "**/*palette*",
	"**/res/values*/**", "**/*.stories.*",
	"**/*Theme*", "**/*Token*", "**/*Palette*", "**/*DesignSystem*", "**/*designSystem*", "**/*design-system*", "**/*design_system*",
}

// tokenFiles are tokenFileGlobs for the repository: in a WordPress site the themes
// folder (`wp-content/themes/`) holds the site's own styles, which a theme folder of a
// design system does not (havokmega/sdweddingdirectory, wild round 30: the theme's CSS
// was left out of its own colour rule).
func tokenFiles(rc *recognize.RepoContext) []string {
	if !hasDir(rc, "wp-content/themes") {
		return tokenFileGlobs
	}
	return slices.DeleteFunc(slices.Clone(tokenFileGlobs), func(g string) bool { return g == "**/themes/**" || g == "**/*theme*" })
}

// styleTestGlobs: tests assert on colours and sizes; they style nothing. Built and
// vendored files are no one's source.
var styleTestGlobs = []string{"**/*.test.*", "**/*.spec.*", "**/__tests__/**", "**/test/**", "**/tests/**",
	"**/dist/**", "**/build/**", "**/www/**", "**/vendor/**", "**/node_modules/**", "**/*.min.*"}

// tokenFallbackLine: a line whose one colour is the fallback of a token it uses
// (`color: var(--color-primary, #d04a02);`): the token is used, as the rule asks.
const tokenFallbackLine = `^[^#]*\bvar\(\s*--[\w-]+\s*,\s*#[0-9a-fA-F]{3,8}\s*\)[^#]*$`

// definitionLine: a line that defines a token (a CSS custom property, a Sass, Less or
// Stylus variable), opens a rule's selector, where `#abc` is an id, or lists a token
// with its value as data (`{ name: 'green-100', hex: '#D6E9E4' }`, a palette a
// style guide page shows).
const definitionLine = `^\s*(?:--[\w-]+|\$[\w-]+|@[\w-]+)\s*:|\{\s*$|\bname\s*:\s*['"][^'"]+['"][^\n]*\b(?:hex|value|color|colour)\s*:`

var (
	// colourLiteralRE: colours written as values, in words or as code.
	colourLiteralRE = lazyre.New("\\b(?:hard[- ]?cod(?:e|ed|ing)|hardcodes?|raw|literal|magic|arbitrary|random|one-off|ad[- ]hoc|inline)\\s+(?:hex\\s+|colou?r\\s+)?(?:colou?rs?|colou?r values?|hex(?:adecimal)? (?:values?|codes?|colou?rs?))\\b" +
		"|\\bhex(?:adecimal)?(?: colou?r)?(?: values?| codes?| literals?| colou?rs?)\\b|\\bhex(?:/| or | and )rgba?\\b|\\bcolou?r (?:literals?|codes?)\\b" +
		"|\\bcolores? hexadecimales?\\b|\\bvalores? hex\\b|\\bhardcod(?:e|ed|ing) (?:colou?r|hex)" +
		// "do not create new colors outside the `--color-*` tokens"
		"|\\b(?:create|add|introduce|invent|define|make up)\\s+(?:any\\s+)?(?:new\\s+)?colou?rs?\\s+outside\\b" +
		"|(?i:`#[0-9a-f]{3,8}`|`rgba?\\([^`]*\\)`|`hsla?\\([^`]*\\)`)")
	// hexOnlyRE: the sentence speaks of hex values only.
	hexOnlyRE = lazyre.New(`\bhex(?:adecimal(?:es)?)?\b`)
	// anyColourRE: colours in general, or rgb()/hsl() named.
	anyColourRE = lazyre.New("(?i)\\bcolou?r(?:s| values?| literals?| codes?)?\\b|\\bcolores?\\b|\\brgba?\\b|\\bhsla?\\b")
	// tokensForColoursRE: colours required to come from the design system's tokens.
	tokensForColoursRE = lazyre.New(`\b(?:use|reference|take|pull)\b[^.;]*\b(?:css (?:custom properties|variables)|custom properties|design tokens|theme tokens|colou?r tokens|the theme's colou?rs)\b[^.;]*\bfor (?:all |every |any )?(?:the )?colou?rs?\b|\b(?:all|every) colou?rs? (?:must|should) (?:use|come from|be (?:css variables|tokens|defined as tokens))\b`)
	// native colour constructors named as code.
	swiftColourRE   = lazyre.New("(?i)`(?:ui|ns)?color\\((?:red|hue|white|hex|displayp3red)[:\\s]|\\bswiftui\\b|\\bswift\\b|\\bios\\b")
	hexCtorColourRE = lazyre.New("(?i)`color\\(0x")
	// nativeColourSpanRE: a native colour constructor shown as code.
	nativeColourSpanRE = lazyre.New("(?i)`(?:ui|ns)?color\\((?:0x|red|hue|white|hex|displayp3red)")
	flutterRE          = lazyre.New(`(?i)\bflutter\b|\bdart\b|\bwidgets?\b`)
	composeRE          = lazyre.New(`(?i)\bcompose\b|\bcomposables?\b|\bkotlin\b|\bjetpack\b`)
	androidLayoutRE    = lazyre.New(`(?i)\bandroid\b[^.;]*\blayouts?\b|\blayouts?\b[^.;]*\bandroid\b|\blayout xml\b|\bxml layouts?\b`)
	// cssInJSRE: colours written in scripts (styled-components, emotion, style objects).
	// cssInJSLeadRE: "In styled-components, ...": the files the rule reads, no condition.
	cssInJSLeadRE = lazyre.New(`^(?:in|with|for) (?:styled[- ]components|emotion|css-in-js|style objects)\b[^,]*,`)
	cssInJSRE     = lazyre.New(`(?i)\bstyled[- ]components\b|\bemotion\b|\bcss-in-js\b|\bstyle objects?\b|\bstyled\(|\bstylex\b|\bvanilla-extract\b`)

	// inline styles in templates
	boundStyleRE   = lazyre.New("`(?:v-bind)?:style(?:=[^`]*)?`")
	styleAttrRE    = lazyre.New("`style=\"[^`]*\"`|`style=''`|`style`(?: attributes?)|\\bstyle attributes?\\b|\\binline[- ]styles?\\b|\\binline css\\b")
	jsxOnlyStyleRE = lazyre.New("`style=\\{")
	styleTagRE     = lazyre.New("`<style>`(?: tags?| elements?| blocks?)?|\\bstyle tags?\\b")
	htmlRE         = lazyre.New(`(?i)\bhtml\b`)
	vueRE          = lazyre.New(`(?i)\bvue\b`)
	svelteRE       = lazyre.New(`(?i)\bsvelte\b`)
	dynamicRE      = lazyre.New(`\b(?:unless|except|but|other than|only)\b[^.;]*\b(?:dynamic|computed|runtime|animat|calculated)`)

	importantRE = lazyre.New("`!important`|\\b!important\\b|\\bimportant (?:flags?|declarations?|rules?)\\b")

	pxRE        = lazyre.New("`px`|\\bpx\\b|\\bpixels?(?: values?| units?)?\\b|`\\d+px`|\\b\\d+px\\b")
	pxBanRE     = lazyre.New("\\b(?:not|never|no|avoid|instead of|rather than|over|hard[- ]?cod(?:e|ed|ing)|hardcodes?|magic|raw)\\b[^.;]*(?:`px`|\\bpx\\b|\\bpixels?\\b|\\d+px)")
	spacingRE   = lazyre.New(`\bspacings?\b|\bmargins?\b|\bpaddings?\b|\bgaps?\b`)
	fontSizeRE  = lazyre.New(`\bfont[- ]sizes?\b|\btext sizes?\b|\btypography\b`)
	zIndexRE    = lazyre.New("`z-index`|\\bz-index(?:es)?\\b|\\bz-indices\\b|`zindex`")
	zIndexBanRE = lazyre.New(`\b(?:magic|hard[- ]?coded|hardcoded|literal|raw|arbitrary|random)\b`)

	paletteRE   = lazyre.New("\\b(?:tailwind(?:'s|’s)?\\s+)?(?:default|built-in|stock)\\s+(?:tailwind\\s+)?(?:colou?rs?|palette|colou?r classes)\\b")
	paletteBan  = lazyre.New("\\b(?:not|never|no|avoid|instead of|rather than|over|don't|do not)\\b[^;]*\\b(?:tailwind(?:'s|’s)?\\s+)?(?:default|built-in|stock)\\s+(?:tailwind\\s+)?(?:colou?rs?|palette|colou?r classes)\\b")
	arbitraryRE = lazyre.New("\\barbitrary (?:tailwind )?(?:values?|classes|colou?rs?|colou?r values?|sizes?)\\b")
	arbColourRE = lazyre.New("\\barbitrary (?:tailwind )?colou?r")
	// onlyAllowedInRE: "`!important` is only allowed in `overrides.css`".
	onlyAllowedInRE = lazyre.New("\\bonly (?:allowed|permitted|acceptable|ok|okay|used) in\\b")
	// emailRE: emails are styled inline, by necessity.
	emailRE = lazyre.New(`(?i)\be-?mails?\b`)
)

// styleBan is one rule the recogniser compiles.
type styleBan struct {
	regex, where, skip string
	globs              []string
	exclude            []string
	exact, warn        bool
	message, suggest   string
	// samples by extension: the bad and the good code
	samples map[string][2]string
}

func (styleRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	if c.Level == policy.Info {
		return recognize.Result{}
	}
	s := itemSentence(c, rc)
	if t := pairedText(c); t != c.Text {
		pc := *c
		pc.Text = t
		s = itemSentence(&pc, rc)
	}
	if s.conditional() && !onlyAllowedInRE.MatchString(s.norm) && !cssInJSLeadRE.MatchString(s.prose()) {
		return recognize.Result{}
	}
	var bans []styleBan
	bans = append(bans, colourBans(s, rc)...)
	bans = append(bans, inlineStyleBans(s)...)
	bans = append(bans, importantBans(s)...)
	bans = append(bans, pxBans(s)...)
	bans = append(bans, zIndexBans(s)...)
	bans = append(bans, paletteBans(s)...)
	bans = append(bans, arbitraryBans(s)...)
	bans = append(bans, importantModifierBans(s)...)
	var res recognize.Result
	for _, b := range bans {
		if r, ok := styleRule(s, rc, b); ok {
			res.Rules = append(res.Rules, r)
		}
	}
	return res
}

// styleBanned: the sentence bans what re names, or prefers something to it.
func styleBanned(s *sentence, re *lazyre.RE) bool {
	if !s.has(re) {
		return false
	}
	if constructBanned(s, re) || s.negPhrase(re) {
		return true
	}
	loc := re.FindStringIndex(s.norm)
	before := s.norm[:loc[0]]
	return preferredBeforeRE.MatchString(before)
}

var (
	// preferredBeforeRE: the words before a phrase that set something above it
	// ("not hardcoded values", "instead of raw color values").
	preferredBeforeRE = lazyre.New(`\b(?:instead of|rather than|over|not|never|no)\s+(?:\S+\s+){0,3}$`)
	hexValueRE        = lazyre.New(`#[0-9a-fA-F]{3,8}\b`)
	rgbValueRE        = lazyre.New(`(?i)\b(?:rgba?|hsla?)\(`)
	colourDeclRE      = lazyre.New(`(?i)^(?:colou?r|background(?:-color)?|border(?:-color)?|fill|stroke)\s*:`)
	scssOnlyRE        = lazyre.New(`(?i)\b(?:in|inside|within) (?:the |our |any |all )?(?:scss|sass)(?: files?| code| stylesheets?)?\b`)
	cssModuleWordsRE  = lazyre.New(`(?i)\b(?:in|inside|within) (?:the |our |any |all )?(?:(?:module|modular) css|css[- ]modules?(?: files?)?)\b`)
	styleSheetWordsRE = lazyre.New(`\b(?:stylesheets?|style ?sheets?|css files?|scss files?)\b`)
	templateWordsRE   = lazyre.New(`\btemplates?\b`)
)

const (
	webHex = `(?:^|[^&\w#/.\-])#(?:[0-9a-fA-F]{8}|[0-9a-fA-F]{6}|[0-9a-fA-F]{3,4})(?:[^\w\-]|$)`
	webRGB = `\b(?:rgba?|hsla?)\(\s*[\d.]`
)

func colourBans(s *sentence, rc *recognize.RepoContext) []styleBan {
	named := styleBanned(s, colourLiteralRE) || s.negated() && s.has(nativeColourSpanRE)
	// "Use CSS variables for all colours": every colour a token, so a literal is
	// not one; said without a ban, it warns
	required := !named && !s.negated() && s.has(tokensForColoursRE)
	fromSpan := required
	if !named {
		// a Don't cell or banned span that is a colour declaration: `color: #1e293b`
		bs := s.bans()
		if tb, ok := tableBans(s.c); ok {
			bs = append(bs, tb...)
		}
		for _, b := range bs {
			if (hexValueRE.MatchString(b.span) || rgbValueRE.MatchString(b.span)) && colourDeclRE.MatchString(b.span) {
				fromSpan = true
			}
		}
		if !fromSpan {
			return nil
		}
	}
	if vals := namedColourValues(s); len(vals) > 0 {
		// "Never coral `#FF6B35` or indigo `#4F46E5`": those values, retired; the
		// palette's other colours are the project's
		return []styleBan{namedValuesBan(s, vals)}
	}
	text := s.norm + " > " + s.header
	var out []styleBan
	native := false
	if swiftColourRE.MatchString(text) && (s.has(lazyre.New("(?i)`(?:ui|ns)?color\\(")) || s.has(colourLiteralRE)) {
		native = true
		out = append(out, styleBan{
			regex: `\b(?:UI|NS)?Color\(\s*(?:red|hue|white|displayP3Red|hex)\s*:|#colorLiteral\(`, where: "code",
			globs: []string{"**/*.swift"}, message: "a colour built from literal components",
			suggest: "use a named colour of the asset catalog or the theme",
			samples: map[string][2]string{".swift": {"let c = Color(red: 0.2, green: 0.4, blue: 0.6)\n", "let c = Color(\"Primary\")\n"}},
		})
	}
	hexCtor := s.has(hexCtorColourRE)
	if flutterRE.MatchString(text) && (hexCtor || s.has(colourLiteralRE)) && !composeRE.MatchString(text) {
		native = true
		out = append(out, styleBan{
			regex: `\bColor\(\s*0x[0-9A-Fa-f]{6,8}\s*\)|\bColor\.from(?:ARGB|RGBO)\(`, where: "code",
			globs: []string{"**/*.dart"}, message: "a colour literal",
			suggest: "use the theme's colours (`Theme.of(context).colorScheme`)",
			samples: map[string][2]string{".dart": {"final c = Color(0xFF2196F3);\n", "final c = Theme.of(context).colorScheme.primary;\n"}},
		})
	}
	if composeRE.MatchString(text) && (hexCtor || s.has(colourLiteralRE)) {
		native = true
		out = append(out, styleBan{
			regex: `\bColor\(\s*0x[0-9A-Fa-f]{6,8}\s*\)|\bColor\.parseColor\(`, where: "code",
			globs: []string{"**/*.kt"}, message: "a colour literal",
			suggest: "use the theme's colours (`MaterialTheme.colorScheme`)",
			samples: map[string][2]string{".kt": {"val c = Color(0xFF6200EE)\n", "val c = MaterialTheme.colorScheme.primary\n"}},
		})
	}
	if androidLayoutRE.MatchString(text) {
		native = true
		out = append(out, styleBan{
			regex: `="#[0-9A-Fa-f]{3,8}"`, where: "any",
			globs: []string{"**/layout*/*.xml", "**/drawable*/*.xml"}, message: "a colour literal in a layout",
			suggest: "reference a colour resource (`@color/...`)",
			samples: map[string][2]string{".xml": {"<TextView android:textColor=\"#FF0000\" />\n", "<TextView android:textColor=\"@color/primary\" />\n"}},
		})
	}
	if hexCtor && !native {
		// `Color(0xFF...)` named without its platform: the repository's
		for _, e := range rc.Extensions {
			switch e {
			case ".dart":
				out = append(out, styleBan{regex: `\bColor\(\s*0x[0-9A-Fa-f]{6,8}\s*\)`, where: "code", globs: []string{"**/*.dart"}, message: "a colour literal",
					suggest: "use the theme's colours", samples: map[string][2]string{".dart": {"final c = Color(0xFF2196F3);\n", "final c = theme.primary;\n"}}})
				native = true
			case ".kt":
				out = append(out, styleBan{regex: `\bColor\(\s*0x[0-9A-Fa-f]{6,8}\s*\)`, where: "code", globs: []string{"**/*.kt"}, message: "a colour literal",
					suggest: "use the theme's colours", samples: map[string][2]string{".kt": {"val c = Color(0xFF6200EE)\n", "val c = theme.primary\n"}}})
				native = true
			}
		}
	}
	if native {
		return out
	}
	re := webHex
	what := "a hex colour"
	prose := s.prose()
	hex := hexOnlyRE.MatchString(prose)
	// "no hex colors, no named colors": named colours are words (red, navy), not
	// rgb() or hsl(), which the sentence leaves alone
	hexAndNamed := hex && strings.Contains(prose, "named colo") && !strings.Contains(prose, "rgb") && !strings.Contains(prose, "hsl")
	if !hexAndNamed && (!hex || anyColourRE.MatchString(strings.ReplaceAll(prose, "hex", "")) && !s.has(lazyre.New(`\bhex (?:values?|codes?|literals?)\b`))) {
		re += `|` + webRGB
		what = "a colour literal"
	}
	globs := styleKinds(s)
	if cssInJSRE.MatchString(s.c.Text) {
		globs = append(globs, scriptGlobs...)
	}
	return append(out, styleBan{
		regex: re, where: "code+strings", skip: definitionLine + `|` + tokenFallbackLine, globs: globs, exact: !fromSpan, warn: fromSpan,
		message: what, suggest: "use the design system's tokens (a CSS variable or a theme value)",
		samples: map[string][2]string{
			".css": {".a {\n  color: #123456;\n}\n", ".a {\n  color: var(--color-text);\n}\n"}, ".scss": {".a {\n  color: #123456;\n}\n", ".a {\n  color: var(--color-text);\n}\n"},
			".vue":    {"<style>\n.a { color: #123456; }\n</style>\n", "<style>\n.a { color: var(--color-text); }\n</style>\n"},
			".svelte": {"<style>\n.a { color: #123456; }\n</style>\n", "<style>\n.a { color: var(--color-text); }\n</style>\n"},
			".tsx":    {"export const c = \"#123456\";\n", "export const c = \"var(--color-text)\";\n"},
			".ts":     {"export const c = \"#123456\";\n", "export const c = \"var(--color-text)\";\n"},
			".html":   {"<p style=\"color: #123456\">x</p>\n", "<p class=\"text\">x</p>\n"},
		},
	})
}

// styleKinds are the files a web style rule reads: the sentence's narrowing ("in
// stylesheets", "in `.scss` files", "in templates"), else stylesheets, templates and
// JSX components.
func styleKinds(s *sentence) []string {
	var out []string
	for _, sp := range s.spans {
		if strings.HasPrefix(sp, ".") && !strings.ContainsAny(sp, " /*") {
			for _, g := range append(append(append([]string{}, styleSheetGlobs...), templateGlobs...), jsxGlobs...) {
				if strings.HasSuffix(g, sp) {
					out = append(out, g)
				}
			}
		}
	}
	if len(out) > 0 {
		return out
	}
	p := s.prose()
	switch {
	case scssOnlyRE.MatchString(p):
		// "No hex values in SCSS": the Sass files, not a component's markup
		return []string{"**/*.scss", "**/*.sass"}
	case cssModuleWordsRE.MatchString(p):
		// "no hex literals in module CSS": the CSS Modules files, not a page's
		// markup or a design mockup
		return []string{"**/*.module.css", "**/*.module.scss", "**/*.module.sass", "**/*.module.less"}
	case styleSheetWordsRE.MatchString(p):
		return append([]string{}, styleSheetGlobs...)
	case templateWordsRE.MatchString(p):
		return append(append([]string{}, templateGlobs...), jsxGlobs...)
	}
	return append(append(append([]string{}, styleSheetGlobs...), templateGlobs...), jsxGlobs...)
}

func inlineStyleBans(s *sentence) []styleBan {
	if s.has(dynamicRE) || emailRE.MatchString(s.c.Text) && !s.negated() {
		return nil
	}
	bound := styleBanned(s, boundStyleRE)
	attr := styleBanned(s, styleAttrRE) || s.has(styleAttrRE) && s.headerBans()
	if !bound && !attr {
		return nil
	}
	if attr && s.has(jsxOnlyStyleRE) && !s.has(lazyre.New("`style=\"")) {
		return nil // `style={{...}}`: JSX, the catalogue's
	}
	var globs []string
	switch {
	case htmlRE.MatchString(s.c.Text):
		globs = []string{"**/*.html", "**/*.htm"}
	case vueRE.MatchString(s.c.Text + " " + s.headerRaw):
		globs = []string{"**/*.vue"}
	case svelteRE.MatchString(s.c.Text + " " + s.headerRaw):
		globs = []string{"**/*.svelte"}
	default:
		globs = append(append([]string{}, templateGlobs...), otherTemplates...)
	}
	// a static attribute; a bound one (`:style`, Svelte's `style:` directive) sets
	// values the template computes, which only a sentence that names it bans
	var res []string
	if attr {
		res = append(res, `(?:^|\s)style\s*=\s*["']`)
	}
	if bound {
		res = append(res, `(?:^|\s)(?::|v-bind:)style\s*=`)
	}
	re := strings.Join(res, "|")
	var out []styleBan
	out = append(out, styleBan{
		regex: re, where: "any", globs: globs, exclude: []string{"**/email*/**", "**/mail*/**"}, exact: true,
		message: "an inline style", suggest: "use a class",
		samples: map[string][2]string{
			".html": {"<div style=\"color: red\">x</div>\n", "<div class=\"title\">x</div>\n"}, ".vue": {"<template>\n  <div :style=\"{ color: c }\" style=\"color: red\">x</div>\n</template>\n", "<template>\n  <div class=\"title\">x</div>\n</template>\n"},
			".svelte": {"<div style=\"color: red\">x</div>\n", "<div class=\"title\">x</div>\n"},
		},
	})
	if attr && htmlRE.MatchString(s.c.Text) && s.has(styleTagRE) {
		out = append(out, styleBan{
			regex: `<style[\s>]`, where: "any", globs: []string{"**/*.html", "**/*.htm"}, exclude: []string{"**/email*/**", "**/mail*/**"}, exact: true,
			message: "a `<style>` element", suggest: "put the CSS in the stylesheet",
			samples: map[string][2]string{".html": {"<style>\n  p { color: red; }\n</style>\n", "<link rel=\"stylesheet\" href=\"styles.css\">\n"}},
		})
	}
	return out
}

func importantBans(s *sentence) []styleBan {
	if !s.has(importantRE) || s.has(lazyre.New(`\bmodifier\b`)) {
		return nil
	}
	if !styleBanned(s, importantRE) && !s.negated() && !onlyAllowedInRE.MatchString(s.norm) {
		return nil
	}
	return []styleBan{{
		regex: `!\s*important\b`, where: "code+strings", globs: append(append(append([]string{}, styleSheetGlobs...), templateGlobs...), jsxGlobs...), exact: true,
		message: "`!important`", suggest: "raise the selector's specificity, or fix the cascade",
		samples: map[string][2]string{".css": {".a {\n  color: red !important;\n}\n", ".a {\n  color: red;\n}\n"}},
	}}
}

func pxBans(s *sentence) []styleBan {
	if !s.has(pxRE) || !s.has(pxBanRE) {
		return nil
	}
	globs := append(append([]string{}, styleSheetGlobs...), "**/*.vue", "**/*.svelte", "**/*.astro")
	switch {
	case s.has(spacingRE):
		return []styleBan{{
			regex: `\b(?:margin|padding|gap|row-gap|column-gap)(?:-(?:top|right|bottom|left|inline|block)(?:-(?:start|end))?)?\s*:[^;{}\n]*?\b(?:[1-9]\d*(?:\.\d+)?|0?\.\d+)px\b`,
			where: "code+strings", skip: definitionLine, globs: globs, exact: true,
			message: "spacing given in px", suggest: "use the spacing tokens",
			samples: map[string][2]string{".css": {".a { margin: 12px; }\n", ".a { margin: var(--spacing-md); border: 1px solid; }\n"}},
		}}
	case s.has(fontSizeRE):
		return []styleBan{{
			regex: `\bfont-size\s*:[^;{}\n]*?\b(?:[1-9]\d*(?:\.\d+)?|0?\.\d+)px\b`, where: "code+strings", skip: definitionLine, globs: globs, exact: true,
			message: "a font size in px", suggest: "use rem (or the type scale)",
			samples: map[string][2]string{".css": {".a { font-size: 14px; }\n", ".a { font-size: 0.875rem; border: 1px solid; }\n"}},
		}}
	}
	return nil
}

func zIndexBans(s *sentence) []styleBan {
	if !s.has(zIndexRE) || !s.has(zIndexBanRE) && !s.has(lazyre.New(`\bscale\b|\btokens?\b|\bvariables?\b`)) || !s.negated() && !s.soft() {
		return nil
	}
	return []styleBan{{
		regex: `\bz-index\s*:\s*-?\d+|\bzIndex\s*:\s*-?\d+`, where: "code+strings", skip: definitionLine,
		globs: append(append(append([]string{}, styleSheetGlobs...), templateGlobs...), jsxGlobs...), warn: true,
		message: "a literal z-index", suggest: "use the z-index scale",
		samples: map[string][2]string{".css": {".m { z-index: 9999; }\n", ".m { z-index: var(--z-modal); }\n"}},
	}}
}

func paletteBans(s *sentence) []styleBan {
	if !s.has(paletteRE) || !s.has(paletteBan) {
		return nil
	}
	return []styleBan{{
		regex: `(?:^|[\s"'` + "`" + `{:!])(?:[a-z0-9-]+:)*-?(?:bg|text|border(?:-[xytrblse])?|ring(?:-offset)?|fill|stroke|from|via|to|divide|outline|decoration|placeholder|accent|caret|shadow)-(?:slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose)-(?:50|[1-9]00|950)(?:/\d+)?\b`,
		where: "code+strings", globs: append(append(append([]string{}, templateGlobs...), jsxGlobs...), otherTemplates...),
		message: "a colour of Tailwind's default palette", suggest: "use the design system's colour classes",
		samples: map[string][2]string{".tsx": {"export const B = () => <span className=\"p-2 bg-gray-100\">x</span>;\n", "export const B = () => <span className=\"p-2 bg-primary\">x</span>;\n"},
			".vue": {"<template><span class=\"bg-gray-100\">x</span></template>\n", "<template><span class=\"bg-primary\">x</span></template>\n"}},
	}}
}

func arbitraryBans(s *sentence) []styleBan {
	if !styleBanned(s, arbitraryRE) {
		return nil
	}
	value := `[^\]\s"'` + "`" + `]+`
	if s.has(arbColourRE) {
		value = `(?:#|rgba?\(|hsla?\()[^\]\s"'` + "`" + `]*`
	}
	return []styleBan{{
		regex: `(?:^|[\s"'` + "`" + `{:!])(?:[a-z0-9-]+:)*-?[a-z][a-z0-9]*(?:-[a-z0-9]+)*-\[` + value + `\]`,
		where: "code+strings", globs: append(append(append([]string{}, templateGlobs...), jsxGlobs...), otherTemplates...),
		message: "an arbitrary value in a class", suggest: "add a token to the theme and use its class",
		samples: map[string][2]string{".tsx": {"export const H = () => <div className=\"flex mt-[13px]\" />;\n", "export const H = () => <div className=\"flex mt-4\" />;\n"},
			".vue": {"<template><div class=\"mt-[13px]\" /></template>\n", "<template><div class=\"mt-4\" /></template>\n"}},
	}}
}

// styleRule scopes a ban: the folders of the sentence and its heading, the ban's file
// kinds within them; token files, tests, the files the sentence names as where the
// values live, and the instruction files left out.
func styleRule(s *sentence, rc *recognize.RepoContext, b styleBan) (policy.Rule, bool) {
	if len(rc.Extensions) > 0 && !slices.ContainsFunc(b.globs, func(g string) bool { return slices.Contains(rc.Extensions, path.Ext(g)) }) {
		// none of the files such values are written in: the sentence is about
		// another kind of code (a terminal UI's colours in Go)
		return policy.Rule{}, false
	}
	folder, _ := ruleScope(s, rc, nil)
	if len(folder.Globs) == 0 {
		// "in UX code": the folder of that name, where the repository has one
		for _, w := range norm.InFolderCode(s.prose()) {
			if w == "test" || w == "tests" || w == "spec" || w == "production" || w == "library" || w == "source" {
				continue
			}
			if hasDir(rc, path.Join(s.c.Scope.Dir, w)) {
				folder.Globs = append(folder.Globs, dirGlob(nestedDir(s, rc, w)))
			}
		}
	}
	sc := policy.Scope{Dir: folder.Dir, Exclude: append([]string(nil), folder.Exclude...)}
	var dirs []string
	for _, g := range folder.Globs {
		if d, ok := strings.CutSuffix(g, "/**"); ok && !strings.ContainsAny(d, "*?[{") {
			dirs = append(dirs, d)
		}
	}
	for _, k := range b.globs {
		if len(dirs) == 0 {
			sc.Globs = append(sc.Globs, k)
			continue
		}
		for _, d := range dirs {
			sc.Globs = append(sc.Globs, d+"/"+k)
		}
	}
	sc.Exclude = append(sc.Exclude, b.exclude...)
	sc.Exclude = append(sc.Exclude, tokenFiles(rc)...)
	sc.Exclude = append(sc.Exclude, styleTestGlobs...)
	if !strings.Contains(s.norm, "doc") && !strings.Contains(s.header, "doc") && !slices.ContainsFunc(dirs, func(d string) bool { return strings.Contains(d, "doc") }) {
		// the documentation's pages and the mock-ups kept beside it style
		// themselves, not the application the rule is about (wild round 39:
		// duckdb-query's docs/demo/, TradeJournal's docs/Ideas/)
		sc.Exclude = append(sc.Exclude, "docs/**", "**/mockups/**", "**/mockup/**")
	}
	sc.Exclude = append(sc.Exclude, instructionGlobs...)
	if s.c.File != "" {
		sc.Exclude = append(sc.Exclude, s.c.File)
	}
	// the files the sentence names: where the values live ("except in
	// `src/styles/_tokens.scss`", "tokens from `tokens.css`", "only allowed in ..."),
	// and those the items after it in its list name ("NEVER use hardcoded colors"
	// over "Always use the palette from `DesignSystem.swift`")
	named := slices.Clone(s.spans)
	for _, o := range rc.Following(s.c, 2) {
		if o.File == s.c.File && o.Context == s.c.Context {
			named = append(named, recognize.CodeSpans(o.Text)...)
		}
	}
	for _, sp := range named {
		sp = strings.TrimPrefix(strings.TrimSpace(sp), "./")
		ext := path.Ext(sp)
		if ext == "" || strings.ContainsAny(sp, " *:(){}") || !fileExt(ext) {
			continue
		}
		if strings.HasPrefix(sp, "/") {
			sp = path.Base(sp)
		}
		if strings.Contains(sp, "/") {
			sc.Exclude = append(sc.Exclude, sp, "**/"+sp)
		} else {
			sc.Exclude = append(sc.Exclude, "**/"+sp)
		}
	}
	sc.Exclude = uniq.Values(sc.Exclude)
	sev := s.severity()
	if b.warn {
		sev = policy.SeverityWarning
	}
	r := policy.Rule{
		Domain: policy.DomainSource, Kind: KindPattern, Severity: sev, Exact: b.exact,
		Message: b.message, Suggestion: b.suggest, Scope: sc,
		Params: marshal(PatternParams{Regex: b.regex, Where: b.where, SkipLines: b.skip}),
	}
	// a case at a path the rule reads
	for _, g := range sc.Globs {
		ext := path.Ext(g)
		smp, ok := b.samples[ext]
		if !ok {
			continue
		}
		p := strings.ReplaceAll(strings.ReplaceAll(g, "**/", ""), "*", "sample")
		if sc.Dir != "" {
			p = sc.Dir + "/" + p
		}
		if !sc.Covers(p) {
			continue
		}
		r.Cases = []policy.Case{
			{Expect: policy.ExpectViolated, Path: p, Code: smp[0], Note: b.message},
			{Expect: policy.ExpectSatisfied, Path: p, Code: smp[1], Note: "the token, or the value where it is allowed"},
		}
		return r, true
	}
	return r, false
}

// fileExt: an extension of a file a style value may be written in.
func fileExt(ext string) bool {
	switch ext {
	case ".css", ".scss", ".sass", ".less", ".styl", ".pcss", ".ts", ".js", ".tsx", ".jsx", ".vue", ".svelte", ".astro", ".html", ".htm",
		".dart", ".swift", ".kt", ".xml", ".json", ".mjs", ".cjs", ".mts":
		return true
	}
	return false
}

// importantModifierRE: Tailwind's `!` modifier, in words or as an example (`!mt-0`).
var importantModifierRE = lazyre.New("\\bimportant modifier\\b|`!`(?: important)? (?:modifier|prefix)\\b")

func importantModifierBans(s *sentence) []styleBan {
	if !styleBanned(s, importantModifierRE) && !(s.negated() && s.has(importantModifierRE)) {
		return nil
	}
	return []styleBan{{
		// a class with a dash: `!open` is JavaScript's negation
		regex: `(?:^|[\s"'` + "`" + `])!(?:[a-z0-9-]+:)*-?[a-z][a-z0-9]*-[a-z0-9.\[\]#/%-]+`,
		where: "code+strings", globs: append(append(append([]string{}, templateGlobs...), jsxGlobs...), otherTemplates...), exact: true,
		message: "Tailwind's `!` (important) modifier", suggest: "fix the conflicting class instead",
		samples: map[string][2]string{".tsx": {"export const A = () => <div className=\"!mt-0\" />;\n", "export const A = ({ x }) => <div className=\"mt-0\" hidden={!x} />;\n"},
			".vue": {"<template><div class=\"!mt-0\" /></template>\n", "<template><div class=\"mt-0\" /></template>\n"}},
	}}
}

// colourSpanRE is a colour value written as code.
var colourSpanRE = lazyre.New("(?i)^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$")

// colourWordsRE: words that speak of colour values as a kind ("hardcoded colours",
// "hex values", "like `#fff`"), which make a span an example of the kind.
var colourWordsRE = lazyre.New(`(?i)\b(?:hard[- ]?cod\w*|raw|literals?|magic|arbitrary|inline|hex(?:adecimal)?|values?|codes?|like|such as|e\.g\.|for example|colou?rs)\b`)

// namedColourValues are the hex values a sentence bans by value ("No coral
// `#FF6B35`", "Never coral `#FF6B35` or indigo `#4F46E5`"): spans that are colours,
// in a sentence that names no kind of colour value they would be examples of.
func namedColourValues(s *sentence) []string {
	if !s.negated() || colourWordsRE.MatchString(spanRE.ReplaceAllString(s.norm, " ")) {
		return nil
	}
	// the spans after a clause's prohibition ("Primary `#C9A84C`. Never coral
	// `#FF6B35`": the primary is prescribed)
	var vals []string
	for _, cl := range s.clauses() {
		for _, sp := range spansAfterProhibition(cl, nil) {
			if colourSpanRE.MatchString(sp) {
				vals = append(vals, sp)
			}
		}
	}
	return vals
}

// namedValuesBan bans the colour values as written, in any case, in the style files
// and the code that holds styles.
func namedValuesBan(s *sentence, vals []string) styleBan {
	var alts []string
	for _, v := range vals {
		alts = append(alts, regexp.QuoteMeta(strings.TrimPrefix(v, "#")))
	}
	re := `(?i)(?:^|[^&\w#/.\-])#(?:` + strings.Join(alts, "|") + `)(?:[^\w\-]|$)`
	v := strings.TrimPrefix(vals[0], "#")
	return styleBan{
		regex: re, where: "code+strings", globs: append(styleKinds(s), scriptGlobs...), exact: true,
		message: "the colour " + backtickList(strings.Join(vals, ", ")), suggest: "use a colour of the palette",
		samples: map[string][2]string{
			".css": {".a {\n  color: #" + v + ";\n}\n", ".a {\n  color: #000000;\n}\n"},
			".ts":  {"export const c = \"#" + v + "\";\n", "export const c = \"#000000\";\n"},
			".tsx": {"export const c = \"#" + v + "\";\n", "export const c = \"#000000\";\n"},
		},
	}
}
