// Package lazyre is a regular expression compiled on first use. Every PATH shim and
// agent hook starts the heed binary, and Go runs the initialisation of every linked
// package before main: a recogniser's hundred expressions compiled in a var block
// would cost each guarded command milliseconds, though they serve only `heed
// compile`. New records the expression; the first match compiles it (once, safely
// from many goroutines). An invalid expression panics at that first use, as
// regexp.MustCompile does at start-up; Check, run by the tests, compiles them all.
package lazyre

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"
)

// RE is a lazily compiled *regexp.Regexp with the same methods.
type RE struct {
	once     sync.Once
	needOnce sync.Once
	expr     string
	re       *regexp.Regexp
	// need is a set of literals one of which every match contains (nil: no such set
	// is known): a text with none of them cannot match, and strings.Contains is much
	// cheaper than running the expression. Recognisers run hundreds of expressions
	// over every sentence, most of which mention none of their words. It is found
	// from the parsed expression alone, before the expression is compiled: most
	// expressions of a process never see a text with one of their literals, and
	// compiling them is what a short `heed compile` spent a tenth of its time on.
	need []string
	// needFold are more such literals, matched without regard to ASCII case (each
	// written in lower case): the literals of a case-insensitive part, `(?i)must not`.
	// A text that holds none of need and none of needFold cannot match; both nil: no
	// such set is known.
	needFold []string
}

// all lists every expression made with New, for Check; byExpr finds one again.
// A plain map under a lock: most calls of New run at initialisation, where a
// sync.Map's insertions cost more (3% of a `heed --version`).
// manyExprs is the count of expressions past which New makes room for exprsHint
// more; it is also the most REs one allocation makes.
const (
	manyExprs = 64
	exprsHint = 1024
)

var (
	slab   []RE
	allMu  sync.Mutex
	all    []*RE
	byExpr map[string]*RE
)

// New returns expr, to be compiled when first used. The same expression gives the same
// RE, so a recogniser may write New(...) where it matches (inside a function, a
// catalogue entry's closure) and pays for the compilation once per process. Only
// constant expressions belong here: the table keeps every one it is given.
func New(expr string) *RE {
	// one lookup under one lock: most calls run at initialisation, each with an
	// expression not seen before, where a read-locked lookup first doubled the work
	allMu.Lock()
	defer allMu.Unlock()
	if l, ok := byExpr[expr]; ok {
		return l
	}
	switch len(all) {
	case 0:
		byExpr = map[string]*RE{}
	case manyExprs:
		// a binary with many expressions (heed has about 820, heed-shim a few): room
		// for them all at once, so that initialisation does not grow and rehash the
		// table again and again; heed-shim never pays for the room
		grown := make(map[string]*RE, exprsHint)
		for k, v := range byExpr {
			grown[k] = v
		}
		byExpr = grown
		all = append(make([]*RE, 0, exprsHint), all...)
	}
	if len(slab) == 0 {
		// one allocation for many REs: they all live as long as the process
		slab = make([]RE, min(max(len(all), 8), manyExprs))
	}
	l := &slab[0]
	slab = slab[1:]
	l.expr = expr
	byExpr[expr] = l
	all = append(all, l)
	return l
}

// Regexp returns the compiled expression.
func (l *RE) Regexp() *regexp.Regexp {
	l.once.Do(func() {
		l.re = regexp.MustCompile(l.expr)
	})
	return l.re
}

// mayMatch reports whether s contains one of the literals every match needs; when it
// does, the expression is compiled, so the caller may use l.re.
func (l *RE) mayMatch(s string) bool {
	l.needOnce.Do(func() {
		if need, fold, ok := knownNeed(l.expr); ok {
			l.need, l.needFold = need, fold
			return
		}
		l.need, l.needFold = requiredLiterals(l.expr)
	})
	if (l.need != nil || l.needFold != nil) && !containsAny(s, l.need) && !containsAnyFold(s, l.needFold) {
		return false
	}
	l.Regexp()
	return true
}

func containsAny(s string, set []string) bool {
	for _, n := range set {
		if strings.Contains(s, n) {
			return true
		}
	}
	return false
}

// containsAnyFold reports whether s contains one of set (lower-case ASCII literals)
// in any case. Go's case folding also maps two non-ASCII runes onto ASCII letters,
// the Kelvin sign onto k and the long s onto s: a text that holds either may match
// and is let through.
func containsAnyFold(s string, set []string) bool {
	if len(set) == 0 {
		return false
	}
	if strings.Contains(s, "\u212a") || strings.Contains(s, "\u017f") {
		return true
	}
	for _, n := range set {
		if containsFold(s, n) {
			return true
		}
	}
	return false
}

// containsFold reports whether s contains lit (lower-case ASCII, not empty) with
// ASCII letters in any case. Candidates are found with IndexByte (the lower-case
// first byte, then the upper-case one before it), as fast as strings.Contains on the
// lowered sentences the recognisers mostly match.
func containsFold(s, lit string) bool {
	c0, u0 := lit[0], lit[0]
	if 'a' <= c0 && c0 <= 'z' {
		u0 = c0 - 'a' + 'A'
	}
	for i := 0; i+len(lit) <= len(s); i++ {
		t := s[i : len(s)-len(lit)+1]
		j := strings.IndexByte(t, c0)
		if u0 != c0 {
			lim := len(t)
			if j >= 0 {
				lim = j
			}
			if k := strings.IndexByte(t[:lim], u0); k >= 0 {
				j = k
			}
		}
		if j < 0 {
			return false
		}
		i += j
		if restFold(s[i+1:i+len(lit)], lit[1:]) {
			return true
		}
	}
	return false
}

// restFold reports whether s equals lit (lower-case ASCII, as long as s) in any ASCII case.
func restFold(s, lit string) bool {
	for j := 0; j < len(lit); j++ {
		b := s[j]
		if 'A' <= b && b <= 'Z' {
			b += 'a' - 'A'
		}
		if b != lit[j] {
			return false
		}
	}
	return true
}

func (l *RE) Match(b []byte) bool       { return l.Regexp().Match(b) }
func (l *RE) MatchString(s string) bool { return l.mayMatch(s) && l.re.MatchString(s) }
func (l *RE) FindString(s string) string {
	if !l.mayMatch(s) {
		return ""
	}
	return l.re.FindString(s)
}
func (l *RE) FindStringIndex(s string) []int {
	if !l.mayMatch(s) {
		return nil
	}
	return l.re.FindStringIndex(s)
}
func (l *RE) FindStringSubmatch(s string) []string {
	if !l.mayMatch(s) {
		return nil
	}
	return l.re.FindStringSubmatch(s)
}
func (l *RE) FindStringSubmatchIndex(s string) []int {
	if !l.mayMatch(s) {
		return nil
	}
	return l.re.FindStringSubmatchIndex(s)
}
func (l *RE) FindAllString(s string, n int) []string {
	if !l.mayMatch(s) {
		return nil
	}
	return l.re.FindAllString(s, n)
}
func (l *RE) FindAllStringIndex(s string, n int) [][]int {
	if !l.mayMatch(s) {
		return nil
	}
	return l.re.FindAllStringIndex(s, n)
}
func (l *RE) FindAllStringSubmatch(s string, n int) [][]string {
	if !l.mayMatch(s) {
		return nil
	}
	return l.re.FindAllStringSubmatch(s, n)
}
func (l *RE) FindAllStringSubmatchIndex(s string, n int) [][]int {
	if !l.mayMatch(s) {
		return nil
	}
	return l.re.FindAllStringSubmatchIndex(s, n)
}
func (l *RE) ReplaceAllString(s, repl string) string {
	if !l.mayMatch(s) {
		return s
	}
	return l.re.ReplaceAllString(s, repl)
}
func (l *RE) ReplaceAllStringFunc(s string, f func(string) string) string {
	if !l.mayMatch(s) {
		return s
	}
	return l.re.ReplaceAllStringFunc(s, f)
}
func (l *RE) Split(s string, n int) []string { return l.Regexp().Split(s, n) }

// requiredLiterals returns literals one of which every match of expr contains: exact
// ones, and case-insensitive ones (lower-case ASCII) from the parts under (?i). Both
// nil when the expression guarantees none (a bare class, an optional part, a
// case-insensitive literal that is not ASCII). Concatenation: any part's set will do,
// the one whose shortest literal is longest is kept. Alternation: the union of the
// branches' sets, if every branch has one. A match of a capture or of a repetition at
// least once contains its operand's match.
func requiredLiterals(expr string) (exact, fold []string) {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil, nil
	}
	for _, n := range literalsOf(re.Simplify()) {
		if n.s == "" {
			return nil, nil
		}
		if n.fold {
			fold = append(fold, n.s)
		} else {
			exact = append(exact, n.s)
		}
	}
	return exact, fold
}

// lit is a literal a match needs; fold: in any ASCII case (s in lower case).
type lit struct {
	s    string
	fold bool
}

func literalsOf(re *syntax.Regexp) []lit {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			b := make([]byte, 0, len(re.Rune))
			for _, r := range re.Rune {
				if r >= 0x80 {
					return nil
				}
				if 'A' <= r && r <= 'Z' {
					r += 'a' - 'A'
				}
				b = append(b, byte(r))
			}
			return []lit{{string(b), true}}
		}
		return []lit{{string(re.Rune), false}}
	case syntax.OpCapture:
		return literalsOf(re.Sub[0])
	case syntax.OpPlus:
		return literalsOf(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return literalsOf(re.Sub[0])
		}
	case syntax.OpConcat:
		var best []lit
		bestLen := 0
		for _, sub := range re.Sub {
			set := literalsOf(sub)
			if set == nil {
				continue
			}
			if m := shortest(set); m > bestLen {
				best, bestLen = set, m
			}
		}
		return best
	case syntax.OpAlternate:
		var out []lit
		for _, sub := range re.Sub {
			set := literalsOf(sub)
			if set == nil {
				return nil
			}
			out = append(out, set...)
		}
		return out
	}
	return nil
}

func shortest(set []lit) int {
	m := -1
	for _, s := range set {
		if m < 0 || len(s.s) < m {
			m = len(s.s)
		}
	}
	return m
}
