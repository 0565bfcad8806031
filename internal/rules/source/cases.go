package source

import (
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

// shapeSample writes code in lang that uses the banned shape (bad) and code that only
// mentions it in a comment and a string (good). ok is false when heed has no sample.
func shapeSample(sh shape, l string) (bad, good string, ok bool) {
	dotted := strings.Join(sh.segs, ".")
	use := ""     // an expression that uses the shape
	mention := "" // text that names it
	switch sh.kind {
	case "keyword":
		return keywordSample(sh.name, l)
	case "new":
		use, mention = "new "+dotted+"()", "new "+dotted+"()"
		if l == engine.LangCPP {
			d := strings.Join(sh.segs, "::")
			use, mention = "new "+d+"()", "new "+d+"()"
		}
	case "call":
		use, mention = sh.name+"(x)", sh.name+"(x)"
		if l == engine.LangJava || l == engine.LangCSharp {
			use = "e." + sh.name + "()"
		}
		if sh.arg != "" {
			use, mention = sh.name+"("+sh.arg+")", sh.name+"("+sh.arg+")"
		}
	case "method":
		use, mention = "x."+sh.name+"()", "x."+sh.name+"()"
		if sh.arg != "" {
			use, mention = "x."+sh.name+"("+sh.arg+")", "x."+sh.name+"("+sh.arg+")"
		}
	case "member":
		d := dotted
		if sh.name == "*" {
			d = strings.Join(sh.segs[:len(sh.segs)-1], ".") + ".log"
		}
		if sh.arg != "" {
			d += "(" + sh.arg + ")"
		}
		use, mention = d, d
	case "path":
		p := strings.Join(sh.segs, "::")
		use, mention = p, p
	case "attribute":
		if l != engine.LangRust {
			return "", "", false
		}
		a := "#[" + sh.name + "]"
		if sh.attrArgs != "" {
			a = "#[" + sh.name + "(" + sh.attrArgs + ")]"
		}
		return a + "\nfn f() {}\n", "// " + a + "\nconst S: &str = \"" + a + "\";\n", true
	case "macro":
		use, mention = sh.name+"!(\"x\")", sh.name+"!()"
	case "using-namespace":
		if l != engine.LangCPP {
			return "", "", false
		}
		d := "using namespace " + sh.name + ";"
		return d + "\n", "// " + d + "\nconst char *s = \"" + d + "\";\n", true
	case "ident":
		use, mention = sh.name, sh.name
	case "generic":
		if l != engine.LangPython {
			return "", "", false
		}
		return "def f(x: " + sh.name + "[int]) -> None:\n    pass\n", "# " + sh.name + "[int]\ns = \"" + sh.name + "[int]\"\n", true
	case "decorator":
		d := "@" + dotted
		switch l {
		case engine.LangPython:
			return d + "\ndef f():\n    pass\n", "# " + d + "\ndef f():\n    pass\n", true
		case engine.LangJava:
			return "class Example { " + d + " void f() {} }\n", "class Example { String s = \"" + d + "\"; }\n", true
		case engine.LangTypeScript, engine.LangTSX:
			return "class Example {\n  " + d + "\n  m() {}\n}\n", "// " + d + "\nconst s = \"" + d + "\";\n", true
		case engine.LangKotlin:
			return "class Example {\n    " + d + "\n    fun m() {}\n}\n", "// " + d + "\nval s = \"" + d + "\"\n", true
		}
		return "", "", false
	case "import":
		switch l {
		case engine.LangPython:
			return "from " + sh.from + " import " + sh.name + "\n", "from " + sh.from + " import other\n# from " + sh.from + " import " + sh.name + "\n", true
		case engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX:
			return "import { " + sh.name + " } from \"" + sh.from + "\";\n", "import { other } from \"" + sh.from + "\";\n// import { " + sh.name + " } from \"" + sh.from + "\"\n", true
		}
		return "", "", false
	case "module":
		m := sh.from
		switch l {
		case engine.LangPython:
			return "import " + m + "\n", "# import " + m + "\ns = \"" + m + "\"\n", true
		case engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX:
			return "import x from \"" + m + "\";\n", "// import x from \"" + m + "\"\nconst s = \"" + m + "\";\n", true
		case engine.LangGo:
			return "package p\n\nimport \"" + m + "\"\n", "package p\n\n// import \"" + m + "\"\nvar s = \"" + m + "\"\n", true
		case engine.LangJava:
			return "import " + m + ".Thing;\nclass Example {}\n", "// import " + m + ".Thing;\nclass Example { String s = \"" + m + "\"; }\n", true
		case engine.LangRust:
			return "use " + strings.ReplaceAll(m, ".", "::") + "::thing;\n", "// use " + m + "\nconst S: &str = \"" + m + "\";\n", true
		case engine.LangKotlin:
			return "import " + m + ".Thing\n", "// import " + m + ".Thing\nval s = \"" + m + "\"\n", true
		case engine.LangCSharp:
			return "using " + m + ";\n", "// using " + m + ";\nclass Example { string s = \"" + m + "\"; }\n", true
		case engine.LangRuby:
			return "require \"" + m + "\"\n", "# require \"" + m + "\"\ns = '" + m + "'\n", true
		case engine.LangC, engine.LangCPP:
			inc := m
			if !cHeaderRE.MatchString(m) && !sh.cpp {
				inc = m + "/x.h"
			}
			return "#include <" + inc + ">\n", "// #include <" + inc + ">\nconst char *s = \"" + m + "\";\n", true
		}
		return "", "", false
	default:
		return "", "", false
	}
	switch l {
	case engine.LangPython:
		return "v = " + use + "\n", "# " + mention + "\ns = \"" + mention + "\"\n", true
	case engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX:
		return "const v = " + use + ";\n", "// " + mention + "\nconst s = \"" + mention + "\";\n", true
	case engine.LangGo:
		return "package p\n\nfunc f() {\n\t_ = " + use + "\n}\n", "package p\n\n// " + mention + "\nvar s = \"" + mention + "\"\n", true
	case engine.LangRust:
		return "fn f() {\n    let _v = " + use + ";\n}\n", "// " + mention + "\nconst S: &str = \"" + mention + "\";\n", true
	case engine.LangJava:
		return "class Example {\n  void f() {\n    Object v = " + use + ";\n  }\n}\n", "class Example {\n  // " + mention + "\n  String s = \"" + mention + "\";\n}\n", true
	case engine.LangCSharp:
		return "class Example {\n  void F() {\n    var v = " + use + ";\n  }\n}\n", "class Example {\n  // " + mention + "\n  string s = \"" + mention + "\";\n}\n", true
	case engine.LangKotlin:
		return "fun f() {\n    val v = " + use + "\n}\n", "// " + mention + "\nval s = \"" + mention + "\"\n", true
	case engine.LangRuby:
		return "def f\n  v = " + use + "\nend\n", "# " + mention + "\ns = '" + mention + "'\n", true
	case engine.LangC:
		return "void f(void) {\n    v = " + use + ";\n}\n", "// " + mention + "\nconst char *s = \"" + mention + "\";\n", true
	case engine.LangCPP:
		return "void f() {\n    auto v = " + use + ";\n}\n", "// " + mention + "\nconst char *s = \"" + mention + "\";\n", true
	case engine.LangPHP:
		switch sh.kind {
		case "path":
			use = strings.Join(sh.segs, "::") + "()"
		case "method":
			use = "$x->" + sh.name + "()"
		}
		return "<?php\nfunction f() {\n    $v = " + use + ";\n}\n", "<?php\n// " + mention + "\n$s = '" + mention + "';\n", true
	}
	return "", "", false
}

// shapeCases builds the authored cases of a banned-shape rule.
func shapeCases(sh shape, sc policy.Scope, langs []string) ([]policy.Case, bool) {
	for _, l := range langs {
		bad, good, ok := shapeSample(sh, l)
		if !ok {
			continue
		}
		p, ok := samplePath(sc, l, "")
		if !ok {
			continue
		}
		return []policy.Case{
			{Expect: policy.ExpectViolated, Path: p, Code: bad, Note: "the banned construct in " + l},
			{Expect: policy.ExpectSatisfied, Path: p, Code: good, Note: "only named in a comment and a string"},
		}, true
	}
	return nil, false
}

// commentCases builds the cases of a comment-directive rule.
func commentCases(sh shape, sc policy.Scope, langs []string) ([]policy.Case, bool) {
	marker := sh.marks
	for _, l := range langs {
		m := marker
		if m == "" {
			m = "//"
			if l == engine.LangPython || l == engine.LangShell || l == engine.LangRuby {
				m = "#"
			}
		}
		if m == "/*" {
			m = "//"
		}
		var bad, good string
		switch l {
		case engine.LangPython, engine.LangShell, engine.LangRuby:
			if m != "#" {
				continue
			}
			bad = "x = 1  " + m + " " + sh.text + "\n"
			good = "x = \"" + m + " " + sh.text + "\"\n"
		case engine.LangGo:
			bad = "package p\n\nvar x = 1 " + m + " " + sh.text + "\n"
			good = "package p\n\nvar x = \"" + m + " " + sh.text + "\"\n"
		case engine.LangRust:
			bad = "const X: i32 = 1; " + m + " " + sh.text + "\n"
			good = "const X: &str = \"" + m + " " + sh.text + "\";\n"
		case engine.LangJava:
			bad = "class Example { int x = 1; " + m + " " + sh.text + "\n}\n"
			good = "class Example { String x = \"" + m + " " + sh.text + "\"; }\n"
		case engine.LangCSharp:
			bad = "class Example { int x = 1; " + m + " " + sh.text + "\n}\n"
			good = "class Example { string x = \"" + m + " " + sh.text + "\"; }\n"
		case engine.LangKotlin:
			bad = "val x = 1 " + m + " " + sh.text + "\n"
			good = "val x = \"" + m + " " + sh.text + "\"\n"
		case engine.LangPHP:
			bad = "<?php\n$x = 1; " + m + " " + sh.text + "\n"
			good = "<?php\n$x = '" + m + " " + sh.text + "';\n"
		case engine.LangC, engine.LangCPP:
			bad = "int x = 1; " + m + " " + sh.text + "\n"
			good = "const char *x = \"" + m + " " + sh.text + "\";\n"
		default:
			bad = "const x = 1; " + m + " " + sh.text + "\n"
			good = "const x = \"" + m + " " + sh.text + "\";\n"
		}
		p, ok := samplePath(sc, l, "")
		if !ok {
			continue
		}
		return []policy.Case{
			{Expect: policy.ExpectViolated, Path: p, Code: bad, Note: "the directive in a comment"},
			{Expect: policy.ExpectSatisfied, Path: p, Code: good, Note: "the same text in a string"},
		}, true
	}
	return nil, false
}
