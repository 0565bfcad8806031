package contrib

import (
	"fmt"
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// prRecognizer compiles rules on pull-request text: AI disclosure, title contents and
// length, required sections, issue links, word limits. Title formats given by prefix or
// as Conventional Commits are compiled by the commit-format recognisers, which emit a
// pr rule beside the commit rule when the sentence covers both.
type prRecognizer struct{}

func (prRecognizer) Name() string { return "contrib.pull-request" }

// bareRefPattern matches a title that is only an issue reference ("Fix #123").
const bareRefPattern = `(?i)^\s*((fix|fixes|fixed|close|closes|closed|resolve|resolves|resolved)\s+)?(issue\s+)?#[0-9]+\s*\.?\s*$`

// fileNamePattern matches a file name in prose ("solvers.py").
const fileNamePattern = `\b[\w./-]+\.(py|pyi|rst|md|txt|cfg|toml|ya?ml|json|js|ts|tsx|go|rs|java|c|h|cpp)\b`

func (prRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	s := read(c)
	d := norm.ReadPRDemands(s.text, s.spans, s.aboutPRs(), s.aboutCommitMessages())
	var out []policy.Rule
	prCase := func(expect, pr, note string) policy.Case { return policy.Case{Expect: expect, PR: pr, Note: note} }

	// AI disclosure: "Disclose that the PR was authored with Claude".
	if d.Disclose {
		out = append(out, s.rule(KindPR, PRParams{Check: PRDisclosure}, false,
			"pull request does not disclose AI assistance", "say in the description which AI assistant wrote the change and how",
			[]policy.Case{
				prCase(policy.ExpectSatisfied, "Fix crash on empty input\n\nThis change was written with Claude Code.", "a disclosure"),
				prCase(policy.ExpectViolated, "Fix crash on empty input\n\nThe parser read past the end.", "no disclosure"),
			}))
	}
	// "always include an AI Disclosure block": a named block that must appear.
	if d.DisclosureBlock {
		out = append(out, s.rule(KindPR, PRParams{Check: PRContains, Text: "AI Disclosure"}, true,
			"pull request lacks the AI Disclosure block", "add the AI Disclosure block of the template to the description",
			[]policy.Case{
				prCase(policy.ExpectSatisfied, "Core: Fix scan planning\n\nFixes the planner.\n\n---\n**AI Disclosure**\n- Model: Claude", "the block"),
				prCase(policy.ExpectViolated, "Core: Fix scan planning\n\nFixes the planner.", "no block"),
			}))
	}
	// "Do not put issue numbers or file names in the pull request title."
	if len(d.TitleBans) > 0 {
		var alts, what []string
		for _, ban := range d.TitleBans {
			p, w := titleBan(ban)
			alts, what = append(alts, p), append(what, w)
		}
		w := strings.Join(what, " or ")
		out = append(out, s.rule(KindPR, PRParams{Check: PRTitleForbid, Pattern: strings.Join(alts, "|"), What: w}, false,
			"pull-request title contains "+w, "describe what the change fixes; put references in the description",
			[]policy.Case{
				prCase(policy.ExpectSatisfied, "Fix a bug with solve() on transcendental functions\n\nFixes #12345.", "a descriptive title"),
				prCase(policy.ExpectViolated, badTitle(what[0]), w),
			}))
	}
	// A title length limit: "PR titles must be under 72 characters".
	if n := d.TitleMax; n > 0 {
		out = append(out, s.rule(KindPR, PRParams{Check: PRTitleFormat, Pattern: fmt.Sprintf(`^.{1,%d}$`, n), What: fmt.Sprintf("at most %d characters", n)}, true,
			fmt.Sprintf("pull-request title longer than %d characters", n), fmt.Sprintf("shorten the title to %d characters", n),
			[]policy.Case{
				prCase(policy.ExpectSatisfied, "Fix crash on empty input\n\nBody.", "a short title"),
				prCase(policy.ExpectViolated, subjectOfLength(n+1)+"\n\nBody.", "a long title"),
			}))
	}
	// Required sections given as headings: "include a `## Testing` section".
	if secs := d.Sections; len(secs) > 0 {
		var body strings.Builder
		for _, sec := range secs {
			body.WriteString("## " + sec + "\n\nDone.\n\n")
		}
		out = append(out, s.rule(KindPR, PRParams{Check: PRSections, Sections: secs}, true,
			"pull-request description lacks a required section", "add the required sections: "+strings.Join(secs, ", "),
			[]policy.Case{
				prCase(policy.ExpectSatisfied, "Fix crash on empty input\n\n"+body.String(), "every section"),
				prCase(policy.ExpectViolated, "Fix crash on empty input\n\nThe parser read past the end.", "no section"),
			}))
	}
	// Issue links: "Link to the issue being addressed with ``fixes #123`` in the pull
	// request description."
	if kw := d.LinkKeyword; kw != "" {
		r := s.rule(KindPR, PRParams{Check: PRBodyRequire, Pattern: `(?i)\b(fix|fixes|fixed|close|closes|closed|resolve|resolves|resolved) #[0-9]+`, What: "a \"" + kw + " #<issue>\" link"}, false,
			"pull-request description does not link the issue it addresses", "add \""+kw+" #<issue>\" to the description",
			[]policy.Case{
				prCase(policy.ExpectSatisfied, "Fix crash on empty input\n\nfixes #123", "a link"),
				prCase(policy.ExpectViolated, "Fix crash on empty input\n\nThe parser read past the end.", "no link"),
			})
		if d.LinkPresumed {
			// a pull request that closes no issue needs no link: heed only reminds
			r.Severity = policy.SeverityWarning
		}
		out = append(out, r)
	}
	// "All PRs must reference a GitHub Issue": a number or an issue link
	if d.IssueRef {
		r := s.rule(KindPR, PRParams{Check: PRBodyRequire, Pattern: issueRefPattern, What: "a reference to an issue"}, true,
			"pull-request description references no issue", "reference the issue the pull request addresses (#<issue> or its link)",
			[]policy.Case{
				prCase(policy.ExpectSatisfied, "Fix crash on empty input\n\nThe parser read past the end. Refs #123", "a reference"),
				prCase(policy.ExpectViolated, "Fix crash on empty input\n\nThe parser read past the end.", "no reference"),
			})
		if d.IssueRefShould {
			r.Severity = policy.SeverityWarning
		}
		out = append(out, r)
	}
	// A checklist whose every item is ticked.
	if d.Ticked {
		out = append(out, s.rule(KindPR, PRParams{Check: PRCheckboxes}, true,
			"pull-request checklist item not ticked", "do what each item asks and tick it",
			[]policy.Case{
				prCase(policy.ExpectSatisfied, "Fix crash on empty input\n\n- [x] Tests added\n- [x] Docs updated", "every item ticked"),
				prCase(policy.ExpectViolated, "Fix crash on empty input\n\n- [x] Tests added\n- [ ] Docs updated", "an item open"),
			}))
	}
	// Word limits on the description.
	if n := d.MaxWords; n > 0 {
		out = append(out, s.rule(KindPR, PRParams{Check: PRMaxWords, Max: n}, true,
			fmt.Sprintf("pull-request description longer than %d words", n), fmt.Sprintf("cut the description to %d words", n),
			[]policy.Case{
				prCase(policy.ExpectSatisfied, "Fix crash on empty input\n\nThe parser read past the end.", "short"),
				prCase(policy.ExpectViolated, "Fix crash on empty input\n\n"+strings.Repeat("word ", n+1), "too long"),
			}))
	}
	// Patterns the reading gives: a named part of the description, a title prefix, a
	// link of a fixed form, what stays out of the title or the description. Each is
	// shown with text that has the pattern's example and text that has not.
	const plain, body = "Fix crash on empty input", "\n\nThe parser read past the end."
	for _, g := range []struct {
		texts             []norm.PRText
		check             string
		message, sug      string // with %s for what
		with, without     func(t norm.PRText) string
		withOK, withoutOK string
	}{
		{d.BodyNeeds, PRBodyRequire, "pull-request description lacks %s", "add %s to the description",
			func(t norm.PRText) string { return plain + body + "\n\n" + t.Example }, func(norm.PRText) string { return plain + body },
			policy.ExpectSatisfied, policy.ExpectViolated},
		{d.BodyBans, PRBodyForbid, "pull-request description holds %s", "take %s out of the description",
			func(t norm.PRText) string { return plain + body + "\n\n" + t.Example }, func(norm.PRText) string { return plain + body },
			policy.ExpectViolated, policy.ExpectSatisfied},
		{d.TitleFormats, PRTitleFormat, "pull-request title lacks %s", "write the title with %s",
			func(t norm.PRText) string { return t.Example + "\n\nBody." }, func(norm.PRText) string { return plain + "\n\nBody." },
			policy.ExpectSatisfied, policy.ExpectViolated},
		{d.TitleForbids, PRTitleForbid, "pull-request title contains %s", "take %s out of the title",
			func(t norm.PRText) string { return t.Example + "\n\nFixes #12" }, func(norm.PRText) string { return plain + "\n\nFixes #12" },
			policy.ExpectViolated, policy.ExpectSatisfied},
	} {
		for _, t := range g.texts {
			p := PRParams{Check: g.check, Pattern: t.Pattern, What: t.What}
			if g.check == PRTitleFormat {
				p.Example = t.Example
			}
			out = append(out, s.rule(KindPR, p, true, fmt.Sprintf(g.message, t.What), fmt.Sprintf(g.sug, t.What),
				[]policy.Case{prCase(g.withOK, g.with(t), "with it"), prCase(g.withoutOK, g.without(t), "without it")}))
		}
	}
	if before := sentenceBefore(c, rc); before != "" && norm.OpensWithCondition(before) {
		// "If there is no ticket, do not invent one. Use a clear title without a
		// ticket number." (mongodb-js/compass COMMIT_MESSAGES.md:21, in its shape):
		// the earlier sentence's condition holds over this one, and heed cannot
		// see it
		for i := range out {
			out[i].Doubt("holds under the condition the sentence before it sets, which heed cannot see")
		}
	}
	return recognize.Result{Rules: out}
}

// titleBan is the pattern of what a title must not hold (norm.PRTitleBareRef, ...)
// and its name in messages.
func titleBan(ban string) (pattern, what string) {
	switch ban {
	case norm.PRTitleBareRef:
		return bareRefPattern, "nothing but an issue reference"
	case norm.PRTitleIssueRef:
		return issueRefPattern, "an issue number"
	}
	return fileNamePattern, "a file name"
}

func badTitle(what string) string {
	if what == "nothing but an issue reference" {
		return "Fix #12345\n\nBody."
	}
	if what == "a file name" {
		return "Modified solvers.py\n\nBody."
	}
	return "Fix issue #12345\n\nBody."
}
