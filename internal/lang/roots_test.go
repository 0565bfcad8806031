package lang

import (
	"slices"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
)

func TestPatternRoots(t *testing.T) {
	for _, c := range []struct {
		pattern string
		kinds   []string // nil: not known
	}{
		{`(call function: (identifier) @f) @match`, []string{"call"}},
		{`((call function: (identifier) @f) @match (#eq? @f "print"))`, []string{"call"}},
		{`((call function: (identifier) @f) @match  )`, []string{"call"}},
		{`(except_clause "except" @match !value) @clause`, []string{"except_clause"}},
		{`[(lambda) (call)] @x`, []string{"lambda", "call"}},
		{"; a comment\n(lambda) @x", []string{"lambda"}},
		{`((string) @s (#match? @s "a)b;c"))`, []string{"string"}},
		{`(_) @x`, nil},
		{`(ERROR) @x`, nil},
		{`"except" @x`, nil},
		{`(expression/identifier) @x`, nil},
		{`(call)+ @x`, nil},
		{`((call) @c)*`, nil},
		{`[(lambda) (call)]? @x`, nil},
		{`[(lambda)* (call)] @x`, nil},
		{`(call`, nil},
	} {
		got, ok := patternRoots(c.pattern)
		if !ok {
			got = nil
		}
		if !slices.Equal(got, c.kinds) {
			t.Errorf("patternRoots(%q) = %v, %v; want %v", c.pattern, got, ok, c.kinds)
		}
	}
}

// The fast path is taken where every pattern's root is known, and only there.
func TestRootKinds(t *testing.T) {
	for _, c := range []struct {
		lang, query string
		known       bool
	}{
		{engine.LangPython, `((call function: (identifier) @f) @match (#eq? @f "print"))
			(lambda) @match
			(except_clause "except" @match !value) @clause`, true},
		{engine.LangGo, `(call_expression function: (selector_expression field: (field_identifier) @f) arguments: (argument_list (_)* @arg)) @match`, true},
		{engine.LangPython, `(lambda) @match
			(_) @any`, false},
		{engine.LangPython, `(primary_expression) @x`, false}, // a supertype
		{engine.LangPython, `((comment) . (function_definition)) @x`, false},
	} {
		q, err := CompileQuery(c.lang, c.query)
		if err != nil {
			t.Fatal(err)
		}
		if got := q.rootKinds() != nil; got != c.known {
			t.Errorf("%s: roots known = %v, want %v", c.query, got, c.known)
		}
		q.Close()
	}
}
