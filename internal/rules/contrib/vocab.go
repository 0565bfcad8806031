package contrib

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/lazyre"
)

// aiPattern matches text that names an AI coding assistant or model: the vocabulary
// SWE-CC's disclosure and co-author checks use, extended with today's agents. It is
// approximate by nature (a vocabulary stands in for "names an AI"), and rules built on
// it say so.
const aiPattern = `(?i)(\b(claude|anthropic|copilot|chatgpt|gpt-?[0-9][a-z0-9.-]*|openai|codex|gemini|aider|devin|windsurf|codeium|tabnine|codewhisperer|amazon q|cursor agent|cursoragent|cline|roo code|opencode|jules|llm|llms|large language model|language model|ai assistant|ai agent|coding agent|generative ai|gen ?ai|machine[- ]generated)\b|noreply@anthropic\.com|@cursor\.com|copilot@github\.com|\bAI[- ](assisted|generated|written|authored|tool|tools|model)\b)|\bAI\b`

var aiRE = lazyre.New(aiPattern)

// namesAI reports whether s names an AI assistant. The bare word "AI" counts only in
// upper case, so that a person's name such as "Ai Tanaka" does not.
func namesAI(s string) bool {
	for _, m := range aiRE.FindAllStringIndex(s, -1) {
		w := s[m[0]:m[1]]
		if strings.EqualFold(w, "ai") && w != "AI" {
			continue
		}
		return true
	}
	return false
}

// aiMention is where s first names an AI assistant (as namesAI reads it), or nil.
func aiMention(s string) []int {
	for _, m := range aiRE.FindAllStringIndex(s, -1) {
		if w := s[m[0]:m[1]]; strings.EqualFold(w, "ai") && w != "AI" {
			continue
		}
		return m
	}
	return nil
}

// Verb forms for the approximate mood and tense checks. The base forms are the verbs
// commit subjects start with; inflections are derived, irregular ones listed.
var baseVerbs = strings.Fields(`
accept access adapt add address adjust align allow annotate apply archive assert avoid backport
bind block bootstrap break bring build bump cache call cap change check clarify clean
clear clone close collapse combine comment compile complete compute configure
consolidate construct convert copy correct create cut debug declare decouple default
defer define delete deprecate describe detect disable disallow display document drop
dedupe deduplicate edit emit enable enforce ensure escape exclude expand explain export
expose extend extract factor fetch fill filter finalize find finish fix flatten flush
fold forbid force format forward free freeze gate generalize generate get give go guard
handle harden hide hoist honor honour ignore implement import improve include increase
indent infer inline initialize insert install integrate introduce invalidate isolate
keep label land limit link lint list load localize lock log lower make manage map mark
match merge migrate mock modernize modify move name normalize note open optimize order
organize output override overwrite pad parallelize parameterize parse pass patch pin
polish populate port preserve prevent print process propagate protect provide prune
publish pull push put query raise read rebase rebuild record recover redirect reduce
refactor refine reformat register reimplement reject relax reland release reload remove
rename render reorder reorganize repair replace report require rerun reset resolve
restore restrict restructure retain retry return reuse revert review revise rewrite
rework reword run sanitize save scope send separate serialize set show shorten simplify
skip sort speed split squash stabilize standardize start stop store streamline
strengthen strip stub suggest support suppress switch sync tag take teach test throw
tidy tighten toggle track translate treat trim truncate tune turn tweak unblock undo
unify unpin unset unwrap update upgrade use validate vendor verify warn widen wire
work wrap write yield
append attach await cancel capture collect compare compress connect consume contain
continue decode decrease decrypt deploy derive detach dispatch download downgrade encode
encrypt evaluate execute expect inject inspect invoke launch measure mention notify
observe omit persist prefer prepare prepend promote redact refresh repeat replay rescue
resume revoke rotate select specify submit subscribe throttle trigger unlock unregister
upload wait`)

var irregularPast = map[string]string{
	"bind": "bound", "break": "broke", "bring": "brought", "build": "built", "find": "found",
	"forbid": "forbade", "freeze": "froze", "get": "got", "give": "gave", "go": "went",
	"hide": "hid", "keep": "kept", "make": "made", "overwrite": "overwrote", "rebuild": "rebuilt",
	"rerun": "reran", "run": "ran", "send": "sent", "show": "showed", "take": "took",
	"teach": "taught", "throw": "threw", "undo": "undid", "write": "wrote", "rewrite": "rewrote",
	"speed": "sped", "split": "split", "set": "set", "put": "put", "cut": "cut", "read": "read",
	"reset": "reset", "unset": "unset", "cleanup": "cleaned",
}

// Participles that differ from the simple past and that subjects use ("Rewritten X").
var irregularParticiple = map[string]string{
	"rewrite": "rewritten", "write": "written", "overwrite": "overwritten", "hide": "hidden",
	"take": "taken", "give": "given", "break": "broken", "freeze": "frozen", "go": "gone",
	"undo": "undone", "forbid": "forbidden", "show": "shown", "throw": "thrown",
}

type verbForm int

const (
	formUnknown verbForm = iota
	formBase
	formPast
	formThird
	formGerund
	// formAmbiguous is a word that is both a base form and a past form ("set", "put").
	formAmbiguous
)

// verbForms is built on first use: every heed process initialises this package.
var verbForms = lazy.Value[map[string]verbForm]{F: buildVerbForms}

func buildVerbForms() map[string]verbForm {
	m := map[string]verbForm{}
	mark := func(w string, f verbForm) {
		if old, ok := m[w]; ok && old != f {
			if (old == formBase && f == formPast) || (old == formPast && f == formBase) || old == formAmbiguous {
				m[w] = formAmbiguous
				return
			}
			return
		}
		m[w] = f
	}
	for _, b := range baseVerbs {
		mark(b, formBase)
	}
	for _, b := range baseVerbs {
		mark(thirdPerson(b), formThird)
		mark(gerund(b), formGerund)
		if p, ok := irregularPast[b]; ok {
			mark(p, formPast)
		} else {
			mark(regularPast(b), formPast)
		}
		if p, ok := irregularParticiple[b]; ok {
			mark(p, formPast)
		}
	}
	return m
}

func isVowel(c byte) bool { return strings.IndexByte("aeiou", c) >= 0 }

// doubles reports whether a one-syllable verb doubles its final consonant (stop ->
// stopped); the common multi-syllable cases are listed.
func doubles(b string) bool {
	switch b {
	case "unpin", "unwrap", "refer", "defer", "prefer", "omit", "submit", "commit", "permit", "control", "patrol", "rebut":
		return true
	}
	switch b {
	case "edit", "open", "exit", "visit", "limit":
		return false
	}
	n := len(b)
	if n < 3 || n > 4 {
		return false
	}
	c1, v, c2 := b[n-3], b[n-2], b[n-1]
	return !isVowel(c1) && isVowel(v) && !isVowel(c2) && strings.IndexByte("wxy", c2) < 0
}

func regularPast(b string) string {
	switch {
	case strings.HasSuffix(b, "e"):
		return b + "d"
	case strings.HasSuffix(b, "y") && len(b) > 1 && !isVowel(b[len(b)-2]):
		return b[:len(b)-1] + "ied"
	case doubles(b):
		return b + b[len(b)-1:] + "ed"
	}
	return b + "ed"
}

func thirdPerson(b string) string {
	switch {
	case strings.HasSuffix(b, "y") && len(b) > 1 && !isVowel(b[len(b)-2]):
		return b[:len(b)-1] + "ies"
	case strings.HasSuffix(b, "s"), strings.HasSuffix(b, "x"), strings.HasSuffix(b, "z"),
		strings.HasSuffix(b, "ch"), strings.HasSuffix(b, "sh"), b == "go", b == "undo":
		return b + "es"
	}
	return b + "s"
}

func gerund(b string) string {
	switch {
	case strings.HasSuffix(b, "ee"):
		return b + "ing"
	case strings.HasSuffix(b, "e") && len(b) > 2:
		return b[:len(b)-1] + "ing"
	case doubles(b):
		return b + b[len(b)-1:] + "ing"
	}
	return b + "ing"
}

// Words ending in "ed" or "ing" that are not past or gerund forms.
var notInflected = map[string]bool{
	"need": true, "embed": true, "seed": true, "speed": true, "feed": true, "shed": true,
	"bed": true, "breed": true, "proceed": true, "succeed": true, "exceed": true, "red": true,
	"bring": true, "string": true, "ping": true, "spring": true, "ring": true, "thing": true,
	"king": true, "swing": true, "sing": true, "wing": true, "sting": true, "bling": true,
	"during": true, "nothing": true, "something": true, "everything": true, "anything": true,
	"ed": true, "ing": true, "shred": true,
}

// formOf classifies a word as a verb form, by the list or, for words not on it, by
// the regular "-ed" and "-ing" endings.
func formOf(word string) verbForm {
	w := strings.ToLower(word)
	if f, ok := verbForms.Get()[w]; ok {
		return f
	}
	if notInflected[w] {
		return formUnknown
	}
	switch {
	case len(w) >= 5 && strings.HasSuffix(w, "ed"):
		return formPast
	case len(w) >= 6 && strings.HasSuffix(w, "ing"):
		return formGerund
	}
	return formUnknown
}

// baseOf returns the base form of an inflected verb on the list ("Added" -> "Add"),
// keeping the word's capitalisation, or "" when it is not known.
func baseOf(word string) string {
	w := strings.ToLower(word)
	for _, b := range baseVerbs {
		if thirdPerson(b) == w || gerund(b) == w || regularPast(b) == w || irregularPast[b] == w || irregularParticiple[b] == w {
			if word != "" && word[0] >= 'A' && word[0] <= 'Z' {
				return strings.ToUpper(b[:1]) + b[1:]
			}
			return b
		}
	}
	return ""
}

// pastOf returns the simple past of a base verb on the list ("Add" -> "Added").
func pastOf(word string) string {
	w := strings.ToLower(word)
	base := w
	if f := verbForms.Get()[w]; f != formBase && f != formAmbiguous {
		base = strings.ToLower(baseOf(word))
	}
	if base == "" {
		return ""
	}
	p, ok := irregularPast[base]
	if !ok {
		p = regularPast(base)
	}
	if word != "" && word[0] >= 'A' && word[0] <= 'Z' {
		return strings.ToUpper(p[:1]) + p[1:]
	}
	return p
}
