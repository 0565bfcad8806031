package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// A line that links to a document either binds its reader to the document's rules
// ("Follow the conventions in docs/style.md", "See CONTRIBUTING.md for the commit
// rules") or sends them to read it for background ("Read docs/old-vs-new.md before
// touching enrollment: a side-by-side comparison"). Only the first makes the
// document's musts the reader's.

// readOnlyRE: the line asks its reader to read, see or consult the document.
var readOnlyRE = lazyre.New(`(?i)\b(?:read|see|consult|check|refer to|look at|review|skim|browse)\b`)

// bindingWordsRE: words that make a linked document one of rules.
var bindingWordsRE = lazyre.New(`(?i)\b(?:follow(?:s|ed|ing)?|adhere|obey|comply|conform|abide|rules?|conventions?|guidelines?|standards?|style ?guides?|policy|policies|requirements?|checklists?|must)\b`)

// LinkOnlyToRead reports whether a linking line only sends its reader to read the
// document, binding them to none of its rules.
func LinkOnlyToRead(line string) bool {
	return readOnlyRE.MatchString(line) && !bindingWordsRE.MatchString(strings.ToLower(line))
}
