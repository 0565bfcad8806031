package lang

import (
	"strings"
	"testing"

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
	cur, arena, _, _ := parseArena(g, text, parseBudget(text))
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
		cur, arena, _, _ = parseArena(g, text, parseBudget(text))
	}
	defer freeArena(arena)
	if got, want := tr.Root().ToSexp(), cur.RootNode().ToSexp(); got != want {
		t.Errorf("incremental:\n%s\nfrom scratch:\n%s", got, want)
	}
}

// The repair's rounds are bounded by parse work, not time: a budget that runs out
// keeps the best tree of the rounds it paid for, and the same budget gives the same
// tree every time, so a report cannot change with the machine's load.
func TestTypeScriptRepairIsBoundedByWorkNotTime(t *testing.T) {
	var b strings.Builder
	for i := range 200 {
		b.WriteString("export interface Channel" + strings.Repeat("X", i%7) + "<out A, in B = unknown> {\n  (a: A): Effect<A>\n  <C>(c: C): Effect<C>\n  in: string\n}\n")
	}
	src := []byte(b.String())
	g := Grammar(engine.LangTypeScript)
	sexpWith := func(budget uint64) (string, uint64) {
		tr, arena, _, err := parseArena(g, src, parseBudget(src))
		if err != nil {
			t.Fatal(err)
		}
		defer freeArena(arena)
		best, spent := repair(g, src, tr, arena, budget)
		return best.RootNode().ToSexp(), spent
	}
	unrepaired, spent := sexpWith(0)
	if spent != 0 || !strings.Contains(unrepaired, "ERROR") {
		t.Fatalf("with no budget the repair must do nothing (spent %d)", spent)
	}
	full, need := sexpWith(1 << 40)
	if strings.Contains(full, "ERROR") || need < 4 {
		t.Fatalf("with budget enough the file must be repaired in some work (spent %d)", need)
	}
	for _, budget := range []uint64{need / 2, need - 1, need} {
		first, _ := sexpWith(budget)
		for range 3 {
			if again, _ := sexpWith(budget); again != first {
				t.Fatalf("budget %d of %d: the repair gave two different trees", budget, need)
			}
		}
		if budget == need && first != full {
			t.Errorf("the budget the repair needs must give the repaired tree")
		}
		if budget < need && first == full {
			t.Errorf("budget %d of %d: less than the repair needs cannot give the repaired tree", budget, need)
		}
	}
}
