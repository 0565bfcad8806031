package norm

import (
	"regexp"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// PRText is one demand on a pull request's title or description: a regular
// expression the text must (or must not) match, what it stands for in messages, and
// an example of the text it is about (that meets a demand, that breaks a ban).
type PRText struct {
	Pattern, What, Example string
}

var (
	// prPlanNeedRE: "Describe your test plan in the pull request description",
	// "Include a Testing Plan in the PR body": a named part the description holds
	prPlanNeedRE = lazyre.New(`\b(?:describe|include|add|provide|write|give|fill in|document)\s+(?:your|a|an|the)?\s*(test plan|testing plan|testing instructions|testing steps|test instructions|motivation|rationale)\s+(?:in|to|into)\s+(?:the\s+|your\s+)?(?:pr|pull request)\s+(?:description|body)\b`)
	// prPlanBanRE: "Never add a test plan to the PR description", "Do not include a
	// test plan in PR descriptions"
	prPlanBanRE = lazyre.New(`\b(?:add|include|put|write)\s+(?:a|an|the|any)?\s*(test plan|testing plan|testing section|test section)\s+(?:in|to|into)\s+(?:the\s+|your\s+)?(?:pr|pull request)s?\s+(?:descriptions?|bod(?:y|ies))\b`)
	// prBracketPrefixRE: "Prefix PR titles with the area in brackets"
	prBracketPrefixRE = lazyre.New(`\bprefix\b[^.]{0,30}\btitles?\b[^.]{0,40}\b(?:in (?:square )?brackets|bracketed)\b`)
	// prNoConventionalRE: "no conventional-commit prefixes", "not Conventional Commits"
	prNoConventionalRE = lazyre.New(`\b(?:no|not|never|without|don't use|do not use)\s+(?:a\s+)?conventional[- ]commits?\b`)
	// prAISayRE: "must say whether AI tools were used", "mention any AI assistance"
	prAISayRE = lazyre.New(`\b(?:say|says|mention|note|indicate|tell)\s+(?:whether|if|that|which|any|how)?\s*(?:an?\s+)?(?:ai|llm|generative ai)\b`)
	// prLinkWordRE: the sentence speaks of links, one of which it keeps out
	prLinkWordRE = lazyre.New(`\b(?:links?|urls?)\b`)
	// prTicketAsRE: "link the Linear ticket as `https://...`"
	prTicketAsRE  = lazyre.New(`\b(?:link|reference|include|add)\b[^.]{0,40}\b(?:ticket|issue|task|story)\b[^.]{0,20}\b(?:as|like|using|with)\s+code\b`)
	prTicketKeyRE = lazyre.New(`^[A-Z][A-Z0-9]*-[0-9]+$`)
	prEllipsisRE  = lazyre.New(`(?:\.\.\.|…)$`)
)

// prTextDemands reads the demands on a pull request's text that take a pattern: a
// named part of the description required or banned, a bracketed title prefix, no
// Conventional Commits prefix, a closing reference kept out of the title, a link of
// a fixed form, a private link kept out. lower is the sentence in lower case, each
// code span replaced by the word "code"; spans are the spans.
func prTextDemands(d *PRDemands, lower string, spans []string) {
	forbids := Forbids(lower)
	if m := prPlanNeedRE.FindStringSubmatch(lower); m != nil && !forbids {
		d.BodyNeeds = append(d.BodyNeeds, PRText{Pattern: `(?i)\b` + planPattern(m[1]), What: "a " + m[1], Example: capitalise(m[1]) + ": ran the unit tests."})
	}
	if m := prPlanBanRE.FindStringSubmatch(lower); m != nil && forbids {
		// as a heading or a label, not the words in passing
		d.BodyBans = append(d.BodyBans, PRText{Pattern: `(?im)^[\s#*_>-]*` + planPattern(m[1]) + `\b`, What: "a " + m[1], Example: "## " + capitalise(m[1]) + "\n\nRan the unit tests."})
	}
	if prBracketPrefixRE.MatchString(lower) && !forbids {
		d.TitleFormats = append(d.TitleFormats, PRText{Pattern: `^\[[^\]\s][^\]]*\]\s`, What: "a bracketed prefix", Example: "[area] Fix the parser"})
	}
	if prTitleRE.MatchString(lower) && prNoConventionalRE.MatchString(lower) {
		d.TitleForbids = append(d.TitleForbids, PRText{Pattern: `^[a-z]+(\([^)]*\))?!?:\s`, What: "a Conventional Commits prefix", Example: "feat: add a cache"})
	}
	if prTitleRE.MatchString(lower) && forbids && len(d.TitleBans) == 0 {
		// (a ban of a bare reference or of issue numbers already says what)
		for _, sp := range spans {
			if prFixesSpanRE.MatchString(sp) {
				// "Do not put `Fixes #123` in the PR title"
				d.TitleForbids = append(d.TitleForbids, PRText{Pattern: `(?i)\b(fix|fixes|fixed|close|closes|closed|resolve|resolves|resolved)\s+#[0-9]+`, What: "a closing reference (\"Fixes #123\")", Example: "Fix crash on empty input, fixes #12"})
				break
			}
		}
	}
	if prAISayRE.MatchString(lower) && prChangeTextRE.MatchString(lower) && !forbids {
		d.Disclose = true
	}
	for _, sp := range spans {
		if !strings.HasPrefix(sp, "http://") && !strings.HasPrefix(sp, "https://") {
			continue
		}
		switch {
		case forbids && prLinkWordRE.MatchString(lower) && prEllipsisRE.MatchString(sp):
			// "Never paste internal links such as `https://claude.ai/code/session_...`"
			prefix := prEllipsisRE.ReplaceAllString(sp, "")
			if strings.Count(prefix, "/") >= 3 {
				d.BodyBans = append(d.BodyBans, PRText{Pattern: regexp.QuoteMeta(prefix), What: "a link to " + prefix + "…", Example: "See " + prefix + "abc123."})
			}
		case !forbids:
			if pat, ok := linkTemplate(sp); ok && prTicketAsRE.MatchString(lower) {
				d.BodyNeeds = append(d.BodyNeeds, PRText{Pattern: pat, What: "a link like " + sp, Example: sp})
			}
		}
	}
}

// planPattern matches a named part and its near spellings ("test plan", "testing
// plan").
func planPattern(name string) string {
	switch name {
	case "test plan", "testing plan":
		return `test(ing)? plan`
	case "testing section", "test section":
		return `test(ing)?( section)?\s*$`
	}
	return strings.ReplaceAll(regexp.QuoteMeta(name), " ", `\s+`)
}

// linkTemplate turns an example link into the pattern of its kind: the last path
// segment, a ticket key or a number, stands for any other.
func linkTemplate(u string) (string, bool) {
	i := strings.LastIndex(u, "/")
	if i < len("https://x") || i == len(u)-1 {
		return "", false
	}
	last := u[i+1:]
	var tail string
	switch {
	case prTicketKeyRE.MatchString(last):
		tail = `[A-Z][A-Z0-9]*-[0-9]+`
	case strings.Trim(last, "0123456789") == "":
		tail = `[0-9]+`
	case strings.HasPrefix(last, "[") || strings.HasPrefix(last, "<") || strings.HasPrefix(last, "{"):
		tail = `[^\s)]+`
	default:
		return "", false
	}
	return regexp.QuoteMeta(u[:i+1]) + tail, true
}
