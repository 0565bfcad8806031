package norm

import "github.com/heed-dev/heed/internal/lazyre"

// A new dependency held back until someone agrees, or altogether: "Do not add
// dependencies without approval.", "Ask before adding new packages", "No new
// dependencies unless discussed first", "Avoid new dependencies unless they are
// clearly justified and approved first", "New third-party libraries require
// approval". What a change adds to a manifest is what such a rule judges; a version
// bump adds nothing.

var (
	depNounRE = `(?:(?:npm|pip|pypi|python|go|rust|cargo|ruby|nuget|maven|gradle|external|third[- ]party|runtime|production|extra|additional|new)\s+)*(?:dependenc(?:y|ies)|packages?|librar(?:y|ies)|crates?|gems?|modules?|deps)`
	// newDepBanRE: a ban of adding one ("do not add new dependencies", "never
	// install new packages", "no new dependencies").
	newDepBanRE = lazyre.New(`(?i)^(?:\W*(?:important|note|rule)\s*:\s*)?(?:please\s+)?(?:(?:you\s+)?(?:must|should)\s+(?:not|never)|do\s+not|don'?t|don’t|never|avoid|no)\s+(?:ever\s+)?(?:add(?:ing)?|install(?:ing)?|introduc(?:e|ing)|pull(?:ing)?\s+in|bring(?:ing)?\s+in|tak(?:e|ing)\s+on)?\s*(?:any\s+)?(?:new|additional|extra|more|unnecessary|unneeded|external|third[- ]party)\s+` + depNounRE + `\b`)
	// askDepRE: asking before adding one ("ask before adding new dependencies",
	// "check with the user before installing packages").
	askDepRE = lazyre.New(`(?i)^(?:\W*(?:important|note|rule)\s*:\s*)?(?:please\s+|always\s+)?(?:ask|check\s+with\s+(?:the\s+)?(?:user|maintainers?|team)|get\s+(?:explicit\s+)?(?:approval|sign-?off)|confirm\s+with\s+(?:the\s+)?(?:user|maintainers?))(?:\s+(?:the\s+user|first|for\s+(?:explicit\s+)?(?:approval|permission)))*\s+before\s+(?:adding|installing|introducing|pulling\s+in)\s+(?:any\s+)?(?:a\s+)?` + depNounRE + `\b`)
	// addDepUnlessRE: a ban of adding any, until someone agrees ("do not add
	// dependencies without approval", "never install packages without asking").
	addDepUnlessRE = lazyre.New(`(?i)^(?:\W*(?:important|note|rule)\s*:\s*)?(?:please\s+)?(?:(?:you\s+)?(?:must|should)\s+(?:not|never)|do\s+not|don'?t|don’t|never)\s+(?:add|install|introduce|pull\s+in)\s+(?:any\s+)?` + depNounRE + `\s+(?:without|unless|until)\s+(?:(?:first\s+)?(?:asking|approval|permission|discussing|discussion|sign-?off|a\s+discussion|an?\s+(?:issue|approval))|(?:the\s+)?(?:user|maintainers?|team|you)\s+(?:approves?|agrees?|confirms?|asks?)|(?:explicit|prior|written)\s+(?:approval|permission)|(?:being\s+)?(?:asked|approved|told))`)
	// depNeedsApprovalRE: "new dependencies require approval", "new packages must
	// be discussed first".
	depNeedsApprovalRE = lazyre.New(`(?i)^(?:any\s+)?(?:new|additional)\s+` + depNounRE + `\s+(?:require|need|must\s+(?:be|get|have)|should\s+(?:be|get|have))\s+(?:explicit\s+|prior\s+)?(?:approval|approved|discussion|discussed|sign-?off|justification|justified|review)`)
)

// GatesNewDependencies reports whether a sentence keeps new dependencies out of a
// change, or out until someone approves them.
func GatesNewDependencies(text string) bool {
	return newDepBanRE.MatchString(text) || addDepUnlessRE.MatchString(text) || askDepRE.MatchString(text) || depNeedsApprovalRE.MatchString(text)
}
