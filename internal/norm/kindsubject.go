package norm

import (
	"slices"
	"strings"
	"sync"

	"github.com/heed-dev/heed/internal/lazyre"
)

// A sentence whose subject is a kind of code ("Controllers must not call
// `DB::table()`", "React components should never call `fetch` directly", "**Reducers:**
// never call `Date.now()`") bans what it bans in that kind of code only: services may
// query, actions may stamp the time. KindSubject reads the subject; where that code
// lives is the repository's to show (a `controllers/` folder, `*Controller` files).

// KindSubject returns the words of the kind of code a sentence is about, by its
// subject or its item label, the head noun first ("React components" gives
// [components react]); nil when the subject is the reader, a person, the code as a
// whole or a kind of construct ("Functions must not ...", "New code should ...").
func KindSubject(text string) []string {
	if label := ItemLabel(text); label != "" && !strings.Contains(label, "`") {
		if ws := kindWords(strings.Fields(label)); ws != nil {
			return ws
		}
	}
	f := strings.Fields(strings.TrimLeft(text, "-*•>#0123456789.) \t"))
	for i, w := range f {
		if i > 4 {
			return nil
		}
		lw := strings.ToLower(strings.Trim(w, "*_,;:"))
		if !kindModal(lw) {
			continue
		}
		if i == 0 || !ruleFollows(f[i+1:], lw) {
			return nil
		}
		return kindWords(f[:i])
	}
	return nil
}

// kindModal: a word that ends a rule's subject ("Controllers must ...",
// "Reducers never ...").
func kindModal(w string) bool {
	switch w {
	case "must", "should", "shall", "cannot", "can't", "mustn't", "shouldn't", "never", "may", "can", "don't", "do", "are", "need":
		return true
	}
	return false
}

// ruleFollows reports whether the words after a subject's modal state a rule of
// the subject ("must not call", "never call", "should only import"), not a fact
// about it ("are in `src/`", "can be slow").
func ruleFollows(rest []string, modal string) bool {
	switch modal {
	case "need":
		return false // "Jobs need not ...", "Jobs need a queue"
	case "do", "are", "may", "can":
		// "Handlers do not call ...", "Views are not allowed to ...", "Jobs may not
		// sleep"; "Jobs can be slow" states a fact
		return len(rest) > 1 && strings.EqualFold(strings.Trim(rest[0], "*_,"), "not")
	}
	return len(rest) > 0 // must, should, shall, never, cannot, don't, ...
}

// kindWords keeps the words of a subject that name a kind of code, head first; nil
// when a word is no part of a noun phrase or the head names no kind.
func kindWords(phrase []string) []string {
	var words []string
	for _, w := range phrase {
		lw := strings.ToLower(strings.Trim(w, "*_,;:()"))
		if lw == "" || strings.ContainsAny(lw, "`/.") {
			return nil
		}
		if subjectStop()[lw] {
			return nil // "You", "We", "Please", "If", an imperative
		}
		if subjectDeterminer(lw) {
			continue
		}
		words = append(words, lw)
	}
	if len(words) == 0 || len(words) > 3 {
		return nil
	}
	head := words[len(words)-1]
	out := make([]string, 0, len(words))
	for i := len(words) - 1; i >= 0; i-- {
		if !genericCodeWords()[words[i]] {
			out = append(out, words[i])
		}
	}
	switch {
	case len(out) == 0:
		return nil // "Functions must ...", "Public methods should ..."
	case head == "code":
		// "Service code never calls `print()`": the service's code, all of it
		return nil
	case genericCodeWords()[head]:
		// "Repository classes must not ...", "Controller methods should ...": the
		// construct of a kind the word before it names
		if !KindRole(out[0]) {
			return nil
		}
	case !pluralNoun(head) && !KindRole(head):
		return nil
	}
	return out
}

// pluralNoun: a noun in its plural ("controllers", "entities"; not "status",
// "analysis").
func pluralNoun(w string) bool {
	return plural(w) && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is")
}

func subjectDeterminer(w string) bool {
	switch w {
	case "the", "all", "any", "every", "each", "our", "your", "its", "their", "new", "existing":
		return true
	}
	return false
}

// KindRole reports a word that names a role code plays in an application's
// architecture (controllers, reducers, middleware), singular or plural: a subject of
// such a kind is a part of the code, wherever the repository keeps it.
func KindRole(w string) bool { return roleOf(w) != "" }

// RoleInFileNames reports a role whose code the conventions name by it
// (`UserController.php`, `user_handler.go`, `cart.reducer.ts`, `views.py`), so its
// files can be told by their names where no folder holds them; components, hooks and
// pages are told by their folder only.
func RoleInFileNames(w string) bool { return roleOf(w) == "file" }

func roleOf(w string) string {
	w = strings.ToLower(w)
	for _, k := range []string{w, w + "s", strings.TrimSuffix(w, "y") + "ies"} {
		if r := kindRoles()[k]; r != "" {
			return r
		}
	}
	return ""
}

// kindRoles: "file" for roles their files are named by, "folder" for the others.
var kindRoles = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for _, w := range strings.Fields(`controllers handlers views viewmodels services repositories reducers
		middleware middlewares jobs workers resolvers serializers entities routers routes listeners providers adapters
		gateways clients daos mappers validators guards interceptors presenters interactors usecases policies commands
		subscribers consumers producers tasks stores actions selectors effects sagas fragments activities receivers
		delegates coordinators pipes directives schemas`) {
		m[w] = "file"
	}
	for _, w := range strings.Fields(`models components hooks composables pages layouts screens widgets migrations
		endpoints mutations thunks loaders fetchers plugins decorators`) {
		m[w] = "folder"
	}
	return m
})

// genericCodeWords name constructs or code in general, present in every kind of code:
// a subject of one of them is the whole code ("Public functions must have ...").
var genericCodeWords = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`code functions function methods method classes class types type variables
		constants files file modules module packages package names identifiers imports exports comments strings errors
		exceptions values fields properties parameters arguments tests test specs spec unit integration e2e changes
		commits messages logs lines statements expressions blocks loops structs enums interfaces traits objects
		instances callers callbacks promises public private exported internal source production shared generated
		async sync static global local helper helpers utils utilities util lib libs library libraries sources apis api
		calls queries scripts script examples samples docs documentation prs requests`) {
		m[w] = true
	}
	return m
})

// subjectStop are words no noun phrase of a subject holds: persons, pronouns,
// imperatives, conjunctions.
var subjectStop = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`you we i they it this that these those he she agents agent contributors
		developers maintainers reviewers users humans people everyone nobody claude copilot cursor assistants ai llms
		please if when while before after once unless use run make do don't never always avoid prefer keep ensure
		note and or but so then also only just`) {
		m[w] = true
	}
	return m
})

// openingSpan is the code span a sentence opens with, past its list marker, and the
// text after it; false when the sentence opens otherwise.
func openingSpan(text string) (span, rest string, ok bool) {
	t := strings.TrimLeft(text, "-*•>#0123456789.) \t")
	if !strings.HasPrefix(t, "`") {
		return "", "", false
	}
	end := strings.IndexByte(t[1:], '`')
	if end <= 0 {
		return "", "", false
	}
	return t[1 : end+1], t[end+2:], true
}

// SpanSubject returns the code span a rule's sentence opens with as its subject
// ("`app/core.py` must not call `print()`", "`internal/domain` should never import
// ..."), "" when the sentence opens otherwise or states no rule of it.
func SpanSubject(text string) string {
	span, rest, ok := openingSpan(text)
	if !ok {
		return ""
	}
	f := strings.Fields(rest)
	if len(f) < 2 {
		return ""
	}
	modal := strings.ToLower(strings.Trim(f[0], "*_,"))
	if !kindModal(modal) || !ruleFollows(f[1:], modal) {
		return ""
	}
	return span
}

// KindHeading returns the words of the kind of code a heading names ("Controllers",
// "Background jobs", "Middleware"), head first; nil for a topic ("Error handling",
// "Security", "Critical patterns", "Code quality rules"), a language, the tests, or
// anything longer than a short noun phrase. A heading's head must be a role of an
// application's architecture, and not one that also names a section of another
// sort ("Commands", "Tasks", "Actions", "Hooks" head lists of shell commands, CI
// workflows and git hooks).
func KindHeading(heading string) []string {
	f := strings.Fields(strings.Trim(strings.TrimSpace(heading), "#*_:"))
	if len(f) == 0 || len(f) > 4 {
		return nil
	}
	ws := kindWords(f)
	if len(ws) == 0 || !KindRole(ws[0]) {
		return nil
	}
	switch strings.ToLower(ws[0]) {
	case "commands", "command", "tasks", "task", "actions", "action", "hooks", "hook", "policies", "policy",
		"schemas", "schema", "pipes", "effects", "clients", "client", "providers", "provider", "plugins", "plugin",
		"routes", "endpoints", "pages", "stores", "decorators", "directives", "loaders", "fetchers":
		return nil
	}
	return ws
}

// HeadingSpanPlace returns the name a heading gives a part of the code in a code
// span ("The `worker` package", "`billing` module", "Crate `core`"), "" otherwise.
func HeadingSpanPlace(heading string) string {
	f := strings.Fields(strings.ToLower(strings.Trim(strings.TrimSpace(heading), "#*_:")))
	span, noun := "", false
	for _, w := range f {
		switch {
		case strings.HasPrefix(w, "`") && strings.HasSuffix(w, "`") && len(w) > 2:
			if span != "" {
				return ""
			}
			span = strings.Trim(w, "`")
		case w == "package" || w == "module" || w == "crate" || w == "folder" || w == "directory" || w == "service" || w == "app":
			noun = true
		case w == "the" || w == "in" || w == "for":
		default:
			return ""
		}
	}
	if !noun || span == "" || strings.ContainsAny(span, " ()") {
		return ""
	}
	return span
}

// definitionNameRE: a code span that names a declaration (`RunWorkflow`,
// `OrderService`, `handle_request`): one identifier, no path, member or call.
var definitionNameRE = lazyre.New(`^[A-Za-z_][A-Za-z0-9_]*$`)

// DefinitionSubjects returns the declarations a rule's sentence opens with as its
// subject, when it bans something else in them ("`RunWorkflow` and
// `AgentRunnerExecutor` must not access `app.state`", "`OrderService` should never
// call `db.query`"): the ban holds inside those classes or functions. Nil when the
// sentence opens otherwise, when a span is a file or a member, or when nothing but the
// subject is named ("`eval` must never be called": the span is what is banned).
func DefinitionSubjects(text string) []string {
	var names []string
	t := text
	for {
		name, rest, ok := openingSpan(t)
		if !ok || !definitionNameRE.MatchString(name) {
			return nil
		}
		names = append(names, name)
		t = strings.TrimLeft(rest, " ,")
		low := strings.ToLower(t)
		if strings.HasPrefix(low, "and `") || strings.HasPrefix(low, "or `") {
			t = t[strings.IndexByte(t, '`'):]
		} else if !strings.HasPrefix(t, "`") {
			break
		}
	}
	f := strings.Fields(t)
	if len(f) < 3 {
		return nil
	}
	modal := strings.ToLower(strings.Trim(f[0], "*_,"))
	if !kindModal(modal) || modal == "are" || !ruleFollows(f[1:], modal) || !banMarked(strings.Join(f[:2], " ")) {
		return nil
	}
	for _, w := range f[1:3] {
		if lw := strings.ToLower(w); lw == "be" || lw == "been" {
			return nil // "`print` must not be used in `lib/`": the subject is what is banned
		}
	}
	// something other than the subject is named after the modal: what is banned there
	rest := strings.Join(f[1:], " ")
	if !strings.Contains(rest, "`") {
		return nil
	}
	for _, sp := range codeSpanRE().FindAllString(rest, -1) {
		if slices.Contains(names, strings.Trim(sp, "`")) {
			return nil
		}
	}
	return names
}

// definitionFromRE: a ban's place given as the classes it must not happen from
// ("No `app.state` access from RunWorkflow or AgentRunnerExecutor", "no `fetch`
// calls in `UserCard`"): names in CamelCase after "from", or identifiers in code
// spans.
var definitionFromRE = lazyre.New("(?:\\baccess(?:es|ed|ing)?|\\bcalls?|\\busage|\\buses|\\breads?|\\bwrites?)\\s+(from|in|inside|within)\\s+((?:`[A-Za-z_][A-Za-z0-9_]*`|[A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+)(?:\\s*(?:,|or|and|,\\s*or|,\\s*and)\\s*(?:`[A-Za-z_][A-Za-z0-9_]*`|[A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+))*)")

// definitionFromName: one name of definitionFromRE's list.
var definitionFromName = lazyre.New("`?([A-Za-z_][A-Za-z0-9_]*)`?")

// DefinitionPlaces returns the classes or functions a ban names as where it holds,
// as its subject (DefinitionSubjects) or after "access from" ("No `app.state` access
// from RunWorkflow or AgentRunnerExecutor"); nil when it names none.
func DefinitionPlaces(text string) []string {
	if names := DefinitionSubjects(text); len(names) > 0 {
		return names
	}
	low := strings.ToLower(text)
	if !strings.Contains(low, "from ") && !strings.Contains(low, "in ") && !strings.Contains(low, "within ") ||
		!containsAny(low, "access", "call", "usage", "uses", "read", "write") {
		return nil
	}
	m := definitionFromRE.FindStringSubmatch(text)
	if m == nil || !banMarked(text[:strings.Index(text, m[0])]) {
		return nil
	}
	var names []string
	for _, n := range definitionFromName.FindAllStringSubmatch(m[2], -1) {
		if w := n[1]; w != "or" && w != "and" {
			if m[1] != "from" && !strings.HasPrefix(n[0], "`") {
				return nil // "usage in TypeScript": a language, a product
			}
			names = append(names, w)
		}
	}
	return names
}

// banMarked reports whether the words carry a ban's marker of the model's lexicon
// ("No `x` access from ...", "must not", "should never", "`x` is forbidden").
func banMarked(text string) bool {
	toks := Tokenize(text)
	for i := range toks {
		if phraseAt(toks, i, mForbid) > 0 || phraseAt(toks, i, mPostNeg) > 0 {
			return true
		}
	}
	return false
}
