package norm

import (
	"strconv"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// What a sentence about pull requests asks of their title and description: an AI
// disclosure, a title without issue numbers or file names, a title length, required
// sections, an issue link, a word limit. Title formats given by a prefix or a
// template are the commit-format readings'.

// PRDemands is what one sentence asks of a pull request's text.
type PRDemands struct {
	// Disclose: the description says which AI assistant helped ("Disclose that the PR
	// was authored with Claude").
	Disclose bool
	// DisclosureBlock: the description holds an "AI Disclosure" block ("always
	// include an AI Disclosure block").
	DisclosureBlock bool
	// TitleBans are what the title must not hold, in the sentence's order
	// (PRTitleBareRef, PRTitleIssueRef, PRTitleFileName).
	TitleBans []string
	// TitleMax is the title's length limit in characters, or 0.
	TitleMax int
	// Sections are the headings the description must have, as the code spans give
	// them ("include a `## Testing` section"), without their "#".
	Sections []string
	// LinkKeyword is the closing keyword of an issue link the description must carry
	// ("fixes" of "Link the issue with `fixes #123`"), or "".
	LinkKeyword string
	// LinkPresumed: the link is asked of "the issue your PR closes", given by an
	// example ("Link the issue your PR closes, e.g. `Closes #123`"): a pull request
	// that closes none needs none, which heed cannot tell.
	LinkPresumed bool
	// IssueRef: the description must reference an issue, by number or link, with no
	// keyword given; IssueRefShould: the sentence says "should".
	IssueRef, IssueRefShould bool
	// MaxWords is the description's word limit, or 0.
	MaxWords int
	// Ticked: every checklist item of the description is ticked ("All checklist
	// items in the PR description must be checked").
	Ticked bool
	// BodyNeeds and BodyBans are what the description must and must not match
	// ("Describe your test plan in the PR description", "Never paste links such as
	// `https://claude.ai/code/session_...`"); TitleFormats and TitleForbids the same
	// of the title ("Prefix PR titles with the area in brackets", "no
	// conventional-commit prefixes").
	BodyNeeds, BodyBans, TitleFormats, TitleForbids []PRText
}

// What a title must not hold.
const (
	PRTitleBareRef  = "bare-reference" // nothing but an issue reference ("Fix #123")
	PRTitleIssueRef = "issue-number"
	PRTitleFileName = "file-name"
)

var (
	prDiscloseRE    = lazyre.New(`\b(disclose|disclosed|discloses|disclosure|disclosing)\b`)
	prAIDescribeRE  = lazyre.New(`\b(disclose|describe|identify|state)\b[^.]*\b(ai|llm|llms|generative ai|ai tools?|ai-generated|ai generated)\b`)
	prChangeTextRE  = lazyre.New(`\b(change description|contribution|pull request|pr description|description)\b`)
	prAINounRE      = lazyre.New(`\b(ai|llm|llms|claude|copilot|chatgpt|codex|gemini|cursor|generative|agents?|assistant|assistance|model)\b`)
	prTitleRE       = lazyre.New(`\btitles?\b`)
	prFileNamesRE   = lazyre.New(`\bfile ?names?\b`)
	prInBackticksRE = lazyre.New(`\b(enclosed |wrapped |written |put |quoted )?in backticks\b|\bas code\b`)
	prChatReplyRE   = lazyre.New(`\b(chat|your) (reply|replies|response|answer)\b|\bmodel output\b|\breply to the (human|user)\b|\brefuse\b`)
	prSectionWordRE = lazyre.New(`\b(sections?|headings?|headers?)\b`)
	// prNamedSectionsRE: a list of section names in words before "sections"
	prNamedSectionsRE = lazyre.New(`\b(?:include|includes|contain|contains|have|has|add)\s+(?:the\s+)?((?:[a-z][\w-]*(?:\s[a-z][\w-]*)?\s*,\s*)*[a-z][\w-]*(?:\s[a-z][\w-]*)?\s*,?\s+(?:and|&)\s+(?:an?\s+)?[a-z][\w-]*(?:\s[a-z][\w-]*)?)\s+sections\b`)
	prSectionSplitRE  = lazyre.New(`\s*,\s*(?:and\s+|&\s+)?|\s+(?:and|&)\s+`)
	// prQuotedSectionRE: a section named in quotes ("a "Testing Done" section")
	prQuotedSectionRE   = lazyre.New(`["“]([a-z][^"”]{1,30})["”]\s+(?:section|heading)\b`)
	prWordLimitRE       = lazyre.New(`\b(at most|no more than|under|fewer than|less than|maximum of|max(imum)?|limit (it |them )?to|up to)\s+([0-9]{2,4})\s+words\b`)
	prTitleCharsRE      = lazyre.New(`\b([0-9]{2,3})\s*(characters?|chars?)\b`)
	prFixesSpanRE       = lazyre.New(`(?i)^(fix|fixes|fixed|close|closes|closed|resolve|resolves|resolved) #[0-9x]+$`)
	prDiscloseIfRE      = lazyre.New(`\b(if opening|when opening a pr from|if you (substantially )?use)\b`)
	prDisclosureBlockRE = lazyre.New(`\binclude (an? |the )?((ai|llm) disclosure) (block|section)\b`)
	prBareRE            = lazyre.New(`\bbare\b`)
	prIssueNumberRE     = lazyre.New(`\b(issue|ticket) (numbers?|references?)\b`)
	prIncludeRE         = lazyre.New(`\b(include|add|must have|needs?|requires?|fill (in|out))\b`)
	prLinkVerbRE        = lazyre.New(`\b(link|reference|use)\b`)
	prDescriptionRE     = lazyre.New(`\bdescriptions?\b`)
	// prIssueRefRE: every pull request must reference an issue, with no keyword
	// given ("All PRs must reference a GitHub Issue")
	prIssueRefRE = lazyre.New(`^\W*(?:all |every |each |your )?(?:prs?|pull requests?)(?: descriptions?| bodies| body)?\s+(must|should|needs? to|ha(?:ve|s) to|(?:are|is) required to)\s+(?:always\s+)?(?:reference|link(?: to)?|mention|cite)\s+(?:an?|the|its|their)?\s*(?:related\s+|corresponding\s+|relevant\s+)?(?:github\s+)?issues?\b`)
	prIfRE       = lazyre.New(`\bif\b`)
	// "It could be simply a reference to the issue, e.g. `Resolves #123`": one way to
	// describe the problem, not a requirement
	prOneWayRE         = lazyre.New(`\b(could|can|may|might) (simply |just )?be\b|\be\.g\.|\bfor example\b`)
	prTickedRE         = lazyre.New(`\b(all|every|each)\b[^.]{0,40}\b(checklist items?|check ?box(es)?|box(es)?|items (of|in|on) the (pr |pull[- ]request )?(template|checklist))\b[^.]{0,60}\b(checked|ticked|marked|checked off|ticked off)\b`)
	prTickRE           = lazyre.New(`\b(tick|check off|check|mark)\s+(off\s+)?(all|every|each)\s+(of the\s+)?(checklist items?|check ?box(es)?|box(es)?|items (of|in|on) the (pr |pull[- ]request )?(template|checklist))\b`)
	prCouldBeRE        = lazyre.New(`\b(could|can|may|might) (simply |just )?be\b`)
	prLinkImperativeRE = lazyre.New(`^\W*(?:please\s+)?(?:always\s+)?(?:link|reference)\s+(?:the|any|every|each|related|relevant)\b`)
	prWordsOfRE        = lazyre.New(`\bdescriptions?\b|\bbody\b`)
	// prRefClauseRE: a clause that asks for a reference to an issue ("link the PR to
	// an existing issue", "link related issues", "mention the related GitHub issue");
	// bare "issues" are a kind of reference, not the one the pull request addresses
	// ("reference issues with ... in the description", "the prompt includes issue
	// bodies")
	prRefClauseRE = lazyre.New(`\b(?:link|reference|mention|cite|include)s?\b(?:\s+(?:the|your|this|each|every|its)\s+(?:pr|pull request)s?)?(?:\s+(?:to|with))?\s+(?:(?:an?|the|its|their|your)\s+(?:(?:existing|related|corresponding|linked|open|github|tracking|associated|original)\s+){0,2}|(?:(?:existing|related|corresponding|linked|open|github|tracking|associated|original)\s+){1,2})issues?(?:\(s\))?(?:\s+(?:numbers?|ids?|links?))?\b`)
	// prRefListRE: issues named beside pull requests as what to reference ("reference
	// issues and pull requests liberally"): a style of commit messages, no demand on
	// the pull request
	prRefListRE = lazyre.New(`\bissues?\s+(?:and|or|&|/)\s+(?:prs?|pull requests?)\b`)
	// prRefCondRE: a reference only some pull requests need, or offered as an option
	prRefCondRE = lazyre.New(`\b(?:if|when|whenever|unless|optionally|optional|relevant|applicable|possible|could|can|may|might|any)\b`)
)

// ReadPRDemands reads what a sentence asks of pull-request text. lower is the sentence
// in lower case with its code spans taken out, spans its code spans; aboutPRs says
// whether the sentence or its frame speaks of pull requests, aboutCommitMessages
// whether it speaks of commit messages (a title length is then the commit subject's).
func ReadPRDemands(lower string, spans []string, aboutPRs, aboutCommitMessages bool) PRDemands {
	var d PRDemands
	// "Disclose any AI tools used in preparing a contribution", "Describe your use of
	// generative AI in the change description": where a contribution says what it is,
	// its pull-request description
	describesAI := prAIDescribeRE.MatchString(lower) && prAINounRE.MatchString(lower) && prChangeTextRE.MatchString(lower)
	// "refuse that part of the request in your chat reply; state that it conflicts
	// with the GenAI policy": what the agent says to the person, not PR text
	chat := prChatReplyRE.MatchString(lower)
	if !aboutPRs && !describesAI {
		return d
	}
	d.Disclose = (prDiscloseRE.MatchString(lower) || describesAI) && prAINounRE.MatchString(lower) && !Forbids(lower) && !chat &&
		!prDiscloseIfRE.MatchString(lower)
	d.DisclosureBlock = prDisclosureBlockRE.MatchString(lower)
	if prTitleRE.MatchString(lower) && Forbids(lower) {
		// "Do not put issue numbers or file names in the pull request title."
		if prBareRE.MatchString(lower) {
			// "Do not use a bare "Fix #<ISSUE NUMBER>" as the PR title": a title that
			// is nothing but a reference.
			d.TitleBans = append(d.TitleBans, PRTitleBareRef)
		} else if prIssueNumberRE.MatchString(lower) {
			d.TitleBans = append(d.TitleBans, PRTitleIssueRef)
		}
		for _, cl := range Clauses(lower) {
			// the file names the clause itself keeps out of the title: not "use ...
			// file names enclosed in backticks", nor a ban in another sentence
			if prFileNamesRE.MatchString(cl) && Forbids(cl) && !prInBackticksRE.MatchString(cl) {
				d.TitleBans = append(d.TitleBans, PRTitleFileName)
				break
			}
		}
	}
	// A title length limit: "PR titles must be under 72 characters".
	if prTitleRE.MatchString(lower) && !aboutCommitMessages {
		if m := prTitleCharsRE.FindStringSubmatch(lower); m != nil {
			if n, _ := strconv.Atoi(m[1]); n >= 20 && n <= 200 {
				d.TitleMax = n
			}
		}
	}
	// Required sections given as headings: "include a `## Testing` section".
	if prSectionWordRE.MatchString(lower) && !Forbids(lower) && prIncludeRE.MatchString(lower) {
		for _, sp := range spans {
			if strings.HasPrefix(sp, "#") {
				d.Sections = append(d.Sections, strings.TrimSpace(strings.TrimLeft(sp, "#")))
			}
		}
	}
	// Required sections named in words: "PR descriptions must include Summary,
	// Rationale, and Details sections", "a "Testing Done" section".
	if len(d.Sections) == 0 && prSectionWordRE.MatchString(lower) && !Forbids(lower) && prIncludeRE.MatchString(lower) {
		if m := prNamedSectionsRE.FindStringSubmatch(lower); m != nil {
			for _, n := range prSectionSplitRE.Split(m[1], -1) {
				if n = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(n), "an "), "a ")); n != "" {
					d.Sections = append(d.Sections, n)
				}
			}
		}
		for _, m := range prQuotedSectionRE.FindAllStringSubmatch(lower, -1) {
			d.Sections = append(d.Sections, strings.TrimSpace(m[1]))
		}
	}
	// Issue links: "Link to the issue being addressed with ``fixes #123`` in the pull
	// request description."
	for _, sp := range spans {
		if !prFixesSpanRE.MatchString(sp) || !prLinkVerbRE.MatchString(lower) || prIfRE.MatchString(lower) {
			continue
		}
		if !prDescriptionRE.MatchString(lower) {
			// "**Link the issue** the PR resolves (`Closes #123`)." under "## Pull
			// Requests": where the link goes is the pull request's text, though the
			// sentence does not say "description"; a pull request that resolves no
			// issue (a typo fix) has none to link, so heed only reminds
			if (SaysPR(lower) || aboutPRs) && !SaysCommit(lower) && prLinkImperativeRE.MatchString(lower) && !prCouldBeRE.MatchString(lower) {
				d.LinkKeyword, d.LinkPresumed = strings.Fields(sp)[0], true
				break
			}
			continue
		}
		if !prOneWayRE.MatchString(lower) {
			d.LinkKeyword = strings.Fields(sp)[0]
			break
		}
		if prLinkImperativeRE.MatchString(lower) && !prCouldBeRE.MatchString(lower) {
			// "Link the issue your PR closes in its description, e.g. `Closes #123`":
			// the span is the link's example, the demand the imperative's
			d.LinkKeyword, d.LinkPresumed = strings.Fields(sp)[0], true
			break
		}
	}
	// "All PRs must reference a GitHub Issue": any issue number or link
	if m := prIssueRefRE.FindStringSubmatch(lower); m != nil && d.LinkKeyword == "" && !prIfRE.MatchString(lower) && !Forbids(lower) {
		d.IssueRef = true
		d.IssueRefShould = m[1] == "should"
	}
	// "Link the PR to an existing issue", "PRs should describe the change, link related
	// issues, and note any docs updates", "Mention the related GitHub issue in both
	// commit messages and PR descriptions": a clause of a sentence on pull requests
	// that asks for a reference to an issue, in any order of words. A pull request may
	// address no issue (a typo fix), so heed only reminds.
	if !d.IssueRef && d.LinkKeyword == "" && (SaysPR(lower) || aboutPRs) && !prRefCondRE.MatchString(lower) {
		for _, cl := range Clauses(lower) {
			// a negation governs the demand from before it ("do not link issues"); one
			// after it is another clause's ("... agreed on, and you avoid rework")
			loc := prRefClauseRE.FindStringIndex(cl)
			// a reference asked of the title ("Include the issue number in the PR
			// title") is the title's, which the description need not repeat
			inTitle := prTitleRE.MatchString(cl) && !prWordsOfRE.MatchString(cl)
			if loc != nil && !inTitle && !Forbids(cl[:loc[1]]) && !prRefListRE.MatchString(cl) && (SaysPR(cl) || !SaysCommit(cl)) {
				d.IssueRef, d.IssueRefShould = true, true
				break
			}
		}
	}
	// A ticked checklist: "All checklist items in the pull request description must
	// be checked", "Tick every box of the PR template".
	if aboutPRs && (prTickedRE.MatchString(lower) || prTickRE.MatchString(lower)) && !prIfRE.MatchString(lower) && !chgNegRE.MatchString(lower) {
		d.Ticked = true
	}
	// Word limits on the description.
	if m := prWordLimitRE.FindStringSubmatch(lower); m != nil && prWordsOfRE.MatchString(lower) {
		d.MaxWords, _ = strconv.Atoi(m[4])
	}
	if !chat {
		prTextDemands(&d, lower, spans)
	}
	return d
}
