package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

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
		"controller", "view", "model", "route", "endpoint", "hook", "helper", "util", "migration", "job", "worker", "adapter":
		return true
	}
	return false
}

// DescribedBan reports whether the ban in a clause belongs to a description of what a
// thing does or holds, said in the third person, with the ban after the verb:
// "`ToolInvocationContext` exposes no `recordMutations`", "committed documents store
// either absence or a configuration, never `connect: null`", "Its boundary refuses
// the array and points the executor to the configuration, never `addFields`". The
// subject is a thing the text describes, not the reader, and heed cannot tell where
// its description stops being a rule for all the code.
func DescribedBan(clause string) bool {
	ws := strings.Fields(strings.ToLower(strings.TrimLeft(clause, "-*•>#0123456789.) \t")))
	for len(ws) > 0 && (ws[0] == "so" || ws[0] == "and" || ws[0] == "but" || ws[0] == "then") {
		ws = ws[1:]
	}
	if len(ws) < 3 {
		return false
	}
	verb := -1
	for i := 1; i < len(ws) && i <= 6; i++ {
		w := strings.Trim(ws[i], "*_,.;:")
		if thirdPersonVerb(w) && !strings.HasSuffix(w, "'s") || plainDescribingVerb(w) && strings.HasSuffix(strings.Trim(ws[i-1], "*_`"), "s") {
			verb = i
			break
		}
	}
	if verb < 0 || !describedSubject(ws[:verb]) {
		return false
	}
	rest := " " + strings.Join(ws[verb:], " ")
	if i := strings.Index(rest, "`"); i >= 0 && !strings.Contains(rest[:i], " no ") && !strings.Contains(rest[:i], " never ") && !strings.Contains(rest[:i], " not ") {
		// the first span after the verb is its object, not a ban's
		after := rest[i:]
		return strings.Contains(after, ", never `") || strings.Contains(after, " — no `") || strings.Contains(after, " — never `") || strings.Contains(after, ", never a ")
	}
	for _, v := range []string{" exposes no ", " has no ", " holds no ", " carries no ", " contains no ", " defines no ", " returns no ", " includes no ", " accepts no ", " takes no ", " provides no ", " declares no ", " stores no ", " emits no ", " exports no "} {
		if strings.HasPrefix(rest, v) {
			return true
		}
	}
	return strings.Contains(rest, ", never `") || strings.Contains(rest, " — no `") || strings.Contains(rest, " — never `") || strings.Contains(rest, ", never a ")
}

// plainDescribingVerb: a verb of the plural that says what things do ("documents
// store", "slots reuse"), after a plural subject.
func plainDescribingVerb(w string) bool {
	switch w {
	case "store", "reuse", "filter", "use", "call", "read", "write", "return", "carry", "hold", "take", "keep", "emit", "point", "refuse", "accept", "expose", "go", "live":
		return true
	}
	return false
}

// describedSubject: the words before the verb name a thing described, not the reader,
// a kind of code (a rule said as a statement: "Handlers never call `panic`") nor a
// command ("never", "do not").
func describedSubject(ws []string) bool {
	if !thirdPersonSubject(ws) {
		return false
	}
	first := strings.Trim(ws[0], "*_,.;:")
	switch {
	case strings.HasPrefix(first, "`"):
	case first == "the" || first == "a" || first == "an" || first == "its" || first == "their" || first == "this" || first == "that" || first == "these" || first == "those" || first == "new" || first == "existing":
	case len(first) >= 5 && strings.HasSuffix(first, "ed") && !strings.HasSuffix(first, "eed") && first != "embed":
		// "committed documents store ...": a participle before its noun
	default:
		// "Construct objects through their constructor, never `.allocate`": a
		// command's verb, which no determiner or code span opens
		return false
	}
	for _, w := range ws {
		// "This project uses `uv`, never `pip`", "The API layer uses `httpx`, never
		// `requests`": the project's or a part's choice, a rule
		switch strings.Trim(w, "*_,.;:`'") {
		case "project", "repo", "repository", "codebase", "team", "layer", "monorepo", "workspace", "backend", "frontend", "server", "client", "api", "ui", "everything", "everyone":
			return false
		}
	}
	return true
}

// SpanAsVerb reports whether a ban uses the span as its verb with an object after it
// ("Never `createPortal` a fixed-position element to `body`"): the ban is of that use
// of the call, whose object heed cannot see, not of every call.
func SpanAsVerb(clause, span string) bool {
	l := strings.ToLower(clause)
	i := strings.Index(l, "`"+strings.ToLower(span)+"` ")
	if i < 0 {
		return false
	}
	before := strings.Fields(l[:i])
	if len(before) == 0 {
		return false
	}
	switch strings.Trim(before[len(before)-1], "*_,") {
	case "never", "don't", "not", "avoid":
	default:
		return false
	}
	after := strings.Fields(l[i+len(span)+3:])
	if len(after) < 2 {
		return false
	}
	switch after[0] {
	case "a", "an", "the", "any", "your", "its", "their":
		return true
	}
	return false
}

// memberAbsenceRE: a code span, then a verb of having and "no" before another span
// ("`ToolInvocationContext` exposes no `recordMutations`").
var memberAbsenceRE = lazyre.New("^\\W*(?:the\\s+)?`[^`]+`(?:\\s+\\w+){0,2}\\s+(?:exposes|has|holds|carries|contains|defines|declares|provides|exports|offers)\\s+no\\s+`")

// MemberAbsence reports a sentence that says a named type or module has no member of
// a name: a fact of its API, which a ban of the name in all the code misreads.
func MemberAbsence(clause string) bool {
	return strings.Contains(clause, " no `") && memberAbsenceRE.MatchString(clause)
}
