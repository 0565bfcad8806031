package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// documentScopeRE: an opening sentence that says which code a document's rules are
// for ("Read when writing or editing code under `Backend/` or `Backend.Tests/`",
// "These rules apply to files in `web/`", "Applies to `packages/api/`"), in prose
// whose spans read CODE.
var documentScopeRE = lazyre.New(`(?i)^(?:(?:read|apply|use|follow|consult)(?: (?:these|this|the)(?: \w+)? (?:rules|file|guide|guidelines|conventions|instructions))?(?: only)? (?:when|while|for)(?: (?:writing|editing|changing|modifying|touching|working on|working in|reviewing))?(?: (?:or|and) (?:writing|editing|changing|modifying|touching|reviewing))?(?: (?:the |any )?(?:code|files|sources?))?|(?:these|this|the)(?: \w+)? (?:rules|file|guide|guidelines|conventions|instructions) (?:apply|applies)(?: only)? to(?: (?:the |all |any )?(?:code|files|sources?))?|applies to(?: (?:the |all |any )?(?:code|files|sources?))?:?) (?:(?:under|in|inside|within) )?(CODE(?:(?:,| or| and|, or|, and) CODE)*)\.?$`)

// DocumentScope returns the spans of the folders an opening sentence of a document
// gives its rules to ("Read when writing or editing code under `Backend/` or
// `Backend.Tests/`"), nil for any other sentence.
func DocumentScope(text string) []string {
	low := strings.ToLower(text)
	if !strings.Contains(low, "`") || !strings.Contains(low, "appl") && !strings.Contains(low, "when") && !strings.Contains(low, "for") {
		return nil
	}
	for _, sentence := range strings.SplitAfter(strings.TrimSpace(text), ". ") {
		var spans []string
		prose := spanRE().ReplaceAllStringFunc(strings.TrimSpace(sentence), func(m string) string {
			spans = append(spans, strings.Trim(m, "`"))
			return "CODE"
		})
		if !documentScopeRE.MatchString(prose) {
			continue
		}
		for _, sp := range spans {
			if sp == "" || strings.ContainsAny(sp, " ()") {
				return nil
			}
		}
		return spans
	}
	return nil
}
