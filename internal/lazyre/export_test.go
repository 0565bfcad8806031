package lazyre

import (
	"fmt"
	"regexp"
)

// RequiredLiterals and TableNeed let the external tests compare the table with what
// the expressions say.
var RequiredLiterals = requiredLiterals

func TableNeed(expr string) (need, fold []string, ok bool) { return knownNeed(expr) }

// Check compiles every expression made so far and returns the first that is not
// valid: all_test.go, which links every package, calls it, so a typo in an expression
// no match exercises still fails the build's tests rather than a user's compile.
func Check() error {
	allMu.Lock()
	list := append([]*RE(nil), all...)
	allMu.Unlock()
	return checkList(list)
}

// All returns every expression made with New so far.
func All() []*RE {
	allMu.Lock()
	defer allMu.Unlock()
	return append([]*RE(nil), all...)
}

func checkList(list []*RE) error {
	for _, l := range list {
		if _, err := regexp.Compile(l.expr); err != nil {
			return fmt.Errorf("expression %q: %w", l.expr, err)
		}
	}
	return nil
}

// Compiled returns how many of the expressions made so far have been compiled.
func Compiled() (compiled, made int) {
	allMu.Lock()
	defer allMu.Unlock()
	for _, l := range all {
		if l.re != nil {
			compiled++
		}
	}
	return compiled, len(all)
}

// String returns the source text without compiling it.
func (l *RE) String() string { return l.expr }
