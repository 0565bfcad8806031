package contrib

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
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

var (
	discloseRE    = lazyre.New(`\b(disclose|disclosed|discloses|disclosure|disclosing)\b`)
	aiDescribeRE  = lazyre.New(`\b(disclose|describe|identify|state)\b[^.]*\b(ai|llm|llms|generative ai|ai tools?|ai-generated|ai generated)\b`)
	changeTextRE  = lazyre.New(`\b(change description|contribution|pull request|pr description|description)\b`)
	aiNounRE      = lazyre.New(`\b(ai|llm|llms|claude|copilot|chatgpt|codex|gemini|cursor|generative|agents?|assistant|assistance|model)\b`)
	titleRE       = lazyre.New(`\btitles?\b`)
	fileNamesRE   = lazyre.New(`\bfile ?names?\b`)
	inBackticksRE = lazyre.New(`\b(enclosed |wrapped |written |put |quoted )?in backticks\b|\bas code\b`)
	chatReplyRE   = lazyre.New(`\b(chat|your) (reply|replies|response|answer)\b|\bmodel output\b|\breply to the (human|user)\b|\brefuse\b`)
	sectionWordRE = lazyre.New(`\b(sections?|headings?|headers?)\b`)
	wordsRE       = lazyre.New(`\b(at most|no more than|under|fewer than|less than|maximum of|max(imum)?|limit (it |them )?to|up to)\s+([0-9]{2,4})\s+words\b`)
	titleCharsRE  = lazyre.New(`\b([0-9]{2,3})\s*(characters?|chars?)\b`)
	fixesSpanRE   = lazyre.New(`(?i)^(fix|fixes|fixed|close|closes|closed|resolve|resolves|resolved) #[0-9x]+$`)
)

// bareRefPattern matches a title that is only an issue reference ("Fix #123").
const bareRefPattern = `(?i)^\s*((fix|fixes|fixed|close|closes|closed|resolve|resolves|resolved)\s+)?(issue\s+)?#[0-9]+\s*\.?\s*$`

// fileNamePattern matches a file name in prose ("solvers.py").
const fileNamePattern = `\b[\w./-]+\.(py|pyi|rst|md|txt|cfg|toml|ya?ml|json|js|ts|tsx|go|rs|java|c|h|cpp)\b`

func (prRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	s := read(c)
	// "Disclose any AI tools used in preparing a contribution", "Describe your use of
	// generative AI in the change description": where a contribution says what it is,
	// its pull-request description
	describesAI := aiDescribeRE.MatchString(s.text) && aiNounRE.MatchString(s.text) && changeTextRE.MatchString(s.text)
	// "refuse that part of the request in your chat reply; state that it conflicts
	// with the GenAI policy": what the agent says to the person, not PR text
	chat := chatReplyRE.MatchString(s.text)
	if !s.aboutPRs() && !describesAI {
		return recognize.Result{}
	}
	var out []policy.Rule
	prCase := func(expect, pr, note string) policy.Case { return policy.Case{Expect: expect, PR: pr, Note: note} }

	// AI disclosure: "Disclose that the PR was authored with Claude".
	if (discloseRE.MatchString(s.text) || describesAI) && aiNounRE.MatchString(s.text) && !norm.Forbids(s.text) && !chat &&
		!lazyre.New(`\b(if opening|when opening a pr from|if you (substantially )?use)\b`).MatchString(s.text) {
		out = append(out, s.rule(KindPR, PRParams{Check: PRDisclosure}, false,
			"pull request does not disclose AI assistance", "say in the description which AI assistant wrote the change and how",
			[]policy.Case{
				prCase(policy.ExpectSatisfied, "Fix crash on empty input\n\nThis change was written with Claude Code.", "a disclosure"),
				prCase(policy.ExpectViolated, "Fix crash on empty input\n\nThe parser read past the end.", "no disclosure"),
			}))
	}
	// "always include an AI Disclosure block": a named block that must appear.
	if m := lazyre.New(`\binclude (an? |the )?((ai|llm) disclosure) (block|section)\b`).FindStringSubmatch(s.text); m != nil {
		out = append(out, s.rule(KindPR, PRParams{Check: PRContains, Text: "AI Disclosure"}, true,
			"pull request lacks the AI Disclosure block", "add the AI Disclosure block of the template to the description",
			[]policy.Case{
				prCase(policy.ExpectSatisfied, "Core: Fix scan planning\n\nFixes the planner.\n\n---\n**AI Disclosure**\n- Model: Claude", "the block"),
				prCase(policy.ExpectViolated, "Core: Fix scan planning\n\nFixes the planner.", "no block"),
			}))
	}
	if titleRE.MatchString(s.text) && norm.Forbids(s.text) {
		// "Do not put issue numbers or file names in the pull request title."
		var alts, what []string
		if lazyre.New(`\bbare\b`).MatchString(s.text) {
			// "Do not use a bare "Fix #<ISSUE NUMBER>" as the PR title": a title that is
			// nothing but a reference.
			alts, what = append(alts, bareRefPattern), append(what, "nothing but an issue reference")
		} else if lazyre.New(`\b(issue|ticket) (numbers?|references?)\b`).MatchString(s.text) {
			alts, what = append(alts, issueRefPattern), append(what, "an issue number")
		}
		for _, cl := range norm.Clauses(s.text) {
			// the file names the clause itself keeps out of the title: not "use ...
			// file names enclosed in backticks", nor a ban in another sentence
			if fileNamesRE.MatchString(cl) && norm.Forbids(cl) && !inBackticksRE.MatchString(cl) {
				alts, what = append(alts, fileNamePattern), append(what, "a file name")
				break
			}
		}
		if len(alts) > 0 {
			w := strings.Join(what, " or ")
			out = append(out, s.rule(KindPR, PRParams{Check: PRTitleForbid, Pattern: strings.Join(alts, "|"), What: w}, false,
				"pull-request title contains "+w, "describe what the change fixes; put references in the description",
				[]policy.Case{
					prCase(policy.ExpectSatisfied, "Fix a bug with solve() on transcendental functions\n\nFixes #12345.", "a descriptive title"),
					prCase(policy.ExpectViolated, badTitle(what[0]), w),
				}))
		}
	}
	// A title length limit: "PR titles must be under 72 characters".
	if titleRE.MatchString(s.text) && !s.aboutCommitMessages() {
		if m := titleCharsRE.FindStringSubmatch(s.text); m != nil {
			n, _ := strconv.Atoi(m[1])
			if n >= 20 && n <= 200 {
				out = append(out, s.rule(KindPR, PRParams{Check: PRTitleFormat, Pattern: fmt.Sprintf(`^.{1,%d}$`, n), What: fmt.Sprintf("at most %d characters", n)}, true,
					fmt.Sprintf("pull-request title longer than %d characters", n), fmt.Sprintf("shorten the title to %d characters", n),
					[]policy.Case{
						prCase(policy.ExpectSatisfied, "Fix crash on empty input\n\nBody.", "a short title"),
						prCase(policy.ExpectViolated, subjectOfLength(n+1)+"\n\nBody.", "a long title"),
					}))
			}
		}
	}
	// Required sections given as headings: "include a `## Testing` section".
	if sectionWordRE.MatchString(s.text) && !norm.Forbids(s.text) && lazyre.New(`\b(include|add|must have|needs?|requires?|fill (in|out))\b`).MatchString(s.text) {
		var secs []string
		for _, sp := range s.spans {
			if strings.HasPrefix(sp, "#") {
				secs = append(secs, strings.TrimSpace(strings.TrimLeft(sp, "#")))
			}
		}
		if len(secs) > 0 {
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
	}
	// Issue links: "Link to the issue being addressed with ``fixes #123`` in the pull
	// request description."
	for _, sp := range s.spans {
		if fixesSpanRE.MatchString(sp) && lazyre.New(`\b(link|reference|use)\b`).MatchString(s.text) &&
			lazyre.New(`\bdescription\b`).MatchString(s.text) && !lazyre.New(`\bif\b`).MatchString(s.text) &&
			// "It could be simply a reference to the issue, e.g. `Resolves #123`": one
			// way to describe the problem, not a requirement
			!lazyre.New(`\b(could|can|may|might) (simply |just )?be\b|\be\.g\.|\bfor example\b`).MatchString(s.text) {
			kw := strings.Fields(sp)[0]
			out = append(out, s.rule(KindPR, PRParams{Check: PRBodyRequire, Pattern: `(?i)\b(fix|fixes|fixed|close|closes|closed|resolve|resolves|resolved) #[0-9]+`, What: "a \"" + kw + " #<issue>\" link"}, false,
				"pull-request description does not link the issue it addresses", "add \""+kw+" #<issue>\" to the description",
				[]policy.Case{
					prCase(policy.ExpectSatisfied, "Fix crash on empty input\n\nfixes #123", "a link"),
					prCase(policy.ExpectViolated, "Fix crash on empty input\n\nThe parser read past the end.", "no link"),
				}))
			break
		}
	}
	// Word limits on the description.
	if m := wordsRE.FindStringSubmatch(s.text); m != nil && lazyre.New(`\bdescriptions?\b|\bbody\b`).MatchString(s.text) {
		n, _ := strconv.Atoi(m[4])
		out = append(out, s.rule(KindPR, PRParams{Check: PRMaxWords, Max: n}, true,
			fmt.Sprintf("pull-request description longer than %d words", n), fmt.Sprintf("cut the description to %d words", n),
			[]policy.Case{
				prCase(policy.ExpectSatisfied, "Fix crash on empty input\n\nThe parser read past the end.", "short"),
				prCase(policy.ExpectViolated, "Fix crash on empty input\n\n"+strings.Repeat("word ", n+1), "too long"),
			}))
	}
	return recognize.Result{Rules: out}
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
