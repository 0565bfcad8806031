package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// showsPassingRE: a check's command said to pass by what it shows ("until `gh pr
// checks` shows every row passing or explicitly skipped", "`make test` reports all
// tests passing").
var showsPassingRE = lazyre.New("(?i)(`[^`]+`)\\s+(?:shows|reports|lists)\\s+(?:every|all|each)\\s+(?:row|rows|check|checks|job|jobs|test|tests|step|steps)\\s+(?:as\\s+)?(?:passing|passed|green|successful)(?:\\s+or\\s+(?:explicitly\\s+)?skipped)?")

// showsPassing says such a command passes: "until `gh pr checks` passes".
func showsPassing(text string) string {
	if !strings.Contains(text, "`") || !strings.Contains(text, " shows ") && !strings.Contains(text, " reports ") && !strings.Contains(text, " lists ") ||
		!strings.Contains(text, "passing") && !strings.Contains(text, "passed") && !strings.Contains(text, "green") && !strings.Contains(text, "successful") {
		return text
	}
	return showsPassingRE.ReplaceAllString(text, "${1} passes")
}
