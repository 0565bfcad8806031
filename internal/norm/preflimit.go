package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// A preference limited to one use ("Use string literals for status fields, not enums
// in API responses") bans the other form in that use only: an enum elsewhere is the
// project's to keep. The code seldom shows the use (which fields are statuses, which
// values reach a response), so a rule read from such a sentence finds every use and
// warns.

var (
	// prefForRE: "use X for <use>, not Y", "prefer X for <use> over Y".
	prefForRE = lazyre.New(`(?i)\b(?:use|prefer|always use|choose)\b[^.;,]{1,50}?\b(for (?:the |all |any |every )?[a-z][\w-]*(?: [a-z][\w-]*){0,3}),? (?:and )?(?:not|never|instead of|rather than|over)\b`)
	// notInRE: "..., not Y in <place>" at the end of a clause.
	notInRE = lazyre.New(`(?i)\b(?:not|never|instead of|rather than)\b [^.;,]{1,40}? (in (?:the |an? |any )?(?:api|http|json|graphql|rest|grpc|database|db|public|external)[\w-]*(?: [a-z][\w-]*){0,2})\s*[.;]?$`)
)

// PreferenceLimit returns the use a preference is limited to ("for status fields",
// "in API responses"), or "".
func PreferenceLimit(prose string) string {
	if !strings.Contains(prose, " not ") && !strings.Contains(prose, "instead of") && !strings.Contains(prose, "rather than") &&
		!strings.Contains(prose, " over ") && !strings.Contains(prose, "never ") {
		return "" // (no contrast: no preference; most sentences)
	}
	var parts []string
	low := strings.ToLower(prose)
	if i := strings.Index(low, " for "); i >= 0 && contrastAfter(low[i:]) && (strings.Contains(low, "use") || strings.Contains(low, "prefer") || strings.Contains(low, "choose")) {
		if m := prefForRE.FindStringSubmatch(prose); m != nil && !placeOrCodeFor(m[1]) {
			parts = append(parts, m[1])
		}
	}
	if strings.Contains(low, " in ") && notInPlaceWord(low) {
		if m := notInRE.FindStringSubmatch(prose); m != nil {
			parts = append(parts, m[1])
		}
	}
	return strings.Join(parts, ", ")
}

// placeOrCodeFor: a "for" that names code or a place, which scopes the rule rather
// than a use ("for new code", "for all files", "for TypeScript").
func placeOrCodeFor(phrase string) bool {
	ws := strings.Fields(strings.ToLower(phrase))
	last := ws[len(ws)-1]
	switch last {
	case "code", "codebase", "files", "file", "modules", "module", "packages", "package", "projects", "project",
		"typescript", "javascript", "python", "go", "rust", "java", "kotlin", "this", "everything", "all":
		return true
	}
	return false
}

// notInPlaceWord reports a word notInRE's places begin with.
func notInPlaceWord(low string) bool {
	return containsAny(low, "api", "http", "json", "graphql", "rest", "grpc", "database", " db", "public", "external")
}

// contrastAfter reports a word of contrast in s close to its start ("for status
// fields, not enums").
func contrastAfter(s string) bool {
	if len(s) > 70 {
		s = s[:70]
	}
	return strings.Contains(s, ", not") || strings.Contains(s, " not ") || strings.Contains(s, "instead of") ||
		strings.Contains(s, "rather than") || strings.Contains(s, " over ") || strings.Contains(s, "never ")
}

// soleRoleRE: a use banned only when it is all there is ("as the sole validation",
// "as the only check", "as your only source of truth").
var soleRoleRE = lazyre.New(`(?i)\bas (?:the|a|your|its|their) (?:sole|only|single|lone) [a-z][\w-]*(?: [a-z][\w-]*){0,2}`)

// SoleRole returns the phrase that bans a use only when it stands alone, or "".
func SoleRole(prose string) string {
	low := strings.ToLower(prose)
	if !strings.Contains(low, "as ") || !strings.Contains(low, "sole ") && !strings.Contains(low, "only ") && !strings.Contains(low, "single ") && !strings.Contains(low, "lone ") {
		return ""
	}
	return soleRoleRE.FindString(prose)
}
