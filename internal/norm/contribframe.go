package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// The words that frame a contribution rule (internal/rules/contrib): whether a
// sentence, its headings or its list's lead-in speak of commits or pull requests, say
// when to run something, forbid, or soften what they ask. The contribution recognisers
// read a sentence in lower case with its code spans taken out.

var (
	contribCommitRE = lazyre.New(`\bcommit(s|ted|ting)?\b|\bcommit[- ]messages?\b|\bsubject lines?\b|\bsubject\b.{0,40}\bafter the type\b`)
	contribPRRE     = lazyre.New(`\bpull[- ]requests?\b|\bprs?\b|\bpr's\b|\bmerge requests?\b`)
	// Commands and processes mentioned near "commit" that make a sentence a process
	// rule, not a message rule ("run the linter before committing").
	contribWhenRunRE = lazyre.New(`\b(before|after|prior to|until)\s+(you\s+)?(commit|committing|pushing|push)\b`)
	contribNegRE     = lazyre.New(`\b(never|not|no|neither|nor|don't|do not|dont|avoid|without|must not|mustn't|shouldn't|should not|cannot|can't|forbidden|prohibited|disallowed)\b`)
	contribSoftRE    = lazyre.New(`\b(limits? (is|are) soft|soft limits?|try to|if possible|where possible|when possible|ideally)\b`)
	// "where a sufficiently large change is made", "when appropriate": a condition
	// only a reader can judge
	contribJudgedRE   = lazyre.New(`\b(where|when|if|for)\b[^.;]{0,40}\b(sufficiently|large|significant|impactful|substantial|major|non-trivial|appropriate|applicable|relevant|necessary|needed)\b`)
	contribEveryRE    = lazyre.New(`\b(every|each|any|all)\b`)
	contribOccasionRE = lazyre.New(`\b(deprecat\w*|removal|removing|releas\w*|adding (a |an )?new|new (integration|feature|component|plugin|source|sink|provider|package|module)s?|when (adding|creating|introducing|removing))\b`)
	contribClauseRE   = lazyre.New(`[.!?](\s+|$)|;\s+`)
)

// SaysCommit reports whether lower-case text speaks of commits or commit messages.
func SaysCommit(lower string) bool { return contribCommitRE.MatchString(lower) }

// SaysPR reports whether lower-case text speaks of pull (or merge) requests.
func SaysPR(lower string) bool { return contribPRRE.MatchString(lower) }

// PROnlyFrame reports whether a sentence's nearest frame (its last heading and list
// lead-in, lower case) speaks of pull requests and not of commits ("#### PR titles
// should:" under "## Pull request titles and commit messages"): its items are about
// pull requests, whatever the wider section names.
func PROnlyFrame(near string) bool { return SaysPR(near) && !SaysCommit(near) }

// SaysWhenToRun reports whether lower-case text times something around a commit or a
// push ("run the linter before committing"): a process rule, not a message rule.
func SaysWhenToRun(lower string) bool { return contribWhenRunRE.MatchString(lower) }

// Forbids reports whether a lower-case clause forbids rather than requires ("never",
// "do not", "avoid", "without").
func Forbids(clause string) bool { return contribNegRE.MatchString(clause) }

// SoftDemand reports whether lower-case text calls its own limits soft, only asks to
// try, or ties the demand to a condition only a reader can judge ("when
// appropriate"): a rule that can only warn.
func SoftDemand(lower string) bool {
	return contribSoftRE.MatchString(lower) || contribJudgedRE.MatchString(lower)
}

// OneOccasion reports whether lower-case text, or its nearest frame (near), ties a
// step to one kind of change (adding an integration, deprecating a feature, a
// release) and the text does not say every change.
func OneOccasion(lower, near string) bool {
	if contribEveryRE.MatchString(lower) {
		return false
	}
	return contribOccasionRE.MatchString(near + " / " + lower)
}

// Clauses splits prose into sentences and then at semicolons, keeping enough context
// for a number or a negation to be read with the words it belongs to.
func Clauses(text string) []string {
	var out []string
	for _, sent := range contribClauseRE.Split(text, -1) {
		if strings.TrimSpace(sent) != "" {
			out = append(out, strings.TrimSpace(sent))
		}
	}
	return out
}

// wipBanRE: work-in-progress commits banned ("No WIP commits", "never commit WIP",
// "don't leave `wip` commits in a PR").
var wipBanRE = lazyre.New("\\b(?:no|never|don't|do not|avoid|must not)\\b[^.;]{0,30}\\b`?(?:wip|work[- ]in[- ]progress)`? commits?\\b|\\bnever commit (?:a )?`?wip`?\\b|\\bno `?wip`? commits?\\b")

// WIPBan reports whether lower-case text bans work-in-progress commits.
func WIPBan(lower string) bool {
	if !strings.Contains(lower, "wip") && !strings.Contains(lower, "work in progress") && !strings.Contains(lower, "work-in-progress") {
		return false
	}
	return wipBanRE.MatchString(lower)
}

// aiMentionBanRE: AI tools kept out of commit messages ("Don't mention AI tools
// (Claude, Copilot) in commit messages", "Never mention Claude in commits", "No AI
// attribution in commit messages").
var aiMentionBanRE = lazyre.New(`\b(?:never|don't|do not|no|avoid|must not|should not)\b[^.;]{0,20}\b(?:mention(?:ing)?|referenc(?:e|ing)|nam(?:e|ing)|credit(?:ing)?|attribut(?:e|ing|ion))\b[^.;]{0,40}\b(?:ai|claude|copilot|chatgpt|llms?|gpt|codex|gemini|cursor|assistants?|agents?)\b|\bno ai (?:attribution|mentions?|references?|credits?)\b`)

// AIMentionBan reports whether lower-case text bans naming AI tools in commit
// messages.
func AIMentionBan(lower string) bool {
	if !strings.Contains(lower, "mention") && !strings.Contains(lower, "attribut") && !strings.Contains(lower, "credit") &&
		!strings.Contains(lower, "referenc") && !strings.Contains(lower, "nam") {
		return false
	}
	named := false
	for _, w := range []string{" ai ", " ai,", "(ai", " ai-", "claude", "copilot", "chatgpt", "gpt", "llm", "codex", "gemini"} {
		if strings.Contains(lower, w) {
			named = true
			break
		}
	}
	if !named {
		return false
	}
	return SaysCommit(lower) && aiMentionBanRE.MatchString(lower)
}

// commitTextBanRE: a literal kept out of commit messages ("Don't write `TODO` in
// commit messages", "Never put `[skip ci]` in a commit subject", "Commit messages must
// not contain `WIP` or `fixup!`"). Group 1 or 2 holds the code spans banned.
var commitTextBanRE = lazyre.New("(?i)\\b(?:never|don't|do not|must not|should not|mustn't|shouldn't)\\s+(?:ever\\s+)?(?:write|use|put|include|add|leave|type|mention)\\s+((?:`[^`]+`(?:\\s*(?:,|or|and|/|,\\s*or|,\\s*and)\\s*)?)+)\\s*(?:in|into|inside)\\s+(?:the\\s+|a\\s+|any\\s+|your\\s+)?commit\\s+(?:messages?|subjects?|subject lines?|titles?)\\b" +
	"|\\bcommit\\s+(?:messages?|subjects?|subject lines?|titles?)\\s+(?:must|should|may)\\s+(?:not|never)\\s+(?:contain|include|mention|use|have)\\s+((?:`[^`]+`(?:\\s*(?:,|or|and|/|,\\s*or|,\\s*and)\\s*)?)+)")

// CommitTextBan returns the literals a sentence keeps out of commit messages, as its
// code spans give them (case kept), or nil.
func CommitTextBan(text string) []string {
	low := strings.ToLower(text)
	if !strings.Contains(text, "`") || !containsAny(low, " in commit", " in the commit", " in a commit", " in any commit", " in your commit", " into commit", " into the commit",
		"commit messages must", "commit message must", "commit subjects must", "commit titles must", "commit messages should", "commit message should") {
		return nil
	}
	m := commitTextBanRE.FindStringSubmatch(text)
	if m == nil {
		return nil
	}
	group := m[1]
	if group == "" {
		group = m[2]
	}
	var out []string
	parts := strings.Split(group, "`")
	for i := 1; i < len(parts); i += 2 {
		if v := strings.TrimSpace(parts[i]); v != "" {
			out = append(out, v)
		}
	}
	return out
}

// emDashWordsRE: the em dash named in words or written in a code span (one written
// bare is the sentence's own punctuation).
var emDashWordsRE = lazyre.New("\\bem[- ]?dash(?:es)?\\b|`\u2014`")

// EmDashInCommitMessages reports a lower-case sentence that bans the em dash from
// commit messages: it or its headings (header, lower case) speak of commit messages
// ("No em dashes anywhere in subject or body" under "Commit messages"; "the
// commit-msg hook enforces ... no em dashes").
func EmDashInCommitMessages(lower, header string) bool {
	if !strings.Contains(lower, "dash") && !strings.Contains(lower, "\u2014") || !emDashWordsRE.MatchString(lower) {
		return false
	}
	if strings.Contains(lower, "commit") && (strings.Contains(lower, "message") || strings.Contains(lower, "subject") || strings.Contains(lower, "commit-msg")) {
		return true
	}
	return strings.Contains(header, "commit") && (strings.Contains(lower, "subject") || strings.Contains(lower, "body") || strings.Contains(header, "message"))
}
