// Package lazyre is a regular expression compiled on first use. Every PATH shim and
// agent hook starts the heed binary, and Go runs the initialisation of every linked
// package before main: a recogniser's hundred expressions compiled in a var block
// would cost each guarded command milliseconds, though they serve only `heed
// compile`. New records the expression; the first match compiles it (once, safely
// from many goroutines). An invalid expression panics at that first use, as
// regexp.MustCompile does at start-up; Check, run by the tests, compiles them all.
package lazyre

import (
	"fmt"
	"regexp"
	"sync"
)

// RE is a lazily compiled *regexp.Regexp with the same methods.
type RE struct {
	once sync.Once
	expr string
	re   *regexp.Regexp
}

// all lists every expression made with New, for Check.
var (
	allMu sync.Mutex
	all   []*RE
)

// New returns expr, to be compiled when first used.
func New(expr string) *RE {
	l := &RE{expr: expr}
	allMu.Lock()
	all = append(all, l)
	allMu.Unlock()
	return l
}

// Check compiles every expression made so far and returns the first that is not
// valid: a test that links the packages calls it, so a typo in an expression no
// match exercises still fails the build's tests rather than a user's compile.
func Check() error {
	allMu.Lock()
	list := append([]*RE(nil), all...)
	allMu.Unlock()
	return checkList(list)
}

func checkList(list []*RE) error {
	for _, l := range list {
		if _, err := regexp.Compile(l.expr); err != nil {
			return fmt.Errorf("expression %q: %w", l.expr, err)
		}
	}
	return nil
}

// Regexp returns the compiled expression.
func (l *RE) Regexp() *regexp.Regexp {
	l.once.Do(func() { l.re = regexp.MustCompile(l.expr) })
	return l.re
}

// String returns the source text without compiling it.
func (l *RE) String() string { return l.expr }

func (l *RE) Match(b []byte) bool                  { return l.Regexp().Match(b) }
func (l *RE) MatchString(s string) bool            { return l.Regexp().MatchString(s) }
func (l *RE) FindString(s string) string           { return l.Regexp().FindString(s) }
func (l *RE) FindStringIndex(s string) []int       { return l.Regexp().FindStringIndex(s) }
func (l *RE) FindStringSubmatch(s string) []string { return l.Regexp().FindStringSubmatch(s) }
func (l *RE) FindStringSubmatchIndex(s string) []int {
	return l.Regexp().FindStringSubmatchIndex(s)
}
func (l *RE) FindAllString(s string, n int) []string { return l.Regexp().FindAllString(s, n) }
func (l *RE) FindAllStringIndex(s string, n int) [][]int {
	return l.Regexp().FindAllStringIndex(s, n)
}
func (l *RE) FindAllStringSubmatch(s string, n int) [][]string {
	return l.Regexp().FindAllStringSubmatch(s, n)
}
func (l *RE) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return l.Regexp().FindAllStringSubmatchIndex(s, n)
}
func (l *RE) FindIndex(b []byte) []int             { return l.Regexp().FindIndex(b) }
func (l *RE) FindSubmatch(b []byte) [][]byte       { return l.Regexp().FindSubmatch(b) }
func (l *RE) FindAllIndex(b []byte, n int) [][]int { return l.Regexp().FindAllIndex(b, n) }
func (l *RE) FindAllSubmatchIndex(b []byte, n int) [][]int {
	return l.Regexp().FindAllSubmatchIndex(b, n)
}
func (l *RE) ReplaceAllString(s, repl string) string { return l.Regexp().ReplaceAllString(s, repl) }
func (l *RE) ReplaceAllLiteralString(s, repl string) string {
	return l.Regexp().ReplaceAllLiteralString(s, repl)
}
func (l *RE) ReplaceAllStringFunc(s string, f func(string) string) string {
	return l.Regexp().ReplaceAllStringFunc(s, f)
}
func (l *RE) ReplaceAll(b, repl []byte) []byte { return l.Regexp().ReplaceAll(b, repl) }
func (l *RE) Split(s string, n int) []string   { return l.Regexp().Split(s, n) }
func (l *RE) SubexpNames() []string            { return l.Regexp().SubexpNames() }
func (l *RE) SubexpIndex(name string) int      { return l.Regexp().SubexpIndex(name) }
func (l *RE) NumSubexp() int                   { return l.Regexp().NumSubexp() }
