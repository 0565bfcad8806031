package norm

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Token is one word, code span or punctuation mark of a sentence.
type Token struct {
	// Text is the token as written; for a code span, its content without backticks.
	Text string
	// Low is Text in lower case with emphasis and quotes removed (words only).
	Low string
	// Code marks an inline code span.
	Code bool
	// Punct marks a punctuation mark: , ; : . ! ? ( ) and dashes.
	Punct bool
}

// Sentence is a run of tokens up to a sentence end (. ! ? ; or a dash between words).
type Sentence struct {
	Tokens []Token
}

// Raw renders the sentence back as text, code spans in backticks.
func (s Sentence) Raw() string {
	var b strings.Builder
	for i, t := range s.Tokens {
		if i > 0 && !(t.Punct && t.Text != "(" && t.Text != "—") && !(i > 0 && s.Tokens[i-1].Text == "(") {
			b.WriteByte(' ')
		}
		if t.Code {
			b.WriteString("`" + t.Text + "`")
		} else {
			b.WriteString(t.Text)
		}
	}
	return b.String()
}

// abbreviations end with a period that does not end a sentence.
var abbreviations = map[string]bool{"e.g.": true, "i.e.": true, "etc.": true, "vs.": true, "cf.": true, "a.k.a.": true, "approx.": true}

// Tokenize splits text into tokens: code spans (single or multiple backticks) are one
// token each, Markdown links keep their text, emphasis marks are dropped.
func Tokenize(text string) []Token {
	var out []Token
	// CJK punctuation ends a word as its ASCII counterpart does ("は使わないでください。")
	if strings.ContainsAny(text, "。、，：；！？") {
		text = cjkPunct().Replace(text)
	}
	i := 0
	word := func(w string) {
		for w != "" {
			// leading punctuation
			r, n := utf8.DecodeRuneInString(w)
			if strings.ContainsRune("(\"'“‘[*_", r) {
				if r == '(' {
					out = append(out, Token{Text: "(", Punct: true})
				}
				w = w[n:]
				continue
			}
			break
		}
		var tail []Token
		quoted := false
		for w != "" {
			if abbreviations[strings.ToLower(w)] || strings.HasSuffix(w, "/...") {
				break // "e.g.", and Go's "./..." whose dots end no sentence
			}
			r, n := utf8.DecodeLastRuneInString(w)
			if strings.ContainsRune(",;:.!?)\"'”’]*_", r) {
				if r == '"' || r == '”' {
					quoted = true
				}
				// a dot inside a file name or version stays: only the last one goes;
				// the mark inside a quotation ("me too!") ends the quotation, not the
				// sentence
				if (r == '.' || r == ':' || r == '!' || r == '?' || r == ',' || r == ';' || r == ')') && !(quoted && (r == '!' || r == '?' || r == '.')) {
					tail = append([]Token{{Text: string(r), Punct: true}}, tail...)
				}
				w = w[:len(w)-n]
				continue
			}
			break
		}
		if w != "" {
			switch w {
			case "—", "–", "-", "--":
				out = append(out, Token{Text: "—", Punct: true})
			default:
				if hasCJK(w) {
					// Chinese and Japanese are written without spaces: cut the
					// run into words ("提交前必须运行" -> 提交前 必须 运行)
					for _, seg := range segmentCJK(w) {
						out = append(out, Token{Text: seg, Low: strings.ToLower(seg)})
					}
					break
				}
				out = append(out, Token{Text: w, Low: strings.ToLower(w)})
			}
		}
		out = append(out, tail...)
	}
	for i < len(text) {
		c := text[i]
		switch {
		case c == '`':
			j := i
			for j < len(text) && text[j] == '`' {
				j++
			}
			ticks := text[i:j]
			end := strings.Index(text[j:], ticks)
			if end < 0 {
				i = j // an unclosed span: read on as prose
				continue
			}
			span := strings.TrimSpace(text[j : j+end])
			// a shell prompt is no part of the command: `$ make check` runs `make check`
			if rest, ok := strings.CutPrefix(span, "$ "); ok && strings.TrimSpace(rest) != "" {
				span = strings.TrimSpace(rest)
			}
			out = append(out, Token{Text: span, Code: true})
			i = j + end + len(ticks)
		case c == '[':
			// [text](url) keeps text
			if close := strings.Index(text[i:], "]("); close > 0 {
				if end := strings.IndexByte(text[i+close:], ')'); end > 0 {
					out = append(out, Tokenize(text[i+1:i+close])...)
					i += close + end + 1
					continue
				}
			}
			i++
		case spaceAt(text, i) > 0:
			i += spaceAt(text, i)
		default:
			j := i
			for j < len(text) && text[j] != '`' && spaceAt(text, j) == 0 {
				if text[j] == '[' && j > i {
					break
				}
				j++
			}
			word(text[i:j])
			i = j
		}
	}
	return out
}

// Sentences splits text into sentences.
func Sentences(text string) []Sentence {
	var out []Sentence
	var cur []Token
	flush := func() {
		if len(cur) > 0 {
			out = append(out, Sentence{Tokens: cur})
			cur = nil
		}
	}
	toks := Tokenize(text)
	for i, t := range toks {
		if t.Punct && t.Text == "—" && i+1 < len(toks) && toks[i+1].Low == "not" && len(cur) > 0 && OpensWithCondition(cur[0].Low) {
			// "When generating scripts, use Node.js — NOT Python": the contrast of
			// the clause before it, as ", not" would say, under its condition
			// (after a statement, "This project uses X — NOT Y" bans Y on its own)
			cur = append(cur, Token{Text: ",", Low: ",", Punct: true})
			continue
		}
		if t.Punct && (t.Text == "." || t.Text == "!" || t.Text == "?" || t.Text == ";" || t.Text == "—") {
			flush()
			continue
		}
		// "Migrations are generated, never hand-written: after editing `models.py`,
		// run ...": a colon before a clause of its own ends the sentence; before a
		// list of objects ("Run the checks: `make lint`") it does not
		if t.Punct && t.Text == ":" && len(cur) > 2 && i+1 < len(toks) && !toks[i+1].Code && clauseOpeners[toks[i+1].Low] {
			flush()
			continue
		}
		cur = append(cur, t)
	}
	flush()
	return out
}

// clauseOpeners start a clause of its own after a colon: a condition or an order.
var clauseOpeners = map[string]bool{"after": true, "before": true, "when": true, "whenever": true, "if": true, "once": true}

// spaceAt is the length in bytes of the white space that starts at text[i], 0 when
// none: a rune decoded whole (a byte of a multi-byte character, 0xA0 in "だ", is no
// no-break space).
func spaceAt(text string, i int) int {
	if c := text[i]; c < utf8.RuneSelf {
		if unicode.IsSpace(rune(c)) {
			return 1
		}
		return 0
	}
	r, size := utf8.DecodeRuneInString(text[i:])
	if unicode.IsSpace(r) {
		return size
	}
	return 0
}

// cjkPunct spells full-width punctuation the ASCII way, with the space after it.
var cjkPunct = sync.OnceValue(func() *strings.Replacer {
	return strings.NewReplacer("。", ". ", "、", ", ", "，", ", ", "：", ": ", "；", "; ", "！", "! ", "？", "? ")
})
