package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// followingRE: a sentence that points at what comes after it ("run each of the
// following commands", "run these checks below").
var followingRE = lazyre.New(`(?i)\b(?:the following|these|the commands below|the checks below)\s+(?:\w+\s+)?(?:commands?|checks?|steps?|scripts?|tasks?|targets?)\b`)

// RefersToFollowing reports whether a sentence refers to the commands that follow it
// ("Before submitting, run each of the following commands and ensure they succeed."),
// so that a code block after its paragraph belongs to it, whatever sentence ends the
// paragraph.
func RefersToFollowing(text string) bool {
	low := strings.ToLower(text)
	if !strings.Contains(low, "following") && !strings.Contains(low, "these") && !strings.Contains(low, "below") {
		return false // (most texts: the expression is never compiled for them)
	}
	return followingRE.MatchString(text)
}
