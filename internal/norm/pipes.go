package norm

import (
	"regexp"
	"slices"
	"strings"
	"sync"
)

// Output piped, truncated or filtered: "never pipe `make test` into `tail`", "don't
// truncate the output of `cargo test` with `head` or `tail`", "never pipe them (`|
// tail`, `| tee`)". What is banned is the pipe: the command whose output goes into the
// other, in one line; each alone is fine. heed sees a command line, not its pipes, so
// the ban is read as the two not running in one line (Together).

// pipeVerbRE: a sentence that bans piping, truncating or filtering output.
var pipeVerbRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:never|don't|do not|dont|avoid|no)\b[^.;]{0,40}?\b(pipe|piping|pipes|truncat(?:e|ing|es)|filter(?:ing)?)\b`)
})

// PipeDoubt is the doubt of a ban of truncating output: the programs that truncate
// are heed's guess.
const PipeDoubt = "the programs that truncate the output are heed's guess (head, tail)"

// pipeSinks are the programs that truncate output when nothing else is named.
var pipeSinks = []string{"head", "tail"}

// pipeBans reads a sentence that bans piping a command's output into another: one
// norm a source command, its objects the source and the sinks, Together. ok is false
// for a sentence that bans no pipe.
func pipeBans(text string, ctx Context) ([]Norm, bool) {
	// the sentence that bans the pipe, of a constraint of several; the words of its
	// prose (`--no-build -- --filter-not-trait` is a command's)
	var prose string
	var m []int
	for _, sent := range Sentences(text) {
		raw := sent.Raw()
		if m = pipeVerbRE().FindStringSubmatchIndex(stripSpans(raw)); m != nil {
			text, prose = raw, stripSpans(raw)
			break
		}
	}
	if m == nil {
		return nil, false
	}
	verb := strings.ToLower(prose[m[2]:m[3]])
	var sources, sinks []string
	for _, s := range codeSpans(text) {
		if strings.HasPrefix(s, "|") {
			sinks = append(sinks, strings.TrimSpace(strings.TrimPrefix(s, "|")))
			continue
		}
		if i := strings.Index(text, "`"+s+"`"); i >= 0 && sinkPlace(text[:i]) {
			sinks = append(sinks, s)
			continue
		}
		sources = append(sources, s)
	}
	implied := false
	if len(sinks) == 0 && strings.HasPrefix(verb, "truncat") {
		sinks, implied = pipeSinks, true
	}
	if len(sinks) == 0 || len(sources) == 0 {
		return nil, false
	}
	var ns []Norm
	sentence := strings.TrimSpace(text)
	object := func(span string) (Object, bool) {
		if ctx.Command == nil {
			return Object{Kind: KCode, Text: span}, true
		}
		argv, ok := ctx.Command(span)
		return Object{Kind: KCommand, Text: strings.Join(argv, " "), Argv: argv}, ok
	}
	var sinkObjs []Object
	for _, sk := range sinks {
		if o, ok := object(sk); ok {
			sinkObjs = append(sinkObjs, o)
		}
	}
	if len(sinkObjs) == 0 {
		return nil, false
	}
	for _, src := range sources {
		o, ok := object(src)
		if !ok {
			continue
		}
		objs := append([]Object{o}, sinkObjs...)
		n := Norm{Polarity: Forbid, Strength: "must", Objects: objs, Together: true, Sentence: sentence}
		if implied {
			// "avoid truncating output from `zig build`": the programs that
			// truncate are heed's guess
			n.Uncertain = []string{PipeDoubt}
		}
		ns = append(ns, n)
	}
	return ns, true
}

// sinkPlace: the words before a span make it where output goes ("into `tail`",
// "through `grep`", "with `head` or `tail`").
func sinkPlace(before string) bool {
	b := strings.ToLower(beforeSpanList(before))
	return slices.ContainsFunc([]string{" into", " to", " through", " with", " via", " using"}, func(w string) bool { return strings.HasSuffix(b, w) })
}

// beforeSpanList is the text before the list of code spans whose later item follows
// text: "output from `a`, `b` and " gives "output from". The later items of a list
// take the words that stand before its first.
func beforeSpanList(text string) string {
	b := strings.TrimRight(text, " ")
	for {
		cut := false
		for _, sep := range []string{", or", ", and", " or", " and", ","} {
			t, ok := strings.CutSuffix(b, sep)
			if t = strings.TrimRight(t, " "); !ok || !strings.HasSuffix(t, "`") {
				continue
			}
			if k := strings.LastIndex(t[:len(t)-1], "`"); k >= 0 {
				b, cut = strings.TrimRight(t[:k], " "), true
				break
			}
		}
		if !cut {
			return b
		}
	}
}
