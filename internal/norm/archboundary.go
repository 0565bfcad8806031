package norm

import (
	"strings"
	"sync"

	"github.com/heed-dev/heed/internal/lazyre"
)

// The boundary sentences of an architecture section, read from an ArchSentence's
// prose: which form the sentence takes, and which of its spans (or words) stand on
// which side. The architecture recognisers place the names against the repository
// and build the rules; the reading of the English is here.

var (
	// "§0 must not import (from) §1", "code in §0 must not depend on §1"
	archForbidRE = lazyre.New(`^` + archPlace + `(` + archSpanList + `)` + archNoun + archAside + `(?: itself| themselves)?,? ` + archNeg + ` (?:directly |ever )?` + archImportVerb + `(?: anything| any code| any (?:class|type|module|file)(?:es|s)?)?(?: from| on| in| inside| under)?(?: the)? (` + archSpanList + `)`)
	// "§0 must not depend on Android framework classes (§1)": the target named in
	// words, its code in parentheses
	archForbidNamedRE = lazyre.New(`^` + archPlace + `(` + archSpanList + `)` + archNoun + archAside + `,? ` + archNeg + ` (?:directly |ever )?` + archImportVerb + `(?: from| on)?(?: the| any)? (?:[a-z][\w-]* ){1,4}\((` + archSpanList + `)\)[.;]?$`)
	// "nothing in §0 may import (from) §1"
	archNothingInRE = lazyre.New(`^nothing (?:in|under|inside) (` + archSpanList + `)` + archNoun + archAside + ` (?:may|must|should|can|shall) ` + archImportVerb + `(?: anything)?(?: from| on)? (` + archSpanList + `)`)
	// "only §0 (files) may import §1", "only files under §0 may import §1"
	archOnlyMayRE = lazyre.New(`^only (?:(?:the )?(?:files|code|modules|packages|classes) (?:under|in|inside|within|below) )?(` + archSpanList + `)` + archNoun + ` (?:may|can|should|are allowed to|is allowed to|must) ` + archImportVerb + `(?: from)? (` + archSpanList + `)`)
	// "nothing imports §0 except §1"
	archNothingExceptRE = lazyre.New(`^nothing (?:else )?(?:may |should |must |can )?(?:imports?|depends? on) (` + archSpanList + `)(?: (?:except|other than|but|apart from|besides) (` + archSpanList + `))?(?:[.;]|$)`)
	// "§0 may only be imported by §1"
	archOnlyImportedByRE = lazyre.New(`^(` + archSpanList + `)` + archNoun + archAside + ` (?:may|must|should|can) (?:only|exclusively) be (?:imported|used) (?:by|from|in) (` + archSpanList + `)`)
	// "§0 -> no imports from §1"
	archArrowNoRE = lazyre.New(`^(` + archSpanList + `) (?:->|→|=>) no imports? from (` + archSpanList + `)`)
	// "§0 ... (sits alongside §1, may import from it but not vice versa)"
	archReverseRE = lazyre.New(`^(§\d+)\b.*?(§\d+)[^§]*?\bmay (?:import|depend on|use)(?: from)? it,? but not (?:vice versa|the other way round|the other way around|the reverse)`)
	// "§0 may import (from) §1 but not vice versa"
	archReverse2RE = lazyre.New(`^(§\d+)` + archNoun + ` (?:may|can) (?:import|depend on|use)(?: from)? (§\d+)` + archNoun + `,? but not (?:vice versa|the other way round|the other way around|the reverse)`)
	// "§0 may only import (from) §1", "§0 imports only §1"
	archOnlyRE = lazyre.New(`^` + archPlace + `(` + archSpanList + `)` + archNoun + archAside + ` (?:(?:may|must|should|can) (?:only|exclusively) (?:import|depend on|use)(?: from| on)?|(?:imports|depends on|uses|(?:may|must|should|can) (?:import|depend on)) (?:only|exclusively)(?: from| on)?|(?:(?:may|must|should|can) depend|depends) (?:only|exclusively) on) (` + archSpanList + `)`)
	// "§0 is the data model: it imports no other heed package"
	archOnlyNoneRE = lazyre.New(`^(?:the )?(` + archSpanList + `)` + archNoun + `\b[^§]*?(?:\bit|\bthey|, which|^)? ?(?:(?:imports|depends on|may import|must import|import|depend on) (?:no|nothing from any)|` + archNeg + ` ` + archImportVerb + ` (?:any|anything from any|code from any)) other (?:[\w-]+ ){0,2}(?:packages?|modules?|code|folders?)`)
	// "§0 must not import any other (heed) package"
	archOnlyNone2RE = lazyre.New(`^(?:the )?(` + archSpanList + `)` + archNoun + archAside + ` ` + archNeg + ` (?:` + archImportVerb + `|use) (?:(?:any )?other (?:[\w-]+ ){0,2}(?:packages?|modules?|code|folders?|crates?)|anything else (?:from|in|of) (?:this|the|our) (?:module|repository|repo|project|codebase|code base|workspace))`)
	// "§0 imports nothing from §1 except §2 and §3": a ban of §1 with parts of it
	// allowed
	archNothingFromExceptRE = lazyre.New(`^(?:the )?(` + archSpanList + `)` + archNoun + archAside + ` (?:imports|depends on|(?:may|must|should|can) (?:import|depend on)) nothing (?:from|in|of) (?:the )?(` + archSpanList + `)` + archNoun + `,? (?:except|other than|but|apart from|besides|save) (?:for )?(` + archSpanList + `)`)
	// "§0 is private: reach it only through §1": nothing outside §0 imports it but
	// through §1
	archPrivateThroughRE = lazyre.New(`^(?:the )?(` + archSpanList + `)` + archNoun + archAside + ` (?:is|are) (?:private|internal)(?: to itself)?(?::|;|,| —| -)? (?:(?:always |only )?(?:reach|access|use|import|consume) (?:it|them) (?:only )?(?:through|via|from) |(?:other code|everything else|callers|consumers) (?:reach|access|use|import)s? (?:it|them) only (?:through|via) )(` + archSpanList + `)`)
	// German, verb last: "§0 darf nichts aus §1 importieren", "§0 darf nicht von §1
	// abhängen", "§0 sollen keine Module aus §1 importieren"
	archGermanForbidRE = lazyre.New(`^(?:der |die |das )?(` + archSpanList + `)(?: (?:ordner|paket|modul|verzeichnis|schicht))?(?: \([^()]*\))? (?:darf|dürfen|soll|sollen|muss|müssen) (?:niemals |nie |auf keinen fall )?(?:nichts|nicht|keine|keinen|keinerlei)(?: [\wäöüß-]+){0,2}? (?:aus|von) (` + archSpanList + `) (?:importieren|einbinden|verwenden|nutzen|abhängen|abhängig sein|referenzieren)`)
	// the same glossed word by word, its verb still last: "§0 must not §1 import"
	archGlossedVerbLastRE = lazyre.New(`^(?:the )?(` + archSpanList + `)` + archNoun + ` (?:must not|must never|may not|should not) (?:of |from )?(` + archSpanList + `) (?:import|depend on|depend|use|reference)[.;]?$`)
	// "§0 imports nothing", "§0 must import nothing (no frameworks)"
	archImportsNothingRE = lazyre.New(`^(?:the )?(` + archSpanList + `)` + archNoun + archAside + ` (?:imports|depends on|(?:may|must|should|can) (?:import|depend on)) (?:nothing|no other (?:code|folders?|packages?|modules?|layers?))\b`)
	// "§0 imports domain only", "§0 imports application + contracts only", "§0 may
	// import only domain and shared": folders named without code spans
	archImportsWordsRE = lazyre.New(`^(?:the )?(` + archSpanList + `)` + archNoun + archAside + ` (?:(?:imports|depends on|(?:may|can|should|must) (?:import|depend on)) ((?:only|exclusively) )?(?:from |on )?)((?:[a-z][\w-]*)(?:(?: ?\+ ?| and |, (?:and )?|/)[a-z][\w-]*)*)(?: (only|exclusively))?(?:[.;,:(]|$)`)
	// "neither §0 nor §1 may import §2"
	archNeitherRE = lazyre.New(`^neither (` + archSpanList + `)` + archNoun + archAside + ` (?:may|can|should|must|shall|is allowed to|are allowed to) (?:directly )?` + archImportVerb + `(?: anything)?(?: from| on)?(?: the)? (` + archSpanList + `)`)
	// "only tests may import §0", "only test files (§0) may import §1"
	archOnlyTestsRE = lazyre.New(`^only (?:the )?(?:(?:unit|integration) )?(?:tests?|test (?:files|code|modules|packages|sources)|specs|spec files)(?: \((§\d+)\))? (?:may|can|should|are allowed to|is allowed to|must) ` + archImportVerb + `(?: from)? (` + archSpanList + `)`)
	// "a feature must not import from another feature('s folder)"
	archIsolateRE = lazyre.New(`^(?:a|an|one|each|any|every) ([a-z-]+?) ` + archNeg + ` ` + archImportVerb + `(?: anything| code)?(?: from| on)? (?:another|any other|a different|other) ([a-z-]+?)(?:'s|s'|s)?(?: (?:folder|directory|package|module|code)s?)?(?:[ ,.;(]|$)`)
	// "§0 may import §1, never §2"
	archPermitNeverRE = lazyre.New(`^` + archPlace + `(` + archSpanList + `)` + archNoun + archAside + ` (?:may|can) (?:import|depend on|use)(?: from| on)? (?:` + archSpanList + `),? (?:but )?(?:never|not) (?:from |on )?(` + archSpanList + `)`)
	// an item of a list whose lead-in says each may only import what the item lists:
	// "§0: §1, §2", "§0: nothing"
	archLayerItemRE = lazyre.New(`^(§\d+)` + archNoun + `:? (?:(` + archSpanList + `)|` + archNothingOwn + `)\.?$`)
	// an item of a per-layer list that carries its own verb: "§0: may import §1 and
	// §2", "§0: imports nothing from the project"
	archLayerItemVerbRE    = lazyre.New(`^(§\d+)` + archNoun + `:? (?:(?:may|can) (?:only )?(?:import|depend on|use)|imports only|depends only on)(?: from| on)? (` + archSpanList + `)\.?$`)
	archLayerItemNothingRE = lazyre.New(`^(§\d+)` + archNoun + `:? (?:imports|depends on|uses|(?:may|can|must|should) (?:import|depend on|use)) ` + archNothingOwn + `\.?$`)
	// a lead-in over a list of rules per layer ("Layer rules:", "Dependencies:")
	archLayerLeadInRE = lazyre.New(`\blayers?\b|\bdependenc(?:y|ies)\b|\bimport rules\b|\bboundar(?:y|ies)\b`)
	// a row of a table whose header has a column of what each part may import
	archTableRowRE   = lazyre.New(`^(§\d+)` + archNoun + ` \| (?:(` + archSpanList + `)|-|—|` + archNothingOwn + `)\.?$`)
	archOnlyLeadInRE = lazyre.New(`\b(?:may|can|must|should) only (?:import|depend on|use)\b|\b(?:may|can) (?:import|depend on) only\b|\b(?:imports?|depends?) only\b`)
	// "§0 and §1 must not import each other"
	archEachOtherRE = lazyre.New(`^(?:the )?(` + archSpanList + `)` + archNoun + archAside + ` ` + archNeg + ` (?:import|depend on|reference) (?:from )?(?:each other|one another)`)
	archIsolate2RE  = lazyre.New(`^(?:the )?([a-z-]+?)s ` + archNeg + ` (?:import|depend on|reference) (?:from )?(?:each other|one another)`)
	archIsolate3RE  = lazyre.New(`^no ([a-z-]+?) (?:may|can|should|must) ` + archImportVerb + `(?: from)? (?:another|any other|a different|other) ([a-z-]+?)(?:'s|s'|s)?\b`)
	// "the modules under §0 are independent (of each other)", "folders in §0 must
	// stay isolated from one another"
	archIsolateUnderRE = lazyre.New(`^(?:the )?(?:[\w-]+ )?(?:modules|folders|directories|packages|features|apps|crates|services|components|libraries|libs|plugins|sub-?folders|sub-?packages) (?:under|in|inside|below|of) (§\d+) (?:are|stay|must be|must stay|should be|should stay|remain|must remain|should remain|are kept|must be kept) (?:fully |completely |strictly |mutually )?(?:independent|isolated|decoupled|separate)(?: (?:of|from) (?:each other|one another))?(?:[:.;,]|$)`)
	// "features under §0 must not import from each other"
	archIsolateUnder2RE = lazyre.New(`^(?:the )?(?:[\w-]+ )?(?:modules|folders|directories|packages|features|apps|crates|services|components|libraries|libs|plugins|sub-?folders|sub-?packages) (?:under|in|inside|below|of) (§\d+),? ` + archNeg + ` (?:import|depend on|reference|use code)(?: anything)? (?:from )?(?:each other|one another)`)
	// "nothing outside §0 may import §1", "code outside §0 must not import §1"
	archNothingOutsideRE = lazyre.New(`^(?:nothing|no (?:code|file|package|module|class)|(?:code|files|packages|modules|classes)) outside(?: of)?(?: the)? (` + archSpanList + `)` + archNoun + archAside + ` (?:(?:may|can|should|must|shall|is allowed to|are allowed to) |` + archNeg + ` )(?:directly |ever )?` + archImportVerb + `(?: anything)?(?: from| on)?(?: the)? (` + archSpanList + `)`)
	// "api client functions in §0 must never be called directly from components in
	// §1": the importers are the second part
	archCalledFromRE = lazyre.New(`^(?:(?:the |all |any )?(?:[a-z][\w-]* ){0,4}?(?:in|under|from|of) )?(?:the )?(` + archSpanList + `)` + archNoun + archAside + `,? (?:must|should|may|shall|can)(?: not| never|not ever)(?: ever)? be (?:called|imported|used|accessed|referenced|invoked)(?: directly)? (?:from|by|in|inside) (?:(?:the |any )?(?:[a-z][\w-]* ){0,3}?(?:in|under) )?(?:the )?(` + archSpanList + `)`)
	// "never access §0 (directly) from §1", "do not import SQLAlchemy in §1", "no
	// direct access to §0 from §1", "nunca acceso directo a §0 desde §1": an
	// imperative that names what is imported and the folders that must not import it
	archImperativeInRE = lazyre.New(`^(?:(?:never|do not|don't|must not|avoid) (?:directly )?(?:import|use|access|reference|touch|call into|reach into)(?: directly)?|no direct (?:access to|imports? of|use of)|nunca (?:acceso directo a|acceder directamente a|accedas directamente a|importes|importar|uses|usar)) (?:the )?(` + archSpanList + `|[a-z][\w.-]*)(?: directly| directamente)? (?:from|in|inside|within|desde|en|dentro de) (?:the )?(?:code (?:in|of|under) )?(§\d+(?:(?:, (?:and |or )?| (?:and|or|o|y) )§\d+)*)` + archNoun + `(?:[.;,:]|$| directly\b)`)
	archVicaVersaRE    = lazyre.New(`\((?:or|and) (?:the other way round|the other way around|vice versa)\)|,? (?:or|and) (?:the other way round|the other way around|vice versa)\b`)
	archIndependentRE  = lazyre.New(`\b(?:independent|isolated|decoupled|separate) (?:of|from) (?:each other|one another)|\bmust not depend on each other|\bstay independent\b`)
)

var (
	archWordBoundaryRE = lazyre.New(`(?:^|; )(?:the )?([a-z][\w-]*?)(?: (?:layer|package|module|folder|crate)s?)? ` + archNeg + ` (?:directly |ever )?(?:import|depend on|reference|use|touch|call|access|talk to|reach into)(?: anything| items| code| symbols| modules| types)?(?: from| on)?(?: the| a| an| any)? ([a-z][\w-]*?)(?: (?:layer|package|module|folder|crate)s?)?(?: directly)?(?:,? (?:and|or) (?:vice versa|the other way round|the other way around))?[.;]?$`)
	// "the renderer must never import from §0", "handlers must not import §0": the
	// importing part named as a word, the imported one as code spans
	archWordForbidSpansRE = lazyre.New(`^(?:the )?([a-z][\w-]*?)(?: (?:layer|package|module|folder|crate|process|code)s?)? ` + archNeg + ` (?:directly |ever )?` + archImportVerb + `(?: anything)?(?: from| on)?(?: the)? (` + archSpanList + `)(?: directly)?(?:[.;,]|$)`)
	archImportWordRE      = lazyre.New(`\b(?:import|depend on|reference)\b`)
	archWordOnlyNeverRE   = lazyre.New(`^(?:the )?([a-z][\w-]*?) (?:may|can|must|should) only (?:use|import|depend on|call|talk to) (?:the )?[a-z][\w-]*?,? (?:but )?(?:never|not) (?:use |import |call |touch |access )?(?:the |any )?([a-z][\w-]*?)(?: directly)?\.?$`)
)

var (
	// archArrowItemRE: an item of a list of allowed edges, "§0 → §1, §2", "§0 → nothing".
	archArrowItemRE = lazyre.New(`^(§\d+)` + archNoun + ` (?:→|->|-->|=>|⟶) (?:(` + archSpanList + `)|nothing|none|-|—|no other (?:layers?|packages?|modules?))\.?$`)
	// archAllowedHeadingRE: a heading or lead-in over a list of what each part may import.
	archAllowedHeadingRE = lazyre.New(`\b(?:allowed|permitted) (?:dependenc(?:y|ies)|imports?|edges)\b|\bdependency rules\b|\b(?:may|can) (?:import|depend on)\b|\bimport rules\b`)
)

var (
	archLibAsideRE = lazyre.New("\\((?:so )?no (`?[A-Za-z][^()]*)\\)")
	archLibSepRE   = lazyre.New(`\s*(?:,|/|\bor\b|\band\b|\bnor\b)\s*`)
)

// BoundaryForm is the shape of a boundary sentence.
type BoundaryForm int

const (
	// NoBoundary: the sentence states no boundary this reader knows.
	NoBoundary BoundaryForm = iota
	// BoundaryForbid: the parts of From must not import those of To ("§0 must not
	// import §1"); Both: nor the other way round.
	BoundaryForbid
	// BoundaryNothingIn: "nothing in §0 may import §1", a BoundaryForbid that may
	// be an example of an independence its context states.
	BoundaryNothingIn
	// BoundaryOnly: each part of From may import (of the repository's own code) only
	// To and itself; an empty To, nothing else at all.
	BoundaryOnly
	// BoundaryImportsNothing: the parts of From import nothing ("§0 imports nothing").
	BoundaryImportsNothing
	// BoundaryOnlyWords: From may import only the folders Words names without code
	// spans ("§0 imports domain + contracts only").
	BoundaryOnlyWords
	// BoundaryExcept: only the parts of From may import those of To.
	BoundaryExcept
	// BoundaryTestsOnly: only tests (those of From when it names some) may import To.
	BoundaryTestsOnly
	// BoundaryEachOther: the parts of From must not import one another.
	BoundaryEachOther
	// BoundaryWords: two parts named as words, FromWord must not import ToWord
	// ("Domain must not depend on Infrastructure").
	BoundaryWords
	// BoundaryWordForbid: the part FromWord names in words must not import those of
	// To ("the renderer must never import from §0").
	BoundaryWordForbid
	// BoundaryForbidWord: the parts of From must not import what ToWord names in
	// words, a third-party library ("never access SQLAlchemy from §0").
	BoundaryForbidWord
)

// Boundary is what a boundary sentence says.
type Boundary struct {
	Form     BoundaryForm
	From, To []int // span numbers of each side
	Both     bool  // the other way round too ("or vice versa")
	// Except are spans of parts of To that From may import all the same ("nothing
	// from §1 except §2").
	Except           []int
	Words            string
	FromWord, ToWord string
	// Imperative: an order with no subject ("never access §0 from §1"), whose
	// target may be a construct of another domain (a class, a call) rather than a
	// part of the code: a target that places nowhere is no reason to give.
	Imperative bool
}

// BoundaryContext is what the sentence's surroundings say: the constraint's lead-in
// (its context), the nearest heading, and whether the sentence has code spans.
type BoundaryContext struct {
	Context string // the lead-in as written
	Lower   string // the lead-in in lower case, white space folded, code spans as one word
	Heading string // the nearest heading, "" for none
	Spans   int    // the number of code spans in the sentence
}

// ReadBoundary reads the forbid and only forms of a boundary sentence's prose.
func ReadBoundary(prose string, ctx BoundaryContext) Boundary {
	p := prose
	sp := ArchSpanIndexes
	two := func(f BoundaryForm, re *lazyre.RE, a, b int, both bool) Boundary {
		m := re.FindStringSubmatch(p)
		return Boundary{Form: f, From: sp(m[a]), To: sp(m[b]), Both: both}
	}
	switch {
	case archArrowNoRE.MatchString(p):
		return two(BoundaryForbid, archArrowNoRE, 1, 2, false)
	case archPermitNeverRE.MatchString(p):
		return two(BoundaryForbid, archPermitNeverRE, 1, 2, false)
	case archLayerItemRE.MatchString(p) && archOnlyLeadInRE.MatchString(ctx.Lower):
		return two(BoundaryOnly, archLayerItemRE, 1, 2, false)
	case archLayerItemVerbRE.MatchString(p) && archLayerLeadInRE.MatchString(ctx.Lower):
		// "- `app`: may import `domain`" under "Layer rules:"
		return two(BoundaryOnly, archLayerItemVerbRE, 1, 2, false)
	case archLayerItemNothingRE.MatchString(p) && archLayerLeadInRE.MatchString(ctx.Lower):
		return Boundary{Form: BoundaryImportsNothing, From: sp(archLayerItemNothingRE.FindStringSubmatch(p)[1])}
	case archArrowItemRE.MatchString(p) && allowedHeading(ctx):
		// "- `ui` → `state`, `api`" under "## Allowed dependencies"
		return two(BoundaryOnly, archArrowItemRE, 1, 2, false)
	case archTableRowRE.MatchString(p) && ImportColumn(ctx.Context):
		return two(BoundaryOnly, archTableRowRE, 1, 2, false)
	case archEachOtherRE.MatchString(p):
		return Boundary{Form: BoundaryEachOther, From: sp(archEachOtherRE.FindStringSubmatch(p)[1])}
	case archGermanForbidRE.MatchString(p):
		return two(BoundaryForbid, archGermanForbidRE, 1, 2, false)
	case verbLast(p) && archGlossedVerbLastRE.MatchString(p):
		return two(BoundaryForbid, archGlossedVerbLastRE, 1, 2, false)
	case strings.Contains(p, " only ") && (strings.Contains(p, " through ") || strings.Contains(p, " via ")) && archPrivateThroughRE.MatchString(p):
		m := archPrivateThroughRE.FindStringSubmatch(p)
		return Boundary{Form: BoundaryExcept, From: sp(m[1]), To: sp(m[1]), Except: sp(m[2])}
	case archNothingFromExceptRE.MatchString(p):
		m := archNothingFromExceptRE.FindStringSubmatch(p)
		return Boundary{Form: BoundaryForbid, From: sp(m[1]), To: sp(m[2]), Except: sp(m[3])}
	case archImportsNothingRE.MatchString(p):
		return Boundary{Form: BoundaryImportsNothing, From: sp(archImportsNothingRE.FindStringSubmatch(p)[1])}
	case archImportsWordsRE.MatchString(p) && wordsOnly(archImportsWordsRE.FindStringSubmatch(p)):
		m := archImportsWordsRE.FindStringSubmatch(p)
		return Boundary{Form: BoundaryOnlyWords, From: sp(m[1]), Words: m[3]}
	case archNeitherRE.MatchString(p):
		return two(BoundaryForbid, archNeitherRE, 1, 2, false)
	case archOnlyTestsRE.MatchString(p):
		return two(BoundaryTestsOnly, archOnlyTestsRE, 1, 2, false)
	case archNothingInRE.MatchString(p):
		return two(BoundaryNothingIn, archNothingInRE, 1, 2, archVicaVersaRE.MatchString(p))
	case archNothingOutsideRE.MatchString(p):
		return two(BoundaryExcept, archNothingOutsideRE, 1, 2, false)
	case archCalledFromRE.MatchString(p):
		return two(BoundaryForbid, archCalledFromRE, 2, 1, false)
	case archCalledFromWordsRE.MatchString(p):
		b, _ := calledFromWords(p)
		return b
	case archOnlyMayRE.MatchString(p):
		return two(BoundaryExcept, archOnlyMayRE, 1, 2, false)
	case archNothingExceptRE.MatchString(p):
		return two(BoundaryExcept, archNothingExceptRE, 2, 1, false)
	case archOnlyImportedByRE.MatchString(p):
		return two(BoundaryExcept, archOnlyImportedByRE, 2, 1, false)
	case archReverse2RE.MatchString(p):
		return two(BoundaryForbid, archReverse2RE, 2, 1, false)
	case archReverseRE.MatchString(p):
		return two(BoundaryForbid, archReverseRE, 2, 1, false)
	case archOnlyNone2RE.MatchString(p):
		return Boundary{Form: BoundaryOnly, From: sp(archOnlyNone2RE.FindStringSubmatch(p)[1])}
	case archForbidRE.MatchString(p):
		return two(BoundaryForbid, archForbidRE, 1, 2, archVicaVersaRE.MatchString(p))
	case archForbidNamedRE.MatchString(p):
		// "... must not depend on Android framework classes (§1)"
		return two(BoundaryForbid, archForbidNamedRE, 1, 2, false)
	case archOnlyRE.MatchString(p):
		return two(BoundaryOnly, archOnlyRE, 1, 2, false)
	case archOnlyNoneRE.MatchString(p):
		return Boundary{Form: BoundaryOnly, From: sp(archOnlyNoneRE.FindStringSubmatch(p)[1])}
	case archImperativeInRE.MatchString(p):
		m := archImperativeInRE.FindStringSubmatch(p)
		if strings.HasPrefix(m[1], "§") {
			return Boundary{Form: BoundaryForbid, From: sp(m[2]), To: sp(m[1]), Imperative: true}
		}
		return Boundary{Form: BoundaryForbidWord, From: sp(m[2]), ToWord: m[1], Imperative: true}
	case archWordForbidSpansRE.MatchString(p):
		m := archWordForbidSpansRE.FindStringSubmatch(p)
		return Boundary{Form: BoundaryWordForbid, FromWord: m[1], To: sp(m[2]), Both: archVicaVersaRE.MatchString(p)}
	case ctx.Spans == 0 && archWordBoundaryRE.MatchString(p):
		m := archWordBoundaryRE.FindStringSubmatch(p)
		return Boundary{Form: BoundaryWords, FromWord: m[1], ToWord: m[2], Both: archVicaVersaRE.MatchString(p)}
	case ctx.Spans == 0 && archWordOnlyNeverRE.MatchString(p):
		// "Controllers may only use services, never repositories directly": the
		// part said outright
		m := archWordOnlyNeverRE.FindStringSubmatch(p)
		return Boundary{Form: BoundaryWords, FromWord: m[1], ToWord: m[2]}
	}
	if q := canonVerbs(collapseNamedSpans(p)); q != p {
		// "the storage layer (§0) has no knowledge of http (§1)": the parts as
		// their spans
		return ReadBoundary(q, ctx)
	}
	if q := nounFirst(p); q != p {
		// "package §0 must not import package §1": the kind after the span
		return ReadBoundary(q, ctx)
	}
	if _, rest, ok := strings.Cut(p, ": "); ok && rest != "" {
		// "Don't reach into another app's internals: code in §0 may only import
		// from §1": the boundary after the lead clause
		return ReadBoundary(rest, ctx)
	}
	return Boundary{}
}

// allowedHeading reports whether the constraint's lead-in or nearest heading says its
// list is of allowed imports.
func allowedHeading(ctx BoundaryContext) bool {
	if archAllowedHeadingRE.MatchString(ctx.Lower) {
		return true
	}
	return ctx.Heading != "" && archAllowedHeadingRE.MatchString(strings.ToLower(ctx.Heading))
}

// wordsOnly reports whether an archImportsWordsRE match restricts ("only" before or
// after the names) and names no word that is a function word rather than a folder.
func wordsOnly(m []string) bool {
	if m[2] == "" && m[4] == "" {
		return false
	}
	for _, w := range ArchWords(m[3]) {
		switch w {
		case "the", "a", "an", "its", "their", "from", "what", "which", "code", "types", "interfaces", "standard", "library", "stdlib":
			return false
		}
	}
	return true
}

// ArchWords splits a list of folders named without code spans ("application +
// contracts", "domain, shared") into its words.
func ArchWords(list string) []string {
	return strings.FieldsFunc(list, func(r rune) bool { return r == '+' || r == ',' || r == '/' || r == ' ' })
}

// NamesImport reports whether a sentence's prose speaks of importing, depending on or
// referencing (not of calling or touching).
func NamesImport(prose string) bool { return archImportWordRE.MatchString(prose) }

// StatesIndependence reports whether a lead-in (in lower case, as
// BoundaryContext.Lower) says its folders are independent of one another ("features
// stay independent of each other").
func StatesIndependence(lower string) bool { return archIndependentRE.MatchString(lower) }

// Isolation is what "a feature must not import another feature" says: the noun of
// the parts on each side, or the span (Under, -1 for none) of the folder whose
// folders are independent ("the modules under §0 are independent").
type Isolation struct {
	Noun1, Noun2 string
	Under        int
}

// ReadIsolation reads the sentences that keep the parts of a kind apart.
func ReadIsolation(prose string) (Isolation, bool) {
	if m := archIsolateRE.FindStringSubmatch(prose); m != nil {
		return Isolation{Noun1: m[1], Noun2: m[2], Under: -1}, true
	} else if m := archIsolate3RE.FindStringSubmatch(prose); m != nil {
		return Isolation{Noun1: m[1], Noun2: m[2], Under: -1}, true
	} else if m := archIsolate2RE.FindStringSubmatch(prose); m != nil {
		return Isolation{Noun1: m[1], Noun2: m[1], Under: -1}, true
	} else if m := archIsolateUnderRE.FindStringSubmatch(prose); m != nil {
		return Isolation{Under: spanNumber(m[1])}, true
	} else if m := archIsolateUnder2RE.FindStringSubmatch(prose); m != nil {
		return Isolation{Under: spanNumber(m[1])}, true
	}
	return Isolation{}, false
}

// LibrariesAside are the words a boundary's parenthesis names as what a part of the
// code must not use: "(no FastAPI, SQLAlchemy, HTTP, etc.)" is FastAPI and
// SQLAlchemy. A word in capitals (HTTP, SQL, ORM) names a concern, not a package; more
// than one word is a phrase.
func LibrariesAside(text string) []string {
	m := archLibAsideRE.FindStringSubmatch(text)
	if m == nil {
		return nil
	}
	var out []string
	for _, w := range archLibSepRE.Split(m[1], -1) {
		w = strings.Trim(w, "`*_ ")
		if w == "" || strings.HasPrefix(w, "etc") || strings.ContainsAny(w, " \t") {
			continue
		}
		if strings.ToUpper(w) == w {
			continue
		}
		out = append(out, w)
	}
	return out
}

// WithArchSubject writes a boundary sentence that has no subject ("may only import
// §0", "do not import §0", read under a heading that names the folder) with subj as
// its subject, in the form ReadBoundary reads: "§1 may only import §0", "§1 do not
// import §0".
func WithArchSubject(p, subj string) string {
	switch {
	case strings.HasPrefix(p, "only ") || strings.HasPrefix(p, "exclusively ") || strings.HasPrefix(p, "may ") || strings.HasPrefix(p, "must ") && !strings.HasPrefix(p, "must not") || strings.HasPrefix(p, "should ") && !strings.HasPrefix(p, "should not") || strings.HasPrefix(p, "import"):
		rest := p
		for _, pre := range []string{"may ", "must ", "should "} {
			rest = strings.TrimPrefix(rest, pre)
		}
		rest = strings.TrimPrefix(strings.TrimPrefix(rest, "only "), "exclusively ")
		rest = strings.TrimPrefix(rest, "imports only ")
		rest = strings.TrimPrefix(rest, "import only ")
		for _, v := range []string{"imports ", "import ", "depends on ", "depend on ", "uses ", "use "} {
			rest = strings.TrimPrefix(rest, v)
		}
		rest = strings.TrimPrefix(rest, "from ")
		return subj + " may only import " + rest
	default:
		return subj + " " + p
	}
}

// LayerRuleItem reports whether text is an item of a per-layer list of what each part
// may import ("- `app`: may import `domain`" under "Layer rules:"): a rule, though
// "may" alone would make it a permission.
func LayerRuleItem(text, ctx string) bool {
	lead := strings.Join(strings.Fields(strings.ToLower(ctx)), " ")
	if !strings.HasSuffix(lead, ":") || !archLayerLeadInRE.MatchString(lead) {
		return false
	}
	ss := ArchSentences(text)
	if len(ss) != 1 {
		return false
	}
	p := ss[0].Prose
	return archLayerItemVerbRE.MatchString(p) || archLayerItemNothingRE.MatchString(p)
}

// namedSpanStop are the words that end the name before a span in parentheses: the
// words of the sentence around the name, not the name.
var namedSpanStop = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`the a an any all every each no not never nor and or but to of on in into under from
		with by for about at as is are be been was were has have had do does did must should may can cannot shall will would
		only also import imports depend depends use uses call calls reach touch talk know knows knowledge nothing than
		test tests spec specs unit integration`) {
		m[w] = true
	}
	return m
})

// collapseNamedSpans writes a part named in words with its code in parentheses as the
// code alone: "the storage layer (§0)" is "the §0", "http (§1)" is "§1". The name is
// at most three words back to the first word of the sentence around it (spans as §N,
// or as § in the statement readers' prose); test files
// named so keep their words ("test files (§0)" is a kind of file, read as such).
func collapseNamedSpans(p string) string {
	var out []string
	for _, w := range strings.Fields(p) {
		inner, ok := strings.CutPrefix(w, "(")
		core := strings.TrimRight(inner, ".,;:")
		span := strings.TrimSuffix(core, ")")
		if !ok || span == core || !strings.HasPrefix(span, "§") || strings.Trim(span[len("§"):], "0123456789") != "" {
			out = append(out, w)
			continue
		}
		n := 0
		for n < 3 && n < len(out) {
			prev := out[len(out)-1-n]
			if namedSpanStop()[strings.ToLower(prev)] || strings.ContainsAny(prev, "§,;:()") {
				break
			}
			n++
		}
		if n == 0 || n < len(out) && testWord(out[len(out)-1-n]) {
			// "test files (§0)" names a kind of file: kept as written
			out = append(out, w)
			continue
		}
		out = append(out[:len(out)-n], span+inner[len(core):])
	}
	return strings.Join(out, " ")
}

func testWord(w string) bool {
	switch strings.ToLower(w) {
	case "test", "tests", "spec", "specs", "unit", "integration":
		return true
	}
	return false
}

// verbLast reports a sentence that ends with the verb of importing, as a German one
// glossed word by word does ("§0 must not §1 import."): a cheap look before the
// expression is compiled.
func verbLast(p string) bool {
	p = strings.TrimRight(p, ".; ")
	for _, v := range []string{" import", " depend on", " depend", " use", " reference"} {
		if strings.HasSuffix(p, v) {
			return true
		}
	}
	return false
}
