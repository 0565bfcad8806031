package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// The sentence patterns of the architecture recognisers besides the boundary forms
// (archboundary.go): layers, cycles, placement, entry points, external packages,
// tests. Each is matched against an ArchSentence's prose (lower case, spans as §N);
// the recognisers read the groups each names and place the spans.

// The language words of a placement sentence ("Place PHP scripts in `php/`").
const (
	archLangWords = `(?:php|javascript|js|typescript|ts|html|css|scss|sass|less|python|shell|bash|sql|ruby|swift|kotlin|java|rust|vue|svelte|markdown|lua|perl|powershell|graphql|protobuf|proto|terraform|dart|elixir)`
	archFileNouns = `(?: (?:source |new |all |documentation |doc |docs )?(?:files?|scripts?|pages?|modules?|sources?|code|templates?|stylesheets?|styles?|components?|classes|migrations?))?`
	archExceptPar = `(?: \(except ([^()§]{1,60})\))?`
	// archKindWords: kinds of files named by what they hold ("Put all images in
	// `public/`", "Fonts are stored in `assets/fonts/`").
	archKindWords = `(?:(?:image|font|data|icon|diagram|notebook|story) files|images|pictures|screenshots|icons|fonts|(?:jupyter )?notebooks|(?:storybook )?stories|diagrams|data files|(?:all )?scripts|(?:documentation|docs)(?: files| pages| changes)?|(?:(?:react|ui) )?(?:ui )?components|csv (?:files|inputs|data)|tsv files|svg (?:files|icons|images)|(?:protobuf|proto) (?:definitions|schemas|files))`
	// archPlacedKind is the kind of file a placement sentence places: a language
	// with its noun ("PHP scripts"), or a kind named by what it holds, its file
	// patterns in parentheses or not ("Diagrams (§0, §1)").
	archPlacedKind = `(` + archKindWords + `|` + archLangWords + archFileNouns + `)(?: \((` + archSpanList + `)\))?`
	// archAlsoPar: a parenthesis after the folder naming another folder the kind
	// may live in ("(backups go to §1)").
	archAlsoPar = `(?: \([^()§]{0,40}(?:go(?:es)? (?:to|in|into)|belongs? in|lives? in|(?:are|is) kept in|in) (?:the )?(§\d+)[^()§]{0,20}\))?`
	// archExceptTail: files of the kind named after the folder as exceptions (",
	// except for §1, which stays at the root"): group 1 lists them.
	archExceptTail = `(?:,? (?:\*\*)?except(?:\*\*)?(?: for)? (` + archSpanList + `)(?:,? (?:which|that|who) [^§]{1,60})?)?`
)

// ArchDiagramSentenceRE: a sentence that gives a diagram's arrows the meaning of
// imports or dependencies.
var ArchDiagramSentenceRE = lazyre.New(`\barrows?\b[^.;]*\b(?:imports?|depend(?:s|encies|ency)?|may go|point)\b|\b(?:diagram|graph) (?:above|below)\b[^.;]*\b(?:imports?|depend(?:s|encies|ency)?)\b|\b(?:imports?|depends?|depend|uses?|use|calls?|call)(?: only)? (?:on |from )?(?:the )?(?:one )?layers? (?:directly )?(?:below|beneath|underneath|under) (?:it|them|itself)\b|\b(?:never|not|no) (?:imports?|depends? on|uses?) (?:a |any |the )?layers? (?:above|over) (?:it|them|itself)\b`)

var ArchEachOnlyRE = lazyre.New(`(?:^|: )(?:a|an|each|every|any) (?:([\w-]+) )?(?:modules?|packages?|folders?|contexts?|features?|slices?|crates?|apps?|domains?|components?)(?: (?:under|in|inside|below) (§\d+)| \((` + archSpanList + `)(?:,? …|,? \.\.\.|,? etc\.?)?\))?,? (?:imports|depends on|(?:may|must|should|can) (?:only )?(?:import|depend on)|(?:may|must|should|can) import) (?:only )?(?:from |on )?(?:itself|its own (?:files|code|folder))(?: and (?:from )?(?:the )?(§\d+))?`)

var ArchEntryOnlyRE = lazyre.New(`(?:^|\b(?:may|must|should|can|shall) )(?:only )?(?:use|import(?: from)?|access|reach|depend on) (§\d+)` + archNoun + ` (?:only |exclusively )?(?:through|via|by way of) (?:its|their|the) (?:own )?(?:public )?(?:entry(?: point| file)? )?(§\d+)`)

var ArchEntryOnly2RE = lazyre.New(`^(?:the )?(§\d+)` + archNoun + ` (?:must|should|may|can|is to) (?:only )?be (?:imported|used|accessed|consumed)(?: from outside)? (?:only |exclusively )?(?:through|via) (?:its|the) (?:own )?(?:public )?(?:entry(?: point| file)? )?(§\d+)`)

// ArchTestsAlsoRE: "its tests may also import §0" after a package's boundary.
var ArchTestsAlsoRE = lazyre.New(`\b(?:its|their) (?:own )?(?:unit )?tests?(?: files| code)? (?:may|can) (?:also |additionally )?(?:import|depend on|use)(?: from| on)? (` + archSpanList + `)`)

// ArchSubjectlessRE: an imperative or a third-person boundary with no subject.
var ArchSubjectlessRE = lazyre.New(`^(?:(?:only|exclusively) (?:imports?|depends? on|uses?)(?: from| on)? §|(?:may |must |should )?(?:only|exclusively) (?:import|depend on)(?: from| on)? §|imports? (?:only|exclusively)(?: from)? §|(?:do not|don't|never|must not|should not|cannot|can't|may not) (?:directly )?(?:import|depend on)(?: from| on)? (?:§|(?:any )?other ))`)

// ArchOtherSiblingsRE: "do not import other internal packages", "never import any other
// module": the parts of the subject's folder must not import one another.
var ArchOtherSiblingsRE = lazyre.New(`^(?:do not|don't|never|must not|should not|cannot|can't|may not) (?:directly )?(?:import|depend on)(?: from| on)? (?:any )?other ([\w-]+ )?(?:packages|modules|folders|directories)\b`)

// ArchFolderWordRE: a folder written as a word in a heading: "internal/", "cmd/",
// "pkg/linter" (a slash makes it a path).
var ArchFolderWordRE = lazyre.New(`(?:^|[\s*(])((?:[\w.-]+/)+[\w.-]*)`)

var ArchAvoidFolderRE = lazyre.New(`^(?:[a-z][\w -]{0,40} )?(?:in|into|under|inside) (?:the )?(§\d+)(?: (?:folder|directory|dir|package|module))?,? (?:and )?(?:avoid|not in|never in|not under|never under|not|never|instead of|rather than)(?: the)? (§\d+)(?: (?:folder|directory|dir|package|module))?\.?$`)

// ArchBesideRE: tests placed next to their source.
var ArchBesideRE = lazyre.New(`\b(?:(?:co-?located|colocated|kept|placed|put|live|lives|sit|sits|go|goes|belong|belongs|stored|written)(?: right)? (?:next to|beside|alongside|together with|in the same (?:folder|directory|package) as|with)|next to|alongside|beside) (?:the |their |its |the same )?(?:own )?(?:source(?: files?| code)?|code|files?|implementation|modules?|packages?|components?)(?: (?:they|it) (?:tests?|covers?))?\b`)

// ArchBesideTestsRE: the sentence is about tests.
var ArchBesideTestsRE = lazyre.New(`\b(?:unit )?(?:tests?|test files|specs?|spec files)\b|§\d+`)

// ArchBesideNotRE: a sentence that keeps tests apart, or names only a folder.
var ArchBesideNotRE = lazyre.New(`\b(?:not|never|no longer|instead of|rather than|separate)\b`)

// ArchInTestFolderRE: the sentence places the tests in a folder of tests of their
// own ("colocating tests ... inside a `__tests__` directory within the feature
// folder"): beside the code's folder, not beside its files.
var ArchInTestFolderRE = lazyre.New(`\b(?:in|inside|within|into|under) (?:a |an |the |its |their |each )?(?:\*\*|__|\x60)*(?:tests?|specs?)(?:\*\*|__|\x60)*/? (?:sub)?(?:directory|directories|folders?|dirs?)\b`)

var ArchTestKindSpan = lazyre.New(`^\*?[\w.-]*(?:test|spec)[\w.*-]*$`)

// "place php scripts in §0", "put all javascript files (except x.js) into §0"
var ArchPlaceLangRE = lazyre.New(`^(?:always )?(?:put|place|keep|store|save) (?:all |new |any |every |the |your )?` + archPlacedKind + archExceptPar + ` (?:in|into|under|inside|within) (?:the )?(§\d+)(?: (?:folder|directory|dir))?` + archAlsoPar + `(?:,? (?:not|never) (?:in|inside|under) [^§]{1,30})?` + archExceptTail + `[.;]?$`)

// "php files go in §0", "html pages (except index.html) belong in §0", "fonts are
// stored in §0"
var ArchLangGoRE = lazyre.New(`^(?:all |new |every )?` + archPlacedKind + archExceptPar + ` (?:must |should |have to |need to )?(?:go|goes|belong|belongs|live|lives|be placed|are placed|be kept|are kept|be stored|are stored) (?:in|into|under|inside|within) (?:the )?(§\d+)(?: (?:folder|directory|dir))?` + archAlsoPar + archExceptTail + `[.;]?$`)

// ArchListOrderRE: a lead-in that says which way a list of layers runs.
var ArchListOrderRE = lazyre.New(`(?i)\b(?:(from )?(top|highest|outermost) (?:to (?:bottom|lowest|innermost)|first|down)|(from )?(bottom|lowest|innermost) (?:to (?:top|highest|outermost)|first|up))\b`)

var ArchLayerWordRE = lazyre.New(`\blayer(?:s|ed|ing)?\b|\b(?:arquitectura|estructura) en capas\b`)

// "from §0, §1, §2, to §3" (lowest first)
var ArchFromToRE = lazyre.New(`\bfrom (§\d+(?:,? §\d+)*),?(?: and)? to (§\d+)`)

// "§0 → §1 → §2" (three or more): each depends on the next, so the last is the
// lowest layer; "§0 ← §1 ← §2": each is depended on by the next, the first lowest.
// A name may carry a gloss in parentheses ("§0 (routers) → §1 (use cases) → §2").
var ArchArrowChainRE = lazyre.New(`(§\d+(?: \([^()§]{1,60}\))?(?: ?(?:→|->|-->|=>|⟶) ?§\d+(?: \([^()§]{1,60}\))?){2,})`)

var ArchLeftArrowChainRE = lazyre.New(`(§\d+(?: \([^()§]{1,60}\))?(?: ?(?:←|<-|<--|<=|⟵) ?§\d+(?: \([^()§]{1,60}\))?){2,})`)

// ArchBareArrowChainRE: three or more bare names joined by arrows, in parentheses or
// after a colon ("Layered Architecture (API -> Service -> Models/Schemas)"); a name
// may be two joined by a slash, one layer of two folders.
var ArchBareArrowChainRE = lazyre.New(`(?:^|[(:] ?)((?:[a-z][a-z_-]*(?:/[a-z][a-z_-]*)?)(?: ?(?:→|->|-->|=>|⟶) ?[a-z][a-z_-]*(?:/[a-z][a-z_-]*)?){2,})(?: ?[).;]|$)`)

// ArchArrowSplitRE splits a chain at its arrows.
var ArchArrowSplitRE = lazyre.New(` ?(?:→|->|-->|=>|⟶) ?`)

// words that make an arrow list a statement of dependencies, not a flow
var ArchDependencyWordRE = lazyre.New(`\b(?:dependenc(?:y|ies)|depends?|depending|imports?|importing|layer(?:s|ed|ing)?)\b`)

// "layers (lowest first): §0, §1, §2" / "(bottom to top)" / "(top to bottom)"
var ArchOrderedListRE = lazyre.New(`\b(lowest|bottom|base|highest|top)(?: (?:first|to (?:highest|top|bottom|lowest)))?\)?:? (§\d+(?:(?:, (?:and |then )?| (?:and|then) )§\d+)+)`)

var ArchFoundationRE = lazyre.New(`^(?:the )?(` + archSpanList + `)` + archNoun + ` (?:is|are|forms?|acts as) (?:the )?(?:foundation|lowest|bottom|bottom-most|lowest-level)(?: layer)?(?:[,.;:]|$| of\b| on which\b| that\b| and\b)`)

var ArchCycleWordRE = lazyre.New(`\b(?:circular|cyclic|cycles?|acyclic)\b`)

var archCycleRuleREs = []*lazyre.RE{
	lazyre.New(`^(?:there (?:must|should) be )?no (?:new )?(?:circular|cyclic) (?:imports?|dependenc(?:y|ies)|references?|import chains?)`),
	// "there must be no import cycles between packages", "no dependency cycles"
	lazyre.New(`^(?:there (?:must|should|may) (?:be|exist) )?no (?:new )?(?:import|dependency|package|module|crate) cycles?\b`),
	lazyre.New(`^(?:please )?(?:avoid|prevent|never (?:introduce|create|add)|do not (?:introduce|create|add)|don't (?:introduce|create|add)|must not (?:introduce|create|add)) (?:any |new )?(?:circular|cyclic) (?:imports?|dependenc(?:y|ies)|references?)`),
	lazyre.New(`^(?:please )?(?:avoid|prevent|never (?:introduce|create|add)|do not (?:introduce|create|add)|don't (?:introduce|create|add)) (?:any |new )?(?:import|dependency|package|module) cycles?`),
	lazyre.New(`^(?:circular|cyclic) (?:imports|dependencies|import chains)(?: between [^.]*?)? (?:are|is) (?:not allowed|forbidden|prohibited|banned|not permitted|not ok)`),
	lazyre.New(`^(?:the )?(?:` + archSpanList + `)` + archNoun + ` (?:must|should|may) (?:not have|never have|have no|contain no|not contain) (?:any )?(?:circular|cyclic) (?:imports?|dependenc(?:y|ies))`),
	lazyre.New(`^keep the (?:[\w-]+ )?(?:import|dependency|package|module) graph (?:acyclic|free of cycles)`),
	lazyre.New(`^(?:the )?(?:[\w-]+ )?(?:imports|dependencies|import graph|dependency graph) (?:must|should) (?:be acyclic|stay acyclic|remain acyclic|not form (?:a )?cycles?)`),
}

// ArchToleratedRE: a cycle the text allows ("the only tolerated cycle is ...", "one
// allowed cycle").
var ArchToleratedRE = lazyre.New(`\b(?:tolerated?|allowed|permitted|accepted|acceptable|exempt(?:ed)?)\s+(?:import\s+|dependency\s+)?cycles?\b|\bcycles?\s+(?:is|are)\s+(?:tolerated|allowed|permitted|accepted)\b`)

var ArchPackageGranRE = lazyre.New(`\b(?:packages?|crates?|folders?|directories|modules? level|package level)\b`)

// archPartLevelRE: the parts of an application a cycle rule may speak of that are
// neither files nor folders of one kind heed can tell ("Domain A → B → A",
// "between features", "between layers").
var archPartLevelRE = lazyre.New(`\b(?:domains?|features?|layers?|bounded contexts?|slices?|subsystems?|components?|services?)\b`)

// ArchCycleLevel returns the part of the application a cycle sentence is about when it
// is one whose boundaries heed's graph does not have ("domains", "features"), "" for
// a cycle of files, folders, packages or modules.
func ArchCycleLevel(prose string) string {
	return archPartLevelRE.FindString(strings.ToLower(prose))
}

// ArchModuleWordRE: the words that name modules.
var ArchModuleWordRE = lazyre.New(`\bmodules?\b`)

var ArchOnlyAllowsRE = lazyre.New(`^(?:the )?(§\d+)(?: folder| directory)? (?:only allows|allows only|may only contain|must only contain|should only contain|only contains|contains only|may contain only|can only contain|must contain only|should contain only|only has) (?:the )?(?:sub-?(?:directories|folders)|(?:child )?(?:folders|directories))?:? (` + archSpanList + `)`)

var ArchOnlyChildrenRE = lazyre.New(`^(?:the )?only (?:sub-?(?:directories|folders)|child (?:folders|directories)|folders|directories) (?:allowed )?(?:in|under|of|inside) (§\d+) (?:are|is) (` + archSpanList + `)`)

var ArchNewFilesUnderRE = lazyre.New(`^(?:all )?new (?:files|code|modules|source files) (?:under|in|inside) (§\d+) (?:must |should |have to )?(?:go|goes|belong|belongs|live|lives|be placed|be put|be created) (?:in|into|under|inside) (?:one of )?(` + archSpanList + `)`)

var ArchKindUnderRE = lazyre.New(`^(?:all |new |every |each )?(?:[a-z-]+ )?(?:files? )?\(?(` + archSpanList + `)\)?(?: (?:files?|class(?:es)?|modules?|components?|types?))? (?:must |should |have to |need to )?(?:go|goes|belong|belongs|live|lives|be placed|be put|be kept|be stored|are placed|are kept|are stored|be located|are located) (?:in|into|under|inside|below) (?:the )?(` + archSpanList + `)`)

var ArchPutKindRE = lazyre.New(`^(?:always )?(?:put|place|keep|create|store) (?:all |new |every )?(?:[a-z-]+ ){0,3}(?:files? )?\(?(` + archSpanList + `)\)?(?: files?)? (?:in|into|under|inside|below) (?:the )?(` + archSpanList + `)`)

var ArchBanUseRE = lazyre.New(`^(?:do not|don't|never|must not|should not|avoid)(?: use| using| import| importing| depend on| add)?(?: the)? (` + archSpanList + `)(?: (?:library|libraries|package|packages|module|modules|crate|crates|dependency|client))?(?: in (?:new )?code)?[;,:]? ?(?:—|-|–)? ?(?:use|prefer|instead,? use|but use) (§\d+)(?: instead)?(?:[.;]|$| for\b)`)

var ArchUseInsteadRE = lazyre.New(`^(?:always )?(?:use|prefer|import) (§\d+)(?: (?:library|package|module|crate|client))? (?:instead of|rather than|not) (` + archSpanList + `)(?:[.;]|$| for\b| in\b)`)

var ArchNeverImportRE = lazyre.New(`^(?:never|do not|don't|must not|should not) (?:import|depend on) (` + archSpanList + `)(?: (?:library|package|module|crate))?(?: anywhere| in this (?:repo|repository|project|codebase))?[.;]?$`)

// "Do not use `requests`; use `httpx`." is two sentences once split at ";".
var ArchBanAloneRE = lazyre.New(`^(?:do not|don't|never|must not|should not|avoid)(?: use| using| import| importing| depend on)?(?: the)? (` + archSpanList + `)(?: (?:library|libraries|package|packages|module|modules|crate|crates|dependency|client))?[.;]?$`)

var ArchUseNextRE = lazyre.New(`^(?:use|prefer|instead,? use) (§\d+)(?: instead)?[.;]?$`)

var ArchCommandishRE = lazyre.New(`\b(?:run|runs|running|command|commands|cli|install|installs|script|scripts|shell|terminal|execute)\b`)

var ArchTestsImportRE = lazyre.New(`(?:^|, )(?:never|do not|don't|must not|must never|should not|should never|may not|cannot) (?:directly )?import (§\d+|[\w.-]+\.(?:ts|tsx|js|jsx|mjs|cjs|py|go|rb|rs|kt|java)) (?:in|from|into|inside|within) (?:any |the |your )?(?:unit )?(?:test files|tests|test code|test modules|specs|spec files)\b`)

// ArchCycleRule reports whether a sentence's prose bans import cycles ("no circular
// imports", "keep the dependency graph acyclic").
func ArchCycleRule(prose string) bool {
	for _, r := range archCycleRuleREs {
		if r.MatchString(prose) {
			return true
		}
	}
	return false
}

// LayeringStatement reports whether text states a layered architecture as a chain of
// three or more names joined by arrows, without a modal ("Layered architecture:
// `api/` (routers) → `services/` → `repositories/`", "Structure: Layered Architecture
// (API -> Service -> Models)"): a rule of the project's layout, stated.
func LayeringStatement(text string) bool {
	for _, s := range ArchSentences(text) {
		if !ArchLayerWordRE.MatchString(s.Prose) {
			continue
		}
		if ArchArrowChainRE.MatchString(s.Prose) || ArchLeftArrowChainRE.MatchString(s.Prose) || ArchBareArrowChainRE.MatchString(s.Prose) {
			return true
		}
	}
	return false
}

// PlacementStatement reports whether text places a kind of file in a folder without a
// modal ("Shell scripts live in `scripts/`", "Fonts are stored in `assets/fonts/`"):
// a rule of the project's layout, stated.
//
// Tests placed without a modal are stated rules too, when the text opens with them:
// "Tests live next to the code they test", "Unit tests (`*.spec.ts` beside source)
// mock external services", "E2E tests: `test/*.e2e-spec.ts` in service root"; so are
// migrations in a folder ("Migrations go in `db/migrations/`") and classes by their
// name in a folder ("`*Service` classes belong in `app/Services/`").
func PlacementStatement(text string) bool {
	ss := ArchSentences(text)
	if len(ss) == 0 {
		return false
	}
	if len(ss) == 1 {
		if ArchLangGoRE.MatchString(ss[0].Prose) || ClassPlacementStatement(ss[0]) {
			return true
		}
		if _, ok := MigrationsFolder(ss[0]); ok {
			return true
		}
		if _, _, ok := TestsInDir(ss[0]); ok {
			return true
		}
		if _, _, _, ok := ExamplePathPlacement(ss[0]); ok {
			return true
		}
	}
	if TestsBesideSentence(ss[0].Prose) {
		return true
	}
	_, _, ok := TestsFolderSpan(ss[0])
	return ok
}
