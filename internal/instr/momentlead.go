package instr

import (
	"strings"

	"github.com/heed-dev/heed/internal/norm"
)

// momentLeadIn reports a sentence that introduces a block of commands and names the
// moment they run at, in the reader's imperative ("Scan your code before pushing
// with:", "Before you open a PR, check:"): said without a modal, it still asks for
// the block. A sentence about what someone else does ("The CI runs these before
// merging:") is not one.
func momentLeadIn(text string) bool {
	t := strings.TrimSpace(text)
	if !strings.HasSuffix(t, ":") || norm.FramingEvent(nil, t) == "" {
		return false
	}
	if strings.HasPrefix(t, "`") {
		return false // "`make ci` runs these before merging:": what a command does
	}
	switch firstWord(t) {
	case "", "the", "this", "these", "that", "those", "it", "we", "they", "ci", "our", "a", "an", "each", "every", "some", "there", "here":
		return false
	}
	return true
}
