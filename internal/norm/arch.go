package norm

import (
	"regexp"
	"strings"
	"sync"
)

// Architecture statements: a project states its dependency rules as often without a
// modal verb as with one. "Allowed import direction: `api` -> `service` -> `repo`",
// "Dependencies flow one way: `app` → `lib` → `utils`" and "`render` depends only on
// `model`" are rules, though no "must" says so; a request flow drawn with the same
// arrows ("Request flow: `a.ts` → `b.ts` → `c.ts`") is not.

var (
	// codeSpanRE finds inline code spans.
	archSpanRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("`+[^`]+`+") })
	// arrowListRE: three or more spans joined by arrows, one way.
	arrowListRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`§(?:\s*(?:→|->|-->|=>|⟶)\s*§){2,}|§(?:\s*(?:←|<-|<--|<=|⟵)\s*§){2,}`)
	})
	// dependencyWordsRE: the words that make an arrow list a statement of dependencies.
	dependencyWordsRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(dependenc(y|ies)|depends?|imports?|import direction|layers?|layering)\b`)
	})
	// restrictedImportRE: "Only tests may import §", "Neither § nor § may import §":
	// a permission given to some is a ban for the rest.
	restrictedImportRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)^(?:only|neither)\b[^.;:]{0,80}?\b(?:may|can|is allowed to|are allowed to)\s+(?:directly\s+)?(?:import|depend on)\b(?:\s+from|\s+on)?\s+§`)
	})
	// importsNothingRE: "§ imports nothing", "§ imports domain only": what a part of
	// the code may import, stated as a fact.
	importsNothingRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)^(the\s+)?§(\s+(package|module|layer|folder|crate)s?)?\s+(imports|depends on)\s+(nothing\b|no other (code|folders?|packages?|modules?|layers?)\b|[a-z][\w-]*((\s*\+\s*|\s+and\s+|,\s*(and\s+)?)[a-z][\w-]*)*\s+(only|exclusively)\b)`)
	})
	// statedApartRE: "the § layer knows nothing about §", "§ is independent of §", "§
	// is the only package that talks to §": a boundary stated as a fact about the code.
	statedApartRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)^(the\s+)?§(\s+[\w-]+)?\s+(knows? nothing (about|of)|(has|have) no knowledge of|(is|are) (completely |fully |entirely |totally )?(unaware of|independent of|agnostic (of|to)|decoupled from)|(is|are) the only ([\w-]+ )?(package|module|folder|directory|layer|place|file|crate|class|component|part)s? (that|which|allowed to) (talks? to|imports?|uses?|calls?|depends? on|touch(es)?|reach(es)? into|access(es)?))\s+(the\s+)?§`)
	})
	// onlyDependsRE: "§ depends only on §", "§ imports only from §".
	onlyDependsRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)^(the\s+)?§(\s*(,|and|or)\s*§)*(\s+(package|module|layer|folder|crate)s?)?\s+(depends|imports)\s+(only|exclusively)\s+(on|from)?\s*§`)
	})
)

// BoundaryStatement reports whether text states a dependency rule without a modal
// verb: an arrow list of three or more code spans in a sentence about dependencies,
// imports or layers (names, not command lines), or "X depends only on Y".
func BoundaryStatement(text string) bool {
	text = SplitArrowSpans(text)
	prose := archSpanRE().ReplaceAllString(text, "§")
	prose = strings.Join(strings.Fields(prose), " ")
	if loc := arrowListRE().FindStringIndex(prose); loc != nil {
		// the spans of the arrow list itself: a command line there is no part
		// of the code ("`internal: []`" elsewhere in the sentence is no list)
		before := strings.Count(prose[:loc[0]], "§")
		n := strings.Count(prose[loc[0]:loc[1]], "§")
		for i, sp := range archSpanRE().FindAllString(text, -1) {
			if i >= before && i < before+n && strings.ContainsAny(strings.Trim(sp, "`"), " \t") {
				return false // a command line, not a part of the code
			}
		}
		words := arrowListRE().ReplaceAllString(prose, " ")
		return dependencyWordsRE().MatchString(words)
	}
	prose = strings.TrimLeft(prose, "-*• ")
	return onlyDependsRE().MatchString(prose) || restrictedImportRE().MatchString(prose) || importsNothingRE().MatchString(prose) || statedApartRE().MatchString(prose) || statedApartRE().MatchString(collapseNamedSpans(prose))
}

// arrowSpanRE: a code span that holds a whole arrow list of names, "`cmd → pkg →
// internal`".
var arrowSpanRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("`([\\w./@:-]+(?:\\s*(?:→|->|-->|=>|⟶|←|<-|<--|<=|⟵)\\s*[\\w./@:-]+){2,})`")
})

var arrowSplitRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\s*(→|->|-->|=>|⟶|←|<-|<--|<=|⟵)\s*`)
})

// SplitArrowSpans writes an arrow list held in one code span ("`cmd → pkg →
// internal`") as the span of each name joined by the arrows ("`cmd` → `pkg` →
// `internal`"), the way the boundary readers read it.
func SplitArrowSpans(text string) string {
	if !strings.Contains(text, "`") {
		return text
	}
	return arrowSpanRE().ReplaceAllStringFunc(text, func(m string) string {
		inner := strings.Trim(m, "`")
		return "`" + arrowSplitRE().ReplaceAllString(inner, "` $1 `") + "`"
	})
}

// importColumnRE: a table column that lists what a row's part may import.
var importColumnRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)(^|\|)\s*(may|can|is allowed to|allowed to)\s+(import|depend on|use)( from)?\s*(\||$)|(^|\|)\s*(allowed|permitted)\s+(imports|dependencies)\s*(\||$)`)
})

// ImportColumn reports whether a table's header row ("Layer | May import") has a
// column of what each row's part may import: its rows are rules.
func ImportColumn(header string) bool { return importColumnRE().MatchString(header) }

// Test files exempted from a boundary. "`store` must not import `testkit` outside its
// tests", "..., except in tests", "(tests excepted)", "Tests are exempt.", a heading
// "Import rules (test files excepted)", and a sentence of the section that frames its
// rules: "Test files are outside these boundaries", "These rules do not apply to
// `_test.go` files", "Test modules (`test_*.py`) may import any layer". A sentence that
// keeps the tests in ("not even in tests", "tests included") exempts nothing, and a
// sentence that only speaks of tests ("tests of `api` use the fakes") exempts nothing.

// testsNoun is the words that name a project's tests, spans (§) allowed after them
// ("test files (§)").
const testsNoun = `(?:(?:unit|integration) )?(?:tests?|test (?:files?|code|sources?|modules?|suites?|packages?|classes|helpers)|specs?|spec files?)(?: \(§\))?`

var (
	// testsKeptRE: the tests are bound too.
	testsKeptRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b(?:not even|even|including|also) (?:in |from |for )?(?:(?:its|their|the|your) )?(?:own )?` + testsNoun + `\b|\b` + testsNoun + ` (?:included|too|as well)\b`)
	})
	// testsExceptRE: an exemption inside the rule's own sentence.
	testsExceptRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b(?:outside(?: of)?|except(?: (?:in|from|for|within|inside))?|other than(?: in| from)?|apart from(?: in)?|but not(?: in| from)?|excluding|save(?: in)?|unless (?:it is|they are|in)(?: an?)?) (?:(?:its|their|the|your|our|a) )?(?:own )?` + testsNoun + `\b` +
			`|\(?\b` + testsNoun + `(?: (?:such as|like|e\.g\.,?) §)?(?: \(§\))? (?:are |is |being )?(?:excepted|exempt(?:ed)?|excluded|aside|apart|left out|not included)\b` +
			`|\bexcept(?:ing)? (?:for )?` + testsNoun + `\b`)
	})
	// testsFrameRE: a sentence of the section that takes the tests out of its rules.
	testsFrameRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:(?:all|the|our|your) )?` + testsNoun + ` (?:are|is|stay|sit|fall|lie) (?:outside|exempt from|not (?:bound by|subject to|covered by)) (?:of )?(?:these|the|this|those|our|all|any)(?: \w+)? (?:boundar(?:y|ies)|rules?|constraints?|restrictions?|layers?|layering)\b` +
			`|^(?:these|the|this|those|all|our)(?: \w+)? (?:boundar(?:y|ies)|rules?|constraints?|restrictions?|layers?|layering) (?:do not|does not|don't|doesn't|never) (?:apply to|cover|bind|restrict|govern) (?:(?:the|any|your) )?(?:§|` + testsNoun + `)(?: files?)?\b` +
			`|^(?:(?:all|the|our|your|a) )?` + testsNoun + ` (?:may|can|is allowed to|are allowed to|are free to|is free to) (?:import|depend on|use) (?:anything|any (?:layer|package|module|folder|crate)|everything|what(?:ever)? (?:it|they) (?:needs?|likes?|wants?)|freely)\b`)
	})
)

// TestsExempted reports whether the sentence of a boundary exempts test files from it
// ("outside its tests", "except in tests", "(tests excepted)", "Tests are exempt").
func TestsExempted(text string) bool {
	prose := archProse(text)
	return !testsKeptRE().MatchString(prose) && testsExceptRE().MatchString(prose)
}

// TestsFramedOut reports whether a sentence of a section takes test files out of the
// section's rules ("Test files are outside these boundaries", "These rules do not
// apply to `_test.go` files", "Test modules (`test_*.py`) may import any layer").
func TestsFramedOut(text string) bool {
	for _, s := range strings.FieldsFunc(archProse(text), func(r rune) bool { return r == '.' || r == ';' || r == ':' }) {
		s = strings.TrimSpace(s)
		if !testsKeptRE().MatchString(s) && testsFrameRE().MatchString(s) {
			return true
		}
	}
	return false
}

// archProse is text lower case, white space folded, code spans as §.
func archProse(text string) string {
	prose := archSpanRE().ReplaceAllString(text, "§")
	prose = strings.NewReplacer("**", "", "__", "").Replace(prose)
	return strings.Join(strings.Fields(strings.ToLower(prose)), " ")
}

// How-to steps on paths. "Create a symlink from `docs/src/examples` to `examples`",
// "copy `a` -> `b`", "move the tests from `a` to `b`": the "from ... to" and the arrow
// belong to the operation on files, and say nothing of which code may import which.
var pathOperationRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(sym(bolic)?[- ]?links?|symlink(s|ed|ing)?|hard[- ]?links?|ln -s|cop(y|ies|ied|ying)|cp|mov(e|es|ed|ing)|mv|renam(e|es|ed|ing)|rsync|mirror(s|ed|ing)?|mount(s|ed|ing)?|point(s|ed|ing)?\s+(§\d*|` + "`[^`]+`" + `)[^.;]{0,40}\bto)\b`)
})

// PathOperation reports whether text is a step that makes a link, copies, moves,
// renames or mounts one path onto another.
func PathOperation(text string) bool { return pathOperationRE().MatchString(text) }

// dependingConditionRE: "Depending on your git settings, ...": a condition of the
// sentence, not a dependency between parts of the code.
var dependingConditionRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\bdepending (up)?on (your|the|whether|how|what|which|its|their|a|an|where|when)\b[^,;:.]*`)
})

// WithoutDependingCondition removes the conditions "depending on your ..." from text,
// so that its word "depending" is not read as a dependency.
func WithoutDependingCondition(text string) string {
	return dependingConditionRE().ReplaceAllString(text, " ")
}

// A boundary stated as a fact ("The `model` package knows nothing about `server`",
// "Dependencies flow one way: `a` → `b` → `c`") may describe the code as it is rather
// than ask anything of a change; one given as a directive ("must not", "never",
// "should", "only", "is not allowed", "Keep ... out of", "Don't import") asks it.

// archRulesHeadingRE: a heading that names what is under it as rules.
var archRulesHeadingRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(rules?|allowed|forbidden|banned|constraints?|restrictions?|boundar(y|ies)|must|never|don'?t|do not)\b`)
})

// ArchDirective reports whether a boundary sentence asks something of the code: the
// sentence or the lead-in it stands under (context) directs the reader (Directs, the
// reader the certainty checks ask too), or a heading or lead-in above it calls its
// items rules.
func ArchDirective(text, context string, headings []string) bool {
	if Directs(text) || context != "" && Directs(context) {
		return true
	}
	if lead := strings.TrimSpace(context); strings.HasSuffix(lead, ":") && archRulesHeadingRE().MatchString(lead) {
		// a lead-in that calls its items rules, as a heading does ("Layer rules:")
		return true
	}
	for _, h := range headings {
		if archRulesHeadingRE().MatchString(h) {
			return true
		}
	}
	return false
}

// A sentence elsewhere in a section that grants one part of a boundary's importers
// what the boundary forbids: "The admin screens (`src/ui/admin/`) are the one
// exception: they read `src/db/` directly", "`src/ui/admin/` may import `src/db/`",
// "`cmd/migrate` is allowed to use `internal/db`". The caller checks that it names a
// folder below the boundary's importers and the boundary's target.
var boundaryGrantRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(?:(?:the|an|one) (?:only |sole )?exceptions?|exempt(?:ed)?|excepted|(?:is|are) (?:allowed|permitted|free) to|(?:may|can) (?:import|use|read|access|call|depend on|reach into|talk to)|(?:is|are) (?:fine|ok|okay|acceptable)|(?:is|are) the (?:one|only) (?:place|folder|package|module|layer)s? (?:that|which|where) (?:may|can|does|do|is allowed to|are allowed to))\b`)
})

// boundaryGrantDeniedRE: the sentence takes the grant back or denies it ("is not
// allowed to", "may not", "no exception").
var boundaryGrantDeniedRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(?:not|never|no|nor|cannot|can't|mustn't|shouldn't)\b`)
})

// GrantsBoundaryException reports whether text grants an exception to a boundary.
func GrantsBoundaryException(text string) bool {
	prose := archProse(text)
	return boundaryGrantRE().MatchString(prose) && !boundaryGrantDeniedRE().MatchString(prose)
}
