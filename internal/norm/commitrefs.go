package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// References a commit message or pull request must or must not hold (issue numbers,
// ticket ids, bare #NNN and @mentions, emoji), and merge commits a change must not
// carry. Each reader takes the sentence in lower case with its code spans taken out.

var (
	refDemandRE = lazyre.New(`\b(reference|references|referencing|mention|include|includes|link|links|contain|contains)\b( \w+){0,3} (the |an |a |its )?(related |corresponding |relevant |github |jira )?(issue|ticket)( numbers?| ids?| keys?| references?)?\b`)
	refCondRE   = lazyre.New(`\b(if|when|whenever|unless|where|optionally|if any|if applicable|when applicable|if there is)\b|\bcommits?( messages?)? (that|which) (resolves?|fix(es)?|closes?|address(es)?|relates? to)\b`)
	// refScopeRE: a sentence on what a commit's changes belong to ("commits shall only
	// contain relevant changes for the issue"), not on a reference in its message
	refScopeRE = lazyre.New(`\b(contain|contains|include|includes)\b( only)?( relevant| related| the)? (changes?|code|work|edits?) (for|to|of|related to|about|relevant to) (the|an|a|its|one|that) (issue|ticket)\b`)
	// refExampleRE: the reference is in an example of a good message ("For example, a
	// good commit message would be: `... #22222` (note the reference to the ticket)"),
	// which shows a good practice, not what every commit must hold
	refExampleRE  = lazyre.New(`\b(a good (commit )?message (would be|is|looks like)|note the reference)\b`)
	refEveryRE    = lazyre.New(`\b(every|each|all) commits?( messages?)?\b|\bcommit messages?\b|\bcommit bod(y|ies)\b`)
	refNumbersRE  = lazyre.New(`\b(issue|ticket|pr|pull[- ]request) (numbers?|ids?|references?|links?)\b|\binternal ticket ids?\b`)
	refEmojiRE    = lazyre.New(`\bemojis?\b`)
	refCommitsRE  = lazyre.New(`\bcommit(s| messages?)\b`)
	refPRTextRE   = lazyre.New(`\b(pr|pull[- ]request) (titles?|descriptions?)\b|\bpr communication\b`)
	refBareRE     = lazyre.New(`\bbare\b`)
	refBareNumRE  = lazyre.New("\\bbare `?#(nnn|n+|[0-9]+|<[^>]*>)`?")
	refBareNameRE = lazyre.New("\\bbare `?@(name|mention|user|username|handle|<[^>]*>)`?")
	refPutRE      = lazyre.New(`\b(put|include|add|reference|mention|use)\b`)
	// refOtherVerbRE: a negation of a verb that does not put anything in ("when you
	// don't remember a PR number"): it bans nothing.
	refOtherVerbRE = lazyre.New(`\b(don't|do not|doesn't|does not|didn't|did not|can't|cannot|never)\s+(remember|recall|know|forget|need|see|find|care|mind|understand|have to)\b`)
	// "Keep a linear history: rebase your branch on `main` rather than merging `main`
	// into it": the branch holds no merge commit either
	mergeLinearRE   = lazyre.New(`\b(linear|flat) (git )?history\b|\brebase\b[^.]*\b(rather than|instead of) merg(e|ing)\b`)
	mergeOptionalRE = lazyre.New(`\b(if you (want|like|prefer)|you (can|may)|optional|optionally|prefer)\b`)
	mergeCommitRE   = lazyre.New(`\bmerge commits?\b`)
	reasonLabelRE   = lazyre.New(`\b(why|reason|rationale)\s*:`)
	mergeBanRE      = lazyre.New(`\b(no|avoid|never|don't|do not|without|must not|should not)\b([^.]*?)\bmerge commits?\b`)
)

// RequiresIssueRef reports whether the sentence asks every commit message to
// reference an issue ("Reference the issue number in your commit messages"). A
// reference only some commits need ("if the commit fixes an issue") is a condition
// heed cannot observe, and one asked of the pull request is not the commits'.
func RequiresIssueRef(lower string) bool {
	return !SaysPR(lower) && !Forbids(lower) && !refCondRE.MatchString(lower) && !refScopeRE.MatchString(lower) && refDemandRE.MatchString(lower) && refEveryRE.MatchString(lower) && !refExampleRE.MatchString(lower)
}

// RefBans is what a sentence forbids commit messages or pull-request text to hold.
type RefBans struct {
	// InCommits, InPR: the ban is on commit messages; on a pull request's title or
	// description.
	InCommits, InPR bool
	// Emoji: emoji are banned.
	Emoji bool
	// BareIssue, BareMention: a bare "#NNN"; a bare "@name" ("Never use a bare
	// `@mention`").
	BareIssue, BareMention bool
	// IssueNumbers: the sentence bans issue or ticket numbers; Mentions: with a verb
	// that puts them in ("Do not put issue numbers in commit messages").
	IssueNumbers, Mentions bool
	// LinearURLs: Linear's URLs are banned beside the ticket ids.
	LinearURLs bool
}

// ReadRefBans reads the references a sentence forbids. lower is the sentence in lower
// case with its code spans taken out, rawLower the sentence as written in lower case
// (the bare forms are often code). ok is false when the sentence forbids nothing.
func ReadRefBans(lower, rawLower string) (b RefBans, ok bool) {
	if !Forbids(lower) {
		return b, false
	}
	b.InCommits = refCommitsRE.MatchString(lower)
	b.InPR = refPRTextRE.MatchString(lower)
	b.Emoji = refEmojiRE.MatchString(lower)
	if b.InCommits && refBareRE.MatchString(lower) {
		b.BareIssue = refBareNumRE.MatchString(rawLower)
		b.BareMention = refBareNameRE.MatchString(rawLower)
	}
	for _, cl := range Clauses(lower) {
		// the numbers banned in a clause of their own: "use it when you don't
		// remember a PR number ... It never commits anything" bans no number
		if refNumbersRE.MatchString(cl) && Forbids(refOtherVerbRE.ReplaceAllString(cl, "")) {
			b.IssueNumbers = true
		}
	}
	b.Mentions = refPutRE.MatchString(lower)
	b.LinearURLs = strings.Contains(lower, "linear urls")
	return b, true
}

// MergeBan reports whether the sentence forbids merge commits in a change, or asks
// for a linear history.
func MergeBan(lower string) bool {
	// "NEVER: `git pull` ALWAYS: `gt sync` WHY: prevents merge commits": what the
	// reason says a rule achieves is not itself a rule
	if loc := reasonLabelRE.FindStringIndex(lower); loc != nil {
		lower = lower[:loc[0]]
	}
	if mergeLinearRE.MatchString(lower) && !mergeOptionalRE.MatchString(lower) {
		return true
	}
	if !mergeCommitRE.MatchString(lower) {
		return false
	}
	for _, m := range mergeBanRE.FindAllStringSubmatch(lower, -1) {
		if mergeCommitsObject(m[2]) {
			return true
		}
	}
	return false
}

// mergeCommitsObject reports whether the words between a ban word and "merge
// commits" leave the merge commits the ban's object ("never create merge commits",
// "PRs must not contain merge commits"): not when a clause ends between them or a new
// subject starts ("Never rebase `develop` — it contains merge commits that must
// stay", "don't squash: the history keeps a merge commit for every release").
func mergeCommitsObject(between string) bool {
	words := strings.Fields(between)
	if len(words) > 0 && mergeMaking(words[len(words)-1]) {
		// "don't merge `main` in, because it creates merge commits": the ban's
		// reason is the merge commits it keeps out
		return true
	}
	if strings.ContainsAny(between, ";:,—–()") || strings.Contains(between, " - ") {
		return false
	}
	for _, w := range words {
		switch w {
		case "it", "they", "this", "these", "those", "which", "that", "who", "its", "their", "because", "since", "as", "so":
			return false
		}
	}
	return len(words) <= 6
}

// mergeMaking: a verb that makes merge commits ("creates", "introduces").
func mergeMaking(w string) bool {
	switch w {
	case "create", "creates", "creating", "introduce", "introduces", "introducing", "add", "adds", "produce", "produces", "generate", "generates":
		return true
	}
	return false
}
