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

// BehaviourSubject reports whether the sentence says what a named thing does not do,
// in the third person ("NEW never calls `finishEventEntry`", "The worker does not
// use `X`"): a statement about that thing, which may be a finding or a description,
// and whose subject heed cannot locate in code.
func BehaviourSubject(text string) bool {
	ws := strings.Fields(strings.ToLower(strings.TrimLeft(text, "-*•>#0123456789.) \t")))
	word := func(k int) string {
		if k < len(ws) {
			return strings.Trim(ws[k], "*_,.;:")
		}
		return ""
	}
	for i := 1; i < len(ws)-1 && i <= 4; i++ {
		switch {
		case ws[i] == "does" && ws[i+1] == "not":
			verb := word(i + 2)
			return verb != "" && !pronounVerb(verb) && thirdPersonSubject(ws[:i])
		case ws[i] == "does":
			return false
		case ws[i] == "doesn't":
			return word(i+1) != "" && thirdPersonSubject(ws[:i])
		case ws[i] == "never" && thirdPersonVerb(word(i+1)):
			return thirdPersonSubject(ws[:i])
		case describingVerb(word(i)) && thirdPersonSubject(ws[:i]):
			// "Auth uses `getAuthContext()`, NOT `getTenantContext()` -- the school
			// may not exist yet": how that part works, and why
			rest := strings.Join(ws[i+1:], " ")
			return strings.Contains(rest, ", not `") || strings.Contains(rest, " not `") && strings.Index(rest, "`") < strings.Index(rest, " not `")
		}
	}
	return false
}

// describingVerb: a verb of the third person that says how a part of the code works
// ("uses", "calls", "reads").
func describingVerb(w string) bool {
	switch w {
	case "uses", "calls", "reads", "imports", "goes", "talks", "gets", "fetches", "relies", "depends", "writes", "loads":
		return true
	}
	return false
}

// thirdPersonVerb: a verb of the third person singular ("calls", "uses"), not the
// plural's ("call") nor a word ending in "ss".
func thirdPersonVerb(w string) bool {
	return len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss")
}

// thirdPersonSubject reports whether words are a subject other than the reader's: no
// "you", "we", "I", no imperative or modal among them.
func thirdPersonSubject(ws []string) bool {
	for _, w := range ws {
		w = strings.Trim(w, "*_`")
		switch w {
		case "you", "we", "i", "please", "always", "never", "do", "don't", "avoid", "must", "should", "and", "or", "but", "if", "when":
			return false
		}
		if codeKindWord(w) {
			return false // "Python code never calls `print()`": a rule for a kind of code
		}
	}
	return len(ws) > 0
}

// codeKindWord: a word that names a kind of code or a language, the subject of a rule
// written as a statement ("Python code never calls `print()`", "Handlers never call
// `panic`"), not a named thing whose behaviour is described.
func codeKindWord(w string) bool {
	switch strings.TrimSuffix(w, "s") {
	case "code", "codebase", "file", "function", "method", "module", "classe", "class", "component", "handler",
		"service", "test", "script", "package", "library", "librarie", "app", "application", "src", "source",
		"python", "go", "rust", "java", "typescript", "javascript", "kotlin", "ruby", "php", "c#", "c++", "production",
		"controller", "view", "model", "route", "endpoint", "hook", "helper", "util", "migration", "job", "worker":
		return true
	}
	return false
}
