package lang

import (
	"testing"

	"github.com/heed-dev/heed/internal/engine"
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
	if a.Tree != nil {
		t.Fatal("releasing the file must close its tree")
	}
}

func TestUnsupportedLanguageAndHugeFile(t *testing.T) {
	if _, err := Parse("cobol", []byte("x")); err == nil {
		t.Fatal("a language without a grammar must be an error")
	}
	if _, err := Parse(engine.LangPython, make([]byte, MaxParseBytes+1)); err == nil {
		t.Fatal("a file over the parse limit must be an error")
	}
}
