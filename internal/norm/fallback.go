package norm

import (
	"strings"
	"sync"

	"github.com/heed-dev/heed/internal/lazyre"
)

// The fallback reading of a sentence no recogniser compiled: whether a model could
// judge it about the code, the commits or the pull request, or why it stays
// unenforced, so the coverage table says honestly where rules go.

// Why a sentence stays unenforced, as the fallback reading says (the compiler words
// them for people).
const (
	FallbackNoClaim      = "no-claim"      // a fragment, a lead-in, nothing checkable
	FallbackNeedsModel   = "needs-model"   // a judgement only a reader or a model can make
	FallbackForeignTool  = "foreign-tool"  // a service, person or program outside the repository
	FallbackWorkflow     = "workflow"      // a way of working, not a checkable result
	FallbackNoRecognizer = "no-recognizer" // checkable, but no recogniser understood it
)

// What a judge rule would look at.
const (
	FallbackOnFiles   = "files"
	FallbackOnCommits = "commits"
	FallbackOnPR      = "pr"
)

// Fallback is what the fallback reading makes of a sentence.
type Fallback struct {
	// Semantic: a rule about the code's design (or the commits, the PR) that a model
	// could judge.
	Semantic bool
	// On is what a judge rule would look at (FallbackOnFiles, ...).
	On string
	// Reason is why it stays unenforced when no judge rule is made (FallbackNoClaim, ...).
	Reason string
}

// CodeFacts is what the caller knows of a sentence's code: its inline code spans, a
// code block under it, and whether its prose carries a prohibition word (read where
// code spans are told from prose).
type CodeFacts struct {
	Spans     int
	CodeBlock bool
	Negated   bool
}

// lazyMap is a word set built on first use: every heed process initialises this
// package.
func lazyMap(f func() map[string]bool) func() map[string]bool { return sync.OnceValue(f) }

// The reading is conservative word matching. It never decides to emit an executable
// check (that is the recognisers' job, and precision matters more than recall).
var (
	// Services, people and programs outside the repository heed cannot observe.
	fbForeignWords = newPhrases("slack", "discord", "jira", "trac", "mailing list", "issue tracker", "forum", "django-forum",
		"zulip", "gitter", "irc", "email", "e-mail", "browser", "ide", "ides", "vs code", "vscode", "intellij", "editor",
		"web ui", "github ui", "dashboard", "buildkite", "jenkins", "grafana", "datadog", "sentry", "1password", "figma",
		"notion", "linear", "ci passes", "ci pass", "ci is green", "wait for ci", "ci runs", "ci run", "cla",
		"contributor license", "labels", "label", "milestone", "assignee", "triage", "stack overflow", "twitter", "blog")
	// A first verb that describes how to work rather than what the result must be.
	fbWorkflowVerbs = lazyMap(func() map[string]bool {
		return map[string]bool{"read": true, "check": true, "look": true, "review": true, "explore": true, "investigate": true,
			"debug": true, "consult": true, "see": true, "refer": true, "familiarize": true, "learn": true, "understand": true,
			"ask": true, "tell": true, "confirm": true, "respond": true, "reply": true, "discuss": true, "coordinate": true,
			"plan": true, "think": true, "remember": true, "note": true, "feel": true, "wait": true, "open": true, "visit": true,
			"join": true, "contact": true, "ping": true, "mention": true, "search": true, "find": true, "reach": true,
			"attach": true, "verify": true, "double-check": true, "inspect": true, "analyze": true, "analyse": true,
			"research": true, "report": true, "summarize": true, "summarise": true, "explain": true, "describe": true,
			"identify": true, "determine": true, "decide": true, "choose": true, "iterate": true, "clarify": true, "stay": true,
			"let": true, "help": true, "start": true, "stop": true, "continue": true, "proceed": true, "focus": true,
			"grep": true, "repeat": true, "resolve": true, "respect": true, "welcome": true}
	})
	fbWorkflowPhrases = newPhrases("ask the user", "ask me", "tell the user", "the user has", "if the user", "unless the user",
		"requested by the user", "user asks", "user asked", "review comments", "reviewers", "reviewer", "maintainers",
		"maintainer", "merger", "mergers", "committer", "committers", "core team", "when in doubt", "if unsure",
		"if you are unsure", "if you're unsure", "before starting", "as needed", "as-needed", "self-verification",
		"to understand", "for details", "for more information", "more details", "see the", "read the",
		"before running", "after running", "when running", "while running", "if you are running", "if you're running",
		"you encounter", "if you encounter", "when you encounter", "before you start", "before starting work",
		"before editing", "before making changes", "before suggesting", "explicitly asked", "asked to", "when asked")
	// A first verb that runs a program: the process domain's recognisers own these.
	fbCommandVerbs = lazyMap(func() map[string]bool {
		return map[string]bool{"run": true, "execute": true, "invoke": true, "build": true, "install": true,
			"rerun": true, "re-run": true, "launch": true, "call": true, "type": true, "compile": true, "regenerate": true, "generate": true}
	})
	fbPreferVerbs = lazyMap(func() map[string]bool {
		return map[string]bool{"use": true, "prefer": true, "avoid": true}
	})
	// Judgements of quality that only a reader (or a model) can make.
	fbSubjectiveWords = newPhrases("clear", "clearly", "concise", "concisely", "readable", "readability", "meaningful",
		"descriptive", "self-explanatory", "idiomatic", "elegant", "clean", "simple", "simplicity", "appropriate",
		"appropriately", "reasonable", "sensible", "careful", "carefully", "thoughtful", "good", "best practice*",
		"maintainab*", "understandable", "consistent", "consistently", "minimal", "focused", "small", "well-*",
		"robust", "thorough", "thoroughly", "properly", "correct", "correctly", "necessary", "unnecessary",
		"excessive", "over-engineer*", "overengineer*", "when possible", "where possible", "if possible",
		"when appropriate", "where appropriate", "if relevant", "high-value", "useful", "helpful", "obvious",
		"non-obvious", "reliable", "efficient", "performant")
	// The code and its design: what a model judging files could look at.
	fbCodeWords = newPhrases("code", "codebase", "function*", "method*", "class", "classes", "module*", "component*",
		"api", "apis", "interface*", "type", "types", "typed", "variable*", "constant*", "import*", "export*", "struct*",
		"field*", "parameter*", "argument*", "return*", "error*", "exception*", "panic*", "dependenc*", "package*",
		"librar*", "layer*", "service*", "endpoint*", "schema*", "database*", "queries", "query", "storage", "state",
		"logging", "log", "logs", "logger*", "comment*", "docstring*", "annotation*", "decorator*", "generic*", "async",
		"await", "promise*", "callback*", "hook*", "props", "test", "tests", "fixture*", "mock*", "assertion*", "assert*",
		"migration*", "abstraction*", "architecture", "design", "pattern*", "boundar*", "coupling", "coupled", "decoupled",
		"responsibilit*", "encapsulat*", "separation", "implementation*", "refactor*", "naming", "names", "name",
		"global*", "singleton*", "null", "nil", "undefined", "optional", "unsafe", "unwrap", "thread*", "lock*", "mutex*",
		"concurren*", "memory", "allocation*", "secret*", "credential*", "password*", "token*", "validation", "validate*",
		"sanitiz*", "backward*-compat*", "backwards compat*", "breaking change*", "jsdoc", "rustdoc", "javadoc",
		"doc comment*", "handler*", "model*", "models", "dataclass*", "enum*", "trait*", "macro*", "closure*", "lambda*",
		"regex*", "string*", "integer*", "loop*", "recursion", "mutable", "immutable", "mutation*", "side effect*",
		"public", "private", "internal", "override*", "subclass*", "inherit*", "constructor*", "getter*", "setter*")
	fbCommitWords = newPhrases("commit message*", "commit title*", "commit subject*", "commit body", "commit bodies",
		"squash*", "sign-off", "signed-off-by", "trailer*", "commits")
	fbPrWords = newPhrases("pull request*", "pr", "prs", "pr title*", "pr description*", "merge request*", "changelog*",
		"release note*")
	// "Debugging: append ..." and "`DEBUG`: ..." lead with a label: the verb follows it.
	fallbackLabelRE = lazyre.New(`^[^:]{1,40}:\s+`)
)

// ReadFallback reads a sentence no recogniser compiled.
func ReadFallback(text string, code CodeFacts) Fallback {
	k := Fallback{On: FallbackOnFiles}
	text = strings.TrimSpace(text)
	hasCode := code.Spans > 0 || code.CodeBlock
	ws := proseWords(stripSpans(text))
	verb := FirstVerb(text)
	switch {
	case len(ws)+code.Spans < 3 || strings.HasSuffix(text, ":"):
		// A fragment, a table cell or a lead-in to an example: nothing stands alone.
		k.Reason = FallbackNoClaim
		return k
	case fbForeignWords.In(ws):
		k.Reason = FallbackForeignTool
		return k
	case fbWorkflowVerbs()[verb] || fbWorkflowVerbs()[firstProseWord(ws)] || fbWorkflowPhrases.In(ws):
		k.Reason = FallbackWorkflow
		return k
	case fbCommandVerbs()[verb]:
		if hasCode {
			k.Reason = FallbackNoRecognizer
		} else {
			k.Reason = FallbackWorkflow
		}
		return k
	}
	low := strings.ToLower(text)
	if fbPreferVerbs()[verb] && hasCode && (code.Negated || strings.Contains(low, "instead") || strings.Contains(low, " over ")) {
		// "Use `X`, not `Y`", "Prefer `X` over `Y`": a family the recognisers own.
		k.Reason = FallbackNoRecognizer
		return k
	}
	switch {
	case fbCommitWords.In(ws):
		k.On, k.Semantic = FallbackOnCommits, true
	case fbPrWords.In(ws):
		k.On, k.Semantic = FallbackOnPR, true
	case fbCodeWords.In(ws) || (hasCode && code.Negated):
		k.Semantic = true
	}
	switch {
	case k.Semantic || fbSubjectiveWords.In(ws):
		k.Reason = FallbackNeedsModel
	case hasCode, fbPreferVerbs()[verb] && (code.Negated || strings.Contains(strings.ToLower(text), "instead")):
		// "Use X, not Y", "Prefer X over Y": a family the recognisers own.
		k.Reason = FallbackNoRecognizer
	default:
		k.Reason = FallbackNoClaim
	}
	return k
}

// WorkflowVerb reports whether a sentence's first verb describes how to work, runs a
// program, or states a preference ("use", "prefer", "avoid"): what it names is no
// subject of the sentence.
func WorkflowVerb(v string) bool {
	return fbWorkflowVerbs()[v] || fbCommandVerbs()[v] || fbPreferVerbs()[v]
}

// stripSpans removes inline code spans: their content is code, not prose ("`code`"
// must not make a sentence about code).
func stripSpans(s string) string {
	return codeSpanRE().ReplaceAllString(s, " ")
}

func firstProseWord(ws []string) string {
	if len(ws) == 0 {
		return ""
	}
	return ws[0]
}

// FirstVerb is the first word of the sentence after a leading label, lower case, with
// an adverb such as "always" or "never" skipped.
func FirstVerb(text string) string {
	t := strings.TrimSpace(text)
	if m := fallbackLabelRE.FindString(t); m != "" && !strings.Contains(m, "`") {
		t = t[len(m):]
	}
	for _, w := range proseWords(stripSpans(t)) {
		switch w {
		case "always", "never", "do", "don't", "dont", "not", "please", "you", "must", "should", "also", "then", "first",
			"only", "just", "still", "again", "additionally", "finally", "next", "now", "and", "or", "so", "to", "we":
			continue
		}
		return w
	}
	return ""
}
