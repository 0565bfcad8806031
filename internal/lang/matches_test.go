package lang

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unsafe"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/heed-dev/heed/internal/engine"
)

// heed's C match loop and its text predicates must give exactly what the binding's own
// iterator gives: the same matches, in the same order, with the same nodes.
func TestMatchesAgreeWithBinding(t *testing.T) {
	if unsafe.Sizeof(sitter.Node{}) != 32 {
		t.Fatalf("sitter.Node is %d bytes; matches.go assumes it is a bare TSNode", unsafe.Sizeof(sitter.Node{}))
	}
	cases := []struct{ lang, src, query string }{
		{engine.LangPython, "import os\nprint(1)\nos.system('x')\nprint(eval('2'))\nf = lambda x: x\nassert f\ntry:\n    pass\nexcept:\n    pass\n",
			`((call function: (identifier) @f) @match (#eq? @f "print"))
			((call function: (attribute) @f) @match (#eq? @f "os.system"))
			((call function: (identifier) @f) @match (#not-eq? @f "print"))
			((call function: (identifier) @f) @match (#match? @f "^e"))
			((call function: (identifier) @f) @match (#not-match? @f "^e"))
			((call function: (identifier) @f) @match (#any-of? @f "eval" "exec"))
			((call function: (identifier) @f) @match (#not-any-of? @f "eval" "exec"))
			(lambda) @match
			(assert_statement) @match
			(except_clause "except" @match !value)
			((call function: (identifier) @a arguments: (argument_list (call function: (identifier) @b))) @match (#eq? @a @b))
			((call function: (identifier) @a arguments: (argument_list (call function: (identifier) @b))) @match (#not-eq? @a @b))`},
		{engine.LangGo, "package p\n\nfunc F() { a.B(); c.D(1, 2); F() }\n",
			`(call_expression function: (selector_expression field: (field_identifier) @f) arguments: (argument_list (_)* @arg)) @match
			((call_expression function: (identifier) @f) @match (#eq? @f "F"))`},
		{engine.LangJavaScript, "const x = eval(y); foo.bar(1); function g() { return x }\n",
			`((call_expression function: (identifier) @f) @match (#eq? @f "eval"))
			(call_expression function: (member_expression property: (property_identifier) @p)) @match
			(function_declaration name: (identifier) @n) @match`},
		{engine.LangPython, "def f(:\n  print(1\nx = lambda: 0\n", `(lambda) @match
			((call function: (identifier) @f) @match (#eq? @f "print"))
			(ERROR) @match`},
	}
	for i, c := range cases {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			q, err := CompileQuery(c.lang, c.query)
			if err != nil {
				t.Fatal(err)
			}
			defer q.Close()
			tr, err := Parse(c.lang, []byte(c.src))
			if err != nil {
				t.Fatal(err)
			}
			defer tr.Close()
			var want, got []string
			qc := sitter.NewQueryCursor()
			defer qc.Close()
			qc.SetMatchLimit(MatchLimit)
			ms := qc.Matches(q.q, tr.Root(), tr.Src)
			for m := ms.Next(); m != nil; m = ms.Next() {
				var b strings.Builder
				fmt.Fprintf(&b, "p%d", m.PatternIndex)
				for _, cp := range m.Captures {
					fmt.Fprintf(&b, " c%d:%s[%d,%d]#%d", cp.Index, cp.Node.Kind(), cp.Node.StartByte(), cp.Node.EndByte(), cp.Node.Id())
				}
				want = append(want, b.String())
			}
			signature := func(m Match) string {
				var b strings.Builder
				fmt.Fprintf(&b, "p%d", m.Pattern)
				for _, cp := range m.Captures {
					if cp.Start != int(cp.Node.StartByte()) || cp.End != int(cp.Node.EndByte()) {
						t.Errorf("capture range [%d,%d] but its node says [%d,%d]", cp.Start, cp.End, cp.Node.StartByte(), cp.Node.EndByte())
					}
					fmt.Fprintf(&b, " c%d:%s[%d,%d]#%d", cp.Index, cp.Node.Kind(), cp.Start, cp.End, cp.Node.Id())
				}
				return b.String()
			}
			q.Matches(tr, func(m Match) bool {
				got = append(got, signature(m))
				return true
			})
			if len(want) == 0 {
				t.Fatal("the case matches nothing: it tests nothing")
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("heed's matches differ from the binding's:\n got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			// Run only at the patterns' root kinds, the same matches in another order.
			var byRoot []string
			q.MatchesByRoot(tr, func(m Match) bool {
				byRoot = append(byRoot, signature(m))
				return true
			})
			slices.Sort(byRoot)
			slices.Sort(want)
			if strings.Join(byRoot, "\n") != strings.Join(want, "\n") {
				t.Errorf("matches by root (roots known: %v) differ from the binding's:\n got:\n%s\nwant:\n%s",
					q.rootKinds() != nil, strings.Join(byRoot, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

func TestStripTextPredicates(t *testing.T) {
	for _, c := range []struct {
		in, want string
		n        int
	}{
		{`((call function: (identifier) @f) @match (#eq? @f "print"))`, `((call function: (identifier) @f) @match  )`, 1},
		{`((x) @a (#any-of? @a "a)" "b\"(" ) (#not-match? @a "^\\(") (#inside? @a call))`, `((x) @a     (#inside? @a call))`, 2},
		{`((x) @a @b (#eq? @a @b))`, `((x) @a @b  )`, 1},
		{`(lambda) @match`, `(lambda) @match`, 0},
	} {
		got, n := StripTextPredicates(c.in)
		if got != c.want || n != c.n {
			t.Errorf("StripTextPredicates(%s) = %q, %d; want %q, %d", c.in, got, n, c.want, c.n)
		}
	}
}

// heed's C parse must give the tree the binding's parse gives.
func TestParseAgreesWithBinding(t *testing.T) {
	if unsafe.Sizeof(sitter.Tree{}) != unsafe.Sizeof(uintptr(0)) || unsafe.Sizeof(sitter.Parser{}) != unsafe.Sizeof(uintptr(0)) {
		t.Fatal("sitter.Tree and sitter.Parser are no longer bare C pointers; parse.go assumes they are")
	}
	for _, c := range []struct{ lang, src string }{
		{engine.LangPython, ""},
		{engine.LangPython, "def f(x):\n    return 'é' + x  # ünïcode\n"},
		{engine.LangPython, "def f(:\n  print(1\n"},
		{engine.LangGo, "package p\n\nfunc F() { a.B() }\n"},
		{engine.LangTSX, "export const C = () => <div>hi</div>;\n"},
	} {
		tr, err := Parse(c.lang, []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		p := sitter.NewParser()
		p.SetLanguage(Grammar(c.lang))
		want := p.Parse([]byte(c.src), nil)
		if got, w := tr.Root().ToSexp(), want.RootNode().ToSexp(); got != w || tr.Root().EndByte() != want.RootNode().EndByte() {
			t.Errorf("%s %q: heed parsed %s, the binding %s", c.lang, c.src, got, w)
		}
		want.Close()
		p.Close()
		tr.Close()
	}
}

// A parse that overruns its work budget gives up and leaves nothing allocated; the
// next one parses normally.
func TestParseGivesUpOverItsBudget(t *testing.T) {
	src := []byte(strings.Repeat("x = f(1, [2, 3], {'a': 4})\n", 20000))
	if tr, arena, _, err := parseArena(Grammar(engine.LangPython), src, 0); !errors.Is(err, errParseBudget) || tr != nil || arena != nil {
		t.Fatalf("a parse with no budget left must give up, got %v", err)
	}
	tr, arena, _, err := parseArena(Grammar(engine.LangPython), src[:27], parseBudget(src[:27]))
	if err != nil || tr.RootNode().HasError() {
		t.Fatalf("the next parse must succeed: %v", err)
	}
	freeArena(arena)
}
