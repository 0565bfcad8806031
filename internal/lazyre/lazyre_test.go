package lazyre

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
)

func TestCompiledOnFirstUseOnce(t *testing.T) {
	re := New(`^(\w+) must not import (\w+)$`)
	if re.re != nil {
		t.Fatal("New compiled the expression")
	}
	if re.String() != `^(\w+) must not import (\w+)$` || re.re != nil {
		t.Fatal("String must not compile")
	}
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if m := re.FindStringSubmatch("web must not import db"); len(m) != 3 || m[2] != "db" {
				t.Errorf("match: %q", m)
			}
		}()
	}
	wg.Wait()
	first := re.Regexp()
	if re.Regexp() != first {
		t.Fatal("compiled twice")
	}
}

func TestInvalidExpressionPanicsAtFirstUse(t *testing.T) {
	re := &RE{expr: `(unclosed`} // not registered: Check is for heed's own expressions
	defer func() {
		if recover() == nil {
			t.Fatal("an invalid expression must panic when first used")
		}
	}()
	re.MatchString("x")
}

func TestCheckFindsAnInvalidExpression(t *testing.T) {
	list := []*RE{{expr: `(?P<ok>\w+)`}, {expr: `[z-a]`}}
	if err := checkList(list); err == nil || !strings.Contains(err.Error(), "[z-a]") {
		t.Fatalf("checkList: %v", err)
	}
	if err := checkList(list[:1]); err != nil {
		t.Fatal(err)
	}
}

func TestSameExpressionSameRE(t *testing.T) {
	a, b := New(`^same\b`), New(`^same\b`)
	if a != b {
		t.Fatal("New must give one RE per expression, compiled once")
	}
	if !a.MatchString("same thing") || b.re == nil {
		t.Fatal("the shared RE did not compile on first use")
	}
}

func TestNotCompiledUntilATextHasItsWords(t *testing.T) {
	re := New(`\bnever (?:commit|push) to main\b`)
	if re.MatchString("Run the tests before you open a pull request.") {
		t.Fatal("matched a sentence without its words")
	}
	if re.re != nil {
		t.Fatal("compiled for a text that holds none of the literals every match needs")
	}
	if !re.MatchString("Never push to main; never push to main directly.") || re.re == nil {
		t.Fatal("a sentence with the words must compile and match")
	}
	if re.FindString("x") != "" || re.ReplaceAllString("no words here", "y") != "no words here" {
		t.Fatal("a text without the literals is no match")
	}
}

func TestCaseInsensitiveLiteralsPrefilter(t *testing.T) {
	re := New(`(?i)\bnever force[- ]push\b`)
	if need, fold := requiredLiterals(re.String()); need != nil || len(fold) == 0 {
		t.Fatalf("literals of a (?i) expression: exact %q, any case %q", need, fold)
	}
	if re.MatchString("Run the linters before every commit.") || re.re != nil {
		t.Fatal("compiled for a text without the words in any case")
	}
	for _, s := range []string{"NEVER FORCE-PUSH to main", "Never force push.", "never Force-Push"} {
		if !re.MatchString(s) {
			t.Errorf("%q: no match", s)
		}
	}
	// Go folds the Kelvin sign onto k and the long s onto s: such a text may match.
	k := New(`(?i)kept`)
	if !k.MatchString("\u212Aept") {
		t.Error("the Kelvin sign folds onto k")
	}
	s := New(`(?i)ask`)
	if !s.MatchString("a\u017Fk") {
		t.Error("the long s folds onto s")
	}
	// A non-ASCII literal under (?i) gives no literal: its folds are not ASCII's.
	if need, fold := requiredLiterals(`(?i)straße`); need != nil || fold != nil {
		t.Errorf("(?i)straße: exact %q, any case %q", need, fold)
	}
	// Exact and case-insensitive branches together: either kind of literal lets the text through.
	mixed := New(`Makefile|(?i:justfile)`)
	if !mixed.MatchString("see the JUSTFILE") || !mixed.MatchString("see the Makefile") || mixed.MatchString("see the makefile") {
		t.Error("a mixed alternation")
	}
}

func TestContainsFold(t *testing.T) {
	for _, c := range []struct {
		s, lit string
		want   bool
	}{
		{"Do NOT push", "not", true},
		{"nothing", "not", true},
		{"no", "not", false},
		{"", "a", false},
		{"x-Y_z", "x-y_z", true},
		{"NOT", "not ", false},
		{"[Bot]", "[bot]", true},
		{"NOx nOx not", "not", true},
		{"Nnot", "not", true},
		{"NO nO no", "not", false},
		{"aN", "n", true},
		{"ab", "abc", false},
	} {
		if got := containsFold(c.s, c.lit); got != c.want {
			t.Errorf("containsFold(%q, %q) = %v", c.s, c.lit, got)
		}
	}
}

// New runs hundreds of times at every heed start (each package-level expression):
// an expression recorded costs a share of one allocation, not one of its own.
func TestNewAllocatesInBlocks(t *testing.T) {
	exprs := make([]string, 640)
	for i := range exprs {
		exprs[i] = fmt.Sprintf(`^allocs-in-blocks-%d\b`, i)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for _, e := range exprs {
		New(e)
	}
	runtime.ReadMemStats(&after)
	if n := after.Mallocs - before.Mallocs; n > uint64(len(exprs)/8) {
		t.Errorf("recording %d expressions made %d allocations, want at most %d", len(exprs), n, len(exprs)/8)
	}
}
