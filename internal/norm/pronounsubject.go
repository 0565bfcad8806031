package norm

import "strings"

// pronounWords stand for a thing another sentence named; pronounVerbs follow such a
// subject ("They must not call", "It never imports", "These components should").
var (
	pronounWords = map[string]bool{"they": true, "these": true, "those": true, "it": true, "such": true}
	pronounVerbs = map[string]bool{"must": true, "should": true, "shall": true, "may": true, "can": true, "cannot": true,
		"can't": true, "need": true, "needs": true, "are": true, "is": true, "do": true, "does": true, "will": true,
		"ought": true, "never": true, "always": true, "only": true, "also": true, "mustn't": true, "shouldn't": true}
)

// PronounSubject reports whether the sentence's subject is a pronoun standing for a
// thing another sentence names ("They must not call `useFieldProps`" after "`*Base`
// components render markup only"): what the rule governs is said there, not here.
func PronounSubject(text string) bool {
	ws := strings.Fields(strings.ToLower(strings.TrimLeft(text, "-*•>#0123456789.) \t")))
	if len(ws) < 2 || !pronounWords[ws[0]] {
		return false
	}
	if pronounVerbs[ws[1]] {
		return ws[0] != "such" // "such" needs its noun
	}
	// "these components must", "such helpers never"
	return ws[0] != "it" && ws[0] != "they" && len(ws) > 2 && pronounVerbs[ws[2]]
}
