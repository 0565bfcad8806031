package norm

import (
	"strings"
	"sync"

	"github.com/heed-dev/heed/internal/lazyre"
)

// Where a source rule applies, as its sentence says it: "in production code", "in
// library code", "in tests", "in headers", "except in `scripts/`", "in client code".
// The source rules read a sentence's prose (lower case, white space folded) with
// these; which files each phrase stands for is theirs to say (internal/layout).

var (
	scopeProductionRE = lazyre.New(`\b(?:production code|prod code|production sources?|production files|in production|non-test code|outside (?:of )?tests?|except in tests|not in tests|shipped code|runtime code)\b`)
	// scopeAppCodeRE: a heading's "app code", the application's as against its tests.
	scopeAppCodeRE = lazyre.New(`\bapp(?:lication)? code\b`)
	// scopeShippedRE: the production phrases that mean what ships, not only "not tests".
	scopeShippedRE  = lazyre.New(`\b(?:production code|prod code|production sources?|production files|in production|shipped code)\b`)
	scopeLibraryRE  = lazyre.New(`\blibrary code\b|\bin librar(?:y|ies)\b|\blibrary crates?\b|\bin library\b`)
	scopeTestOnlyRE = lazyre.New(`^(?:in|inside|within|for) (?:unit |integration |e2e )?(?:tests?|test code|test files?|test suites?|testify suites)\b|\b(?:in|inside|within|on) (?:your |the |our |any )?(?:unit |integration )?(?:tests|test code|test files|test functions|test methods|test classes)\b`)
	// scopeTestSubjectRE: tests as the subject a demand binds ("Tests must not call
	// CODE", "Unit tests should never write ...", "A test must not ..."): the rule is
	// about what tests do, so it holds in tests only.
	scopeTestSubjectRE = lazyre.New(`^(?:(?:a|an|each|every|all|any|our|the|your|new|unit|integration|e2e) )*(?:tests?|test code|test files?|test functions?|test cases?|test modules?)(?: (?:must|should|shall|may|can|need to|have to))?(?: not| never| always)? (?:must|should|shall|never|not|always|call|use|write|import|sleep|rely|depend|hit|touch|access|open|create|leave|print|log|catch|raise)\b`)
	// scopeHeadersOnlyRE: "in headers", "in a public header", "into header files".
	scopeHeadersOnlyRE    = lazyre.New(`\b(?:in|inside|within|into|to|from) (?:a |any |the |our |public |your )*(?:headers?|header files?|\.h(?:pp)? files)\b`)
	scopeExceptHeadersRE  = lazyre.New(`\b(?:except|outside(?: of)?|other than|apart from|but not|not) (?:in |inside )?(?:a |any |the |our |public )*(?:headers?|header files?)\b`)
	scopeTestHeaderRE     = lazyre.New(`(?:^|> )(?:[a-z ]*\b)?(?:tests?|testing|(?:unit|integration|e2e|end-to-end|component|request|feature|system) specs?)\b[^>]*$`)
	scopeInPathRE         = lazyre.New("\\b(?:in|under|inside|within|below|beneath|throughout) (?:the )?`([^`]+)`")
	scopeTrailingExemptRE = lazyre.New(`\b(?:is|are)\s+(?:also\s+)?(?:exempt(?:ed)?|excluded|the (?:only |one )?exceptions?)\b`)
	scopeExceptRE         = lazyre.New(`\b(?:except(?:ions?)?|exempt(?:ed)?|other than|apart from|aside from|excluding|outside(?: of)?|keep theirs|may keep|can keep|` + scopePermits + `)\b`)
	// scopePermitRE: the permissions among the exceptions ("may use", "is fine",
	// "are allowed"): a place named before one is the place the permission frees, not
	// the rule's ("generated files in `src/gen/` may use it").
	scopePermitRE = lazyre.New(`\b(?:` + scopePermits + `)\b`)
	// scopeTestsPermittedRE: a permission given to tests in the sentence itself
	// ("allowed in tests", "fine in test code", "tests may use it").
	scopeTestsPermittedRE = lazyre.New(`\b(?:allowed|permitted|fine|ok|okay|acceptable|tolerated|exempt(?:ed)?)\s+(?:only\s+)?(?:in|inside|within|for)\s+(?:the\s+|unit\s+|our\s+)?(?:tests?|test code|test files|specs?)\b|\b(?:tests?|test code|test files|specs?)\s+(?:may|can)\s+(?:freely\s+|still\s+|also\s+)?(?:use|call|keep)\b|\b(?:tests?|test classes|test files|test code|specs?)\s+(?:are|is)\s+(?:the\s+)?(?:exception|exempt(?:ed)?|excluded)\b` +
		// "an override that turns it off for test files", "disabled for tests"
		`|\b(?:turns?|switch(?:es)?)\s+(?:it|them|the rule|this rule|the check)\s+off\s+(?:for|in)\s+(?:the\s+|all\s+)?(?:tests?|test code|test files|specs?)\b|\b(?:off|disabled)\s+(?:for|in)\s+(?:the\s+|all\s+)?(?:tests?|test code|test files|specs?)\b`)
	scopeRegionRE = lazyre.New(`\b(?:in|inside|within) (?:the |our |your |all |any )?((?:[a-z][a-z-]* )?(?:code|doctests?|docstrings?|notebooks?|templates?|migrations?|handlers?|views?|stories|snippets?|serialization classes))\b|\b(?:in|inside|within) (?:an? |the |each |every |any )?((?:CODE|try|except|catch|finally|with|async|loop) (?:blocks?|clauses?|handlers?|bodies|body))\b`)
	// scopeOutsideRE: "outside (of) <what>", an exception region; scopeOutsideKnownRE
	// what heed can locate (tests, a path in a code span, the words "CODE" stand for)
	scopeOutsideRE      = lazyre.New(`\boutside (?:of )?((?:[a-z][a-z/-]* ){0,4}[a-z][a-z/-]*)`)
	scopeOutsideKnownRE = lazyre.New(`\b(?:tests?|test code|test files|specs?|code)$|^code\b`)
	// scopeMannerRE: what follows a region that is a manner ("in the Sphinx docstring
	// format", "in Google docstring style")
	scopeMannerRE    = lazyre.New(`^ (?:format|style|syntax|form|convention)s?\b`)
	codeBlockAfterRE = lazyre.New(`^ (?:blocks?|fences?|snippets?)\b`)
	scopeLeadCondRE  = lazyre.New(`^(?:when|whenever|if|while|for|in|inside|within|before|after)\b`)
)

// scopePermits: the permissions an exception may be written as ("are allowed", "may
// use", "is also fine").
const scopePermits = `are allowed|is allowed|(?:may|can) (?:freely |still |also )?(?:use|print|call|import|log|write)|(?:is|are) (?:also )?(?:fine|ok|okay|acceptable|permitted)`

// scopeRegionOK are the words before "code" that name no part of it heed cannot
// locate ("new code", "production code", "Rust code").
var scopeRegionOK = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range []string{"merged", "committed", "checked-in", "final", "submitted", "production", "library", "prod", "source", "application", "app", "runtime", "shipped", "non-test", "new", "test", "unit", "typescript", "python", "rust", "go", "java", "javascript", "c#", "kotlin", "ruby", "c", "c++", "cpp", "php", "our", "all", "existing", "your", "any", "the", "this", "rust", "tsx"} {
		m[w] = true
	}
	return m
})

// InProduction reports whether the prose limits a rule to production code ("in
// production code", "outside tests", "non-test code").
func InProduction(prose string) bool { return scopeProductionRE.MatchString(prose) }

// InShippedCode reports whether the production phrase means what ships ("production
// code", "shipped code"), not only what is no test ("outside tests").
func InShippedCode(prose string) bool { return scopeShippedRE.MatchString(prose) }

// InLibraryCode reports whether the prose limits a rule to library code ("in library
// code", "library crates").
func InLibraryCode(prose string) bool { return scopeLibraryRE.MatchString(prose) }

// InTestsOnly reports whether the prose limits a rule to tests ("in tests", "inside
// test functions").
func InTestsOnly(prose string) bool {
	return scopeTestOnlyRE.MatchString(prose) || scopeTestSubjectRE.MatchString(strings.TrimLeft(prose, "-* "))
}

// InHeadersOnly reports whether the prose limits a rule to header files ("in public
// headers") and does not except them ("except in headers").
func InHeadersOnly(prose string) bool {
	return scopeHeadersOnlyRE.MatchString(prose) && !scopeExceptHeadersRE.MatchString(prose)
}

// TestsHeading reports whether a heading path (lower case, "a > b") ends in a section
// about tests ("Testing", "Unit tests").
func TestsHeading(header string) bool { return scopeTestHeaderRE.MatchString(header) }

// TestsLabel reports whether an item's label is the tests alone ("**Tests**:",
// "Unit tests —"), not a sentence about them ("Write tests as top-level `test()`
// functions - ...").
func TestsLabel(label string) bool {
	return testsLabelRE.MatchString(strings.TrimSpace(strings.Trim(label, "*_ ")))
}

var testsLabelRE = lazyre.New(`(?i)^(?:(?:unit|integration|e2e|end-to-end|component|backend|frontend|python|go|rust|java|js|ts)\s+)?(?:tests?|testing|specs?|test code|test files|test suites?)$`)

// ProductionHeading reports whether a heading places its rules in the code that is no
// test: "Production code", "Android App Code Guidelines".
func ProductionHeading(header string) bool {
	h := strings.ToLower(header)
	return scopeProductionRE.MatchString(h) || scopeAppCodeRE.MatchString(h)
}

// InPaths are the code spans the text places a rule in: "in `src/`", "under
// `lib/core`" (the text as written, spans in backticks).
func InPaths(text string) []string {
	var out []string
	for _, m := range scopeInPathRE.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	return out
}

// ExceptionAt returns where an exception starts in the prose ("except", "other
// than", "exempt", "are allowed"), -1 when there is none.
func ExceptionAt(prose string) int {
	if loc := scopeExceptRE.FindStringIndex(prose); loc != nil {
		return loc[0]
	}
	return -1
}

// TrailingExemption returns where a clause that exempts its subject says so ("generated
// files under `src/gen/` are exempt", "... are excluded", "the output in `src/main.rs`
// is the exception"), -1 when it does not.
func TrailingExemption(clause string) int {
	if l := strings.ToLower(clause); !strings.Contains(l, "exempt") && !strings.Contains(l, "excluded") && !strings.Contains(l, "exception") {
		return -1
	}
	if loc := scopeTrailingExemptRE.FindStringIndex(clause); loc != nil {
		return loc[0]
	}
	return -1
}

// PermissionAt returns where a permission starts in the clause ("may use", "is
// fine", "are allowed"), -1 when there is none or it is a restriction ("may use only
// ...").
func PermissionAt(clause string) int {
	if t := strings.TrimRight(clause, " .;:)"); strings.HasSuffix(t, " may") || strings.HasSuffix(t, " can") || strings.HasSuffix(t, " do so") || strings.HasSuffix(t, " too") || strings.HasSuffix(t, " as well") {
		// "data migrations under `app/migrations/` may": the verb left out is the
		// ban's
		if loc := scopeEllipticPermitRE.FindStringIndex(clause); loc != nil {
			return loc[0]
		}
	}
	if !strings.Contains(clause, "may ") && !strings.Contains(clause, "can ") && !strings.Contains(clause, "allowed") &&
		!strings.Contains(clause, "fine") && !strings.Contains(clause, " ok") && !strings.Contains(clause, "acceptable") &&
		!strings.Contains(clause, "permitted") {
		return -1
	}
	loc := scopePermitRE.FindStringIndex(clause)
	if loc == nil || strings.HasPrefix(strings.TrimSpace(clause[loc[1]:]), "only") {
		return -1
	}
	return loc[0]
}

// scopeEllipticPermitRE: a permission whose verb is the ban's, left out ("tests may",
// "the CLI can do so", "scripts may too").
var scopeEllipticPermitRE = lazyre.New(`\b(?:may|can)(?:\s+(?:do\s+so|too|as\s+well|also))?\s*[.;:)]*\s*$`)

// ElidedPermission reports a permission, as PermissionAt cuts it, that has no verb of
// its own ("may.", "can do so"): it permits what the ban bans.
func ElidedPermission(perm string) bool {
	loc := scopeEllipticPermitRE.FindStringIndex(perm)
	return loc != nil && loc[0] == 0
}

// TestsPermitted reports whether the prose frees tests from its rule ("allowed in
// tests", "tests may use it", "test classes are the exception").
func TestsPermitted(prose string) bool {
	if !strings.Contains(prose, "test") && !strings.Contains(prose, "spec") {
		return false
	}
	return scopeTestsPermittedRE.MatchString(prose)
}

// scopeOutputPermitRE: a permission to write to the terminal ("may print to
// stdout", "may write to the console", "printing is fine there").
var scopeOutputPermitRE = lazyre.New(`\b(?:may|can) (?:freely |still |also )?(?:print|write|log|output|echo)\b(?: (?:\w+ ){0,2}?to (?:the )?(?:console|stdout|standard output|terminal|screen))?|\b(?:printing|console output|writing to (?:the )?(?:console|stdout))(?: \w+)? (?:is|are) (?:fine|ok|okay|allowed|acceptable|permitted)\b`)

// PermitsOutput reports whether the prose permits writing to the terminal, the thing a
// ban of printing calls forbids ("CLI entry points may write to the console").
func PermitsOutput(prose string) bool {
	if !strings.Contains(prose, "print") && !strings.Contains(prose, "console") && !strings.Contains(prose, "stdout") && !strings.Contains(prose, "output") && !strings.Contains(prose, "terminal") {
		return false
	}
	return scopeOutputPermitRE.MatchString(prose)
}

// scopeOnlyPlaceRE: a clause that names the one place allowed what the ban forbids
// elsewhere ("only CODE may read it", "CODE is the only file allowed to call it",
// "the only place that reads it is CODE"), in prose whose spans read CODE.
var scopeOnlyPlaceRE = lazyre.New(`\bonly CODE(?: and CODE)? (?:may|can|should|is allowed to|are allowed to|is permitted to|are permitted to)\b|\bCODE (?:is|are) the only (?:files?|places?|modules?|packages?|folders?|director(?:y|ies)|locations?)\b|\bthe only (?:files?|places?|modules?|packages?|folders?|locations?) (?:that|which|allowed|permitted|where)\b[^.;]*\b(?:is|are) (?:in )?CODE\b`)

// OnlyPlace reports whether the prose (spans as CODE) names the one place allowed what
// a ban forbids elsewhere.
func OnlyPlace(prose string) bool {
	if !strings.Contains(prose, "only") {
		return false
	}
	return scopeOnlyPlaceRE.MatchString(prose)
}

// onlyImporterRE: the one part of the code that may import or use a thing ("`cmd/` is
// the only place that may import `cobra`", "the CLI (`cmd/`) is the only package that
// imports it"): a restriction of every other part, however "may" is read.
var onlyImporterRE = lazyre.New("`[^`]+`\\)? (?:is|are) the only (?:[\\w-]+ )?(?:files?|places?|modules?|packages?|folders?|director(?:y|ies)|locations?|layers?|crates?|code)\\b[^.;]*\\b(?:import|use|depend|call|talk|access|read|write)")

// OnlyImporter reports whether the text names the one part of the code that may
// import, use or call something (spans in backticks).
func OnlyImporter(text string) bool {
	if !strings.Contains(text, "only") {
		return false
	}
	return onlyImporterRE.MatchString(strings.ToLower(text))
}

// DeclaresExempt: the prose declares places exempt in so many words ("are fully
// exempt", "Skip / exempt: ...", "exempt from this"), stronger than an exception
// word, which may qualify one rule.
func DeclaresExempt(prose string) bool { return declaresExemptRE.MatchString(prose) }

var declaresExemptRE = lazyre.New(`(?i)\b(?:are|is) (?:fully |also |entirely |completely |always )?exempt(?:ed)?\b|^\W*(?:skip\s*/\s*)?exempt(?:ions?)?\W*(?::|$)|\bexempt from (?:this|these|the (?:rule|requirement|check)s?)\b`)

// TextRegion is where a qualifier places a ban in a file's text, as a pattern rule's
// Where ("in comments": comments; "in comments or user-facing strings": comments and
// strings), or "".
func TextRegion(qualifier string) string {
	m := textRegionRE.FindStringSubmatch(strings.ToLower(strings.TrimSpace(qualifier)))
	if m == nil {
		return ""
	}
	comments := strings.HasPrefix(m[1], "comment") || strings.HasPrefix(m[2], "comment")
	strs := strings.Contains(m[1], "string") || strings.Contains(m[2], "string")
	switch {
	case comments && strs:
		return "comments+strings"
	case comments:
		return "comments"
	}
	return "strings"
}

var textRegionRE = lazyre.New(`^(?:in|inside|within) (?:any |the |code |source |our )?((?:code )?comments?|(?:user-facing |ui |log |error )?strings?(?: literals?)?)(?: (?:or|and|nor) (?:in )?(?:any |the )?((?:code )?comments?|(?:user-facing |ui |log |error )?strings?(?: literals?)?))?$`)

// StatesException reports whether the prose states an exception. The exceptions a
// program raises are not one ("**Exceptions**: raise the typed exceptions in
// `src/core/exceptions.py`"): where the prose speaks of raising or catching them, the
// word "exception" says nothing of the rule's reach.
func StatesException(prose string) bool {
	if !scopeExceptRE.MatchString(prose) {
		return false
	}
	if raisedExceptionRE.MatchString(prose) {
		return scopeExceptRE.MatchString(exceptionWordRE.ReplaceAllString(prose, ""))
	}
	return true
}

var (
	// raisedExceptionRE: the words of a program's exceptions
	raisedExceptionRE = lazyre.New(`(?i)\b(?:rais(?:e|es|ed|ing)|throw(?:s|n|ing)?|catch(?:es|ing)?|caught|(?:typed|custom|checked|unchecked|domain) exceptions?|exceptions? (?:class(?:es)?|handl\w+|types?|hierarch\w+))\b`)
	exceptionWordRE   = lazyre.New(`(?i)\bexceptions?\b`)
)

// UnlocatedRegion is the part of the code the prose limits a rule to when it names
// one no path locates ("in client code", "in doctests"), or "".
func UnlocatedRegion(prose string) string {
	for _, loc := range scopeRegionRE.FindAllStringSubmatchIndex(prose, -1) {
		g := 2
		if loc[2] < 0 {
			// "inside an CODE block": a block of a construct, which no path locates
			g = 4
		}
		m := []string{prose[loc[0]:loc[1]], prose[loc[g]:loc[g+1]]}
		if scopeMannerRE.MatchString(prose[loc[1]:]) {
			// "in the Sphinx docstring format": how, not where
			continue
		}
		ws := strings.Fields(m[1])
		if len(ws) == 2 && (ws[0] == "a" || ws[0] == "an") && ws[1] == "code" {
			// "in a code block", "in a code review": the article, then what the
			// region is, in the next word, which the expression does not take
			if next := strings.Fields(prose[loc[1]:]); len(next) > 0 {
				ws = []string{"code", strings.TrimRight(next[0], ".,;:)")}
			}
		}
		if ws[0] == "code" && codeBlockAfterRE.MatchString(prose[loc[1]:]) {
			// "in a code block", "inside fenced code blocks": Markdown's blocks, which no
			// path of the code locates
			return "code blocks"
		}
		if len(ws) == 2 && ws[0] == "code" {
			return strings.Join(ws, " ")
		}
		if len(ws) == 1 && ws[0] == "code" {
			continue
		}
		if len(ws) == 2 && scopeRegionOK()[ws[0]] && ws[1] == "code" {
			continue
		}
		return m[1]
	}
	if m := levelRegionMatch(prose); m != nil {
		// "don't call CODE at the DSP-class level": a layer of the design, which
		// no path locates
		return m[1]
	}
	return ""
}

// levelRegionMatch is levelRegionRE's match in prose, looked for only where the
// words " at the"/" at a" and "level" are (most sentences have neither).
func levelRegionMatch(prose string) []string {
	if !strings.Contains(prose, "level") {
		return nil // (before the lower-case copy: most sentences have no "level")
	}
	low := " " + strings.ToLower(prose)
	if !strings.Contains(low, " at the ") && !strings.Contains(low, " at a ") {
		return nil
	}
	// an aside says where else something is done ("(the lint rule is disabled at
	// the config level)"), and a level of the project's set-up is no part of the code
	m := levelRegionRE.FindStringSubmatch(stripAsides(prose))
	if m == nil || setupLevelRE.MatchString(m[1]) {
		return nil
	}
	return m
}

var setupLevelRE = lazyre.New(`(?i)^(?:config|configuration|project|repo|repository|org|organi[sz]ation|team|workspace|ci|system|user|global|file|linter|lint)[- ]level$`)

// levelRegionRE: "at the <layer> level", a layer of the program's design.
var levelRegionRE = lazyre.New(`(?i)\bat (?:the|a) ((?:[a-z][\w]*[- ]){1,2}level)\b`)

// OutsideRegion is the region an exception "outside (of) <what>" names in a clause
// (code spans written as CODE) when heed cannot locate it ("outside of explicit FFI
// bindings"), or "".
func OutsideRegion(clause string) string {
	if m := scopeOutsideRE.FindStringSubmatch(clause); m != nil && !scopeOutsideKnownRE.MatchString(m[1]) {
		return strings.TrimSpace(m[1])
	}
	return ""
}

// LeadsWithCondition reports whether the prose opens with a condition or a place
// ("When adding code in ...", "In `examples/`, ...").
func LeadsWithCondition(prose string) bool { return scopeLeadCondRE.MatchString(prose) }

// HeadingLanguageGlobs: a section named for one language ("### Python Development",
// "## Rust", "### Node.js") speaks of that language's code, so an order in it holds
// after changes to that language's files. Nil when the innermost heading names no
// language, or more than one, or is more than a short title.
func HeadingLanguageGlobs(headings []string) []string {
	if len(headings) == 0 {
		return nil
	}
	words := strings.FieldsFunc(headings[len(headings)-1], func(r rune) bool {
		return r == ' ' || r == '\t' || r == '(' || r == ')' || r == ':' || r == ',' || r == '/' || r == '-'
	})
	if len(words) == 0 || len(words) > 4 {
		return nil
	}
	var globs []string
	found := 0
	for _, w := range words {
		lw := strings.ToLower(strings.Trim(w, "`*_"))
		switch {
		case lw == "node.js" || lw == "nodejs" || lw == "node":
			globs = append(append(globs, languageGlobs()["javascript"]...), languageGlobs()["typescript"]...)
			found++
		case lw == "go" && w != "Go":
			// "go" in lower case is a verb
		case languageGlobs()[lw] != nil && lw != "markdown" && lw != "yaml" && lw != "sql":
			globs = append(globs, languageGlobs()[lw]...)
			found++
		}
	}
	if found != 1 {
		return nil
	}
	return globs
}

// placeSubjectRE: a sentence whose subject is a part of the code by a name of its own,
// in a label or before the modal ("dataplane packages: Must not depend on ...", "The
// core layer must not import ...").
var placeSubjectRE = lazyre.New(`(?i)^\W*(?:the\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?:packages?|modules?|layers?|crates?|libraries|library|services?|components?)\s*(?::\s*|\s+)(?:must|should|shall|may|can|cannot|can't|do|does|never|are|is)\b`)

// PlaceSubject reports whether a sentence's subject is a part of the code it names
// ("dataplane packages: Must not depend on controller, core, k8s"): what it forbids,
// it forbids there only.
func PlaceSubject(text string) bool {
	low := strings.ToLower(text)
	if !strings.Contains(low, "packag") && !strings.Contains(low, "modul") && !strings.Contains(low, "layer") &&
		!strings.Contains(low, "crate") && !strings.Contains(low, "librar") && !strings.Contains(low, "servic") &&
		!strings.Contains(low, "component") {
		return false
	}
	return placeSubjectRE.MatchString(text)
}

// InjectedAlternative reports a sentence that prescribes injecting the way round a
// ban ("Inject `DispatcherProvider` (don't hard-code `Dispatchers.IO`) so tests can
// substitute ..."): what is injected is a seam of the production code, and the tests
// that substitute it, or check the real one, use the banned thing by design.
func InjectedAlternative(text string) bool {
	low := strings.ToLower(text)
	i := strings.Index(low, "inject")
	return i >= 0 && (i == 0 || low[i-1] == ' ' || low[i-1] == '(' || low[i-1] == '*') && strings.Contains(low[i:], "`")
}

// ContinuesWithPlace reports a nested list item that goes on with its parent's
// sentence by a place or an exception ("in `src/lib.rs` and the modules under it",
// "except in `scripts/`", "outside of tests"), in lower case.
func ContinuesWithPlace(low string) bool {
	for _, w := range []string{"in ", "inside ", "within ", "under ", "except ", "outside ", "unless ", "other than ", "apart from ", "but not "} {
		if strings.HasPrefix(low, w) {
			return true
		}
	}
	return false
}

// ExceptWordAt returns where the first exception word of a text stands outside its
// code spans (" except ", " other than ", " apart from ", " excluding "), at its
// leading space; -1 when there is none.
func ExceptWordAt(text string) int {
	at := -1
	for _, w := range []string{" except ", " other than ", " apart from ", " excluding "} {
		if i := strings.Index(text, w); i >= 0 && (at < 0 || i < at) && strings.Count(text[:i], "`")%2 == 0 {
			at = i
		}
	}
	return at
}

// newCodeHeadingRE: a heading for the code a change adds ("When Adding New
// Components", "Creating a new module", "New endpoints").
var newCodeHeadingRE = lazyre.New(`(?i)^(?:\W*(?:when|while|before|for)\s+)?(?:adding|creating|writing|introducing|building)\s+(?:a\s+|an\s+)?new\b|^\W*new\s+(?:components?|modules?|files?|features?|endpoints?|screens?|pages?|services?|packages?|code)\W*$`)

// NewCodeHeading reports whether a heading places its rules in the code a change
// adds.
func NewCodeHeading(h string) bool {
	low := strings.ToLower(strings.TrimSpace(h))
	if !strings.Contains(low, "new") || !containsAny(low, "adding", "creating", "writing", "introducing", "building") && !strings.HasPrefix(strings.TrimLeft(low, "#*_ "), "new ") {
		return false
	}
	return newCodeHeadingRE.MatchString(strings.TrimSpace(h))
}

// keptFileRE: a list item about one file's state ("Keep `settings.json` as clean JSONC
// — avoid large commented-out blocks"): what follows is said of that file.
var keptFileRE = lazyre.New("(?i)^\\W*keep\\s+(?:the\\s+)?`([^`]+)`\\s+(?:file\\s+)?(?:as\\s+|is\\s+)?(?:a\\s+)?(?:clean|valid|small|short|tidy|minimal|lean|sorted|consistent|readable|simple|free|strict|parseable)\\b")

// KeptFile is the file a "Keep `X` clean ..." item is about, "" otherwise.
func KeptFile(text string) string {
	if !strings.Contains(strings.ToLower(text), "keep `") && !strings.Contains(strings.ToLower(text), "keep the `") {
		return ""
	}
	if m := keptFileRE.FindStringSubmatch(text); m != nil {
		return m[1]
	}
	return ""
}

// proseWritingRE: a sentence about how documents are written ("in markdown prose", "in
// the docs' text", "in comments"), not about the code.
var proseWritingRE = lazyre.New(`(?i)\b(?:in|within|inside)\s+(?:the\s+)?(?:markdown(?:\s+(?:prose|files?|docs?|text))?|prose|documentation(?:\s+(?:prose|text))?|docs'?\s+(?:prose|text)|readme)\b`)

// AboutProseWriting reports whether a sentence is about the writing of documents.
func AboutProseWriting(text string) bool {
	low := strings.ToLower(text)
	if !containsAny(low, "in markdown", "in prose", "in documentation", "in the documentation", "in docs", "in the docs", "in readme", "in the readme",
		"within markdown", "inside markdown", "in the markdown") {
		return false
	}
	return proseWritingRE.MatchString(text)
}

// FoldersOfAName reports a clause that names the folder span as a kind of folder,
// every one of that name ("in `tests/` directories", "under `__tests__` folders"),
// not one path.
func FoldersOfAName(clause, span string) bool {
	i := strings.Index(clause, "`"+span+"`")
	if i < 0 {
		return false
	}
	rest := strings.TrimSpace(clause[i+len(span)+2:])
	for _, w := range []string{"directories", "folders", "dirs", "subdirectories", "subfolders"} {
		if strings.HasPrefix(rest, w) {
			return true
		}
	}
	return false
}

// inNewCodeRE: a rule limited to the code a change adds ("No jQuery in new code",
// "for all new files", "New code must ...").
var inNewCodeRE = lazyre.New(`(?i)\b(?:in|for|to|within|on) (?:any |all |the |every )?new(?:ly (?:added|written))? (?:code|files|modules|components|source files|functions|methods|classes|endpoints|types)\b|^\W*(?:all |any |every )?new (?:code|functions|methods|classes|modules|components) (?:must|should|shall|is|are|uses?|needs?|gets?|have|has)\b|^\W*no new\b|\b(?:don't|do not|never|must not|should not) (?:add|introduce|write) (?:any )?new\b`)

// InNewCode reports a rule the text limits to the code a change adds.
func InNewCode(text string) bool {
	if !strings.Contains(text, "ew") && !strings.Contains(text, "EW") {
		return false // (before the lower-case copy: most texts say no "new")
	}
	l := strings.ToLower(text)
	return strings.Contains(l, "new") && inNewCodeRE.MatchString(text)
}

// pathPlaceholderRE is a placeholder of a path a sentence writes (`<submodule>`).
var pathPlaceholderRE = lazyre.New(`<[^<>/\s]+>`)

// PathPlaceholdersAsWildcards makes the placeholders of a path a sentence writes
// wildcards: "sympy/<submodule>/tests/" is "sympy/*/tests/".
func PathPlaceholdersAsWildcards(p string) string {
	if !strings.Contains(p, "<") {
		return p
	}
	return pathPlaceholderRE.ReplaceAllString(p, "*")
}
