package lang

import (
	"bytes"
	"fmt"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/heed-dev/heed/internal/lazyre"
)

// Query is a compiled Tree-sitter query for one language. Tree-sitter queries are
// immutable once built, so one Query serves every goroutine; each run takes its own
// cursor. The C memory is freed when the Query becomes unreachable (the binding sets no
// finalizers) or by Close.
type Query struct {
	q     *sitter.Query
	lang  string
	src   string
	names []string
	// shared marks a query of the process-wide cache: Close leaves it alone.
	shared bool
	// General holds, per pattern, the predicates Tree-sitter does not evaluate itself
	// (#eq?, #match?, #any-of? and their negations are applied by the binding); the
	// caller evaluates them, or rejects a query that uses one it does not know.
	General [][]Predicate
	cleanup runtime.Cleanup
	// roots is the set of node kinds (by symbol) the patterns are rooted at, nil when
	// some pattern's root is not known (see roots.go).
	roots     []byte
	rootsOnce sync.Once
}

// Predicate is a general predicate of a query pattern: `(#name? @capture "string" ...)`.
type Predicate struct {
	Name string
	Args []PredicateArg
}

// PredicateArg is a capture (Capture >= 0) or a string (Capture == -1).
type PredicateArg struct {
	Capture int
	String  string
}

// QueryError is a query that does not compile, with its position in the query text.
type QueryError struct {
	Lang   string
	Row    int // 1-based
	Column int // 1-based
	Msg    string
}

func (e *QueryError) Error() string {
	return fmt.Sprintf("%s query, line %d column %d: %s", e.Lang, e.Row, e.Column, e.Msg)
}

// CompileQuery compiles a query for a language heed has a grammar for, once per
// process for a grammar and query text: the query (or its error) is kept and handed
// to every later caller, and its Close does nothing. Tree-sitter takes 1-2 ms a
// pattern to compile one, and a run asks for the same query several times (a rule's
// needles when it is written, the rule when it is loaded, validated, and tested). A
// compiled query is immutable, so sharing it changes no result. Past the cache's
// bounds a query is compiled for its caller alone.
func CompileQuery(lang, src string) (*Query, error) {
	key := lang + "\x00" + src
	queryCache.mu.Lock()
	e, ok := queryCache.m[key]
	if !ok && len(queryCache.m) < maxCachedQueries && queryCache.bytes+len(key) <= maxCachedQueryBytes {
		if queryCache.m == nil {
			queryCache.m = map[string]*cachedQuery{}
		}
		e = &cachedQuery{}
		queryCache.m[key] = e
		queryCache.bytes += len(key)
	}
	queryCache.mu.Unlock()
	if e == nil {
		return compileQuery(lang, src)
	}
	e.once.Do(func() {
		e.q, e.err = compileQuery(lang, src)
		if e.q != nil {
			e.q.shared = true
		}
	})
	return e.q, e.err
}

// The bounds of the query cache: a policy's queries and the combined queries of a
// run are some hundreds of kilobytes of text.
const (
	maxCachedQueries    = 2048
	maxCachedQueryBytes = 4 << 20
)

var queryCache struct {
	mu    sync.Mutex
	m     map[string]*cachedQuery
	bytes int
}

type cachedQuery struct {
	once sync.Once
	q    *Query
	err  error
}

func compileQuery(lang, src string) (*Query, error) {
	g := Grammar(lang)
	if g == nil {
		return nil, fmt.Errorf("no grammar for language %q", lang)
	}
	if strings.TrimSpace(src) == "" {
		return nil, &QueryError{Lang: lang, Row: 1, Column: 1, Msg: "empty query"}
	}
	if loc := stackedQuantifierRE.FindStringIndex(src); loc != nil {
		// Tree-sitter never returns from compiling some patterns with one quantifier
		// on another ("(call (identifier)?+ .)"): refuse them before they hang heed
		row := strings.Count(src[:loc[0]], "\n")
		col := loc[0] - strings.LastIndex(src[:loc[0]], "\n")
		return nil, &QueryError{Lang: lang, Row: row + 1, Column: col, Msg: "a quantifier on a quantifier (" + src[loc[0]:loc[1]] + ")"}
	}
	q, qerr := newQueryBounded(g, src)
	if qerr != nil {
		kind := map[sitter.QueryErrorKind]string{
			sitter.QueryErrorSyntax:    "syntax error",
			sitter.QueryErrorNodeType:  "unknown node type",
			sitter.QueryErrorField:     "unknown field",
			sitter.QueryErrorCapture:   "unknown capture",
			sitter.QueryErrorStructure: "impossible pattern",
			sitter.QueryErrorPredicate: "bad predicate",
			sitter.QueryErrorLanguage:  "incompatible grammar",
		}[qerr.Kind]
		msg := qerr.Message
		if kind != "" {
			msg = kind + ": " + msg
		}
		if qerr.Kind == sitter.QueryErrorNodeType || qerr.Kind == sitter.QueryErrorField {
			// name the grammar's own names nearest the wrong one: node names differ
			// between grammars (Kotlin has no type_identifier), and a query's author
			// fixes a name far faster from "did you mean" than from the error alone
			if near := nearestNames(g, qerr.Kind == sitter.QueryErrorField, qerr.Message); len(near) > 0 {
				msg += " (" + lang + "'s nearest: " + strings.Join(near, ", ") + ")"
			}
		}
		return nil, &QueryError{Lang: lang, Row: int(qerr.Row) + 1, Column: int(qerr.Column) + 1, Msg: msg}
	}
	out := &Query{q: q, lang: lang, src: src, names: q.CaptureNames()}
	for i := uint(0); i < q.PatternCount(); i++ {
		var ps []Predicate
		for _, gp := range q.GeneralPredicates(i) {
			p := Predicate{Name: gp.Operator}
			for _, a := range gp.Args {
				if a.CaptureId != nil {
					p.Args = append(p.Args, PredicateArg{Capture: int(*a.CaptureId)})
				} else if a.String != nil {
					p.Args = append(p.Args, PredicateArg{Capture: -1, String: *a.String})
				}
			}
			ps = append(ps, p)
		}
		out.General = append(out.General, ps)
	}
	out.cleanup = runtime.AddCleanup(out, func(q *sitter.Query) { q.Close() }, q)
	return out, nil
}

// Close frees the query now, unless it is shared (see CompileQuery). It must not be
// in use.
func (q *Query) Close() {
	if q == nil || q.q == nil || q.shared {
		return
	}
	q.cleanup.Stop()
	q.q.Close()
	q.q = nil
}

// Lang is the language the query was compiled for.
func (q *Query) Lang() string { return q.lang }

// PatternCount is the number of top-level patterns.
func (q *Query) PatternCount() int { return int(q.q.PatternCount()) }

// CaptureNames lists the capture names, indexed by capture id.
func (q *Query) CaptureNames() []string { return q.names }

// CaptureIndex returns the id of a capture name, or -1.
func (q *Query) CaptureIndex(name string) int {
	for i, n := range q.names {
		if n == name {
			return i
		}
	}
	return -1
}

// Mandatory reports whether every match of the pattern has the capture (its quantifier
// is one or one-or-more: not inside `?`, `*` or one branch of an alternation).
func (q *Query) Mandatory(pattern, capture int) bool {
	qs := q.q.CaptureQuantifiers(uint(pattern))
	if capture < 0 || capture >= len(qs) {
		return false
	}
	return qs[capture] == sitter.CaptureQuantifierOne || qs[capture] == sitter.CaptureQuantifierOneOrMore
}

// TextPredicate is an #eq?, #any-of? (or negation) predicate the binding applies, as
// the needle analysis sees it: a positive one on a mandatory capture proves that one of
// Values occurs in the source text of every match.
type TextPredicate struct {
	Capture  int
	Positive bool
	Values   []string
}

// TextPredicates lists the string-equality predicates of a pattern.
func (q *Query) TextPredicates(pattern int) []TextPredicate {
	var out []TextPredicate
	for _, tp := range q.q.TextPredicates[pattern] {
		switch tp.Type {
		case sitter.TextPredicateTypeEqString:
			out = append(out, TextPredicate{Capture: int(tp.CaptureId), Positive: tp.Positive, Values: []string{tp.Value.(string)}})
		case sitter.TextPredicateTypeAnyString:
			out = append(out, TextPredicate{Capture: int(tp.CaptureId), Positive: tp.Positive, Values: tp.Value.([]string)})
		}
	}
	return out
}

// PatternText is the source text of one top-level pattern, its predicates included.
func (q *Query) PatternText(pattern int) string {
	s, e := q.q.StartByteForPattern(uint(pattern)), q.q.EndByteForPattern(uint(pattern))
	if s > e || e > uint(len(q.src)) {
		return ""
	}
	return q.src[s:e]
}

// textPredicateRE matches one predicate the binding applies itself (its names: see
// go-tree-sitter's NewQuery), with its capture and string arguments.
var textPredicateRE = lazyre.New(`\(\s*#(?:eq|not-eq|any-eq|any-not-eq|match|not-match|any-match|any-not-match|any-of|not-any-of)\?(?:\s+(?:@[A-Za-z_][\w.-]*|"(?:[^"\\]|\\.)*"))*\s*\)`)

// StripTextPredicates removes the text predicates from a pattern's text, for several
// patterns that differ only in them to run as one (the cursor's work grows with the
// patterns it tracks; text predicates are applied after matching anyway). n is how
// many it removed: the caller compares it with TextPredicateCount to know the text
// held no predicate this did not recognise.
func StripTextPredicates(pattern string) (stripped string, n int) {
	stripped = textPredicateRE.ReplaceAllStringFunc(pattern, func(string) string {
		n++
		return " "
	})
	return stripped, n
}

// TextPredicateCount is the number of text predicates of a pattern.
func (q *Query) TextPredicateCount(pattern int) int { return len(q.q.TextPredicates[pattern]) }

// TextFilter is one pattern's text predicates, re-expressed on the captures of another
// query that holds the pattern without them (see StripTextPredicates).
type TextFilter struct {
	preds []sitter.TextPredicateCapture
}

// TextFilter re-expresses the text predicates of q's pattern on on's captures, which
// are matched by name. ok is false if on lacks one of the captures.
func (q *Query) TextFilter(pattern int, on *Query) (f TextFilter, ok bool) {
	for _, p := range q.q.TextPredicates[pattern] {
		i := on.CaptureIndex(q.names[p.CaptureId])
		if i < 0 {
			return TextFilter{}, false
		}
		p.CaptureId = uint(i)
		if p.Type == sitter.TextPredicateTypeEqCapture {
			j := on.CaptureIndex(q.names[p.Value.(uint)])
			if j < 0 {
				return TextFilter{}, false
			}
			p.Value = uint(j)
		}
		f.preds = append(f.preds, p)
	}
	return f, true
}

// Holds reports whether the match, of the query the filter was made for, satisfies
// the predicates.
func (f TextFilter) Holds(m Match, src []byte) bool { return satisfiesText(f.preds, m.Captures, src) }

// Capture is one captured node of a match, with its byte range (read in the same
// foreign call as the match, so positions cost no call of their own).
type Capture struct {
	Index      int
	Node       sitter.Node
	Start, End int
}

// Match is one match of a query pattern. Its nodes are valid while the tree is open.
type Match struct {
	Pattern  int
	Captures []Capture
}

// MatchLimit bounds the in-progress matches of a query run, so a pathological file
// cannot make a query run unbounded; Tree-sitter drops the oldest beyond it.
const MatchLimit = 1 << 16

// Matches runs the query over the tree and calls fn with each match that satisfies
// the text predicates (captures copied, so fn may keep them while the tree is open),
// in the order Tree-sitter's query cursor gives them. It stops when fn returns false.
// The cursor runs in C in one call (matches.c); the text predicates are then applied
// here, on byte ranges of the source.
func (q *Query) Matches(t *Tree, fn func(Match) bool) { q.matches(t, nil, fn) }

// MatchesByRoot is Matches, faster where every pattern of the query is rooted at a
// node of a kind its text names: the query then runs only at nodes of those kinds.
// Matches come in the order of their root nodes, which can differ from the cursor's
// where matches nest.
func (q *Query) MatchesByRoot(t *Tree, fn func(Match) bool) { q.matches(t, q.rootKinds(), fn) }

func (q *Query) matches(t *Tree, roots []byte, fn func(Match) bool) {
	if q.q == nil || t == nil || t.tree == nil {
		return
	}
	for _, m := range runMatches(q.q, t.Root(), roots) {
		if !satisfiesText(q.q.TextPredicates[m.Pattern], m.Captures, t.Src) {
			continue
		}
		if !fn(m) {
			return
		}
	}
}

// satisfiesText applies the binding's text predicates (#eq?, #match?, #any-of? and
// negations) exactly as go-tree-sitter's QueryMatch.SatisfiesTextPredicate does, but on
// byte ranges already read, so no node is asked for its position again.
func satisfiesText(preds []sitter.TextPredicateCapture, caps []Capture, src []byte) bool {
	for _, p := range preds {
		if !textCondition(p, caps, src) {
			return false
		}
	}
	return true
}

func captureText(c *Capture, src []byte) []byte { return src[c.Start:c.End] }

// eachCapture applies test to the text of each capture p is about, with the binding's
// quantifiers: with MatchAllNodes (#eq?, #match?) one capture failing the predicate
// fails it; without (#any-eq?, #any-match?) one capture passing it passes.
func eachCapture(p sitter.TextPredicateCapture, caps []Capture, src []byte, test func([]byte) bool) bool {
	for k := range caps {
		if caps[k].Index != int(p.CaptureId) {
			continue
		}
		ok := test(captureText(&caps[k], src))
		if ok != p.Positive && p.MatchAllNodes {
			return false
		}
		if ok == p.Positive && !p.MatchAllNodes {
			return true
		}
	}
	return true
}

func textCondition(p sitter.TextPredicateCapture, caps []Capture, src []byte) bool {
	switch p.Type {
	case sitter.TextPredicateTypeEqCapture:
		i, j := int(p.CaptureId), int(p.Value.(uint))
		// Pair the captures of i and j in order, as the binding does.
		a, b := 0, 0
		for {
			for a < len(caps) && caps[a].Index != i {
				a++
			}
			for b < len(caps) && caps[b].Index != j {
				b++
			}
			if a == len(caps) || b == len(caps) {
				return a == len(caps) && b == len(caps)
			}
			eq := bytes.Equal(captureText(&caps[a], src), captureText(&caps[b], src))
			if eq != p.Positive && p.MatchAllNodes {
				return false
			}
			if eq == p.Positive && !p.MatchAllNodes {
				return true
			}
			a++
			b++
		}
	case sitter.TextPredicateTypeEqString:
		s := p.Value.(string)
		return eachCapture(p, caps, src, func(text []byte) bool { return string(text) == s })
	case sitter.TextPredicateTypeMatchString:
		return eachCapture(p, caps, src, p.Value.(*regexp.Regexp).Match)
	case sitter.TextPredicateTypeAnyString:
		vs := p.Value.([]string)
		for k := range caps {
			if caps[k].Index != int(p.CaptureId) {
				continue
			}
			text := captureText(&caps[k], src)
			in := false
			for _, v := range vs {
				if string(text) == v {
					in = true
					break
				}
			}
			if in != p.Positive {
				return false
			}
		}
		return true
	}
	return false
}

// stackedQuantifierRE: a quantifier right after another.
var stackedQuantifierRE = lazyre.New(`[)\]][?*+][?*+]`)

// queryCompileLimit bounds the compilation of one query: a pattern Tree-sitter cannot
// compile in that time is refused, so a policy can never hang heed.
const queryCompileLimit = 10 * time.Second

// newQueryBounded compiles a query within queryCompileLimit. Past the limit the C
// compilation is left to finish on its own goroutine and heed reports an error.
func newQueryBounded(g *sitter.Language, src string) (*sitter.Query, *sitter.QueryError) {
	type result struct {
		q   *sitter.Query
		err *sitter.QueryError
	}
	done := make(chan result, 1)
	go func() {
		q, err := sitter.NewQuery(g, src)
		done <- result{q, err}
	}()
	select {
	case r := <-done:
		return r.q, r.err
	case <-time.After(queryCompileLimit):
		return nil, &sitter.QueryError{Message: fmt.Sprintf("compiling the query took longer than %s", queryCompileLimit)}
	}
}

// nearestNames returns up to five of the grammar's named node types (or field names)
// closest to name: a word of it first ("call" for "call_expression"), then those
// sharing a word with it ("identifier" in "type_identifier"), then by edit distance.
func nearestNames(g *sitter.Language, fields bool, name string) []string {
	var names []string
	if fields {
		for id := uint16(1); uint32(id) <= g.FieldCount(); id++ {
			names = append(names, g.FieldNameForId(id))
		}
	} else {
		for id := uint16(0); uint32(id) < g.NodeKindCount(); id++ {
			if g.NodeKindIsNamed(id) && g.NodeKindIsVisible(id) {
				names = append(names, g.NodeKindForId(id))
			}
		}
	}
	words := strings.FieldsFunc(name, func(r rune) bool { return r == '_' })
	shares := func(n string) bool {
		for _, w := range strings.FieldsFunc(n, func(r rune) bool { return r == '_' }) {
			if slices.Contains(words, w) {
				return true
			}
		}
		return false
	}
	type scored struct {
		name string
		tier int // 0: one of name's words ("call" for "call_expression"); 1: shares a word; 2: neither
		dist int
	}
	seen := map[string]bool{}
	var cands []scored
	for _, n := range names {
		if n == "" || seen[n] || strings.HasPrefix(n, "_") {
			continue
		}
		seen[n] = true
		tier := 2
		switch {
		case slices.Contains(words, n):
			tier = 0
		case shares(n):
			tier = 1
		}
		cands = append(cands, scored{n, tier, editDistance(n, name)})
	}
	slices.SortFunc(cands, func(a, b scored) int {
		if a.tier != b.tier {
			return a.tier - b.tier
		}
		if a.dist != b.dist {
			return a.dist - b.dist
		}
		return strings.Compare(a.name, b.name)
	})
	var out []string
	for _, c := range cands[:min(5, len(cands))] {
		if c.tier == 2 && c.dist > len(name)/3+1 {
			break
		}
		out = append(out, c.name)
	}
	return out
}

// editDistance is the Levenshtein distance between two short names.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
