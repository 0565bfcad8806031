package contrib

import (
	"regexp"
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// wipRecognizer reads bans of work-in-progress commits ("No WIP commits", "never
// commit WIP"): a subject that says the work is not done.
type wipRecognizer struct{}

func (wipRecognizer) Name() string { return "contrib.commit-wip" }

// wipSubject: a subject that marks the work as unfinished: "WIP", "[WIP] parser",
// "wip: parser", "Work in progress".
const wipSubject = `(?i)^\W*(?:wip|work[ -]in[ -]progress)\b`

func (wipRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	s := read(c)
	if !norm.WIPBan(s.text) || s.aboutPRTitleOnly() {
		return recognize.Result{}
	}
	return recognize.Result{Rules: []policy.Rule{s.rule(KindCommit, CommitParams{Check: CheckSubjectForbid, Pattern: wipSubject, What: "a work-in-progress subject"}, true,
		"work-in-progress commit", "finish the work, then give the commit a subject that says what it does (squash the WIP commits)",
		[]policy.Case{vio("WIP", "WIP"), vio("a wip type", "wip: parser"), vio("in brackets", "[WIP] parser"),
			sat("a finished subject", "fix: parser"), sat("a word that begins so", "Wipe the cache on logout")})}}
}

// aiMentionRecognizer reads bans of naming AI tools in commit messages ("Don't mention
// AI tools (Claude, Copilot) in commit messages"): anywhere in the message, not only
// in a trailer. The vocabulary stands in for "names an AI", and a project that builds
// on a model names it in its own work ("add Claude model selector"): the rule warns.
type aiMentionRecognizer struct{}

func (aiMentionRecognizer) Name() string { return "contrib.commit-ai-mention" }

func (aiMentionRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	s := read(c)
	if !norm.AIMentionBan(s.text) || s.aboutPRTitleOnly() || strings.Contains(s.text, "trailer") || strings.Contains(s.text, "co-authored-by") {
		// (a trailer that credits an AI is the trailer rules' to read)
		return recognize.Result{}
	}
	r := s.rule(KindCommit, CommitParams{Check: CheckRefForbidden, ValuePattern: ValueAI, What: "a mention of an AI tool"}, false,
		"commit message names an AI tool", "describe the change itself; leave out which tool helped write it",
		[]policy.Case{vio("a tool in the body", "feat: add export\n\nGenerated with Claude"), vio("an attribution trailer", "fix: parser\n\nCo-Authored-By: Claude <noreply@anthropic.com>"),
			sat("no tool named", "feat: add export"), sat("a person's name", "docs: thank Ai Tanaka")})
	if r.Severity == policy.SeverityError {
		r.Severity = policy.SeverityWarning
	}
	return recognize.Result{Rules: []policy.Rule{r}}
}

// commitTextRecognizer reads literals kept out of commit messages ("Don't write `TODO`
// in commit messages", "Commit messages must not contain `[skip ci]`"): the literal
// anywhere in the message, as written (a word as a whole word).
type commitTextRecognizer struct{}

func (commitTextRecognizer) Name() string { return "contrib.commit-text" }

func (commitTextRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	literals := norm.CommitTextBan(strings.Join(strings.Fields(c.Text), " "))
	s := read(c)
	if len(literals) == 0 && norm.EmDashInCommitMessages(s.text, strings.ToLower(strings.Join(c.HeaderPath, " > "))) && norm.Forbids(s.text) {
		// "No em dashes (`—`) anywhere in subject or body" under "Commit messages"
		literals = []string{"\u2014"}
	}
	if len(literals) == 0 {
		return recognize.Result{}
	}
	var out recognize.Result
	for _, lit := range literals {
		pattern := regexp.QuoteMeta(lit)
		if wordChar(lit[0]) {
			pattern = `\b` + pattern
		}
		if wordChar(lit[len(lit)-1]) {
			pattern += `\b`
		}
		out.Rules = append(out.Rules, s.rule(KindCommit, CommitParams{Check: CheckRefForbidden, Pattern: pattern, What: "`" + lit + "`"}, true,
			"commit message contains `"+lit+"`", "leave `"+lit+"` out of the commit message",
			[]policy.Case{vio("the literal in the subject", "fix: parser "+lit), vio("the literal in the body", "fix: parser\n\n"+lit+" here"),
				sat("a message without it", "fix: handle the empty input")}))
	}
	return out
}

// wordChar reports a byte of a word (letters, digits, underscore).
func wordChar(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}
