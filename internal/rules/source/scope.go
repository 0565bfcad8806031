package source

import (
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/layout"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/uniq"
)

// testGlobs are where each language's tests live by convention, and what sits beside
// them and does not ship (internal/layout): heed reads "in production code" and "in
// library code" as "not here", and "in tests" as "only here".
func testGlobs(lang string) []string { return layout.Globs(lang, layout.Any) }

// libraryGlobs are, beyond tests, what is not library code: scripts, examples, docs,
// build scripts and program entry points.
var libraryGlobs = map[string][]string{
	engine.LangPython:     {"**/scripts/**", "**/examples/**", "**/docs/**", "**/__main__.py", "setup.py", "noxfile.py", "**/benchmarks/**"},
	engine.LangGo:         {"**/cmd/**", "**/examples/**", "main.go"},
	engine.LangJavaScript: {"**/scripts/**", "**/examples/**", "**/bin/**"},
	engine.LangTypeScript: {"**/scripts/**", "**/examples/**", "**/bin/**"},
	engine.LangTSX:        {"**/examples/**"},
	engine.LangRust:       {"**/examples/**", "**/src/main.rs", "**/src/bin/**", "**/build.rs"},
	engine.LangJava:       {"**/src/jmh/**", "**/examples/**"},
	engine.LangKotlin:     {"**/examples/**", "**/buildSrc/**", "**/*.gradle.kts", "**/src/jmh/**"},
	engine.LangCSharp:     {"**/examples/**", "**/samples/**", "**/benchmarks/**"},
	engine.LangRuby:       {"**/bin/**", "**/exe/**", "**/script/**", "**/scripts/**", "**/examples/**", "**/Rakefile", "**/*.rake", "**/Gemfile", "**/*.gemspec", "**/db/migrate/**"},
	engine.LangC:          {"**/examples/**", "**/tools/**", "**/bench/**", "**/benchmarks/**"},
	engine.LangCPP:        {"**/examples/**", "**/tools/**", "**/bench/**", "**/benchmarks/**"},
	engine.LangPHP:        {"**/bin/**", "**/scripts/**", "**/examples/**", "**/database/migrations/**"},
}

// notShippedGlobs are, beyond tests, what does not ship in any language: example
// apps, scripts, benchmarks, documentation sites, a repository's own tools/ and CI
// (.github/), and the
// configuration files of build and test tools (vitest.config.js). "Production code"
// leaves them out (vercel/ai AGENTS.md:152 bans JSON.parse "in production code"; its
// examples/ and packages/*/vitest.*.config.js are not that).
var notShippedGlobs = []string{"**/examples/**", "**/example/**", "**/scripts/**", "**/benchmarks/**", "**/bench/**",
	"**/docs/**", "tools/**", ".github/**", "**/*.config.js", "**/*.config.mjs", "**/*.config.cjs", "**/*.config.ts", "**/*.config.mts"}

// seedGlobs are the files that fill a database for development.
var seedGlobs = []string{"**/seed.*", "**/seeds/**", "**/seeders/**", "**/seed/**"}

// headerGlobs are the header files of C and C++.
var headerGlobs = []string{"**/*.h", "**/*.hpp", "**/*.hh", "**/*.hxx", "**/*.h++", "**/*.inl"}

var extLangs = map[string][]string{
	"py": {engine.LangPython}, "pyi": {engine.LangPython},
	"js": {engine.LangJavaScript}, "mjs": {engine.LangJavaScript}, "cjs": {engine.LangJavaScript}, "jsx": {engine.LangJavaScript},
	"ts": {engine.LangTypeScript}, "mts": {engine.LangTypeScript}, "cts": {engine.LangTypeScript},
	"tsx": {engine.LangTSX},
	"go":  {engine.LangGo}, "rs": {engine.LangRust}, "java": {engine.LangJava}, "cs": {engine.LangCSharp},
	"kt": {engine.LangKotlin}, "kts": {engine.LangKotlin}, "rb": {engine.LangRuby}, "rake": {engine.LangRuby},
	"c": {engine.LangC}, "h": {engine.LangC, engine.LangCPP},
	"php": {engine.LangPHP}, "cpp": {engine.LangCPP}, "cc": {engine.LangCPP}, "cxx": {engine.LangCPP}, "hpp": {engine.LangCPP}, "hh": {engine.LangCPP}, "hxx": {engine.LangCPP},
	"sh": {engine.LangShell},
}

var globExtRE = lazyre.New(`\.\{?([a-z0-9,]+)\}?$`)

// globLangs are the languages a scope's globs select (nil when they do not say).
func globLangs(globs []string) []string {
	set := map[string]bool{}
	for _, g := range globs {
		m := globExtRE.FindStringSubmatch(strings.ToLower(g))
		if m == nil {
			continue
		}
		for _, e := range strings.Split(m[1], ",") {
			for _, l := range extLangs[e] {
				set[l] = true
			}
		}
	}
	return setList(set)
}

func setList(set map[string]bool) []string {
	var out []string
	for l := range set {
		out = append(out, l)
	}
	sort.Strings(out)
	return out
}

var (
	langWordRE = []struct {
		re    *lazyre.RE
		langs []string
	}{
		{lazyre.New(`\bpython\b|\bpytest\b|\bdjango\b|\bpydantic\b|\bmypy\b|\bpyright\b|\bflake8\b|\bpylint\b`), []string{engine.LangPython}},
		{lazyre.New(`\btypescript\b|\bts\b|\btsc\b`), []string{engine.LangTypeScript, engine.LangTSX}},
		{lazyre.New(`\bjavascript\b|\bnode\.js\b`), []string{engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX}},
		{lazyre.New(`\breact\b|\btsx\b|\bjsx\b`), []string{engine.LangTSX, engine.LangJavaScript}},
		{lazyre.New(`\brust\b|\bclippy\b|\bcargo\b`), []string{engine.LangRust}},
		{lazyre.New(`\bjava\b|\bjunit\b|\bslf4j\b|\bmaven\b|\bgradle\b`), []string{engine.LangJava}},
		{lazyre.New(`\bgolang\b|\bgo (?:code|files?|packages?|tests?|source)\b`), []string{engine.LangGo}},
		{lazyre.New(`\bc#|\.net\b|\bcsharp\b`), []string{engine.LangCSharp}},
		{lazyre.New(`\bkotlin\b|\bktor\b|\bkotest\b|\bkotlinx\b`), []string{engine.LangKotlin}},
		// "## Android App Code Guidelines": an Android app is written in Kotlin or Java
		{lazyre.New(`\bandroid\b|\bjetpack\b`), []string{engine.LangKotlin, engine.LangJava}},
		{lazyre.New(`\bruby\b|\brails\b|\brspec\b|\bminitest\b|\brubocop\b`), []string{engine.LangRuby}},
		{lazyre.New(`(?:^|[\s(,/>])c (?:code|files?|sources?|headers?|functions?|programs?|library|api)\b|\bansi c\b|\bc(?:89|99|11|17)\b`), []string{engine.LangC}},
		{lazyre.New(`(?:^|[^\w+])c\+\+(?:[^\w+]|$)|\bcpp\b`), []string{engine.LangCPP}},
		{lazyre.New(`\bphp\b|\blaravel\b|\bsymfony\b|\bphpstan\b|\bpsalm\b`), []string{engine.LangPHP}},
	}
	goHeaderRE = lazyre.New(`(?:^|[^A-Za-z])Go(?:[^A-Za-z]|$)`)
	pathLangRE = []struct {
		re   *lazyre.RE
		lang string
	}{
		{lazyre.New(`(?:^|/)src/(?:main|test)/java(?:/|$)`), engine.LangJava},
		{lazyre.New(`(?:^|/)src/(?:main|test)/kotlin(?:/|$)`), engine.LangKotlin},
	}
)

// contextLangs are the languages the constraint's own context names: its scope globs,
// the words of its header path and text, and the paths it mentions.
func contextLangs(s *sentence) []string {
	set := map[string]bool{}
	for _, l := range globLangs(s.c.Scope.Globs) {
		set[l] = true
	}
	if len(set) > 0 {
		return setList(set) // the file's applyTo decides
	}
	prose := s.scopeProse() + " > " + s.header
	if l := labelContext(s.c.Context); l != "" {
		// "- TypeScript:" over "  - single quotes": the parent item's label scopes
		// its nested items as a heading would
		prose += " > " + l
	}
	for _, w := range langWordRE {
		if w.re.MatchString(prose) {
			for _, l := range w.langs {
				set[l] = true
			}
		}
	}
	if goHeaderRE.MatchString(s.headerRaw) {
		set[engine.LangGo] = true
	}
	for _, sp := range s.spans {
		for _, p := range pathLangRE {
			if p.lang != "" && p.re.MatchString(sp) {
				set[p.lang] = true
			}
		}
		if m := lazyre.New(`^\*?\.([a-z]+)$`).FindStringSubmatch(sp); m != nil {
			for _, l := range extLangs[m[1]] {
				set[l] = true
			}
		}
	}
	// "TypeScript" in a React repository means .tsx too; "JavaScript" rules read by a
	// TypeScript project are about its .ts files as well (they are a superset).
	return setList(set)
}

// pickLangs chooses the languages a rule applies to: those a construct exists in
// (cands), narrowed by what the constraint says, then by what the repository has.
// It returns nil when the construct is not in any language the repository uses.
func pickLangs(s *sentence, rc *recognize.RepoContext, cands []string) []string {
	have := repoLangs(s, rc)
	ctx := contextLangs(s)
	if len(ctx) == 0 && namesGrammarless(s) {
		// "Lua uses `snake_case` locals": the rule is about a language heed has no
		// grammar for, not the JavaScript and Rust beside it
		return nil
	}
	if len(ctx) > 0 {
		out := intersect(cands, ctx)
		if len(have) > 0 {
			// "never use `any` in TypeScript" in a repository of `.tsx` files only:
			// its `.ts` files are TypeScript too
			if in := intersect(out, siblingLangs(have)); len(in) > 0 {
				return in
			}
		}
		return out
	}
	if len(have) > 0 {
		return intersect(cands, siblingLangs(have))
	}
	return cands
}

// namesGrammarless reports whether the sentence, or the heading right over it,
// names a language heed has no grammar for (Lua, Swift, Dart, CUDA ...): "Kernel
// function names: `snake_case`" under "CUDA Kernel Naming Conventions" is about CUDA's
// kernels, not the JavaScript of the repository's examples.
func namesGrammarless(s *sentence) bool {
	last := s.header
	if i := strings.LastIndex(last, " > "); i >= 0 {
		last = last[i+3:]
	}
	label := labelContext(s.c.Context)
	for _, g := range grammarless.Get() {
		if g.name.MatchString(s.prose()) || g.name.MatchString(last) || label != "" && g.name.MatchString(label) {
			return true
		}
	}
	return false
}

// repoLangs are the languages of the code a constraint governs: its folder's, for a
// nested instruction file whose folder holds code (pnpm's `pnpm/AGENTS.md` speaks for
// a Rust crate in a TypeScript repository), else the repository's.
func repoLangs(s *sentence, rc *recognize.RepoContext) []string {
	if rc == nil {
		return nil
	}
	if d := s.c.Scope.Dir; d != "" && rc.LanguagesUnder != nil {
		if ls := rc.LanguagesUnder(d); len(ls) > 0 {
			return ls
		}
	}
	return rc.Languages
}

// folderLangs are the languages of the folders a rule's scope names (`spec/requests/**`),
// nil when a glob is no plain folder or heed does not know a folder's languages.
func folderLangs(sc policy.Scope, rc *recognize.RepoContext) []string {
	if rc == nil || rc.LanguagesUnder == nil || len(sc.Globs) == 0 {
		return nil
	}
	var out []string
	for _, g := range sc.Globs {
		dir, ok := strings.CutSuffix(strings.TrimPrefix(g, "/"), "/**")
		if !ok || dir == "" || strings.ContainsAny(dir, "*?[{") {
			return nil
		}
		ls := rc.LanguagesUnder(dir)
		if len(ls) == 0 {
			return nil
		}
		out = append(out, ls...)
	}
	return uniq.Values(out)
}

// siblingLangs adds to a repository's languages those that come with one of them: a
// TypeScript project that has .tsx files writes .ts files too, and the reverse.
func siblingLangs(langs []string) []string {
	ts, tsx := slices.Contains(langs, engine.LangTypeScript), slices.Contains(langs, engine.LangTSX)
	if ts == tsx {
		return langs
	}
	out := slices.Clone(langs)
	if ts {
		return append(out, engine.LangTSX)
	}
	return append(out, engine.LangTypeScript)
}

func intersect(a, b []string) []string {
	set := map[string]bool{}
	for _, x := range b {
		set[x] = true
	}
	var out []string
	for _, x := range a {
		if set[x] {
			out = append(out, x)
		}
	}
	sort.Strings(out)
	return out
}

// Spans that name paths and files.
var (
	pathSpanRE = lazyre.New(`^(?:\.?/)?[A-Za-z0-9_.\-*{}<>]+(?:/[A-Za-z0-9_.\-*{}<>]*)+$|^[A-Za-z0-9_\-]+/$`)
	fileSpanRE = lazyre.New(`^[A-Za-z0-9_.\-*{}/]*\.(?:ts|tsx|js|jsx|mjs|cjs|mts|cts|py|pyi|go|rs|java|kt|cs|json|jsonc|md|mdx|yml|yaml|toml|txt|cfg|ini|sh|html|css|scss|rst|xml|gradle|kts|sql|proto|vue|svelte|rb|php|swift|c|h|cpp|hpp|\{[a-z,]+\})$`)
)

// outsideSpanRE: "outside (of) `x`", the span captured.
var outsideSpanRE = lazyre.New("\\boutside (?:of )?`([^`]+)`")

// unknownRegion returns the part of the code a rule is limited to when heed cannot
// locate it ("in client code", "in doctests"), or "".
func (s *sentence) unknownRegion() string { return s.unknownRegionIn(nil) }

// unknownRegionIn is unknownRegion in a repository: a region that names one of its
// folders ("outside of config files" where `config/` exists) is located, and left
// out of the scope (outsideFolders).
func (s *sentence) unknownRegionIn(rc *recognize.RepoContext) string {
	if r := norm.UnlocatedRegion(s.prose()); r != "" {
		return r
	}
	if r := norm.SubjectRegion(s.prose()); r != "" {
		// "Hot loops never use `fmt.Sprintf`": the code that runs in them (wild
		// round 40, bouine)
		return r
	}
	if globs, kind, ok := kindPlace(s, rc); ok && len(globs) == 0 {
		// "Background tasks must not sleep" where nothing shows where they live
		return kind
	}
	if r := norm.LabelRegion(norm.ItemLabel(s.c.Text)); r != "" {
		// "- **Async code**: never call `requests.get()`", "**Blocking in
		// Reconcile** — ... not `time.Sleep`": the item's label is its place
		return r
	}
	if r := norm.HeadingRegion(s.header); r != "" {
		// "## Audio thread rules" + "NEVER allocate memory — no `new`": the code
		// that runs on that thread, which no path locates
		return "code of the " + strings.ToLower(r)
	}
	// "outside of explicit FFI bindings": an exception heed cannot locate either
	// (in the clause that bans: "Margin sits outside the width" only describes)
	for _, cl := range s.clauses() {
		if outsideMainRE.MatchString(cl) {
			continue // "outside of `main`": inFileExclusions leaves the entry point out
		}
		if m := outsideSpanRE.FindStringSubmatch(cl); m != nil && (looksLikeDir(m[1]) || fileSpanRE.MatchString(m[1])) {
			continue // "outside of `internal/db/`": a place, left out of the scope (elsewherePlaces)
		}
		if r := norm.OutsideRegion(spanRE.ReplaceAllString(cl, "CODE")); r != "" && negRE.MatchString(cl) {
			if len(outsideFolders(s, rc, cl)) > 0 {
				continue
			}
			return "code outside " + r
		}
	}
	return ""
}

// outsideFolders are the repository's folders a clause leaves out in plain words
// ("never use the `env()` function directly outside of config files", where the
// repository has `config/`), as globs under the instruction file's folder.
func outsideFolders(s *sentence, rc *recognize.RepoContext, clause string) []string {
	if rc == nil || !negRE.MatchString(clause) {
		return nil
	}
	var out []string
	for _, w := range norm.OutsideNamedFolders(spanRE.ReplaceAllString(clause, "CODE")) {
		if hasDir(rc, path.Join(s.c.Scope.Dir, w)) {
			out = append(out, dirGlob(nestedDir(s, rc, w)))
		}
	}
	return out
}

// inherited reads the sentences before the constraint in the same list item ("When
// adding code in `examples/`, import ... . Prefer `tool` over `function_tool`."): the
// paths their leading condition names narrow the rule, and a condition without a
// path makes the rule depend on a situation, which cond names. A leading phrase
// that only names a language, tests or production code ("In Python code,") is no
// condition: contextLangs and ruleScope read it from the sentence's itemLead.
func inherited(s *sentence, rc *recognize.RepoContext) (globs []string, cond string) {
	for _, o := range rc.EarlierOnLine(s.c) {
		os := newSentence(o)
		p := os.prose()
		if !norm.LeadsWithCondition(p) {
			continue
		}
		var found []string
		for _, sp := range os.spans {
			if looksLikeDir(sp) {
				found = append(found, dirGlob(sp))
			}
		}
		lead := leadingForRE.FindString(p)
		if len(found) == 0 && (lead == "" || !leadingScopeRE.MatchString(lead) || os.conditional()) {
			cond = strings.TrimSuffix(lead, ",")
			if cond == "" {
				cond = p
			}
		}
		globs = append(globs, found...)
	}
	return globs, cond
}

// sectionPlaceRE: a statement that opens a section by saying where its code lives
// ("Code in `lib/` and `ext/` is performance sensitive").
var sectionPlaceRE = lazyre.New(`^(?:the )?code (?:in|under|inside|within) CODE(?:(?:,| and|, and| or) CODE)* (?:is|are)\b`)

// sectionPlace reads the statement before the constraint under the same heading that
// says which folders the section is about ("## Performance: Code in `lib/` and `ext/`
// is performance sensitive. Avoid: `#tap`"): the section's bans hold there.
func sectionPlace(s *sentence, rc *recognize.RepoContext) []string {
	if rc == nil {
		return nil
	}
	var globs []string
	for i := range rc.Constraints {
		o := &rc.Constraints[i]
		if o.ID == s.c.ID {
			break
		}
		if o.File != s.c.File || strings.Join(o.HeaderPath, "\x00") != strings.Join(s.c.HeaderPath, "\x00") {
			continue
		}
		os := newSentence(o)
		if !sectionPlaceRE.MatchString(os.prose()) {
			continue
		}
		var found []string
		for _, sp := range os.spans {
			if !looksLikeDir(sp) {
				return nil
			}
			found = append(found, dirGlob(sp))
		}
		globs = found
	}
	return globs
}

// headingFolders are the folders the innermost heading names in parentheses,
// "TypeScript (Backend & Admin)" over apps/backend and apps/admin: the section's
// rules hold there. Every word must name one folder of the repository, or none is
// read.
func headingFolders(s *sentence, rc *recognize.RepoContext) []string {
	h := s.c.HeaderPath
	if rc == nil || len(h) == 0 {
		return nil
	}
	last := h[len(h)-1]
	open, end := strings.LastIndex(last, "("), strings.LastIndex(last, ")")
	if open < 0 || end < open {
		return nil
	}
	inner := strings.NewReplacer("&", ",", " and ", ",", "+", ",").Replace(last[open+1 : end])
	if strings.ContainsAny(inner, "`/") || !strings.Contains(inner, ",") {
		// (one folder, or a path in a span: the readers of such headings place it)
		return nil
	}
	var globs []string
	for _, w := range strings.Split(inner, ",") {
		w = strings.ToLower(strings.Trim(strings.TrimSpace(w), "`*_"))
		if w == "" {
			continue
		}
		d := shallowestFolder(rc.FoldersNamed(w))
		if d == "" || strings.ContainsAny(w, " .") {
			return nil
		}
		globs = append(globs, dirGlob(d))
	}
	return globs
}

// shallowestFolder is the one folder of ds nearest the root, "" when none is or two
// are as near (`apps/admin` before `apps/backend/src/admin`).
func shallowestFolder(ds []string) string {
	best, depth, tie := "", -1, false
	for _, d := range ds {
		n := strings.Count(d, "/")
		switch {
		case depth < 0 || n < depth:
			best, depth, tie = d, n, false
		case n == depth:
			tie = true
		}
	}
	if tie {
		return ""
	}
	return best
}

// leadInPlace reads the folders a list's lead-in places its items in ("- In
// `services/api/`:" over "  - never call `log.Fatal`"): the items hold there only. A
// table's header cells, or a lead-in that names no folder, place nothing.
func leadInPlace(s *sentence) []string {
	lead := strings.TrimSpace(strings.Trim(strings.TrimSpace(s.c.Context), "*_"))
	if !strings.HasSuffix(lead, ":") || strings.Contains(lead, "|") {
		return nil
	}
	var globs []string
	for _, sp := range norm.InPaths(newSentence(&policy.Constraint{Text: lead}).norm) {
		if p := strings.TrimSpace(sp); looksLikeDir(p) {
			globs = append(globs, dirGlob(p))
		}
	}
	return globs
}

// ruleScope derives a rule's scope from the constraint: its own scope, narrowed to
// the paths the sentence names ("under `src/main/java`"), to tests when it speaks of
// tests, and widened by exclusions: tests for "production code", tests and scripts for
// "library code", and the paths its exceptions name (in the sentence or the list item
// right after it). langs selects the test layouts that apply.
func ruleScope(s *sentence, rc *recognize.RepoContext, langs []string) (sc policy.Scope, ok bool) {
	sc, ok = ruleScopeOf(s, rc, langs)
	if len(s.c.Scope.Globs) > 0 {
		// a rules file for several languages (`applyTo: src/**/*.cs, src/**/*.tsx`)
		// whose section names one ("Frontend Patterns (React 19 / TypeScript)"):
		// that language's files
		sc.Globs = globsOfExtensions(sc.Globs, norm.HeadingExtensions(s.headerRaw))
	}
	if rc != nil && len(langs) > 0 {
		// the files the project's linter of these languages skips are out of its
		// conventions: ruff's excluded archive of retired code is not code a Python
		// style rule governs
		var out []string
		for i, l := range langs {
			ex := rc.LintExcluded[l]
			if i == 0 {
				out = slices.Clone(ex)
			} else {
				out = slices.DeleteFunc(out, func(g string) bool { return !slices.Contains(ex, g) })
			}
		}
		for _, g := range out {
			if !slices.Contains(sc.Exclude, g) {
				sc.Exclude = append(sc.Exclude, g)
			}
		}
	}
	return sc, ok
}

func ruleScopeOf(s *sentence, rc *recognize.RepoContext, langs []string) (sc policy.Scope, ok bool) {
	sc = policy.Scope{Dir: s.c.Scope.Dir}
	sc.Globs = append(sc.Globs, s.c.Scope.Globs...)
	sc.Exclude = append(sc.Exclude, s.c.Scope.Exclude...)
	prose := s.scopeProse()
	if gs, _ := inherited(s, rc); len(gs) > 0 {
		sc.Globs = append(sc.Globs, gs...)
	} else if gs := sectionPlace(s, rc); len(gs) > 0 {
		sc.Globs = append(sc.Globs, gs...)
	} else if gs := headingFolders(s, rc); len(gs) > 0 {
		sc.Globs = append(sc.Globs, gs...)
	} else if gs := leadInPlace(s); len(gs) > 0 {
		sc.Globs = append(sc.Globs, gs...)
	} else if gs := s.leadingPathGlobs(leadingForRE.FindString(s.prose())); len(gs) > 0 {
		sc.Globs = append(sc.Globs, gs...)
	}
	if gs := labelTypeGlobs(s, rc); len(gs) > 0 && len(sc.Globs) == 0 {
		// "**Python:** keep lines under 100 characters", "**Markdown:** Use
		// Markdownlint; keep lines under 180 characters": the files of the type the
		// item's label names (the label may stand before an earlier clause of the line)
		sc.Globs = append(sc.Globs, gs...)
	}
	if label := norm.ItemLabel(s.c.Text); label != "" && len(sc.Globs) == 0 {
		// "- **Database layer (`db/`)**: never use `fmt.Println`": the folder the
		// item's label names is the rule's place
		for _, sp := range spansIn(label) {
			if p := strings.TrimSpace(sp); looksLikeDir(p) {
				sc.Globs = append(sc.Globs, dirGlob(nestedDir(s, rc, p)))
			}
		}
	}
	if d := subjectFolder(s.c.Text, rc); d != "" && len(sc.Globs) == 0 {
		// "`domain-core` is pure Rust. No `wasm-bindgen`, no `dioxus`": the
		// package the sentence is about, a folder of the repository, is the place
		sc.Globs = append(sc.Globs, dirGlob(d))
	}
	for _, cl := range s.clauses() {
		// "generated files under `src/gen/` are exempt": the folder of a clause
		// that exempts its subject is no place of the rule but its exception; "use
		// `X` only in `scripts/`" names the place left out of a ban elsewhere
		cl = norm.OnlyPlaceFrame(cl)
		exempt := false
		if loc := norm.TrailingExemption(cl); loc >= 0 {
			cl, exempt = cl[:loc], true
		} else if at := norm.PermissionAt(cl); at >= 0 && at <= exceptionAt(cl) && permitsTheBanned(s, cl[at:]) {
			// "generated files in `src/gen/` may use it", "rake tasks in
			// `lib/tasks/` may print": the place a permission frees is left out
			cl, exempt = cl[:at], true
		} else if at := norm.ExceptionAt(cl); at >= 0 {
			// "snake_case, except the generated stubs in `proto/gen/`": what
			// follows the exception is left out below, not the rule's place
			cl = cl[:at]
		}
		for _, sp := range norm.InPaths(cl) {
			p := norm.PathPlaceholdersAsWildcards(strings.TrimSpace(sp))
			if !looksLikeDir(p) && !exempt && fileSpanRE.MatchString(p) && strings.Contains(p, "/") && !strings.ContainsAny(p, "*{") &&
				negRE.MatchString(cl) && !strings.Contains(cl, "only") {
				// "No `unwrap()` in `src/lib.rs`": that file
				sc.Globs = append(sc.Globs, path.Join(s.c.Scope.Dir, strings.TrimPrefix(p, "./")))
				continue
			}
			if exempt && !looksLikeDir(p) && fileSpanRE.MatchString(p) && !strings.ContainsAny(p, "*{") {
				// "the CLI's output in `src/main.rs` is the exception": that file
				sc.Exclude = append(sc.Exclude, path.Join(s.c.Scope.Dir, strings.TrimPrefix(p, "./")))
				continue
			}
			if !looksLikeDir(p) {
				continue
			}
			g := dirGlob(nestedDir(s, rc, p))
			if name := strings.Trim(p, "/"); !strings.ContainsAny(name, "/*") && norm.FoldersOfAName(cl, sp) {
				// "in `tests/` directories": every folder of that name
				g = path.Join(s.c.Scope.Dir, "**", name, "**")
			}
			if exempt {
				sc.Exclude = append(sc.Exclude, g)
				continue
			}
			sc.Globs = append(sc.Globs, g)
		}
	}
	if f := norm.KeptFile(s.c.Text); len(sc.Globs) == 0 && f != "" && fileSpanRE.MatchString(f) && !strings.ContainsAny(f, "*{") {
		// "Keep `settings.json` as clean JSONC — avoid large commented-out blocks":
		// the file the item is about (wild round 23, teamster)
		sc.Globs = append(sc.Globs, namedFileGlob(s.c.Scope.Dir, f))
	}
	if len(sc.Globs) == 0 {
		// "Controllers must not call `DB::table()`": the kind of code the subject
		// names, where the repository keeps it
		if globs, _, ok := kindPlace(s, rc); ok {
			sc.Globs = append(sc.Globs, globs...)
		} else if p := norm.SpanSubject(s.c.Text); p != "" && (fileSpanRE.MatchString(p) && strings.Contains(p, "/") || strings.HasSuffix(p, "/") && looksLikeDir(p) || hasDir(rc, path.Join(s.c.Scope.Dir, strings.Trim(p, "/")))) {
			// "`app/core.py` must not call `print()`": the file or folder the
			// sentence is about
			if fileSpanRE.MatchString(p) && !strings.HasSuffix(p, "/") {
				sc.Globs = append(sc.Globs, path.Join(s.c.Scope.Dir, strings.TrimPrefix(p, "./")))
			} else {
				sc.Globs = append(sc.Globs, dirGlob(nestedDir(s, rc, p)))
			}
		}
	}
	// "in the tsl directory": a folder named in plain words, when the repository
	// has it where the instruction file governs
	for _, w := range norm.InNamedFolders(s.norm) {
		if hasDir(rc, path.Join(s.c.Scope.Dir, w)) {
			sc.Globs = append(sc.Globs, dirGlob(nestedDir(s, rc, w)))
		}
	}
	if len(sc.Globs) == 0 {
		if g := headingPathGlob(s); g != "" {
			sc.Globs = append(sc.Globs, g)
		} else if g := headingPlainPath(s, rc); g != "" {
			sc.Globs = append(sc.Globs, g)
		} else if d := headingDir(s, rc); d != "" {
			sc.Globs = append(sc.Globs, d+"/**")
		} else if gs := headingKindPlace(s, rc); len(gs) > 0 {
			sc.Globs = append(sc.Globs, gs...)
		}
	} else if slices.Equal(sc.Globs, s.c.Scope.Globs) && allAnyFolder(sc.Globs) {
		// a rules file for some file types (`paths: "**/*.{ts,tsx,go}"`) whose
		// section names a folder ("## TypeScript / React 19 (Frontend)" over a
		// `frontend/`): those files of that folder
		if d := headingDir(s, rc); d != "" {
			for i, g := range sc.Globs {
				sc.Globs[i] = d + "/" + g
			}
		}
	}
	placed := len(sc.Globs) > 0
	if norm.InHeadersOnly(prose) {
		// "in headers": the C family's header files
		sc.Globs = append(sc.Globs, headerGlobs...)
	}
	// "## Testing", or an item labelled "**Tests**: avoid bare `assert`s": the tests
	testsPlace := norm.TestsHeading(s.header) || labelMayBeTests(s.c.Text) && norm.TestsLabel(norm.ItemLabel(s.c.Text))
	switch {
	case norm.TestsPermitted(prose):
		// "| `!!` | `?.let` | allowed in tests |": everywhere but the tests
		for _, l := range langs {
			sc.Exclude = append(sc.Exclude, testGlobs(l)...)
		}
	case norm.InTestsOnly(prose) && norm.InProduction(prose):
		// "in tests or production code": everywhere
	case placed && (norm.InTestsOnly(prose) || testsPlace) && !slices.ContainsFunc(sc.Globs, testishGlob):
		// "FORBIDDEN `.objects.create()` in tests" in a file that applies to
		// `backend/apps/**/*.py`: the tests of that place, each test layout under
		// it (a union of the two would take in all of its code)
		var in []string
		for _, l := range langs {
			in = append(in, testGlobs(l)...)
		}
		sc.Globs = testsUnder(sc.Globs, in)
	case placed && (norm.InTestsOnly(prose) || testsPlace):
		// "E2E tests in `tests/e2e/` ...": the folder places the tests; the test
		// files of every folder would widen it, a union where the text means the
		// folder's tests
	case norm.InTestsOnly(prose) || (testsPlace && !norm.InProduction(prose)):
		for _, l := range langs {
			sc.Globs = append(sc.Globs, testGlobs(l)...)
		}
	case norm.InLibraryCode(prose):
		for _, l := range langs {
			sc.Exclude = append(sc.Exclude, testGlobs(l)...)
			sc.Exclude = append(sc.Exclude, libraryGlobs[l]...)
		}
	case norm.InProduction(prose) || norm.ProductionHeading(s.header) && !norm.InTestsOnly(prose):
		// "## Android App Code Guidelines": the app's code, not its tests
		for _, l := range langs {
			sc.Exclude = append(sc.Exclude, testGlobs(l)...)
		}
		if norm.InShippedCode(prose) || norm.InProduction(prose) {
			// "never `console.log` in production code": scripts, tools and a
			// database's seed files run beside the product, not in it (wild
			// round 35)
			sc.Exclude = append(append(sc.Exclude, notShippedGlobs...), seedGlobs...)
		}
	}
	// Exceptions in the sentence itself ("except in `scripts/`").
	for _, cl := range s.clauses() {
		if at := norm.ExceptionAt(cl); at >= 0 {
			sc.Exclude = append(sc.Exclude, pathGlobs(spansIn(cl[at:]))...)
		}
	}
	// Folders the sentence leaves out in plain words ("outside of config files").
	for _, cl := range s.clauses() {
		sc.Exclude = append(sc.Exclude, outsideFolders(s, rc, cl)...)
	}
	// Exceptions in the next list item ("The exceptions are `vite.config.ts` and ...").
	if rc != nil {
		for _, n := range rc.Following(s.c, 2) {
			ns := newSentence(n)
			if !norm.StatesException(ns.prose()) {
				continue
			}
			negated := negRE.MatchString(ns.prose())
			if !negated {
				sc.Exclude = append(sc.Exclude, pathGlobs(ns.spans)...)
			}
			// "Do not use field injection. Test classes are the exception."; "... an
			// override that turns it off for test files. Production code carries no
			// exemption": a clause that frees the tests, whatever the next one says
			freesTests := len(ns.spans) == 0 && !negated && norm.TestsPermitted(ns.prose()) ||
				slices.ContainsFunc(ns.clauses(), func(cl string) bool {
					cl = spanRE.ReplaceAllString(strings.ToLower(cl), "CODE")
					return norm.TestsPermitted(cl) && !negRE.MatchString(cl)
				})
			if freesTests {
				for _, l := range langs {
					sc.Exclude = append(sc.Exclude, testGlobs(l)...)
				}
			}
		}
	}
	sc.Exclude = append(sc.Exclude, permittedPlaces(s, rc, langs)...)
	sc.Globs = uniq.Values(sc.Globs)
	sc.Exclude = uniq.Values(sc.Exclude)
	return sc, true
}

// globsOfExtensions keeps the globs that end in one of exts; all of them when exts is
// empty or none does.
func globsOfExtensions(globs, exts []string) []string {
	if len(exts) == 0 {
		return globs
	}
	var kept []string
	for _, g := range globs {
		if slices.Contains(exts, path.Ext(g)) {
			kept = append(kept, g)
		}
	}
	if len(kept) == 0 {
		return globs
	}
	return kept
}

// labelMayBeTests: the text's first words could be a label of the tests ("**Tests**:",
// "Unit tests —"): a look before the label is cut out.
func labelMayBeTests(text string) bool {
	head := text[:min(len(text), 40)]
	return strings.Contains(head, "est") || strings.Contains(head, "pec")
}

// testishGlob: a glob that names tests itself ("tests/e2e/**", "**/*.spec.ts").
func testishGlob(g string) bool {
	l := strings.ToLower(g)
	return strings.Contains(l, "test") || strings.Contains(l, "spec") || strings.Contains(l, "e2e")
}

// testsUnder are the test globs tests placed under each glob of places: the part of a
// place before its first "**" (or its folder) with each test glob's pattern below it
// ("backend/apps/**/*.py" and "**/tests/**" make "backend/apps/**/tests/**").
func testsUnder(places, tests []string) []string {
	var out []string
	for _, p := range places {
		prefix := p[:strings.LastIndexByte(p, '/')+1]
		if i := strings.Index(p, "**"); i >= 0 {
			prefix = p[:i]
		}
		for _, t := range tests {
			out = append(out, prefix+"**/"+strings.TrimPrefix(t, "**/"))
		}
	}
	return uniq.Values(out)
}

// nestedDir is the folder a nested instruction file's sentence names, from the
// repository's root: globs are the root's, so backend/AGENTS.md's "in
// `app/database/`" is backend/app/database when the repository has that folder and
// no app/database of its own.
func nestedDir(s *sentence, rc *recognize.RepoContext, p string) string {
	d := s.c.Scope.Dir
	if d == "" || d == "." || strings.ContainsAny(p, "*?[{") {
		return p
	}
	clean := strings.Trim(strings.TrimPrefix(p, "./"), "/")
	if clean == "" || clean == d || strings.HasPrefix(clean, d+"/") || hasDir(rc, clean) {
		return p
	}
	if hasDir(rc, path.Join(d, clean)) {
		return path.Join(d, clean)
	}
	return p
}

// hasDir reports whether the repository has the folder d (repository-relative).
func hasDir(rc *recognize.RepoContext, d string) bool {
	if rc == nil || d == "" || d == "." {
		return false
	}
	i := sort.SearchStrings(rc.Dirs, d)
	return i < len(rc.Dirs) && rc.Dirs[i] == d
}

// headingWordRE: the words of a heading.
var headingWordRE = lazyre.New(`[a-z][a-z0-9_-]{3,}`)

// headingNoDir are heading words that name a topic of the whole code even where a
// folder has that name (a "Testing" section is about every test, "API design" about
// every API).
var headingNoDir = set("test", "tests", "testing", "spec", "specs", "api", "apis", "core", "common", "utils", "util",
	"lib", "libs", "src", "source", "build", "tools", "tooling", "config", "configuration", "internal", "docs", "doc",
	"documentation", "main", "base", "shared", "types", "code", "rules", "style", "styles", "guidelines", "conventions",
	"general", "patterns", "development", "instructions", "overview", "structure", "architecture", "errors", "error",
	"logging", "security", "performance", "naming", "imports", "dependencies", "scripts", "examples", "packages",
	"modules", "components", "models", "data", "assets", "public", "static", "vendor", "generated")

// headingDir is the folder a heading of the sentence names, when one heading word
// below the file's title is the name of a folder right under the constraint's
// folder, in the singular or the plural ("#### Dialog rendering rules" in
// internal/ui/AGENTS.md, whose folder has dialog/: charmbracelet/crush
// internal/ui/AGENTS.md:165), and no other word of the headings names another one.
// It returns the folder, or "".
func headingDir(s *sentence, rc *recognize.RepoContext) string {
	if rc == nil || len(rc.Dirs) == 0 || len(s.c.HeaderPath) < 2 {
		return ""
	}
	base := s.c.Scope.Dir
	children := map[string]string{}
	for _, d := range rc.Dirs {
		rel := d
		if base != "" {
			if !strings.HasPrefix(d, base+"/") {
				continue
			}
			rel = d[len(base)+1:]
		}
		if rel != "" && !strings.Contains(rel, "/") {
			children[strings.ToLower(rel)] = d
		}
	}
	found := ""
	for _, h := range s.c.HeaderPath[1:] {
		for _, w := range headingWordRE.FindAllString(strings.ToLower(h), -1) {
			if headingNoDir[w] || headingNoDir[strings.TrimSuffix(w, "s")] || declaresPackageNamed(rc, w) {
				// "## Prisma Query Patterns" in a repository that depends on
				// `@prisma/client`: the library is the topic, not its folder
				continue
			}
			d := children[w]
			if d == "" {
				d = children[strings.TrimSuffix(w, "s")]
			}
			if d == "" {
				d = children[w+"s"]
			}
			if d == "" {
				continue
			}
			if found != "" && found != d {
				return "" // two folders: the heading names no one place
			}
			found = d
		}
	}
	return found
}

// allAnyFolder reports globs that each select files by name in any folder ("**/*.ts").
func allAnyFolder(globs []string) bool {
	for _, g := range globs {
		if !strings.HasPrefix(g, "**/") || strings.Contains(g[3:], "/") {
			return false
		}
	}
	return len(globs) > 0
}

// headingPathGlob is the folder the nearest heading names in a code span ("###
// `internal/api/`", "## In `web/`"): the section's rules hold there.
func headingPathGlob(s *sentence) string {
	return nearestHeadingDir(s, func(h string) []string {
		var dirs []string
		for _, m := range spanRE.FindAllStringSubmatch(h, -1) {
			if p := strings.TrimSpace(m[1]); looksLikeDir(p) {
				dirs = append(dirs, p)
			}
		}
		return dirs
	})
}

// headingPlainPath is the folder the nearest heading names in plain words with a
// slash ("## packages/core"), when the repository has it under the instruction
// file's folder.
func headingPlainPath(s *sentence, rc *recognize.RepoContext) string {
	return nearestHeadingDir(s, func(h string) []string { return plainFolders(spanRE.ReplaceAllString(h, ""), s, rc) })
}

// plainFolders are the folders a text names in plain words with a slash
// ("packages/core", "scripts/"), those the repository has, from its root: a nested
// instruction file's folder is joined where the root has no such folder (nestedDir).
func plainFolders(text string, s *sentence, rc *recognize.RepoContext) []string {
	var dirs []string
	// (a heading of CJK text glues its folder to the words: "性能测试（performance/）")
	text = strings.NewReplacer("（", " ", "）", " ", "：", " ", "，", " ", "、", " ", "「", " ", "」", " ").Replace(text)
	for _, f := range strings.Fields(text) {
		f = strings.Trim(f, "()[],.;:\"'")
		if !strings.Contains(f, "/") || strings.Contains(f, "://") {
			continue
		}
		d := nestedDir(s, rc, strings.TrimSuffix(strings.TrimPrefix(f, "./"), "/"))
		if hasDir(rc, d) {
			dirs = append(dirs, d)
		}
	}
	return dirs
}

// nearestHeadingDir is the glob of the folder the nearest heading that names any
// names (dirsOf reads a heading's folders); a heading that names two folders names
// no one place.
func nearestHeadingDir(s *sentence, dirsOf func(heading string) []string) string {
	h := s.c.HeaderPath
	for i := len(h) - 1; i >= 0; i-- {
		switch dirs := dirsOf(h[i]); len(dirs) {
		case 0:
			continue
		case 1:
			return dirGlob(dirs[0])
		}
		return ""
	}
	return ""
}

func looksLikeDir(p string) bool {
	if strings.Contains(p, "://") || strings.HasPrefix(p, "@") || strings.ContainsAny(p, " ()") {
		return false
	}
	return pathSpanRE.MatchString(p) && !fileSpanRE.MatchString(p)
}

func dirGlob(p string) string {
	p = strings.TrimPrefix(strings.TrimPrefix(p, "./"), "/")
	p = strings.TrimSuffix(p, "/")
	if strings.Contains(p, "*") {
		return p
	}
	return p + "/**"
}

// pathGlob turns a code span naming files or folders into a glob.
func pathGlob(sp string) (string, bool) {
	sp = strings.TrimSpace(sp)
	if strings.Contains(sp, "://") || strings.HasPrefix(sp, "@") || strings.ContainsAny(sp, " ()=:,") {
		return "", false
	}
	switch {
	case fileSpanRE.MatchString(sp):
		return strings.TrimPrefix(sp, "./"), true
	case looksLikeDir(sp):
		return dirGlob(sp), true
	}
	return "", false
}

// samplePath finds a path of the language inside the scope, for a rule's authored
// cases: a case must exercise the rule where it applies.
func samplePath(sc policy.Scope, l string, base string) (string, bool) {
	ext := map[string]string{
		engine.LangPython: ".py", engine.LangJavaScript: ".js", engine.LangTypeScript: ".ts", engine.LangTSX: ".tsx",
		engine.LangGo: ".go", engine.LangRust: ".rs", engine.LangJava: ".java", engine.LangCSharp: ".cs", engine.LangShell: ".sh",
		engine.LangKotlin: ".kt", engine.LangRuby: ".rb", engine.LangC: ".c", engine.LangCPP: ".cpp", engine.LangPHP: ".php",
		engine.LangSwift: ".swift",
	}[l]
	if base == "" {
		base = "example"
		if l == engine.LangJava || l == engine.LangCSharp || l == engine.LangKotlin || l == engine.LangPHP || l == engine.LangSwift {
			base = "Example"
		}
	}
	var dirs []string
	for _, g := range sc.Globs {
		d := g
		cut := false
		if i := strings.IndexAny(d, "*{?["); i >= 0 {
			d, cut = d[:i], true
		}
		switch {
		case cut && strings.HasSuffix(d, "/"):
			// "src/**", "frontend/**/*.{ts,tsx}": the folder before the wildcard
			dirs = append(dirs, strings.TrimSuffix(d, "/"))
		case d == "":
		case !strings.Contains(path.Base(g), "."):
			dirs = append(dirs, strings.TrimSuffix(d, "/"))
		default:
			dirs = append(dirs, path.Dir(strings.TrimSuffix(d, "/")))
		}
	}
	if sc.Dir != "" {
		dirs = append(dirs, sc.Dir, sc.Dir+"/src/lib")
	}
	dirs = append(dirs, "src/lib", "src", "lib", "pkg/lib", "")
	names := []string{base + ext}
	if l == engine.LangPython {
		names = append(names, "test_"+base+ext)
	}
	if l == engine.LangGo {
		names = append(names, base+"_test"+ext)
	}
	if l == engine.LangTypeScript || l == engine.LangJavaScript || l == engine.LangTSX {
		names = append(names, base+".test"+ext)
	}
	if l == engine.LangJava || l == engine.LangKotlin || l == engine.LangCSharp || l == engine.LangPHP {
		names = append(names, base+"Test"+ext)
	}
	if l == engine.LangRuby {
		names = append(names, base+"_spec"+ext, base+"_test"+ext)
	}
	if l == engine.LangC || l == engine.LangCPP {
		names = append(names, "test_"+base+ext)
	}
	if l == engine.LangC {
		names = append(names, base+".h") // a rule about headers
	}
	if l == engine.LangCPP {
		names = append(names, base+".hpp")
	}
	for _, g := range sc.Globs {
		if !strings.ContainsAny(g, "*?[{") && sc.Covers(g) && engine.LangOf(g, nil) == l {
			return g, true // "`app/core.py` must not ...": the one file
		}
		if b := path.Base(g); strings.HasSuffix(b, ".*") && strings.Count(b, "*") <= 2 {
			// "**/*Controller.*": a file of that name
			names = append(names, strings.Replace(strings.TrimSuffix(b, ".*"), "*", base, 1)+ext)
		}
	}
	for _, d := range dirs {
		for _, n := range names {
			for _, p := range []string{path.Join(d, n), path.Join(d, "tests", n), path.Join(d, "src/test/java", n), path.Join(d, "src/main/java", n),
				path.Join(d, "src/main/kotlin", n), path.Join(d, "src/test/kotlin", n), path.Join(d, "spec", n)} {
				if sc.Covers(p) && engine.LangOf(p, nil) == l {
					return p, true
				}
			}
		}
	}
	return "", false
}

// declaresPackageNamed reports whether the repository's manifests declare a package
// that word names: its name, the last part of it, or its npm scope (`prisma` for
// `@prisma/client`).
func declaresPackageNamed(rc *recognize.RepoContext, word string) bool {
	for _, p := range rc.Packages {
		name := strings.ToLower(p.Name)
		if name == word {
			return true
		}
		if scope, _, ok := strings.Cut(name, "/"); ok && strings.TrimPrefix(scope, "@") == word {
			return true
		}
		if i := strings.LastIndexAny(name, "/:"); i >= 0 && name[i+1:] == word {
			return true
		}
	}
	return false
}

// permittedPlaces are the places another sentence of the same instruction file lets
// the sentence's code be used: "One-off scripts under `scripts/` may print with
// `console.log`" in a "Scripts" section leaves `scripts/` out of "No `console.log` in
// committed code"; "Test doubles may use `as any`" leaves the tests out of "No `any`".
// The permission must name the same code (a span that holds one of the sentence's own,
// as a word) and a place: a path, or tests.
func permittedPlaces(s *sentence, rc *recognize.RepoContext, langs []string) []string {
	if rc == nil {
		return nil
	}
	own := codeSpans(s)
	plain := false
	if len(own) == 0 {
		// "Avoid lodash": the names a sentence bans in plain words
		for _, b := range s.nameBans() {
			own = append(own, b.span)
		}
		plain = true
	}
	out := sectionExemptions(s, rc, langs)
	if len(own) == 0 {
		return out
	}
	for i := range rc.Constraints {
		o := &rc.Constraints[i]
		holds := func(sp string) bool { return strings.Contains(o.Text, sp) }
		if plain {
			// a plain name in any case ("Avoid lodash", "Scripts may use Lodash")
			holds = func(sp string) bool { return strings.Contains(strings.ToLower(o.Text), strings.ToLower(sp)) }
		}
		if o.File != s.c.File || o.Line == s.c.Line || !slices.ContainsFunc(own, holds) {
			continue // read a sentence only when its text holds the code at all
		}
		os := newSentence(o)
		p := os.prose()
		if !norm.StatesException(p) || deniesRE.MatchString(p) || !mentionsCode(os.spans, own) && !(plain && mentionsWord(p, own)) {
			continue
		}
		out = append(out, placesPermitted(os, s, rc, langs)...)
	}
	if printsToTerminal(own) {
		// "CLI entry points (`bin/*.js`) may write to the console": a permission of
		// what a ban of printing calls forbids, in words that name no call
		for i := range rc.Constraints {
			o := &rc.Constraints[i]
			if o.File != s.c.File || o.Line == s.c.Line || !strings.Contains(o.Text, "`") {
				continue
			}
			os := newSentence(o)
			if p := os.prose(); norm.PermitsOutput(p) && !deniesRE.MatchString(p) {
				out = append(out, pathGlobs(os.spans)...)
			}
		}
	}
	return out
}

// sectionExemptions are the places a sentence of the rule's own section declares
// exempt, for a rule that names no code ("Tests (`test/`), migrations (`alembic/`)
// and scripts (`script/`) are fully exempt" under the heading whose sentence asks for
// docstrings): a section of one subject exempts from its own rules, whatever they
// name.
func sectionExemptions(s *sentence, rc *recognize.RepoContext, langs []string) []string {
	var out []string
	for i := range rc.Constraints {
		o := &rc.Constraints[i]
		if o.Line == s.c.Line || o.File != s.c.File || !strings.Contains(o.Text, "xempt") || !strings.Contains(o.Text, "`") ||
			!slices.Equal(o.HeaderPath, s.c.HeaderPath) {
			continue // (every sentence that declares places exempt says so; read in place, the section's sentences uncopied)
		}
		os := newSentence(o)
		if p := os.prose(); !norm.DeclaresExempt(p) || deniesRE.MatchString(p) {
			continue
		}
		// the clause that exempts, without the asides that refer elsewhere:
		// "enforced across all of `backend/src` — only tests ... are exempt (see
		// `pyproject.toml`)" exempts neither span; a label's places follow it ("Skip / exempt: `e2e/`")
		cls := os.clauses()
		for k, cl := range cls {
			if !norm.DeclaresExempt(cl) {
				continue
			}
			if !strings.Contains(cl, "`") && k+1 < len(cls) {
				cl = cls[k+1]
			}
			part := *o
			// a nested file's folders are its own: frontend/AGENTS.md's `e2e/`
			// is frontend/e2e
			part.Text = spanRE.ReplaceAllStringFunc(norm.WithoutReferences(cl), func(sp string) string {
				return "`" + nestedDir(s, rc, strings.Trim(sp, "`")) + "`"
			})
			out = append(out, placesPermitted(newSentence(&part), s, rc, langs)...)
		}
	}
	return out
}

// placesPermitted are the places a sentence that permits a banned thing names: its
// paths, the folders it names in plain words, or the tests.
func placesPermitted(os, s *sentence, rc *recognize.RepoContext, langs []string) []string {
	places := pathGlobs(os.spans)
	for _, d := range plainFolders(os.prose(), s, rc) {
		places = append(places, dirGlob(d))
	}
	if len(places) == 0 && permitsTests(os) {
		for _, l := range langs {
			places = append(places, testGlobs(l)...)
		}
	}
	return places
}

// codeSpans are the sentence's spans that are code, not paths, each also by its name
// alone when written as a call ("Never use `print()`" and "`print` is fine in
// `scripts/`").
func codeSpans(s *sentence) []string {
	var own []string
	for _, sp := range s.spans {
		if _, isPath := pathGlob(sp); !isPath {
			own = append(own, sp)
			if name, ok := strings.CutSuffix(sp, "()"); ok && name != "" {
				own = append(own, name)
			}
		}
	}
	return own
}

// exceptionAt is where the clause's exception starts, or past its end.
func exceptionAt(cl string) int {
	if at := norm.ExceptionAt(cl); at >= 0 {
		return at
	}
	return len(cl)
}

// permitsTheBanned reports whether a permission (the clause from its verb on) is of
// what the sentence bans: a pronoun for it ("may use it"), its code, or printing
// when the ban is of a printing call ("may print to stdout").
func permitsTheBanned(s *sentence, perm string) bool {
	own := codeSpans(s)
	if len(own) == 0 {
		return false
	}
	if pronounObjectRE.MatchString(perm) || mentionsCode(spansIn(perm), own) || norm.ElidedPermission(perm) {
		// "may use it", "may use `print`", "may" (the ban's own verb left out)
		return true
	}
	return printsToTerminal(own) && norm.PermitsOutput(perm)
}

// pronounObjectRE: a permission whose object is a pronoun ("may use it", "are fine
// there").
var pronounObjectRE = lazyre.New(`^\S+(?: \S+)?? (?:it|them|this|that|these|those|there|here)\b`)

// printsToTerminal reports whether the banned code is a call that writes to the
// terminal, the thing "may print" or "may write to the console" permits.
func printsToTerminal(own []string) bool {
	for _, sp := range own {
		if consolePrintRE.MatchString(sp) {
			return true
		}
		switch sp {
		case "pp", "echo", "var_dump", "print_r", "std::cout", "cout":
			return true // prints consolePrintRE leaves to other rules
		}
	}
	return false
}

// mentionsWord reports whether prose names one of the words as a word of its own, in
// any case ("Scripts may use Lodash" names lodash).
func mentionsWord(prose string, words []string) bool {
	for _, f := range nameWords(prose) {
		for _, w := range words {
			if strings.EqualFold(f, w) {
				return true
			}
		}
	}
	return false
}

// permitsAPlace reports whether a permission names where it holds: a path, or tests.
func permitsAPlace(os *sentence) bool {
	return len(pathGlobs(os.spans)) > 0 || permitsTests(os)
}

// pathGlobs are the globs of the spans that name paths.
func pathGlobs(spans []string) []string {
	var out []string
	for _, sp := range spans {
		if g, ok := pathGlob(sp); ok {
			out = append(out, g)
		}
	}
	return out
}

func permitsTests(os *sentence) bool {
	return permitTestsRE.MatchString(os.prose()) || norm.TestsHeading(os.header)
}

// permitTestsRE: a permission given to tests or their doubles.
var permitTestsRE = lazyre.New(`\b(?:tests?|test (?:doubles|code|files|helpers|fixtures)|specs?|mocks?|fixtures)\b`)

// mentionsCode reports whether one of the spans holds one of the code spans as a word
// (`as any` holds `any`; `console.log("x")` holds `console.log`).
func mentionsCode(spans, code []string) bool {
	for _, a := range spans {
		for _, b := range code {
			for i := strings.Index(a, b); i >= 0; {
				end := i + len(b)
				if (i == 0 || !identByte(a[i-1])) && (end == len(a) || !identByte(a[end])) {
					return true
				}
				j := strings.Index(a[i+1:], b)
				if j < 0 {
					break
				}
				i += 1 + j
			}
		}
	}
	return false
}

// namedFileGlob is the glob of a file a sentence names, under the folder its
// instruction file governs: a path from that folder, or a bare name anywhere below it
// (`settings.json`, `docker-compose.yml`).
func namedFileGlob(dir, f string) string {
	f = strings.TrimPrefix(f, "./")
	if strings.Contains(f, "/") {
		return path.Join(dir, f)
	}
	return path.Join(dir, "**", f)
}

// labelTypeGlobs are the files of the type an item's label names ("**Python:**",
// "Markdown files:"), read from the constraint or the first clause of its line; nil
// for a label of anything else.
func labelTypeGlobs(s *sentence, rc *recognize.RepoContext) []string {
	label := norm.ItemLabel(s.c.Text)
	if label == "" && rc != nil {
		if earlier := rc.EarlierOnLine(s.c); len(earlier) > 0 {
			label = norm.ItemLabel(earlier[0].Text)
		}
	}
	return norm.LabelFileTypes(label)
}

// subjectSpanRE: a sentence whose subject is a name in a code span ("`core` is pure
// Rust", "`web` has no server code").
var subjectSpanRE = lazyre.New("^[\\s*_-]*`([A-Za-z0-9_.@/-]+)`[*_]*\\s+(?:is|are|has|have|stays|remains|must|should|contains|holds)\\b")

// labelledSubjectRE: a label and a span after a dash or colon that ends its sentence
// ("**Domain** — `worker-core`.").
var labelledSubjectRE = lazyre.New("^[\\s*_-]*(?:\\*\\*[^*`]{1,40}\\*\\*|[A-Z][\\w /-]{0,30}?)\\s*[—–:-]\\s*`([A-Za-z0-9_.@/-]+)`[*_]*\\s*(?:[.;—–(]|$)")

// subjectFolder is the one folder of the repository a sentence's subject names
// (`domain-core` for crates/domain-core), "" when it names none or
// several.
func subjectFolder(text string, rc *recognize.RepoContext) string {
	if rc == nil {
		return ""
	}
	var m []string
	switch {
	case strings.HasPrefix(strings.TrimLeft(text, " *_-"), "`"):
		m = subjectSpanRE.FindStringSubmatch(text)
	case strings.Contains(text, "— `") || strings.Contains(text, "– `") || strings.Contains(text, ": `") || strings.Contains(text, " - `"):
		// "**Domain** — `worker-core`. No FastAPI dependency.": a label, then the
		// package it stands for (wild round 39, workertransfer)
		m = labelledSubjectRE.FindStringSubmatch(text)
	}
	if m == nil {
		return ""
	}
	name := strings.Trim(m[1], "/")
	if name == "" || strings.Contains(name, ".") {
		return "" // a file, not a package
	}
	if ds := rc.FoldersNamed(name); len(ds) == 1 {
		return ds[0]
	}
	return ""
}

// labelContext is a parent list item that is only a label ("TypeScript:", "**Backend
// (Python)**:"), lower-cased, or "" for a parent that says more.
func labelContext(ctx string) string {
	if ctx == "" || len(ctx) > 60 {
		return "" // no parent, or one that says more than a label
	}
	ctx = strings.TrimSpace(strings.ReplaceAll(ctx, "*", ""))
	n := len(strings.Fields(ctx))
	if strings.Contains(ctx, " | ") || n > 5 || !strings.HasSuffix(ctx, ":") && (n > 3 || strings.ContainsAny(ctx, ".;,`")) {
		// a label ends with a colon, or is a few words of a name ("**Swift
		// (iOS)**" over "- Use async/await ..."), not a sentence
		return ""
	}
	return strings.ToLower(ctx)
}
