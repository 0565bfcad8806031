package lang

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// QueryText is what a query's text says about its patterns without compiling it: each
// pattern's capture quantifiers and its #eq?/#any-of? predicates, which is all that
// heed's needle analysis asks of a compiled Query. It redoes the part of Tree-sitter's
// query parser that computes them (ts_query__parse_pattern and ts_query__parse_predicate
// in go-tree-sitter's query.c, and the binding's reading of predicates), and checks no
// node kind or field against a grammar: a query it reads may still not compile.
type QueryText struct {
	captures []string
	patterns []patternText
}

type patternText struct {
	quant []quantifier // by capture id
	preds []TextPredicate
}

// ParseQueryText reads a query's text. ok is false for any text it does not read as
// Tree-sitter would (a syntax error, a predicate the binding rejects, a character
// outside ASCII where Tree-sitter's reading depends on the locale): the caller
// compiles the query instead.
func ParseQueryText(src string) (q *QueryText, ok bool) {
	if strings.TrimSpace(src) == "" {
		return nil, false // CompileQuery's error
	}
	p := &queryParser{s: src, q: &QueryText{}}
	defer func() {
		if r := recover(); r != nil {
			if _, bad := r.(queryTextError); !bad {
				panic(r)
			}
			q, ok = nil, false
		}
	}()
	p.skipBlank()
	for p.i < len(p.s) {
		p.q.patterns = append(p.q.patterns, patternText{})
		p.pattern = len(p.q.patterns) - 1
		var qs []quantifier
		if p.parse(&qs) {
			p.fail() // a closing bracket with nothing open
		}
		p.q.patterns[p.pattern].quant = qs
	}
	return p.q, true
}

// PatternCount is the number of top-level patterns.
func (q *QueryText) PatternCount() int { return len(q.patterns) }

// TextPredicates lists the string-equality predicates of a pattern, as
// Query.TextPredicates does.
func (q *QueryText) TextPredicates(pattern int) []TextPredicate { return q.patterns[pattern].preds }

// Mandatory reports whether every match of the pattern has the capture, as
// Query.Mandatory does.
func (q *QueryText) Mandatory(pattern, capture int) bool {
	qs := q.patterns[pattern].quant
	return capture >= 0 && capture < len(qs) && (qs[capture] == qOne || qs[capture] == qOneOrMore)
}

// quantifier is Tree-sitter's TSQuantifier.
type quantifier uint8

const (
	qZero quantifier = iota
	qZeroOrOne
	qZeroOrMore
	qOne
	qOneOrMore
)

// The tables of query.c's quantifier_mul, quantifier_join and quantifier_add,
// indexed [left][right].
var (
	qMul = [5][5]quantifier{
		qZero:       {qZero, qZero, qZero, qZero, qZero},
		qZeroOrOne:  {qZero, qZeroOrOne, qZeroOrMore, qZeroOrOne, qZeroOrMore},
		qZeroOrMore: {qZero, qZeroOrMore, qZeroOrMore, qZeroOrMore, qZeroOrMore},
		qOne:        {qZero, qZeroOrOne, qZeroOrMore, qOne, qOneOrMore},
		qOneOrMore:  {qZero, qZeroOrMore, qZeroOrMore, qOneOrMore, qOneOrMore},
	}
	qJoin = [5][5]quantifier{
		qZero:       {qZero, qZeroOrOne, qZeroOrMore, qZeroOrOne, qZeroOrMore},
		qZeroOrOne:  {qZeroOrOne, qZeroOrOne, qZeroOrMore, qZeroOrOne, qZeroOrMore},
		qZeroOrMore: {qZeroOrMore, qZeroOrMore, qZeroOrMore, qZeroOrMore, qZeroOrMore},
		qOne:        {qZeroOrOne, qZeroOrOne, qZeroOrMore, qOne, qOneOrMore},
		qOneOrMore:  {qZeroOrMore, qZeroOrMore, qZeroOrMore, qOneOrMore, qOneOrMore},
	}
	qAdd = [5][5]quantifier{
		qZero:       {qZero, qZeroOrOne, qZeroOrMore, qOne, qOneOrMore},
		qZeroOrOne:  {qZeroOrOne, qZeroOrMore, qZeroOrMore, qOneOrMore, qOneOrMore},
		qZeroOrMore: {qZeroOrMore, qZeroOrMore, qZeroOrMore, qOneOrMore, qOneOrMore},
		qOne:        {qOne, qOneOrMore, qOneOrMore, qOneOrMore, qOneOrMore},
		qOneOrMore:  {qOneOrMore, qOneOrMore, qOneOrMore, qOneOrMore, qOneOrMore},
	}
)

func grow(qs *[]quantifier, n int) {
	for len(*qs) < n {
		*qs = append(*qs, qZero)
	}
}

func addAll(qs *[]quantifier, other []quantifier) {
	grow(qs, len(other))
	for id, o := range other {
		(*qs)[id] = qAdd[(*qs)[id]][o]
	}
}

func joinAll(qs *[]quantifier, other []quantifier) {
	grow(qs, len(other))
	for id := range *qs {
		o := qZero
		if id < len(other) {
			o = other[id]
		}
		(*qs)[id] = qJoin[(*qs)[id]][o]
	}
}

type queryTextError struct{}

type queryParser struct {
	s       string
	i       int
	q       *QueryText
	pattern int
}

func (p *queryParser) fail() { panic(queryTextError{}) }

func (p *queryParser) next() byte {
	if p.i >= len(p.s) {
		return 0
	}
	c := p.s[p.i]
	if c >= 0x80 {
		p.fail() // iswspace and iswalnum on other characters depend on the locale
	}
	return c
}

// skipBlank is stream_skip_whitespace: blanks and ; comments.
func (p *queryParser) skipBlank() {
	for p.i < len(p.s) {
		switch c := p.next(); {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f':
			p.i++
		case c == ';':
			p.i++
			for p.i < len(p.s) && p.s[p.i] != '\n' && p.s[p.i] != 0 {
				p.i++
			}
		default:
			return
		}
	}
}

func alnum(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' }

func (p *queryParser) identStart() bool {
	c := p.next()
	return alnum(c) || c == '_' || c == '-'
}

// identifier is stream_scan_identifier, at an identifier start.
func (p *queryParser) identifier() string {
	start := p.i
	p.i++
	for {
		c := p.next()
		if !(alnum(c) || c == '_' || c == '-' || c == '.' || c == '?' || c == '!') {
			return p.s[start:p.i]
		}
		p.i++
	}
}

// stringLiteral is ts_query__parse_string_literal: the value of "...", with \n, \r,
// \t and \0 and any other escaped character for itself.
func (p *queryParser) stringLiteral() string {
	if p.next() != '"' {
		p.fail()
	}
	p.i++
	var b strings.Builder
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch c {
		case '\\':
			p.i++
			if p.i >= len(p.s) {
				p.fail()
			}
			switch e := p.s[p.i]; e {
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case '0':
				b.WriteByte(0)
			default:
				if e >= 0x80 {
					p.fail()
				}
				b.WriteByte(e)
			}
		case '"':
			p.i++
			if !utf8.ValidString(b.String()) {
				p.fail()
			}
			return b.String()
		case '\n':
			p.fail()
		default:
			b.WriteByte(c)
		}
		p.i++
	}
	p.fail()
	return ""
}

func (p *queryParser) capture(name string) int {
	for id, n := range p.q.captures {
		if n == name {
			return id
		}
	}
	p.q.captures = append(p.q.captures, name)
	return len(p.q.captures) - 1
}

// parse is ts_query__parse_pattern: one pattern, its capture quantifiers added to qs.
// It returns true, consuming nothing, at a closing bracket (Tree-sitter's
// PARENT_DONE).
func (p *queryParser) parse(qs *[]quantifier) (parentDone bool) {
	switch c := p.next(); {
	case c == 0:
		p.fail()
	case c == ')' || c == ']':
		return true
	case c == '[':
		p.i++
		p.skipBlank()
		branches := 0
		for {
			var branch []quantifier
			if p.parse(&branch) {
				if p.next() == ']' && branches > 0 {
					p.i++
					break
				}
				p.fail()
			}
			if branches == 0 {
				*qs = append((*qs)[:0], branch...)
			} else {
				joinAll(qs, branch)
			}
			branches++
		}
	case c == '(':
		p.i++
		p.skipBlank()
		switch n := p.next(); {
		case n == '(' || n == '"' || n == '[':
			// A grouped sequence.
			for {
				if p.next() == '.' {
					p.i++
					p.skipBlank()
				}
				var child []quantifier
				if p.parse(&child) {
					if p.next() == ')' {
						p.i++
						break
					}
					p.fail()
				}
				addAll(qs, child)
			}
		case n == '.' || n == '#':
			p.i++
			p.predicate()
			return false
		default:
			if !p.identStart() {
				p.fail()
			}
			// Tree-sitter compares the name with MISSING up to the name's length.
			if name := p.identifier(); strings.HasPrefix("MISSING", name) {
				p.skipBlank()
				switch {
				case p.identStart():
					p.identifier()
				case p.next() == '"':
					p.stringLiteral()
				case p.next() == ')':
				default:
					p.fail()
				}
			}
			p.skipBlank()
			if p.next() == '/' {
				p.i++
				if !p.identStart() {
					p.fail()
				}
				p.identifier()
				p.skipBlank()
			}
			children, anchored := 0, false
			for {
				if p.next() == '!' {
					p.i++
					p.skipBlank()
					if !p.identStart() {
						p.fail()
					}
					p.identifier()
					p.skipBlank()
					continue
				}
				anchored = false
				if p.next() == '.' {
					anchored = true
					p.i++
					p.skipBlank()
				}
				var child []quantifier
				if p.parse(&child) {
					if p.next() == ')' && !(anchored && children == 0) {
						p.i++
						break
					}
					p.fail()
				}
				addAll(qs, child)
				children++
			}
		}
	case c == '_':
		p.i++
		p.skipBlank()
	case c == '"':
		p.stringLiteral()
	case p.identStart():
		// A field: name, then a pattern.
		p.identifier()
		p.skipBlank()
		if p.next() != ':' {
			p.fail()
		}
		p.i++
		p.skipBlank()
		var field []quantifier
		if p.parse(&field) {
			p.fail()
		}
		addAll(qs, field)
	default:
		p.fail()
	}
	p.skipBlank()
	quant := qOne
	for {
		switch p.next() {
		case '+':
			quant = qJoin[qOneOrMore][quant]
		case '*':
			quant = qJoin[qZeroOrMore][quant]
		case '?':
			quant = qJoin[qZeroOrOne][quant]
		case '@':
			p.i++
			if !p.identStart() {
				p.fail()
			}
			id := p.capture(p.identifier())
			p.skipBlank()
			grow(qs, id+1)
			(*qs)[id] = qAdd[(*qs)[id]][qOne]
			continue
		default:
			for id := range *qs {
				(*qs)[id] = qMul[(*qs)[id]][quant]
			}
			return false
		}
		p.i++
		p.skipBlank()
	}
}

// predicateArg is one argument of a predicate: a capture or a string.
type predicateArg struct {
	capture int // -1: a string
	text    string
}

// predicate is ts_query__parse_predicate (after its "#"), then the binding's reading
// of the text predicates: it records #eq?, #any-eq?, #any-of? and their negations on
// the current pattern, and fails where the binding rejects a predicate.
func (p *queryParser) predicate() {
	if !p.identStart() {
		p.fail()
	}
	name := p.identifier()
	p.skipBlank()
	var args []predicateArg
	for {
		switch c := p.next(); {
		case c == ')':
			p.i++
			p.skipBlank()
			p.record(name, args)
			return
		case c == '@':
			p.i++
			if !p.identStart() {
				p.fail()
			}
			n := p.identifier()
			id := -1
			for k, c := range p.q.captures {
				if c == n {
					id = k
				}
			}
			if id < 0 {
				p.fail() // a capture the pattern has not defined yet
			}
			args = append(args, predicateArg{capture: id})
		case c == '"':
			args = append(args, predicateArg{capture: -1, text: p.stringLiteral()})
		case p.identStart():
			args = append(args, predicateArg{capture: -1, text: p.identifier()})
		default:
			p.fail()
		}
		p.skipBlank()
	}
}

func (p *queryParser) record(name string, args []predicateArg) {
	pt := &p.q.patterns[p.pattern]
	switch name {
	case "eq?", "not-eq?", "any-eq?", "any-not-eq?":
		if len(args) != 2 || args[0].capture < 0 {
			p.fail()
		}
		if args[1].capture < 0 {
			pt.preds = append(pt.preds, TextPredicate{Capture: args[0].capture, Positive: name == "eq?" || name == "any-eq?", Values: []string{args[1].text}})
		}
	case "match?", "not-match?", "any-match?", "any-not-match?":
		if len(args) != 2 || args[0].capture < 0 || args[1].capture >= 0 {
			p.fail()
		}
		if _, err := regexp.Compile(args[1].text); err != nil {
			p.fail()
		}
	case "any-of?", "not-any-of?":
		if len(args) < 1 || args[0].capture < 0 {
			p.fail()
		}
		var vs []string
		for _, a := range args[1:] {
			if a.capture >= 0 {
				p.fail()
			}
			vs = append(vs, a.text)
		}
		pt.preds = append(pt.preds, TextPredicate{Capture: args[0].capture, Positive: name == "any-of?", Values: vs})
	case "set!", "is?", "is-not?":
		p.fail() // property predicates: heed's queries have none, and compiling checks them
	}
}
