package source

import (
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazyre"
)

// Constructs that instruction files name in words, with no code span to ban (task
// claim, stop 43, issue 19): on the dev split and the stop's public batch heed found
// these sentences normative and checkable, then no reader made a check of them.
// Dynamic `import()` ("Prefer static imports over dynamic imports", "You must not use
// dynamic imports unless absolutely necessary"), C++'s unscoped enums ("Prefer scoped
// enums (`enum class`) over unscoped enums") and empty catch blocks ("Silent failover
// and empty catches are forbidden").

var (
	dynamicImportRE = words("\\bdynamic (?:`(?:await )?import(?:\\(\\))?`|imports?)\\b|`(?:await )?import\\((?:\\.\\.\\.|…)?\\)`")
	// staticOverDynamicRE: static imports preferred to dynamic ones, in the words of a
	// preference ("Prefer static imports over dynamic imports", "use static imports
	// instead").
	staticOverDynamicRE = words("\\bstatic imports? (?:over|instead of|rather than) dynamic\\b|\\b(?:instead|rather),? use (?:a )?static imports?\\b|\\buse (?:a )?static imports? instead\\b")
	// onlyDynamicRE: dynamic imports allowed only in cases the sentence lists ("Only
	// use dynamic `import()` when:"), a restriction whose cases heed cannot see.
	onlyDynamicRE   = words("\\bonly use dynamic\\b|\\buse dynamic (?:`(?:await )?import(?:\\(\\))?`|imports?) only\\b")
	dynamicExceptRE = words("\\b(?:only|when|unless|except|necessary|needed)\\b")
)

// passiveTailRE: what follows a construct named as a clause's subject when the clause
// bans it in the passive ("Dynamic imports are not allowed in `src/`", "Silent failover
// and empty catches are forbidden").
var passiveTailRE = words(`^[^.;:]*?\b(?:is|are) (?:now |strictly |also )?(?:forbidden|banned|prohibited|disallowed|not allowed|not permitted)\b`)

// constructBanned reports a sentence that bans the construct re names: a prohibition
// before it, a passive ban after it with the construct leading its clause, or a
// heading that bans ("### Don't") over an item that opens with it.
func constructBanned(s *sentence, re *lazyre.RE) bool {
	if s.negPhrase(re) {
		return true
	}
	for _, cl := range s.clauses() {
		loc := re.FindStringIndex(cl)
		if loc == nil || len(tokenize(cl[:loc[0]])) > 4 || conditionRE.MatchString(cl[:loc[0]]) {
			continue
		}
		// a code span in the tail ("Dot imports (`import . "pkg"`) are forbidden")
		// is one word: its dots end no clause
		if passiveTailRE.MatchString(spanRE.ReplaceAllString(cl[loc[1]:], "CODE")) || s.headerBans() && loc[0] == 0 {
			return true
		}
	}
	return false
}

// dynamicImportNamed: dynamic `import()` banned, restricted, or set below static
// imports.
func dynamicImportNamed(s *sentence) bool {
	if !s.has(dynamicImportRE) {
		return false
	}
	return constructBanned(s, dynamicImportRE) || s.has(staticOverDynamicRE) || s.has(onlyDynamicRE)
}

var jsDynamicImport = &Entry{
	Name:       "js-dynamic-import",
	Title:      "a dynamic `import()`",
	Names:      dynamicImportNamed,
	Claims:     []string{"import()", "await import()", "import(...)", "import", "await import"},
	Message:    "dynamic `import()`",
	Suggestion: "import it statically at the top of the file",
	// "unless absolutely necessary", "only when:": the allowed cases need a look
	Warn:    func(s *sentence) bool { return s.has(dynamicExceptRE) },
	Inexact: false,
	Variants: append(jsVariants([]string{engine.LangJavaScript}, `((call_expression function: (import)) @match)`, []string{"import"},
		[]string{"export async function load() {\n  const m = await «import(\"./heavy\")»;\n  return m;\n}\n"},
		[]string{"import { heavy } from \"./heavy\";\nexport { x } from \"./x\";\n// import(\"./x\")\nconst s = \"import('./x')\";\nobj.import(\"x\");\n"}),
		// a type written `import("./m").T` names a module's type, it loads nothing
		jsVariants(tsLangs, `((call_expression function: (import)) @match (#not-inside? @match type_annotation) (#not-inside? @match type_alias_declaration) (#not-inside? @match type_query) (#not-inside? @match type_arguments))`, []string{"import"},
			[]string{"export async function load() {\n  const m = await «import(\"./heavy\")»;\n  return m;\n}\n"},
			[]string{"import { heavy } from \"./heavy\";\nimport type { T } from \"./t\";\nconst s = \"import('./x')\";\n",
				"export interface P {\n  profiles?: import(\"@x/core\").Profile[];\n}\ntype T = import(\"./t\").T;\nlet v: typeof import(\"./m\");\nfunction f(a: import(\"./a\").A): Promise<import(\"./b\").B> { return g(); }\n"})...),
}

var (
	unscopedEnumRE = words("\\b(?:unscoped|plain|c-style|old-style|unqualified) (?:`enum`|enums?\\b)|\\benums? without `?class`?\\b")
	scopedEnumRE   = words("`enum (?:class|struct)`|\\bscoped enums?\\b|\\benum class(?:es)?\\b")
	enumRivalRE    = words("\\b(?:over|instead of|rather than|not|avoid)\\b")
)

// unscopedEnumNamed: C++'s unscoped enums banned, or scoped ones preferred over them.
func unscopedEnumNamed(s *sentence) bool {
	if !s.has(unscopedEnumRE) {
		return false
	}
	if constructBanned(s, unscopedEnumRE) {
		return true
	}
	return s.has(scopedEnumRE) && s.has(enumRivalRE)
}

var cppUnscopedEnum = &Entry{
	Name:       "cpp-unscoped-enum",
	Title:      "an unscoped `enum` (not `enum class`)",
	Names:      unscopedEnumNamed,
	Claims:     []string{"enum class", "enum struct", "enum"},
	Message:    "unscoped enum",
	Suggestion: "declare it `enum class`",
	Variants: []Variant{{Lang: engine.LangCPP, Needles: []string{"enum"},
		Query: `((enum_specifier name: (_) body: (_)) @match (#not-match? @match "^enum\\s+(class|struct)\\b"))`,
		Bad:   []string{"«enum Color { Red, Green }»;\n«enum Mode : int { A, B }»;\n"},
		Good:  []string{"enum class Color { Red, Green };\nenum struct Mode : int { A, B };\nenum Color c = Red;\n// enum Color { Red };\n"}}},
}

var (
	// emptyCatchRE: "empty catches", "an empty `catch {}` block", "leave a catch block
	// empty"
	emptyCatchRE = words("\\bempty (?:`catch`|catch)(?:es| blocks?| clauses?| handlers?)?\\b|\\bempty `catch(?: ?\\{ ?\\})?`(?: blocks?)?|\\b(?:`catch`|catch)(?: blocks?| clauses?| handlers?)? empty\\b")
)

// emptyCatchNamed: an empty catch block banned, in words.
func emptyCatchNamed(s *sentence) bool {
	if !s.has(emptyCatchRE) {
		return false
	}
	return constructBanned(s, emptyCatchRE)
}

// emptyBlock matches a block with nothing inside, not even a comment: a comment in
// the handler is the project's stated reason.
const emptyBlock = `"^\\{\\s*\\}$"`

var emptyCatch = &Entry{
	Name:       "empty-catch",
	Title:      "an empty `catch` block",
	Names:      emptyCatchNamed,
	Claims:     []string{"catch", "catch {}", "catch {", "catch (e) {}"},
	Message:    "empty `catch` block",
	Suggestion: "handle the error, rethrow it, or say in a comment why it is ignored",
	Variants: append(jsVariants(jsLangs, `((catch_clause body: (statement_block) @match) (#match? @match `+emptyBlock+`))`, []string{"catch"},
		[]string{"try {\n  run();\n} catch (e) «{}»\ntry { run(); } catch «{ }»\n"},
		[]string{"try {\n  run();\n} catch (e) {\n  log(e);\n}\ntry { run(); } catch {\n  // the file may not exist\n}\nconst s = \"catch {}\";\n"}),
		Variant{Lang: engine.LangJava, Needles: []string{"catch"},
			Query: `((catch_clause body: (block) @match) (#match? @match ` + emptyBlock + `))`,
			Bad:   []string{"class A {\n  void f() {\n    try { g(); } catch (Exception e) «{}»\n  }\n}\n"},
			Good:  []string{"class A {\n  void f() {\n    try { g(); } catch (Exception e) { log(e); }\n    try { g(); } catch (Exception e) {\n      // ignored: best effort\n    }\n  }\n}\n"}},
		Variant{Lang: engine.LangCSharp, Needles: []string{"catch"},
			Query: `((catch_clause body: (block) @match) (#match? @match ` + emptyBlock + `))`,
			Bad:   []string{"class A {\n  void F() {\n    try { G(); } catch (Exception) «{ }»\n  }\n}\n"},
			Good:  []string{"class A {\n  void F() {\n    try { G(); } catch (Exception e) { Log(e); }\n    try { G(); } catch {\n      // best effort\n    }\n  }\n}\n"}},
		// Kotlin's grammar inlines the block: the catch's own text ends in its braces
		Variant{Lang: engine.LangKotlin, Needles: []string{"catch"},
			Query: `((catch_block) @match (#match? @match "\\{\\s*\\}$"))`,
			Bad:   []string{"fun f() {\n    try {\n        g()\n    } «catch (e: IOException) {\n    }»\n}\n"},
			Good:  []string{"fun f() {\n    try {\n        g()\n    } catch (e: IOException) {\n        log(e)\n    }\n    try { g() } catch (e: Exception) {\n        // best effort\n    }\n}\n// catch (e: Exception) {}\nval s = \"catch (e: Exception) {}\"\n"}},
	),
}
