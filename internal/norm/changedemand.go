package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// What a change needs beside itself, as the contribution recognisers read it: a test
// ("Bug fixes must come with a regression test") or a changelog entry ("Add an entry
// to `CHANGES.rst`"), and whether the sentence leaves the need to the author's
// judgement. Each reader takes the sentence in lower case with its code spans taken
// out, unless it says otherwise.

var (
	// The shapes of "a change needs a test": a verb that demands tests governing the
	// change, within a short distance (so "write tests that verify assumptions ...
	// before changes are made" is not one).
	chgTestDemandREs = []*lazyre.RE{
		lazyre.New(`\b(add|include|write|provide|create|update)\s+(\w+\s+){0,2}(tests?|test cases?)\b[^.]{0,12}\b(for|if|when|that|covering|with)\b[^.]{0,40}\b(code|changes?|patch|patches|fix|fixes|bugs?|features?|functionality)\b`),
		// the tests beside the change: "include unit tests in the tests package
		// alongside any code changes"
		lazyre.New(`\b(add|include|write|provide|create)\s+(\w+\s+){0,2}(tests?|test cases?)\b[^.]{0,30}\b(alongside|along with|together with|accompanying)\b[^.]{0,20}\b(code|changes?|fix|fixes|features?|functionality)\b`),
		// a step that makes the change and its tests: "Make changes and add tests in
		// tests/"
		lazyre.New(`^\W*(?:make|implement)\s+(?:your\s+)?(?:code\s+)?changes?\s+(?:and|,)\s+(?:add|write|include)\s+(?:\w+\s+){0,2}(?:tests?|test cases?)\b`),
		lazyre.New(`\b(code changes?|changes?|bug ?fix(es)?|fixes|new (functionality|features?|code)|features?|patch(es)?|contributions?|pull requests?|prs)\b[^.]{0,40}\b(need|needs|require|requires|must (have|include|come with)|should (have|include|come with)|comes? with)\b[^.]{0,18}\b(tests?|test cases?|regression tests?)\b`),
		lazyre.New(`\b(functionality|features?|code|fix|fixes|changes?)\b[^.]{0,20}\b(should|must|needs to|has to) be (tested|accompanied (by|with) (a |an )?(regression )?tests?)\b`),
		lazyre.New(`\b(fixing a bug|bug fix(es)?)\b[^.]{0,40}\baccompanied (by|with)\b[^.]{0,20}\btests?\b`),
		// a checklist item that is only the demand: "Add tests.", "Write unit tests."
		lazyre.New(`^\W*(?:please )?(add|write|include) (?:some |new |unit |regression |the |accompanying |corresponding |matching )*(?:tests?|test cases?)(?: for (?:your|the|any|new) (?:changes?|code|features?|functionality|fix(?:es)?))?\W*(?:\([^)]*\)\W*)?$`),
		// the condition first, on new behaviour: "If your changes introduce new
		// functionality, please write tests for it." (not "If you change the FFI, ...":
		// one area's condition; nor "If you are fixing a bug, ...": which changes
		// are bug fixes is the author's judgement)
		lazyre.New(`^\W*(?:if|when|whenever)\b[^,.]{0,50}\bnew (?:functionality|features?|code|behaviou?r)\b[^,.]*,[^.]{0,40}\b(?:add|write|include|provide)\s+(?:\w+\s+){0,2}(?:tests?|test cases?)\b`),
		// the condition on adding behaviour, which makes it new without the word:
		// "When you add functionality be sure to write a unit test too", "When adding
		// a feature, write tests for it."
		lazyre.New(`^\W*(?:if|when|whenever)\s+(?:you(?:'re|\s+are)?\s+)?(?:add|adding|introduce|introducing|implement|implementing)\s+(?:(?:any|a|an|new|some|more)\s+)*(?:functionality|features?|behaviou?r)\b[^.]{0,50}\b(?:add|write|include|provide)\s+(?:\w+\s+){0,2}(?:tests?|test cases?)\b`),
		// a lead-in whose items are the changes: "Please add or update automated
		// tests when you:"
		lazyre.New(`^\W*(?:please\s+)?(?:add|write|include|update)(?:\s+(?:or|and|/)\s+(?:add|write|include|update))?\s+(?:\w+\s+){0,2}(?:tests?|test cases?)\s+(?:when|whenever|if)\s+you\s*:?\s*$`),
		// a step that lists what to add, tests last: "Add comment-based help,
		// documentation, and meaningful Pester tests."
		lazyre.New(`^\W*(?:please\s+)?(?:add|write|include)\b[^.;]{0,60},?\s+(?:and|&)\s+(?:\w+\s+){0,2}(?:tests?|test cases?)\W*$`),
	}
	// Sentences that leave the demand to judgement.
	chgJudgementRE  = lazyre.New(`\b(significant|substantial|non-trivial|not trivial|trivial|where appropriate|when appropriate|if appropriate|if applicable|where possible|if possible|when relevant|likely to affect|user-facing|determine whether|whether|unsure|not sure|prefer|consider|optional|optionally|(when|if|where) (an? |the )?[a-z ]{0,30}(is|are) (needed|required|necessary|warranted|called for)|(when|if|where) (needed|required|necessary))\b`)
	chgUserFacingRE = lazyre.New(`\b(?:` + userEffect + `)\b`)
	chgJudgedWordRE = lazyre.New(`\b(significant|substantial|non-trivial|trivial|where|when|if|whether|prefer|consider|optional|optionally)\b`)
	// Negation that governs a co-change clause ("without" is not one: "tests that fail
	// without your change").
	chgNegRE       = lazyre.New(`\b(never|not|no|don't|do not|avoid|must not|should not|shouldn't|cannot|can't)\b`)
	chgChangelogRE = lazyre.New(`\b(change ?log|changes file|(add|create|generate|include|commit)\s+(a\s+|the\s+)?change\s+files?|news fragments?|newsfragments?|release[- ]notes? entry|whats[- ]new|changesets?|changelog fragments?)\b`)
	// "Add an entry in CHANGES.rst", "update the changelog", "needs a changelog entry";
	// not "write changelog entries in the past tense" (how, not whether).
	chgEntryDemandRE = lazyre.New(`\b(add|include|create|write|append)\s+(a|an|one)\s+([\w.-]+\s){0,3}(entry|fragment|changeset|bullet( point)?|note)\b|\bupdate (the )?(change ?log|code|changes|history|news|whats-new)\b|\b(needs?|requires?) (a |an )?(change ?log|changelog|news) (entry|fragment)\b|\b(needs?|requires?|include|includes) (a |an )?(changeset|changelog entry|news fragment)\b|\b(needs?|requires?) (a |an )(new )?entry (in|to|under)\b|\badd (new )?entries (to|in|under)\b`)
	chgEditBanRE     = lazyre.New(`^(?:please )?(?:do not|don't|never|no need to|you don't need to|you do not need to|there is no need to|avoid)\b[^.]*\b(?:update|edit|touch|add|modify|change|write)\b`)
	chgPlacementRE   = lazyre.New(`\b(end|top|bottom|beginning) of (its|the) (section|file|list)\b|\b(in|into) (its|the|your) (pr |pull[- ]request )?description\b`)
	// chgJudgedNeedRE: the sentence leaves to the author whether the change needs it.
	chgJudgedNeedRE = lazyre.New(`(?i)\bunless (the change|it|this|the pr|your change) (is|are) (internal|trivial|minor|a refactor|cosmetic)\b|\b(if you (believe|think|feel)|if (applicable|relevant|needed|necessary|appropriate)|where (applicable|relevant|appropriate)|when (applicable|relevant|appropriate)|notable|significant|functional(?:ity)?|` + userEffect + `)\b`)
	// chgTestWorkflowRE: a test demand that is a way of working (write the test first,
	// see it fail) or a judgement (which changes are behaviour, where tests apply),
	// not a co-change a change's files show.
	chgTestWorkflowRE = lazyre.New(`\b(before (implementing|writing|you (write|implement|start)|making|starting|coding)|(a |the )?failing (regression )?tests?|tests? first|whenever applicable|when applicable|as applicable|behaviou?r changes?)\b`)
	chgEveryUnitRE    = lazyre.New(`\b(every|each) (exception|function|method|class|public|branch|case)\b`)
	chgEveryRE        = lazyre.New(`\b(every|each|any|all)\b`)
	// chgKindLeadRE: a lead-in that limits its items to a kind of change ("If adding
	// a new feature:", "When fixing a bug:").
	chgKindLeadRE     = lazyre.New(`(?i)^\W*(if|when|for)\b[^:]{0,40}\b(features?|bugs?|fix|fixes|fixing|enhancements?|bugfix(es)?)\b[^:]*:\s*$`)
	chgBugFixRE       = lazyre.New(`\b(bug fix(es)?|fixing a bug|bugfix(es)?|the fix)\b`)
	chgFailsRE        = lazyre.New(`\bfails? (before|without|on the pre-fix)\b`)
	chgTestsGoRE      = lazyre.New(`(?i)\btests?\s+(?:\([^)]*\b)?(?:for\s+(?:it|them|this|that)\s+)?(in|under|into|inside)\s+$|(?:^\W*|[,;:]\s*)(?:please\s+)?(?:add|write|put|place)\s+(?:\w+\s+)?tests?\b[^.]{0,40}\s(?:to|in|into|under)\s+$`)
	chgChangedFilesRE = lazyre.New(`(?i)\b(changes?|changing|modif(y|ies|ying|ications?)|edit(s|ing)?|touch(es|ing)?)\s+(anything\s+|files?\s+|code\s+|((to|in|of)\s+)?((a|an|any|one|the)\s+)?(package|crate|module|component|library|plugin|service)s?\s+)?(to|in|under|of|inside|within)\s+(the\s+)?$|\b(changing|modifying|editing|touching|touches|(you|they)\s+(change|modify|edit|touch))\s+(the\s+)?$`)
)

// userEffect: the words that make a change's need depend on its effect on users, which
// the change's files do not show ("user-facing", "a user-visible effect", "changes
// that affect end users"): heed can remind of the need, never decide it.
const userEffect = `user[- ]facing|user[- ]visible|visible to (?:the )?(?:end[- ])?users|(?:affects?|affecting|impacts?|impacting) (?:the )?(?:end[- ])?users|end[- ]user[- ](?:visible|facing)`

// LeftToJudgement reports whether the sentence leaves its demand to the author's
// judgement ("significant changes", "where appropriate", "if needed").
func LeftToJudgement(lower string) bool { return chgJudgementRE.MatchString(lower) }

// UserFacingOnly reports whether the only judgement the sentence leaves is which
// changes are user-facing ("For any user-facing change, add an entry"): heed can
// remind of it.
func UserFacingOnly(lower string) bool {
	return chgUserFacingRE.MatchString(lower) && !chgJudgedWordRE.MatchString(lower)
}

// NegatesCoChange reports whether a clause is negated as a co-change's ("never",
// "do not"; not "without": "tests that fail without your change").
func NegatesCoChange(clause string) bool { return chgNegRE.MatchString(clause) }

// SaysChangelog reports whether the text speaks of a changelog, news fragments or a
// changeset.
func SaysChangelog(lower string) bool { return chgChangelogRE.MatchString(lower) }

// TestDemand is a sentence's demand that a change come with a test.
type TestDemand struct {
	// BugFix: the demand is on bug fixes; FailsWithout: the test must fail without
	// the change.
	BugFix, FailsWithout bool
}

// ReadTestDemand reads a demand that a change come with a test. lead is the list's
// lead-in, as written. ok is false when the sentence makes none, or describes a way
// of working (the test first), more than a co-change (a test for every exception),
// or a step for one kind of change its lead-in names ("If adding a new feature:").
func ReadTestDemand(lower, lead string) (d TestDemand, ok bool) {
	if chgTestWorkflowRE.MatchString(lower) || chgEveryUnitRE.MatchString(lower) {
		return d, false
	}
	demanded := false
	for _, cl := range Clauses(lower) {
		if chgNegRE.MatchString(cl) {
			continue
		}
		for _, re := range chgTestDemandREs {
			if re.MatchString(cl) {
				demanded = true
			}
		}
	}
	if !demanded {
		return d, false
	}
	if chgKindLeadRE.MatchString(lead) && !chgEveryRE.MatchString(lower) {
		return d, false
	}
	d.BugFix = chgBugFixRE.MatchString(lower)
	d.FailsWithout = chgFailsRE.MatchString(lower)
	return d, true
}

// TestsGoBefore reports whether the words before a folder (raw, as written) say the
// tests go there ("a test in `tests/`", "Add tests for your changes to `tests/`").
func TestsGoBefore(before string) bool { return chgTestsGoRE.MatchString(before) }

// ChangedFilesBefore reports whether the words before a path (raw, as written) name it
// as the changed files ("for every change to `src/`", "changes under `lib/`").
func ChangedFilesBefore(before string) bool { return chgChangedFilesRE.MatchString(before) }

// atReleaseRE: the moment a demand is tied to is a release ("Before creating any beta
// or stable release, update `CHANGELOG.md`", "Maintainers update the changelog when
// cutting a release", "before bumping or tagging the version").
var atReleaseRE = lazyre.New(`(?i)\b(before|when|while|during|as part of|at the time of)\s+(?:you\s+)?(?:(?:creating|cutting|making|preparing|tagging|publishing|shipping|doing|create|cut|make|prepare|tag|publish|ship)\s+)?(?:(?:a|an|any|the|each|every|new|next)\s+)?(?:(?:beta|stable|major|minor|patch|new|official)\s+(?:or\s+(?:beta|stable|major|minor|patch)\s+)?)?releas(?:e|es|ing)\b(?:\s+(?:time|process))?|\b(before|when|while)\s+(bumping|tagging)\b|\bat release time\b`)

// AtRelease reports whether the sentence ties its demand to making a release, not to
// each change: a changelog kept at release time is no entry every change must carry.
func AtRelease(text string) bool {
	for _, m := range atReleaseRE.FindAllStringIndex(text, -1) {
		// "release notes" names a document, not the moment
		if rest := strings.TrimLeft(text[m[1]:], " "); !strings.HasPrefix(strings.ToLower(rest), "note") {
			return true
		}
	}
	return false
}

// releaseHeadingRE: a heading that names the release procedure ("## Release Process",
// "### Releasing", "Cutting a release"), not release notes.
var releaseHeadingRE = lazyre.New(`(?i)^\W*(?:the\s+)?(?:release|releasing)(?:\s+(?:process|procedure|steps|checklist|workflow|flow|guide))?\W*$|\b(?:cutting|making|creating|preparing|publishing)\s+(?:a\s+|the\s+)?(?:new\s+)?release\b|\bhow\s+to\s+release\b`)

// UnderReleaseHeading reports whether one of the headings above a sentence names the
// release procedure: its steps ("Update changelog:") are what a release does, not what
// every change must carry.
func UnderReleaseHeading(headings []string) bool {
	for _, h := range headings {
		if releaseHeadingRE.MatchString(h) {
			return true
		}
	}
	return false
}

// publishHeadingRE: a heading over the publishing or versioning workflow ("##
// Publishing", "### Changeset Workflow", "Version management"): its steps may ask each
// contributor for an entry, but which changes need one is the release tool's to say.
var publishHeadingRE = lazyre.New(`(?i)^\W*(?:publishing|versioning|version management|releases? and versioning|versioning and releases?)\W*$|\bchangesets?\s+(?:workflow|process|flow)\b`)

// UnderPublishingHeading reports whether one of the headings above a sentence names
// the publishing or versioning workflow (not the release procedure itself, which
// UnderReleaseHeading reads).
func UnderPublishingHeading(headings []string) bool {
	for _, h := range headings {
		if publishHeadingRE.MatchString(h) {
			return true
		}
	}
	return false
}

// onRequestRE: a demand made only when someone asks for it ("and, if user asks,
// `CHANGELOG.md`", "update the docs when asked").
var onRequestRE = lazyre.New(`(?i)\b(?:if|when|unless|only if|only when)\s+(?:the\s+)?(?:user|maintainer|reviewer|owner)s?\s+(?:asks?|requests?|wants?|explicitly asks?)\b|\b(?:if|when)\s+(?:asked|requested)\b|\bon request\b|\bor when asked\b`)

// OnRequest reports whether the sentence makes its demand only when someone asks: no
// change has to meet it by itself.
func OnRequest(text string) bool { return onRequestRE.MatchString(text) }

// BansChangelogEdit reports whether a clause of the sentence (rawLower: as written, in
// lower case) forbids editing a file ("Do not update `CHANGELOG.md` in your PR").
func BansChangelogEdit(rawLower string) bool {
	for _, cl := range Clauses(rawLower) {
		if chgEditBanRE.MatchString(cl) {
			return true
		}
	}
	return false
}

// DemandsEntry reports whether the sentence asks for a changelog entry to be added
// (not how entries are written: "write changelog entries in the past tense").
func DemandsEntry(lower string) bool { return chgEntryDemandRE.MatchString(lower) }

// chgUpdateNamedRE: an order to update a file the sentence names ("For user-visible
// changes, update the relevant docs and `docs/CHANGELOG.md`"), read with the code spans
// taken out: the verb leads the sentence or its clause, or a modal governs it.
var chgUpdateNamedRE = lazyre.New(`(^\W*|[,:;]\s*|\b(must|should|always|also)\s+)(please\s+)?(update|add an entry to|add entries to)\b`)

// UpdatesNamedFile reports whether the sentence orders an update of a file it names
// (lower: the sentence in lower case, code spans taken out).
func UpdatesNamedFile(lower string) bool {
	return chgUpdateNamedRE.MatchString(lower) || chgUpdateNamedLooseRE.MatchString(lower)
}

// UpdatesNamedFileLoosely reports an order to update a named file read only from a
// checklist's shorter forms ("Add entry to CHANGELOG.md", "CHANGELOG.md is updated"):
// a reminder more than a demand every change is held to.
func UpdatesNamedFileLoosely(lower string) bool {
	return !chgUpdateNamedRE.MatchString(lower) && chgUpdateNamedLooseRE.MatchString(lower)
}

// chgUpdateNamedLooseRE: a checklist's shorter forms of chgUpdateNamedRE.
var chgUpdateNamedLooseRE = lazyre.New(`(^\W*|[,:;]\s*|\b(must|should|always|also)\s+)(please\s+)?add (one |new )?(entry|line|bullet|item) (to|in|under)\b|(^\W*|[,:;]\s*)(please\s+)?add (an? )(new )?(line|bullet|item) (to|in|under)\b|^\W*(the\s+)?\S+\s+(is|are|has been|have been)\s+(updated|amended)\W*$`)

// EntryPlacement reports whether the sentence says where an entry goes ("at the top
// of the section", "in the PR description"): no file the change must touch.
func EntryPlacement(lower string) bool { return chgPlacementRE.MatchString(lower) }

// chgCondInItemsRE: a lead-in whose condition is the list below it ("Add a changeset
// when you:", "Update the docs if you:"), whose kinds of change heed does not read
// into the demand.
var chgCondInItemsRE = lazyre.New(`(?i)\b(?:when(?:ever)?|if|for)(?:\s+you(?:'re| are)?)?\s*:\s*$`)

// CondInItems reports a demand whose condition is the list it leads into ("Add a
// changeset when you:"): which changes need it is said item by item.
func CondInItems(raw string) bool { return chgCondInItemsRE.MatchString(strings.TrimSpace(raw)) }

// NeedJudged reports whether the sentence leaves to the author whether a change needs
// an entry ("If you believe your change should be noted", "unless it is internal").
func NeedJudged(lower string) bool { return chgJudgedNeedRE.MatchString(lower) }

var (
	// chgUnlessMinorRE: the judgement words a co-change keeps as a warning rather
	// than drops.
	chgUnlessMinorRE = lazyre.New(`\bunless (the change|it|this|the pr|your change) (is|are) (internal|trivial|minor|a refactor|cosmetic)\b`)
	// chgComponentOwnRE: the sentence asks for the changed component's own file ("that
	// crate's changelog", "the CHANGELOG.md of that package", "its CHANGELOG.md", "a
	// CHANGELOG.md of its own").
	chgComponentOwnRE = lazyre.New(`\b(that|the|each|every) (crate|package|library|lib|plugin|module|component|project|app|application|service|extension|integration|workspace member|gem|subproject|sub-project)'s\b|\bof (that|the|each|its|every) (crate|package|library|lib|plugin|module|component|project|app|application|service|extension|integration|gem|subproject)\b|\bits (own )?` + "`?" + `(change ?log|changes|history|news)|\b(of its own|its own ` + "`?" + `(change ?log|changes|history|news))`)
)

// UnlessMinor reports whether the sentence exempts minor changes ("unless the change
// is internal", "unless it is a refactor"): a judgement a co-change keeps as a
// warning.
func UnlessMinor(lower string) bool { return chgUnlessMinorRE.MatchString(lower) }

// ComponentOwnFile reports whether the sentence (rawLower: as written, in lower case)
// asks for the changed component's own file ("that crate's changelog", "its
// CHANGELOG.md").
func ComponentOwnFile(rawLower string) bool { return chgComponentOwnRE.MatchString(rawLower) }
