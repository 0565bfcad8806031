package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// polarityLabelRE: a label that is itself the rule's modality, set off by a colon
// ("Don't: run `git push --force`", "**Never:** commit `.env`", "Do: use X").
var polarityLabelRE = lazyre.New(`(?i)^[*_]*(don't|don’t|do not|never|avoid|always|must not|must|do)[*_]*\s*:[*_]*\s+(\S.*)$`)

// PolarityLabel reads a modality label as the sentence it opens: "Don't: run X" is
// "Don't run X", "Do: use X" is "use X". It reports false when the text has no such
// label.
func PolarityLabel(text string) (string, bool) {
	m := polarityLabelRE.FindStringSubmatch(strings.TrimSpace(text))
	if m == nil {
		return text, false
	}
	if strings.EqualFold(m[1], "do") {
		return m[2], true
	}
	return m[1] + " " + m[2], true
}
