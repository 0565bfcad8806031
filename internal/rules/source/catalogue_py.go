package source

import (
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lang"
	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/lazyre"
)

// General Python conventions many projects state in their style guides (session 29,
// issue 20): print instead of logging, PEP 604 unions, PEP 585 generics, functions
// without type annotations, unittest.TestCase classes. Catalogue lists them in one line.

var (
	// printWordRE: print as a construct in plain words ("print statements", "`print()`
	// calls"), not the verb of an instruction ("print the summary").
	printWordRE = lazyre.New("(?:`print(?:\\(\\))?`|\\bprint(?:\\(\\))?) ?(?:statements?|calls?|functions?)\\b|`print(?:\\(\\)|\\(\\.\\.\\.\\))?`")
	// loggingOverPrintRE: "use logging rather than print", "log through the logger
	// instead of print()".
	loggingOverPrintRE = lazyre.New("(?:\\blogging\\b|\\bloggers?\\b|`logging`|`(?:_?log|logger)[\\w.]*`|\\bthe log\\b)[^.;]*\\b(?:instead of|rather than|over|not)\\b (?:using |calling )?(?:`?print(?:\\(\\))?`?)(?:\\W|$)")
	// printPurposeRE: a purpose heed cannot see in the call ("for debug output",
	// "for diagnostics"): a print that is the program's output is allowed.
	messagesThroughLogRE = lazyre.New("\\b(?:emit|send|write|report|output)\\b[^.;]*\\b(?:messages?|output)\\b[^.;]*\\b(?:through|via|with)\\b[^.;]*`(?:_?log|logger|logging)\\.(?:info|debug|warning)(?:\\(\\))?`")
	printAnyRE           = lazyre.New(`\bprint`)
	printPurposeRE       = lazyre.New(`\bfor (?:debug(?:ging)?|diagnostics?|diagnostic output|tracing|logging)\b|\bdebug (?:output|messages?|prints?)\b`)

	pipeUnionSpanRE = lazyre.New(`^[\w.\[\], ]+ ?\| ?[\w.\[\], ]+$|^\|$`)
	oldUnionSpanRE  = lazyre.New(`^(?:typing\.)?(?:Optional|Union)(?:\[.*\])?$`)
	modernTypingRE  = lazyre.New(`\bmodern (?:python )?(?:type hints?|type annotations?|typing|annotations?)\b`)
	unionWordsRE    = lazyre.New(`\bpep ?604\b|\bunion (?:syntax|operator|type syntax)\b`)

	oldGenericSpanRE = lazyre.New(`^(?:typing\.)?(?:List|Dict|Tuple|Set|FrozenSet|Type|DefaultDict|Deque)(?:\[.*\])?$`)
	newGenericSpanRE = lazyre.New(`^(?:list|dict|tuple|set|frozenset|type)(?:\[.*\])?$`)
	newGenericWordRE = lazyre.New(`\bpep ?585\b|\bbuilt-?in generics?\b|\b(?:lowercase|built-?in) (?:built-?in )?(?:collection )?types\b`)

	typingNamedRE = lazyre.New("`typing`|\\bfrom `?typing\\b|\\btyping (?:module|aliases)\\b")

	typeHintRE   = lazyre.New(`\btype[- ](?:hints?|annotations?|annotated)\b|\bannotate(?:d)?\b|\bfully typed\b|\bannotations\b`)
	typeHintOnRE = lazyre.New(`\b(?:functions?|methods?|signatures?|defs?|parameters?|arguments?|return (?:values?|types?))\b|\b(?:in|to|for|throughout) all (?:of )?(?:the |our )?(?:python )?code\b|\b(?:comprehensive|complete|thorough) type (?:hints|annotations)\b`)
	typeDemandRE = lazyre.New(`\b(?:must|should|need|needs|require[sd]?|add|use|include|always|all|every|any)\b`)
	publicWordRE = lazyre.New(`\bpublic\b|\bexported\b`)
	// returnTypeRE: return types named as what a declaration carries ("explicit return
	// type declarations", "declare explicit return types"): a type hint in other words.
	returnTypeRE = lazyre.New(`\b(?:explicit|declared?|declaring)\b[^.;]*\breturn types?\b|\breturn types? (?:declarations?|annotations?|hints?)\b`)
	// docWordRE: a sentence about documentation names return types as what a
	// docstring describes, not as annotations in the code.
	docWordRE = lazyre.New(`\bdocstrings?\b|\bdocument(?:s|ed|ing|ation)?\b|\b(?:js|php|ts)doc\b|@returns?\b`)
	// hookWordRE: React's custom hooks, functions named `use...`.
	hookWordRE    = lazyre.New(`(?i)\b(?:custom|react) hooks?\b`)
	unittestRE    = lazyre.New("`unittest(?:\\.TestCase)?`|`TestCase`|\\bunittest(?:-style)?\\b")
	pytestOverRE  = lazyre.New("\\bpytest\\b[^.;]*\\b(?:not|instead of|rather than|over)\\b[^.;]*(?:`unittest(?:\\.TestCase)?`|`TestCase`|\\bunittest\\b)")
	subclassingRE = lazyre.New(`\bsubclass(?:es|ing)?\b|\binherit(?:s|ing)?\b|\bclasses\b`)
)

// spanMatches reports whether a code span of the sentence matches the pattern.
func (s *sentence) spanMatches(re *lazyre.RE) bool {
	for _, sp := range s.spans {
		if re.MatchString(sp) {
			return true
		}
	}
	return false
}

var pyPrint = &Entry{
	Name:  "py-print",
	Title: "`print()` instead of logging",
	Names: func(s *sentence) bool {
		if s.headerBans() && strings.HasPrefix(s.norm, "`print") {
			// "## Don't" over "- `print()` for diagnostics"
			return true
		}
		if s.banned("print()", "print(...)") {
			// "No `print()` in library code": the banned-API reader's
			return false
		}
		if messagesThroughLogRE.MatchString(s.norm) {
			// "Emit informational and debugging messages through `log.info()`": a
			// print is how such messages go around the log
			return true
		}
		return loggingOverPrintRE.MatchString(s.norm) || s.negPhrase(printWordRE)
	},
	Warn: func(s *sentence) bool {
		return printPurposeRE.MatchString(s.prose()) || !s.has(printAnyRE)
	},
	Claims:         []string{"print", "print()", "print(...)"},
	Message:        "`print()` call",
	Suggestion:     "log it through the module's logger (`logging.getLogger(__name__)`)",
	NotInTests:     true,
	NotInTestFiles: true,
	// a command-line program's output is its interface, and so is its __main__ block;
	// examples and scripts print to show what they do
	Exclude:      []string{"programs", "main"},
	ExcludeGlobs: []string{"**/examples/**", "examples/**", "**/*-examples/**", "**/testing/**", "**/scripts/**", "scripts/**", "ci/**", "tools/**", "bin/**", "benchmarks/**", "docs/**", "doc/**"},
	Variants: []Variant{{Lang: engine.LangPython,
		Query:   `((call function: (identifier) @match) (#eq? @match "print") (#not-in-main? @match) (#not-output-code? @match))`,
		Needles: []string{"print"},
		Bad:     []string{"def total(items):\n    «print»(\"total\")\n    return sum(items)\n"},
		Good: []string{
			"def total(items):\n    log.debug(\"total\")\n    return sum(items)\n",
			"# print(items)\ns = \"print(x)\"\nout.print(x)\npprint(x)\n",
			"if __name__ == \"__main__\":\n    print(main())\n",
			"def print_tree(t):\n    print(t)\n\n\ndef cprint(*a):\n    print(*a)\n\n\ndef solve(f, verbose=False, print_report=False):\n    if print_report:\n        print(f)\n    if verbose:\n        print(f)\n    if self.verbose and f:\n        print(f)\n",
			"import argparse\n\nparser = argparse.ArgumentParser()\n\n\ndef run(args):\n    print(args)\n",
		}}},
}

// optionalWordRE and unionWordRE: the sentence names typing's Optional, or Union.
var (
	optionalWordRE = words(`(?i)\boptional\b`)
	unionWordRE    = words(`(?i)\bunion\b`)
)

// unionOverRE: a sentence that puts one form of a union over the other.
var unionOverRE = words(`\b(?:instead\s+of|over|rather\s+than|not|no|never|avoid|replace[sd]?|prefer(?:red)?|deprecated|legacy|old)\b`)

var pyUnion = &Entry{
	Name:  "py-pep604-union",
	Title: "`Optional[X]` / `Union[X, Y]` instead of `X | Y`",
	Names: func(s *sentence) bool {
		pipe := s.spanMatches(pipeUnionSpanRE) || s.has(unionWordsRE)
		old := s.spanMatches(oldUnionSpanRE)
		if old && pipe && !s.negated() && !s.has(unionOverRE) {
			// "`X | Y` unions, ..., `Optional` for nullable params": both forms
			// prescribed, each for its own use (wild round 22, Vision-Agents)
			return false
		}
		if s.spanMatches(pipeUnionSpanRE) && s.has(modernTypingRE) {
			// "Modern Python type hints (`str | None`, `list[str]`)": the modern
			// form shown is the one to write
			return true
		}
		if pipe {
			return old || s.has(unionWordsRE)
		}
		// "Don't import `Optional` or `Union` from `typing`" (the clause before
		// "; write `str | None`")
		return old && s.negated() && s.has(typingNamedRE)
	},
	ClaimPrefixes: []string{"Optional", "Union", "typing.Optional", "typing.Union"},
	// "`X | None` instead of `Optional`" and "`X | Y` instead of `Union`" are two
	// preferences: a sentence that names one form bans that one (wild round 23,
	// logical_robotics_harness: every `Optional` reported twice)
	Narrow: func(s *sentence, q string) string {
		opt, union := s.has(optionalWordRE), s.has(unionWordRE)
		switch {
		case opt && !union:
			return strings.ReplaceAll(q, `"Optional" "Union"`, `"Optional"`)
		case union && !opt:
			return strings.ReplaceAll(q, `"Optional" "Union"`, `"Union"`)
		}
		return q
	},
	Message:    "`{{name}}[...]` annotation",
	Suggestion: "write the union with `|`: `X | None`, `X | Y`",
	Variants: []Variant{{Lang: engine.LangPython,
		// an annotation's `Optional[int]` is a generic_type, an expression's a subscript
		Query: `((generic_type (identifier) @name) @match (#any-of? @name "Optional" "Union") (#imported-from? @name "typing" "typing_extensions"))
((subscript value: (identifier) @name) @match (#any-of? @name "Optional" "Union") (#imported-from? @name "typing" "typing_extensions"))
((subscript value: (attribute object: (identifier) @mod attribute: (identifier) @name)) @match (#any-of? @mod "typing" "typing_extensions" "t") (#any-of? @name "Optional" "Union"))`,
		NeedlePattern: `\b(?:Optional|Union)\b`,
		Bad: []string{
			// (both forms in the first sample: it stays the violated case of a rule
			// narrowed to one of them)
			"from typing import Optional, Union\n\n\ndef f(x: «Optional[int]», y: «Union[int, str]») -> None:\n    pass\n",
			"import typing\n\nv: «typing.Union[int, str]» = 0\n",
		},
		Good: []string{
			"def f(x: int | None) -> None:\n    pass\n",
			"class Optional:\n    pass\n\n\nx = Optional[int]\n# Optional[int]\ns = \"Union[int, str]\"\n",
		}}},
}

var pyGenerics = &Entry{
	Name:  "py-pep585-generics",
	Title: "`typing.List` and friends instead of built-in generics",
	Names: func(s *sentence) bool {
		old := s.spanMatches(oldGenericSpanRE)
		if !old {
			// "Modern Python type hints (`str | None`, `list[str]`)"
			return s.spanMatches(newGenericSpanRE) && s.has(modernTypingRE)
		}
		// "Do not use `List` or `Dict` from `typing`" names the module, not the
		// built-in: a ban of typing's aliases
		return s.spanMatches(newGenericSpanRE) || s.has(newGenericWordRE) || s.negated() && s.has(typingNamedRE)
	},
	ClaimPrefixes: []string{"List", "Dict", "Tuple", "Set", "FrozenSet", "Type", "DefaultDict", "Deque", "typing.", "list", "dict", "tuple", "set", "frozenset", "type"},
	Message:       "`typing.{{name}}` annotation",
	Suggestion:    "use the built-in generic: `list[...]`, `dict[...]`, `tuple[...]`, `set[...]`, `type[...]`",
	Variants: []Variant{{Lang: engine.LangPython,
		Query: `((generic_type (identifier) @name) @match (#any-of? @name "List" "Dict" "Tuple" "Set" "FrozenSet" "Type" "DefaultDict" "Deque") (#imported-from? @name "typing" "typing_extensions"))
((subscript value: (identifier) @name) @match (#any-of? @name "List" "Dict" "Tuple" "Set" "FrozenSet" "Type" "DefaultDict" "Deque") (#imported-from? @name "typing" "typing_extensions"))
((subscript value: (attribute object: (identifier) @mod attribute: (identifier) @name)) @match (#any-of? @mod "typing" "typing_extensions" "t") (#any-of? @name "List" "Dict" "Tuple" "Set" "FrozenSet" "Type" "DefaultDict" "Deque"))`,
		NeedlePattern: `\b(?:List|Dict|Tuple|Set|FrozenSet|Type|DefaultDict|Deque)\b`,
		Bad: []string{
			"from typing import List\n\n\ndef f(xs: «List[int]») -> int:\n    return len(xs)\n",
			"import typing\n\nm: «typing.Dict[str, int]» = {}\n",
		},
		Good: []string{
			"def f(xs: list[int]) -> int:\n    return len(xs)\n",
			"class List:\n    pass\n\n\nx = List[3]\n# List[int]\ns = \"Dict[str, int]\"\n",
		}}},
}

// typeHintsDemanded: the sentence asks for type annotations on functions ("All
// functions must have type hints"), rather than mentioning or banning them.
func typeHintsDemanded(s *sentence) bool {
	if !s.has(typeHintRE) && !(s.has(returnTypeRE) && !s.has(docWordRE)) || !s.has(typeHintOnRE) || !s.has(typeDemandRE) || s.negated() {
		return false
	}
	if s.has(testWordRE) {
		// "ensure all test function parameters have type annotations": about tests,
		// which the entry leaves out
		return false
	}
	for _, m := range kindOfFunctionRE.FindAllStringSubmatch(s.prose(), -1) {
		if !functionsAllWords.Get()[m[1]] {
			// "Always use proper Eloquent relationship methods with return type
			// hints": a kind of function, which the syntax does not show
			return false
		}
	}
	// the query finds a missing return annotation: a sentence about parameters alone
	// is another rule
	return !s.has(paramWordRE) || s.has(returnWordRE) || s.has(allFunctionsRE)
}

var (
	// kindOfFunctionRE: the word before "functions" or "methods", which may name a
	// kind of function ("relationship methods", "helper functions").
	kindOfFunctionRE = lazyre.New(`\b([a-z][\w-]*) (?:functions?|methods?)\b`)
	// functionsAllWords: words before "functions" that name no kind of function.
	functionsAllWords = lazy.Value[map[string]bool]{F: func() map[string]bool {
		m := map[string]bool{}
		for _, w := range strings.Fields(`all every each any both the our your its their these those such other own
			public exported new non-test production library api module module-level top-level class instance static
			for with on in to of and or are be must should have has need needs that which declare declaring
			python php typescript javascript js ts go rust java kotlin ruby swift scala c async`) {
			m[w] = true
		}
		return m
	}}
	testWordRE   = lazyre.New(`\btests?\b|\btest (?:functions?|files?|code)\b`)
	paramWordRE  = lazyre.New(`\b(?:parameters?|arguments?|args)\b`)
	returnWordRE = lazyre.New(`\breturns?\b|\breturn (?:values?|types?)\b`)
	// allFunctionsRE: every function typed as a whole ("all functions must be fully
	// type-annotated"), which a missing return annotation violates
	allFunctionsRE = lazyre.New(`\b(?:fully|full|all|every)\b[^.;]*\b(?:functions?|methods?)\b|\b(?:functions?|methods?)\b[^.;]*\b(?:fully|full)\b`)
)

const untypedDefBad = "def add(a, b):\n    return a + b\n\n\nclass Box:\n    def «size»(self):\n        return 1\n"

var pyUntypedDef = &Entry{
	Name:  "py-untyped-def",
	Title: "a function without type annotations",
	Names: func(s *sentence) bool {
		return typeHintsDemanded(s) && !s.has(publicWordRE) && !s.has(hookWordRE)
	},
	Message:        "`{{name}}` has no return type annotation",
	Suggestion:     "annotate its parameters and its return type",
	NotInTests:     true,
	NotInTestFiles: true,
	Variants: append([]Variant{{Lang: engine.LangPython,
		// __init__ returns None by definition: type checkers take it as annotated once
		// one parameter is.
		Query:   `((function_definition name: (identifier) @name @match !return_type) (#not-eq? @name "__init__"))`,
		Needles: []string{"def"},
		Bad:     []string{"def «add»(a, b):\n    return a + b\n"},
		Good: []string{
			"def add(a: int, b: int) -> int:\n    return a + b\n\n\nclass A:\n    def __init__(self, x: int):\n        self.x = x\n",
			"# def add(a, b):\ns = \"def add(a, b):\"\nf = lambda x: x\n",
		}},
		Variant{Lang: engine.LangPHP, Query: phpUntypedQuery, Needles: []string{"function"},
			Bad:  []string{"<?php\nfunction «add»($a, $b)\n{\n    return $a + $b;\n}\n\nclass Box\n{\n    public function «size»()\n    {\n        return 1;\n    }\n}\n"},
			Good: []string{"<?php\nfunction add(int $a, int $b): int\n{\n    return $a + $b;\n}\n\nclass Box\n{\n    public function __construct(private int $n)\n    {\n    }\n\n    public function size(): int\n    {\n        return $this->n;\n    }\n}\n// function add($a, $b)\n$s = 'function add($a, $b)';\n"}},
	}, tsUntypedVariants(tsUntypedQuery, tsxUntypedQuery,
		[]string{"function «add»(a: number, b: number) {\n  return a + b;\n}\nclass Box {\n  «size»() {\n    return 1;\n  }\n}\n"},
		[]string{"function add(a: number, b: number): number {\n  return a + b;\n}\nclass Box {\n  constructor(private n: number) {}\n  size(): number {\n    return this.n;\n  }\n  set value(v: number) {\n    this.n = v;\n  }\n}\nconst f = (x: number) => x;\n// function add(a, b) {}\n"})...),
}

var pyUntypedPublicDef = &Entry{
	Name:  "py-untyped-public-def",
	Title: "a public function without type annotations",
	Names: func(s *sentence) bool {
		return typeHintsDemanded(s) && s.has(publicWordRE)
	},
	Message:        "public `{{name}}` has no return type annotation",
	Suggestion:     "annotate its parameters and its return type",
	NotInTests:     true,
	NotInTestFiles: true,
	Variants: []Variant{{Lang: engine.LangPython,
		Query:   `((function_definition name: (identifier) @name @match !return_type) @def (#not-eq? @name "__init__") (#not-match? @name "^_[^_]") (#not-inside? @def function_definition))`,
		Needles: []string{"def"},
		Bad:     []string{"def «public_api»(x):\n    return x\n\n\nclass A:\n    def «run»(self):\n        def inner(y):\n            return y\n        return inner\n"},
		Good: []string{
			"def public_api(x: int) -> int:\n    return x\n\n\ndef _helper(x):\n    return x\n",
			"# def public_api(x):\ns = \"def public_api(x):\"\n",
		}},
		Variant{Lang: engine.LangPHP, Query: phpUntypedPublicQuery, Needles: []string{"function"},
			Bad:  []string{"<?php\nfunction «add»($a, $b)\n{\n    return $a + $b;\n}\n\nclass Box\n{\n    public function «size»()\n    {\n        return 1;\n    }\n}\n"},
			Good: []string{"<?php\nclass Box\n{\n    public function size(): int\n    {\n        return 1;\n    }\n\n    private function helper()\n    {\n        return 2;\n    }\n}\n"}},
	},
}

// Return types in PHP and TypeScript (session 43): the same convention as Python's
// annotations, stated as "explicit return type declarations". A constructor or a
// setter takes none; in TSX a PascalCase function is a component, whose return type
// React files leave to inference.
const (
	phpUntypedQuery = `((function_definition name: (name) @name @match !return_type))
((method_declaration name: (name) @name @match !return_type) (#not-match? @name "^__(?:construct|destruct|clone)$"))`
	phpUntypedPublicQuery = `((function_definition name: (name) @name @match !return_type))
((method_declaration (visibility_modifier) @vis name: (name) @name @match !return_type) (#eq? @vis "public") (#not-match? @name "^__(?:construct|destruct|clone)$"))`
	tsUntypedQuery = `((function_declaration name: (identifier) @name @match !return_type))
((method_definition name: (property_identifier) @name @match !return_type) @def (#not-eq? @name "constructor") (#not-match? @def "^(?:(?:public|private|protected|static|override|readonly|async|declare|abstract)\\s+)*set\\s"))`
	tsxUntypedQuery = `((function_declaration name: (identifier) @name @match !return_type) (#not-match? @name "^[A-Z]"))
((method_definition name: (property_identifier) @name @match !return_type) @def (#not-eq? @name "constructor") (#not-match? @def "^(?:(?:public|private|protected|static|override|readonly|async|declare|abstract)\\s+)*set\\s"))`
	tsHookQuery = `((function_declaration name: (identifier) @name @match !return_type) (#match? @name "^use[A-Z0-9]"))
((variable_declarator name: (identifier) @name @match value: (arrow_function !return_type)) (#match? @name "^use[A-Z0-9]"))`
)

// tsUntypedVariants: the query in TypeScript, and in TSX for functions that are not
// components.
func tsUntypedVariants(query, tsxQuery string, bad, good []string) []Variant {
	return []Variant{
		{Lang: engine.LangTypeScript, Query: query, Needles: []string{"("}, Bad: bad, Good: good},
		{Lang: engine.LangTSX, Query: tsxQuery, Needles: []string{"("},
			Bad: bad, Good: append([]string{"export function Card() {\n  return <div />;\n}\n"}, good...)},
	}
}

var tsUntypedHook = &Entry{
	Name:  "ts-untyped-hook",
	Title: "a custom React hook without an explicit return type",
	Names: func(s *sentence) bool {
		return typeHintsDemanded(s) && s.has(hookWordRE)
	},
	Message:        "hook `{{name}}` has no explicit return type",
	Suggestion:     "declare the hook's return type",
	NotInTests:     true,
	NotInTestFiles: true,
	Variants: tsUntypedVariants(tsHookQuery, tsHookQuery,
		[]string{"export function «useCart»() {\n  return { items: [] };\n}\nexport const «useUser» = () => ({ id: 1 });\n"},
		[]string{"export function useCart(): Cart {\n  return { items: [] };\n}\nexport const useUser = (): User => ({ id: 1 });\nfunction user() {\n  return 1;\n}\n"}),
}

var pyUnittestClass = &Entry{
	Name:  "py-unittest-class",
	Title: "`unittest.TestCase` test classes instead of pytest functions",
	Names: func(s *sentence) bool {
		if !s.has(unittestRE) {
			return false
		}
		if s.banned("unittest.TestCase", "TestCase") || s.has(pytestOverRE) {
			return true
		}
		// "never use unittest classes", "avoid unittest-style test classes": a ban of
		// the classes, not of the module (unittest.mock is fine)
		return s.negated() && s.has(subclassingRE)
	},
	Claims:     []string{"unittest.TestCase", "TestCase", "unittest"},
	Message:    "`unittest.TestCase` test class",
	Suggestion: "write plain pytest test functions with `assert` and fixtures",
	Variants: []Variant{{Lang: engine.LangPython,
		Query: `((class_definition name: (identifier) @match superclasses: (argument_list (attribute object: (identifier) @mod attribute: (identifier) @base))) (#eq? @mod "unittest") (#any-of? @base "TestCase" "IsolatedAsyncioTestCase"))
((class_definition name: (identifier) @match superclasses: (argument_list (identifier) @base)) (#any-of? @base "TestCase" "IsolatedAsyncioTestCase") (#imported-from? @base "unittest"))`,
		Needles: []string{"TestCase"},
		Bad: []string{
			"import unittest\n\n\nclass «TestB»(unittest.TestCase):\n    def test_x(self):\n        pass\n",
			"from unittest import TestCase\n\n\nclass «TestC»(TestCase):\n    pass\n",
		},
		Good: []string{
			"def test_x():\n    assert 1 == 1\n\n\nclass TestD:\n    def test_y(self):\n        assert True\n",
			"from django.test import TestCase\n\n\nclass TestE(TestCase):\n    pass\n",
		}}},
}

var (
	// outputFuncRE: a function whose job is output (print_tree, pprint, show, dump,
	// main, a CLI command)
	outputFuncRE = lazyre.New(`(?i)print|^_*(?:show|display|dump|main|cli|echo)`)
	// verboseCondRE: a condition that says the user asked for the output
	verboseCondRE = lazyre.New(`\bverbose\b|\bverbosity\b|\bshow_\w+|\bprint_\w+`)
	// pyCLIRE: a Python command-line program without a __main__ block (argparse at
	// module level, click or typer commands)
	pyCLIRE = lazyre.New(`(?m)^\w+\s*=\s*argparse\.ArgumentParser\(|^@click\.(?:command|group)\b|^\w+\s*=\s*typer\.Typer\(|^\s*import\s+fire\b`)
)

// notOutputCode reports whether a print is not where printing is the code's job: in a
// function named for output, under a verbose flag, in a command-line program.
func notOutputCode(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool {
	n := nodeOf(m, p)
	if n == nil {
		return true
	}
	if pyCLIRE.Regexp().Match(t.Src) {
		return false
	}
	for a := n.Parent(); a != nil; a = a.Parent() {
		switch a.Kind() {
		case "function_definition":
			if outputFuncRE.MatchString(text(a.ChildByFieldName("name"), t)) {
				return false
			}
		case "if_statement", "elif_clause", "conditional_expression":
			if verboseCondRE.MatchString(text(a.ChildByFieldName("condition"), t)) {
				return false
			}
		}
	}
	return true
}

// pyFromImportRE: a `from M import a, b as c` statement, parenthesised or not.
var pyFromImportRE = lazyre.New(`(?m)^[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+(\([^)]*\)|[^\n]*)`)

// importedFrom reports whether the identifier n is a name the file imports from one
// of the predicate's modules (`from typing import List`, `from typing import List as
// L`): a class of the project's own with the same name is not the library's.
func importedFrom(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool {
	n := nodeOf(m, p)
	if n == nil {
		return false
	}
	name := text(n, t)
	mods := map[string]bool{}
	for _, a := range p.Args[1:] {
		mods[a.String] = true
	}
	for _, im := range pyFromImportRE.Regexp().FindAllSubmatch(t.Src, -1) {
		if !mods[string(im[1])] {
			continue
		}
		var kept []string
		for _, line := range strings.Split(string(im[2]), "\n") {
			if i := strings.Index(line, "#"); i >= 0 {
				line = line[:i]
			}
			kept = append(kept, line)
		}
		list := strings.Trim(strings.TrimSpace(strings.Join(kept, " ")), "()")
		for _, item := range strings.Split(list, ",") {
			f := strings.Fields(item)
			switch {
			case len(f) == 1 && f[0] == name:
				return true
			case len(f) == 3 && f[1] == "as" && f[2] == name:
				return true
			}
		}
	}
	return false
}

// Docstring formats: a sentence that asks for Google-style docstrings flags Sphinx
// fields and numpydoc sections in them; one that asks for the Sphinx (reST) format
// flags Google sections. NumPy's format is the docstring kind's (DocNumpydoc).
var (
	docstringWordRE  = lazyre.New(`\bdocstrings?\b|\bdocument(?:ed|ing)? (?:functions?|methods?|classes)\b`)
	googleStyleRE    = lazyre.New(`\bgoogle(?:[- ]style)?\b(?: python)?(?: style guide)?(?: docstrings?)?(?: format| style)?`)
	sphinxStyleRE    = lazyre.New("\\bsphinx(?:[- ]style)?(?: \\(rest\\))?(?: docstrings?)?(?: format| style)\\b|\\bsphinx-style\\b|\\bsphinx \\(rest\\)|`:param:?`")
	docDemandRE      = lazyre.New(`\b(?:use|uses|follow|follows|write|must|should|need|needs|prefer|adopt|conform|document)\b`)
	styleNegBeforeRE = lazyre.New(`\b(?:not|instead of|rather than|over|never|no)\s+(?:the\s+)?(?:in\s+)?$`)
)

// docStyleAsked reports whether the sentence asks for the style style matches: it
// names docstrings, a demand, and the style not right after "not" / "instead of".
func docStyleAsked(s *sentence, style *lazyre.RE) bool {
	if !s.has(docstringWordRE) || !s.has(docDemandRE) {
		return false
	}
	loc := style.Regexp().FindStringIndex(s.norm)
	if loc == nil {
		return false
	}
	return !styleNegBeforeRE.MatchString(s.norm[:loc[0]])
}

// The docstrings of functions and classes whose text holds Sphinx fields
// (`:param x:`) or numpydoc sections (underlined with dashes), and those whose text
// holds Google sections (`Args:` on a line of its own). Written out, not built at
// start: the patterns are Go regular expressions inside query strings.
const (
	pyDocGoogleQuery = `((function_definition body: (block . (expression_statement (string) @match))) (#match? @match "(?m)^\\s*:(?:param|parameter|arg|argument|key|keyword|type|returns?|rtype|raises?|yields?|ytype)\\b[^:\\n]*:"))
((class_definition body: (block . (expression_statement (string) @match))) (#match? @match "(?m)^\\s*:(?:param|parameter|arg|argument|key|keyword|type|returns?|rtype|raises?|yields?|ytype)\\b[^:\\n]*:"))
((function_definition body: (block . (expression_statement (string) @match))) (#match? @match "(?m)^\\s*(?:Parameters|Returns|Yields|Raises|Attributes|Other Parameters)\\s*\\n\\s*-{3,}\\s*$"))
((class_definition body: (block . (expression_statement (string) @match))) (#match? @match "(?m)^\\s*(?:Parameters|Returns|Yields|Raises|Attributes|Other Parameters)\\s*\\n\\s*-{3,}\\s*$"))
`
	pyDocSphinxQuery = `((function_definition body: (block . (expression_statement (string) @match))) (#match? @match "(?m)^\\s*(?:Args|Arguments|Keyword Args|Keyword Arguments|Returns|Raises|Yields|Attributes):\\s*$"))
((class_definition body: (block . (expression_statement (string) @match))) (#match? @match "(?m)^\\s*(?:Args|Arguments|Keyword Args|Keyword Arguments|Returns|Raises|Yields|Attributes):\\s*$"))
`
)

func always(*sentence) bool { return true }

var pyDocGoogle = &Entry{
	Name:  "py-docstring-google",
	Title: "Sphinx fields or numpydoc sections where Google-style docstrings are asked for",
	Names: func(s *sentence) bool {
		// "Google or NumPy style": numpydoc sections are allowed
		return docStyleAsked(s, googleStyleRE) && !docStyleAsked(s, sphinxStyleRE) && !s.has(words(`\bnumpy(?:doc)?(?:[- ]style)?\b`))
	},
	Warn:       always,
	Inexact:    true,
	Message:    "docstring in another format than Google style (`:param:` fields or underlined sections)",
	Suggestion: "use Google-style sections: `Args:`, `Returns:`, `Raises:`",
	Variants: []Variant{{Lang: engine.LangPython,
		Query: pyDocGoogleQuery,
		Bad: []string{
			"def f(x):\n    «\"\"\"Do it.\n\n    :param x: the value.\n    \"\"\"»\n",
			"def g(y):\n    «\"\"\"Go.\n\n    Parameters\n    ----------\n    y : int\n    \"\"\"»\n",
		},
		Good: []string{
			"def f(x):\n    \"\"\"Do it.\n\n    Args:\n        x: the value.\n    \"\"\"\n",
			"def f(x):\n    s = \":param x: the value\"\n    # :param x:\n    return s\n",
		}}},
}

var pyDocSphinx = &Entry{
	Name:  "py-docstring-sphinx",
	Title: "Google-style sections where Sphinx (reST) docstrings are asked for",
	Names: func(s *sentence) bool {
		return docStyleAsked(s, sphinxStyleRE) && !docStyleAsked(s, googleStyleRE)
	},
	Warn:       always,
	Inexact:    true,
	Message:    "docstring with Google-style sections (`Args:`, `Returns:`)",
	Suggestion: "use Sphinx fields: `:param x:`, `:returns:`, `:raises X:`",
	Variants: []Variant{{Lang: engine.LangPython,
		Query: pyDocSphinxQuery,
		Bad: []string{
			"def h(z):\n    «\"\"\"Hop.\n\n    Args:\n        z: the value.\n    \"\"\"»\n",
		},
		Good: []string{
			"def h(z):\n    \"\"\"Hop.\n\n    :param z: the value.\n    \"\"\"\n",
			"def f(x):\n    \"\"\"Parse Args: lines of a config file.\"\"\"\n",
		}}},
}

// The standard import aliases of the scientific Python stack.
var (
	aliasWordRE  = lazyre.New("\\baliases?\\b|\\bimport (?:conventions?|names)\\b|\\bimport(?:ed|ing)? \\w+(?:\\.\\w+)? as\\b|`import [\\w.]+ as \\w+`")
	submodulesRE = lazyre.New(`\bsubmodules?\b`)
)

// aliasNamed: the sentence asks for a standard import alias of the module (its name
// in words or in `import M as A`), not only mentions the alias.
func aliasNamed(s *sentence, module *lazyre.RE) bool {
	return s.has(aliasWordRE) && s.has(module)
}

func aliasEntry(name, module, alias string, named func(s *sentence) bool) *Entry {
	q := `((import_statement name: (dotted_name) @match) (#eq? @match "` + module + `"))
((import_statement name: (aliased_import name: (dotted_name) @mod alias: (identifier) @alias) @match) (#eq? @mod "` + module + `") (#not-match? @alias "^_*` + alias + `$"))`
	if i := strings.LastIndex(module, "."); i >= 0 {
		q += `
((import_from_statement module_name: (dotted_name) @from name: (dotted_name) @match) (#eq? @from "` + module[:i] + `") (#eq? @match "` + module[i+1:] + `"))
((import_from_statement module_name: (dotted_name) @from name: (aliased_import name: (dotted_name) @sub alias: (identifier) @alias) @match) (#eq? @from "` + module[:i] + `") (#eq? @sub "` + module[i+1:] + `") (#not-match? @alias "^_*` + alias + `$"))`
	}
	return &Entry{
		Name:       name,
		Title:      "`" + module + "` imported without its standard alias `" + alias + "`",
		Names:      named,
		Claims:     []string{"import " + module + " as " + alias, alias, "import " + module},
		Message:    "`" + module + "` imported without the alias `" + alias + "`",
		Suggestion: "`import " + module + " as " + alias + "`",
		Variants: []Variant{{Lang: engine.LangPython, Query: q, Needles: []string{module[strings.LastIndex(module, ".")+1:]},
			Bad: []string{"import «" + module + "»\n", "import «" + module + " as x»\n"},
			Good: []string{
				"import " + module + " as " + alias + "\nimport " + module + " as _" + alias + "\n# import " + module + "\ns = \"import " + module + "\"\n",
				"import " + module + "_extra\nimport " + module + ".sub as s\n",
			}}},
	}
}

var (
	numpyWordRE      = lazyre.New(`\bnumpy\b`)
	matplotlibWordRE = lazyre.New(`\bmatplotlib\b`)
	pyplotWordRE     = lazyre.New("\\bpyplot\\b|`plt`")
	pandasWordRE     = lazyre.New(`\bpandas\b`)

	pyAliasNumpy      = aliasEntry("py-alias-numpy", "numpy", "np", func(s *sentence) bool { return aliasNamed(s, numpyWordRE) })
	pyAliasMatplotlib = aliasEntry("py-alias-matplotlib", "matplotlib", "mpl", func(s *sentence) bool {
		return aliasNamed(s, matplotlibWordRE) && (s.hasSpan("mpl", "import matplotlib as mpl") || s.has(submodulesRE) || s.has(lazyre.New(`\bstandard aliases\b`)))
	})
	pyAliasPyplot = aliasEntry("py-alias-pyplot", "matplotlib.pyplot", "plt", func(s *sentence) bool {
		return aliasNamed(s, matplotlibWordRE) && (s.has(pyplotWordRE) || s.has(submodulesRE))
	})
	pyAliasPandas = aliasEntry("py-alias-pandas", "pandas", "pd", func(s *sentence) bool { return aliasNamed(s, pandasWordRE) })
)

// `from __future__ import annotations` in every module.
var (
	futureDemandRE = lazyre.New(`\b(?:always|every|each|all|must|should|add|include|start|begin|first|top)\b`)
)

var pyFutureAnnotations = &Entry{
	Name:  "py-future-annotations",
	Title: "a module without `from __future__ import annotations`",
	Names: func(s *sentence) bool {
		return s.hasSpan("from __future__ import annotations") && s.has(futureDemandRE) && !s.negated()
	},
	Message:        "module without `from __future__ import annotations`",
	Suggestion:     "add `from __future__ import annotations` as its first import",
	NotInTestFiles: true,
	ExcludeGlobs:   []string{"**/*.pyi"},
	Variants: []Variant{{Lang: engine.LangPython,
		Query: `((module . (_) @match) (#no-future-annotations? @match))`,
		Bad:   []string{"«import os»\n\n\ndef f() -> str:\n    return os.sep\n", "«s = \"from __future__ import annotations\"»\n"},
		Good: []string{
			"\"\"\"Docs.\"\"\"\n\nfrom __future__ import annotations\n\nimport os\n",
			"\"\"\"Only a docstring.\"\"\"\n# and a comment\n",
		}}},
}

// noFutureAnnotations reports whether the module holding n has statements but no
// `from __future__ import annotations`.
func noFutureAnnotations(q *lang.Query, p lang.Predicate, m lang.Match, t *lang.Tree) bool {
	n := nodeOf(m, p)
	if n == nil {
		return false
	}
	mod := n.Parent()
	if mod == nil || mod.Kind() != "module" {
		return false
	}
	code := false
	for i := uint(0); i < mod.NamedChildCount(); i++ {
		c := mod.NamedChild(i)
		switch c.Kind() {
		case "future_import_statement":
			for j := uint(0); j < c.NamedChildCount(); j++ {
				if text(c.NamedChild(j), t) == "annotations" {
					return false
				}
			}
		case "comment":
		case "expression_statement":
			if c.NamedChildCount() == 1 && c.NamedChild(0).Kind() == "string" {
				continue // a docstring
			}
			code = true
		default:
			code = true
		}
	}
	return code
}

// docstringsDemanded: the sentence asks for a docstring on every function, class or
// method, or on the public ones ("Docstrings - All public classes and methods", "Add
// docstrings to all of your code (functions, methods, classes)", "Docstrings for
// functions/classes"), not only for their style ("We use Google-style docstrings").
func docstringsDemanded(s *sentence) bool {
	if !s.has(docstringOnlyRE) || s.negated() || !s.has(docstringItemsRE) || s.has(docstringSubjectRE) || s.has(docstringJudgedRE) {
		return false
	}
	return s.has(words(`\b(?:must|should|needs?|requires?|required|always|add|write|include|ensure|every|all|each)\b`))
}

var (
	docstringOnlyRE = lazyre.New(`\bdocstrings?\b`)
	// docstringSubjectRE: the docstrings are the subject of the demand, which is
	// about their form or where they go ("all public function docstrings should be
	// included in the Sphinx API docs", "docstrings must follow the NumPy style")
	docstringSubjectRE = lazyre.New(`\bdocstrings?(?:\s+(?:for|of|on|in)\s+[^.;]{0,40}?)?\s+(?:should|must|need to|have to|are to)\s+(?:be\s+(?:included|added to|listed|rendered|formatted|written in|kept)|follow|use|include|contain|start|describe|mention)\b`)
	// docstringJudgedRE: which functions deserve one is a judgement ("public
	// functions with behaviour that is not obvious", "non-trivial public functions")
	docstringJudgedRE = lazyre.New(`\b(?:non-?obvious|non-?trivial|complex|complicated|tricky|surprising|where (?:it )?helps|where helpful|when helpful|where needed|when needed|if needed|as needed)\b`)
	docstringItemsRE  = lazyre.New(`\b(?:all|every|each|public)\b[^.;]{0,40}\b(?:functions?|methods?|class(?:es)?|modules?|code|apis?)\b|\bfor [\w/ ]{0,20}\b(?:functions?|methods?|class(?:es)?)\b`)
)

var pyMissingDocstring = &Entry{
	Name:  "py-missing-docstring",
	Title: "a public function or class without a docstring",
	Names: docstringsDemanded,
	// which helpers deserve one, and what a docstring says, a query cannot tell: a
	// missing one is for a person to look at
	Warn:           alwaysWarn,
	Inexact:        true,
	Message:        "`{{name}}` has no docstring",
	Suggestion:     "say what it does in a docstring, the first statement of its body",
	NotInTests:     true,
	NotInTestFiles: true,
	Variants: []Variant{{Lang: engine.LangPython,
		// the first statement of the body is not a string (nor a comment, which
		// may sit above one); private names and nested functions are left out
		Query: `((function_definition name: (identifier) @name @match body: (block . (_) @first)) @def (#not-match? @name "^_") (#not-inside? @def function_definition) (#not-kind? @first expression_statement comment))
((class_definition name: (identifier) @name @match body: (block . (_) @first)) @def (#not-match? @name "^_") (#not-inside? @def function_definition) (#not-kind? @first expression_statement comment))
((function_definition name: (identifier) @name @match body: (block . (expression_statement . (_) @e))) @def (#not-match? @name "^_") (#not-inside? @def function_definition) (#not-kind? @e string concatenated_string ellipsis))
((class_definition name: (identifier) @name @match body: (block . (expression_statement . (_) @e))) @def (#not-match? @name "^_") (#not-inside? @def function_definition) (#not-kind? @e string concatenated_string ellipsis))`,
		Needles: []string{"def", "class"},
		Bad:     []string{"def «load»(path):\n    return open(path).read()\n\n\ndef «show»(x):\n    print(x)\n\n\nclass «Store»:\n    def «get»(self):\n        def inner():\n            return 1\n        return inner\n"},
		Good: []string{
			"def load(path):\n    \"\"\"Read the file at path.\"\"\"\n    return open(path).read()\n\n\ndef _helper(x):\n    return x\n\n\nclass Store:\n    \"\"\"Keeps values.\"\"\"\n\n    def __init__(self):\n        self.v = 1\n",
			"def stub(self) -> int: ...\n\n# def load(path):\ns = \"def load(path):\"\n",
		}}},
}
