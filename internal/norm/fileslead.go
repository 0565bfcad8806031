package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// filesLeadRE: a lead-in that says its list names files ("When modifying these files,
// ensure ...:", "the following files are generated:").
var filesLeadRE = lazyre.New(`(?i)\b(?:these|the following|those|such)\s+(?:\w+\s+)?files\b`)

// FilesLead reports whether a list's lead-in says the list names files: its items are
// paths, not commands to run.
func FilesLead(text string) bool {
	return strings.Contains(text, "files") && filesLeadRE.MatchString(text)
}
