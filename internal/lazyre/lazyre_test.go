package lazyre

import (
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
