package norm

import (
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/heed-dev/heed/internal/lazyre"
)

// RunsDirectly: the sentence gives span as what to run, right after the verb ("Run
// `pnpm typecheck` to verify types", "Always run `dune fmt`", "please execute `make
// lint`"), not as the means of another object ("Run the tests with `X`") or the
// example after a label ("A single file: `X`").
func RunsDirectly(sentence, span string) bool {
	toks := Tokenize(sentence)
	for i, t := range toks {
		if !t.Code || t.Text != span {
			continue
		}
		// "run `a`, `b` and `c`": the verb is before the first of the list
		for i > 0 && (toks[i-1].Low == "and" || toks[i-1].Text == "," || toks[i-1].Code) {
			i--
		}
		if i == 0 {
			return false
		}
		if toks[i-1].Text == ":" {
			// "Ensure tests pass: `bin/rake`": the command of a duty the label states
			return reminderLead(toks)
		}
		switch toks[i-1].Low {
		case "run", "execute", "invoke", "rerun", "re-run":
			return true
		}
		// "Ensure `pnpm lint` and `pnpm check` pass": the commands must pass; so
		// they must where the state follows a copula ("until `mix test` is green",
		// "`make check` comes back clean"), but "`git status` is clean" is the state
		// of the tree, no check that passes
		for k := i + 1; k < len(toks); k++ {
			t := toks[k]
			if t.Code || t.Low == "and" || t.Text == "," || passCopula(t.Low) && k+1 < len(toks) && !toks[k+1].Code && !strings.HasPrefix(span, "git ") {
				continue
			}
			return passWords()[t.Low] || t.Low == "must" && k+1 < len(toks) && passWords()[toks[k+1].Low]
		}
		return false
	}
	return false
}

// passCopula are the words between a command and the state it reaches ("is
// green", "runs clean", "comes back green").
func passCopula(w string) bool {
	switch w {
	case "is", "are", "stays", "remains", "runs", "comes", "back", "all", "fully":
		return true
	}
	return false
}

// reminderLead: the text opens with a duty to see to ("Ensure", "Make sure",
// "Verify", "Check that").
func reminderLead(toks []Token) bool {
	return len(toks) > 0 && (toks[0].Low == "ensure" || toks[0].Low == "verify" || phraseAt(toks, 0, mRemind) > 0)
}

// Contrasted: the sentence sets what it names against something else ("rather than
// relying on a list", "instead of by hand"): a preference of means, not a step.
func Contrasted(sentence string) bool {
	toks := Tokenize(sentence)
	for i := range toks {
		if phraseAt(toks, i, mInsteadE) > 0 {
			return true
		}
		if n := phraseAt(toks, i, mInstead); n > 1 || n == 1 && toks[i].Low != "not" && toks[i].Low != "over" && toks[i].Low != "never" {
			return true
		}
	}
	return false
}

// WorkFraming: the heading or lead-in a sentence sits under frames it as a step of
// the work ("## Workflow", "### Verification", "When implementing features:",
// "Definition of done"), where a bare "Run `X`" is a duty, not the reference a
// "## Commands" section gives.
func WorkFraming(heading []string, leadIn string) bool {
	var texts []string
	if len(heading) > 0 {
		texts = append(texts, heading[len(heading)-1])
	}
	texts = append(texts, leadIn)
	for _, text := range texts {
		for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && r != '-' }) {
			for _, stem := range workStems {
				if strings.HasPrefix(w, stem) {
					return true
				}
			}
		}
	}
	return false
}

// workStems begin the words of a framing that makes its steps duties.
var workStems = []string{"workflow", "checklist", "verif", "validat", "quality", "done", "finish", "complet", "implement",
	"before", "after", "pre-commit", "pre-push", "submit", "submission", "steps"}

// StepEvent is the event a short step of a list is ("Commit.", "Commit and push",
// "Open a pull request"), or "": the steps before it run before that event.
func StepEvent(text string) string {
	toks := Tokenize(text)
	for len(toks) > 0 && toks[len(toks)-1].Punct {
		toks = toks[:len(toks)-1]
	}
	if ev := imperativeEvent(toks); ev != "" {
		return ev
	}
	if len(toks) == 0 || len(toks) > 6 {
		return ""
	}
	i := 0
	if toks[0].Low == "then" || toks[0].Low == "finally" {
		i++
	}
	ev, _ := eventAt(toks, i)
	return ev
}

// roleSubjectPasses: "Tests must pass and lint must be clean before committing": the
// subject names commands by their role, and the predicate says they must pass; the
// roles are what must have run.
func roleSubjectPasses(ns []Norm, text string) {
	low := strings.ToLower(text)
	if !passedPredicateRE().MatchString(low) && !strings.Contains(low, " pass ") && !strings.HasSuffix(strings.TrimRight(low, ". "), " pass") {
		return
	}
	var before []Object
	for _, n := range ns {
		if n.Polarity == Require && len(before) == 0 {
			before = n.Before
		}
	}
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Require || len(n.Objects) > 0 && !onlyKind(n.Objects, KRole) || n.Subject == "" {
			continue
		}
		toks := Tokenize(n.Subject)
		var roles []Object
		for k := 0; k < len(toks); k++ {
			if role, m := roleAt(toks, k); m > 0 {
				roles = append(roles, Object{Kind: KRole, Text: role})
				k += m - 1
			}
		}
		if len(roles) > 0 {
			n.Objects, n.Subject, n.Verb = append(roles, n.Objects...), "", "run"
		}
	}
	// "tests must pass and lint must be clean before committing": one event for both
	for i := range ns {
		n := &ns[i]
		if n.Polarity == Require && len(n.Objects) > 0 && onlyKind(n.Objects, KRole) && n.Subject == "" && len(n.Before)+len(n.After) == 0 && n.Condition == "" {
			n.Before = before
		}
	}
}

// FramingEvent is the event the framing of a sentence names: its lead-in ("Please
// keep these in mind when opening a pull request:") or a short heading of its path
// ("Sending PRs", "Before you push"), nearest first; "" for none. A heading about a
// thing the event makes ("Commit messages", "PR titles") names no event.
func FramingEvent(heading []string, leadIn string) string {
	if ev := hookFraming(heading, leadIn); ev != "" {
		return ev
	}
	if leadIn != "" {
		toks := Tokenize(leadIn)
		for i := range toks {
			if (phraseAt(toks, i, mCond) > 0 || phraseAt(toks, i, mBefore) > 0) && i+1 < len(toks) {
				for k := i + 1; k < len(toks) && k <= i+3; k++ {
					if ev, n := eventAt(toks, k); n > 0 {
						return ev
					}
				}
			}
		}
	}
	for j := len(heading) - 1; j >= 0; j-- {
		toks := Tokenize(heading[j])
		if len(toks) == 0 || len(toks) > 5 || slices.ContainsFunc(toks, func(t Token) bool { return eventProducts()[t.Low] }) {
			continue
		}
		for i := range toks {
			if ev, n := eventAt(toks, i); n > 0 {
				return ev
			}
		}
		if j == len(heading)-1 && prHeading(toks) {
			// "## PR guidelines", "### Pull requests": the section is about what a
			// pull request needs, and its steps come before one (its own steps: a
			// subsection, "### Generating types", is about something else)
			return "pr"
		}
	}
	return ""
}

// prHeading: a short heading that names pull requests as its subject ("PR
// guidelines", "Pull request checklist", "Pull requests").
func prHeading(toks []Token) bool {
	for i, t := range toks {
		switch {
		case t.Low == "pr" || t.Low == "prs":
			return true
		case t.Low == "pull" && i+1 < len(toks) && (toks[i+1].Low == "request" || toks[i+1].Low == "requests"):
			return true
		}
	}
	return false
}

// MomentEvents are the events a sentence gives as moments, each after a "when",
// "if" or "before" ("When you're done, and always before you commit, run `make
// lint`": finish and commit), in the order they stand.
func MomentEvents(sentence string) []string {
	var out []string
	toks := Tokenize(sentence)
	for i := range toks {
		if (phraseAt(toks, i, mCond) > 0 || phraseAt(toks, i, mBefore) > 0) && i+1 < len(toks) {
			for k := i + 1; k < len(toks) && k <= i+3; k++ {
				if ev, n := eventAt(toks, k); n > 0 {
					if !slices.Contains(out, ev) {
						out = append(out, ev)
					}
					break
				}
			}
		}
	}
	return out
}

// eventProducts are what an event makes: a heading about them is about their form.
var eventProducts = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"message": true, "messages": true, "title": true, "titles": true, "name": true,
		"names": true, "naming": true, "description": true, "descriptions": true, "template": true, "templates": true,
		"format": true, "style": true, "convention": true, "conventions": true, "review": true, "reviews": true}
})

// GenericCodeChange: a condition that names a change of the code without naming
// which ("after moving files or changing imports", "after making changes", "when you
// modify code"): the order follows any change to the code.
func GenericCodeChange(cond string) bool {
	toks := Tokenize(cond)
	if len(toks) == 0 || toks[0].Low != "after" && toks[0].Low != "when" && toks[0].Low != "whenever" && toks[0].Low != "if" {
		return false
	}
	changed := false
	for _, t := range toks[1:] {
		switch {
		case t.Code || t.Punct:
			return false
		case changeWords[t.Low] || t.Low == "moving" || t.Low == "renaming" || t.Low == "refactoring" || t.Low == "making" || t.Low == "make":
			changed = true
		case genericChangeObjects()[t.Low]:
		default:
			return false
		}
	}
	return changed
}

// EachUnitOfWork: the condition is a cadence of the work itself ("after each task",
// "after every change", "at the end of each feature"), which holds at every moment
// an order names: "run `make test` after each task before committing" asks for the
// tests before every commit.
func EachUnitOfWork(cond string) bool {
	f := strings.Fields(strings.ToLower(strings.Trim(strings.TrimSpace(cond), ",.;")))
	switch {
	case len(f) >= 3 && f[0] == "after":
		f = f[1:]
	case len(f) >= 5 && f[0] == "at" && f[1] == "the" && f[2] == "end" && f[3] == "of":
		f = f[4:]
	default:
		return false
	}
	if len(f) != 2 || f[0] != "each" && f[0] != "every" {
		return false
	}
	switch strings.TrimSuffix(f[1], "s") {
	case "task", "change", "feature", "step", "iteration", "edit", "fix", "bugfix", "subtask", "story", "ticket":
		return true
	}
	return false
}

// genericChangeObjects are the words a change of the code may name, none of them a
// part of it.
var genericChangeObjects = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"you": true, "your": true, "any": true, "the": true, "a": true, "or": true,
		"and": true, "code": true, "files": true, "file": true, "imports": true, "import": true, "source": true, "changes": true,
		"change": true, "edits": true, "anything": true, "something": true, "have": true, "made": true, "'ve": true, "ve": true,
		"normal": true, "regular": true, "ordinary": true, "all": true, "every": true}
})

// ValidatesChanges: a lead-in that runs its list to check the work ("Run the
// following commands to validate your changes:", "Run these to verify your work:").
func ValidatesChanges(text string) bool {
	toks := Tokenize(text)
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].Low != "to" {
			continue
		}
		switch toks[i+1].Low {
		case "validate", "verify", "check", "test":
		default:
			continue
		}
		for _, t := range toks[i+2:] {
			switch t.Low {
			case "change", "changes", "work", "code", "edits", "patch", "contribution":
				return true
			}
		}
	}
	return false
}

// bareCommands quotes a command written without backticks after a verb that runs it
// ("run flutter pub get after ...", "by running ./bin/test", "always run prek
// before PRs"): the words from a program heed knows (or a path to a script) up to the
// first word that is no argument become one code span, as if the file had quoted it.
func bareCommands(toks []Token, ctx Context) []Token {
	if ctx.Command == nil {
		return toks
	}
	var out []Token
	for i := 0; i < len(toks); i++ {
		out = append(out, toks[i])
		if toks[i].Code || !runVerbs()[toks[i].Low] || i+1 >= len(toks) || toks[i+1].Code || toks[i+1].Punct {
			continue
		}
		if _, ok := ctx.Command(toks[i+1].Text); !ok || stopWords()[toks[i+1].Low] {
			// "Run Biome against JavaScript changes": a tool's name written as a
			// name, one word, capital first
			// and standing alone ("Run Python scripts" names the language)
			if w := toks[i+1].Text; len(w) < 3 || w[0] < 'A' || w[0] > 'Z' || w[1:] != strings.ToLower(w[1:]) || stopWords()[toks[i+1].Low] || languageNames()[toks[i+1].Low] {
				continue
			} else if _, ok := ctx.Command(toks[i+1].Low); !ok {
				continue
			}
			if i+2 < len(toks) && !toks[i+2].Punct && !capitalAloneNext()[toks[i+2].Low] {
				continue
			}
			out = append(out, Token{Text: toks[i+1].Low, Low: toks[i+1].Low, Code: true})
			i++
			continue
		}
		if _, n := roleAt(toks, i+1); n > 1 {
			continue // "run pre-commit hooks": the hooks, named by their role
		}
		j := i + 2
		for j < len(toks) && j < i+9 && !toks[j].Code && !toks[j].Punct && !stopWords()[toks[j].Low] && argWord(toks[j].Text) {
			j++
		}
		words := make([]string, 0, j-i-1)
		for _, t := range toks[i+1 : j] {
			words = append(words, t.Text)
		}
		line := strings.Join(words, " ")
		if _, ok := ctx.Command(line); !ok {
			continue
		}
		out = append(out, Token{Text: line, Low: strings.ToLower(line), Code: true})
		i = j - 1
	}
	return out
}

// languageNames are programs named as their language ("Python", "Node", "Ruby"): a
// capital there names the language, not the command.
var languageNames = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"python": true, "python3": true, "node": true, "ruby": true, "java": true, "php": true,
		"swift": true, "dart": true, "go": true, "rust": true, "deno": true, "bun": true, "docker": true, "make": true}
})

// capitalAloneNext may follow a tool's capitalised name for it to stand alone.
var capitalAloneNext = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"over": true, "against": true, "across": true, "on": true, "before": true,
		"after": true, "to": true, "via": true, "first": true, "again": true, "locally": true}
})

// runVerbs run what follows them.
var runVerbs = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"run": true, "runs": true, "running": true, "execute": true, "executing": true, "invoke": true, "rerun": true, "re-run": true}
})

// stopWords end a command written in words: markers of when, where, why and how.
var stopWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"before": true, "after": true, "when": true, "whenever": true, "if": true, "to": true,
		"and": true, "or": true, "then": true, "in": true, "on": true, "from": true, "for": true, "with": true, "until": true,
		"unless": true, "first": true, "again": true, "locally": true, "always": true, "once": true, "each": true,
		"every": true, "the": true, "a": true, "an": true, "your": true, "all": true, "any": true, "it": true, "this": true,
		"that": true, "these": true, "those": true, "tests": true, "test-suite": true, "manually": true, "yourself": true,
		"directly": true, "anymore": true, "ever": true, // "don't invoke cargo directly": how, not an argument
		"as": true, "so": true, "but": true, "instead": true, "not": true, "only": true, "at": true, "by": true, "of": true,
		"hooks": true, "checks": true, "files": true, "changes": true, "linters": true, "formatters": true, "suites": true,
		"scripts": true, "commands": true, "tasks": true, "targets": true,
		// "run mypy over your changes", "run Biome against JavaScript changes"
		"over": true, "against": true, "across": true, "via": true, "through": true, "using": true}
})

// argWord: a word shaped as a command's argument (lower case, options, paths).
func argWord(w string) bool {
	for _, r := range w {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:=@+*", r)) {
			return false
		}
	}
	return w != ""
}

// TimedRun: the text is a bare demand to run something at a moment of the work, its
// first word a verb of running and an order's marker after it ("run before every
// commit", "rerun after editing the schema"): a code comment that says so is a rule
// about the command beside it, not a description of what the command does.
func TimedRun(text string) bool {
	toks := Tokenize(text)
	if len(toks) < 3 || toks[0].Code || verbForms()[toks[0].Low] != "run" {
		return false
	}
	for i := 1; i < len(toks) && i <= 4; i++ {
		if phraseAt(toks, i, mBefore) > 0 || phraseAt(toks, i, mAfter) > 0 {
			return true
		}
	}
	return false
}

// WordAlternative: a command span, then "or" and a way named in words ("run `swift
// build` or the relevant release lane"): the order can be met in a way heed cannot see.
func WordAlternative(sentence string) bool { return wordAlternativeRE().MatchString(sentence) }

var wordAlternativeRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(?i)` or (?:the|a|an|any|another|your|its|their|some|whichever) (?:[a-z-]+ ){0,3}(?:lane|task|target|script|command|recipe|job|workflow|equivalent|alternative|variant|tool|step)s?\\b")
})

// SaysCode: the sentence speaks of code ("if you changed the code", "after code
// changes"), not of any change.
func SaysCode(sentence string) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(sentence), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if w == "code" || w == "source" || w == "sources" {
			return true
		}
	}
	return false
}

// InstallsHooks: the sentence is about installing git hooks ("ensure the hooks are
// installed by running `pnpm install`"), which stay installed in the clone from an
// earlier session.
func InstallsHooks(sentence string) bool {
	low := strings.ToLower(sentence)
	return strings.Contains(low, "hooks") || strings.Contains(low, "hook ") || strings.Contains(low, "husky") || strings.Contains(low, "pre-commit install")
}

// OpensWithCondition: the text opens with a condition ("If you added or changed a
// public option, ...").
func OpensWithCondition(text string) bool {
	first, _, _ := strings.Cut(strings.ToLower(strings.TrimLeft(text, " *_>")), " ")
	switch first {
	case "if", "when", "whenever", "unless", "once", "where":
		return true
	}
	return false
}

// ListChange: the condition speaks of the files its list names ("after modifying any
// of these files", "when you change one of the following", "after modifying any
// of:"): the list's items are the changed files.
func ListChange(cond string) bool { return listChangeRE().MatchString(strings.ToLower(cond)) }

var listChangeRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:after|when|whenever|if|once)\s+(?:you\s+)?(?:modify|modifying|modified|change|changing|changed|edit|editing|edited|touch|touching|touched|update|updating|updated)\s+(?:(?:any\s+(?:one\s+)?of\s+|one\s+of\s+)?(?:these|the\s+following|the\s+files\s+below|the\s+following\s+files|these\s+files)(?:\s+files)?|any\s+(?:one\s+)?of|one\s+of)\s*$`)
})

// ItemPath is the path a list item names and nothing else ("`api/schema.yaml`",
// "✅ `module.yaml` (module metadata)"), or "".
func ItemPath(item string) string {
	toks := Tokenize(item)
	path := ""
	for _, t := range toks {
		switch {
		case t.Code:
			if path != "" || !pathLike(t.Text) {
				return ""
			}
			path = t.Text
		case t.Text == "(":
			return path // an aside says what the file is
		case !t.Punct && path == "" && !isMarkGlyph(t.Text):
			return ""
		}
	}
	return path
}

// isMarkGlyph: a check mark or bullet glyph that opens a list item.
func isMarkGlyph(s string) bool {
	switch s {
	case "✅", "✔", "✔️", "☑", "•", "→":
		return true
	}
	return false
}

// AnyChangeOf: a condition that names any change to a unit of the code, not a kind of
// change ("when you change a crate", "if you modify any package"): what it asks, it
// asks of every change there.
func AnyChangeOf(cond string) bool { return anyChangeOfRE().MatchString(strings.ToLower(cond)) }

var anyChangeOfRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:when|whenever|if)\s+(?:you\s+)?(?:change|changes|modify|modifies|touch|touches|edit|edits|update|updates|changing|modifying|touching|editing)\s+(?:a|an|any|the|one|some)\s+(?:crate|package|module|component|library|service|app|plugin|workspace member)\b`)
})

// PlaceholderPath: an argument that stands for a path the reader fills in
// (`/path/to/composer`, `path/to/file`, `<dir>`, `your-project/`), not one to match.
func PlaceholderPath(arg string) bool {
	a := strings.ToLower(arg)
	return strings.Contains(a, "path/to/") || strings.HasPrefix(a, "<") && strings.HasSuffix(a, ">") ||
		strings.HasPrefix(a, "your-") || strings.HasPrefix(a, "your_") || strings.Contains(a, "/your-")
}

// parenConditionRE: a condition in parentheses ("(if code changed)", "(only when the
// API changes)"), which a label or a list item adds beside what it asks.
var parenConditionRE = lazyre.New(`(?i)\(((?:only )?(?:if|when|whenever|unless)\b[^()]*)\)`)

// ParentheticalCondition is the condition a sentence gives in parentheses, without
// them, or "": "Run quality gates (if code changed) - run `make check`" holds only
// after a change to the code.
func ParentheticalCondition(sentence string) string {
	if m := parenConditionRE.FindStringSubmatch(sentence); m != nil {
		return strings.TrimSpace(m[1])
	}
	return ""
}

// TieBreakerMain returns the main clause of a text that opens with a conflict between
// two authorities ("Where there is a conflict between Google-style docstrings and Ruff
// linting, follow Ruff"; "When the style guide and the linter disagree, the linter
// wins"), and ok. What the condition names is not asked for: the main clause says
// which side wins. Texts of other shapes return "", false.
func TieBreakerMain(text string) (string, bool) {
	if !OpensWithCondition(text) {
		return "", false
	}
	cond, main, found := strings.Cut(text, ",")
	if !found || strings.TrimSpace(main) == "" {
		return "", false
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(cond), func(r rune) bool {
		return !unicode.IsLetter(r)
	}) {
		switch w {
		case "conflict", "conflicts", "conflicting", "disagree", "disagrees", "contradict", "contradicts", "clash", "clashes":
			return strings.TrimSpace(main), true
		}
	}
	return "", false
}

// inFolderRE: "in the folder `api/`", "in the `api/` directory": where a command the
// sentence runs is run.
var inFolderRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("\\b(?:in|inside|within) the (?:folder|directory) (`[^`\\s]+/`)|\\b(?:in|inside|within) the (`[^`\\s]+`) (?:folder|directory)\\b")
})

// runInFolder rewrites the folder a run happens in as "from" it, the form runFrom
// reads; a sentence that runs nothing is kept ("put tests in the `tests/` folder").
func runInFolder(text string) string {
	low := strings.ToLower(text)
	if !strings.Contains(low, " folder") && !strings.Contains(low, " directory") || !strings.Contains(low, "run") && !strings.Contains(low, "execut") {
		return text
	}
	return inFolderRE().ReplaceAllStringFunc(text, func(s string) string {
		m := inFolderRE().FindStringSubmatch(s)
		return "from " + m[1] + m[2]
	})
}

// commandsInParensRunFromRE: commands named in parentheses after a word for them, and
// the folder they run from ("All build commands (`pnpm build`, `pnpm prebuild`) run
// from `apps/web/`").
var commandsInParensRunFromRE = lazyre.New("(?i)^\\s*(?:all\\s+|the\\s+)?(?:[\\w-]+\\s+){0,2}commands?\\s*\\(((?:`[^`]+`(?:\\s*,\\s*|\\s+(?:and|or)\\s+|,\\s*(?:and|or)\\s+)?)+)\\)\\s+(?:always\\s+|only\\s+)?(?:run|are run|must run|must be run|should run|should be run|are executed|must be executed)\\s+(?:only\\s+)?from\\s+(?:the\\s+)?(`[^`]+`)(.*)$")

// commandsRunFrom rewrites such a statement as the order it states ("Run `pnpm build`
// and `pnpm prebuild` only from `apps/web/`."): a statement of where the project's
// commands run, with "all" or "only", binds as an order does.
func commandsRunFrom(text string) string {
	if !strings.Contains(text, "commands") && !strings.Contains(text, "command (") || !strings.Contains(text, " from ") {
		return text
	}
	m := commandsInParensRunFromRE.FindStringSubmatch(text)
	if m == nil {
		return text
	}
	spans := codeSpanRE().FindAllString(m[1], -1)
	if len(spans) == 0 {
		return text
	}
	return "Run " + strings.Join(spans, " and ") + " only from " + m[2] + m[3]
}
