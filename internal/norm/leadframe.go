package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// leadModalRE: the last clause of a lead-in opens with the word that makes its items
// bans or preferences ("Never use these APIs", "When you run `npm install`, never
// pass", "Avoid the following in production code", "Prefer").
var leadModalRE = lazyre.New(`(?i)^(?:please\s+)?(?:never|don't|don’t|do not|avoid|prefer|must not|mustn't|should not|shouldn't|do not ever|don't ever)\b`)

// itemModalRE: a word of an item's own prose that states an instruction of its own,
// so that the item is read as it stands, not through its lead-in.
var itemModalRE = lazyre.New(`(?i)\b(?:never|always|must|mustn't|should|shouldn't|don't|don’t|do not|avoid|prefer|instead|use|only|required|forbidden|allowed|ok|fine)\b`)

// leadPlaceholderRE: the words of a lead-in that stand for its items ("these APIs",
// "the following", "any of the following commands").
var leadPlaceholderRE = lazyre.New(`(?i)\b(?:(?:any|all|each|one)\s+of\s+)?(?:these|those|the\s+following|following)(?:\s+[a-z][a-z-]*){0,2}?(?:\s+(?:in|on|from|for|inside|within|outside|under)\s+|$)`)

// leadVerbEndRE: a lead-in that ends on its verb or a preposition, so that an item
// completes it ("Never run", "Never pass", "Prefer", "Do not import from").
var leadVerbEndRE = lazyre.New(`(?i)(?:^|\s)(?:run|use|call|pass|import|add|install|invoke|execute|edit|modify|touch|commit|push|write|prefer|avoid|depend\s+on|import\s+from|do)$`)

// leadRequiresRE: a ban lead-in whose items are what it requires ("NEVER return
// control without ensuring:", "Don't merge until:").
var leadRequiresRE = lazyre.New(`(?i)\b(?:without|unless|until|before|except)\b`)

// leadMannerEndRE: how the lead-in's verb is done, at its end ("by hand",
// "manually", "directly").
var leadMannerEndRE = lazyre.New(`(?i)\s(?:by hand|manually|directly|in place)$`)

// LeadInReading is the sentence a bare list item says when it is read through the
// lead-in of its list: "Never use these APIs:" and "`eval`" say "Never use `eval`.",
// "Prefer:" and "`pathlib` over `os.path`" say "Prefer `pathlib` over `os.path`.",
// "When you run `npm install`, never pass:" and "`--force`" say "When you run `npm
// install`, never pass `--force`.". ok is false when the lead-in's last clause is no
// ban or preference, when the item says an instruction of its own (it is read as it
// stands), or when the item is too long to be one object of the lead-in.
//
// What is read this way is read through context the sentence leaves implicit: the
// compiler holds its rules at a warning.
func LeadInReading(lead, item string) (string, bool) {
	t := strings.TrimSpace(strings.NewReplacer("**", "", "__", "").Replace(lead))
	t = strings.Trim(t, "*_ ")
	if !strings.HasSuffix(t, ":") || strings.Contains(t, "|") {
		return "", false
	}
	t = strings.TrimSpace(strings.TrimRight(t, ":"))
	it := strings.TrimSpace(strings.NewReplacer("**", "", "__", "").Replace(item))
	it = strings.TrimSpace(strings.TrimLeft(it, "❌✗✘🚫⛔ "))
	it = strings.TrimRight(it, ".;")
	if t == "" || it == "" || strings.HasSuffix(it, ":") {
		return "", false
	}
	if n := len(strings.Fields(stripSpans(it))); n > 12 {
		return "", false
	}
	if itemModalRE.MatchString(stripSpans(it)) {
		return "", false
	}
	if BanLead(lead) != "" {
		// "Prohibited actions:" and "Force-push to shared branches"
		return "Never " + lowerFirst(it) + ".", true
	}
	clause := t
	if i := lastCommaOutsideSpans(t); i >= 0 {
		clause = strings.TrimSpace(t[i+1:])
	}
	if !leadModalRE.MatchString(clause) || leadRequiresRE.MatchString(clause) {
		return "", false
	}
	if strings.Contains(stripSpans(it), ":") {
		// "ABI validated: `./gradlew ...`": a labelled item, with a structure of
		// its own
		return "", false
	}
	if loc := leadPlaceholderRE.FindStringIndex(t); loc != nil && loc[0] >= len(t)-len(clause) {
		// the placeholder and what follows it: a place the items hold in ("in
		// production code") is kept
		rest := t[loc[1]:]
		sep := ""
		if rest != "" {
			m := strings.TrimSpace(t[loc[0]:loc[1]])
			words := strings.Fields(m)
			rest = words[len(words)-1] + " " + rest
			sep = " "
		}
		return strings.TrimSpace(t[:loc[0]]) + " " + it + sep + rest + ".", true
	}
	if m := leadMannerEndRE.FindStringIndex(t); m != nil && leadVerbEndRE.MatchString(strings.TrimSpace(t[:m[0]])) {
		// "Do not edit by hand:" over "`src/generated/`": the item between the verb
		// and how it is done, "Do not edit `src/generated/` by hand."
		return strings.TrimSpace(t[:m[0]]) + " " + it + " " + strings.TrimSpace(t[m[0]:]) + ".", true
	}
	if leadVerbEndRE.MatchString(t) || strings.EqualFold(clause, t) && len(strings.Fields(clause)) == 1 {
		return t + " " + it + ".", true
	}
	if strings.Contains(clause, "`") {
		// "Avoid these `git` commands:" over "`rebase -i`": the lead-in names its
		// own object, and how the item completes it is not clear
		return "", false
	}
	return t + ": " + it + ".", true
}

// lowerFirst lowers a phrase's first letter unless its first word is code or an
// initialism ("PR", "PRs", "CI").
func lowerFirst(s string) string {
	if strings.TrimSpace(s) == "" || strings.HasPrefix(s, "`") {
		return s
	}
	f := strings.Fields(s)[0]
	if len(f) > 1 && strings.ToUpper(f[:2]) == f[:2] {
		return s // an acronym ("PR", "CI")
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// lastCommaOutsideSpans is the byte index of the last comma of s outside its code
// spans, -1 when there is none.
func lastCommaOutsideSpans(s string) int {
	last, in := -1, false
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '`':
			in = !in
		case ',':
			if !in {
				last = i
			}
		}
	}
	return last
}

// leadCodeNounRE and leadCommandNounRE: the noun a lead-in gives its items ("Never use
// these APIs:", "Avoid these commands:"), which says what kind of thing they are.
var (
	leadCodeNounRE    = lazyre.New(`(?i)\b(?:apis?|functions?|methods?|calls?|patterns?|constructs?|syntax|imports?|librar(?:y|ies)|packages?|modules?|types?|keywords?|statements?|classes|components?|hooks?|globals?|identifiers?)\b`)
	leadCommandNounRE = lazyre.New(`(?i)\b(?:commands?|tools?|flags?|options?|programs?|binaries|scripts?|subcommands?|cli)\b`)
)

// LeadObjectKind is the kind of thing a lead-in says its items are: "code" (APIs,
// functions, imports, libraries...), "command" (commands, tools, flags...), or ""
// when it names neither or both.
func LeadObjectKind(lead string) string {
	t := stripSpans(lead)
	code, cmd := leadCodeNounRE.MatchString(t), leadCommandNounRE.MatchString(t)
	switch {
	case code && !cmd:
		return "code"
	case cmd && !code:
		return "command"
	}
	return ""
}
