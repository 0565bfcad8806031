package source

import (
	"github.com/heed-dev/heed/internal/engine"
)

// A keyword ban is a ban of a language's own word ("Do not use `async`/`await`",
// "Never use `var`", "No `debugger` statements", "Avoid `dynamic`"): the construct
// the keyword introduces, found by its node, so the word in a name (`asyncMode`), a
// comment or a string is no use of it.
type kwVariant struct {
	lang  string
	query string
	// bad uses the keyword; good names it in a comment and a string, or in a longer
	// identifier.
	bad, good string
}

// keywordVariants are the languages in which kw is a keyword heed can find, with the
// query of each; nil for a word that is no keyword heed knows.
func keywordVariants(kw string) []kwVariant {
	var out []kwVariant
	add := func(langs []string, query, bad, good string) {
		for _, l := range langs {
			out = append(out, kwVariant{lang: l, query: query, bad: bad, good: good})
		}
	}
	js := func(query, bad string) {
		add(jsLangs, query, bad, "// "+kw+"\nconst "+kw+"Mode = \""+kw+"\";\n")
	}
	one := func(l, query, bad, good string) { add([]string{l}, query, bad, good) }
	switch kw {
	case "async":
		js(`("async") @match`, "export async function f() {}\n")
		one(engine.LangPython, `("async") @match`, "async def f():\n    pass\n", "# async\nasync_mode = \"async\"\n")
		one(engine.LangRust, `("async") @match`, "async fn f() {}\n", "// async\nconst ASYNC_MODE: &str = \"async\";\n")
		one(engine.LangCSharp, `((modifier) @match (#eq? @match "async"))`, "class A { async Task F() {} }\n", "class A { string asyncMode = \"async\"; }\n")
	case "await":
		js(`(await_expression) @match`, "export async function f() { await g(); }\n")
		one(engine.LangPython, `(await) @match`, "async def f():\n    await g()\n", "# await\nawait_mode = \"await\"\n")
		one(engine.LangRust, `(await_expression) @match`, "async fn f() { g().await; }\n", "// await\nconst AWAIT_MODE: &str = \"await\";\n")
		one(engine.LangCSharp, `(await_expression) @match`, "class A { async Task F() { await G(); } }\n", "class A { string awaitMode = \"await\"; }\n")
	case "try":
		js(`(try_statement) @match`, "try { f(); } catch (e) {}\n")
		one(engine.LangPython, `(try_statement) @match`, "try:\n    f()\nexcept E:\n    pass\n", "# try\ntry_count = \"try\"\n")
		one(engine.LangJava, `[(try_statement) (try_with_resources_statement)] @match`, "class A { void f() { try { g(); } catch (Exception e) {} } }\n", "class A { String tryCount = \"try\"; }\n")
		one(engine.LangCSharp, `(try_statement) @match`, "class A { void F() { try { G(); } catch (Exception e) {} } }\n", "class A { string tryCount = \"try\"; }\n")
		one(engine.LangKotlin, `(try_expression) @match`, "fun f() { try { g() } catch (e: Exception) {} }\n", "// try\nval tryCount = \"try\"\n")
		one(engine.LangCPP, `(try_statement) @match`, "void f() {\n    try { g(); } catch (...) {}\n}\n", "// try\nconst char *try_count = \"try\";\n")
	case "catch":
		js(`(catch_clause) @match`, "try { f(); } catch (e) {}\n")
		one(engine.LangJava, `(catch_clause) @match`, "class A { void f() { try { g(); } catch (Exception e) {} } }\n", "class A { String catchCount = \"catch\"; }\n")
		one(engine.LangCSharp, `(catch_clause) @match`, "class A { void F() { try { G(); } catch (Exception e) {} } }\n", "class A { string catchCount = \"catch\"; }\n")
		one(engine.LangKotlin, `(catch_block) @match`, "fun f() { try { g() } catch (e: Exception) {} }\n", "// catch\nval catchCount = \"catch\"\n")
		one(engine.LangCPP, `(catch_clause) @match`, "void f() {\n    try { g(); } catch (...) {}\n}\n", "// catch\nconst char *catch_count = \"catch\";\n")
	case "throw":
		js(`(throw_statement) @match`, "export function f(x) {\n  if (!x) throw new Error(\"x\");\n}\n")
		one(engine.LangJava, `(throw_statement) @match`, "class A { void f(int x) { if (x < 0) throw new IllegalStateException(); } }\n", "class A { String throwMode = \"throw\"; }\n")
		one(engine.LangCSharp, `[(throw_statement) (throw_expression)] @match`, "class A { void F(int x) { if (x < 0) throw new System.Exception(); } }\n", "class A { string throwMode = \"throw\"; }\n")
		one(engine.LangCPP, `(throw_statement) @match`, "void f(int x) {\n    if (x < 0) throw 1;\n}\n", "// throw\nconst char *throw_mode = \"throw\";\n")
	case "var":
		one(engine.LangJava, `((local_variable_declaration type: (type_identifier) @match) (#eq? @match "var"))`, "class A { void f() { var x = 1; } }\n", "class A { void f() { int variance = 1; String s = \"var\"; } }\n")
		one(engine.LangCSharp, `(implicit_type) @match`, "class A { void F() { var x = 1; } }\n", "class A { void F() { int variance = 1; string s = \"var\"; } }\n")
	case "debugger":
		js(`(debugger_statement) @match`, "export function f() {\n  debugger;\n}\n")
	case "goto":
		one(engine.LangGo, `(goto_statement) @match`, "package p\n\nfunc f() {\n\tgoto end\nend:\n}\n", "package p\n\n// goto\nvar gotoEnd = \"goto\"\n")
		one(engine.LangC, `(goto_statement) @match`, "void f(void) {\n    goto end;\nend:\n    return;\n}\n", "// goto\nconst char *goto_end = \"goto\";\n")
		one(engine.LangCPP, `(goto_statement) @match`, "void f() {\n    goto end;\nend:\n    return;\n}\n", "// goto\nconst char *goto_end = \"goto\";\n")
		one(engine.LangPHP, `(goto_statement) @match`, "<?php\nfunction f() {\n    goto end;\n    end:\n    return 1;\n}\n", "<?php\n// goto\n$goto_end = 'goto';\n")
		one(engine.LangCSharp, `(goto_statement) @match`, "class A { void F() { goto end; end: return; } }\n", "class A { string gotoEnd = \"goto\"; }\n")
	case "global":
		one(engine.LangPython, `(global_statement) @match`, "def f():\n    global x\n    x = 1\n", "# global\nglobals_ = \"global\"\n")
	case "nonlocal":
		one(engine.LangPython, `(nonlocal_statement) @match`, "def f():\n    x = 1\n    def g():\n        nonlocal x\n", "# nonlocal\nnonlocal_ = \"nonlocal\"\n")
	case "assert":
		one(engine.LangPython, `(assert_statement) @match`, "def f(x):\n    assert x\n", "# assert\nassert_mode = \"assert\"\n")
		one(engine.LangJava, `(assert_statement) @match`, "class A { void f(boolean x) { assert x; } }\n", "class A { String assertMode = \"assert\"; }\n")
	case "lambda":
		one(engine.LangPython, `(lambda) @match`, "f = lambda x: x\n", "# lambda\nlambda_ = \"lambda\"\n")
	case "lateinit":
		one(engine.LangKotlin, `((member_modifier) @match (#eq? @match "lateinit"))`, "class A {\n    lateinit var x: String\n}\n", "// lateinit\nval lateinitCount = \"lateinit\"\n")
	case "dynamic":
		one(engine.LangCSharp, `((identifier) @match (#eq? @match "dynamic") (#not-defined? @match))`, "class A { void F() { dynamic x = G(); } }\n", "class A { int dynamicRange = 1; string s = \"dynamic\"; }\n")
	case "enum":
		add([]string{engine.LangTypeScript, engine.LangTSX}, `(enum_declaration) @match`, "export enum Color { Red }\n", "// enum\nexport const enumName = \"enum\";\n")
	case "namespace":
		add([]string{engine.LangTypeScript, engine.LangTSX}, `(internal_module) @match`, "namespace N { export const x = 1; }\n", "// namespace\nexport const namespaceName = \"namespace\";\n")
	case "synchronized":
		one(engine.LangJava, `(synchronized_statement) @match
((modifiers) @match (#match? @match "\\bsynchronized\\b"))`, "class A { void f() { synchronized (this) { g(); } } }\n", "class A { String synchronizedCount = \"synchronized\"; }\n")
	case "NULL":
		// the C library's null pointer macro, which both grammars read as a null
		// literal, as C++'s nullptr
		for _, l := range []string{engine.LangC, engine.LangCPP} {
			one(l, `((null) @match (#eq? @match "NULL"))`, "void f(void) {\n    int *p = NULL;\n}\n", "// NULL\nconst char *null_name = \"NULL\";\n")
		}
	case "new":
		// "no raw `new`/`delete`": C++'s allocation by hand (the other languages'
		// `new` is how every object is made: a ban of it there names a class)
		one(engine.LangCPP, `(new_expression) @match`, "int *f() {\n    return new int(1);\n}\n", "// new\nconst char *new_name = \"new\";\nauto p = std::make_unique<int>(1);\n")
	case "delete":
		one(engine.LangCPP, `(delete_expression) @match`, "void f(int *p) {\n    delete p;\n}\n", "// delete\nconst char *delete_name = \"delete\";\n")
	case "reinterpret_cast", "const_cast", "dynamic_cast", "static_cast":
		// C++'s casts are keywords the grammar reads as calls of a template
		one(engine.LangCPP, `((template_function name: (identifier) @n) @match (#eq? @n "`+kw+`"))`,
			"char *f(int *p) {\n    return "+kw+"<char *>(p);\n}\n", "// "+kw+"\nconst char *cast_name = \""+kw+"\";\n")
	case "!!":
		one(engine.LangKotlin, `((unary_expression) @match (#match? @match "!!$"))`, "fun f(x: String?) = x!!.length\n", "// x!!\nfun f(x: String?) = x?.length ?: 0\n")
	}
	return out
}

// keywordLangs are the languages of a keyword's variants.
func keywordLangs(kw string) []string {
	var out []string
	for _, v := range keywordVariants(kw) {
		out = append(out, v.lang)
	}
	return out
}

// keywordQuery is a keyword's query in one language ("" when it is none there).
func keywordQuery(kw, l string) string {
	for _, v := range keywordVariants(kw) {
		if v.lang == l {
			return v.query
		}
	}
	return ""
}

// keywordSample is a keyword's bad and good sample in one language.
func keywordSample(kw, l string) (bad, good string, ok bool) {
	for _, v := range keywordVariants(kw) {
		if v.lang == l {
			return v.bad, v.good, true
		}
	}
	return "", "", false
}
