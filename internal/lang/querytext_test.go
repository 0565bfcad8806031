package lang

import (
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
)

// shape is what the needle analysis reads of a query, by capture name.
func shape(q interface {
	PatternCount() int
	TextPredicates(int) []TextPredicate
	Mandatory(int, int) bool
}, names []string) []string {
	var out []string
	for i := 0; i < q.PatternCount(); i++ {
		var parts []string
		for c, n := range names {
			if q.Mandatory(i, c) {
				parts = append(parts, "@"+n)
			}
		}
		for _, p := range q.TextPredicates(i) {
			parts = append(parts, fmt.Sprintf("%s%v:%q", names[p.Capture], p.Positive, p.Values))
		}
		out = append(out, strings.Join(parts, " "))
	}
	return out
}

// agree checks that the text reading of a query gives what its compilation gives.
func agree(t *testing.T, l, src string) {
	t.Helper()
	q, err := CompileQuery(l, src)
	qt, ok := ParseQueryText(src)
	if err != nil {
		// The reader checks no node kind or field against the grammar, nor whether a
		// pattern can match; it must decline anything else Tree-sitter rejects.
		grammar := strings.Contains(err.Error(), "unknown node type") || strings.Contains(err.Error(), "unknown field") || strings.Contains(err.Error(), "impossible pattern")
		if ok && !grammar {
			t.Errorf("%s %q: read as text, but it does not compile: %v", l, src, err)
		}
		return
	}
	if !ok {
		// It may decline text outside ASCII (Tree-sitter's reading depends on the
		// locale there), nothing else that compiles.
		if strings.IndexFunc(src, func(r rune) bool { return r >= 0x80 }) < 0 {
			t.Errorf("%s %q: compiles, but the text reader does not take it", l, src)
		}
		return
	}
	if got, want := shape(qt, qt.captures), shape(q, q.CaptureNames()); !reflect.DeepEqual(got, want) {
		t.Errorf("%s %q:\ntext     %q\ncompiled %q", l, src, got, want)
	}
}

func TestQueryTextAgreesWithCompiledQuery(t *testing.T) {
	for _, c := range []struct{ lang, src string }{
		{engine.LangPython, `((call function: (identifier) @f) @match (#eq? @f "print"))`},
		{engine.LangPython, `((call function: (attribute object: (identifier) @o attribute: (identifier) @a)) @match (#eq? @o "os") (#any-of? @a "system" "popen"))`},
		{engine.LangPython, `(except_clause "except" @match !value) @clause`},
		{engine.LangPython, `[(lambda) (global_statement)] @match`},
		{engine.LangPython, `[(lambda) @a (global_statement) @b] @match (#eq? @a "x")`},
		{engine.LangPython, `((identifier) @x (#not-eq? @x "self") (#match? @x "^_")) @match`},
		{engine.LangPython, `(call arguments: (argument_list (string)? @s (identifier)* @i (integer)+ @n)) @match (#eq? @s "a") (#eq? @i "b") (#eq? @n "1")`},
		{engine.LangPython, `((call) @c (#any-eq? @c "f()") (#any-not-eq? @c "g()") (#not-any-of? @c "h()"))`},
		{engine.LangPython, "; a comment\n(call (identifier) @f . (argument_list) @a .) @match\n(#eq? @f \"f\")"},
		{engine.LangPython, `(function_definition name: (identifier) @n body: (block . (expression_statement (string)) @doc)?) @match (#eq? @n "main")`},
		{engine.LangPython, `((call function: (identifier) @f) @m (#eq? @f "a\"b\n"))` + "\n" + `((call function: (identifier) @f) @m (#eq? @f @f))`},
		{engine.LangPython, `([(call function: (identifier) @f) (decorator (identifier) @f)] @m (#eq? @f "x"))`},
		{engine.LangPython, `((call function: [(identifier) @f (attribute attribute: (identifier) @f)]) @m (#eq? @f "eval"))`},
		{engine.LangPython, `(((identifier) @a) ((identifier) @b)?) @m (#eq? @b "x")`},
		{engine.LangPython, `(module (_) @top (MISSING) @gone) (expression_statement (MISSING ")"))`},
		{engine.LangJavaScript, `((call_expression function: (member_expression object: (identifier) @o property: (property_identifier) @p)) @match (#eq? @o "console") (#any-of? @p "log" "warn"))`},
		{engine.LangTypeScript, `((predefined_type) @match (#eq? @match "any"))`},
		{engine.LangTypeScript, `(type_annotation (_) @t) @m (#eq? @t "unknown")`},
		{engine.LangGo, `((call_expression function: (selector_expression operand: (identifier) @p field: (field_identifier) @f)) @match (#eq? @p "fmt") (#eq? @f "Println"))`},
		{engine.LangRust, `((macro_invocation macro: (identifier) @m) @match (#any-of? @m "todo" "unimplemented" "dbg"))`},
		{engine.LangJava, `((method_invocation object: (field_access object: (identifier) @s field: (identifier) @o) name: (identifier) @m) @match (#eq? @s "System") (#eq? @m "println"))`},
		// Not queries: the text reader must not take what Tree-sitter rejects.
		{engine.LangPython, `(call`},
		{engine.LangPython, `(call))`},
		{engine.LangPython, `((call) @c (#eq? @c))`},
		{engine.LangPython, `((call) @c (#eq? "x" @c))`},
		{engine.LangPython, `((call) @c (#any-of? @c @c))`},
		{engine.LangPython, `((call) @c (#eq? @d "x"))`},
		{engine.LangPython, `((call) @c (#match? @c "("))`},
		{engine.LangPython, `(call .)`},
		{engine.LangPython, `(call function: )`},
		{engine.LangPython, `[]`},
		{engine.LangPython, `"unterminated`},
	} {
		agree(t, c.lang, c.src)
	}
}

// FuzzQueryText: on any text, the reader either declines, or agrees with Tree-sitter.
func FuzzQueryText(f *testing.F) {
	f.Add(`((call function: (identifier) @f) @match (#eq? @f "print"))`)
	f.Add(`[(lambda) @a (global_statement) @b]* @match (#eq? @a "x")`)
	f.Add(`(call (identifier)? @f . (argument_list)+ @a .) @m (#any-of? @f "a" "b")`)
	f.Fuzz(func(t *testing.T, src string) {
		// Two quantifiers in a row before an anchor, `(call (identifier)?+ .)`, make
		// ts_query_new loop for ever (go-tree-sitter 0.25.0).
		if len(src) > 2000 || stackedQuantifiers.MatchString(src) {
			return
		}
		agree(t, engine.LangPython, src)
	})
}

var stackedQuantifiers = regexp.MustCompile(`[?*+][\s;]*[?*+]`)
