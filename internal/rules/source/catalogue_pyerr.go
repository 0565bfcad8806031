package source

import (
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazyre"
)

// Error handling and logging conventions of Python that SWE-CC's projects and
// contributing guides state in general words (session 42, issue 20; own sentences
// internal/compile/testdata/own-sentences-300.txt): exception chaining with `raise ...
// from`, no generic `Exception` raised, the module logger from `__name__` and no calls
// of the root logger's functions. Each Names reads a demand or a ban and leaves alone a
// sentence that only describes the code.

var (
	// raiseFromRE: chaining asked for ("raise ... from err", "`from e` or `from None`",
	// "exception chaining", "chain the original exception").
	raiseFromSpanRE = lazyre.New(`^(?:raise\b.*\bfrom\b.*|from (?:e|err|exc|error|ex|None|\w+))$`)
	raiseFromWordRE = lazyre.New(`\bexception chaining\b|\bchain(?:s|ed)? (?:the )?(?:original |underlying |caught )?exceptions?\b|\bchain(?:ing)? (?:it|them) with\b`)
	// raiseFromWhenRE: the sentence is about raising while handling ("re-raising",
	// "translating exceptions", "inside an except block", "while handling another").
	raiseFromWhenRE = lazyre.New(`\bre-?rais|\b(?:translat|convert)\w* (?:exceptions?|errors?)\b|\bwrap\w* (?:exceptions?|errors?)\b|\bexcept\b|\bwhile handling\b|\bhandling (?:another|an?|the) (?:exception|error)\b|\bnew exception\b|\bexception chaining\b|\bchain`)

	// genericRaiseRE: "raise a bare `Exception`", "raise generic exceptions", "raise
	// a specific exception class".
	genericRaiseRE = lazyre.New("\\brais(?:e|es|ing)\\b[^.;]*?(?:`(?:raise )?(?:Exception|BaseException)(?:\\(\\.\\.\\.\\)|\\(\\))?`|\\b(?:bare|generic|general|base|plain|broad) (?:`?exception`?s?|exception class(?:es)?)\\b)")

	// rootLoggerRE: the root logger's functions banned ("never log through the root
	// logger", "don't call the logging module's functions directly").
	rootLoggerRE     = lazyre.New(`\broot logger\b|\blogging module'?s? (?:functions|helpers) directly\b|\bmodule-level logging functions\b`)
	rootLoggerSpanRE = lazyre.New(`^logging\.(?:debug|info|warning|warn|error|exception|critical|log)(?:\(\)|\(\.\.\.\))?$`)

	// getLoggerNameRE: the module logger named by the module ("`logging.getLogger(__name__)`").
	getLoggerNameRE = lazyre.New(`^(?:\w+ ?= ?)?logging\.getLogger\(__name__\)$`)
	// loggerDemandRE: a demand for it, not a description of one module.
	loggerDemandRE = lazyre.New(`^(?:always )?(?:create|use|define|get|obtain|declare|instantiate|set up)\b|\b(?:must|should|always|every|each|all)\b|\b(?:loggers? (?:are|is) (?:created|obtained|named) (?:with|by|through|via))\b`)
)

// raiseFromNamed: exception chaining asked for when a new exception is raised while
// another is handled.
func raiseFromNamed(s *sentence) bool {
	if !s.has(raiseFromWhenRE) || s.conditionalBeyond(raiseFromCondRE) {
		return false
	}
	if s.negated() && !s.has(words(`\b(?:always|must|should)\b`)) {
		// "don't chain exceptions": no demand for chaining
		return false
	}
	if s.spanMatches(raiseFromSpanRE) {
		return true
	}
	// "chain them with `from`" speaks of exceptions; "Chain them with `&&`:" of
	// commands
	return s.has(raiseFromWordRE) && s.has(words(`\b(?:exceptions?|errors?|rais\w*|except|traceback)\b`))
}

var pyRaiseFrom = &Entry{
	Name:  "py-raise-without-from",
	Title: "an exception raised while handling another without `from`",
	Names: raiseFromNamed,
	// "raise NewError(...) from exc" is the form asked for: not a ban of raise
	ClaimPrefixes: []string{"raise ", "from "},
	// a raise of a constructed exception inside an except clause may be meant to
	// hide the cause (`from None` says so; a bare re-raise keeps it): a warning
	// unless the sentence names the form exactly
	Warn:       func(s *sentence) bool { return !s.spanMatches(raiseFromSpanRE) },
	Message:    "a new exception raised inside `except` without `from`: the original traceback is lost",
	Suggestion: "chain it: `raise NewError(...) from err` (or `from None` to hide the cause on purpose)",
	Locates:    exceptBlockRE,
	Variants: []Variant{{Lang: engine.LangPython, Needles: []string{"raise"},
		// a raise in the handler's own block, or under one `if` in it: a function
		// defined inside the handler raises later, outside it
		Query: `(except_clause (block (raise_statement (call) !cause) @match))
(except_clause (block (if_statement consequence: (block (raise_statement (call) !cause) @match))))
(except_clause (block (if_statement alternative: (else_clause body: (block (raise_statement (call) !cause) @match)))))`,
		Bad: []string{
			"def parse(s):\n    try:\n        return int(s)\n    except ValueError:\n        «raise ParseError(s)»\n",
			"try:\n    f()\nexcept KeyError as e:\n    if strict:\n        «raise LookupFailed(str(e))»\n",
		},
		Good: []string{
			"def parse(s):\n    try:\n        return int(s)\n    except ValueError as err:\n        raise ParseError(s) from err\n",
			"def parse(s):\n    try:\n        return int(s)\n    except ValueError:\n        raise\n",
			"def parse(s):\n    if not s:\n        raise ParseError(s)\n",
			"try:\n    f()\nexcept KeyError as e:\n    raise e\n",
			"try:\n    f()\nexcept KeyError:\n    def g():\n        raise LookupFailed()\n",
		}}},
}

// raiseFromCondRE: a leading condition that is the rule's own antecedent, which its
// query locates ("when re-raising inside an `except` block", "when you raise a new
// exception while handling another", "when translating exceptions").
var raiseFromCondRE = lazyre.New(`\b(?:when|whenever|if)\b (?:you )?(?:re-?rais\w*|rais\w* (?:an? |the )?(?:new |different |another )?(?:exception|error)s?|translat\w* (?:exceptions?|errors?)|wrap\w* (?:exceptions?|errors?)|convert\w* (?:exceptions?|errors?))(?: (?:inside|in|within|from) (?:an? |the )?(?:CODE|except|try) (?:blocks?|clauses?|handlers?))?(?: (?:while|when) handling (?:another|an? (?:exception|error)|the (?:original|caught) (?:exception|error)))?`)

// exceptBlockRE: the region a raise-from rule names is the one its query locates.
var exceptBlockRE = lazyre.New(`^(?:CODE|except|try) (?:blocks?|clauses?|handlers?|bod(?:y|ies))$`)

// genericRaiseNamed: raising the base Exception banned, or specific exceptions asked
// for in a raise.
func genericRaiseNamed(s *sentence) bool {
	if !plain(s) {
		return false
	}
	if s.has(genericRaiseRE) && s.negated() {
		return true
	}
	// "raise a specific exception class", "raise specific exceptions, not Exception"
	return s.has(words(`\brais(?:e|ing)\b[^.;]{0,30}\b(?:specific|concrete|precise|custom|dedicated|meaningful) (?:built-?in )?(?:exception|error)s?\b`)) && s.has(words("\\bnot\\b[^.;]*`?exception`?|`exception`|\\bgeneric\\b|\\bbare\\b|\\bbase\\b"))
}

var pyGenericRaise = &Entry{
	Name:       "py-raise-generic-exception",
	Title:      "a raise of the base `Exception`",
	Names:      genericRaiseNamed,
	Claims:     []string{"Exception", "BaseException", "raise Exception", "raise Exception(...)", "raise Exception()", "Exception(...)"},
	Message:    "`raise {{match}}`: callers cannot catch it apart from every other error",
	Suggestion: "raise a specific built-in exception or a class of the project's own",
	NotInTests: true,
	// a test that raises a generic error to exercise a handler is the tests' idiom
	NotInTestFiles: true,
	Variants: []Variant{{Lang: engine.LangPython, Needles: []string{"Exception"},
		Query: `((raise_statement [(call function: (identifier) @match) (identifier) @match]) (#any-of? @match "Exception" "BaseException"))`,
		Bad:   []string{"def f(x):\n    if x < 0:\n        raise «Exception»(\"negative\")\n    raise «Exception»\n"},
		Good: []string{
			"def f(x):\n    if x < 0:\n        raise ValueError(\"negative\")\n",
			"class Error(Exception):\n    pass\n\n\ntry:\n    f()\nexcept Exception:\n    raise\n",
			"# raise Exception(\"x\")\ns = \"raise Exception\"\n",
		}}},
}

// rootLoggerNamed: calls of the logging module's own functions banned.
func rootLoggerNamed(s *sentence) bool {
	if !plain(s) {
		return false
	}
	if s.has(rootLoggerRE) && s.negated() {
		return true
	}
	return s.negated() && s.spanMatches(rootLoggerSpanRE) && s.has(words(`\blog`))
}

var pyRootLogger = &Entry{
	Name:   "py-root-logger",
	Title:  "a call of the root logger's functions (`logging.info(...)`)",
	Names:  rootLoggerNamed,
	Claims: []string{"logging.debug()", "logging.info()", "logging.warning()", "logging.error()", "logging.exception()", "logging.critical()", "logging.debug(...)", "logging.info(...)", "logging.warning(...)", "logging.error(...)", "logging.debug", "logging.info", "logging.warning", "logging.error"},
	// a script's or a command's own entry point may configure and use the root logger
	Exclude:    []string{"main"},
	Message:    "`{{match}}` logs through the root logger",
	Suggestion: "log through the module's logger: `logger = logging.getLogger(__name__)`",
	Variants: []Variant{{Lang: engine.LangPython, Needles: []string{"logging."},
		Query: `((call function: (attribute object: (identifier) @m attribute: (identifier) @f) @match) (#eq? @m "logging") (#any-of? @f "debug" "info" "warning" "warn" "error" "exception" "critical" "fatal" "log"))`,
		Bad:   []string{"import logging\n\n\ndef run(job):\n    «logging.info»(\"running %s\", job)\n"},
		Good: []string{
			"import logging\n\nlog = logging.getLogger(__name__)\nlogging.basicConfig(level=logging.INFO)\n\n\ndef run(job):\n    log.info(\"running %s\", job)\n",
			"# logging.info(\"x\")\ns = \"logging.info\"\n",
		}}},
}

// loggerNameNamed: the module logger asked for by its form.
func loggerNameNamed(s *sentence) bool {
	if !plain(s) || !s.spanMatches(getLoggerNameRE) || s.negPhrase(words(`getlogger\(__name__\)`)) {
		return false
	}
	p := strings.TrimLeft(s.prose(), "-* ")
	// "`logger = logging.getLogger(__name__)` at module level": the form stated as
	// where it goes
	return loggerDemandRE.MatchString(p) || loggerPlaceRE.MatchString(p)
}

// loggerPlaceRE: the logger's form stated with its place, the way a convention list
// writes it.
var loggerPlaceRE = lazyre.New(`^CODE (?:at|in) (?:the )?(?:module level|top of (?:each|every|the) module|module scope)\b`)

var pyLoggerName = &Entry{
	Name:          "py-logger-name",
	Title:         "a logger not named by its module (`logging.getLogger(__name__)`)",
	Names:         loggerNameNamed,
	ClaimPrefixes: []string{"logging.getLogger(", "logger = logging.getLogger(", "log = logging.getLogger(", "_log = logging.getLogger(", "_logger = logging.getLogger("},
	// a logger named on purpose (an audit channel) is an exception the code cannot show
	Warn:       func(*sentence) bool { return true },
	Inexact:    true,
	Message:    "`{{match}}`: a logger not named by its module",
	Suggestion: "use `logging.getLogger(__name__)`",
	Variants: []Variant{{Lang: engine.LangPython, Needles: []string{"getLogger"},
		Query: `((call function: (attribute object: (identifier) @m attribute: (identifier) @f) arguments: (argument_list . (_) @arg) @match) (#eq? @m "logging") (#eq? @f "getLogger") (#not-eq? @arg "__name__"))`,
		Bad:   []string{"import logging\n\nlog = logging.getLogger«(\"shop\")»\n"},
		Good: []string{
			"import logging\n\nlog = logging.getLogger(__name__)\nroot = logging.getLogger()\n",
			"# logging.getLogger(\"shop\")\n",
		}}},
}

// swallowNamed: exceptions swallowed banned ("don't silently swallow exceptions",
// "never `except ...: pass`", "no empty except blocks").
func swallowNamed(s *sentence) bool {
	if !plain(s) {
		return false
	}
	// "silently" or the handler's form: "don't swallow exceptions" alone is also a
	// library's promise about its users' errors (sentry-python AGENTS.md:45)
	if s.negPhrase(words(`\bsilently (?:swallow\w*|suppress\w*|ignor\w*|hid\w*) (?:the |any |all )?(?:exceptions?|errors?)\b|\bempty (?:except|catch) (?:blocks?|clauses?)\b|\bexcept\b[^.;]*\bpass\b`)) {
		return true
	}
	return s.spanMatches(swallowSpanRE) && s.negated()
}

// swallowSpanRE: the swallowing handler written as code.
var swallowSpanRE = lazyre.New(`^except(?: [\w.(), ]+| \.\.\.)?: ?pass$`)

var pySwallowed = &Entry{
	Name:  "py-swallowed-exception",
	Title: "an exception swallowed (`except ...: pass`)",
	Names: swallowNamed,
	// a handler that only passes may be deliberate (an optional import, a best-effort
	// cleanup): a comment on it is the project's documented exception, and a query
	// cannot tell the rest apart
	Warn:           func(*sentence) bool { return true },
	Inexact:        true,
	CommentExempts: true,
	// "No broad `except: pass`": the handlers that catch everything
	Narrow: func(s *sentence, q string) string {
		if s.has(words(`\b(?:broad|bare|blanket|catch-all|generic|blind)\b[^.;]{0,20}\bexcept`)) {
			return broadSwallowQuery
		}
		return q
	},
	Message:    "an exception swallowed: the handler only passes",
	Suggestion: "log it, re-raise it, or say in a comment why it is safe to ignore",
	Variants: []Variant{{Lang: engine.LangPython, Needles: []string{"pass"},
		Query: `((except_clause (block . (pass_statement) .) @match))`,
		// (the first sample catches everything: it stays the violated case of a rule
		// narrowed to broad handlers)
		Bad: []string{"try:\n    os.remove(p)\nexcept Exception:\n    «pass»\n", "try:\n    os.remove(p)\nexcept OSError:\n    «pass»\n"},
		Good: []string{
			"try:\n    os.remove(p)\nexcept OSError:\n    log.debug(\"could not remove %s\", p)\n",
			"try:\n    os.remove(p)\nexcept OSError:\n    pass  # already gone\n",
			"try:\n    f()\nexcept KeyError:\n    raise\n",
		}}},
}

// broadSwallowQuery is a handler of every exception (bare, `Exception`,
// `BaseException`) that only passes.
const broadSwallowQuery = `((except_clause (block . (pass_statement) .) @match) @c (#match? @c "^except(?:\\s*\\(?\\s*(?:builtins\\.)?(?:Exception|BaseException)\\s*\\)?(?:\\s+as\\s+\\w+)?)?\\s*:"))`
