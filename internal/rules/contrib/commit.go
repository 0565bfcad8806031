package contrib

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/policy"
)

// KindCommit is the rule kind for commit messages.
const KindCommit = "commit"

// The checks a commit rule can make (CommitParams.Check).
const (
	CheckSubjectLength    = "subject-length"    // Max: the subject is at most Max characters
	CheckBodyWidth        = "body-width"        // Max: every body line is at most Max characters
	CheckBlankLine        = "blank-line"        // a body is separated from the subject by a blank line
	CheckFormat           = "format"            // Pattern: the subject matches a regular expression
	CheckConventional     = "conventional"      // Types: a Conventional Commits subject, type from Types
	CheckMood             = "mood"              // Mood: the subject starts with an imperative or past-tense verb
	CheckPeriod           = "period"            // Period: the subject ends (require) or does not end (forbid) with "."
	CheckCase             = "case"              // Case: the description starts with a lower- or upper-case letter
	CheckTrailerRequired  = "trailer-required"  // Trailers (any of), ValuePattern: such a trailer is present
	CheckTrailerForbidden = "trailer-forbidden" // Trailers (any key if empty), ValuePattern: no such trailer
	CheckRefRequired      = "ref-required"      // Pattern (default issue numbers): the message references one
	CheckRefForbidden     = "ref-forbidden"     // Pattern (default issue numbers): the message references none
	CheckNoMerge          = "no-merge"          // the change has no merge commits
	CheckBreaking         = "breaking"          // a "!" subject and a BREAKING CHANGE footer go together
	CheckOneLine          = "one-line"          // the message is the subject alone (trailers allowed)
	CheckSubjectForbid    = "subject-forbid"    // Pattern: the subject does not match ("Closes #N" below the subject)
	CheckTrailerForm      = "trailer-form"      // Trailers, ValuePattern: every such line is a trailer of the final block, its value of the form
)

// CommitParams are the parameters of a commit rule.
type CommitParams struct {
	Check string `json:"check"`
	// Max is the length limit of subject-length and body-width.
	Max int `json:"max,omitempty"`
	// Pattern is the regular expression of format (the subject must match), ref-required
	// and ref-forbidden (searched in the whole message).
	Pattern string `json:"pattern,omitempty"`
	// Example is a subject the instruction gives as an illustration (shown in messages).
	Example string `json:"example,omitempty"`
	// AppliesIf narrows the rule to commits whose message matches this expression
	// (the rule's precondition: "if the commit closes a ticket").
	AppliesIf string `json:"applies_if,omitempty"`
	// Types are the allowed Conventional Commits types; empty allows any type.
	Types []string `json:"types,omitempty"`
	// Mood is imperative or past.
	Mood string `json:"mood,omitempty"`
	// Period is require or forbid.
	Period string `json:"period,omitempty"`
	// Case is lower or upper.
	Case string `json:"case,omitempty"`
	// Trailers are trailer keys, matched case-insensitively.
	Trailers []string `json:"trailers,omitempty"`
	// ValuePattern narrows the trailers to those whose value matches; the special value
	// "ai" stands for heed's vocabulary of AI assistants.
	ValuePattern string `json:"value_pattern,omitempty"`
	// ExceptTrailers leaves these keys to another rule (trailer-forbidden): "no
	// Co-Authored-By, nor any AI attribution" is two rules that must not both report
	// one Co-Authored-By line.
	ExceptTrailers []string `json:"except_trailers,omitempty"`
	// What names what Pattern matches, for messages ("issue numbers", "Jira keys").
	What string `json:"what,omitempty"`
	// OnlyFiles narrows the rule to commits every file of which matches one of these
	// globs ("a documentation-only commit"); a commit whose files are unknown is not
	// judged.
	OnlyFiles []string `json:"only_files,omitempty"`
	// IncludeMerges also judges merge commits (whose messages git writes).
	IncludeMerges bool `json:"include_merges,omitempty"`
	// Part is what subject-length measures: "" the whole subject, "description" the
	// text after a Conventional Commits `type(scope): ` ("`<type>(<scope>):
	// <subject>` ... subject at most 50 characters").
	Part string `json:"part,omitempty"`
}

// ValueAI is the ValuePattern that means "names an AI assistant".
const ValueAI = "ai"

// issueRefPattern matches the usual ways a message refers to an issue or pull request.
const issueRefPattern = `(^|[\s(\[,;:])(#[0-9]+|GH-?[0-9]+)\b|https?://github\.com/[^\s/]+/[^\s/]+/(issues|pull)/[0-9]+`

var conventionalRE = lazyre.New(`^([A-Za-z][A-Za-z0-9_-]*)(\(([^()\r\n]*)\))?(!)?: (.*)$`)

func commitKind() engine.Kind {
	return engine.Kind{
		Name:         KindCommit,
		Doc:          commitDoc,
		Domain:       policy.DomainContribution,
		Compile:      compileCommit,
		CaseEvidence: commitCaseEvidence,
		Needs:        []engine.Part{engine.PartCommits},
		Uses:         []engine.Use{engine.UseCommitMessage, engine.UseHistory},
	}
}

// mergeSubjectRE matches the subjects git writes for merge commits.
var mergeSubjectRE = lazyre.New(`^Merge (branch|pull request|remote-tracking branch|tag) `)

// commitCaseEvidence builds a case's evidence like engine.DefaultCaseEvidence; a case
// message with git's merge subject ("Merge branch 'x'") stands for a merge commit, as
// policy.Case has no field for a commit's parents.
func commitCaseEvidence(c policy.Case) (*engine.Evidence, error) {
	ev, err := engine.DefaultCaseEvidence(c)
	if err != nil {
		return nil, err
	}
	for i := range ev.Commits {
		if mergeSubjectRE.MatchString(ev.Commits[i].Message) {
			ev.Commits[i].Parents = 2
		}
	}
	return ev, nil
}

type commitCheck struct {
	p         CommitParams
	scope     policy.Scope
	pattern   *regexp.Regexp
	appliesIf *regexp.Regexp
	value     *regexp.Regexp
	types     map[string]bool
	keys      map[string]bool
	except    map[string]bool
}

func decodeParams(rule *policy.Rule, v any) error { return engine.DecodeParams(rule.Params, v) }

func compileRE(name, expr string) (*regexp.Regexp, error) {
	if expr == "" {
		return nil, nil
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return nil, fmt.Errorf("params.%s: %v", name, err)
	}
	return re, nil
}

func compileCommit(rule *policy.Rule) (engine.Check, error) {
	var p CommitParams
	if err := decodeParams(rule, &p); err != nil {
		return nil, err
	}
	c := &commitCheck{p: p, scope: rule.Scope}
	var err error
	if c.appliesIf, err = compileRE("applies_if", p.AppliesIf); err != nil {
		return nil, err
	}
	if err := validGlobs("only_files", p.OnlyFiles); err != nil {
		return nil, err
	}
	switch p.Check {
	case CheckSubjectLength, CheckBodyWidth:
		if p.Max <= 0 {
			return nil, fmt.Errorf("params.max: %s needs a positive limit, got %d", p.Check, p.Max)
		}
	case CheckBlankLine, CheckNoMerge, CheckBreaking, CheckOneLine:
	case CheckFormat, CheckSubjectForbid:
		if p.Pattern == "" {
			return nil, fmt.Errorf("params.pattern: %s needs a regular expression", p.Check)
		}
		if c.pattern, err = compileRE("pattern", p.Pattern); err != nil {
			return nil, err
		}
	case CheckConventional:
		c.types = map[string]bool{}
		for _, t := range p.Types {
			if !lazyre.New(`^[A-Za-z][A-Za-z0-9_-]*$`).MatchString(t) {
				return nil, fmt.Errorf("params.types: %q is not a commit type", t)
			}
			c.types[strings.ToLower(t)] = true
		}
	case CheckMood:
		if p.Mood != "imperative" && p.Mood != "past" {
			return nil, fmt.Errorf("params.mood: want imperative or past, got %q", p.Mood)
		}
	case CheckPeriod:
		if p.Period != "require" && p.Period != "forbid" {
			return nil, fmt.Errorf("params.period: want require or forbid, got %q", p.Period)
		}
	case CheckCase:
		if p.Case != "lower" && p.Case != "upper" {
			return nil, fmt.Errorf("params.case: want lower or upper, got %q", p.Case)
		}
	case CheckTrailerRequired, CheckTrailerForbidden, CheckTrailerForm:
		if (p.Check == CheckTrailerRequired || p.Check == CheckTrailerForm) && len(p.Trailers) == 0 {
			return nil, fmt.Errorf("params.trailers: %s needs at least one trailer key", p.Check)
		}
		if len(p.Trailers) == 0 && p.ValuePattern == "" {
			return nil, fmt.Errorf("params.trailers: trailer-forbidden needs trailer keys or a value_pattern")
		}
		c.keys, c.except = map[string]bool{}, map[string]bool{}
		for _, k := range p.ExceptTrailers {
			c.except[strings.ToLower(k)] = true
		}
		for _, k := range p.Trailers {
			if !lazyre.New(`^[A-Za-z0-9][A-Za-z0-9-]*$`).MatchString(k) {
				return nil, fmt.Errorf("params.trailers: %q is not a trailer key", k)
			}
			c.keys[strings.ToLower(k)] = true
		}
		if p.ValuePattern != "" && p.ValuePattern != ValueAI {
			if c.value, err = compileRE("value_pattern", p.ValuePattern); err != nil {
				return nil, err
			}
		}
	case CheckRefRequired, CheckRefForbidden:
		expr := p.Pattern
		if expr == "" {
			expr = issueRefPattern
		}
		if c.pattern, err = compileRE("pattern", expr); err != nil {
			return nil, err
		}
	case "":
		return nil, fmt.Errorf("params.check: missing (want one of %s)", strings.Join(commitChecks(), ", "))
	default:
		return nil, fmt.Errorf("params.check: unknown check %q (want one of %s)", p.Check, strings.Join(commitChecks(), ", "))
	}
	return c, nil
}

func commitChecks() []string { return slices.Sorted(maps.Keys(commitJudges.Get())) }

// missingPart returns the reason recorded when the evidence builder could not read the
// named part of the evidence ("commits", "diff", "pr", "trajectory").
func missingPart(ev *engine.Evidence, part string) (string, bool) {
	for _, m := range ev.Missing {
		if m == part || strings.HasPrefix(m, part+":") || strings.HasPrefix(m, part+" ") {
			return m, true
		}
	}
	return "", false
}

// WantsFile implements engine.FileSelector: it judges commits, no file.
func (c *commitCheck) WantsFile(string, string) bool { return false }

func (c *commitCheck) Targets(ev *engine.Evidence) []engine.Target {
	if _, ok := missingPart(ev, "commits"); ok && len(ev.Commits) == 0 {
		return []engine.Target{{Kind: engine.TargetChange, Index: -1}}
	}
	if c.p.Check == CheckNoMerge {
		// The antecedent is committing at all: every commit of the change made on
		// its line. A merge the change brought in with another branch's history
		// (a subtree merge of another project, the merges of a branch merged
		// whole) is that branch's, not one the change's author made.
		var ts []engine.Target
		for i, cm := range ev.Commits {
			if c.inScope(cm) && !cm.Merged {
				ts = append(ts, engine.Target{Kind: engine.TargetCommit, Index: i})
			}
		}
		return ts
	}
	var ts []engine.Target
	for i, cm := range ev.Commits {
		if cm.Parents > 1 && !c.p.IncludeMerges {
			continue
		}
		if botAuthor(cm.Author) {
			continue // a bot wrote it (translations, dependency updates): no contributor's message
		}
		if !c.inScope(cm) {
			continue
		}
		if c.appliesIf != nil && !c.appliesIf.MatchString(cm.Message) {
			continue
		}
		if len(c.p.OnlyFiles) > 0 && !onlyFiles(c.p.OnlyFiles, cm.Files) {
			continue
		}
		m := ParseMessage(cm.Message)
		if !c.applies(m) {
			continue
		}
		ts = append(ts, engine.Target{Kind: engine.TargetCommit, Index: i})
	}
	return ts
}

// botNameRE finds an author's name that is a program's: GitHub's `name[bot]` apps,
// Weblate's "Weblate (bot)", a name with the word bot.
var botNameRE = lazyre.New(`(?i)\[bot\]|\(bot\)|\bbot\b`)

// botServiceRE finds the update and translation services that commit under their
// own name or address.
var botServiceRE = lazyre.New(`(?i)\b(?:dependabot|renovate|renovatebot|weblate|github-actions|pre-commit-ci|greenkeeper|imgbot|mergify|allcontributors|transifex|crowdin)\b`)

// botAuthor reports whether a commit's author ("Name <email>") is a bot: the rules
// of a contributor's commit messages are not about its messages.
func botAuthor(author string) bool {
	name, _, _ := strings.Cut(author, "<")
	return botNameRE.MatchString(name) || botServiceRE.MatchString(author)
}

// inScope reports whether a commit falls under the rule's scope: a rule from a nested
// instruction file governs the commits that touch its subtree.
func (c *commitCheck) inScope(cm engine.Commit) bool {
	if c.scope.Dir == "" || c.scope.Dir == "." || len(cm.Files) == 0 {
		return true
	}
	for _, f := range cm.Files {
		if c.scope.Covers(f) {
			return true
		}
	}
	return false
}

// ignoredSubjectRE matches subjects git or its workflows write for the author (the
// reverts, fixups and squashes commitlint ignores by default): rules on the form of a
// subject do not judge them.
var ignoredSubjectRE = lazyre.New(`^(Revert "|revert "|Reapply "|fixup! |squash! |amend! )`)

// applies is the per-check precondition beyond "every commit".
func (c *commitCheck) applies(m Message) bool {
	switch c.p.Check {
	case CheckFormat, CheckConventional, CheckMood, CheckPeriod, CheckCase:
		if ignoredSubjectRE.MatchString(m.Subject) {
			return false
		}
	}
	switch c.p.Check {
	case CheckBodyWidth:
		return len(m.BodyText()) > 0 || len(m.Trailers) > 0
	case CheckBlankLine:
		return len(m.Lines) > 1
	case CheckBreaking:
		mm := conventionalRE.FindStringSubmatch(m.Subject)
		return (mm != nil && mm[4] == "!") || hasBreakingFooter(m)
	}
	return true
}

func hasBreakingFooter(m Message) bool {
	for _, t := range m.Trailers {
		if t.Key == "BREAKING CHANGE" || t.Key == "BREAKING-CHANGE" {
			return true
		}
	}
	return false
}

func commitFinding(cm engine.Commit, msg, snippet, suggestion string) engine.Finding {
	return engine.Finding{Commit: cm.Hash, CommandIndex: -1, Message: msg, Snippet: snippet, Suggestion: suggestion}
}

func violated(f engine.Finding) engine.Result {
	return engine.Result{Verdict: engine.Violated, Reason: f.Message, Findings: []engine.Finding{f}}
}

func satisfied(reason string) engine.Result {
	return engine.Result{Verdict: engine.Satisfied, Reason: reason}
}

func undetermined(reason string) engine.Result {
	return engine.Result{Verdict: engine.Undetermined, Reason: reason}
}

// commitJudge is how one check judges a commit's message.
type commitJudge struct {
	judge func(c *commitCheck, cm engine.Commit, m Message) engine.Result
	// emptyPasses: an empty message has nothing this check forbids (a subject too
	// long, a forbidden trailer); the other checks find it lacks what they ask.
	emptyPasses bool
	// anyMessage: the check is about the commit, not its message (a merge).
	anyMessage bool
}

// commitJudges are the checks of the commit kind, by name.
var commitJudges = lazy.Value[map[string]commitJudge]{F: func() map[string]commitJudge {
	return map[string]commitJudge{
		CheckNoMerge:          {judge: (*commitCheck).judgeNoMerge, anyMessage: true},
		CheckSubjectLength:    {judge: (*commitCheck).judgeSubjectLength, emptyPasses: true},
		CheckBodyWidth:        {judge: (*commitCheck).judgeBodyWidth, emptyPasses: true},
		CheckBlankLine:        {judge: (*commitCheck).judgeBlankLine, emptyPasses: true},
		CheckOneLine:          {judge: (*commitCheck).judgeOneLine, emptyPasses: true},
		CheckFormat:           {judge: (*commitCheck).judgeFormat},
		CheckSubjectForbid:    {judge: (*commitCheck).judgeSubjectForbid, emptyPasses: true},
		CheckTrailerForm:      {judge: (*commitCheck).judgeTrailerForm, emptyPasses: true},
		CheckConventional:     {judge: (*commitCheck).judgeConventional},
		CheckMood:             {judge: (*commitCheck).judgeMood},
		CheckPeriod:           {judge: (*commitCheck).judgePeriod},
		CheckCase:             {judge: (*commitCheck).judgeCase},
		CheckTrailerRequired:  {judge: (*commitCheck).judgeTrailerRequired},
		CheckTrailerForbidden: {judge: (*commitCheck).judgeTrailerForbidden, emptyPasses: true},
		CheckRefRequired:      {judge: (*commitCheck).judgeRefRequired},
		CheckRefForbidden:     {judge: (*commitCheck).judgeRefForbidden, emptyPasses: true},
		CheckBreaking:         {judge: (*commitCheck).judgeBreaking, emptyPasses: true},
	}
}}

func (c *commitCheck) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	if t.Kind != engine.TargetCommit || t.Index < 0 || t.Index >= len(ev.Commits) {
		why, _ := missingPart(ev, "commits")
		return undetermined("the commits could not be read (" + why + ")")
	}
	cj, ok := commitJudges.Get()[c.p.Check]
	if !ok {
		return engine.InternalError("unhandled check " + c.p.Check)
	}
	cm := ev.Commits[t.Index]
	m := ParseMessage(cm.Message)
	if len(m.Lines) == 0 && !cj.anyMessage {
		if cj.emptyPasses {
			return satisfied("the message is empty")
		}
		return violated(commitFinding(cm, "the commit has an empty message", "",
			"write a commit message"))
	}
	return cj.judge(c, cm, m)
}

func (c *commitCheck) judgeNoMerge(cm engine.Commit, m Message) engine.Result {
	if cm.Parents > 1 {
		return violated(commitFinding(cm, "the commit is a merge commit", m.Subject,
			"rebase the branch onto its base instead of merging it"))
	}
	return satisfied("not a merge commit")
}

// squashSuffixRE is the pull-request number a forge appends to a squashed commit's
// subject (" (#1234)"): the forge's text, not the author's.
var squashSuffixRE = lazyre.New(`\s+\(#[0-9]+\)$`)

func (c *commitCheck) judgeSubjectLength(cm engine.Commit, m Message) engine.Result {
	subject := squashSuffixRE.ReplaceAllString(m.Subject, "")
	what := "commit subject"
	if c.p.Part == "description" {
		if cc := conventionalRE.FindStringSubmatch(subject); cc != nil {
			subject, what = cc[5], "description after the commit type"
		}
	}
	n := utf8.RuneCountInString(subject)
	if n > c.p.Max {
		return violated(commitFinding(cm, fmt.Sprintf("%s is %d characters long; the limit is %d", what, n, c.p.Max),
			m.Subject, fmt.Sprintf("shorten the subject to %d characters or fewer and move details into the body", c.p.Max)))
	}
	return satisfied(fmt.Sprintf("%s is %d characters", what, n))
}

func (c *commitCheck) judgeBodyWidth(cm engine.Commit, m Message) engine.Result {
	fence := ""
	for i, l := range m.Lines[1:] {
		if isTrailerData(m, i+1) {
			// "Signed-off-by: ..." from `git commit -s`: data git and its tools
			// write, never wrapped text
			continue
		}
		// Quoted text is pasted, not written: a fenced block (```), or a line
		// indented as git's own quoted output is (four spaces, a tab), holds a
		// compiler's message or a log that wrapping would break.
		if t := strings.TrimSpace(l); fence != "" {
			if strings.HasPrefix(t, fence) {
				fence = ""
			}
			continue
		} else if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			fence = t[:3]
			continue
		}
		if strings.HasPrefix(l, "    ") || strings.HasPrefix(l, "\t") {
			continue
		}
		n := utf8.RuneCountInString(l)
		if n <= c.p.Max || !strings.ContainsAny(strings.TrimSpace(l), " \t") || urlOverflows(l, c.p.Max) {
			// A line without spaces (a URL, a hash) cannot be wrapped, nor can
			// the URL that runs past the limit ("See https://...").
			continue
		}
		return violated(commitFinding(cm, fmt.Sprintf("line %d of the commit message is %d characters long; the limit is %d", i+2, n, c.p.Max),
			l, fmt.Sprintf("wrap the body at %d characters", c.p.Max)))
	}
	return satisfied("every body line fits")
}

func (c *commitCheck) judgeBlankLine(cm engine.Commit, m Message) engine.Result {
	if m.Lines[1] != "" {
		return violated(commitFinding(cm, "the commit subject is not followed by a blank line", m.Subject+"\n"+m.Lines[1],
			"leave one blank line between the subject and the body"))
	}
	return satisfied("blank line after the subject")
}

func (c *commitCheck) judgeOneLine(cm engine.Commit, m Message) engine.Result {
	if len(m.BodyText()) > 0 {
		return violated(commitFinding(cm, "the commit message has a body", m.Subject,
			"keep the commit to its one-line subject unless the extra context is truly necessary"))
	}
	return satisfied("one-line message")
}

func (c *commitCheck) judgeFormat(cm engine.Commit, m Message) engine.Result {
	if !c.pattern.MatchString(m.Subject) {
		sug := "write the subject in the required format"
		if c.p.Example != "" {
			sug = fmt.Sprintf("write the subject like %q", c.p.Example)
		}
		return violated(commitFinding(cm, "the commit subject does not follow the required format", m.Subject, sug))
	}
	return satisfied("subject matches the format")
}

func (c *commitCheck) judgeSubjectForbid(cm engine.Commit, m Message) engine.Result {
	if loc := c.pattern.FindStringIndex(m.Subject); loc != nil {
		found := strings.TrimSpace(m.Subject[loc[0]:loc[1]])
		return violated(commitFinding(cm, fmt.Sprintf("the commit subject contains %s: %s", c.what(), found), m.Subject,
			fmt.Sprintf("move %s to a later line of the message", found)))
	}
	return satisfied("the subject is clean")
}

func (c *commitCheck) judgePeriod(cm engine.Commit, m Message) engine.Result {
	ends := strings.HasSuffix(m.Subject, ".") && !strings.HasSuffix(m.Subject, "...")
	if c.p.Period == "forbid" && ends {
		return violated(commitFinding(cm, "the commit subject ends with a period", m.Subject,
			"drop the period at the end of the subject"))
	}
	if c.p.Period == "require" && !ends {
		return violated(commitFinding(cm, "the commit subject does not end with a period", m.Subject,
			"end the subject with a period"))
	}
	return satisfied("the subject's final period is as required")
}

func (c *commitCheck) judgeTrailerRequired(cm engine.Commit, m Message) engine.Result {
	for _, tr := range m.Trailers {
		if c.keys[strings.ToLower(tr.Key)] && c.valueMatches(tr.Value) {
			return satisfied("has a " + tr.Key + " trailer")
		}
	}
	want := strings.Join(c.p.Trailers, " or ")
	sug := fmt.Sprintf("end the message with a %s trailer", want)
	if c.p.ValuePattern == ValueAI {
		sug = fmt.Sprintf("end the message with a %s trailer that names the AI assistant", want)
	}
	return violated(commitFinding(cm, fmt.Sprintf("the commit message has no %s trailer", want), m.Subject, sug))
}

func (c *commitCheck) judgeTrailerForbidden(cm engine.Commit, m Message) engine.Result {
	for _, tr := range m.Trailers {
		k := strings.ToLower(tr.Key)
		if (len(c.keys) == 0 || c.keys[k]) && !c.except[k] && c.valueMatches(tr.Value) {
			line := tr.Key + ": " + tr.Value
			return violated(commitFinding(cm, fmt.Sprintf("the commit message has the trailer %q", line), line,
				"remove the trailer from the commit message"))
		}
	}
	return satisfied("no forbidden trailer")
}

func (c *commitCheck) judgeRefRequired(cm engine.Commit, m Message) engine.Result {
	if c.pattern.MatchString(m.Raw) {
		return satisfied("the message references " + c.what())
	}
	noun := strings.TrimPrefix(strings.TrimPrefix(c.what(), "an "), "a ") // "no issue number", not "no an issue number"
	return violated(commitFinding(cm, fmt.Sprintf("the commit message references no %s", noun), m.Subject,
		fmt.Sprintf("reference the %s in the message", noun)))
}

func (c *commitCheck) judgeRefForbidden(cm engine.Commit, m Message) engine.Result {
	loc := c.pattern.FindStringIndex(m.Raw)
	if c.p.ValuePattern == ValueAI {
		loc = aiMention(m.Raw) // ("ai": the vocabulary of AI assistants)
	}
	if loc != nil {
		ref := strings.TrimSpace(m.Raw[loc[0]:loc[1]])
		return violated(commitFinding(cm, fmt.Sprintf("the commit message contains %s: %s", c.what(), ref), lineAround(m.Raw, loc[0]),
			fmt.Sprintf("remove %s from the commit message and describe the change on its own terms", ref)))
	}
	return satisfied("no " + c.what())
}

func (c *commitCheck) judgeBreaking(cm engine.Commit, m Message) engine.Result {
	mm := conventionalRE.FindStringSubmatch(m.Subject)
	bang := mm != nil && mm[4] == "!"
	footer := hasBreakingFooter(m)
	switch {
	case bang && !footer:
		return violated(commitFinding(cm, "the subject marks a breaking change with \"!\" but the message has no BREAKING CHANGE: footer",
			m.Subject, "add a \"BREAKING CHANGE: <what breaks>\" footer"))
	case footer && !bang:
		return violated(commitFinding(cm, "the message has a BREAKING CHANGE: footer but the subject has no \"!\" after the type or scope",
			m.Subject, "put \"!\" after the type or scope, e.g. \"feat(api)!: ...\""))
	}
	return satisfied("breaking change marked both ways")
}

func (c *commitCheck) what() string {
	if c.p.What != "" {
		return c.p.What
	}
	return "issue or pull-request number"
}

func (c *commitCheck) valueMatches(v string) bool {
	switch {
	case c.p.ValuePattern == ValueAI:
		return namesAI(v)
	case c.value != nil:
		return c.value.MatchString(v)
	}
	return true
}

func lineAround(s string, at int) string {
	start := strings.LastIndexByte(s[:at], '\n') + 1
	end := strings.IndexByte(s[at:], '\n')
	if end < 0 {
		return s[start:]
	}
	return s[start : at+end]
}

func (c *commitCheck) judgeConventional(cm engine.Commit, m Message) engine.Result {
	mm := conventionalRE.FindStringSubmatch(m.Subject)
	allowed := c.allowedTypes()
	if mm == nil {
		sug := "write the subject as <type>(<optional scope>): <description>"
		if allowed != "" {
			sug += ", with a type from " + allowed
		}
		return violated(commitFinding(cm, "the commit subject is not a Conventional Commits subject", m.Subject, sug))
	}
	if strings.TrimSpace(mm[5]) == "" {
		return violated(commitFinding(cm, "the commit subject has no description after the type", m.Subject,
			"describe the change after \"<type>: \""))
	}
	if len(c.types) > 0 && !c.types[strings.ToLower(mm[1])] {
		return violated(commitFinding(cm, fmt.Sprintf("commit type %q is not one of the allowed types", mm[1]), m.Subject,
			"use one of "+allowed))
	}
	return satisfied("Conventional Commits subject of type " + mm[1])
}

func (c *commitCheck) allowedTypes() string {
	if len(c.p.Types) == 0 {
		return ""
	}
	return strings.Join(c.p.Types, ", ")
}

// description is the part of the subject that carries the prose: after a Conventional
// Commits type, "area: ", "[branch]" and ticket prefixes ("Fixed #123 -- ").
func description(subject string) string {
	s := strings.TrimSpace(subject)
	for {
		trimmed := s
		if strings.HasPrefix(trimmed, "[") {
			if i := strings.Index(trimmed, "]"); i > 0 {
				trimmed = strings.TrimSpace(trimmed[i+1:])
			}
		}
		if mm := conventionalRE.FindStringSubmatch(trimmed); mm != nil {
			trimmed = strings.TrimSpace(mm[5])
		} else if mm := areaPrefixRE.FindStringSubmatch(trimmed); mm != nil {
			trimmed = strings.TrimSpace(trimmed[len(mm[0]):])
		}
		if mm := ticketPrefixRE.FindStringSubmatch(trimmed); mm != nil {
			trimmed = strings.TrimSpace(trimmed[len(mm[0]):])
		}
		if trimmed == s {
			return s
		}
		s = trimmed
	}
}

var (
	// "integrals: Improved speed" and "KAFKA-123: Fix": an area or ticket before a colon.
	areaPrefixRE = lazyre.New(`^[A-Za-z0-9_./-]+(\s[A-Za-z0-9_./-]+)?:\s+`)
	// "Fixed #123 -- ", "Refs #1, #2 -- ", "KAFKA-123 - ".
	ticketPrefixRE = lazyre.New(`^((Fixed|Refs|Ref|Closes|Fixes)\s+#[0-9]+(,\s*#[0-9]+)*|[A-Z][A-Z0-9]+-[0-9]+)\s+-{1,2}\s+`)
	wordRE         = lazyre.New(`^[A-Za-z][A-Za-z'-]*`)
)

func (c *commitCheck) judgeMood(cm engine.Commit, m Message) engine.Result {
	desc := description(m.Subject)
	word := wordRE.FindString(desc)
	if word == "" {
		return undetermined("the subject does not start with a word")
	}
	f := formOf(word)
	switch c.p.Mood {
	case "imperative":
		switch f {
		case formBase, formAmbiguous:
			return satisfied(fmt.Sprintf("%q is imperative", word))
		case formPast, formThird, formGerund:
			sug := "start the subject with an imperative verb (\"Add\", not \"Added\" or \"Adds\")"
			if b := baseOf(word); b != "" {
				sug = fmt.Sprintf("write %q instead of %q", b, word)
			}
			return violated(commitFinding(cm, fmt.Sprintf("the commit subject starts with %q, which is not imperative", word), m.Subject, sug))
		}
		return undetermined(fmt.Sprintf("%q is not a verb heed knows; the mood is not judged", word))
	default: // past
		switch f {
		case formPast, formAmbiguous:
			return satisfied(fmt.Sprintf("%q is past tense", word))
		}
		sug := "start the subject with a past-tense verb (\"Fixed\", \"Added\")"
		if p := pastOf(word); p != "" {
			sug = fmt.Sprintf("write %q instead of %q", p, word)
		}
		return violated(commitFinding(cm, fmt.Sprintf("the commit subject starts with %q, which is not past tense", word), m.Subject, sug))
	}
}

func (c *commitCheck) judgeCase(cm engine.Commit, m Message) engine.Result {
	desc := description(m.Subject)
	r, _ := utf8.DecodeRuneInString(desc)
	if !unicode.IsLetter(r) {
		return satisfied("the description does not start with a letter")
	}
	word := strings.FieldsFunc(desc, func(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == ':' })[0]
	// An acronym or identifier keeps its own case ("ISO", "API", "iOS", "macOS").
	acronym := len([]rune(word)) > 1 && strings.ToUpper(word) == word
	mixed := strings.ToLower(word) != word && strings.ToUpper(word[:1])+strings.ToLower(word[1:]) != word
	if acronym || mixed {
		return satisfied(fmt.Sprintf("%q keeps its own case", word))
	}
	switch {
	case c.p.Case == "lower" && unicode.IsUpper(r):
		return violated(commitFinding(cm, "the commit description starts with an upper-case letter", m.Subject,
			fmt.Sprintf("start the description in lower case (%q)", strings.ToLower(word[:1])+word[1:])))
	case c.p.Case == "upper" && unicode.IsLower(r):
		return violated(commitFinding(cm, "the commit description starts with a lower-case letter", m.Subject,
			fmt.Sprintf("start the description with a capital letter (%q)", strings.ToUpper(word[:1])+word[1:])))
	}
	return satisfied("the description's first letter has the required case")
}

// urlOverflows: the word that crosses the limit of max characters is a URL longer
// than the limit, so no wrapping can bring the line within it.
func urlOverflows(line string, max int) bool {
	col := 0
	for _, w := range strings.Fields(line) {
		start := strings.Index(line[col:], w) + col
		end := start + len(w)
		col = end
		if utf8.RuneCountInString(line[:end]) > max {
			return strings.Contains(w, "://") && utf8.RuneCountInString(w) > max
		}
	}
	return false
}

// trailerLineRE reads a line that starts like a trailer, however it is written:
// "co-authored-by Jane", "Co-Authored-By : Jane <jane@x>".
var trailerLineRE = lazyre.New(`^\s*([A-Za-z0-9][A-Za-z0-9-]*)\s*:?\s*(.*)$`)

// judgeTrailerForm: every line that gives one of the keys ("co-authored-by ...") is a
// trailer of the message's final block, written "Key: value" with the value in the
// required form. A message without such a line is fine: the rule says how a trailer is
// written, not that there must be one.
func (c *commitCheck) judgeTrailerForm(cm engine.Commit, m Message) engine.Result {
	inBlock := map[int]Trailer{}
	for _, tr := range m.Trailers {
		inBlock[tr.Line] = tr
	}
	for i, l := range m.Lines {
		mm := trailerLineRE.FindStringSubmatch(l)
		if mm == nil || !c.keys[strings.ToLower(mm[1])] || i == 0 {
			continue
		}
		key := c.p.Trailers[0]
		tr, ok := inBlock[i]
		switch {
		case !ok:
			return violated(commitFinding(cm, fmt.Sprintf("the %s line is not in the trailer block at the bottom of the message", key), l,
				fmt.Sprintf("put every %s line in the last paragraph of the message, after a blank line", key)))
		case c.value != nil && !c.value.MatchString(tr.Value):
			form := key + ": " + c.p.Example
			if c.p.Example == "" {
				form = key + ": " + c.what()
			}
			return violated(commitFinding(cm, fmt.Sprintf("the %s trailer is not of the form %s", key, form), l,
				fmt.Sprintf("write it as %s", form)))
		}
	}
	return satisfied("every trailer of the kind is at the bottom in its form")
}

// onlyFiles reports whether a commit touches files and every one matches a glob.
func onlyFiles(globs, files []string) bool {
	for _, f := range files {
		if !matchesAny(globs, f) {
			return false
		}
	}
	return len(files) > 0
}

// isTrailerData reports whether line i of m is a trailer whose key is a trailer's
// and not a word of prose ("Signed-off-by", "Co-authored-by", "Fixes"; not
// "warning: ..." at the start of a pasted message).
func isTrailerData(m Message, i int) bool {
	for _, t := range m.Trailers {
		if t.Line != i {
			continue
		}
		switch k := t.Key; {
		case strings.Contains(k, "-"):
			return true
		default:
			return slices.Contains([]string{"Fixes", "Closes", "Resolves", "Refs", "Ref", "See", "Link", "Cc", "Bug", "Issue"}, k)
		}
	}
	return false
}
