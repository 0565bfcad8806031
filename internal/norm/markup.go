package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// The markup of documentation, as the style guides of Python projects state it: "Give
// string values with plain quotes and no surrounding literal role", "A custom-text
// object link must not include `~` in the target". Unlike the words of prose, these
// are judged on the markup itself (inline code kept). "Verbatim code in RST
// documentation must be enclosed in double backticks" is not read: single backticks
// are the default role, which a project sets to what it likes (SymPy's is math), so
// a span in single backticks is no sign of code.

var (
	markupCondRE    = lazyre.New(`(?i)^(?:if|when|whenever|unless|in case)\b`)
	markupStringRE  = lazyre.New(`(?i)\bstring values?\b`)
	markupLiteralRE = lazyre.New(`(?i)\bliteral role\b|\bdouble[- ]backticks?\b`)
	markupNegRE     = lazyre.New(`(?i)\b(?:no|not|never|without|must not|should not|do not|don't|avoid)\b`)
	markupTildeRE   = lazyre.New("(?i)(?:`~`|\\btilde\\b)[^.;]*\\btarget\\b")
	markupXrefRE    = lazyre.New(`(?i)\b(?:link|links|cross-?references?|references?|roles?)\b`)
)

// MarkupStyle names the documentation markup a sentence asks for, when heed knows
// its violations: "string-no-literal" (string values in plain quotes, not in a literal
// role), "xref-tilde-target" (no `~` in a cross-reference's explicit target); with
// the regions it holds in ("docs", "docstrings") and whether Markdown files are left
// out. "" for a sentence of no such form, or one under a condition heed cannot see
// ("If the PDF build fails, ...").
func MarkupStyle(text string) (style string, in []string, noMarkdown bool) {
	t := strings.TrimSpace(text)
	if markupCondRE.MatchString(t) {
		return "", nil, false
	}
	switch {
	case markupStringRE.MatchString(t) && markupLiteralRE.MatchString(t) && markupNegRE.MatchString(t):
		return "string-no-literal", docRegions(t), false
	case markupTildeRE.MatchString(t) && markupXrefRE.MatchString(t) && markupNegRE.MatchString(t):
		return "xref-tilde-target", docRegions(t), false
	}
	return "", nil, false
}
