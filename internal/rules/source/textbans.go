package source

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/uniq"
)

// textBanRecognizer compiles bans of text that is no API of a language: a site's URL
// in documentation links ("not a `docs.example.org` URL"), utility classes in
// templates ("`bg-container` instead of `bg-white`", "`flex-*` over `tw-ml-*`"), a
// directive or a statement written as it appears ("don't `#pragma warning disable`",
// "Never use 'use client' directive", "Do not add `PRAGMA enable_verification` to
// tests", "`telemetry: true`"). The text is matched as written, in the files the
// kind of text lives in; the instruction files themselves are never judged.
type textBanRecognizer struct{}

func (textBanRecognizer) Name() string { return "source.textban" }

var (
	// urlBanRE: "not a `Y` URL", "never link to `Y`".
	urlBanRE = lazyre.New("(?:\\bnot (?:a |an |the |to )?|\\b(?:never|don't|do not|avoid) (?:link(?:ing)? to|use|point(?:ing)? at|point(?:ing)? to) (?:a |an |the )?)`([^`]+)`(?: (?:urls?|links?|addresses|address|domain|site|pages?))?")
	hostRE   = lazyre.New(`^(?:https?://)?[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:/\S*)?$`)
	linkRE   = lazyre.New(`\b(?:urls?|links?|linking|domain|site|hrefs?)\b`)
	// utilityRE: a class name of a utility CSS framework, a prefix ending in "-" or
	// "-*" included: bg-white, tw-ml-*, i-mingcute-.
	// An arbitrary value closes it (text-[#333]).
	utilityRE = lazyre.New(`^!?[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?:-\*?|-[a-z0-9]+|-\[[^\]\s]+\])$`)
	// classWordsRE: the sentence speaks of markup classes.
	classWordsRE = lazyre.New(`\b(?:class(?:es|name)?|utilit(?:y|ies)|css|tailwind)\b`)
	// quotedDirectiveRE: "Never use 'use client' directive".
	quotedDirectiveRE = lazyre.New(`(?i)\b(?:never|don't|do not|avoid|no)\b[^.;]*?['"‘“]([a-z][\w -]{1,40})['"’”] (?:directive|pragma)`)
	// literalTextRE: a span that is a statement or a setting as written: a
	// preprocessor directive, a statement of capitalised keywords (SQL's PRAGMA), a
	// key and its value. Code spans of words ("`export default`") are constructs, the
	// catalogue's and the ban reader's.
	literalTextRE = lazyre.New(`^(?:#\s*[a-z]+\b.*|[A-Z]{2,}\s+\w.*|[\w.]+\s*[:=]\s*[\w"'.-]+)$`)
	overWordsRE   = lazyre.New("\\b(?:over|instead of|rather than) (?:[\\w-]+ ){1,2}(`[^`]+`(?:\\s*(?:/|,|or|and)\\s*`[^`]+`)*)")
	afterSpanRE   = lazyre.New(`^\s*([a-z][\w-]*)`)
	testPlaceRE   = lazyre.New(`\b(?:to|in|into) (?:the |any |new )?(?:tests?|test files|test cases|specs?)\b`)
	// workflowKeyRE: a key or an event of a workflow file, or a key and its value
	// (`permissions: write-all`).
	workflowKeyRE = lazyre.New(`^[a-z][a-z0-9]*(?:[_-][a-z0-9]+)*(?::\s*[\w-]+)?$`)
)

// workflowStops end the banned part of a clause about workflows: its alternative
// or exception.
var workflowStops = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return set("instead", "use", "prefer", "rather", "except", "unless")
}}

// workflowGlobs are GitHub Actions' workflow files.
var workflowGlobs = []string{".github/workflows/*.yml", ".github/workflows/*.yaml"}

// classFollowers are the words that may follow a banned class: what it is, a place,
// a list's joint.
var classFollowers = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return set("class", "classes", "utility", "utilities", "helper", "helpers", "margin", "margins", "icon", "icons",
		"prefix", "prefixes", "token", "tokens", "in", "on", "for", "anywhere", "or", "and", "nor", "instead", "directly", "anymore", "unless", "except", "when")
}}

// markupGlobs are the files markup classes are written in.
var markupGlobs = []string{"**/*.html", "**/*.htm", "**/*.erb", "**/*.tmpl", "**/*.gohtml", "**/*.vue", "**/*.svelte", "**/*.astro",
	"**/*.jsx", "**/*.tsx", "**/*.hbs", "**/*.njk", "**/*.liquid", "**/*.blade.php", "**/*.twig", "**/*.heex", "**/*.razor", "**/*.cshtml",
	"**/*.css", "**/*.scss"}

// docGlobs are documentation pages.
var docGlobs = []string{"**/*.md", "**/*.mdx", "**/*.rst", "**/*.adoc"}

// instructionGlobs are instruction files: they quote the text they ban.
var instructionGlobs = []string{"**/AGENTS.md", "**/CLAUDE.md", "**/GEMINI.md", "**/CONTRIBUTING.md", "**/.github/copilot-instructions.md",
	"**/.github/instructions/**", "**/.cursor/**", "**/.cursorrules", "**/.windsurfrules", "**/.clinerules/**"}

// textBan is one text to ban, of a kind.
type textBan struct {
	text, instead, kind string // kind: url, class, literal, directive
	clause              string
}

func (textBanRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	s := itemSentence(c, rc)
	var tbs []textBan
	for _, m := range urlBanRE.FindAllStringSubmatch(s.norm, -1) {
		if hostRE.MatchString(m[1]) && (strings.Contains(m[1], "://") || linkRE.MatchString(m[0]) || linkRE.MatchString(s.prose())) {
			tbs = append(tbs, textBan{text: m[1], kind: "url", clause: m[0]})
		}
	}
	if m := quotedDirectiveRE.FindStringSubmatch(c.Text); m != nil {
		tbs = append(tbs, textBan{text: m[1], kind: "directive", clause: m[0]})
	}
	bans := s.bans()
	if tb, ok := tableBans(c); ok {
		bans = tb
	}
	// "prefer `flex-*` helpers over per-child `tw-ml-*` / `tw-mr-*` margins": words
	// may stand between the connector and the classes it leaves out
	for _, m := range overWordsRE.FindAllStringSubmatch(s.norm, -1) {
		for _, sp := range spanRE.FindAllStringSubmatch(m[1], -1) {
			bans = append(bans, ban{span: strings.TrimSpace(sp[1]), clause: m[0]})
		}
	}
	if hasWorkflows(rc) {
		tbs = append(tbs, workflowBans(s)...)
	}
	for _, b := range bans {
		if b.from != "" || b.marker || b.span == "" {
			continue
		}
		sp := b.span
		switch {
		case hostRE.MatchString(sp) && strings.Contains(sp, ".") && (strings.Contains(sp, "://") || linkRE.MatchString(s.prose())):
			tbs = append(tbs, textBan{text: sp, instead: b.instead, kind: "url", clause: b.clause})
		case utilityRE.MatchString(sp) && strings.Contains(sp, "-") && !strings.HasPrefix(sp, "-") &&
			(strings.HasSuffix(sp, "-") || strings.HasSuffix(sp, "-*") || classWordsRE.MatchString(s.prose()) ||
				utilityRE.MatchString(strings.Split(b.instead, ", ")[0]) && strings.Contains(b.instead, "-")):
			// a prefix ("i-mingcute-", "tw-ml-*") is no name of an API
			if _, isPkg := resolvePackage(sp, rc); isPkg {
				continue // a package of the repository ("`date-fns` over `moment`")
			}
			if i := strings.Index(b.clause, "`"+sp+"`"); i >= 0 {
				if m := afterSpanRE.FindStringSubmatch(b.clause[i+len(sp)+2:]); m != nil && !classFollowers.Get()[m[1]] {
					continue // "no `on-created-empty` double-spawn": the span names what the next word is
				}
			}
			tbs = append(tbs, textBan{text: sp, instead: b.instead, kind: "class", clause: b.clause})
		case strings.HasPrefix(sp, "@") && cssAtRuleRE.MatchString(sp):
			// "never use `@media (prefers-color-scheme: dark)`": a stylesheet's rule
			if b.qualifier != "" {
				continue // a place heed cannot locate
			}
			tbs = append(tbs, textBan{text: sp, instead: b.instead, kind: "css", clause: b.clause})
		case literalTextRE.MatchString(sp) && (strings.ContainsAny(sp, " :=") || strings.HasPrefix(sp, "#")):
			if b.qualifier != "" && !testPlaceRE.MatchString(b.qualifier) {
				continue // a place heed cannot locate
			}
			if sp == "#include" || sp == "#import" {
				// "`core/` must never `#include` anything from `gui/`": the verb of a
				// boundary, which the architecture rules read; every C file includes
				continue
			}
			if commentDirective(sp) {
				// "do not add `type: ignore`", "no `# noqa`": a comment marker, which
				// the comment rule judges in comments; as text of code it would match
				// `{ type: ignore }` and strings of every language
				continue
			}
			if i := strings.Index(c.Text, "`"+sp+"`"); dataValueLiteralRE.MatchString(sp) && i >= 0 && subjectBeforeBan(c.Text[:i]) {
				// "A `security` POI may never carry `precision: "surveyed"`",
				// "Security checkpoints ...: never `precision: "surveyed"`": a value of
				// the data, banned for the things the subject names, which heed cannot
				// tell from the rest (gates and lounges are surveyed)
				continue
			}
			tbs = append(tbs, textBan{text: sp, instead: b.instead, kind: "literal", clause: b.clause})
		}
	}
	var res recognize.Result
	if r, ok := spellingRule(s, rc); ok {
		// "Spell it "catalog", never "catalogue"": the banned spelling anywhere in
		// the code, its names, comments and strings
		res.Rules = append(res.Rules, r)
	}
	seen := map[string]bool{}
	for _, tb := range tbs {
		if seen[tb.text] {
			continue
		}
		seen[tb.text] = true
		topic := tb.kind == "class" && strings.HasPrefix(s.condition(), "for ")
		if _, cond := inherited(s, rc); cond != "" || s.conditional() && !s.onlyByDefault() && !s.conditionImplied(tb.text) && !topic {
			// ("For layout, prefer ..." names the topic of a class, not a situation)
			if cond == "" {
				cond = s.condition()
			}
			res.Unenforced = fmt.Sprintf("bans `%s` only in situations heed cannot see (%q)", tb.text, cond)
			continue
		}
		if r, ok := textBanRule(s, rc, tb); ok {
			if why := partialBan(s, tb.clause, tb.text); r.Severity == policy.SeverityError && why != "" {
				warnOnly(&r, why)
			}
			res.Rules = append(res.Rules, r)
		}
	}
	return res
}

// mixinAlternativeRE: a mixin named as the way round a raw at-rule ("always use
// `@include breakpoint()`", "use the `respond-to` mixin").
var mixinAlternativeRE = lazyre.New(`(?i)@include\b|\bmixins?\b|\bbreakpoint`)

// cssAtRuleRE: a stylesheet's at-rule as a span ("@media (prefers-color-scheme:
// dark)", "@import url(...)").
var cssAtRuleRE = lazyre.New(`^@(?:media|import|supports|layer|font-face|keyframes|container|apply|tailwind|extend|mixin|include|use|forward)\b.*$`)

// cssPattern matches a CSS text as written, with any white space around its
// punctuation and between its words.
func cssPattern(text string) string {
	var b strings.Builder
	b.WriteString("(?i)")
	space := false
	for _, r := range text {
		switch {
		case r == ' ' || r == '\t':
			space = true
			continue
		case strings.ContainsRune("():,{};", r):
			b.WriteString(`\s*` + regexp.QuoteMeta(string(r)) + `\s*`)
			space = false
			continue
		}
		if space {
			b.WriteString(`\s+`)
			space = false
		}
		b.WriteString(regexp.QuoteMeta(string(r)))
	}
	return b.String()
}

// literalPattern matches the text as written, white space loosened.
func literalPattern(text string) string {
	var parts []string
	for _, f := range strings.Fields(text) {
		parts = append(parts, regexp.QuoteMeta(f))
	}
	return strings.Join(parts, `\s+`)
}

func textBanRule(s *sentence, rc *recognize.RepoContext, tb textBan) (policy.Rule, bool) {
	r := policy.Rule{Domain: policy.DomainSource, Kind: KindPattern, Severity: s.severity(), Exact: true}
	sc := policy.Scope{Dir: s.c.Scope.Dir, Globs: append([]string(nil), s.c.Scope.Globs...), Exclude: append([]string(nil), s.c.Scope.Exclude...)}
	if gs, _ := inherited(s, rc); len(gs) > 0 {
		sc.Globs = append(sc.Globs, gs...)
	}
	var p PatternParams
	bad, good, sample := "", "", ""
	switch tb.kind {
	case "url":
		host := strings.TrimPrefix(strings.TrimPrefix(tb.text, "https://"), "http://")
		// a link's target ("[text](https://host/...)", "[ref]: https://host"): a
		// bare or angle-bracketed URL shows the address itself, which is no link
		// that could point at a page instead; nor is a link to the site's root
		page := regexp.QuoteMeta(strings.TrimSuffix(host, "/")) + `/[^\s)"'#>]`
		if strings.Contains(strings.TrimSuffix(host, "/"), "/") {
			page = regexp.QuoteMeta(host)
		}
		p = PatternParams{Regex: `\]\(\s*<?(?:https?:)?//` + page + `|^\s*\[[^\]]+\]:\s*<?(?:https?:)?//` + page + `|href=["'](?:https?:)?//` + page, Where: "any"}
		if len(sc.Globs) == 0 {
			sc.Globs = docGlobs
		}
		sample, bad, good = "guide.md", "See [the page](https://"+host+"/page).\n", "See [the page](page.md).\n"
		r.Message = fmt.Sprintf("a link to `%s`", tb.text)
	case "class":
		prefix := strings.HasSuffix(tb.text, "-*") || strings.HasSuffix(tb.text, "-")
		name := strings.TrimSuffix(strings.TrimSuffix(tb.text, "*"), "-")
		re := `(?:^|[\s"'\x60{:])` + regexp.QuoteMeta(name)
		if prefix {
			re += `-[\w-]+`
		} else {
			re += `(?:$|[\s"'\x60}])`
		}
		p = PatternParams{Regex: re, Where: "any"}
		if prefix {
			// "no `text-*` classes": a stylesheet's `text-align: center` is a
			// property of that name, no class
			p.SkipLines = `(?:^|[\s;{"'])` + regexp.QuoteMeta(name) + `-[\w-]+\s*:(?:[^:]|$)`
		}
		if len(sc.Globs) == 0 {
			sc.Globs = markupGlobs
		}
		r.Severity, r.Exact = policy.SeverityWarning, false // a class name can be built or mean something else
		example := name
		if prefix {
			example = name + "-2"
		}
		sample, bad, good = "page.html", `<div class="p-4 `+example+`">x</div>`+"\n", `<div class="p-4">x</div>`+"\n"
		r.Message = fmt.Sprintf("the class `%s`", tb.text)
	case "directive":
		p = PatternParams{Regex: `^\s*['"]` + literalPattern(tb.text) + `['"]`, Where: "any", Languages: pickLangs(s, rc, jsLangs)}
		if len(p.Languages) == 0 {
			return r, false
		}
		sample, bad, good = "", "'"+tb.text+"';\n\nexport const x = 1;\n", "export const x = 1;\n"
		r.Message = fmt.Sprintf("the '%s' directive", tb.text)
	case "workflow":
		// the key of a mapping (an event with its settings, a job's key), an event in
		// the list or the scalar of `on:`, or the key with its value
		key, value, _ := strings.Cut(tb.text, ":")
		q := regexp.QuoteMeta(strings.TrimSpace(key))
		re := `^\s*(?:-\s*)?["']?` + q + `["']?\s*:|^\s*["']?on["']?\s*:\s*(?:\[[^\]#]*\b` + q + `\b|` + q + `\s*(?:#|$))|^\s*-\s*` + q + `\s*(?:#|$)`
		bad, good = "on:\n  "+tb.text+":\n    types: [opened]\n", "on:\n  push:\n    branches: [main]\n"
		if value = strings.TrimSpace(value); value != "" {
			re = `^\s*(?:-\s*)?["']?` + q + `["']?\s*:\s*["']?` + regexp.QuoteMeta(value) + `["']?\s*(?:#|$)`
			bad, good = "jobs:\n  a:\n    "+tb.text+"\n", "jobs:\n  a:\n    "+key+": other\n"
		}
		p = PatternParams{Regex: re, Where: "any"}
		sc.Globs = append(sc.Globs, workflowGlobs...)
		sample = ".github/workflows/ci.yml"
		r.Message = fmt.Sprintf("`%s` in a workflow", tb.text)
	case "css":
		// the rule as a stylesheet writes it, white space and the case of its
		// keywords loosened; stylesheets and the style blocks of components
		p = PatternParams{Regex: cssPattern(tb.text), Where: "code+strings"}
		if len(sc.Globs) == 0 {
			sc.Globs = append(append([]string{}, styleSheetGlobs...), "**/*.vue", "**/*.svelte", "**/*.astro")
		}
		sample, bad, good = "app.css", tb.text+" {\n  .a { color: red; }\n}\n", ".a {\n  color: red;\n}\n"
		if strings.EqualFold(tb.text, "@media") && mixinAlternativeRE.MatchString(tb.instead+" "+s.norm) {
			// "never use raw `@media` — always `@include breakpoint()`": the
			// breakpoints the mixin writes, by width; a query of motion or hover
			// preference is no breakpoint, and the mixins' own files write them
			p.Regex = `(?i)@media[^{;]*\b(?:min-|max-)?width\b`
			sc.Exclude = append(sc.Exclude, "**/mixins/**", "**/*mixin*", "**/*breakpoint*")
			bad = "@media (min-width: 768px) {\n  .a { color: red; }\n}\n"
			good = "@media (prefers-reduced-motion: reduce) {\n  .a { transition: none; }\n}\n"
		}
		r.Message = fmt.Sprintf("`%s`", tb.text)
	case "literal":
		p = PatternParams{Regex: literalPattern(tb.text), Where: "code"}
		text := tb.text
		switch {
		case strings.HasPrefix(text, "#"):
			// a preprocessor directive: the C family's
			p.Languages = pickLangs(s, rc, []string{engine.LangCSharp, engine.LangC, engine.LangCPP})
			if len(p.Languages) == 0 {
				return r, false
			}
		case testPlaceRE.MatchString(s.prose()):
			// "Do not add `PRAGMA enable_verification` to tests": the test files,
			// whatever their language
			var gs []string
			for _, d := range rc.Dirs {
				if b := path.Base(d); b == "test" || b == "tests" || b == "spec" || b == "__tests__" {
					gs = append(gs, d+"/**")
				}
			}
			if len(gs) == 0 {
				return r, false
			}
			sc.Globs = append(sc.Globs, gs...)
			p.Where = "any"
			sample = strings.TrimSuffix(gs[0], "/**") + "/example.test"
		default:
			p.Languages = pickLangs(s, rc, codeLangs)
			if len(p.Languages) == 0 {
				return r, false
			}
		}
		bad, good = text+"\n", "other\n"
		r.Message = fmt.Sprintf("`%s`", text)
	}
	sc.Exclude = uniq.Values(append(sc.Exclude, instructionGlobs...))
	if s.c.File != "" {
		sc.Exclude = uniq.Values(append(sc.Exclude, s.c.File))
	}
	r.Scope = sc
	r.Params = marshal(p)
	r.Message += " is banned here"
	if tb.instead != "" {
		r.Suggestion = "use " + backtickList(tb.instead)
	}
	// the sample: in scope, of a language the rule reads
	var at string
	if len(p.Languages) > 0 {
		for _, l := range p.Languages {
			if q, ok := samplePath(sc, l, ""); ok {
				at = q
				break
			}
		}
		if at != "" && tb.kind == "literal" && strings.HasPrefix(tb.text, "#") {
			bad, good = tb.text+"\nint x;\n", "int x;\n"
		}
	} else if q, ok := textSamplePath(sc, nil); ok {
		at = q
	} else if sample != "" {
		at = sample
		if sc.Dir != "" {
			at = sc.Dir + "/" + sample
		}
	}
	if at == "" || !sc.Covers(at) {
		return r, false
	}
	r.Cases = []policy.Case{
		{Expect: policy.ExpectViolated, Path: at, Code: bad, Note: "the banned text"},
		{Expect: policy.ExpectSatisfied, Path: at, Code: good, Note: "without it"},
	}
	return r, true
}

// commentDirective: the span is a tool's comment marker (`type: ignore`, `# noqa`,
// `// eslint-disable-line`), with or without the comment's opening.
func commentDirective(sp string) bool {
	if m := directiveRE.FindStringSubmatch(sp); m != nil {
		sp = m[2]
	}
	return knownDirRE.MatchString(sp)
}

// hasWorkflows: the repository has GitHub Actions workflows, or heed does not know.
func hasWorkflows(rc *recognize.RepoContext) bool {
	return rc == nil || len(rc.Dirs) == 0 || slices.Contains(rc.Dirs, ".github/workflows")
}

// workflowBans reads the keys and events of workflow files a clause about workflows
// bans: "never add workflows triggered by `pull_request_target`", "no
// `permissions: write-all` in workflows". The spans after the prohibition count, up
// to the alternative it names ("; use `pull_request`").
func workflowBans(s *sentence) []textBan {
	if !aboutWorkflows(s.norm+" "+s.header) || !s.negated() {
		return nil
	}
	var out []textBan
	for _, cl := range s.clauses() {
		if !aboutWorkflows(cl + " " + s.header) {
			continue
		}
		for _, sp := range spansAfterProhibition(cl, workflowStops.Get()) {
			if workflowKeyRE.MatchString(sp) && (strings.Contains(sp, "_") || strings.Contains(sp, ":")) {
				out = append(out, textBan{text: sp, kind: "workflow", clause: cl})
			}
		}
	}
	return out
}

// aboutWorkflows: the text speaks of CI workflows, whose keys and events its spans
// name.
func aboutWorkflows(text string) bool {
	l := strings.ToLower(text)
	return strings.Contains(l, "workflow") || strings.Contains(l, "github action")
}

// dataValueLiteralRE: a key and a quoted value (`precision: "surveyed"`), a value of
// the data rather than a setting of a tool.
var dataValueLiteralRE = lazyre.New(`^[\w.]+\s*[:=]\s*["'][^"']*["']$`)

// subjectBeforeBan reports a clause whose prohibition follows a subject of its own
// ("Security checkpoints are permanently approximate: never ...", "A `security` POI
// may never carry ..."), not an imperative ("Never ...", "Do not ...", "We never").
func subjectBeforeBan(clause string) bool {
	ts := tokenize(clause)
	words := 0
	for i, t := range ts {
		if negAt(ts, i) > 0 {
			return words >= 2
		}
		if t.kind == 'w' || t.kind == 's' {
			switch w := lowerWord(t); w {
			case "we", "you", "please", "always", "so", "and", "but", "also", "then", "i", "agents", "must", "should":
			default:
				words++
			}
		}
		if t.kind == 'p' && (t.text == "—" || t.text == "–") && words <= 2 {
			words = 0 // an item's label ("M32 —")
		}
	}
	return false
}

// spellingRule bans a spelling the sentence rejects, in any case and inside names too
// (`catalogueItems`), in the code of the languages the constraint's files use; it
// warns, for a word may hold the letters by chance.
func spellingRule(s *sentence, rc *recognize.RepoContext) (policy.Rule, bool) {
	keep, ban, ok := norm.SpellingBan(s.c.Text)
	if !ok {
		return policy.Rule{}, false
	}
	langs := pickLangs(s, rc, codeLangs)
	if len(langs) == 0 {
		return policy.Rule{}, false
	}
	sc, _ := ruleScope(s, rc, langs)
	sc.Exclude = uniq.Values(append(sc.Exclude, instructionGlobs...))
	r := policy.Rule{
		Domain: policy.DomainSource, Kind: KindPattern, Severity: policy.SeverityWarning, Scope: sc,
		Message: fmt.Sprintf("the spelling %q", ban), Suggestion: fmt.Sprintf("spell it %q", keep),
		Params: marshal(PatternParams{Regex: `(?i)` + regexp.QuoteMeta(ban), Where: "any", Languages: langs}),
	}
	p, ok := samplePath(sc, langs[0], "")
	if !ok {
		return policy.Rule{}, false
	}
	r.Cases = []policy.Case{
		{Expect: policy.ExpectViolated, Path: p, Code: "x = " + ban + "_items\n", Note: "the spelling banned, in a name"},
		{Expect: policy.ExpectSatisfied, Path: p, Code: "x = " + keep + "_items\n", Note: "the spelling kept"},
	}
	return r, true
}
