package compile

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
)

// The compiler's self-review. A compiled rule has no human author, and heed only lets
// a rule block when its sentence was read with certainty. The recognisers say what
// they read; this step looks at what they made against the sentence, its section and
// the rule's own reading, and demotes to a warning "needs review", with the reason, a
// rule whose reading the evidence puts in doubt. It reads no English of its own
// beyond the labels a writer puts in front of a sentence; the self-validation
// (internal/check) adds what only the repository can show.
//
// Each signal was chosen because it says the rule cannot be what the sentence asks,
// not merely that the rule is wide: a rule heed knows to be an approximation keeps
// its level unless it is also in doubt.

// doubt says why a rule's reading is in doubt, or "" when nothing puts it in doubt.
func doubt(c *policy.Constraint, r *policy.Rule) string {
	for _, f := range []func(*policy.Constraint, *policy.Rule) string{
		doubtUncertain, doubtLabel, doubtTestSection, doubtProseObject, doubtImportName, doubtUncarriedCondition,
		doubtMessagePlace, doubtStatement, doubtNarrowedSubject, doubtPurpose, doubtReliance, doubtLeadCondition, doubtAudience,
		doubtAlternative, doubtOtherDocument, doubtChangeCondition,
	} {
		if why := f(c, r); why != "" {
			return why
		}
	}
	return ""
}

// review applies the self-review to a finished rule: a rule in doubt warns and needs
// review, and is fingerprinted again as the compiler's (a person who restores its
// level is then seen to have edited it). A rule that already needs review keeps the
// reason it has.
func review(c *policy.Constraint, r *policy.Rule) {
	if r.Review != "" || r.Domain == policy.DomainSemantic {
		return
	}
	why := doubt(c, r)
	if why == "" {
		return
	}
	r.Severity = policy.SeverityWarning
	r.Review = why
	r.Generated = ""
	r.Generated = policy.Fingerprint(r)
}

// doubtUncertain: the reader said it is unsure of what the sentence asks (not of
// which commands fill a duty it read with certainty): a condition heed cannot see
// ("Found a security vulnerability? Don't open an issue"), a table row read as a
// change and the command it needs, an example read as the rule.
func doubtUncertain(_ *policy.Constraint, r *policy.Rule) string {
	i := strings.Index(r.Norm, "uncertain: ")
	if i < 0 {
		return ""
	}
	rest := r.Norm[i+len("uncertain: "):]
	if j := strings.Index(rest, " | "); j >= 0 {
		rest = rest[:j]
	}
	for _, u := range strings.Split(rest, "; ") {
		switch {
		case strings.HasPrefix(u, "condition: "):
			return fmt.Sprintf("it holds only %q, which heed cannot see: as written it applies everywhere", strings.TrimPrefix(u, "condition: "))
		case strings.HasPrefix(u, "the table's columns are read as"):
			return "a table row read as a change and the command it needs; the table may say something else"
		case strings.HasPrefix(u, "an example of a general rule"):
			return "read from an example of a general rule"
		case strings.HasPrefix(u, "a statement of how things are"), strings.HasPrefix(u, "a description of what it names"),
			strings.HasPrefix(u, "a how-to for one purpose"):
			return u // norm's last look (certainty.go): said as the reader said it
		}
	}
	return ""
}

// doubtLabel: a sentence labelled as examples or as an exception is not a rule of
// its own: "Examples: `feature/jsmith/x`" is no branch pattern, "Exception — under
// `src/api/**` names are camelCase" no repository-wide naming rule.
func doubtLabel(c *policy.Constraint, _ *policy.Rule) string {
	switch norm.SentenceLabel(c.Text) {
	case "exception":
		return "the sentence states an exception to another rule, not a rule of its own"
	case "examples":
		return "the sentence gives examples of a rule, not the rule"
	}
	return ""
}

// doubtTestSection: a ban stated under a heading about tests ("## Testing ›
// Synchronization: never use `Task.Delay`") that the rule applies everywhere except
// the tests judges the code the section is not about and skips the code it is.
func doubtTestSection(c *policy.Constraint, r *policy.Rule) string {
	if r.Domain != policy.DomainSource || !excludesTests(r.Scope.Exclude) {
		return ""
	}
	for _, h := range c.HeaderPath {
		if norm.AboutTests(h) {
			return fmt.Sprintf("stated under %q, about tests, but the rule skips test files", h)
		}
	}
	return ""
}

// markNewCode limits a code rule of a constraint about new code to changes ("No
// jQuery in new code", a section "When adding new components": the code that stands
// may follow other ways; wild rounds 22 and 25).
func markNewCode(c *policy.Constraint, r *policy.Rule) {
	if r.Domain != policy.DomainSource && r.Domain != policy.DomainArchitecture || !newCodeOnly(c) {
		return
	}
	w := policy.Condition{What: "new code"}
	if r.When != nil {
		w = *r.When
	}
	w.NewCode = true
	r.When = &w
}

// newCodeOnly: the constraint is about the code a change adds, by its words ("No
// jQuery in new code", "New code must be typed"), its lead-in or its section ("When
// Adding New Components").
func newCodeOnly(c *policy.Constraint) bool {
	if norm.InNewCode(c.Text) || c.Context != "" && norm.InNewCode(c.Context) {
		// the lead-in of a list or table too: "Prefer the seams for new code:"
		// over an "Instead of | Use" table
		return true
	}
	for _, h := range c.HeaderPath {
		if norm.NewCodeHeading(h) {
			return true
		}
	}
	return false
}

func excludesTests(globs []string) bool {
	for _, g := range globs {
		if strings.Contains(strings.ToLower(g), "test") {
			return true
		}
	}
	return false
}

// doubtProseObject: an import ban of a name the sentence writes as a plain word
// while it marks other names as code ("never rely on globals (e.g. no global
// `React`)" bans no package named "globals"; "instead of copy/pasting tests" no
// module `copy`): the writer marked what they meant.
func doubtProseObject(c *policy.Constraint, r *policy.Rule) string {
	m := importOfRE.FindStringSubmatch(r.Message)
	if r.Domain != policy.DomainSource || m == nil {
		return ""
	}
	name := m[1]
	spans := codeSpanRE.FindAllString(c.Text, -1)
	if len(spans) == 0 || strings.Contains(strings.ToLower(strings.Join(spans, "\n")), strings.ToLower(name)) {
		return ""
	}
	prose := strings.ToLower(codeSpanRE.ReplaceAllString(c.Text, " "))
	for _, w := range wordRE.FindAllString(prose, -1) {
		if w == strings.ToLower(name) {
			return fmt.Sprintf("it bans importing `%s`, a word the sentence writes in plain prose while it marks other names as code", name)
		}
	}
	return ""
}

// wordRE finds the words of a sentence; codeSpanRE its inline code spans.
var (
	wordRE     = lazyre.New(`[\p{L}\p{N}_.@/-]+`)
	codeSpanRE = lazyre.New("`+[^`]*`+")
)

// doubtImportName: an import ban of a name no package can have (a call,
// `getNodeAutoInstrumentations()`) is a misreading of the sentence's object.
func doubtImportName(_ *policy.Constraint, r *policy.Rule) string {
	if r.Domain != policy.DomainSource && r.Domain != policy.DomainArchitecture {
		return ""
	}
	var p struct {
		Banned  []string `json:"banned"`
		Needles []string `json:"needles"`
	}
	if json.Unmarshal(r.Params, &p) != nil {
		return ""
	}
	names := p.Banned
	if r.Domain == policy.DomainSource {
		// the name as the rule reports it: "import of `x()` (...) is banned here"
		m := importOfRE.FindStringSubmatch(r.Message)
		if m == nil {
			return ""
		}
		names = []string{m[1]}
	}
	for _, n := range names {
		if strings.ContainsAny(n, "() ") {
			return fmt.Sprintf("it bans importing `%s`, which is no package name", n)
		}
	}
	return ""
}

// importOfRE reads the package an import ban's message names.
var importOfRE = lazyre.New("^import of `([^`]+)`")

// doubtUncarriedCondition: a co-change rule that stands in "every change to the
// code" for the change the sentence names, when the sentence or its lead-in names
// that change by a condition ("When introducing a deprecation, add a fragment to
// `deprecation.d/`"), asks every change for what one kind of change needs.
func doubtUncarriedCondition(c *policy.Constraint, r *policy.Rule) string {
	if r.Domain != policy.DomainContribution || r.Kind != "cochange" || r.When != nil {
		return ""
	}
	var p struct {
		Reading string `json:"reading"`
	}
	if json.Unmarshal(r.Params, &p) != nil || !strings.Contains(p.Reading, "stands for") {
		return ""
	}
	for _, s := range []string{c.Context, c.Text} {
		if cond := norm.KindOfChange(s); cond != "" {
			return "the sentence asks it of one kind of change (" + cond + " ...), heed of every change to the code"
		}
	}
	return ""
}

// doubtMessagePlace: a source rule from a sentence about what a commit message or a
// pull request says ("Do not write a bare `#NNN` anywhere in a commit message")
// judges the repository's files, where the sentence asks nothing.
func doubtMessagePlace(c *policy.Constraint, r *policy.Rule) string {
	if r.Domain != policy.DomainSource {
		return ""
	}
	m := norm.MessagePlaceOnly(c.Text)
	if m == "" {
		return ""
	}
	return "the sentence is about " + m + ", and the rule judges the repository's files"
}

// doubtStatement: a rule of a recogniser that reads no norm (a commit, co-change or
// source rule) from a text that directs no one: "`6.0-tax-provider.md` — per-market
// tax providers, replaces ..." is an entry of an index, "Runtime is Bun" a statement.
// A text framed by a lead-in takes its instruction from it, and is left alone.
func doubtStatement(c *policy.Constraint, r *policy.Rule) string {
	if why := norm.QuotedMention(c.Text); why != "" {
		return why // (whatever frames it: the quotation is mentioned, not given)
	}
	if r.Domain == policy.DomainProcess || r.Domain == policy.DomainArchitecture || c.Context != "" {
		// a boundary is written as a statement of how the code is ("`domain` knows
		// nothing about `http`"), and the repository shows whether it holds
		return ""
	}
	return norm.Statement(c.Text)
}

// doubtNarrowedSubject: a contribution rule from a sentence about some pull requests
// or commits only ("PRs for new features must target `main`", "Commits that fix a
// bug must ..."), which heed applies to all of them.
func doubtNarrowedSubject(c *policy.Constraint, r *policy.Rule) string {
	if r.Domain != policy.DomainContribution {
		return ""
	}
	if sub := norm.NarrowedSubject(c.Text); sub != "" && !subjectCarried(sub, r) {
		return fmt.Sprintf("the sentence asks it of %q only, which heed cannot tell from the others", sub)
	}
	return ""
}

// doubtPurpose: a source rule from a how-to opened by the purpose it serves ("To get
// readable traces, use `A` instead of `B`") bans what the sentence only says how to
// avoid for that purpose. (Command rules carry the same doubt in their norm.)
func doubtPurpose(c *policy.Constraint, r *policy.Rule) string {
	if r.Domain != policy.DomainSource {
		return ""
	}
	return norm.PurposeHowTo(c.Text)
}

// doubtReliance: a source rule from a ban of relying on something ("don't rely on
// `Meta.fields`") flags every use of it, where the sentence bans depending on it.
func doubtReliance(c *policy.Constraint, r *policy.Rule) string {
	if r.Domain != policy.DomainSource {
		return ""
	}
	return norm.RelianceBan(c.Text)
}

// doubtLeadCondition: a commit or pull-request rule from a sentence that opens with a condition
// the rule does not carry ("If your pull request has one commit, that commit must
// ...") asks of every commit what the sentence asks of some.
//
// A list's lead-in may set the condition for its items ("If you're updating the
// documentation out of cycle with a release, do the following: 1. Open a PR against
// `main` ... 4. Open a PR against `docs-update`"): then a command rule of an item
// holds only then too, and two items may ask opposite things of the same command.
func doubtLeadCondition(c *policy.Constraint, r *policy.Rule) string {
	if r.When != nil {
		return "" // (a co-change rule carries its condition as the files that trigger it)
	}
	commitOrPR := r.Domain == policy.DomainContribution && (r.Kind == "commit" || r.Kind == "pr")
	command := r.Domain == policy.DomainProcess && r.Kind == "command"
	if !commitOrPR && !command {
		return ""
	}
	if cond := norm.LeadCondition(c.Text); cond != "" && commitOrPR {
		return fmt.Sprintf("it holds only %q, which heed cannot see: as written it applies everywhere", cond)
	}
	lead := strings.TrimSpace(c.Context)
	if strings.HasSuffix(lead, ":") && !strings.Contains(lead, " | ") {
		if cond := norm.LeadCondition(lead); cond != "" {
			return fmt.Sprintf("its list holds only %q, which heed cannot see: as written it applies everywhere", cond)
		}
	}
	if cond := norm.LeadInCondition(lead); cond != "" {
		// "When working on UI changes:" over "Never run `npm run build:prod`", "If
		// you are preparing a hotfix:" over "Do not run `npm publish` yourself"
		return fmt.Sprintf("its list holds only %q, which heed cannot see: as written it applies everywhere", cond)
	}
	return ""
}

// doubtAudience: a rule from a section addressed to maintainers or core developers
// ("## Core developer guidelines": wait for CI before merging, edit the squash
// message) holds for work an agent's session does not do as a contributor.
func doubtAudience(c *policy.Constraint, _ *policy.Rule) string {
	if who := norm.OtherAudience(c.HeaderPath, c.Context); who != "" {
		return "the section addresses " + who + ", not every contributor"
	}
	return ""
}

// doubtAlternative: a commit or pull-request rule from a sentence that offers two ways
// ("label such PRs `docs`, or prefix the title with `chore:`"): whoever took the other
// way obeyed, and heed sees only one of them. (Command rules carry the same doubt in
// their norm.)
func doubtAlternative(c *policy.Constraint, r *policy.Rule) string {
	if r.Domain != policy.DomainContribution || r.Kind != "commit" && r.Kind != "pr" {
		return ""
	}
	if alt := norm.AlternativeWays(c.Text); alt != "" {
		return fmt.Sprintf("the sentence offers two ways (%s), and heed sees only one", alt)
	}
	return ""
}

// doubtOtherDocument: a commit rule from a sentence that opens with the writing of
// another document ("When writing the changeset summary, use a Conventional
// Commit-style message") asks of every commit what the sentence asks of that document.
func doubtOtherDocument(c *policy.Constraint, r *policy.Rule) string {
	if r.Domain != policy.DomainContribution || r.Kind != "commit" {
		return ""
	}
	if doc := norm.OtherDocument(c.Text); doc != "" {
		return fmt.Sprintf("the sentence asks it of %s, not of commit messages", doc)
	}
	return ""
}

// doubtChangeCondition: a co-change rule from a sentence that makes the demand under a
// condition no path shows ("Add a CHANGELOG.md entry only if the change is visible to
// the user") asks of every change what the sentence asks of some.
func doubtChangeCondition(c *policy.Constraint, r *policy.Rule) string {
	if r.Domain != policy.DomainContribution || r.Kind != "cochange" {
		return ""
	}
	if cond := norm.UnseenChangeCondition(c.Text); cond != "" {
		return fmt.Sprintf("it holds only %q, which no changed path shows", cond)
	}
	return ""
}
