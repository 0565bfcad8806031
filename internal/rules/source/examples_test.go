package source

import (
	"testing"

	"github.com/heed-dev/heed/internal/lang"
	"github.com/heed-dev/heed/internal/recognize"
)

// countMatches runs a query over code and counts its matches.
func countMatches(t *testing.T, l, query, code string) int {
	t.Helper()
	q, err := lang.CompileQuery(l, query)
	if err != nil {
		t.Fatalf("%s: %v\n%s", l, err, query)
	}
	defer q.Close()
	tree, err := lang.Parse(l, []byte(code))
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	n := 0
	q.Matches(tree, func(lang.Match) bool { n++; return true })
	return n
}

// An example becomes a query that finds its construct whatever the example's names for
// values, and not the code around it or the prescribed form.
func TestExampleQuery(t *testing.T) {
	for _, c := range []struct {
		lang, bad, good string
		hit, miss       string
	}{
		{"python", "if len(items) == 0:", "if not items:",
			"if len(cart.lines) == 0:\n    pass\n", "if not cart.lines:\n    pass\nx = len(a) == 0\n"},
		{"python", "x == None", "x is None", "ok = value == None\n", "ok = value is None or value == 0\n"},
		{"python", "type(obj) == dict", "isinstance(obj, dict)", "ok = type(v) == list\n", "ok = isinstance(v, list)\n"},
		{"python", `"%s" % name`, `f"{name}"`, "s = \"a %s\" % user\n", "s = f\"a {user}\"\nn = 10 % 3\n"},
		{"typescript", "!items.length", "items.length === 0", "const e = !xs.length;\n", "const e = xs.length === 0 || !xs;\n"},
		{"javascript", "value instanceof Array", "Array.isArray(value)", "const a = v instanceof Array;\n", "const a = v instanceof Map;\n"},
		{"javascript", "if (done === true)", "if (done)", "if (finished === true) { f(); }\n", "if (finished) { f(); }\nconst y = finished === 2;\n"},
		{"typescript", "JSON.parse(JSON.stringify(obj))", "structuredClone(obj)", "const c = JSON.parse(JSON.stringify(v));\n", "const c = JSON.parse(\"{}\");\n"},
		{"typescript", "catch (e: any)", "catch (e: unknown)", "try { f(); } catch (err: any) {}\n", "try { f(); } catch (err: unknown) {}\nlet a: any;\n"},
		{"rust", ".len() == 0", ".is_empty()", "fn f(q: &[u8]) -> bool { q.len() == 0 }\n", "fn f(q: &[u8]) -> bool { q.is_empty() || q.len() == 3 }\n"},
		{"go", "for i := 0; i < n; i++", "for i := range n",
			"package p\nfunc f(n int) {\n\tfor k := 0; k < n; k++ {\n\t}\n}\n", "package p\nfunc f(n int) {\n\tfor k := range n {\n\t}\n\tfor k := 1; k < n; k += 2 {\n\t}\n}\n"},
		{"go", "err == io.EOF", "errors.Is(err, io.EOF)", "package p\nvar b = e == io.EOF\n", "package p\nvar b = errors.Is(e, io.EOF) || e == nil\n"},
		{"ruby", "if !x", "unless x", "if !ok\n  1\nend\n", "unless ok\n  1\nend\nif ok && !ok\n  1\nend\n"},
		{"csharp", `s == null || s == ""`, "string.IsNullOrEmpty(s)",
			"class C { bool B(string t) { return t == null || t == \"\"; } }\n", "class C { bool B(string t) { return t == null || t == \"x\"; } }\n"},
		{"kotlin", "user!!.name", "user?.name", "fun f(u: User?) = u!!.name\n", "fun f(u: User?) = u?.name\nfun g(u: User?) = u!!.id\n"},
	} {
		q, why := exampleQuery(c.lang, c.bad, c.good)
		if q == "" {
			t.Errorf("%s %q: no query: %s", c.lang, c.bad, why)
			continue
		}
		if n := countMatches(t, c.lang, q, c.hit); n != 1 {
			t.Errorf("%s %q: %d matches in %q, want 1\n%s", c.lang, c.bad, n, c.hit, q)
		}
		if n := countMatches(t, c.lang, q, c.miss); n != 0 {
			t.Errorf("%s %q: %d matches in %q, want none\n%s", c.lang, c.bad, n, c.miss, q)
		}
	}
}

// An example that names nothing particular, that matches the prescribed form too, or
// that is no code of the language, gives no query.
func TestExampleQueryRefuses(t *testing.T) {
	for _, c := range []struct{ lang, bad, good string }{
		{"java", "a == b", "a.equals(b)"},            // two values and an operator
		{"python", "x + y", ""},                      // the same
		{"python", "if not items:", "if not items:"}, // the prescribed form is the banned one
		{"python", "items.length === 0", ""},         // JavaScript, not Python
		{"javascript", "chore: {}", ""},              // a label, not a construct
	} {
		if q, _ := exampleQuery(c.lang, c.bad, c.good); q != "" {
			t.Errorf("%s %q: got a query, want none: %s", c.lang, c.bad, q)
		}
	}
	for _, sp := range []string{"git push --force", "npm run build", "src/app.ts", "chore:", "feat(ui): add"} {
		if exampleFragment(sp) {
			t.Errorf("%q read as an example of code", sp)
		}
	}
}

// An example in a repository whose code is mostly of a language heed does not parse is
// that language's, whatever else would parse it.
func TestMainCodeExtension(t *testing.T) {
	for _, c := range []struct {
		exts []string
		want string
	}{
		{[]string{".t", ".md", ".ml", ".py"}, ".ml"}, // dune: cram tests, then OCaml
		{[]string{".md", ".json", ".ts", ".swift"}, ""},
		{[]string{".swift", ".py"}, ".swift"},
		{[]string{".md", ".yml"}, ""},
		{nil, ""},
	} {
		if got := mainCodeExtension(&recognize.RepoContext{Extensions: c.exts}); got != c.want {
			t.Errorf("%v: %q, want %q", c.exts, got, c.want)
		}
	}
}

// exampleQuery is the query of the banned example in l, or why there is none.
func exampleQuery(l, bad, good string) (string, string) {
	ex, why := compileExample(l, bad, good)
	return ex.query, why
}

// TestALoneStringIsNoConstruct: "NEVER use `'*'`" (LinkFood/remix-of-james-brain-memory
// CLAUDE.md:158, wild round 25) names a value of the data, which a query of every
// string would find in every `select('*')`; a word-like constant stays exact.
func TestALoneStringIsNoConstruct(t *testing.T) {
	if _, why := compileExample("typescript", "'*'", ""); why == "" {
		t.Errorf("'*' compiled into a query")
	}
	if ex, why := compileExample("typescript", `typeof x === "undefined"`, ""); why != "" || ex.query == "" {
		t.Errorf("a comparison with a word constant: %q", why)
	}
}
