package compile

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules/semantic"
)

// kindOf is what the fallback classifier makes of a constraint no recogniser compiled.
type kindOf struct {
	// semantic: a must rule about the code's design that a model could judge.
	semantic bool
	// on: what a judge rule would look at.
	on string
	// reason: why it stays unenforced when no judge rule is made.
	reason string
}

// The classifier is conservative word matching. It never decides to emit an
// executable check (that is the recognisers' job, and precision matters more than
// recall); it decides between "a model could judge this about the code" and the reason
// for not enforcing, so the coverage table says honestly where rules go.
var (
	// Services, people and programs outside the repository heed cannot observe.
	foreignWords = newPhrases("slack", "discord", "jira", "trac", "mailing list", "issue tracker", "forum", "django-forum",
		"zulip", "gitter", "irc", "email", "e-mail", "browser", "ide", "ides", "vs code", "vscode", "intellij", "editor",
		"web ui", "github ui", "dashboard", "buildkite", "jenkins", "grafana", "datadog", "sentry", "1password", "figma",
		"notion", "linear", "ci passes", "ci pass", "ci is green", "wait for ci", "ci runs", "ci run", "cla",
		"contributor license", "labels", "label", "milestone", "assignee", "triage", "stack overflow", "twitter", "blog")
	// A first verb that describes how to work rather than what the result must be.
	workflowVerbs = lazy.Value[map[string]bool]{F: func() map[string]bool {
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
	}}
	workflowPhrases = newPhrases("ask the user", "ask me", "tell the user", "the user has", "if the user", "unless the user",
		"requested by the user", "user asks", "user asked", "review comments", "reviewers", "reviewer", "maintainers",
		"maintainer", "merger", "mergers", "committer", "committers", "core team", "when in doubt", "if unsure",
		"if you are unsure", "if you're unsure", "before starting", "as needed", "as-needed", "self-verification",
		"to understand", "for details", "for more information", "more details", "see the", "read the",
		"before running", "after running", "when running", "while running", "if you are running", "if you're running",
		"you encounter", "if you encounter", "when you encounter", "before you start", "before starting work",
		"before editing", "before making changes", "before suggesting", "explicitly asked", "asked to", "when asked")
	// A first verb that runs a program: the process domain's recognisers own these.
	commandVerbs = lazy.Value[map[string]bool]{F: func() map[string]bool {
		return map[string]bool{"run": true, "execute": true, "invoke": true, "build": true, "install": true,
			"rerun": true, "re-run": true, "launch": true, "call": true, "type": true, "compile": true, "regenerate": true, "generate": true}
	}}
	preferVerbs = lazy.Value[map[string]bool]{F: func() map[string]bool {
		return map[string]bool{"use": true, "prefer": true, "avoid": true}
	}}
	// Judgements of quality that only a reader (or a model) can make.
	subjectiveWords = newPhrases("clear", "clearly", "concise", "concisely", "readable", "readability", "meaningful",
		"descriptive", "self-explanatory", "idiomatic", "elegant", "clean", "simple", "simplicity", "appropriate",
		"appropriately", "reasonable", "sensible", "careful", "carefully", "thoughtful", "good", "best practice*",
		"maintainab*", "understandable", "consistent", "consistently", "minimal", "focused", "small", "well-*",
		"robust", "thorough", "thoroughly", "properly", "correct", "correctly", "necessary", "unnecessary",
		"excessive", "over-engineer*", "overengineer*", "when possible", "where possible", "if possible",
		"when appropriate", "where appropriate", "if relevant", "high-value", "useful", "helpful", "obvious",
		"non-obvious", "reliable", "efficient", "performant")
	// The code and its design: what a model judging files could look at.
	codeWords = newPhrases("code", "codebase", "function*", "method*", "class", "classes", "module*", "component*",
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
	commitWords = newPhrases("commit message*", "commit title*", "commit subject*", "commit body", "commit bodies",
		"squash*", "sign-off", "signed-off-by", "trailer*", "commits")
	prWords = newPhrases("pull request*", "pr", "prs", "pr title*", "pr description*", "merge request*", "changelog*",
		"release note*")
	// "Debugging: append ..." and "`DEBUG`: ..." lead with a label: the verb follows it.
	labelRE = lazyre.New(`^[^:]{1,40}:\s+`)
)

func classify(c *policy.Constraint) kindOf {
	k := kindOf{on: semantic.OnFiles}
	text := strings.TrimSpace(c.Text)
	prose := recognize.CodeSpans(text) // only to know whether code is named
	hasCode := len(prose) > 0 || len(c.Code) > 0
	ws := words(stripSpans(text))
	verb := firstVerb(text)
	switch {
	case len(ws)+len(prose) < 3 || strings.HasSuffix(text, ":"):
		// A fragment, a table cell or a lead-in to an example: nothing stands alone.
		k.reason = ReasonNoClaim
		return k
	case foreignWords.In(ws):
		k.reason = ReasonForeignTool
		return k
	case workflowVerbs.Get()[verb] || workflowVerbs.Get()[firstWord(ws)] || workflowPhrases.In(ws):
		k.reason = ReasonWorkflow
		return k
	case commandVerbs.Get()[verb]:
		if hasCode {
			k.reason = ReasonNoRecognizer
		} else {
			k.reason = ReasonWorkflow
		}
		return k
	}
	low := strings.ToLower(text)
	if preferVerbs.Get()[verb] && hasCode && (recognize.Negated(text) || strings.Contains(low, "instead") || strings.Contains(low, " over ")) {
		// "Use `X`, not `Y`", "Prefer `X` over `Y`": a family the recognisers own.
		k.reason = ReasonNoRecognizer
		return k
	}
	switch {
	case commitWords.In(ws):
		k.on, k.semantic = semantic.OnCommits, true
	case prWords.In(ws):
		k.on, k.semantic = semantic.OnPR, true
	case codeWords.In(ws) || (hasCode && recognize.Negated(text)):
		k.semantic = true
	}
	switch {
	case k.semantic || subjectiveWords.In(ws):
		k.reason = ReasonNeedsModel
	case hasCode, preferVerbs.Get()[verb] && (recognize.Negated(text) || strings.Contains(strings.ToLower(text), "instead")):
		// "Use X, not Y", "Prefer X over Y": a family the recognisers own.
		k.reason = ReasonNoRecognizer
	default:
		k.reason = ReasonNoClaim
	}
	return k
}

// stripSpans removes inline code spans: their content is code, not prose ("`code`"
// must not make a sentence about code).
func stripSpans(s string) string {
	return codeSpanRE.ReplaceAllString(s, " ")
}

var codeSpanRE = lazyre.New("`+[^`]*`+")

func firstWord(ws []string) string {
	if len(ws) == 0 {
		return ""
	}
	return ws[0]
}

// firstVerb is the first word of the sentence after a leading label, lower case, with
// an adverb such as "always" or "never" skipped.
func firstVerb(text string) string {
	t := strings.TrimSpace(text)
	if m := labelRE.FindString(t); m != "" && !strings.Contains(m, "`") {
		t = t[len(m):]
	}
	for _, w := range words(stripSpans(t)) {
		switch w {
		case "always", "never", "do", "don't", "dont", "not", "please", "you", "must", "should", "also", "then", "first",
			"only", "just", "still", "again", "additionally", "finally", "next", "now", "and", "or", "so", "to", "we":
			continue
		}
		return w
	}
	return ""
}
