package lang

import (
	"strings"
	"testing"
	"time"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/heed-dev/heed/internal/engine"
)

// Valid TypeScript the grammar does not know parses without errors once repaired,
// with the tree TypeScript reads, and the tree's text is the file as written.
func TestTypeScriptRepairs(t *testing.T) {
	for _, c := range []struct {
		name, src string
		want      []string // node kinds (with their text) the tree must hold
	}{
		{"variance annotations (effect's Channel.ts)",
			"export interface Channel<out OutElem, in InElem = unknown, in out Env extends object = never> {\n  readonly a: OutElem\n}\n",
			// The keyword is read as a blank: the parameter's node starts at its name.
			[]string{"type_parameter=OutElem", "type_parameter=InElem = unknown", "type_parameter=Env extends object = never"}},
		{"variance after const, on a class and a type alias",
			"class Box<const in T> { f(x: T) {} }\ntype F<out T> = () => T\n",
			[]string{"class_declaration", "type_alias_declaration"}},
		{"generic call signature on its own line (effect's Array.ts)",
			"export const takeWhile: {\n  <A, B extends A>(refinement: (a: A, i: number) => a is B): (self: Iterable<A>) => Array<B>\n  <A>(predicate: (a: A, i: number) => boolean): (self: Iterable<A>) => Array<A>\n} = dual(2, f)\n",
			[]string{"call_signature", "call_signature"}},
		{"after >> and with type parameters over several lines (effect's Sink.ts)",
			"export interface Constructor<In> {\n  <E, R>(ab: (_: S<In>) => E): Sink<B, Exclude<R, Scope.Scope>>\n  <\n    E,\n    C extends { readonly a: 1 },\n  >(ab: E): C\n}\n",
			[]string{"call_signature", "call_signature"}},
		{"a member named in on its own line (effect's OpenApi.ts)",
			"export interface Parameter {\n  name: string\n  in: \"query\" | \"path\"\n  required?: boolean\n}\n",
			[]string{"property_signature=in: \"query\" | \"path\""}},
		{"escapes in a template literal type (effect's Schema.ts)",
			"type MissingSelf<U extends string> =\n  `Missing \\`Self\\` generic - use \\`class Self extends ${U}<Self>(...)\\``\n",
			[]string{"template_literal_type"}},
		{"let as",
			"let as = [1]\nlet satisfies: number = 2\n",
			[]string{"variable_declarator=as = [1]", "variable_declarator=satisfies: number = 2"}},
	} {
		for _, l := range []string{engine.LangTypeScript, engine.LangTSX} {
			tr, err := Parse(l, []byte(c.src))
			if err != nil {
				t.Fatal(err)
			}
			if tr.Root().HasError() {
				t.Errorf("%s, %s: still has errors: %s", c.name, l, tr.Root().ToSexp())
			}
			if string(tr.Src) != c.src || int(tr.Root().EndByte()) > len(c.src) {
				t.Errorf("%s, %s: the tree must be of the file as written", c.name, l)
			}
			got := map[string]int{}
			walk(tr.Root(), func(n *sitter.Node) {
				got[n.Kind()]++
				got[n.Kind()+"="+string(tr.Src[n.StartByte():n.EndByte()])]++
			})
			want := map[string]int{}
			for _, w := range c.want {
				want[w]++
			}
			for w, n := range want {
				if got[w] < n {
					t.Errorf("%s, %s: want %d × %s in %s", c.name, l, n, w, tr.Root().ToSexp())
				}
			}
			tr.Close()
		}
	}
}

// What the repairs must leave alone: valid code they could be mistaken for, in a file
// whose syntax error elsewhere makes heed look for repairs.
func TestTypeScriptRepairsLeaveValidCode(t *testing.T) {
	broken := "\nconst broken = (\n"
	for _, c := range []struct{ lang, src, want string }{
		{engine.LangTypeScript, "const y = foo\n  <T>(x)\n" + broken, "call_expression=foo\n  <T>(x)"},
		{engine.LangTypeScript, "const f =\n  <T>(x: T) => x\n" + broken, "arrow_function=<T>(x: T) => x"},
		{engine.LangTypeScript, "const y = a\n  in b\n" + broken, "binary_expression=a\n  in b"},
		{engine.LangTypeScript, "for (const k in o) {}\nlet out = 1\n" + broken, "for_in_statement"},
		{engine.LangTypeScript, "type M = { [K in Keys]: K }\n" + broken, "mapped_type_clause=K in Keys"},
		{engine.LangTSX, "const e = (\n  <div>\n    <Out in={1}>(x)</Out>\n  </div>\n)\n" + broken, "jsx_element"},
	} {
		tr, err := Parse(c.lang, []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		found := false
		walk(tr.Root(), func(n *sitter.Node) {
			if n.Kind() == c.want || n.Kind()+"="+string(tr.Src[n.StartByte():n.EndByte()]) == c.want {
				found = true
			}
		})
		if !found {
			t.Errorf("%q: want %s in %s", c.src, c.want, tr.Root().ToSexp())
		}
		tr.Close()
	}
}

// A file the repairs cannot help keeps its first parse.
func TestTypeScriptRepairKeepsTheBetterTree(t *testing.T) {
	src := "const a = sql<{ id: number }>`SELECT 1`\nfunction f( {\n"
	tr, err := Parse(engine.LangTypeScript, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	if !tr.Root().HasError() || !strings.Contains(tr.Root().ToSexp(), "MISSING") {
		t.Fatalf("a tagged template with type arguments is not in the grammar: want the MISSING node, got %s", tr.Root().ToSexp())
	}
}

func walk(n *sitter.Node, fn func(*sitter.Node)) {
	fn(n)
	for i := uint(0); i < n.ChildCount(); i++ {
		walk(n.Child(i), fn)
	}
}

// The incremental reparse of each round gives the tree a parse of the repaired text
// from scratch gives.
func TestTypeScriptRepairReparsesLikeAFreshParse(t *testing.T) {
	src := []byte("export interface Channel<out A, in out E = never> {\n  (a: A): Effect<A>\n  <B>(b: B): Effect<B>\n  in: string\n}\n" +
		"type M<U extends string> = `use \\`${U}\\``\nlet as = 1\nconst x = sql<{ id: number }>`SELECT 1`\n")
	g := Grammar(engine.LangTypeScript)
	tr, err := Parse(engine.LangTypeScript, src)
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	// The same rounds, each parsed from scratch.
	text := src
	cur, arena, _ := parseArena(g, text, time.Second)
	for round := 0; round < maxRepairRounds; round++ {
		edits := tsRepairs(cur.RootNode(), text, kindsOf(g))
		if len(edits) == 0 {
			break
		}
		text = append([]byte(nil), text...)
		for _, e := range edits {
			text[e.at] = e.b
		}
		freeArena(arena)
		cur, arena, _ = parseArena(g, text, time.Second)
	}
	defer freeArena(arena)
	if got, want := tr.Root().ToSexp(), cur.RootNode().ToSexp(); got != want {
		t.Errorf("incremental:\n%s\nfrom scratch:\n%s", got, want)
	}
}
