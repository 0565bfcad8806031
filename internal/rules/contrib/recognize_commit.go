package contrib

import (
	"fmt"
	"github.com/heed-dev/heed/internal/norm"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/uniq"
)

// ---- subject length and body width ------------------------------------------------

type lengthRecognizer struct{}

func (lengthRecognizer) Name() string { return "contrib.commit-length" }

func (lengthRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	s := read(c)
	if !s.aboutCommitMessages() || s.aboutPRTitleOnly() {
		return recognize.Result{}
	}
	type limit struct {
		check string
		max   int
	}
	limits, descriptionOnly := norm.MessageLimitsIn(s.text, s.raw, s.near)
	part := ""
	if descriptionOnly {
		part = "description"
	}
	var found []limit
	for _, l := range limits {
		if l.Body {
			found = append(found, limit{CheckBodyWidth, l.Max})
		} else {
			found = append(found, limit{CheckSubjectLength, l.Max})
		}
	}
	if len(found) == 0 {
		return recognize.Result{}
	}
	sort.SliceStable(found, func(i, j int) bool { return found[i].check > found[j].check })
	var out []policy.Rule
	for _, l := range found {
		p := CommitParams{Check: l.check, Max: l.max}
		if l.check == CheckSubjectLength {
			p.Part = part
			out = append(out, s.rule(KindCommit, p, true,
				fmt.Sprintf("commit subject longer than %d characters", l.max),
				fmt.Sprintf("keep the subject to %d characters or fewer", l.max),
				[]policy.Case{
					sat("a short subject", "Fix crash when the input is empty"),
					vio("a subject one character over the limit", subjectOfLength(l.max+1)),
				}))
		} else {
			out = append(out, s.rule(KindCommit, p, true,
				fmt.Sprintf("commit message line longer than %d characters", l.max),
				fmt.Sprintf("wrap the body at %d characters", l.max),
				[]policy.Case{
					sat("a wrapped body", "Fix crash when the input is empty\n\nThe parser read past the end of the buffer."),
					vio("a body line one character over the limit", "Fix crash when the input is empty\n\n"+subjectOfLength(l.max+1)),
					inapp("a message without a body", "Fix crash when the input is empty"),
				}))
		}
	}
	return recognize.Result{Rules: out}
}

// aboutPRTitleOnly reports whether the sentence speaks of pull-request titles and not
// of commits at all (those limits belong to pr rules).
func (s sentence) aboutPRTitleOnly() bool {
	return norm.SaysPR(s.text) && !norm.SaysCommit(s.text)
}

// subjectOfLength builds a plausible subject of exactly n characters.
func subjectOfLength(n int) string {
	words := strings.Fields("Fix the crash in the parser when the input buffer is empty and the reader has no data left to consume at all because the stream was closed")
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(words[i%len(words)])
	}
	return b.String()[:n]
}

// ---- blank line after the subject ---------------------------------------------------

type blankLineRecognizer struct{}

func (blankLineRecognizer) Name() string { return "contrib.commit-blank-line" }

func (blankLineRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	s := read(c)
	if !s.aboutCommitMessages() || !norm.SubjectBlankLine(s.text) {
		return recognize.Result{}
	}
	return recognize.Result{Rules: []policy.Rule{s.rule(KindCommit, CommitParams{Check: CheckBlankLine}, true,
		"commit subject not followed by a blank line", "leave a blank line between the subject and the body",
		[]policy.Case{
			sat("subject, blank line, body", "Fix crash on empty input\n\nThe parser read past the end."),
			vio("body right under the subject", "Fix crash on empty input\nThe parser read past the end."),
			inapp("a one-line message", "Fix crash on empty input"),
		})}}
}

// ---- one-line messages --------------------------------------------------------------

type oneLineRecognizer struct{}

func (oneLineRecognizer) Name() string { return "contrib.commit-one-line" }

// Recognize: "Single line only, no description body", "[Conventional Commits], single
// line, no body" under a heading of commits.
func (oneLineRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	s := read(c)
	if !s.aboutCommitMessages() || s.aboutPRTitleOnly() || !norm.OneLineMessage(s.text) {
		return recognize.Result{}
	}
	return recognize.Result{Rules: []policy.Rule{s.rule(KindCommit, CommitParams{Check: CheckOneLine}, true,
		"commit message has a body", "keep the commit message to its subject line",
		[]policy.Case{
			sat("the subject alone", "Fix crash on empty input"),
			vio("a body under the subject", "Fix crash on empty input\n\nThe parser read past the end."),
		})}}
}

// ---- the language of a message -------------------------------------------------------

type languageRecognizer struct{}

func (languageRecognizer) Name() string { return "contrib.text-language" }

// scriptOf is the pattern of a letter of the language's own script, for the languages
// whose script tells them apart from English; foreignScript matches a letter of a
// script English is never written in.
func scriptOf(lang string) string {
	switch lang {
	case "korean":
		return `\p{Hangul}`
	case "japanese":
		return `[\p{Hiragana}\p{Katakana}\p{Han}]`
	case "chinese":
		return `\p{Han}`
	case "russian":
		return `\p{Cyrillic}`
	}
	return ""
}

// sampleIn is a sentence in each language of scriptOf, for the rule's cases.
func sampleIn(lang string) string {
	switch lang {
	case "korean":
		return "빈 입력에서 발생하는 충돌을 고칩니다."
	case "japanese":
		return "空の入力でのクラッシュを修正します。"
	case "chinese":
		return "修复空输入时的崩溃。"
	case "russian":
		return "Исправлен сбой на пустом вводе."
	}
	return ""
}

const foreignScript = `[\p{Cyrillic}\p{Han}\p{Hangul}\p{Hiragana}\p{Katakana}\p{Arabic}\p{Hebrew}\p{Thai}\p{Greek}\p{Devanagari}]`

// Recognize: "Commit messages must be in English" (a subject in another script is not),
// "PR description always in Korean" (a description without a Korean letter is not). A
// language heed cannot tell by its script (French, German) gives no rule.
func (languageRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	s := read(c)
	lang := norm.TextLanguage(s.text)
	if lang == "" {
		return recognize.Result{}
	}
	commits := norm.SaysCommit(s.text) && !norm.SaysPR(s.text) && !norm.SaysWhenToRun(s.text)
	prText := norm.SaysPR(s.text) && !norm.SaysCommit(s.text) && prDescriptionWordRE.MatchString(s.text)
	switch {
	case commits && lang == "english":
		return recognize.Result{Rules: []policy.Rule{s.rule(KindCommit, CommitParams{Check: CheckFormat, Pattern: `^[^` + foreignScript[1:] + `*$`, What: "a subject in English"}, true,
			"commit subject not in English", "write the commit message in English",
			[]policy.Case{
				sat("an English subject", "Fix crash on empty input"),
				vio("a subject in another script", "Исправлен сбой на пустом вводе"),
			})}}
	case prText && scriptOf(lang) != "":
		r := s.rule(KindPR, PRParams{Check: PRBodyRequire, Pattern: scriptOf(lang), What: "text in " + strings.ToUpper(lang[:1]) + lang[1:]}, true,
			"pull-request description not in "+strings.ToUpper(lang[:1])+lang[1:], "write the description in "+strings.ToUpper(lang[:1])+lang[1:],
			[]policy.Case{
				{Expect: policy.ExpectViolated, PR: "Fix crash on empty input\n\nThe parser read past the end.", Note: "an English description"},
				{Expect: policy.ExpectSatisfied, PR: "Fix crash on empty input\n\n" + sampleIn(lang), Note: "a description in the language"},
			})
		return recognize.Result{Rules: []policy.Rule{r}}
	}
	return recognize.Result{}
}

// prDescriptionWordRE: the sentence speaks of a pull request's description.
var prDescriptionWordRE = lazyre.New(`\b(descriptions?|body|bodies)\b`)

// ---- final period -------------------------------------------------------------------

type periodRecognizer struct{}

func (periodRecognizer) Name() string { return "contrib.commit-period" }

func (periodRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	s := read(c)
	if !s.aboutCommitMessages() || s.aboutPRTitleOnly() {
		return recognize.Result{}
	}
	switch norm.SubjectPeriod(s.text, s.around) {
	case "forbid":
		return recognize.Result{Rules: []policy.Rule{s.rule(KindCommit, CommitParams{Check: CheckPeriod, Period: "forbid"}, true,
			"commit subject ends with a period", "drop the period at the end of the subject",
			[]policy.Case{sat("no final period", "Fix crash on empty input"), vio("a final period", "Fix crash on empty input.")})}}
	case "require":
		return recognize.Result{Rules: []policy.Rule{s.rule(KindCommit, CommitParams{Check: CheckPeriod, Period: "require"}, true,
			"commit subject does not end with a period", "end the subject with a period",
			[]policy.Case{sat("a final period", "Fixed crash on empty input."), vio("no final period", "Fixed crash on empty input")})}}
	}
	return recognize.Result{}
}

// ---- mood and tense -----------------------------------------------------------------

type moodRecognizer struct{}

func (moodRecognizer) Name() string { return "contrib.commit-mood" }

func (moodRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	s := read(c)
	if !s.aboutCommitMessages() || s.aboutPRTitleOnly() {
		return recognize.Result{}
	}
	heading := ""
	if len(c.HeaderPath) > 0 {
		heading = c.HeaderPath[len(c.HeaderPath)-1]
	}
	mood := norm.SubjectMood(s.text, heading)
	if mood == "" || moodExampleContradicts(s.raw, s.spans, mood) {
		return recognize.Result{}
	}
	var cases []policy.Case
	msg, sug := "", ""
	if mood == "past" {
		cases = []policy.Case{sat("past tense", "Fixed Unicode bug in RSS API."), vio("present tense", "Fixes Unicode bug in RSS API."),
			vio("gerund", "Fixing Unicode bug in RSS API.")}
		msg, sug = "commit subject not in the past tense", "start the subject with a past-tense verb (\"Fixed\", \"Added\")"
	} else {
		cases = []policy.Case{sat("imperative", "fix(parser): accept ISO week dates"), vio("past tense", "fix(parser): accepted ISO week dates"),
			vio("third person", "Adds support for ISO week dates")}
		msg, sug = "commit subject not in the imperative mood", "start the subject with an imperative verb (\"Add\", not \"Added\" or \"Adds\")"
	}
	return recognize.Result{Rules: []policy.Rule{s.rule(KindCommit, CommitParams{Check: CheckMood, Mood: mood}, false, msg, sug, cases)}}
}

// moodExampleContradicts reports whether the sentence's own example of a subject
// fails the mood it was read as: "present-tense, sentence-style summaries (e.g.,
// `Simplifies release note generation`)" means the third person, which a check of the
// imperative would flag on every commit written like the example.
func moodExampleContradicts(raw string, spans []string, mood string) bool {
	for _, sp := range spans {
		if len(strings.Fields(sp)) < 2 {
			continue
		}
		i := strings.Index(raw, "`"+sp+"`")
		if i < 0 || !norm.SubjectExampleLead(raw[max(0, i-24):i]) {
			continue
		}
		word := wordRE.FindString(description(sp))
		if word == "" {
			continue
		}
		switch f := formOf(word); {
		case mood == "imperative" && (f == formPast || f == formThird || f == formGerund):
			return true
		case mood == "past" && (f == formBase || f == formThird || f == formGerund):
			return true
		}
	}
	return false
}

// ---- letter case of the description -------------------------------------------------

type caseRecognizer struct{}

func (caseRecognizer) Name() string { return "contrib.commit-case" }

func (caseRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	s := read(c)
	if !s.aboutCommitMessages() || s.aboutPRTitleOnly() {
		return recognize.Result{}
	}
	want := norm.SubjectCase(s.text)
	if want == "" {
		return recognize.Result{}
	}
	var cases []policy.Case
	if want == "lower" {
		cases = []policy.Case{sat("lower case", "fix(parser): accept ISO week dates"), vio("capitalised", "fix(parser): Accept ISO week dates"),
			sat("an acronym keeps its case", "docs: ISO week dates in the README")}
	} else {
		cases = []policy.Case{sat("capitalised", "Fix crash on empty input"), vio("lower case", "fix crash on empty input")}
	}
	return recognize.Result{Rules: []policy.Rule{s.rule(KindCommit, CommitParams{Check: CheckCase, Case: want}, false,
		"commit description in the wrong letter case", "start the description with a "+want+"-case letter", cases)}}
}

// ---- Conventional Commits -----------------------------------------------------------

type conventionalRecognizer struct{}

func (conventionalRecognizer) Name() string { return "contrib.conventional-commits" }

// classifyConventional reads what a constraint says of Conventional Commits.
func classifyConventional(c *policy.Constraint) norm.Conventional {
	s := read(c)
	return norm.ReadConventional(s.text, s.spans, norm.ConventionalFrame{Around: s.around, Near: s.near})
}

// subsumed reports whether a sibling of the same section already compiles this
// sentence's rule: a closed list of types covers every "use Conventional Commits" of
// its section, and of several such sentences ("Every commit follows Conventional
// Commits:", "Subject: `<type>(<scope>): <description>`") the first one speaks.
// One commit then gets one finding, not three.
func subsumed(c *policy.Constraint, cv norm.Conventional, rc *recognize.RepoContext) (commits, prs bool) {
	if rc == nil || len(cv.Types) > 0 {
		return false, false
	}
	before := true
	for i := range rc.Constraints {
		o := &rc.Constraints[i]
		if o.ID == c.ID && c.ID != "" {
			before = false
			continue
		}
		if o.File != c.File || strings.Join(o.HeaderPath, "\x00") != strings.Join(c.HeaderPath, "\x00") ||
			(o.Level != policy.Must && o.Level != policy.Should) {
			continue
		}
		ov := classifyConventional(o)
		if !ov.Required {
			continue
		}
		// the first speaks, unless a later one binds harder ("Git: conventional
		// commits" as a convention, "Commits follow Conventional Commits." after it)
		stronger, weaker := o.Level == policy.Must && c.Level != policy.Must, c.Level == policy.Must && o.Level != policy.Must
		if len(ov.Types) > 0 || before && !weaker || !before && stronger {
			commits = commits || (cv.ForCommits && ov.ForCommits)
			prs = prs || (cv.ForPR && ov.ForPR)
		}
	}
	return commits, prs
}

func (conventionalRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	s := read(c)
	cv := classifyConventional(c)
	forCommits, forPR := cv.ForCommits, cv.ForPR
	if !forCommits && !forPR {
		return recognize.Result{}
	}
	if norm.BreakingBothMarkers(s.text, s.c.Text) {
		if !forCommits {
			return recognize.Result{}
		}
		return recognize.Result{Rules: []policy.Rule{s.rule(KindCommit, CommitParams{Check: CheckBreaking}, true,
			"breaking change not marked both with \"!\" and a BREAKING CHANGE: footer",
			"put \"!\" after the type or scope and add a \"BREAKING CHANGE:\" footer",
			[]policy.Case{
				sat("both markers", "feat(api)!: drop the v1 endpoints\n\nBREAKING CHANGE: the v1 endpoints are gone."),
				vio("a ! without the footer", "feat(api)!: drop the v1 endpoints"),
				vio("a footer without the !", "feat(api): drop the v1 endpoints\n\nBREAKING CHANGE: the v1 endpoints are gone."),
				inapp("not a breaking change", "feat(api): add the v2 endpoints"),
			})}}
	}
	if !cv.Required {
		return recognize.Result{}
	}
	dupCommits, dupPRs := subsumed(c, cv, rc)
	forCommits, forPR = forCommits && !dupCommits, forPR && !dupPRs
	types := cv.Types
	p := CommitParams{Check: CheckConventional, Types: types}
	first := "fix"
	if len(types) > 0 {
		first = types[0]
	}
	cases := []policy.Case{
		sat("a Conventional Commits subject", first+"(parser): accept ISO week dates"),
		vio("no type", "Accept ISO week dates"),
		inapp("git's revert subject is exempt", `Revert "`+first+`(parser): accept ISO week dates"`),
	}
	if len(types) > 0 {
		cases = append(cases, vio("a type outside the list", unlistedType(types)+"(parser): accept ISO week dates"))
	}
	msg := "commit subject not in Conventional Commits form"
	sug := "write the subject as <type>(<optional scope>): <description>"
	if len(types) > 0 {
		msg = "commit subject without an allowed Conventional Commits type"
		sug += ", with a type from " + strings.Join(types, ", ")
	}
	var out []policy.Rule
	if forCommits {
		out = append(out, s.rule(KindCommit, p, true, msg, sug, cases))
	}
	if forPR {
		pat := `^([A-Za-z][A-Za-z0-9_-]*)(\([^()\r\n]*\))?!?: \S`
		if len(types) > 0 {
			pat = `^(` + strings.Join(types, "|") + `)(\([^()\r\n]*\))?!?: \S`
		}
		out = append(out, s.rule(KindPR, PRParams{Check: PRTitleFormat, Pattern: pat, Example: first + "(parser): accept ISO week dates"}, true,
			"pull-request title not in Conventional Commits form", sug,
			[]policy.Case{
				{Expect: policy.ExpectSatisfied, PR: first + "(parser): accept ISO week dates\n\nAdds ISO 8601 week dates.", Note: "a conventional title"},
				{Expect: policy.ExpectViolated, PR: "Accept ISO week dates\n\nAdds ISO 8601 week dates.", Note: "no type"},
			}))
	}
	return recognize.Result{Rules: out}
}

// aboutPRTitle reports whether the sentence sets a rule for pull-request titles.
func (s sentence) aboutPRTitle() bool { return norm.SaysPRTitle(s.text, s.around) }

func unlistedType(types []string) string {
	for _, t := range []string{"feature", "update", "misc", "change", "stuff"} {
		listed := false
		for _, u := range types {
			if strings.EqualFold(t, u) {
				listed = true
			}
		}
		if !listed {
			return t
		}
	}
	return "zzz"
}

// ---- required prefixes and formats from examples -------------------------------------

type prefixRecognizer struct{}

func (prefixRecognizer) Name() string { return "contrib.commit-format" }

func (prefixRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	s := read(c)
	commit := (s.aboutCommitMessages() || norm.SubjectLineOnly(s.text)) && !s.aboutPRTitleOnly()
	prTitle := s.aboutPRTitle()
	if !commit && !prTitle {
		return recognize.Result{}
	}
	d, ok := norm.ReadFormDemand(s.text, s.raw)
	if !ok {
		return recognize.Result{}
	}
	// The quoted forms: code spans, and for prose like begin with the text "Fixed
	// #xxxxx", the double-quoted strings.
	forms := append(append([]string(nil), s.spans...), d.Quoted...)
	var alts, examples, templates []string
	moduleForm, packageForm := false, false
	for _, f := range forms {
		f = strings.TrimSpace(f)
		switch {
		case norm.ConventionalTemplate(f):
			// A Conventional Commits template: the conventional recogniser's.
		case moduleFormRE.MatchString(f):
			moduleForm = true
		case packageFormRE.MatchString(f):
			alts = append(alts, packageAlt)
			packageForm = true
		case placeholderOnlyRE.MatchString(f):
			// "xxxxx", "#xxxxx": a number's placeholder, not a prefix.
		case tokenPrefixRE.MatchString(f):
			alts = append(alts, exampleToPattern(strings.TrimSuffix(f, ":")))
		case ticketKeyLeadRE.MatchString(f):
			// "PROJ-123: Fix login", "[WEB-42] Short summary", "[TICKET-ID] Summary": a
			// ticket key first; the example's project stands for any.
			alts = append(alts, ticketKeyAlt)
			examples = append(examples, f)
		case ticketLeadRE.MatchString(f):
			alts = append(alts, exampleToPattern(ticketLeadRE.FindString(f)))
			if strings.Contains(strings.TrimSpace(f[len(ticketLeadRE.FindString(f)):]), " ") {
				examples = append(examples, f)
			}
		case norm.LiteralPrefix(f):
			// "`🐛 bug:`, `🔥 feat:`": one of the prefixes a list allows
			alts = append(alts, regexp.QuoteMeta(f)+`\s*\S`)
			templates = append(templates, f+" handle tabs in the parser")
		default:
			if p, sample, ok := norm.MessageTemplate(f); ok {
				// "`Fix #NNNN - summary`", "`[<component>]`": a form with placeholders
				alts = append(alts, p)
				templates = append(templates, sample)
				continue
			}
			if len(f) > 10 && strings.Contains(f, " ") {
				examples = append(examples, f)
			}
		}
	}
	if moduleForm {
		alts = append(alts, `[A-Z][A-Za-z0-9.+-]*( [A-Z][A-Za-z0-9.+-]*)?: \S`)
	}
	if len(alts) == 0 && d.TicketKey {
		// "Prefix every commit message with the Jira ticket": a key in Jira's form.
		alts = append(alts, ticketKeyAlt)
	}
	if len(alts) == 0 {
		return recognize.Result{}
	}
	alts = uniq.Values(alts)
	pattern := `^(` + strings.Join(alts, "|") + `)`
	if !moduleForm && !strings.HasSuffix(alts[len(alts)-1], `\S`) {
		pattern += `(\b|:|$)`
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		return recognize.Result{}
	}
	// The cases come from the instruction's own example when it matches.
	good := ""
	for _, f := range examples {
		if re.MatchString(f) {
			good = f
			break
		}
	}
	if len(templates) > 0 && (norm.Statement(c.Text) != "" || !d.Directs) {
		// "Commit messages follow an imperative style seen in history: `Fix <area>:
		// <what>` or ...": forms described, not required
		return recognize.Result{}
	}
	if good == "" && len(templates) > 0 && len(examples) > 0 {
		// a template its own examples do not fit is read wrong
		return recognize.Result{}
	}
	if good == "" && len(templates) > 0 {
		good = templates[0]
	}
	if good == "" {
		good = synthesize(alts[0])
		if moduleForm {
			good = "Core: Fix crash on empty input"
		}
	}
	bad := "fix crash on empty input"
	if !re.MatchString(good) || re.MatchString(bad) {
		return recognize.Result{}
	}
	exact := !moduleForm && !packageForm
	var appliesIf string
	if d.IfCloses {
		// "If your commit closes a ticket, begin with Fixed #xxxxx": the rule applies to
		// messages that say they fix or close a numbered ticket.
		appliesIf = `(?i)\b(fix|fixes|fixed|close|closes|closed|resolve|resolves|resolved)\b[^\n]*#[0-9]+`
		exact = false
	}
	if d.OnlyWhen {
		// "Use KAFKA-XXXXX only when there is a valid Jira ticket": the ticket's validity
		// is not observable; the prefix form is.
		exact = false
	}
	var out []policy.Rule
	if commit {
		cases := []policy.Case{sat("the required form", good), vio("no required prefix", bad)}
		if appliesIf != "" {
			cases = []policy.Case{
				sat("the required form", good),
				vio("closes a ticket in another form", "Fix #123: add the whizbang feature"),
				inapp("does not close a ticket", "Added the whizbang feature."),
			}
		}
		out = append(out, s.rule(KindCommit, CommitParams{Check: CheckFormat, Pattern: pattern, Example: good, AppliesIf: appliesIf}, exact,
			"commit subject not in the required format", fmt.Sprintf("write the subject like %q", good), cases))
	}
	if prTitle && appliesIf == "" {
		out = append(out, s.rule(KindPR, PRParams{Check: PRTitleFormat, Pattern: pattern, Example: good}, exact,
			"pull-request title not in the required format", fmt.Sprintf("write the title like %q", good),
			[]policy.Case{
				{Expect: policy.ExpectSatisfied, PR: good + "\n\nDescription.", Note: "the required form"},
				{Expect: policy.ExpectViolated, PR: bad + "\n\nDescription.", Note: "no required prefix"},
			}))
	}
	return recognize.Result{Rules: out}
}

// ticketKeyAlt is the pattern of a ticket key first ("PROJ-123: ", "[WEB-42] ").
const ticketKeyAlt = `\[?[A-Z][A-Z0-9]+-[0-9]+\]?:?\s+\S`

// An example that starts with a ticket key, or a placeholder of one.
var ticketKeyLeadRE = lazyre.New(`^\[?[A-Z][A-Z0-9]+-([0-9]+|ID|X{2,}|N{2,}|NUMBER)\]?:? +\S`)

// packageAlt is the pattern of a "[package] description" title.
const packageAlt = `\[[^\]]+\] \S`

var (
	moduleFormRE      = lazyre.New(`^(Module|Component|Area|Package|Subsystem|Scope): (Description|Summary|Title|Subject)$`)
	packageFormRE     = lazyre.New(`^\[(package|component|area|module|scope)\] (description|summary|title)$`)
	placeholderOnlyRE = lazyre.New(`^#?(X{3,}|x{3,}|N{3,}|n{3,}|[0-9]+)$`)
	// A prefix token: "MINOR", "HOTFIX", "KAFKA-XXXXX", "[WIP]", "DOC".
	tokenPrefixRE = lazyre.New(`^(\[[A-Za-z0-9_.-]+\]|[A-Z][A-Z0-9_]*(-(X{3,}|x{3,}|N{3,}|[0-9]+))?):?$`)
	// "Fixed #xxxxx" at the start of an example.
	ticketLeadRE = lazyre.New(`^(Fixed|Refs|Closes|Fixes) #(X{3,}|x{3,}|N{3,}|[0-9]+)`)
)

// synthesize returns a subject the alternative matches (for authored cases).
func synthesize(alt string) string {
	if alt == ticketKeyAlt {
		return "PROJ-123: Fix crash on empty input"
	}
	if alt == packageAlt {
		return "[core] Fix crash on empty input"
	}
	return strings.NewReplacer(`[0-9]+`, "1234", `\S.*?`, "x", `.*`, "", `\`, "").Replace(alt) + ": Fix crash on empty input"
}

// ---- trailers -----------------------------------------------------------------------

type trailerRecognizer struct{}

func (trailerRecognizer) Name() string { return "contrib.commit-trailer" }

func (trailerRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	s := read(c)
	d := norm.ReadTrailers(s.c.Text, s.text)
	if d.Permitted {
		return recognize.Result{}
	}
	order, negative := d.Names, d.Forbid
	if d.SignOff && len(order) == 0 && s.aboutCommitMessages() && !negative {
		return recognize.Result{Rules: []policy.Rule{signOffRule(s)}}
	}
	if len(order) == 0 {
		return recognize.Result{}
	}
	if !s.aboutCommitMessages() {
		return recognize.Result{}
	}
	if d.NamesSignOff && len(order) == 1 && !negative {
		return recognize.Result{Rules: []policy.Rule{signOffRule(s)}}
	}
	// In a file written for agents, a credit trailer the sentence asks for ("Use
	// `Co-authored-by:` trailer in commit messages") credits the agent that reads it.
	aiContext := d.AI || agentFile(s.c.Format) && creditTrailers(order)
	var keys []string
	for _, k := range order {
		if !strings.EqualFold(k, "signed-off-by") && !strings.EqualFold(k, "reviewed-by") {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return recognize.Result{}
	}
	if negative {
		var out []policy.Rule
		if d.AnyAI {
			// "Do not add Co-Authored-By or any AI attribution trailers": the named keys
			// with any value, and any trailer that names an AI.
			out = append(out, s.rule(KindCommit, CommitParams{Check: CheckTrailerForbidden, Trailers: keys}, true,
				"forbidden commit trailer", "remove the trailer from the commit message",
				[]policy.Case{
					vio("the named trailer", "Fix crash on empty input\n\n"+keys[0]+": Claude <noreply@anthropic.com>"),
					sat("no trailer", "Fix crash on empty input"),
				}))
			out = append(out, s.rule(KindCommit, CommitParams{Check: CheckTrailerForbidden, ValuePattern: ValueAI, ExceptTrailers: keys}, false,
				"AI attribution trailer", "remove the trailer that credits an AI assistant",
				[]policy.Case{
					vio("any trailer naming an AI", "Fix crash on empty input\n\nGenerated-by: GitHub Copilot"),
					sat("a trailer naming a person", "Fix crash on empty input\n\nReported-by: Jane Doe <jane@example.com>"),
					sat("the named key is the other rule's", "Fix crash on empty input\n\n"+keys[0]+": Claude <noreply@anthropic.com>"),
				}))
			return recognize.Result{Rules: out}
		}
		if named := trailerNamedValue(s.spans, keys); named != "" {
			// "Never include `Co-Authored-By: Claude` lines": the one assistant the
			// text names, not every AI (round 9: Cursor's trailers were flagged)
			return recognize.Result{Rules: []policy.Rule{s.rule(KindCommit, CommitParams{Check: CheckTrailerForbidden, Trailers: keys, ValuePattern: `(?i)\b` + regexp.QuoteMeta(named) + `\b`}, false,
				"commit trailer credits "+named, "remove the trailer that credits "+named,
				[]policy.Case{
					vio("the named co-author", "Fix crash on empty input\n\n"+keys[0]+": "+named+" <noreply@example.com>"),
					sat("another co-author", "Fix crash on empty input\n\n"+keys[0]+": Jane Doe <jane@example.com>"),
				})}}
		}
		if aiContext {
			// "Do not list an LLM tool as a Co-authored-by trailer".
			return recognize.Result{Rules: []policy.Rule{s.rule(KindCommit, CommitParams{Check: CheckTrailerForbidden, Trailers: keys, ValuePattern: ValueAI}, false,
				"commit trailer credits an AI assistant", "remove the trailer that credits an AI assistant",
				[]policy.Case{
					vio("an AI co-author", "Fix crash on empty input\n\n"+keys[0]+": Claude <noreply@anthropic.com>"),
					sat("a human co-author", "Fix crash on empty input\n\n"+keys[0]+": Jane Doe <jane@example.com>"),
				})}}
		}
		return recognize.Result{Rules: []policy.Rule{s.rule(KindCommit, CommitParams{Check: CheckTrailerForbidden, Trailers: keys}, true,
			"forbidden commit trailer", "remove the trailer from the commit message",
			[]policy.Case{
				vio("the trailer", "Fix crash on empty input\n\n"+keys[0]+": Jane Doe <jane@example.com>"),
				sat("no trailer", "Fix crash on empty input"),
			})}}
	}
	// A requirement. It binds only when the sentence says to add one, and for AI
	// credit only in files written for agents (where every change is AI-assisted).
	if !d.Asks {
		return recognize.Result{}
	}
	if !aiContext {
		return recognize.Result{}
	}
	switch s.c.Format {
	case "contributing", "":
		if !d.Agents {
			return recognize.Result{}
		}
	}
	p := CommitParams{Check: CheckTrailerRequired, Trailers: keys, ValuePattern: ValueAI}
	if len(keys) == 1 && strings.EqualFold(keys[0], "Generated-by") {
		p.ValuePattern = "" // "Generated-by: <tool>": any tool named
	}
	good := "Fix crash on empty input\n\n" + keys[0] + ": Claude <noreply@anthropic.com>"
	return recognize.Result{Rules: []policy.Rule{s.rule(KindCommit, p, false,
		"commit lacks the AI attribution trailer",
		fmt.Sprintf("end the message with a %s trailer that names the AI assistant", strings.Join(keys, " or ")),
		[]policy.Case{sat("the trailer", good), vio("no trailer", "Fix crash on empty input")})}}
}

// agentFile reports whether an instruction file of this format is written for coding
// agents (every format but CONTRIBUTING and the unnamed one).
func agentFile(format string) bool { return format != "contributing" && format != "" }

// creditTrailers reports whether the named trailers credit an author of the change
// (Co-authored-by, Assisted-by, Generated-by), not a sign-off or a review.
func creditTrailers(names []string) bool {
	for _, k := range names {
		switch strings.ToLower(k) {
		case "co-authored-by", "assisted-by", "ai-assisted-by", "generated-by", "made-with":
			return true
		}
	}
	return false
}

// trailerNamedValue is the name a code span gives as the value of one of the keys
// ("`Co-Authored-By: Claude`" gives "Claude"), or "" when no span names one (a
// placeholder such as `<name>` names none).
func trailerNamedValue(spans, keys []string) string {
	for _, sp := range spans {
		k, v, ok := strings.Cut(sp, ":")
		if !ok || !slices.ContainsFunc(keys, func(key string) bool { return strings.EqualFold(strings.TrimSpace(k), key) }) {
			continue
		}
		if m := trailerNameRE.FindStringSubmatch(strings.TrimSpace(v)); m != nil {
			return m[1]
		}
	}
	return ""
}

// trailerNameRE: a value that starts with a name (a word of letters), not a
// placeholder.
var trailerNameRE = lazyre.New(`^([A-Za-z][A-Za-z0-9]*)\b`)

func signOffRule(s sentence) policy.Rule {
	return s.rule(KindCommit, CommitParams{Check: CheckTrailerRequired, Trailers: []string{"Signed-off-by"}}, true,
		"commit not signed off", "sign off the commit (git commit -s) to add a Signed-off-by trailer",
		[]policy.Case{
			sat("signed off", "Fix crash on empty input\n\nSigned-off-by: Jane Doe <jane@example.com>"),
			vio("not signed off", "Fix crash on empty input"),
		})
}

// ---- issue and ticket references ----------------------------------------------------

type refRecognizer struct{}

func (refRecognizer) Name() string { return "contrib.commit-refs" }

// ticketSpanRE matches a ticket id given as code ("LFE-1234").
var ticketSpanRE = lazyre.New(`^[A-Z][A-Z0-9]*(-[A-Z]*[0-9]+)+$`)

// bareIssuePattern: a #NNN not qualified by owner/repo (nor inside a word or URL);
// bareMentionPattern: an @name that is not code in backticks, an e-mail address or a
// path.
const (
	bareIssuePattern   = `(^|[^\w/&])#[0-9]+\b`
	bareMentionPattern = `(^|[\s(\[,;:"'])@[A-Za-z][\w-]*`
)

// emojiPattern matches pictographic emoji (the blocks agents use in messages).
const emojiPattern = `[\x{1F300}-\x{1FAFF}\x{2600}-\x{27BF}\x{1F000}-\x{1F2FF}]`

func (refRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	s := read(c)
	b, ok := norm.ReadRefBans(s.text, strings.ToLower(s.raw))
	if !ok {
		return recognize.Result{}
	}
	inCommits, inPR := b.InCommits, b.InPR
	var out []policy.Rule
	if b.Emoji && (inCommits || inPR) {
		if inCommits {
			out = append(out, s.rule(KindCommit, CommitParams{Check: CheckRefForbidden, Pattern: emojiPattern, What: "an emoji"}, true,
				"emoji in a commit message", "remove the emoji from the commit message",
				[]policy.Case{vio("an emoji", "Fix crash on empty input 🚀"), sat("plain text", "Fix crash on empty input")}))
		}
		return recognize.Result{Rules: out}
	}
	// "Do not write a bare `#NNN` anywhere in a commit message", "Never use a bare
	// `@mention`": a reference GitHub links to this repository's issue or to a user,
	// where the qualified form (`owner/repo#NNN`, a URL) or code markup is asked for
	if b.BareIssue || b.BareMention {
		var bare []policy.Rule
		if b.BareIssue {
			bare = append(bare, s.rule(KindCommit, CommitParams{Check: CheckRefForbidden, Pattern: bareIssuePattern, What: "a bare #NNN reference"}, true,
				"a bare #NNN in a commit message", "write the reference as owner/repo#NNN or the issue's URL",
				[]policy.Case{vio("a bare number", "Fix crash on empty input (#123)"), sat("a qualified reference", "Fix crash on empty input\n\nFixes acme/app#123"),
					sat("a URL", "Fix crash\n\nSee https://github.com/acme/app/issues/123")}))
		}
		if b.BareMention {
			bare = append(bare, s.rule(KindCommit, CommitParams{Check: CheckRefForbidden, Pattern: bareMentionPattern, What: "a bare @mention"}, true,
				"a bare @mention in a commit message", "write the name without @, or as code in backticks",
				[]policy.Case{vio("a bare mention", "Fix crash reported by @octocat"), sat("a package in backticks", "Bump `@acme/core` to 2.0"),
					sat("an e-mail address", "Fix crash\n\nSigned-off-by: A Person <a@example.com>")}))
		}
		return recognize.Result{Rules: bare}
	}
	// Ticket ids given by example: "Never put internal ticket ids (`LFE-1234`, ...)".
	var ids []string
	for _, sp := range s.spans {
		if ticketSpanRE.MatchString(sp) {
			ids = append(ids, `\b`+exampleToPattern(sp)+`\b`)
		}
	}
	what := ""
	pattern := ""
	exact := true
	switch {
	case len(ids) > 0 && b.IssueNumbers:
		alts := uniq.Values(ids)
		if b.LinearURLs {
			alts = append(alts, `https?://linear\.app/\S+`)
		}
		pattern = strings.Join(alts, "|")
		what = "an internal ticket id"
		exact = false // the examples stand for "internal ticket ids"
	case b.IssueNumbers && b.Mentions:
		pattern = issueRefPattern
		what = "an issue number"
		exact = false // "#12" in prose is caught, "issue 12" is not
	default:
		return recognize.Result{}
	}
	if inCommits {
		bad := "Fix crash on empty input (#1234)"
		if len(ids) > 0 {
			bad = "Fix crash on empty input " + synthesizeID(s.spans)
		}
		out = append(out, s.rule(KindCommit, CommitParams{Check: CheckRefForbidden, Pattern: pattern, What: what}, exact,
			"commit message contains "+what, "describe the change on its own terms, without "+what,
			[]policy.Case{vio(what, bad), sat("no reference", "Fix crash on empty input")}))
	}
	if inPR && len(ids) > 0 {
		out = append(out, s.rule(KindPR, PRParams{Check: PRBodyForbid, Pattern: pattern, What: what}, exact,
			"pull request contains "+what, "describe the change on its own terms, without "+what,
			[]policy.Case{
				{Expect: policy.ExpectViolated, PR: "Fix crash on empty input\n\nSee " + synthesizeID(s.spans) + ".", Note: what},
				{Expect: policy.ExpectSatisfied, PR: "Fix crash on empty input\n\nThe parser read past the end.", Note: "no reference"},
			}))
	}
	return recognize.Result{Rules: out}
}

func synthesizeID(spans []string) string {
	for _, sp := range spans {
		if ticketSpanRE.MatchString(sp) {
			return sp
		}
	}
	return "#1234"
}

// ---- merge commits ------------------------------------------------------------------

type mergeRecognizer struct{}

func (mergeRecognizer) Name() string { return "contrib.merge-commits" }

func (mergeRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	s := read(c)
	if !norm.MergeBan(s.text) {
		return recognize.Result{}
	}
	return recognize.Result{Rules: []policy.Rule{s.rule(KindCommit, CommitParams{Check: CheckNoMerge}, true,
		"merge commit in the change", "rebase onto the base branch instead of merging it in",
		[]policy.Case{
			vio("a merge commit", "Merge branch 'main' into feature"),
			sat("an ordinary commit", "Fix crash on empty input"),
		})}}
}
