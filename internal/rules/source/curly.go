package source

import "strings"

// curlyIfRE: a brace rule that names if statements; curlyLoopRE: one that also
// names loops, bodies in general or every control structure.
var (
	curlyIfRE   = words(`\bif\b`)
	curlyLoopRE = words(`\bloops?\b|\bfor\b[^.]*\bwhile\b|\bfor[- ](?:loops?|statements?)\b|\bwhile\b|\bbod(?:y|ies) of\b|\bcontrol (?:structures?|flow|statements?)\b|\ball (?:blocks|statements)\b`)
)

// curlyIfOnly keeps, of a brace query, the patterns of if and else when the sentence
// names if statements and no loop ("Always use curly braces for if statements"): an
// empty-bodied `for (...);` breaks no rule about ifs.
func curlyIfOnly(s *sentence, query string) string {
	if !s.has(curlyIfRE) || s.has(curlyLoopRE) {
		return query
	}
	var keep []string
	for _, l := range strings.Split(query, "\n") {
		if strings.HasPrefix(l, "(if_statement") || strings.HasPrefix(l, "(else_clause") || strings.HasPrefix(l, "(else_if_clause") {
			keep = append(keep, l)
		}
	}
	if len(keep) == 0 {
		return query
	}
	return strings.Join(keep, "\n")
}
