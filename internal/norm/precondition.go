package norm

import (
	"path"
	"regexp"
	"strings"
	"sync"
	"unicode"

	"github.com/heed-dev/heed/internal/lazyre"
)

// Precondition is what the antecedent of a judge rule's sentence names that the
// evidence shows or lacks mechanically (policy.Condition's fields).
type Precondition struct {
	// Added is an expression a line the change adds must match.
	Added string
	// Paths are globs of the files the change must touch.
	Paths []string
	// Docstring: the change adds or edits a docstring.
	Docstring bool
	// Message and PR are expressions a commit message, the PR's text must match.
	Message, PR string
	// What says it in words.
	What string
}

// ReadPrecondition reads the antecedent of a sentence a judge rule holds, when it names
// something the evidence shows or lacks mechanically: "A deprecation call must...",
// "If a docstring contains a backslash, it must...", "If a commit credits a co-author,
// ...". Where the change has no such thing the rule is inapplicable (SWE-CC's
// precondition), not undetermined for want of a model. The antecedent is the text
// before the sentence's first modal verb (a leading "Unless"/"Except" clause is an
// exception, not an antecedent, and is left out); a sentence that opens with an
// imperative verb has none. Only the nouns below are read; anything else leaves the
// rule without a condition, which is the safe side: it stays undetermined offline.
func ReadPrecondition(text string) *Precondition {
	span := antecedent(text)
	if span == "" {
		return nil
	}
	if !preLeadClauseRE.MatchString(span) && strings.Count(stripSpans(span), ",") >= 2 {
		// "all docs, comments, commit messages, and markdown files must be ...": a
		// list of what the rule is about, each of which it governs; no one of them
		// is a change the rule waits for (wild round 39, app-dev-panel)
		return nil
	}
	if len(DefinitionSubjects(text)) > 0 {
		// "`RunWorkflow` and `AgentRunnerExecutor` must not access `app.state`": the
		// subject is where the ban holds, which the check locates in the code; a
		// change need not name it
		return nil
	}
	// "If X, the Y must ...": X is the antecedent; Y is what the rule demands of, read
	// only when X names nothing or is negated ("if a PR does not warrant notes, its
	// notes block must ...").
	if m := preLeadClauseRE.FindStringSubmatch(span); m != nil {
		if cond := conditionOf(m[1]); cond != nil && !preNegatedRE.MatchString(m[1]) {
			if rest := conditionOf(m[2]); rest != nil && cond.Paths == nil && rest.Paths != nil && cond.Added != "" {
				// "When testing an exception, the test must ...": the exception in
				// the test's files
				cond.Paths = rest.Paths
				cond.What += " in " + rest.What
			}
			return cond
		}
		return conditionOf(m[2])
	}
	return conditionOf(span)
}

// preLeadClauseRE splits an antecedent that opens with a conditional clause.
var preLeadClauseRE = lazyre.New(`(?i)^((?:if|when|whenever|before|after|during|once|for|to|where)\b[^,]*),\s*(.*)$`)

// preNegatedRE finds a negation in a clause.
var preNegatedRE = lazyre.New(`(?i)\b(not|no|never|without|isn't|doesn't|don't|aren't)\b`)

// conditionOf reads the nouns of one span.
func conditionOf(span string) *Precondition {
	ws := proseWords(stripSpans(span))
	has := func(pred func(string) bool) bool {
		for _, w := range ws {
			if pred(w) {
				return true
			}
		}
		return false
	}
	prefix := func(p ...string) func(string) bool {
		return func(w string) bool {
			for _, x := range p {
				if strings.HasPrefix(w, x) {
					return true
				}
			}
			return false
		}
	}
	exact := func(p ...string) func(string) bool {
		return func(w string) bool {
			for _, x := range p {
				if w == x {
					return true
				}
			}
			return false
		}
	}
	suite := has(prefix("suite"))
	adding := has(exact("new", "add", "adds", "adding", "added", "introduce", "introduces", "introducing"))
	cond := &Precondition{}
	var what []string
	setAdded := func(expr, w string) {
		if cond.Added == "" {
			cond.Added = expr
			what = append(what, w)
		}
	}
	setPaths := func(globs []string, w string) {
		if cond.Paths == nil {
			cond.Paths = globs
			what = append(what, w)
		}
	}
	// What a line must contain: a named API first (the most specific), then a family.
	if id := identifierSpan(span); id != "" {
		setAdded(regexp.QuoteMeta(id), "`"+id+"`")
	}
	if has(prefix("deprecat")) {
		setAdded(`(?i)deprecat`, "a deprecation")
	}
	if has(prefix("doctest")) && !suite {
		setAdded(`^\s*>>>`, "a doctest")
	}
	if has(prefix("warning")) {
		setAdded(`(?i)warn`, "a warning")
	}
	if has(prefix("exception")) {
		setAdded(`(?i)\b(raises?|exceptions?|except|throws?|errors?)\b`, "an exception")
	}
	if m := preSectionRE.FindStringSubmatch(stripSpans(span)); m != nil {
		// "A See Also section must ...", "Parameter names in a Parameters section":
		// a line that is the section's heading (numpydoc, Markdown, "Args:")
		setAdded(`^\s*(#+\s*)?`+regexp.QuoteMeta(m[1])+`\s*:?\s*$`, "a "+m[1]+" section")
	}
	if has(exact("test", "tests")) && has(prefix("skip")) {
		// "A test skipped because it is expected to fail must use `@XFAIL`": a test
		// the change marks skipped, expected to fail or slow
		setAdded(`(?i)(\bskip|\bxfail\b|@slow\b)`, "a skipped test")
	}
	if has(exact("xfail")) {
		// "If an XFAIL test begins to pass, ...": a test marked XFAIL
		setAdded(`(?i)\bxfail\b`, "an XFAIL test")
	}
	if has(exact("random")) {
		setAdded(`(?i)random`, "randomness")
	}
	if adding && (has(prefix("function", "method", "class")) || has(exact("feature", "features"))) {
		// "If you add any functionality", "When adding a feature": what a feature adds
		// to the code is functions and classes
		setAdded(`^\s*(export\s+)?(pub(\([a-z]+\))?\s+)?(async\s+)?(def|class|func|function|fn)\s+[A-Za-z_]`, "a new function or class")
	}
	if has(prefix("docstring")) {
		cond.Docstring = true
		what = append(what, "a docstring")
	}
	// Which files.
	switch {
	case has(exact("test", "tests")) && !suite:
		setPaths([]string{"**/test_*", "**/*_test.*", "**/tests/**", "**/test/**", "**/*.test.*", "**/*.spec.*", "**/__tests__/**"}, "a test")
	case has(exact("migration", "migrations")):
		setPaths([]string{"**/migrations/**", "**/migrate/**"}, "a migration")
	case adding && has(prefix("dependenc")):
		setPaths([]string{"**/requirements*.txt", "**/pyproject.toml", "**/setup.py", "**/setup.cfg", "**/package.json",
			"**/go.mod", "**/Cargo.toml", "**/Gemfile", "**/pom.xml", "**/build.gradle", "**/build.gradle.kts", "**/composer.json"}, "a dependency change")
	case fileTypeGlobs(ws) != nil:
		setPaths(fileTypeGlobs(ws), fileTypeWord(ws)+" files")
	case has(exact("rst", "restructuredtext")):
		setPaths([]string{"**/*.rst"}, "reStructuredText")
	case has(exact("documentation", "docs")) && !cond.Docstring:
		setPaths([]string{"doc/**", "docs/**", "**/*.rst", "**/*.md", "**/*.adoc"}, "documentation")
	}
	if has(prefix("co-author", "coauthor")) {
		cond.Message = `(?i)co-authored-by:`
		what = append(what, "a co-author trailer")
	}
	if has(prefix("release-note", "release-notes")) || strings.Contains(strings.ToLower(stripSpans(span)), "release note") {
		cond.PR = `(?i)release[- ]notes?`
		what = append(what, "release notes")
	}
	if len(what) == 0 {
		return nil
	}
	cond.What = strings.Join(what, " and ")
	return cond
}

// preSectionRE: a named section of a docstring or document ("a See Also section").
var preSectionRE = lazyre.New(`\b(?:[Aa]n?|[Tt]he|[Ii]n|[Ee]ach|[Ee]very|[Uu]nder)\s+(?:an?\s+|the\s+)?([A-Z][A-Za-z]+(?:\s+[A-Z][A-Za-z]+)?)\s+section\b`)

// fileTypes are the languages whose files an antecedent may name ("Python files",
// "TypeScript code"), with their globs.
var fileTypes = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"python": {"**/*.py", "**/*.pyi"}, "typescript": {"**/*.ts", "**/*.tsx", "**/*.mts", "**/*.cts"},
		"javascript": {"**/*.js", "**/*.jsx", "**/*.mjs", "**/*.cjs"}, "go": {"**/*.go"}, "rust": {"**/*.rs"},
		"java": {"**/*.java"}, "kotlin": {"**/*.kt", "**/*.kts"}, "ruby": {"**/*.rb"}, "php": {"**/*.php"},
		"swift": {"**/*.swift"}, "c#": {"**/*.cs"}, "scala": {"**/*.scala"}, "elixir": {"**/*.ex", "**/*.exs"},
		"markdown": {"**/*.md", "**/*.mdx"}, "yaml": {"**/*.yml", "**/*.yaml"}, "shell": {"**/*.sh", "**/*.bash"},
		"cython": {"**/*.pyx", "**/*.pxd"}, "sql": {"**/*.sql"}, "css": {"**/*.css", "**/*.scss"},
		// other names of them, and formats a label may name ("**Markdown:**", "TS:")
		"md": {"**/*.md", "**/*.mdx"}, "ts": {"**/*.ts", "**/*.tsx"}, "js": {"**/*.js", "**/*.jsx", "**/*.mjs", "**/*.cjs"},
		"golang": {"**/*.go"}, "csharp": {"**/*.cs"}, "c++": {"**/*.cpp", "**/*.cc", "**/*.cxx", "**/*.hpp", "**/*.hh"},
		"bash": {"**/*.sh", "**/*.bash"}, "scss": {"**/*.scss"}, "sass": {"**/*.scss", "**/*.sass"}, "html": {"**/*.html"},
		"json": {"**/*.json"}, "dart": {"**/*.dart"}, "lua": {"**/*.lua"},
	}
})

// HeadingExtensions are the file extensions (".ts", ".tsx") of the languages the
// sections of header (headings joined by " > ", the file's title first) name in
// words: "Frontend Patterns (React 19 / TypeScript)" names TypeScript and React's.
// The title is left out: a file's title names every language the file covers.
func HeadingExtensions(header string) []string {
	parts := strings.Split(header, " > ")
	if len(parts) < 2 {
		return nil
	}
	var out []string
	for _, h := range parts[1:] {
		for _, w := range strings.FieldsFunc(strings.ToLower(h), func(r rune) bool {
			return !unicode.IsLetter(r) && r != '#' && r != '+'
		}) {
			globs := fileTypes()[w]
			if w == "react" {
				globs = []string{"**/*.tsx", "**/*.jsx", "**/*.ts", "**/*.js"}
			}
			if w == "css" || w == "html" || w == "json" || w == "yaml" || w == "md" || w == "markdown" || w == "sql" {
				continue // formats a section of code mentions in passing
			}
			for _, g := range globs {
				out = append(out, path.Ext(g))
			}
		}
	}
	return out
}

// LabelFileTypes returns the files of the language or format an item's label names
// ("Python", "Markdown files", "TypeScript code"), nil for a label of anything else.
func LabelFileTypes(label string) []string {
	l := strings.ToLower(strings.Trim(label, "*_` "))
	for _, tail := range []string{" files", " file", " code", " sources", " source", " docs", " style"} {
		l = strings.TrimSuffix(l, tail)
	}
	return fileTypes()[l]
}

// fileTypeWord is the language an antecedent names as a kind of file ("Python files",
// "Go code", "TypeScript modules"), or "".
func fileTypeWord(ws []string) string {
	for i := 0; i+1 < len(ws); i++ {
		if _, ok := fileTypes()[ws[i]]; !ok {
			continue
		}
		switch ws[i+1] {
		case "file", "files", "code", "module", "modules", "source", "sources", "script", "scripts":
			return ws[i]
		}
	}
	return ""
}

func fileTypeGlobs(ws []string) []string {
	if w := fileTypeWord(ws); w != "" {
		return fileTypes()[w]
	}
	return nil
}

// preModalRE finds the modal verb that ends a sentence's antecedent.
var preModalRE = lazyre.New(`(?i)\b(must|should|shall|may|cannot|can't|mustn't|needs to|need to|has to|have to|is required to|are required to)\b`)

// preLeadExceptRE is a leading exception clause ("Unless testing X, ...", "Except in Y, ...").
var preLeadExceptRE = lazyre.New(`(?i)^\s*(unless|except)\b[^,]*,\s*`)

// antecedent returns the text of a sentence before its first modal verb, outside code
// spans, or "" when the sentence opens with an imperative (no subject to read).
func antecedent(text string) string {
	text = strings.TrimSpace(text)
	text = preLeadExceptRE.ReplaceAllString(text, "")
	if text == "" {
		return ""
	}
	// An imperative ("Do not add ...", "Update the docs for ...") has no subject: what it
	// names is what it demands or forbids, never its antecedent. A ban read as "applies
	// when the banned thing is there" could only ever fail.
	if ws := proseWords(stripSpans(text)); len(ws) > 0 && imperativeStart(ws[0]) {
		return ""
	}
	if v := FirstVerb(text); WorkflowVerb(v) || imperativeStart(v) {
		return ""
	}
	// Blank out code spans so a modal inside one does not end the antecedent.
	masked := []byte(text)
	for _, loc := range codeSpanRE().FindAllStringIndex(text, -1) {
		for i := loc[0]; i < loc[1]; i++ {
			masked[i] = ' '
		}
	}
	// The antecedent is the first sentence's subject: a later sentence's modal
	// ("New behavior needs tests. Bug fixes should come with a test") would take
	// the first sentence's demand, tests, for the condition, and a rule that applies
	// only to a change that already has what it demands can never fail.
	if end := preSentenceEndRE.FindStringIndex(string(masked)); end != nil {
		masked = masked[:end[0]+1]
	}
	loc := preModalRE.FindStringIndex(string(masked))
	// a verb of demand ends the antecedent before any modal, but not inside a leading
	// condition ("If a pull request needs no release notes, its block must say so")
	if d := preDemandRE.FindStringIndex(string(masked)); d != nil && (loc == nil || d[0] < loc[0]) && !preCondLeadRE.Match(masked) {
		loc = d
	}
	if loc == nil {
		// "If your change introduces new functionality, please write tests for it":
		// a leading condition before an imperative is the antecedent, though no
		// modal follows it
		// (a condition that names a file or an identifier is left to the readers of
		// co-changes, which know a manifest's dependencies from a line naming it)
		m := preLeadImperativeRE.FindStringSubmatch(string(masked))
		if m == nil {
			// "When you add functionality be sure to write a unit test too": no
			// comma, but a reminder ends the condition as one would
			m = preLeadReminderRE.FindStringSubmatch(string(masked))
		}
		if m != nil && !strings.Contains(m[1], "`") && len(codeSpanRE().FindAllStringIndex(text[:len(m[1])], -1)) == 0 {
			if ws := proseWords(stripSpans(m[2])); len(ws) > 0 && imperativeStart(ws[0]) {
				return strings.TrimSpace(text[:len(m[1])])
			}
		}
		return ""
	}
	return strings.TrimSpace(text[:loc[0]])
}

// preLeadImperativeRE splits a sentence that opens with a condition at its first comma:
// the condition, and what follows it (without "please" or "also").
var preLeadImperativeRE = lazyre.New(`(?i)^(\W*(?:if|when|whenever)\b[^,.;:]*),\s*(?:then\s+)?(?:please\s+)?(?:also\s+)?(.*)$`)

// preLeadReminderRE splits a sentence that opens with a condition and no comma at the
// reminder that starts its demand ("be sure to", "make sure to", "remember to").
var preLeadReminderRE = lazyre.New(`(?i)^(\W*(?:if|when|whenever)\b[^,.;:]*?)\s+(?:then\s+)?(?:please\s+)?(?:be sure to|make sure to|remember to|don't forget to)\s+(?:also\s+)?(.*)$`)

// preDemandRE is a verb of demand that ends an antecedent like a modal ("Every
// migration needs a test", "A new endpoint requires docs"); preCondLeadRE a sentence
// that opens with a condition, where such a verb belongs to the condition.
var (
	preDemandRE   = lazyre.New(`(?i)\b(needs|need|requires|require)\b`)
	preCondLeadRE = lazyre.New(`(?i)^\W*(if|when|whenever|unless|once|where|in case)\b`)
)

// preSentenceEndRE ends a sentence: a full stop, question or exclamation mark before
// the capital of the next.
var preSentenceEndRE = lazyre.New(`[.!?]\s+[A-Z]`)

// preIdentRE is a code span naming an API a line of the change would contain: a class or
// function name with capitals or underscores (`Dummy`, `sympy_deprecation_warning`), or
// a decorator (`@slow`). A plain lower-case word (`sympy`, `npm`) names a package or a
// tool, which a line mentions for many other reasons.
var preIdentRE = lazyre.New(`^@?[A-Za-z_][A-Za-z0-9_.]*$`)

func identifierSpan(span string) string {
	for _, m := range archSpanInnerRE.FindAllStringSubmatch(span, -1) {
		s := strings.TrimSpace(m[1])
		s = strings.TrimSuffix(strings.TrimSuffix(s, "(...)"), "()")
		if !preIdentRE.MatchString(s) {
			continue
		}
		if strings.HasPrefix(s, "@") || strings.ContainsAny(s, "_") || strings.ToLower(s) != s {
			return s
		}
	}
	return ""
}

// imperativeStart reports whether a sentence opening with w is an instruction in the
// imperative: a negation or adverb that opens one, or a verb instruction files use in
// the imperative. (A noun that is also such a verb, "test", is left out: "Test files
// must ..." has a subject.)
func imperativeStart(w string) bool {
	switch w {
	case "do", "don't", "dont", "never", "avoid", "always", "please", "only", "just", "make", "ensure", "add", "update",
		"remove", "delete", "keep", "write", "put", "set", "apply", "pass", "call", "create", "include", "mark", "move",
		"rename", "fix", "follow", "condense", "deduplicate", "import", "return", "wrap", "place", "store", "handle",
		"raise", "throw", "catch", "declare", "define", "export", "commit", "push", "merge", "rebase", "tag", "bump",
		"sign", "squash", "format", "lint", "mention", "link", "cite", "annotate", "comment", "list", "prefix", "split",
		"group", "sort", "limit", "reduce", "minimize", "minimise", "favor", "favour", "leave", "give", "provide", "mock",
		"stub", "pin", "lock", "reuse", "replace", "convert", "migrate", "deprecate", "drop", "skip", "disable", "enable",
		"configure", "upgrade", "downgrade", "treat", "consider", "assume", "trust", "document", "name", "separate",
		"prefer", "use", "run", "check", "verify":
		return true
	}
	return false
}
