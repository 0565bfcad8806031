package norm

import (
	"slices"
	"strings"
	"sync"

	"github.com/heed-dev/heed/internal/lazyre"
)

// The reader's last look at what it made, before anything may block. Each reading
// above is a recogniser of one shape; on text nobody has looked at, a sentence of
// another shape can fit a recogniser's pattern while saying something else. These
// checks ask questions of the sentence's grammar, not of its words: does anything in
// it direct the reader at all; does it open with the purpose it serves; does a clause
// narrow the thing it bans; does it state a condition the norm did not take. A norm
// that fails one is still read (it warns, for a person to review), but it never
// blocks: a false block stops an agent's work, a miss does not.
func blockDoubts(ns []Norm, ctx Context) {
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Forbid && n.Polarity != Require || len(n.Uncertain) > 0 {
			continue // already kept from blocking, for its own reason
		}
		toks := Tokenize(n.Sentence)
		if len(toks) == 0 {
			continue
		}
		if why := statementOnly(toks, n, ctx); why != "" {
			n.Uncertain = append(n.Uncertain, why)
			continue
		}
		if n.Polarity == Require && purposeOpener(toks) && !strongDirective(toks) && len(n.Before) == 0 && len(n.After) == 0 && len(n.When) == 0 {
			n.Uncertain = append(n.Uncertain, "a how-to for one purpose: it says how to do it, not that it must be done")
			continue
		}
		if n.Polarity == Forbid && pronounObject(toks) && !hasKinds(n.Objects, KCommand, KTool, KCode) {
			// (a command the reader took the pronoun for, "`cargo publish` ... never
			// run it", is read; a practice with no object, "never commit it", is not)
			n.Uncertain = append(n.Uncertain, PronounObjectDoubt)
			continue
		}
		if sub := narrowedSubject(toks); sub != "" && n.Condition == "" {
			n.Condition = sub
			n.Uncertain = append(n.Uncertain, "condition: "+sub)
			continue
		}
		if n.Polarity == Forbid && n.Condition == "" {
			if rel := restrictiveClause(toks); rel != "" {
				n.Condition = rel
				n.Uncertain = append(n.Uncertain, "condition: "+rel)
				continue
			}
		}
		if n.Polarity == Require && hasEvent(n.Before, "finish") && (relativeDone(toks) || doneAtHead(toks) && ctx.Continues != nil && ctx.Continues()) {
			n.Uncertain = append(n.Uncertain, "the moment is when what the sentence asks first is done, not the end of the work")
			continue
		}
		if cond := untakenCondition(toks, n); cond != "" {
			n.Uncertain = append(n.Uncertain, "condition: "+cond)
			continue
		}
		if n.Polarity == Require && len(n.Before) > 0 {
			if q := narrowedRoleRun(toks); q != "" {
				// "Always run `npx bddgen` before running specific tests": before some
				// runs of the suite, which heed cannot tell from the others
				n.Uncertain = append(n.Uncertain, "before some runs only: "+q)
				continue
			}
		}
		if n.Polarity == Require {
			if alt := offeredAlternative(toks, n); alt != "" {
				n.Uncertain = append(n.Uncertain, "one of two ways, the other heed cannot see: "+alt)
			}
		}
	}
}

// directiveKinds are the marker kinds that make a sentence an instruction wherever
// they stand.
var directiveKinds = []string{mForbid, mRemind, mPostNeg, mOnly, mShould, mHedge, mPermit}

// statementOnly: a sentence with no word that directs anyone ("The worker runs on
// Bun, not Node.", "Releases are cut from `stable`.", "CI runs `cargo deny` on every
// push.") states how things are; it may imply a rule, but it does not give one.
// Only a sentence that opens with a subject other than the reader or the project (a
// determiner, a pronoun, a noun and its copula) is taken for a statement: an
// imperative ("Squash commits before merging") has no subject, "we use pnpm" binds
// the reader as an instruction would, and a verb in the third person at the head
// ("Runs on Deno") cannot be told from a plural noun ("Changes to models require").
func statementOnly(toks []Token, n *Norm, ctx Context) string {
	if n.Declarative && ProjectSubject(n.Subject) || ctx.LeadIn != "" || len(ctx.Columns) > 0 || directs(toks) {
		return ""
	}
	return statementShape(toks)
}

// statementShape says why a sentence that no word directs is a statement (its
// subject is not the reader, or it names something and says what it is), or "".
func statementShape(toks []Token) string {
	if definitionItem(toks) {
		return "a description of what it names, not an instruction: no word of it directs the reader"
	}
	words := leadingWords(toks, 3)
	if len(words) == 0 {
		return ""
	}
	first := words[0]
	switch {
	case statementOpeners()[first]:
	case len(words) > 1 && !readerSubjects[first] && copulas()[words[1]]:
		// "Runtime is Bun": a noun and its copula (a noun and another verb in the
		// third person cannot be told from an imperative and its object: "Verify
		// changes")
	default:
		return ""
	}
	if ProjectSubject(strings.Join(words[:min(2, len(words))], " ")) {
		return ""
	}
	return "a statement of how things are, not an instruction: no word of it directs the reader"
}

// leadingWords are the sentence's first words in lower case, past emphasis and a
// label's colon, stopping at the first code span or punctuation.
func leadingWords(toks []Token, max int) []string {
	var out []string
	for _, t := range toks {
		if t.Code || t.Punct {
			break
		}
		if t.Low == "" {
			continue
		}
		out = append(out, t.Low)
		if len(out) == max {
			break
		}
	}
	return out
}

// statementOpeners open a sentence with its subject: a determiner or a pronoun.
var statementOpeners = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"the": true, "this": true, "these": true, "those": true, "its": true, "it": true,
		"they": true, "there": true, "our": true, "their": true, "his": true, "her": true, "ci": true,
		"maintainers": true, "reviewers": true, "he": true, "she": true}
})

// copulas and auxiliaries that follow a sentence's subject.
var copulas = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"is": true, "are": true, "was": true, "were": true, "has": true, "have": true,
		"does": true, "will": true, "gets": true, "get": true}
})

// modalRequire: a requirement marker that is no bare verb ("always", "must", "need
// to", "is required"): it directs wherever it stands, as a bare verb ("use", "run")
// does only at the head of a clause.
func modalRequire(toks []Token, i int) bool {
	n := phraseAt(toks, i, mRequire)
	if n == 0 {
		return false
	}
	if _, verb := verbForms()[toks[i].Low]; !verb && n == 1 && !bareVerbMarkers()[toks[i].Low] {
		return true
	}
	if n > 1 && !bareVerbMarkers()[toks[i].Low] {
		return true
	}
	// a bare verb: an imperative at the head of a clause
	return i == 0 || toks[i-1].Punct || clauseHeads()[toks[i-1].Low]
}

// bareVerbMarkers are requirement markers that are verbs of their own.
var bareVerbMarkers = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"make": true, "export": true, "conduct": true, "carry": true, "keep": true, "stick": true,
		"switch": true, "default": true}
})

// clauseHeads are words an imperative may follow at the head of its clause.
var clauseHeads = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"then": true, "and": true, "please": true, "also": true, "first": true, "just": true,
		"simply": true, "always": true, "finally": true, "next": true, "now": true, "or": true, "but": true,
		"instead": true, "so": true, "thus": true, "therefore": true}
})

// purposeOpener: the sentence opens with the purpose it serves ("To test your change
// against another project, run ...", "In order to run all the tests, run ..."): what
// follows is how to do that, not that it must be done. A moment the sentence names
// makes it a duty again ("To ensure your changes work, run X before submitting a
// PR"): the purpose is then the reason for the step, not the task it serves.
func purposeOpener(toks []Token) bool {
	words := leadingWords(toks, 4)
	switch {
	case len(words) >= 2 && words[0] == "to":
		_, verb := verbForms()[words[1]]
		return verb || !statementOpeners()[words[1]] && !strings.HasSuffix(words[1], "s")
	case len(words) >= 3 && words[0] == "in" && words[1] == "order" && words[2] == "to":
		return true
	}
	return false
}

// strongDirective: a word that makes the sentence a duty whatever its opening
// ("To keep CI green, always run `make lint`").
func strongDirective(toks []Token) bool {
	for i, t := range toks {
		switch t.Low {
		case "always", "must", "never", "required", "mandatory", "shall":
			return true
		}
		if phraseAt(toks, i, mForbid) > 0 || phraseAt(toks, i, mPostNeg) > 0 {
			return true
		}
	}
	return false
}

// restrictiveClause: a clause that narrows what the ban is of ("issues that
// duplicate existing ones", "branches that other people have checked out",
// "migrations which have shipped"): heed cannot tell the things it names from the
// others, so the ban holds under a condition. A relative word after a verb is a
// determiner or a complement ("edit that file", "ensure that"), and one after a
// comma opens an aside ("`foo`, which is slow"), neither of which narrows anything.
func restrictiveClause(toks []Token) string {
	ban := -1
	for i := range toks {
		if phraseAt(toks, i, mForbid) > 0 || phraseAt(toks, i, mPostNeg) > 0 {
			ban = i
			break
		}
	}
	if ban < 0 {
		return ""
	}
	for i := ban + 1; i+1 < len(toks); i++ {
		t := toks[i]
		if t.Punct && t.Text != "," && t.Text != "(" && t.Text != ")" {
			return "" // the ban's clause ends
		}
		if t.Low != "that" && t.Low != "which" && t.Low != "who" && t.Low != "whose" {
			continue
		}
		prev, next := toks[i-1], toks[i+1]
		if prev.Punct || next.Punct || next.Code && t.Low == "that" {
			continue
		}
		if _, verb := verbForms()[prev.Low]; verb && !prev.Code {
			continue
		}
		if complementTakers()[prev.Low] || statementOpeners()[next.Low] && t.Low == "that" && !prev.Code && !plural(prev.Low) {
			continue
		}
		end := i + 1
		for end < len(toks) && !toks[end].Punct {
			end++
		}
		return strings.TrimSpace(Sentence{Tokens: toks[max(i-1, 0):end]}.Raw())
	}
	return ""
}

// complementTakers are words a "that" after which opens what is said, not a clause
// about the word before it.
var complementTakers = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"sure": true, "so": true, "such": true, "ensure": true, "check": true, "verify": true,
		"note": true, "say": true, "says": true, "mean": true, "means": true, "given": true, "now": true,
		"assume": true, "know": true, "than": true, "is": true, "are": true, "be": true, "except": true,
		"unless": true, "confirm": true, "state": true, "claim": true, "like": true, "all": true, "one": true}
})

func plural(w string) bool {
	return len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss")
}

// untakenCondition: a clause the sentence opens with "if", "unless", "while" or
// "until" that the norm took nothing from: the rule holds only then, and heed did not
// read when that is.
func untakenCondition(toks []Token, n *Norm) string {
	if n.Condition != "" || len(n.When) > 0 || len(n.After) > 0 || len(n.Except) > 0 || len(n.Lacking) > 0 || n.NoArgs {
		return ""
	}
	// A moment the norm took may be the condition's own ("If you open a PR, run
	// X"): then the condition says nothing more. "If the PR changes the public API:
	// regenerate ..." says more than the moment it gives.
	momentOnly := len(n.Before) > 0
	for i, t := range toks {
		if t.Code || t.Punct {
			continue
		}
		switch t.Low {
		case "if", "unless", "while", "until", "whenever":
		default:
			continue
		}
		if phraseAt(toks, i, mHedge) > 0 {
			continue // "if possible"
		}
		end := i + 1
		for end < len(toks) && !(toks[end].Punct && toks[end].Text != "(" && toks[end].Text != ")") {
			end++
		}
		if end-i < 3 {
			continue
		}
		if momentOnly && t.Low == "until" {
			continue // "Do not commit until `make test` passes": the order itself
		}
		if t.Low == "unless" && len(n.Unless) > 0 {
			continue // "unless you only touched Markdown files": the files the order frees
		}
		if momentOnly && conditionOfAnother(toks, i, n) {
			// "Run `npm test` before opening a PR, and `npm run e2e` if you touched
			// the checkout": the condition is the other command's
			continue
		}
		if momentOnly && !slices.ContainsFunc(toks[i+1:end], func(t Token) bool { return t.Code || !momentWord(t.Low) }) {
			continue
		}
		return strings.TrimSpace(Sentence{Tokens: toks[i:end]}.Raw())
	}
	return ""
}

// definitionItem: "`6.0-plan.md` — the plan for per-market taxes": a name and what it
// is, the shape of a glossary or an index, with no word that directs.
func definitionItem(toks []Token) bool {
	return len(toks) > 2 && toks[0].Code && toks[1].Punct && (toks[1].Text == "—" || toks[1].Text == ":")
}

// Statement says why a text gives no instruction (a statement of how things are, a
// description of what it names), or "" when it may: no word of any of its sentences
// directs the reader, and its first sentence opens with a subject other than the
// reader, a verb in the third person, or a name and its description. The compiler's
// review asks it of rules no norm carries (commit and co-change rules read by their
// own recognisers), as the reader asks it of its own norms.
func Statement(text string) string {
	ss := Sentences(afterQuotedRule(text))
	for _, s := range ss {
		if directs(s.Tokens) {
			return ""
		}
	}
	if len(ss) == 0 {
		return ""
	}
	return statementShape(ss[0].Tokens)
}

// Directs reports whether text gives an instruction: a word of one of its sentences
// directs the reader (directs). It is the one reader of "statement or directive?":
// the certainty checks ask it of a norm's sentence, the architecture recognisers of a
// boundary sentence and its lead-in (ArchDirective).
func Directs(text string) bool {
	text = afterQuotedRule(text)
	for _, s := range Sentences(text) {
		if directs(s.Tokens) {
			return true
		}
	}
	return false
}

// quotedLeadRE: a text that opens with a quoted phrase of a few words and comments on
// it after a dash, a colon or a comma ("\"Keep files under 300 lines\" -- covers the
// read cap indirectly"): the quotation is mentioned, the comment is what is said.
var quotedLeadRE = lazyre.New(`^\s*(?:[-*] )?["“]([^"”]{3,120})["”]\s*(?:--|—|–|:|,|\()\s*(\S.*)$`)

// QuotedMention says why a text that opens with a quoted rule and comments on it
// gives no instruction of its own ("\"Keep files under 300 lines\" -- covers the
// read cap indirectly", under a lead-in that lists rules another tool enforced), or
// "" when it is no such text or its comment directs.
func QuotedMention(text string) string {
	rest := afterQuotedRule(text)
	if rest == text || Directs(rest) {
		return ""
	}
	return "the sentence quotes a rule and comments on it; the comment directs no one"
}

// afterQuotedRule is the comment after a quoted phrase the text opens with, or the
// text itself.
func afterQuotedRule(text string) string {
	if t := strings.TrimLeft(text, " -*"); !strings.HasPrefix(t, "\"") && !strings.HasPrefix(t, "“") {
		return text
	}
	m := quotedLeadRE.FindStringSubmatch(text)
	if m == nil || len(strings.Fields(m[1])) < 3 || len(strings.Fields(m[2])) < 2 {
		return text
	}
	return m[2]
}

// directs: a word of the sentence directs the reader: a ban, a reminder, a modal, a
// word that binds ("Changes to models require a migration", "Imports from `web` are
// not allowed", "Handlers belong in `api/`"), or an imperative at the head of a
// clause ("Keep `model` free of ...", "Nothing imports `cli` except `cmd`").
func directs(toks []Token) bool {
	for i := range toks {
		for _, k := range directiveKinds {
			if phraseAt(toks, i, k) > 0 {
				return true
			}
		}
		if modalRequire(toks, i) {
			return true
		}
		t := toks[i]
		if t.Code || t.Punct {
			continue
		}
		if bindingWords()[t.Low] {
			return true
		}
		next, object := "", i+1 < len(toks) && !toks[i+1].Punct
		if object && !toks[i+1].Code {
			next = toks[i+1].Low
		}
		switch t.Low {
		case "belong", "belongs":
			if next == "in" || next == "under" || next == "to" {
				return true
			}
		case "has":
			if next == "to" {
				return true
			}
		}
		if i == 0 || toks[i-1].Punct || clauseHeads()[toks[i-1].Low] {
			if imperativeVerbs()[t.Low] && object && !copulas()[next] {
				return true
			}
			if t.Low == "nothing" && slices.ContainsFunc(toks[i+1:], func(u Token) bool { return u.Low == "except" }) {
				return true // "Nothing imports `cli` except `cmd`": the only exception
			}
		}
	}
	return false
}

// bindingWords make a sentence a rule wherever they stand: "Changes to models require
// a new migration", "A changelog entry is mandatory", "Imports of `db` are not
// allowed", "Tests shall pass".
var bindingWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"require": true, "requires": true, "required": true, "need": true, "needs": true,
		"needed": true, "mandatory": true, "forbidden": true, "prohibited": true, "expects": true, "expected": true,
		"obligatory": true, "compulsory": true, "shall": true, "allowed": true, "disallowed": true,
		"permitted": true, "banned": true}
})

// imperativeVerbs give an instruction at the head of a clause, beside the lexicon's
// requirement markers: what to do with code and where it goes ("Keep", "Put",
// "Route", "Isolate"). Followed by a copula they are nouns ("Import paths are
// relative").
var imperativeVerbs = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"keep": true, "put": true, "place": true, "import": true, "move": true, "add": true,
		"write": true, "route": true, "call": true, "let": true, "treat": true, "limit": true, "restrict": true,
		"separate": true, "isolate": true, "depend": true, "go": true, "access": true, "reach": true, "talk": true,
		"wrap": true, "expose": true, "hide": true, "do": true, "store": true, "save": true}
})

// ownMoment: the text after a label names its own moment ("`pre-commit run` — MUST
// pass before PR"), which a label such as "Pre-commit" (a tool's name as often as a
// moment) must not override.
func ownMoment(rest string) bool {
	low := strings.ToLower(rest)
	for _, w := range []string{"before ", "after ", "prior to ", "once ", "whenever "} {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// PronounObjectDoubt is the doubt of a ban whose object is a pronoun (pronounObject).
const PronounObjectDoubt = "the ban's object is a word that points back; what it names is not read"

// pronounObject: the ban's verb takes a word that points back ("`configuration.py` is
// gitignored — never commit it", "don't push them"): what is banned is named in
// another sentence, and the ban read from this one alone is of the bare action.
func pronounObject(toks []Token) bool {
	for i := range toks {
		n := phraseAt(toks, i, mForbid)
		if n == 0 {
			continue
		}
		j := i + n
		for j < len(toks) && (toks[j].Low == "ever" || toks[j].Low == "directly" || toks[j].Low == "manually") {
			j++
		}
		if j+1 >= len(toks) || toks[j].Code || toks[j].Punct {
			return false
		}
		switch toks[j+1].Low {
		case "it", "them", "these", "those", "this", "that":
		default:
			return false
		}
		if j+2 < len(toks) && (toks[j+2].Code || toks[j+2].Punct && toks[j+2].Text == ":") {
			return false // "never run this: `rm -rf /`": the object follows
		}
		return true
	}
	return false
}

// NarrowedSubject: a sentence whose subject is some pull requests, commits or changes
// only ("PRs for new features must be based on `main`", "Commits that resolve an issue
// must name it", "Changes to the public API need a changelog entry" is no narrowing of
// this kind: it names paths heed reads elsewhere): a rule for those, which heed
// cannot tell from the others. It returns the first such subject of the text's
// sentences as written, or "".
func NarrowedSubject(text string) string {
	for _, s := range Sentences(text) {
		if sub := narrowedSubject(s.Tokens); sub != "" {
			return sub
		}
	}
	return ""
}

// narrowedSubject is NarrowedSubject of one sentence's tokens.
func narrowedSubject(toks []Token) string {
	if len(toks) > 1 && partialQuantifier(toks[0].Low) && workNouns()[toks[1].Low] {
		// "Most contributions require a sign-off", "Some PRs need a changelog
		// entry": a duty of some of them, which heed cannot tell from the others
		end := 2
		if end < len(toks) && workNouns()[toks[end].Low] {
			end++
		}
		return strings.TrimSpace(Sentence{Tokens: toks[:end]}.Raw())
	}
	i := 0
	for i < len(toks) && (toks[i].Low == "all" || toks[i].Low == "any" || toks[i].Low == "the" || toks[i].Low == "every" || toks[i].Low == "each") {
		i++
	}
	if i >= len(toks) || toks[i].Code || !workNouns()[toks[i].Low] {
		return ""
	}
	j := i + 1
	if j < len(toks) && workNouns()[toks[j].Low] {
		j++ // "pull requests", "code changes"
	}
	if j >= len(toks) || !narrowingWords()[toks[j].Low] {
		return ""
	}
	end := j + 1
	for end < len(toks) && !modalWords()[toks[end].Low] {
		if toks[end].Punct {
			if toks[end].Text != "(" {
				break
			}
			// "PRs that change behaviour (features, fixes) must ...": the
			// parenthesis lists what the clause means
			k := end + 1
			for k < len(toks) && !(toks[k].Punct && toks[k].Text == ")") {
				k++
			}
			if k >= len(toks) {
				break
			}
			end = k
		}
		end++
	}
	if end >= len(toks) || !modalWords()[toks[end].Low] {
		return ""
	}
	return strings.TrimSpace(Sentence{Tokens: toks[:end]}.Raw())
}

// AlternativeWays: the other way of a sentence that offers two ("label such PRs
// `docs`, or prefix the title with `chore:`"; "Either squash your commits yourself,
// or prefix ..."): two clauses, each opened by a verb of instruction, joined by ", or"
// or "either ... or". A rule read from one of them holds only for those who did not
// take the other. "" when the sentence offers no such choice.
func AlternativeWays(text string) string {
	for _, s := range Sentences(text) {
		if ws := alternativeClauses(s.Tokens); len(ws) > 0 {
			return Sentence{Tokens: ws[0][0]}.Raw() + " / " + Sentence{Tokens: ws[0][1]}.Raw()
		}
	}
	return ""
}

// workNouns are what a contribution is made of.
var workNouns = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"pr": true, "prs": true, "pull": true, "requests": true, "request": true, "commits": true,
		"commit": true, "patches": true, "patch": true, "contributions": true, "contribution": true, "mrs": true,
		"merge": true, "submissions": true}
})

// narrowingWords open what narrows a subject: "for new features", "that fix a bug".
var narrowingWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"for": true, "that": true, "which": true, "with": true, "fixing": true, "adding": true,
		"introducing": true, "addressing": true, "resolving": true, "touching": true, "affecting": true, "from": true}
})

// modalWords end a narrowed subject: "PRs for new features must ...".
var modalWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"must": true, "should": true, "shall": true, "need": true, "needs": true, "require": true,
		"requires": true, "have": true, "has": true, "are": true, "is": true, "will": true, "may": true, "can": true}
})

// relativeDone: "Follow those steps and, when done, run X again", "Edit the schema;
// once finished, regenerate the client": a bare "done" or "finished" after a clause
// of its own is the end of that clause's step, not of the work. ("When you are done,
// run X" and "Once finished, run X" open the sentence and are the end of the work.)
func relativeDone(toks []Token) bool {
	for j := 1; j < len(toks); j++ {
		if toks[j].Code || toks[j].Low != "done" && toks[j].Low != "finished" && toks[j].Low != "complete" {
			continue
		}
		switch toks[j-1].Low {
		case "when", "once", "after":
		default:
			continue
		}
		words := 0
		for _, t := range toks[:j-1] {
			if !t.Punct && !isLabelWord(t.Low) {
				words++
			}
		}
		if words >= 2 {
			return true
		}
	}
	return false
}

func hasEvent(objs []Object, ev string) bool {
	for _, o := range objs {
		if o.Kind == KEvent && o.Text == ev {
			return true
		}
	}
	return false
}

// isLabelWord: a label a writer puts before a sentence ("Tip:", "Note:"), no clause.
func isLabelWord(w string) bool {
	switch w {
	case "tip", "note", "hint", "important", "nb", "n.b", "warning", "caution", "reminder":
		return true
	}
	return false
}

// doneAtHead: the sentence opens with a bare "when done" or "once finished", with no
// subject of its own: the end of what the sentence before it asked, when one does.
func doneAtHead(toks []Token) bool {
	return len(toks) >= 2 && (toks[0].Low == "when" || toks[0].Low == "once") && (toks[1].Low == "done" || toks[1].Low == "finished")
}

// PurposeHowTo says why a text is a how-to for one purpose rather than a rule ("To
// get readable traces, use `A` instead of `B`"), or "" when it is not: its first
// sentence opens with the purpose it serves, and no word makes it a duty or names a
// moment. The compiler's review asks it of rules no norm carries (source rules), as
// the reader asks it of its own norms.
func PurposeHowTo(text string) string {
	ss := Sentences(text)
	if len(ss) == 0 {
		return ""
	}
	toks := ss[0].Tokens
	if !purposeOpener(toks) || strongDirective(toks) {
		return ""
	}
	for i := range toks {
		if phraseAt(toks, i, mBefore) > 0 || phraseAt(toks, i, mAfter) > 0 {
			return ""
		}
	}
	return "a how-to for one purpose: it says how to do it, not that it must be done"
}

// CommandHowTo says why a text only tells how to do one thing with a command ("Run
// `pnpm install` to install dependencies", "Use `pnpm typecheck` to verify types",
// "Run the tests: `bundle exec rspec`"), or "" when it says more. Such a text names
// the way it shows and bans no other: nothing in it makes the command the only way
// (only, always, must, instead, rather than, over, not), bans, or names a moment.
// The compiler's review asks it of a command ban made elsewhere (a model's), which
// reads "the way" as "the only way".
func CommandHowTo(text string) string {
	ss := Sentences(text)
	if len(ss) == 0 {
		return ""
	}
	for _, s := range ss {
		toks := s.Tokens
		if strongDirective(toks) {
			return ""
		}
		for i, t := range toks {
			switch t.Low {
			case "only", "instead", "rather", "over", "not", "prefer", "preferred", "whenever", "every", "each", "exclusively":
				return ""
			}
			if phraseAt(toks, i, mBefore) > 0 || phraseAt(toks, i, mAfter) > 0 || phraseAt(toks, i, mInstead) > 0 || phraseAt(toks, i, mOnly) > 0 {
				return ""
			}
		}
	}
	if !howToShape(ss[0].Tokens) {
		return ""
	}
	return "a how-to: it names a command to do one thing with, not that it is the only way"
}

// howToShape: a sentence that opens with "run", "use" or "execute" and either names
// a code span at once and then its purpose or nothing ("Run `X` to ...", "Use `X`
// for ..."), or names the purpose first and the command after a colon ("Run the
// tests: `X`"). A label before a colon ("Setup: run `X` ...") is skipped.
func howToShape(toks []Token) bool {
	for i := 0; i < len(toks) && i < 6; i++ {
		if toks[i].Text == ":" && i+1 < len(toks) && !toks[i+1].Code {
			toks = toks[i+1:]
			break
		}
	}
	if len(toks) < 2 {
		return false
	}
	switch toks[0].Low {
	case "run", "use", "execute":
	default:
		return false
	}
	if toks[1].Code {
		j := 2
		for j+1 < len(toks) && (toks[j].Low == "and" || toks[j].Low == "or" || toks[j].Text == ",") && toks[j+1].Code {
			j += 2
		}
		return j == len(toks) || toks[j].Low == "to" || toks[j].Low == "for" || toks[j].Text == "." || toks[j].Text == ":"
	}
	// "Run the tests: `X`": words, a colon, and the command last
	for j := 1; j < len(toks) && j < 8; j++ {
		if toks[j].Code || (toks[j].Punct && toks[j].Text != ":") {
			return false
		}
		if toks[j].Text == ":" {
			rest := toks[j+1:]
			return len(rest) >= 1 && rest[0].Code && (len(rest) == 1 || rest[1].Punct)
		}
	}
	return false
}

// RelianceBan says why a ban is of relying on something rather than of its use
// ("don't rely on `Meta.fields`", "never depend on `dict` ordering"), or "" when it
// is not: every ban of the text is followed by a verb of reliance. The code can show
// that a thing is used, not that the code relies on it for what the sentence means.
func RelianceBan(text string) string {
	found := false
	for _, s := range Sentences(text) {
		toks := s.Tokens
		for i := 0; i < len(toks); i++ {
			n := phraseAt(toks, i, mForbid)
			if n == 0 {
				continue
			}
			j := i + n
			if j < len(toks) && (toks[j].Low == "ever" || toks[j].Low == "directly") {
				j++
			}
			if j+1 < len(toks) && relianceVerb(toks[j].Low) && toks[j+1].Low == "on" {
				found = true
				i = j + 1
				continue
			}
			return ""
		}
	}
	if !found {
		return ""
	}
	return "a ban of relying on it: the code shows that it is used, not what the code relies on it for"
}

func relianceVerb(w string) bool {
	switch w {
	case "rely", "relying", "depend", "depending", "count", "counting":
		return true
	}
	return false
}

// partialQuantifier: a word that makes a subject some of its kind, not all.
func partialQuantifier(w string) bool {
	switch w {
	case "most", "many", "some", "several", "certain", "few":
		return true
	}
	return false
}

// LeadCondition returns the condition a text opens with when it narrows the duty
// rather than naming its moment ("If your pull request has a single commit, that
// commit must ..." holds of some commits; "If you commit, ..." of every one), or "".
// The compiler's review asks it of rules no norm carries.
func LeadCondition(text string) string {
	ss := Sentences(text)
	if len(ss) == 0 {
		return ""
	}
	toks := ss[0].Tokens
	if len(toks) < 3 || toks[0].Low != "if" && toks[0].Low != "unless" {
		// ("When ..." is as often the moment in words heed does not list, "When
		// you contribute code to X", "When merging a pull request": tried and
		// dropped, it demoted three right rules of the fresh rounds)
		return ""
	}
	end := 1
	for end < len(toks) && !toks[end].Punct {
		end++
	}
	if end >= len(toks) || toks[end].Text != "," {
		return ""
	}
	for _, t := range toks[1:end] {
		if t.Code || !momentWord(t.Low) {
			return strings.TrimSpace(Sentence{Tokens: toks[:end]}.Raw())
		}
	}
	return ""
}

// momentWord: a word of a condition that only names the moment of the duty ("if you
// commit", "if you open a pull request").
func momentWord(w string) bool {
	switch w {
	case "you", "we", "open", "opening", "submit", "submitting", "create", "creating", "make", "making", "a", "an",
		"the", "your", "pr", "prs", "pull", "request", "requests", "commit", "commits", "committing", "push", "pushing",
		// "if being tasked to open a PR", "when you are about to commit"
		"being", "tasked", "asked", "told", "to", "are", "is", "about", "going", "ready", "you're", "any", "new",
		// "when writing commit messages": the message the duty is about
		"writing", "write", "message", "messages", "subject", "subjects", "title", "titles", "body", "bodies":
		return true
	}
	return false
}

// conditionOfAnother: the condition at i follows a code span that is none of the
// norm's objects, which it is the condition of.
func conditionOfAnother(toks []Token, i int, n *Norm) bool {
	for k := i - 1; k >= 0 && k >= i-2; k-- {
		if !toks[k].Code {
			continue
		}
		for _, o := range n.Objects {
			if o.Text == toks[k].Text || strings.Join(o.Argv, " ") == toks[k].Text {
				return false
			}
		}
		return true
	}
	return false
}

// OtherAudience names the audience a heading or lead-in addresses when it is not the
// contributor an agent works as ("## Core developer guidelines", "### For maintainers",
// "Release managers should ..."), or "": their rules are for people with rights an
// agent's session does not stand for (merging, releasing, triaging).
func OtherAudience(heading []string, leadIn string) string {
	for _, text := range append(slices.Clone(heading), leadIn) {
		toks := Tokenize(text)
		for i := range toks {
			w := toks[i].Low
			next := ""
			if i+1 < len(toks) {
				next = toks[i+1].Low
			}
			switch {
			case w == "maintainers" || w == "maintainer" && (next == "guide" || next == "guidelines" || next == "notes" || next == "tasks" || next == "only"):
				return "maintainers"
			case w == "core" && (next == "developer" || next == "developers" || next == "dev" || next == "devs" || next == "team" || next == "maintainers"):
				return "core developers"
			case (w == "release" || w == "releases") && (next == "manager" || next == "managers"):
				return "release managers"
			case w == "committers" || w == "reviewers" && i > 0 && toks[i-1].Low == "for":
				return w
			}
		}
	}
	return ""
}

// offeredAlternative: a requirement offered as one of two ways ("Configure your editor
// to format on save, or run `make fmt` before committing"; "label such PRs
// `skip-changelog`, or prefix the title with `chore:`"; "Either install the hook or run
// `make lint` before pushing"): the reader who took the other way obeyed, and heed
// cannot see that way. The other way is a clause of its own, opened by a verb of
// instruction, with none of the norm's objects in it; a list of moments ("before
// committing, pushing, or opening a PR") or of commands ("`make test` or `go test`")
// is no such clause. It returns the other way's words, "" when there is none.
func offeredAlternative(toks []Token, n *Norm) string {
	for _, w := range alternativeClauses(toks) {
		inBefore, inAfter := namesObject(w[0], n), namesObject(w[1], n)
		switch {
		case inAfter && !inBefore:
			return Sentence{Tokens: w[0]}.Raw()
		case inBefore && !inAfter:
			return Sentence{Tokens: w[1]}.Raw()
		}
	}
	return ""
}

// alternativeClauses: the pairs of clauses a sentence joins by ", or" or "either ...
// or", each opened by a verb of instruction: the two ways it offers.
func alternativeClauses(toks []Token) [][2][]Token {
	var out [][2][]Token
	either := false
	for i, t := range toks {
		if t.Low == "either" && i <= 2 {
			either = true
		}
		if t.Low != "or" || i == 0 || i+1 >= len(toks) || !either && !(toks[i-1].Punct && toks[i-1].Text == ",") {
			continue
		}
		before, after := clauseBefore(toks, i-1), clauseAfter(toks, i+1)
		if opensInstruction(before) && opensInstruction(after) {
			out = append(out, [2][]Token{before, after})
		}
	}
	return out
}

// clauseBefore: the tokens of the clause that ends before i, back to the sentence's
// start, a semicolon, a colon or a dash, "either" left out.
func clauseBefore(toks []Token, i int) []Token {
	k := i
	for k > 0 && !(toks[k-1].Punct && (toks[k-1].Text == ";" || toks[k-1].Text == ":" || toks[k-1].Text == "—" || toks[k-1].Text == "." || toks[k-1].Text == "(")) {
		k--
	}
	out := toks[k:i]
	if len(out) > 0 && out[0].Low == "either" {
		out = out[1:]
	}
	return out
}

// clauseAfter: the tokens of the clause that starts at i, to a semicolon, a full stop
// or a closing parenthesis.
func clauseAfter(toks []Token, i int) []Token {
	k := i
	for k < len(toks) && !(toks[k].Punct && (toks[k].Text == ";" || toks[k].Text == "." || toks[k].Text == ")")) {
		k++
	}
	return toks[i:k]
}

// opensInstruction: the clause opens with a verb of instruction in its bare form
// ("run", "configure", "install", "label", "prefix"), after an adverb or "please" at
// most: the head of an imperative, not a noun or a moment ("opening a PR").
func opensInstruction(cl []Token) bool {
	for len(cl) > 0 && (cl[0].Punct || cl[0].Low == "please" || cl[0].Low == "just" || cl[0].Low == "simply" || cl[0].Low == "also" || cl[0].Low == "instead") {
		cl = cl[1:]
	}
	if len(cl) < 2 || cl[0].Code {
		return false
	}
	w := cl[0].Low
	if strings.HasSuffix(w, "ing") || strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		return false
	}
	return verbForms()[w] != "" || imperativeVerbs()[w] || alternativeVerbs()[w]
}

// alternativeVerbs head the other way of an "A, or B" instruction besides the
// lexicon's action verbs.
var alternativeVerbs = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"configure": true, "enable": true, "label": true, "tag": true, "prefix": true,
		"mark": true, "set": true, "ask": true, "open": true, "file": true, "mention": true, "attach": true, "format": true,
		"let": true, "have": true, "get": true, "make": true, "use": true, "install": true,
		// what code does, at the head of a style rule: "Raise warnings through ...",
		// "Return errors with ..."
		"raise": true, "return": true, "throw": true, "emit": true, "log": true, "create": true, "define": true,
		"declare": true, "wrap": true, "fetch": true, "load": true, "close": true, "handle": true,
		"catch": true, "send": true, "compare": true, "assert": true, "register": true, "name": true,
		"initialize": true, "initialise": true, "instantiate": true, "construct": true, "store": true, "save": true,
		"convert": true, "parse": true, "serialize": true, "render": true, "spawn": true, "await": true,
		"prefer": true, "pick": true, "choose": true, "access": true, "read": true, "print": true, "sort": true}
})

// namesObject: a code span of the clause is one of the norm's objects.
func namesObject(cl []Token, n *Norm) bool {
	for _, t := range cl {
		if !t.Code {
			continue
		}
		for _, o := range n.Objects {
			if strings.TrimSpace(t.Text) == strings.TrimSpace(o.Text) || strings.HasPrefix(strings.TrimSpace(t.Text), strings.TrimSpace(o.Text)) {
				return true
			}
		}
	}
	return false
}

// OpensInstruction: the text opens with a verb of instruction in its bare form ("Get
// loggers through ...", "Configure ...", "Run ..."), not a noun phrase ("Config fields
// typed as ...").
func OpensInstruction(text string) bool {
	return opensInstruction(Tokenize(text))
}

// narrowedRoleRun: "before running specific tests", "before individual test files",
// "before a single spec": an order before some runs of a role only. It returns the
// narrowing words, "" when there are none.
func narrowedRoleRun(toks []Token) string {
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].Low != "before" && toks[i].Low != "prior" {
			continue
		}
		for j := i + 1; j < len(toks) && j <= i+4; j++ {
			if !roleNarrowers()[toks[j].Low] {
				continue
			}
			for k := j + 1; k < len(toks) && k <= j+3; k++ {
				if _, n := roleAt(toks, k); n > 0 {
					return toks[j].Text + " " + toks[k].Text
				}
			}
		}
	}
	return ""
}

// roleNarrowers pick some runs of a role out of all: "specific tests", "a single test".
var roleNarrowers = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"specific": true, "individual": true, "particular": true, "certain": true,
		"single": true, "selected": true, "targeted": true, "focused": true, "some": true, "one": true}
})

// narrowerTypesRE: a rule that asks for the narrowest type that fits ("Narrow types:
// use `z.enum()`, `z.literal()` — not `z.string()`", "prefer specific types over
// `Any`"): the general type stays right where nothing narrower fits.
var narrowerTypesRE = lazyre.New(`(?i)\b(?:narrow(?:er|est)?|more\s+specific|specific|precise|tight(?:er)?)\s+(?:types?|schemas?|validators?|typing)\b`)

// NarrowerTypeWhereFits reports whether text bans a general type only where a
// narrower one fits, which a check of the code cannot tell.
func NarrowerTypeWhereFits(text string) bool {
	low := strings.ToLower(text)
	if !strings.Contains(low, "type") && !strings.Contains(low, "schema") && !strings.Contains(low, "validator") ||
		!containsAny(low, "narrow", "specific", "precise", "tight") {
		return false
	}
	return narrowerTypesRE.MatchString(text)
}

// feasibilityHedges leave each site's compliance to the reader's judgement of what
// is possible or fitting there.
var feasibilityHedges = []string{"when possible", "where possible", "if possible", "whenever possible",
	"wherever possible", "as much as possible", "when practical", "where practical", "if practical",
	"when feasible", "where feasible", "if feasible", "if you can", "when appropriate", "where appropriate",
	"if appropriate", "as appropriate", "when relevant", "where relevant", "if relevant", "when it makes sense",
	"where it makes sense"}

// FeasibilityHedged reports a rule that holds only where following it is possible
// or fitting ("Use the standard Date API instead of moment.js when possible"): a
// site that breaks it may be one where it could not be followed, which no check
// tells.
func FeasibilityHedged(text string) bool {
	return containsAny(strings.ToLower(text), feasibilityHedges...)
}

// jsFormatterCues are the options of a JavaScript formatter's style a sentence lists
// beside an indentation ("2-space indentation, single quotes, trailing commas").
var jsFormatterCues = []string{"single quote", "double quote", "trailing comma", "semicolon", "prettier", "eslint", "arrow paren"}

// JSFormatterStyle reports a style sentence that speaks of JavaScript's formatting:
// its indentation is the JavaScript code's, not every language's of the repository
// (an Android project's generated Java keeps Java's).
func JSFormatterStyle(text string) bool {
	return containsAny(strings.ToLower(text), jsFormatterCues...)
}
