package source

import (
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lang"
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
	printPurposeRE = lazyre.New(`\bfor (?:debug(?:ging)?|diagnostics?|diagnostic output|tracing|logging)\b|\bdebug (?:output|messages?|prints?)\b`)

	pipeUnionSpanRE = lazyre.New(`^[\w.\[\], ]+ ?\| ?[\w.\[\], ]+$|^\|$`)
	oldUnionSpanRE  = lazyre.New(`^(?:typing\.)?(?:Optional|Union)(?:\[.*\])?$`)
	unionWordsRE    = lazyre.New(`\bpep ?604\b|\bunion (?:syntax|operator|type syntax)\b`)

	oldGenericSpanRE = lazyre.New(`^(?:typing\.)?(?:List|Dict|Tuple|Set|FrozenSet|Type|DefaultDict|Deque)(?:\[.*\])?$`)
	newGenericSpanRE = lazyre.New(`^(?:list|dict|tuple|set|frozenset|type)(?:\[.*\])?$`)
	newGenericWordRE = lazyre.New(`\bpep ?585\b|\bbuilt-?in generics?\b|\b(?:lowercase|built-?in) (?:built-?in )?(?:collection )?types\b`)

	typingNamedRE = lazyre.New("`typing`|\\bfrom `?typing\\b|\\btyping (?:module|aliases)\\b")

	typeHintRE    = lazyre.New(`\btype[- ](?:hints?|annotations?|annotated)\b|\bannotate(?:d)?\b|\bfully typed\b|\bannotations\b`)
	typeHintOnRE  = lazyre.New(`\b(?:functions?|methods?|signatures?|defs?|parameters?|arguments?|return (?:values?|types?))\b`)
	typeDemandRE  = lazyre.New(`\b(?:must|should|need|needs|require[sd]?|add|use|always|all|every|any)\b`)
	publicWordRE  = lazyre.New(`\bpublic\b`)
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
		return loggingOverPrintRE.MatchString(s.norm) || s.negPhrase(printWordRE)
	},
	Warn: func(s *sentence) bool {
		return printPurposeRE.MatchString(s.prose())
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

var pyUnion = &Entry{
	Name:  "py-pep604-union",
	Title: "`Optional[X]` / `Union[X, Y]` instead of `X | Y`",
	Names: func(s *sentence) bool {
		pipe := s.spanMatches(pipeUnionSpanRE) || s.has(unionWordsRE)
		old := s.spanMatches(oldUnionSpanRE)
		if pipe {
			return old || s.has(unionWordsRE)
		}
		// "Don't import `Optional` or `Union` from `typing`" (the clause before
		// "; write `str | None`")
		return old && s.negated() && s.has(typingNamedRE)
	},
	ClaimPrefixes: []string{"Optional", "Union", "typing.Optional", "typing.Union"},
	Message:       "`{{name}}[...]` annotation",
	Suggestion:    "write the union with `|`: `X | None`, `X | Y`",
	Variants: []Variant{{Lang: engine.LangPython,
		// an annotation's `Optional[int]` is a generic_type, an expression's a subscript
		Query: `((generic_type (identifier) @name) @match (#any-of? @name "Optional" "Union") (#imported-from? @name "typing" "typing_extensions"))
((subscript value: (identifier) @name) @match (#any-of? @name "Optional" "Union") (#imported-from? @name "typing" "typing_extensions"))
((subscript value: (attribute object: (identifier) @mod attribute: (identifier) @name)) @match (#any-of? @mod "typing" "typing_extensions" "t") (#any-of? @name "Optional" "Union"))`,
		NeedlePattern: `\b(?:Optional|Union)\b`,
		Bad: []string{
			"from typing import Optional\n\n\ndef f(x: «Optional[int]») -> None:\n    pass\n",
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
			return false
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
	return s.has(typeHintRE) && s.has(typeHintOnRE) && s.has(typeDemandRE) && !s.negated()
}

const untypedDefBad = "def add(a, b):\n    return a + b\n\n\nclass Box:\n    def «size»(self):\n        return 1\n"

var pyUntypedDef = &Entry{
	Name:  "py-untyped-def",
	Title: "a function without type annotations",
	Names: func(s *sentence) bool {
		return typeHintsDemanded(s) && !s.has(publicWordRE)
	},
	Message:        "`{{name}}` has no return type annotation",
	Suggestion:     "annotate its parameters and its return type",
	NotInTests:     true,
	NotInTestFiles: true,
	Variants: []Variant{{Lang: engine.LangPython,
		// __init__ returns None by definition: type checkers take it as annotated once
		// one parameter is.
		Query:   `((function_definition name: (identifier) @name @match !return_type) (#not-eq? @name "__init__"))`,
		Needles: []string{"def"},
		Bad:     []string{"def «add»(a, b):\n    return a + b\n"},
		Good: []string{
			"def add(a: int, b: int) -> int:\n    return a + b\n\n\nclass A:\n    def __init__(self, x: int):\n        self.x = x\n",
			"# def add(a, b):\ns = \"def add(a, b):\"\nf = lambda x: x\n",
		}}},
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
		}}},
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
