package contrib

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// Pull-request text the description or title must (not) hold, read by norm.PRTitlePrefix
// and norm.PRBlock.
type prTextRecognizer struct{}

func (prTextRecognizer) Name() string { return "contrib.pr-text" }

func (prTextRecognizer) Recognize(c *policy.Constraint, _ *recognize.RepoContext) recognize.Result {
	s := read(c)
	var out []policy.Rule
	if prefix, ok := norm.PRTitlePrefix(s.raw); ok {
		out = append(out, s.rule(KindPR, PRParams{Check: PRTitleForbid, Pattern: `(?i)^\s*` + regexp.QuoteMeta(prefix), What: "the prefix " + prefix}, true,
			fmt.Sprintf("the pull-request title starts with %s", prefix),
			fmt.Sprintf("remove %s from the title once the pull request is ready", prefix), []policy.Case{
				{Expect: policy.ExpectViolated, PR: prefix + " Fix crash on empty input\n\nThe parser read past the end.", Note: "the prefix kept"},
				{Expect: policy.ExpectSatisfied, PR: "Fix crash on empty input " + strings.Trim(prefix, "[]()") + " handling\n\nThe parser read past the end.", Note: "the word later in the title"},
			}))
	}
	if open, close, ok := norm.PRBlock(s.raw); ok {
		out = append(out, s.rule(KindPR, PRParams{Check: PRBodyRequire, Pattern: `(?s)` + regexp.QuoteMeta(open) + `.*` + regexp.QuoteMeta(close),
			What: fmt.Sprintf("block between %s and %s", open, close)}, true,
			"the pull-request description lacks the required block",
			fmt.Sprintf("add the block between %s and %s to the description", open, close), []policy.Case{
				{Expect: policy.ExpectSatisfied, PR: "Fix crash on empty input\n\n" + open + "\n* core\n  * Fixed a crash.\n" + close, Note: "the block"},
				{Expect: policy.ExpectViolated, PR: "Fix crash on empty input\n\n" + open + "\n* core\n  * Fixed a crash.", Note: "the block never closed"},
			}))
	}
	if span, ok := norm.PRBodyTemplate(s.raw); ok {
		pat, sample, _ := norm.MessageTemplate(span)
		out = append(out, s.rule(KindPR, PRParams{Check: PRBodyRequire, Pattern: pat, What: span}, true,
			fmt.Sprintf("the pull-request description lacks %s", span),
			fmt.Sprintf("add %s to the description", span), []policy.Case{
				{Expect: policy.ExpectSatisfied, PR: "Fix crash on empty input\n\nThe parser read past the end.\n\n" + sample, Note: "the form"},
				{Expect: policy.ExpectViolated, PR: "Fix crash on empty input\n\nThe parser read past the end.", Note: "no such line"},
			}))
	}
	out = append(out, autocloseRules(s)...)
	out = append(out, releaseNoteRules(s)...)
	return recognize.Result{Rules: out}
}

// releaseNoteRules lowers norm.ReleaseNoteBans: patterns the description's release
// notes must not match, judged only when it has release notes. They warn: an entry's
// text is prose, and the patterns read it approximately.
func releaseNoteRules(s sentence) []policy.Rule {
	notes := func(entry string) string {
		return "Fix the parser\n\n<!-- BEGIN RELEASE NOTES -->\n* parsing\n  * " + entry + "\n<!-- END RELEASE NOTES -->"
	}
	var out []policy.Rule
	for _, b := range norm.ReleaseNoteBans(s.raw) {
		var pat, what, bad, good string
		switch b {
		case norm.NoteNumbers:
			pat, what, bad, good = `#[0-9]+`, "an issue or pull-request number", "Fixed a crash on empty input (#12).", "Fixed a crash on empty input."
		case norm.NoteFirstPerson:
			pat, what, bad, good = `\bI(?:'ve|'m|\s+have)?\s+[a-z]+`, "the first person", "I fixed a crash on empty input.", "Fixed a crash on empty input."
		case norm.NoteThisPR:
			pat, what, bad, good = `(?i)\bthis (?:pull request|PR)\b`, "a reference to the pull request itself", "This pull request fixes a crash.", "Fixed a crash on empty input."
		case norm.NoteLowercase:
			// an entry is a nested item: the submodule headers above them are
			// names, written as the project spells them
			pat, what, bad, good = `(?m)^[ \t]+[-*+][ \t]+[a-z]`, "an entry that starts with a small letter", "fixed a crash on empty input.", "Fixed a crash on empty input."
		default:
			continue
		}
		r := s.rule(KindPR, PRParams{Check: PRBodyForbid, Pattern: pat, What: what, Region: PRRegionReleaseNotes}, false,
			"a release-note entry holds "+what, "reword the entry on its own terms", []policy.Case{
				{Expect: policy.ExpectViolated, PR: notes(bad), Note: what},
				{Expect: policy.ExpectSatisfied, PR: notes(good), Note: "a plain entry"},
			})
		r.Severity = policy.SeverityWarning
		r.When = &policy.Condition{What: "the pull request has release notes", PR: ReleaseNotesPresentRE}
		out = append(out, r)
	}
	return out
}

// closingKeywords are GitHub's keywords that close an issue from a pull request.
const closingKeywords = `(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)`

// autocloseRules lowers norm.AutocloseForms.
func autocloseRules(s sentence) []policy.Rule {
	var out []policy.Rule
	for _, f := range norm.AutocloseForms(s.raw) {
		switch f {
		case norm.AutocloseEvery:
			r := s.rule(KindPR, PRParams{Check: PRBodyForbid,
				Pattern: `(?i)\b` + closingKeywords + `:? #[0-9]+(?:\s*(?:,|and|&)\s*#[0-9]+)+`, What: "a closing keyword shared by several issue numbers"}, true,
				"a closing keyword that closes only the first of several numbers",
				"repeat the keyword before every number: fixes #1, fixes #2", []policy.Case{
					{Expect: policy.ExpectViolated, PR: "Fix the parser\n\nFixes #12, #14.", Note: "one keyword for two numbers"},
					{Expect: policy.ExpectSatisfied, PR: "Fix the parser\n\nFixes #12, fixes #14.", Note: "a keyword before each"},
				})
			// "If a pull request should close multiple issues": a closing keyword and
			// more than one number
			r.When = &policy.Condition{What: "the pull request closes issues by number", PR: `(?is)\b(?:close|fix|resolve)[a-z]*:? #[0-9]+.*#[0-9]+`}
			out = append(out, r)
		case norm.AutocloseNegated:
			r := s.rule(KindPR, PRParams{Check: PRBodyForbid,
				Pattern: `(?i)(?:\bnot|n't|\bnever|\bwithout)\s+(?:close|fix|resolve)[sd]?:? #[0-9]+`, What: "a closing keyword next to a number in a negated sentence"}, true,
				"a negated closing keyword still closes the issue on GitHub",
				"reword without the keyword next to the number (\"related to #12\")", []policy.Case{
					{Expect: policy.ExpectViolated, PR: "Fix the parser\n\nThis does not fix #12 yet.", Note: "a negated keyword"},
					{Expect: policy.ExpectSatisfied, PR: "Fix the parser\n\nThis is related to #12 but leaves it open.", Note: "no keyword"},
				})
			r.When = &policy.Condition{What: "the pull request names an issue number", PR: `#[0-9]+`}
			out = append(out, r)
		}
	}
	return out
}
