package norm

import (
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// The co-change reader: a sentence that makes a change to some files demand a change
// to others, in the shapes instruction files give it. The condition may come first
// ("If you change `X`, update `Y`"), after the demand ("Update `Y` whenever you change
// `X`", "Add a migration when you change a model"), as the subject ("Changes to
// models require a new migration", "Every change to `lib/` needs ..."), in the frame
// (a heading "Changing `db/schema.sql`" or a lead-in "When you add a file under
// `migrations/`:" over items that name what to update, a table "When you change |
// Also update"), or as a relation ("Keep `A` in sync with `B`", "`A` must change
// together with `B`", "`A` is generated from `B`; commit it with any change to it").
//
// Each side is either the paths the sentence names or a role: a kind of file heed
// resolves against the repository's layout (models, migrations, the public API,
// documentation). The reader leaves tests and changelog entries to their own readers
// only in that it reports them as roles too; it never decides which files they are.

// Co-change roles: kinds of files named by a noun rather than a path.
const (
	CoModel     = "model"      // "a model", "models", "the data model"
	CoMigration = "migration"  // "a migration", "a new migration"
	CoPublicAPI = "public-api" // "the public API", "public headers"
	CoDocs      = "docs"       // "the docs", "the documentation"
	CoAny       = "any"        // "every change": whatever the change touches
	CoSchema    = "schema"     // "the database schema"
	// CoDeprecation: "every deprecation": code whose changed lines deprecate something
	CoDeprecation = "deprecation"
	// CoCode: a kind of change named by what it does for users ("a notable feature",
	// "user-visible changes", "a new feature"), which a change to the code only stands
	// for: which changes are of the kind is the author's judgement.
	CoCode = "code"
	// CoNewPackage: "when creating a new package": a package the change adds, which
	// the lowering finds as a manifest added beside the workspace's packages.
	CoNewPackage = "new-package"
)

// componentCond: a change to one component, which the demand's "its" or "that
// crate's" names the file of ("every change to a plugin", "when you change a crate"):
// any file may be the change; the lowering finds the component.
const componentCond = `^(?:(?:every|each|any|all|a|an)\s+)?(?:(?:code |source )?(?:changes?|edits?|modifications?)\s+(?:to|in|of)|you\s+(?:change|modify|edit|touch)|(?:changing|modifying|editing|touching))\s+(?:a|an|any|one|the|each|every)\s+(?:crate|package|plugin|library|module|component|service|gem|extension|integration|workspace member)s?$`

// CoFrame is what stands around a sentence: the headings over it, innermost last, and
// the lead-in or table header that frames it.
type CoFrame struct {
	Headings []string
	Context  string
}

// coSides is a co-change read before its sides are split into paths and roles.
type coSides struct {
	cond, demand string // prose with §N spans
	both         bool
}

var coREs = sync.OnceValue(func() map[string]*regexp.Regexp {
	const (
		when    = `(?:if|when|whenever|each time|every time|any time|anytime|after|once|for (?:any|every|each|all))`
		verb    = `(?:change|changes|changing|changed|modify|modifies|modifying|modified|edit|edits|editing|edited|touch|touches|touching|touched|update|updates|updating|updated|add|adds|adding|added|alter|alters|altering|bump|bumps|bumping|rename|renames|renaming|remove|removes|removing|introduce|introduces|introducing|create|creates|creating)`
		demandV = `(?:update|updates|rename|regenerate|re-generate|rebuild|commit|add|include|bump|register|create|write|document|append|sync|amend|adjust|reflect|edit|change|modify|touch|mention|list|record|note|run|keep|provide|generate)`
		modal   = `(?:must|should|shall|needs? to|has to|have to|is required to|are required to)`
		// opening or merging a pull request: every change the pull request holds
		prVerb = `(?:merge|open|submit|send|create|raise)\s+(?:a\s+|any\s+|your\s+)?(?:prs?|pull requests?)`
		// a condition after the demand: "after" only where it opens one ("named after
		// your rule" opens none)
		whenLate = `(?:if|when|whenever|each time|every time|any time|anytime|once|after (?:you|editing|changing|modifying|updating|touching|adding|any|a|each|every|changes))`
	)
	return map[string]*regexp.Regexp{
		// "if you change §0, (then) (also) update §1"
		"condFirst": regexp.MustCompile(`^` + when + `\s+(?P<cond>[^,;]*?\b` + verb + `\b[^,;]*?),\s*(?:then\s+)?(?:please\s+)?(?:you\s+)?(?:` + modal + `\s+)?(?:also\s+|always\s+)?(?P<dem>` + demandV + `\b.*)$`),
		// "update §1 whenever you change §0", "add a migration when you change a model",
		// "regenerate §0 when anything in §1 changes", "add an entry for every change to §0"
		"demandFirst": regexp.MustCompile(`^(?:please\s+)?(?:always\s+)?(?:you\s+` + modal + `\s+)?(?:also\s+)?(?P<dem>` + demandV + `\b.*?),?\s+(?P<cond>(?:` + whenLate + `|for (?:every|each|any|all)(?: \w+)? changes?|for changes?|with (?:every|each|any) changes?)\b.*)$`),
		// "changes to models require a new migration", "every change to §0 needs ...",
		// "every change needs a changeset in §0"
		"subject": regexp.MustCompile(`^(?P<cond>(?:every|each|any|all|a|an)?\s*(?:(?:code |source |(?:model|schema|api|database|db) )?changes?|edits?|modifications?|updates?|prs?|pull requests?|commits?|(?:new )?deprecations?)(?:\s+(?:to|in|under|of|that (?:touch|touches|modify|modifies|change|changes)|touching|modifying)\s+[^,;]+?)?)\s+(?P<dem>(?:` + modal + `\s+)?(?:also\s+)?(?:need|needs|require|requires|come with|comes with|include|includes|be accompanied by|ship with|ships with|add|update|have|has|contain|contains)\b.*)$`),
		// "any new CLI added under §0 must be added to §1", "each new plugin in §0 must
		// be listed in §1": the new things of a folder, the demand in the passive
		"newSubject": regexp.MustCompile(`^(?P<cond>(?:every|each|any|all|a|an)?\s*new\s+(?:[\w-]+\s+){1,2}?(?:(?:added|created|introduced)\s+)?(?:under|in|into|inside|within|to)\s+§\d+)\s+(?:` + modal + `\s+)?(?:also\s+)?(?:be\s+)?(?P<dem>(?:added|listed|registered|documented|mentioned|included|recorded|declared|referenced|linked|exported)\b.*)$`),
		// "don't bump the version in §0 without updating §1"
		"without": regexp.MustCompile(`^(?:please\s+)?(?:do not|don't|never|must not|should not|shouldn't)\s+(?P<cond>(?:` + verb + `|` + prVerb + `)\b.*?)\s+without\s+(?:also\s+)?(?P<dem>(?:updating|regenerating|re-generating|adding|committing|bumping|changing|editing|including|touching)\b.*|(?:an?|the)\s+(?:corresponding\s+|matching\s+|new\s+)?(?:§\d+\s+)?(?:entry|entries|fragment|changeset|note)\b.*)$`),
		// "keep §0 in sync with §1"
		"sync": regexp.MustCompile(`^(?:always\s+)?(?:` + modal + `\s+)?keep\s+(?P<a>.+?)\s+(?:in sync|synchronized|synchronised|consistent|up to date|up-to-date|aligned)\s+with\s+(?P<b>.+)$`),
		// "§0 must (always) change together with §1", "§0 must stay in sync with §1"
		"with": regexp.MustCompile(`^(?P<a>.+?)\s+` + modal + `\s+(?:always\s+)?(?:(?:be\s+)?(?:changed|updated|modified|committed|change|move|be kept in sync|stay in sync|be in sync|be regenerated)\s+(?:together\s+|in step\s+|in lockstep\s+)?with|stay (?:in sync|consistent|aligned) with)\s+(?P<b>.+)$`),
		// "§0 and §1 must (always) be changed together"
		"together": regexp.MustCompile(`^(?P<a>.+?)\s+and\s+(?P<b>.+?)\s+` + modal + `\s+(?:always\s+)?(?:be\s+)?(?:changed|updated|modified|committed|kept in sync|stay in sync|change|move)\s+(?:together|in step|in lockstep|at the same time)\b`),
		// "keep §0 and §1 in sync": each with the other
		"syncBoth": regexp.MustCompile(`^(?:always\s+)?(?:` + modal + `\s+)?keep\s+(?P<a>§\d+)\s+and\s+(?:the\s+)?(?P<b>§\d+)\s+(?:in sync|synchronized|synchronised|consistent|aligned|in step|in lockstep)(?:\s+with (?:each other|one another))?$`),
		// "§0 is generated from §1"
		"generated": regexp.MustCompile(`^(?P<a>§\d+(?:\s*(?:and|,)\s*§\d+)*)\s+(?:is|are)\s+(?:generated|built|compiled|produced|derived|rendered)\s+(?:automatically\s+)?from\s+(?P<b>§\d+)`),
		// the demand clause after a relation: "commit it together with any change",
		// "regenerate it when ..."
		"genDemand": regexp.MustCompile(`\b(?:commit|regenerate|re-generate|rebuild|update|include)\s+(?:it|them|both)\b`),
		// a bare demand: an item that says what to update ("update §0", "add a
		// migration under §0", "register it in §0")
		"bare": regexp.MustCompile(`^(?:please\s+)?(?:also\s+|always\s+)?(?P<dem>` + demandV + `\b.*)$`),
		// a condition standing alone, in a heading or a lead-in: "changing §0",
		// "when you add a file under §0:"
		"frameCond": regexp.MustCompile(`^(?:` + when + `\s+)?(?:you\s+|a\s+(?:pr|change|commit)\s+)?(?P<cond>` + verb + `\b.*?)[:.]?$`),
		// a table header: "when you change | also update"
		"tableHead":  regexp.MustCompile(`^(?:` + when + `\s+)?(?:you\s+)?(?:change|changes|changing|modify|edit|touch|source|sources|changed files?|if you change|file|files|input|template)\s*\|\s*(?:(?:you|then)\s+)?(?:(?:must|should|need to|have to)\s+)?(?:also\s+|then\s+)?(?:update|regenerate|also update|must also change|change|commit|generated files?|outputs?|target|update also|keep in sync|required|requires|needs?|must update|files? to update|docs to update)\b`),
		"runDemand":  regexp.MustCompile(`^(?:run|execute|use|call|invoke|check|verify|test|lint|build|make sure|ensure)\b`),
		"changeVerb": regexp.MustCompile(`\b(?:commit|update|add|include|regenerate|re-generate|stage|check in|bump|register)\b`),
		"example":    regexp.MustCompile(`(?:e\.g\.|i\.e\.|for example|for instance|such as|like|say)[,:]?\s*$`),
		"genBy":      regexp.MustCompile(`^(?P<a>§\d+(?:\s*(?:and|,)\s*§\d+)*)\s*(?:—|–|-|:|\(|is|are)?\s*(?:auto-?)?generated\s+(?:automatically\s+)?(?:by|from|with)\s+(?P<b>§\d+)(?:\s+(?:from|and)\s+(?P<c>§\d+))?`),
		"handBan":    regexp.MustCompile(`\b(?:modify|change|edit|update) (?:the |their |its )?(?:source|sources|source scripts?|source files?|generators?|templates?|inputs?) instead\b`),
		"split":      regexp.MustCompile(`[.;!?](?:\s+|$)`),
		"mark":       regexp.MustCompile(`§(\d+)`),
		"anyCond":    regexp.MustCompile(`^(?:every|each|any|all)\s+(?:(?:code |source )?changes?|prs?|pull requests?|commits?)$|^(?:merge|open|submit|send|create|raise)\s+(?:a\s+|any\s+|your\s+)?(?:prs?|pull requests?)$|\b(?:anything|everything|any file)\b|` + componentCond + `|^[\w-]+ (?:code |source )?changes?$`),
		"what":       regexp.MustCompile(`^\w+\s+((?:the |an? |any )?(?:updated |regenerated |matching |new |corresponding )?[\w-]+(?: [\w-]+)?)\s+(?:in|under|to|from|at)\b`),
		"exempt":     regexp.MustCompile(`\b(?:exempt|excepted|excluded|(?:don't|do not|doesn't|does not|won't|will not) need (?:one|it|this|an? (?:[\w-]+ )?(?:entry|fragment|changeset|note)|(?:[\w-]+ )?(?:entries|fragments|changesets|notes))|need not|no (?:[\w-]+ )?(?:entry|fragment|changeset) (?:is )?(?:needed|required)|not (?:needed|required|necessary) (?:for|on|with|in))\b|\bexcept(?: for)?\b`),
		"exTests":    regexp.MustCompile(`\btests?\b|\btest (?:files?|code|changes?)\b|\bspecs?\b`),
		"exDocs":     regexp.MustCompile(`\b(?:docs?|documentation)\b`),
	}
})

var (
	coNegRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b(?:never|not|no|don't|dont|do not|doesn't|does not|needn't|need not|avoid|must not|mustn't|should not|shouldn't|cannot|can't|without)\b`)
	})
	coCmdLeadRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b(?:run|running|execute|with|via|using|call|invoke)\s+$`)
	})
	// coRefLeadRE: a span the demand names as where instructions are, not as a file
	// to change ("regenerate the stubs with the commands in §0", "as described in §0")
	coRefLeadRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b(?:with|using|via|following|per|by|from)\s+(?:the\s+)?(?:[\w-]+\s+)?(?:commands?|instructions?|steps?|recipes?|scripts?|targets?|guide|guidelines|process|procedure|workflow|tooling)\s+(?:in|from|of|at|(?:described|documented|listed|given|shown) in)\s+$|\b(?:as|like)\s+(?:described|documented|shown|explained|listed|outlined|specified)\s+in\s+$|\bsee\s+$`)
	})
	// coKeepPlaceRE: a demand that says where things live ("keep entrypoints in §0 and
	// packages under §1"): a placement, which no change to the folder meets or breaks
	// ("keep §0 up to date" and "in sync" are co-changes)
	coKeepPlaceRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^keep\s+(?:[^§,;]*?\s+)?(?:in|under|inside|within|into)\s+(?:the\s+)?§\d+(?:\s+(?:folder|directory|dir|package))?(?:\s*(?:,|and|or)\s+[^§,;]*?\s+(?:in|under|inside|within)\s+(?:the\s+)?§\d+(?:\s+(?:folder|directory|dir|package))?)*\s*$`)
	})
	// coLeadCondRE: a lead-in that opens with a condition ("If you're adding ...:",
	// "When a release is cut:")
	coLeadCondRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:if|when|whenever|each time|every time|any time|once|after|before)\b`)
	})
	coModalRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b(?:must|should|shall|need to|needs to|have to|has to|required)\b`)
	})
	// coPlacedRegisteredRE: things placed in a folder and registered in a file ("database
	// migrations go in §0 as §1, registered in §2", "new handlers live under §0 and
	// must be registered in §1")
	coPlacedRegisteredRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:(?:every|each|all|any|new)\s+)*[\w -]{0,40}?\b(?:go|goes|live|lives|belong|belongs|are (?:placed|added|created|kept)|is (?:placed|added|created|kept))\s+(?:in|under|into|inside)\s+§(\d+)(?:\s+as\s+[^,;]{0,40}?)?,?\s+(?:and\s+)?(?:(?:must|should|need to|needs to|have to|has to)\s+be\s+|are\s+|is\s+)?(?:registered|listed|declared|imported|exported|re-exported|wired up|added)\s+(?:in|into|to|from)\s+§(\d+)`)
	})
	// coPRCondRE: a condition that is opening or merging a pull request
	coPRCondRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:merge|open|submit|send|create|raise)\s+(?:a\s+|any\s+|your\s+)?(?:prs?|pull requests?)$`)
	})
	// coNewInRE: "a new <thing> under §0": the things a folder gains, which only
	// files the change adds can be (a folder span, checked by the caller)
	coNewInRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\bnew\s+(?:[\w-]+\s+){1,2}?(?:(?:added|created|introduced)\s+)?(?:under|in|into|inside|within|to)\s+§(\d+)`)
	})
	// coKindCondRE: a condition that names a kind of change and no files ("when adding
	// a notable feature", "when user-visible changes are made")
	coKindCondRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:you\s+)?(?:(?:make|makes|making|made|add|adds|adding|added|introduce|introduces|introducing|implement|implements|implementing|ship|ships|shipping)\s+)?(?:a|an|any|every|each|all|the|your)?\s*(?:(?:new|notable|noteworthy|user[- ]facing|user[- ]visible|visible)\s+)+(?:features?|functionality|changes?|enhancements?|behaviou?r changes?)(?:\s+(?:are|is)\s+(?:made|added|introduced|implemented|shipped))?$`)
	})
	coAddedRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b(?:add|adds|adding|added|create|creates|creating|created|introduce|introduces|introducing)\s+(?:a |an |any |the )?(?:new )?(?:[\w.-]+ )?(?:file|files|module|modules|page|pages|script|scripts|class|classes|migration|migrations)\b|\bnew\s+(?:[\w.§-]+\s+){0,2}(?:file|files|module|modules|page|pages)\b\s+(?:is|are)\s+(?:added|created)\b`)
	})
	// coThenDemandRE: a condition's end where the demand goes on (", and commit").
	coThenDemandRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`,\s*and\s+(?:then\s+)?(?:also\s+)?((?:commit|update|include|regenerate|stage|check in)\b)|\s+and\s+(?:then\s+)?(?:also\s+)?((?:commit|stage|check in)\b)`)
	})
	// coAllRE: a demand that joins its files with "and" ("update §1 and §2", "§1, §2
	// and §3").
	coAllRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`§\d+(?:,\s*§\d+)*,?\s+and\s+(?:the\s+)?§\d+|§\d+(?:,\s*§\d+){2,}\s*$`)
	})
	// coDepCondRE: a condition on the dependencies a file declares ("if you change
	// the dependencies in §0", "when you add a dependency to §0").
	coDepCondRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b(?:dependenc(?:y|ies)|deps|requirements?)\b`)
	})
	// coEntityCondRE: a condition on a thing inside files (a function, a flag, an
	// endpoint), which a change to the files only stands for.
	coEntityCondRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b(?:(?:the|its|a) (?:package |crate |project |release )?version(?: number)?|functions?|methods?|endpoints?|routes?|(?:cli |command[- ]line )?(?:flags?|options?)|subcommands?|fields?|parameters?|arguments?|structs?|enums?|constants?|columns?|environment variables?|env vars?|settings?|signatures?|exports?)\b`)
	})
	coJudgeRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\bsome (?:projects|packages|modules|folders|directories|files|crates|apps)\b|\bif (?:it|they|one|any) exists?\b|\bif present\b|\bwhere (?:it|they|one) exists?\b|\bunless (?:the change|it|this|the pr|your change) (?:is|are) (?:internal|trivial|minor|a refactor|cosmetic)|\b(?:` + userEffect + `|notable|significant|substantial|relevant|meaningful|where (?:applicable|appropriate|relevant)|if (?:applicable|appropriate|relevant|needed|necessary)|when (?:applicable|appropriate|relevant|needed|necessary)|as needed|consider)\b`)
	})
)

// role readings of nouns, in the order tried; a side takes the first that matches.
var coRoleREs = sync.OnceValue(func() []struct {
	role string
	re   *regexp.Regexp
} {
	return []struct {
		role string
		re   *regexp.Regexp
	}{
		{CoMigration, regexp.MustCompile(`\b(?:database |db |schema )?migrations?\b`)},
		{CoModel, regexp.MustCompile(`\b(?:(?:data|database|db|orm|django|rails|activerecord|sqlalchemy|eloquent) )?models?\b`)},
		{CoPublicAPI, regexp.MustCompile(`\bpublic (?:api|apis|interface|interfaces|headers?)\b`)},
		{CoSchema, regexp.MustCompile(`\b(?:database|db) schema\b`)},
		{CoDeprecation, regexp.MustCompile(`^(?:every|each|any|all|a|an)?\s*(?:new )?deprecations?$`)},
		{CoDocs, regexp.MustCompile(`\b(?:the )?(?:docs|documentation|reference docs|api docs)\b`)},
	}
})

// CoChangesIn reads the co-changes of a sentence in its frame.
func CoChangesIn(text string, f CoFrame) []CoChange {
	spans, prose := coProse(text)
	// "update `docs/api.md` (not needed for internal refactors)": an aside that ends
	// a clause and names no file is read for its exemptions below, not as a side
	reading := coTrailAsideRE().ReplaceAllString(prose, "$1")
	var out []CoChange
	for _, cl := range coClauses(reading) {
		if cc, ok := readCoClause(cl, reading, spans); ok {
			out = append(out, cc...)
			break
		}
	}
	if len(out) == 0 {
		out = coQuestion(reading, spans)
	}
	if len(out) == 0 {
		out = coGenerated(reading, spans, f)
	}
	if len(out) == 0 {
		out = coFromFrame(reading, spans, f)
	}
	for i := range out {
		out[i].Judgement = out[i].Judgement || coJudgeRE().MatchString(prose)
		out[i].Exempt = coExemptions(prose)
	}
	return out
}

// coProse replaces the code spans of text with §N and folds it to lower case.
func coProse(text string) ([]string, string) {
	var spans []string
	prose := ccSpanRE().ReplaceAllStringFunc(text, func(m string) string {
		spans = append(spans, strings.Trim(m, "`"))
		return "§" + itoaN(len(spans)-1)
	})
	// file names written without backticks ("update CHANGELOG.md", "in
	// docs/usage.md") are spans as well: the lowering resolves them against the
	// repository like any other
	prose = coBareFileRE().ReplaceAllStringFunc(prose, func(m string) string {
		lead := ""
		if m != "" && !isFileChar(m[0]) {
			lead, m = m[:1], m[1:]
		}
		if strings.HasSuffix(strings.ToLower(m), ".js") && !strings.Contains(m, "/") {
			return lead + m // "Node.js", "Vue.js": a project, not a file
		}
		rest := ""
		if strings.HasPrefix(m, ".") {
			// "a new .cc file": the extension is the span, "file" stays a word
			if i := strings.IndexByte(m, ' '); i > 0 {
				m, rest = m[:i], m[i:]
			}
		}
		spans = append(spans, m)
		return lead + "§" + itoaN(len(spans)-1) + rest
	})
	// "(new features, bug fixes, deprecations)": examples in parentheses are an
	// aside, whose commas end no clause
	prose = coAsideRE().ReplaceAllString(prose, "")
	prose = strings.ToLower(strings.Join(strings.Fields(prose), " "))
	prose = strings.TrimLeft(prose, "-*•0123456789. ")
	prose = strings.NewReplacer("**", "", "__", "").Replace(prose)
	return spans, prose
}

// coBareFileRE: a file name or path written as a plain word: with an extension of a
// file kind, or a name projects give files without one (CHANGELOG, NOTICE).
var coBareFileRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?:^|[\s(])(?:[\w-]+/)*(?:[\w-]+\.(?:md|rst|txt|adoc|toml|json|ya?ml|cfg|ini|lock|mod|sum|mk|bzl|bazel|py|go|rs|ts|tsx|js|mjs|java|kt|rb|php|cs|proto|graphql|sql|h|hpp|c|cc|cpp|gradle|xml|csproj|gemspec|in)|CHANGELOG|CHANGES|NOTICE|THIRD_PARTY_NOTICES|THIRD-PARTY-NOTICES|VERSION|Makefile|Dockerfile|BUCK|BUILD)\b|(?:^|\s)\.(?:cc|cpp|cxx|c|h|hpp|go|rs|py|ts|tsx|js|java|kt|rb|proto|sql|graphql)\b(?:\s+(?:file|files|source))`)
})

func isFileChar(b byte) bool {
	return b == '_' || b == '-' || b == '/' || b == '.' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// coAsideRE: a parenthesis of words with commas and no span.
var coAsideRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\s*\([^()§]*,[^()§]*\)`) })

// coTrailAsideRE: a parenthesis that names no file and ends its clause.
var coTrailAsideRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\s*\([^()§]*\)\s*([.;!?]|$)`) })

// coClauses splits prose into the clauses a co-change may stand in: sentences and
// the parts of a semicolon.
func coClauses(prose string) []string {
	var out []string
	for _, s := range coREs()["split"].Split(prose, -1) {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

func named(re *regexp.Regexp, m []string, name string) string {
	if i := re.SubexpIndex(name); i >= 0 && i < len(m) {
		return strings.TrimSpace(m[i])
	}
	return ""
}

// readCoClause reads one clause; prose is the whole sentence (for the demand that a
// relation's next clause makes).
func readCoClause(cl, prose string, spans []string) ([]CoChange, bool) {
	if out, ok := readCoClause1(cl, prose, spans); ok {
		return out, ok
	}
	// "Plugins are released on their own: every change to a plugin needs ...": the
	// clause after a colon, when the words before it read as none
	if i := strings.LastIndex(cl, ": "); i > 0 {
		// "When you add a migration: update §0": a condition ended by a colon, the
		// demand after it
		if out, ok := readCoClause1(strings.TrimSpace(cl[:i])+", "+strings.TrimSpace(cl[i+2:]), prose, spans); ok {
			return out, ok
		}
		return readCoClause1(strings.TrimSpace(cl[i+2:]), prose, spans)
	}
	return nil, false
}

func readCoClause1(cl, prose string, spans []string) ([]CoChange, bool) {
	res := coREs()
	if re := res["generated"]; re.MatchString(cl) {
		m := re.FindStringSubmatch(cl)
		if res["genDemand"].MatchString(prose) {
			return coBuild(coSides{cond: named(re, m, "b"), demand: named(re, m, "a")}, spans, false)
		}
		return nil, false
	}
	if re := res["without"]; re.MatchString(cl) {
		m := re.FindStringSubmatch(cl)
		return coBuild(coSides{cond: named(re, m, "cond"), demand: named(re, m, "dem")}, spans, false)
	}
	if m := coItemAlsoRE().FindStringSubmatch(cl); m != nil && !coNegRE().MatchString(cl) {
		// "- `internal/flags/flags.go` — also update `docs/flags.md`": an item that
		// names the changed file, then what goes with it
		return coBuild(coSides{cond: "change " + m[1], demand: m[2]}, spans, false)
	}
	for _, name := range []string{"together", "syncBoth", "sync", "with"} {
		re := res[name]
		m := re.FindStringSubmatch(cl)
		if m == nil {
			continue
		}
		if coNegRE().MatchString(cl) {
			return nil, false
		}
		a, b := named(re, m, "a"), named(re, m, "b")
		if name == "together" || name == "syncBoth" || coSiblingFiles(a, b, spans) {
			// "`en.ts` must be kept in sync with `zh-CN.ts`": two files of one kind
			// side by side (locales, instruction files) follow each other both ways
			return coBuild(coSides{cond: b, demand: a, both: true}, spans, true)
		}
		return coBuild(coSides{cond: b, demand: a}, spans, true)
	}
	if m := coPlacedRegisteredRE().FindStringSubmatch(cl); m != nil && !coNegRE().MatchString(cl) {
		// "migrations go in §0 as NNN_name.sql, registered in §1": a new file of the
		// folder needs the file that registers it
		out, ok := coBuild(coSides{cond: "add a new file under §" + m[1], demand: "update §" + m[2]}, spans, false)
		if !coModalRE().MatchString(cl) {
			// stated as how things are, not as a demand: a reminder
			for i := range out {
				out[i].Approx = "a new file of the folder stands for the thing the sentence says is registered"
			}
		}
		return out, ok
	}
	for _, name := range []string{"condFirst", "demandFirst", "subject", "newSubject"} {
		re := res[name]
		m := re.FindStringSubmatch(cl)
		if m == nil {
			continue
		}
		cond, dem := named(re, m, "cond"), named(re, m, "dem")
		if name == "demandFirst" {
			// "run §0 after editing §1, and commit the regenerated code in §2": the
			// demand goes on after the condition
			if loc := coThenDemandRE().FindStringSubmatchIndex(cond); loc != nil {
				at := loc[2]
				if at < 0 {
					at = loc[4] // "and commit" without the comma
				}
				dem, cond = dem+" and "+cond[at:], cond[:loc[0]]
			}
		}
		if coNegRE().MatchString(dem) || coNegRE().MatchString(cond) || coKeepPlaceRE().MatchString(dem) {
			return nil, false
		}
		return coBuild(coSides{cond: cond, demand: dem}, spans, false)
	}
	return nil, false
}

// coQuestion reads a condition asked as a question and the demand that answers it:
// "Adding a string to §0? Add the same key to §1."
func coQuestion(prose string, spans []string) []CoChange {
	q, rest, ok := strings.Cut(prose, "? ")
	if !ok || strings.Contains(q, ". ") {
		return nil
	}
	res := coREs()
	fm := res["frameCond"].FindStringSubmatch(strings.TrimSpace(q))
	dm := res["bare"].FindStringSubmatch(strings.TrimSuffix(strings.TrimSpace(rest), "."))
	if fm == nil || dm == nil || coNegRE().MatchString(prose) {
		return nil
	}
	out, _ := coBuild(coSides{cond: named(res["frameCond"], fm, "cond"), demand: named(res["bare"], dm, "dem")}, spans, false)
	return out
}

// coFromFrame reads an item that only says what to update ("Update `docs/db.md`.")
// under a heading or lead-in that says when ("Changing `db/schema.sql`", "When you
// add a file under `migrations/`:"), and a row of a table "When you change | Also
// update".
func coFromFrame(prose string, spans []string, f CoFrame) []CoChange {
	res := coREs()
	if f.Context != "" && strings.Contains(f.Context, "|") && strings.Count(prose, "|") == 1 {
		if CoChangeTable(f.Context) {
			a, b, _ := strings.Cut(prose, "|")
			out, _ := coBuild(coSides{cond: strings.TrimSpace(a), demand: strings.TrimSpace(b)}, spans, true)
			return coEachFile(out, strings.TrimSpace(b))
		}
		return nil
	}
	m := res["bare"].FindStringSubmatch(prose)
	if m == nil || coNegRE().MatchString(prose) || coKeepPlaceRE().MatchString(named(res["bare"], m, "dem")) {
		return nil
	}
	dem := named(res["bare"], m, "dem")
	var frames []string
	if strings.HasSuffix(strings.TrimSpace(f.Context), ":") {
		frames = append(frames, f.Context)
	}
	if n := len(f.Headings); n > 0 {
		frames = append(frames, f.Headings[n-1])
	}
	for k, fr := range frames {
		fspans, fp := coProse(fr)
		fm := res["frameCond"].FindStringSubmatch(strings.TrimSpace(fp))
		if fm == nil || coNegRE().MatchString(fp) {
			if k == 0 && f.Context == fr && coLeadCondRE().MatchString(fp) {
				// "If you're adding new functions or classes, you'll need to update
				// two files:" over "Update `docs/api.opml`", under "Adding SDK
				// Features to Documentation": the lead-in states the condition, which
				// heed did not read; the heading's words are not it
				return nil
			}
			continue
		}
		cond := named(res["frameCond"], fm, "cond")
		// the frame's spans follow the item's, renumbered
		all := append(append([]string(nil), spans...), fspans...)
		cond = renumber(cond, len(spans))
		if out, ok := coBuild(coSides{cond: cond, demand: dem}, all, false); ok {
			return out
		}
	}
	return nil
}

// renumber shifts the §N marks of s by k.
func renumber(s string, k int) string {
	return coREs()["mark"].ReplaceAllStringFunc(s, func(m string) string {
		return "§" + itoaN(atoiN(m[len("§"):])+k)
	})
}

// coBuild splits the two sides into paths and roles. relation says the sides are
// noun phrases as they stand ("keep §0 in sync with §1"); otherwise they are clauses
// whose paths follow the verb. ok is false when either side names nothing heed can
// place.
func coBuild(s coSides, spans []string, relation bool) ([]CoChange, bool) {
	if !relation {
		// "run the checks from §0": a demand to run something names no file to
		// change, unless it goes on to one ("run §0 and commit the output in §1")
		if loc := coREs()["runDemand"].FindStringIndex(s.demand); loc != nil && loc[0] == 0 {
			rest := s.demand[loc[1]:]
			m := coREs()["changeVerb"].FindStringIndex(rest)
			if m == nil {
				return nil, false
			}
			s.demand = rest[m[0]:]
		}
	}
	ifPaths, ifRoles := coSide(s.cond, spans, false)
	thenPaths, thenRoles := coSide(s.demand, spans, true)
	kind := false
	if len(ifPaths)+len(ifRoles) == 0 {
		if coREs()["anyCond"].MatchString(strings.TrimSpace(s.cond)) {
			ifRoles = []string{CoAny}
		} else if !relation && len(thenPaths) > 0 && len(thenRoles) == 0 && coKindCondRE().MatchString(strings.TrimSpace(s.cond)) {
			// "when adding a notable feature, record it in §0": the code stands for
			// the feature, and which change is one the author decides
			ifRoles, kind = []string{CoCode}, true
		} else if !relation && len(thenPaths) > 0 && coNewPackageCondRE().MatchString(strings.TrimSpace(s.cond)) {
			// "when creating a new package:", "adding a new crate"
			ifRoles = []string{CoNewPackage}
		}
	}
	if len(ifPaths)+len(ifRoles) == 0 || len(thenPaths)+len(thenRoles) == 0 {
		return nil, false
	}
	if len(thenRoles) == 1 && len(ifRoles) == 1 && thenRoles[0] == ifRoles[0] {
		return nil, false
	}
	if len(ifRoles) == 1 && ifRoles[0] == CoAny && len(thenPaths) == 0 {
		// "every PR must include documentation": which change needs what is a
		// judgement unless the sentence names the files
		return nil, false
	}
	cc := CoChange{If: ifPaths, Then: thenPaths, IfRoles: ifRoles, ThenRoles: thenRoles,
		Added: coAddedRE().MatchString(s.cond) || coNewInFolder(s.cond, spans) || coAddInFolder(s.cond, spans), What: coWhat(s.demand),
		Dependencies: !relation && coDepCondRE().MatchString(s.cond), Judgement: kind}
	if coPRCondRE().MatchString(strings.TrimSpace(s.cond)) {
		// "do not merge PRs without a §0 entry": the sentence speaks to whoever
		// merges, of every pull request; heed reminds on each change
		cc.Approx = "every change stands for the pull request that holds it"
	}
	if !relation && (coEntityCondRE().MatchString(s.cond) || len(ifPaths) > 0 && coSurfaceOfRE.MatchString(s.cond)) {
		// "when you rename a public function in §0": the files' change stands for
		// a change to a thing inside them, which only a reader can see
		cc.Judgement = true
	}
	if slices.Contains(ifRoles, CoNewPackage) {
		cc.Added = true
		cc.Approx = "a manifest added beside the workspace's packages stands for the new package"
	}
	out := []CoChange{cc}
	if !relation && !s.both && len(thenPaths) > 1 && coAllRE().MatchString(s.demand) && !strings.Contains(s.demand, " or ") {
		// "add the same key to §1 and §2": each file, not either
		out = out[:0]
		for _, p := range thenPaths {
			one := cc
			one.Then = []string{p}
			out = append(out, one)
		}
	}
	if s.both {
		out = append(out, CoChange{If: thenPaths, Then: ifPaths, IfRoles: thenRoles, ThenRoles: ifRoles, What: cc.What})
	}
	return out, true
}

// coNewPackageCondRE: a condition that adds a package to the workspace
var coNewPackageCondRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:you\s+)?(?:create|creates|creating|add|adds|adding|introduce|introduces|introducing)\s+(?:a|an|any|one)\s+new\s+(?:workspace\s+)?(?:package|crate|workspace member)s?(?:\s+to the (?:workspace|monorepo))?$`)
})

// CoPackagePrefix marks a side's path that is a package named by its name ("the
// `acme-core` crate", "`@acme/schema`"), not a path: the lowering resolves it to the
// package's folder through the repository's manifests, or drops the co-change.
const CoPackagePrefix = "package:"

var (
	// coPackageAfterRE: the noun after a span that makes it a package's name
	coPackageAfterRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^\s+(?:crate|package|workspace package|workspace member|library|lib)\b`)
	})
	// coPackageNameRE: a package's name as npm, Cargo and PyPI spell them
	coPackageNameRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:@[\w.-]+/)?[\w][\w.-]*$`)
	})
	// coScopedNameRE: an npm scoped name (`@acme/schema`), which no path is
	coScopedNameRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^@[a-z0-9][\w.-]*/[a-z0-9][\w.-]*$`)
	})
	// coFileAfterRE: "file" after an extension's span ("a `.graphql` file")
	coFileAfterRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^\s+files?\b`)
	})
)

// PackageSpan reports whether a code span names a package by its name: a scoped npm
// name (`@acme/schema`), or a name the words after it call a package or a crate ("the
// `acme-core` crate"); after is the text that follows the span.
func PackageSpan(sp, after string) bool {
	after = strings.ToLower(after)
	return coPackageAfterRE().MatchString(after) && coPackageNameRE().MatchString(sp) || coScopedNameRE().MatchString(sp)
}

var coPathSpanRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[\w.*{}\[\]/@+-]+$`)
})

// coSide returns the paths a side names (code spans that are paths, not commands)
// and, without any, the roles its nouns name.
func coSide(side string, spans []string, demand bool) (paths, roles []string) {
	for _, loc := range coREs()["mark"].FindAllStringSubmatchIndex(side, -1) {
		n := atoiN(side[loc[2]:loc[3]])
		if n >= len(spans) {
			continue
		}
		sp := strings.TrimSpace(spans[n])
		if !coPathSpanRE().MatchString(sp) || coCmdLeadRE().MatchString(side[:loc[0]]) || coREs()["example"].MatchString(side[:loc[0]]) {
			continue
		}
		if demand && coRefLeadRE().MatchString(side[:loc[0]]) {
			continue // "with the commands in §0": where to read how, not a file to change
		}
		if !demand && strings.Count(side[:loc[0]], "(") > strings.Count(side[:loc[0]], ")") {
			continue // "when the API changes (at minimum §0)": an aside, not the change
		}
		after := side[loc[1]:]
		if coPackageAfterRE().MatchString(after) && coPackageNameRE().MatchString(sp) || coScopedNameRE().MatchString(sp) {
			// "the `acme-core` crate", "the `web` package", "`@acme/schema`": a
			// workspace package named by its name, which the lowering resolves to
			// its folder through the repository's manifests
			paths = append(paths, CoPackagePrefix+sp)
			continue
		}
		if !strings.ContainsAny(sp, "/.*") && !extensionlessFile(sp) && !coNamedFile(sp) || codeMember(sp) {
			continue // an identifier (`SCHEMA_VERSION`, `Localization.lang`), not a file
		}
		if strings.HasPrefix(sp, ".") && !strings.ContainsAny(sp[1:], "/.*") && !strings.HasSuffix(sp, "/") &&
			(len(sp) <= 6 || coFileAfterRE().MatchString(after)) {
			// ".go", ".proto", "a `.graphql` file": an extension names the files
			// that have it
			sp = "*" + sp
		}
		paths = append(paths, sp)
	}
	if len(paths) > 0 {
		return paths, nil
	}
	for _, r := range coRoleREs() {
		if r.re.MatchString(side) {
			if r.role == CoDocs {
				if m := coDocsQualRE().FindStringSubmatch(side); m != nil && !coDocsPlainQual()[m[1]] {
					// "the configuration documentation": one document, which the
					// docs folder need not hold
					return nil, nil
				}
			}
			return nil, []string{r.role}
		}
	}
	return nil, nil
}

var (
	coDocsQualRE    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\b([\w-]+) (?:docs|documentation)\b`) })
	coDocsPlainQual = sync.OnceValue(func() map[string]bool {
		m := map[string]bool{}
		for _, w := range strings.Fields("the any all relevant related user-facing public api reference project's our its their your and or to update updating also affected corresponding matching necessary appropriate applicable existing") {
			m[w] = true
		}
		return m
	})
)

// coWhat is what the demand asks for, for messages: "a migration", "the regenerated
// code".
func coWhat(dem string) string {
	m := coREs()["what"].FindStringSubmatch(dem)
	if m == nil || strings.Contains(m[1], "§") {
		return ""
	}
	return m[1]
}

// coExemptions reads the kinds of change a sentence exempts: "tests are exempt",
// "documentation-only changes are exempt", "changes that only touch tests or
// documentation are exempt", "except for tests".
func coExemptions(prose string) []string {
	var out []string
	ex := coREs()["exempt"]
	for _, cl := range coClauses(prose) {
		if !ex.MatchString(cl) {
			continue
		}
		if coREs()["exTests"].MatchString(cl) {
			out = append(out, "tests")
		}
		if coREs()["exDocs"].MatchString(cl) {
			out = append(out, "docs")
		}
		if coJudgedExemptRE().MatchString(cl) && !slices.Contains(out, CoExemptJudged) {
			out = append(out, CoExemptJudged)
		}
	}
	return out
}

// CoExemptJudged is the exemption of a kind of change heed cannot tell from the
// change's files ("Refactors don't need one", "except internal changes"): a rule it
// qualifies can only remind.
const CoExemptJudged = "judged"

// coJudgedExemptRE: kinds of change an exemption names that no path shows
var coJudgedExemptRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(?:refactor(?:s|ings?)?|internal|typos?|chores?|cosmetic|formatting|style|non-functional|trivial|minor|tooling|no (?:external|user[- ]visible|user[- ]facing|functional|behaviou?ral) (?:impact|effect|change)s?)\b`)
})

// CoExemptions reads a sentence that only exempts kinds of change from a co-change
// stated elsewhere in its section ("Changes that only touch tests or documentation
// don't need an entry."): the kinds it names ("tests", "docs"), or none when the
// sentence states a co-change of its own.
func CoExemptions(text string) []string {
	if len(CoChangesIn(text, CoFrame{})) > 0 {
		return nil
	}
	_, prose := coProse(text)
	return coExemptions(prose)
}

// CoChangeTable reports a table header whose rows are co-changes: "When you change |
// Also update", "Source | Regenerate".
func CoChangeTable(header string) bool {
	_, hp := coProse(header)
	return coREs()["tableHead"].MatchString(TableHeader(hp))
}

// coGenerated reads a generated file named with what generates it, where the
// sentence or its lead-in says to change the sources instead ("Do NOT edit these
// directly — modify source scripts instead:" + "`tox.ini` — generated by
// `scripts/gen.py` from `scripts/tox.jinja`"): a change to the file must come with a
// change to its sources, whose folders stand for them (a regeneration may follow a
// change to any of their inputs). A ban on editing by hand alone ("never edit them by
// hand") is the untouched reader's: the file may change regenerated for other inputs.
func coGenerated(prose string, spans []string, f CoFrame) []CoChange {
	res := coREs()
	m := res["genBy"].FindStringSubmatch(prose)
	if m == nil {
		return nil
	}
	_, fp := coProse(f.Context)
	if !res["handBan"].MatchString(prose) && !res["handBan"].MatchString(fp) {
		return nil
	}
	gen, _ := coSide(named(res["genBy"], m, "a"), spans, false)
	var srcs []string
	for _, k := range []string{"b", "c"} {
		ps, _ := coSide(named(res["genBy"], m, k), spans, true)
		for _, p := range ps {
			d := p
			if i := strings.LastIndex(strings.TrimSuffix(p, "/"), "/"); i > 0 {
				d = p[:i+1]
			}
			if !slices.Contains(srcs, d) {
				srcs = append(srcs, d)
			}
		}
	}
	if len(gen) == 0 || len(srcs) == 0 {
		return nil
	}
	return []CoChange{{If: gen, Then: srcs, What: "a change to its sources",
		Approx: "a change in its sources' folders stands for the regeneration; a file regenerated for other inputs is flagged too"}}
}

// codeMember reports whether a dotted span with no folder is a class's member
// (`Localization.lang`, `Config.load`), not a file name: a capitalised name, then a
// lower-case identifier that no file kind is called (`Makefile.am`, `Dockerfile.dev`
// and `CHANGELOG.md` are files).
func codeMember(sp string) bool {
	if strings.ContainsAny(sp, "/*") || strings.Count(sp, ".") != 1 {
		return false
	}
	base, ext, _ := strings.Cut(sp, ".")
	if base == "" || ext == "" || base[0] < 'A' || base[0] > 'Z' || ext[0] < 'a' || ext[0] > 'z' {
		return false
	}
	if fileExts[ext] || fileExtensions[ext] || fileSuffixWords()[ext] {
		return false
	}
	for _, r := range ext {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	return true
}

// fileSuffixWords end file names that are no language's extension: build inputs,
// variants and samples (`Makefile.am`, `Dockerfile.dev`, `.env.example`).
var fileSuffixWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"am": true, "in": true, "ac": true, "dev": true, "prod": true, "local": true,
		"example": true, "sample": true, "template": true, "tmpl": true, "dist": true, "bak": true, "properties": true,
		"po": true, "pot": true, "props": true, "targets": true, "plist": true, "conf": true, "config": true,
		"j2": true, "tpl": true, "erb": true, "hbs": true, "svg": true, "png": true, "adoc": true, "ipynb": true}
})

// coNewInFolder reports whether a condition speaks of new things in a folder ("if you
// add a new provider under §0", "any new CLI added under §0"): the span is a folder
// (written with its final "/"), so only files the change adds are such things.
func coNewInFolder(cond string, spans []string) bool {
	m := coNewInRE().FindStringSubmatch(cond)
	if m == nil {
		return false
	}
	n := atoiN(m[1])
	return n < len(spans) && strings.HasSuffix(strings.TrimSpace(spans[n]), "/")
}

// coItemAlsoRE: a file, a dash or colon, and "also" with a demand.
var coItemAlsoRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(§\d+(?:\s*(?:,|and|or)\s*§\d+)*)\s*(?:—|–|-|:|→|->)\s*(?:you\s+(?:must|should)\s+)?also\s+((?:update|regenerate|re-generate|rebuild|commit|add|bump|register|edit|change|touch|sync)\b.*)$`)
})

// coSiblingFiles reports two sides that are each one file span, of the same kind (the
// same extension) in the same folder: "`locales/en.ts` must be kept in sync with
// `locales/zh-CN.ts`".
func coSiblingFiles(a, b string, spans []string) bool {
	one := func(side string) (string, bool) {
		m := coREs()["mark"].FindAllStringSubmatch(side, -1)
		if len(m) != 1 || strings.TrimSpace(strings.TrimPrefix(side, "the ")) != m[0][0] {
			return "", false
		}
		n := atoiN(m[0][1])
		if n >= len(spans) || strings.HasSuffix(spans[n], "/") || strings.ContainsAny(spans[n], "*<{") {
			return "", false
		}
		return spans[n], true
	}
	pa, okA := one(a)
	pb, okB := one(b)
	if !okA || !okB {
		return false
	}
	if strings.Contains(strings.ToLower(pa+" "+pb), "lock") {
		// "keep `package-lock.json` in sync with `package.json`": a lockfile follows
		// its manifest, not the other way
		return false
	}
	ea, eb := path.Ext(pa), path.Ext(pb)
	return ea != "" && ea == eb && path.Dir(pa) == path.Dir(pb)
}

// coNamedFile: files projects name without an extension that a co-change names
// (`BUCK`, `NOTICE`, `CHANGELOG`), besides the build files extensionlessFile knows.
func coNamedFile(sp string) bool {
	switch sp {
	case "BUCK", "BUILD", "WORKSPACE", "NOTICE", "CHANGELOG", "CHANGES", "VERSION", "AUTHORS", "CODEOWNERS":
		return true
	}
	return false
}
