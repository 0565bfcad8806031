package norm

import "strings"

// pronounWord: a word that stands for a thing another sentence named.
func pronounWord(w string) bool {
	switch w {
	case "they", "these", "those", "it", "such":
		return true
	}
	return false
}

// pronounVerb: a word that follows such a subject ("They must not call", "It never
// imports", "These components should").
func pronounVerb(w string) bool {
	switch w {
	case "must", "should", "shall", "may", "can", "cannot", "can't", "need", "needs", "are", "is", "do", "does",
		"will", "ought", "never", "always", "only", "also", "mustn't", "shouldn't":
		return true
	}
	return false
}

// PronounSubject reports whether the sentence's subject is a pronoun standing for a
// thing another sentence names ("They must not call `useFieldProps`" after "`*Base`
// components render markup only"): what the rule governs is said there, not here.
func PronounSubject(text string) bool {
	ws := strings.Fields(strings.ToLower(strings.TrimLeft(text, "-*•>#0123456789.) \t")))
	if len(ws) < 2 || !pronounWord(ws[0]) {
		return false
	}
	if pronounVerb(ws[1]) {
		return ws[0] != "such" // "such" needs its noun
	}
	// "these components must", "such helpers never"
	return ws[0] != "it" && ws[0] != "they" && len(ws) > 2 && pronounVerb(ws[2])
}
