package shell

import (
	"fmt"
	"strconv"

	"mvdan.cc/sh/v3/syntax"
)

// maxBraceWords bounds what one word's brace expansions may produce
// ({1..100}{1..100}{1..100} is a million words): past it the word is judged as
// written, a computed word, so a hook is never made to expand without end.
const maxBraceWords = 4096

// expandBraces returns the words that a word split by syntax.SplitBraces stands for,
// left to right as bash writes them (a{b,c}d{1..2}: abd1 abd2 acd1 acd2), or nil when
// they would be more than maxBraceWords. It is the one expansion heed does as bash
// would: nothing runs, and the words are known before the command starts.
func expandBraces(w *syntax.Word) []*syntax.Word {
	parts, ok := braceProduct(w.Parts)
	if !ok {
		return nil
	}
	out := make([]*syntax.Word, len(parts))
	for i, ps := range parts {
		out[i] = &syntax.Word{Parts: ps}
	}
	return out
}

// braceProduct expands a word's parts into the part lists of its words.
func braceProduct(parts []syntax.WordPart) ([][]syntax.WordPart, bool) {
	acc := [][]syntax.WordPart{nil}
	for _, part := range parts {
		br, isBrace := part.(*syntax.BraceExp)
		if !isBrace {
			for i := range acc {
				acc[i] = append(acc[i][:len(acc[i]):len(acc[i])], part) // never share a tail
			}
			continue
		}
		alts, ok := braceAlternatives(br)
		if !ok || len(acc)*len(alts) > maxBraceWords {
			return nil, false
		}
		next := make([][]syntax.WordPart, 0, len(acc)*len(alts))
		for _, prefix := range acc {
			for _, alt := range alts {
				ps := make([]syntax.WordPart, 0, len(prefix)+len(alt))
				next = append(next, append(append(ps, prefix...), alt...))
			}
		}
		acc = next
	}
	return acc, true
}

// braceAlternatives lists the part lists one brace expression stands for: each
// element of {a,b{c,d}} expanded in turn, or each value of a sequence {1..9..2},
// {01..10}, {a..e}.
func braceAlternatives(br *syntax.BraceExp) ([][]syntax.WordPart, bool) {
	if !br.Sequence {
		var alts [][]syntax.WordPart
		for _, elem := range br.Elems {
			sub, ok := braceProduct(elem.Parts)
			if !ok || len(alts)+len(sub) > maxBraceWords {
				return nil, false
			}
			alts = append(alts, sub...)
		}
		return alts, true
	}
	values, ok := braceSequence(br)
	if !ok {
		return nil, false
	}
	alts := make([][]syntax.WordPart, len(values))
	for i, v := range values {
		alts[i] = []syntax.WordPart{&syntax.Lit{Value: v}}
	}
	return alts, true
}

// braceSequence lists the values of {FROM..TO[..STEP]}: integers (padded to the wider
// end when either is written with a leading zero) or single characters.
func braceSequence(br *syntax.BraceExp) ([]string, bool) {
	if len(br.Elems) < 2 {
		return nil, false
	}
	fromText, toText := br.Elems[0].Lit(), br.Elems[1].Lit()
	step := int64(1)
	if len(br.Elems) > 2 {
		n, err := strconv.ParseInt(br.Elems[2].Lit(), 10, 64)
		if err != nil {
			return nil, false
		}
		if n < 0 {
			n = -n
		}
		if n != 0 {
			step = n
		}
	}
	from, errFrom := strconv.ParseInt(fromText, 10, 64)
	to, errTo := strconv.ParseInt(toText, 10, 64)
	chars := errFrom != nil || errTo != nil
	if chars {
		if len(fromText) != 1 || len(toText) != 1 {
			return nil, false
		}
		from, to = int64(fromText[0]), int64(toText[0])
	}
	width := 0
	if !chars && (leadingZero(fromText) || leadingZero(toText)) {
		width = max(len(fromText), len(toText))
	}
	span := to - from
	if span < 0 {
		span = -span
	}
	if span/step+1 > maxBraceWords {
		return nil, false
	}
	var out []string
	for i := int64(0); i <= span/step; i++ {
		n := from + i*step
		if to < from {
			n = from - i*step
		}
		switch {
		case chars:
			out = append(out, string(rune(n)))
		case width > 0:
			out = append(out, fmt.Sprintf("%0*d", width, n))
		default:
			out = append(out, strconv.FormatInt(n, 10))
		}
	}
	return out, true
}

// leadingZero reports a number written with a leading zero (01, -01).
func leadingZero(s string) bool {
	if len(s) > 0 && s[0] == '-' {
		s = s[1:]
	}
	return len(s) > 1 && s[0] == '0'
}
