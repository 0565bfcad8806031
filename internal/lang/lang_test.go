package lang

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/repo"
)

func TestParseEveryLanguage(t *testing.T) {
	src := map[string]string{
		engine.LangPython:     "import os\n\ndef f(x):\n    return x\n",
		engine.LangJavaScript: "export function f(x) { return x.then(y => y) }\n",
		engine.LangTypeScript: "export const f = (x: number): number => x;\n",
		engine.LangTSX:        "export const C = () => <div>hi</div>;\n",
		engine.LangGo:         "package p\n\nimport \"fmt\"\n\nfunc F() { fmt.Println() }\n",
		engine.LangRust:       "fn main() { let x = y.unwrap(); }\n",
		engine.LangJava:       "class A { void f() { System.out.println(1); } }\n",
		engine.LangCSharp:     "using System;\nnamespace App;\npublic class A { void F() { Console.WriteLine($\"{x}\"); } }\n",
		engine.LangKotlin:     "package app\n\nimport kotlin.math.max\n\nfun main() { println(\"${max(1, 2)}\") }\n",
		engine.LangRuby:       "require \"json\"\n\nclass A < B\n  def f(x) = puts(\"#{x}\")\nend\n",
		engine.LangC:          "#include <stdio.h>\n\nint main(void) { printf(\"%d\\n\", 1); return 0; }\n",
	}
	for lang, s := range src {
		tr, err := Parse(lang, []byte(s))
		if err != nil {
			t.Fatalf("%s: %v", lang, err)
		}
		if tr.Root().HasError() {
			t.Errorf("%s: valid code parsed with errors: %s", lang, tr.Root().ToSexp())
		}
		tr.Close()
	}
}

func TestFileTreeIsSharedAndReleased(t *testing.T) {
	f := &engine.File{Path: "a.py", Lang: engine.LangPython, Content: []byte("x = 1\n")}
	ev := &engine.Evidence{Files: []*engine.File{f}}
	a, err := FileTree(ev, f)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := FileTree(ev, f)
	if a != b {
		t.Fatal("two rules on one file must share one parse")
	}
	ev.Release("file:a.py")
	if a.tree != nil {
		t.Fatal("releasing the file must close its tree")
	}
}

func TestUnsupportedLanguageAndHugeFile(t *testing.T) {
	if MaxParseBytes != repo.MaxFileBytes {
		t.Fatalf("heed reads files up to %d bytes but parses up to %d: a file it reads must be one it can parse", repo.MaxFileBytes, MaxParseBytes)
	}
	if _, err := Parse("cobol", []byte("x")); err == nil {
		t.Fatal("a language without a grammar must be an error")
	}
	if _, err := Parse(engine.LangPython, make([]byte, MaxParseBytes+1)); err == nil {
		t.Fatal("a file over the parse limit must be an error")
	}
}

// The engine releases a file's memo by the prefix "file:"+path+"\x00": a file whose
// path extends another's (a.py, a.pyi) must keep its tree while the other is released,
// or a worker would query a freed tree.
func TestReleaseKeepsFilesWhosePathExtendsAnother(t *testing.T) {
	a := &engine.File{Path: "pkg/a.py", Lang: engine.LangPython, Content: []byte("x = 1\n")}
	b := &engine.File{Path: "pkg/a.pyi", Lang: engine.LangPython, Content: []byte("x: int\n")}
	ev := &engine.Evidence{Files: []*engine.File{a, b}}
	ta, _ := FileTree(ev, a)
	tb, _ := FileTree(ev, b)
	ev.Release("file:" + a.Path + "\x00")
	if ta.tree != nil {
		t.Fatal("a.py's tree must be released")
	}
	if tb.tree == nil {
		t.Fatal("releasing a.py freed a.pyi's tree")
	}
	ev.Close()
}

func TestQueryErrorsNamePosition(t *testing.T) {
	_, err := CompileQuery(engine.LangPython, "(call function: (identifer) @f)")
	qe, ok := err.(*QueryError)
	if !ok || qe.Row != 1 || !strings.Contains(qe.Msg, "unknown node type") || !strings.Contains(qe.Msg, "identifer") {
		t.Fatalf("error %v should name the unknown node type and its line", err)
	}
	if !strings.Contains(qe.Msg, "nearest: identifier") {
		t.Errorf("error %v should offer the grammar's nearest name", err)
	}
	// node names differ between grammars: Kotlin calls a type's name something else
	_, err = CompileQuery("kotlin", "(class_declaration (type_identifier) @match)")
	if err == nil || !strings.Contains(err.Error(), "kotlin's nearest:") {
		t.Errorf("a node type Kotlin lacks: %v, want the Kotlin names nearest it", err)
	}
	_, err = CompileQuery(engine.LangPython, "(call functon: (identifier) @f)")
	if err == nil || !strings.Contains(err.Error(), "unknown field") || !strings.Contains(err.Error(), "function") {
		t.Errorf("an unknown field: %v, want the nearest field names", err)
	}
	if _, err := CompileQuery("cobol", "(x)"); err == nil {
		t.Fatal("a language without a grammar must be an error")
	}
	if _, err := CompileQuery(engine.LangGo, "  "); err == nil {
		t.Fatal("an empty query must be an error")
	}
}

func TestQueryMatchesAndMandatoryCaptures(t *testing.T) {
	q, err := CompileQuery(engine.LangJavaScript, `((call_expression function: (member_expression property: (property_identifier) @p)) @c (#eq? @p "then"))
(arguments (identifier) @i (number)? @opt)`)
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	if !q.Mandatory(0, q.CaptureIndex("p")) || q.Mandatory(1, q.CaptureIndex("opt")) {
		t.Error("@p is in every match of pattern 0; @opt is optional in pattern 1")
	}
	tp := q.TextPredicates(0)
	if len(tp) != 1 || !tp[0].Positive || tp[0].Values[0] != "then" {
		t.Errorf("text predicates %+v", tp)
	}
	tr, _ := Parse(engine.LangJavaScript, []byte("a.then(b);\n// a.then(c)\nx.finally(d);\n"))
	defer tr.Close()
	n := 0
	q.Matches(tr, func(m Match) bool {
		if m.Pattern == 0 {
			n++
		}
		return true
	})
	if n != 1 {
		t.Errorf("%d .then calls, want 1 (the comment and .finally are not)", n)
	}
}

func TestRegionsPerLanguage(t *testing.T) {
	for _, c := range []struct {
		lang, src          string
		code, comment, str string // a substring that must be code / comment / string
	}{
		{engine.LangPython, "x = f\"a {y} b\"  # note\n", "y", "note", "a "},
		{engine.LangTypeScript, "const s = `t ${v}`; // hi\n", "v", "hi", "t $"},
		{engine.LangGo, "package p\n\nvar s = \"q\" // c\n", "var", "c\n", "q"},
		{engine.LangRust, "/* b */ fn f() { let s = \"r\"; }\n", "fn", "b", "r"},
		{engine.LangJava, "class A { String s = \"j\"; // k\n}\n", "class", "k", "j"},
		{engine.LangCSharp, "var s = $\"a {v} b\"; // note\n", "v", "note", "a "},
		{engine.LangCSharp, "/* c */ var s = @\"q \"\"x\"\" r\";\n", "var", "c */", "x"},
		{engine.LangKotlin, "val s = \"a ${v} b\" // note\n", "v", "note", "a "},
		{engine.LangKotlin, "/* c */ val s = \"\"\"raw\"\"\"\n", "val", "c */", "raw"},
		{engine.LangRuby, "s = \"a #{v} b\" # note\n", "v", "note", "a "},
		{engine.LangRuby, "x = <<~EOS\n  heredoc\nEOS\n=begin\nblock\n=end\n", "x", "block", "heredoc"},
		{engine.LangC, "#include <stdio.h>\n/* b */ const char *s = \"zq\"; // k\n", "const", "b */", "zq"},
	} {
		tr, err := Parse(c.lang, []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		r, err := TreeRegions(tr)
		if err != nil {
			t.Fatalf("%s: %v", c.lang, err)
		}
		at := func(sub string) int { return r.At(strings.Index(c.src, sub)) }
		if at(c.code) != 0 || at(c.comment) != Comment || at(c.str) != String {
			t.Errorf("%s: code %d comment %d string %d in %q (%+v)", c.lang, at(c.code), at(c.comment), at(c.str), c.src, r.Spans)
		}
		tr.Close()
	}
}

func TestLexRegions(t *testing.T) {
	src := "var a = x == null; // x == null\nvar s = \"x == null\";\nvar v = @\"a \"\"q\"\" b\";\n/* block */ var r = \"\"\"\nraw\n\"\"\";\n"
	r := LexRegions(engine.LangCSharp, []byte(src))
	at := func(sub string, n int) int {
		i := -1
		for k := 0; k < n; k++ {
			i += 1 + strings.Index(src[i+1:], sub)
		}
		return r.At(i)
	}
	if at("x == null", 1) != 0 || at("x == null", 2) != Comment || at("x == null", 3) != String || at("q", 1) != String || at("block", 1) != Comment || at("raw", 1) != String {
		t.Errorf("C# regions wrong: %+v", r.Spans)
	}
	sh := "echo '#x' # y\nurl=a#b\n"
	rs := LexRegions(engine.LangShell, []byte(sh))
	if rs.At(strings.Index(sh, "#x")) != String || rs.At(strings.Index(sh, "# y")) != Comment || rs.At(strings.Index(sh, "#b")) != 0 {
		t.Errorf("shell regions wrong: %+v", rs.Spans)
	}
}

func TestSkipReason(t *testing.T) {
	if SkipReason([]byte("ok\n")) != "" || SkipReason([]byte("a\x00b")) == "" || SkipReason(make([]byte, MaxParseBytes+1)) == "" {
		t.Fatal("skip: text is read; NUL bytes and files over 2 MB are skipped")
	}
}

// A query is compiled once per process for a grammar and text, and shared: its Close
// does not free it under another user.
func TestCompiledQueriesAreShared(t *testing.T) {
	src := `((call function: (identifier) @f) @match (#eq? @f "shared_query_test"))`
	a, err := CompileQuery(engine.LangPython, src)
	if err != nil {
		t.Fatal(err)
	}
	a.Close()
	b, _ := CompileQuery(engine.LangPython, src)
	if a != b || b.q == nil {
		t.Fatal("the same grammar and text must give the one compiled query, alive after a Close")
	}
	if c, _ := CompileQuery(engine.LangPython, src+" "); c == a {
		t.Fatal("another text is another query")
	}
	if _, err := CompileQuery(engine.LangPython, "(call"); err == nil {
		t.Fatal("a broken query is an error, every time")
	} else if _, err2 := CompileQuery(engine.LangPython, "(call"); err2 == nil || err2.Error() != err.Error() {
		t.Fatalf("the error must be the same: %v, %v", err, err2)
	}
}
