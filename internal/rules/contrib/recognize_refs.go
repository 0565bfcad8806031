package contrib

import (
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// refRequiredRecognizer reads a required issue reference in every commit message:
// "Every commit message must reference the issue it fixes, as `Fixes #123`",
// "Reference the issue number in your commit messages". A reference only some commits
// need ("if the commit fixes an issue", "Commits that resolve an issue must ...") is a
// condition heed cannot observe, and a
// reference asked of the pull request is the PR rules' business.
type refRequiredRecognizer struct{}

func (refRequiredRecognizer) Name() string { return "contrib.commit-ref-required" }

func (refRequiredRecognizer) Recognize(c *policy.Constraint, _ *recognize.RepoContext) recognize.Result {
	s := read(c)
	if !s.aboutCommitMessages() || !norm.RequiresIssueRef(s.text) {
		return recognize.Result{}
	}
	pattern, what, good := issueRefPattern, "an issue number", "Fix the parser crash\n\nFixes #123"
	for _, sp := range s.spans {
		if ticketSpanRE.MatchString(sp) {
			pattern, what, good = `\b[A-Z][A-Z0-9]+-[0-9]+\b`, "a ticket key", "Fix the parser crash\n\nRefs "+sp
			break
		}
	}
	return recognize.Result{Rules: []policy.Rule{s.rule(KindCommit, CommitParams{Check: CheckRefRequired, Pattern: pattern, What: what}, true,
		"commit message without "+what, "reference the issue the commit addresses in its message",
		[]policy.Case{vio("no reference", "Fix the parser crash"), sat("a reference", good)})}}
}
