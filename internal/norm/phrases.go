package norm

import (
	"strings"
	"sync"
	"unicode"
)

// proseWords splits prose into lower-case words: letters, digits, and inner ' - _ . (so
// "don't", "well-known", "snake_case" stay whole). Code spans must be removed first.
func proseWords(s string) []string {
	var out []string
	start := -1
	flush := func(end int) {
		if start >= 0 {
			w := strings.Trim(s[start:end], "'-_.")
			if w != "" {
				out = append(out, strings.ToLower(w))
			}
			start = -1
		}
	}
	for i, r := range s {
		inWord := unicode.IsLetter(r) || unicode.IsDigit(r) || (start >= 0 && (r == '\'' || r == '-' || r == '_' || r == '.' || r == '’'))
		if inWord {
			if start < 0 {
				start = i
			}
			continue
		}
		flush(i)
	}
	flush(len(s))
	for i, w := range out {
		out[i] = strings.ReplaceAll(w, "’", "'")
	}
	return out
}

// phrases matches any of a list of word sequences in a word list. A word ending in
// "*" matches any word with that prefix. Matching is linear in the text: one map
// lookup per word, which is what makes classifying the corpus take milliseconds (an
// alternation regexp over the same lists took a quarter of a second).
// The lists are indexed on first use: the package's phrase lists are package
// variables, and every heed process, hooks included, initialises them.
type phrases struct {
	list   []string
	once   sync.Once
	exact  map[string][][]string // first word -> phrases starting with it
	prefix []prefixPhrase
}

type prefixPhrase struct {
	first string
	rest  []string
}

func newPhrases(list ...string) *phrases {
	return &phrases{list: list}
}

func (p *phrases) index() {
	p.exact = map[string][][]string{}
	for _, s := range p.list {
		ws := strings.Fields(strings.ToLower(s))
		if len(ws) == 0 {
			continue
		}
		if strings.HasSuffix(ws[0], "*") {
			p.prefix = append(p.prefix, prefixPhrase{first: strings.TrimSuffix(ws[0], "*"), rest: ws[1:]})
			continue
		}
		p.exact[ws[0]] = append(p.exact[ws[0]], ws[1:])
	}
}

func wordMatch(pat, w string) bool {
	if strings.HasSuffix(pat, "*") {
		return strings.HasPrefix(w, pat[:len(pat)-1])
	}
	return pat == w
}

func restMatch(rest, ws []string) bool {
	if len(rest) > len(ws) {
		return false
	}
	for i, pat := range rest {
		if !wordMatch(pat, ws[i]) {
			return false
		}
	}
	return true
}

// In reports whether any phrase occurs in ws.
func (p *phrases) In(ws []string) bool {
	p.once.Do(p.index)
	for i, w := range ws {
		for _, rest := range p.exact[w] {
			if restMatch(rest, ws[i+1:]) {
				return true
			}
		}
		for _, pp := range p.prefix {
			if strings.HasPrefix(w, pp.first) && restMatch(pp.rest, ws[i+1:]) {
				return true
			}
		}
	}
	return false
}
