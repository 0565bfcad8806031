package norm

import (
	"strings"
	"sync"
	"unicode"
)

// Reading a rule in another language: the sentence's language is told from its
// script and its common words; a sentence in a language of lexicon_i18n.go is glossed
// word for word into English and read as English, by the same reader and held to the
// same certainty; one in a language heed only recognises is left as written and must
// not block (Readable).

// Gloss returns text with its words glossed into English when it is written in a
// language heed has words for, and the language's code ("" for English or a text
// with too few words to tell). Code spans are kept as written. An English text is
// returned unchanged.
func Gloss(text string) (string, string) {
	if text == "" || plainEnglish(text) || pmUsesRE().MatchString(text) {
		// "Uses `pnpm` as package manager" is English, though "uses" is a Spanish
		// word too
		return text, ""
	}
	toks := Tokenize(text)
	langs := languagesOf(toks)
	if len(langs) != 1 {
		// as many words of two languages heed reads ("Nunca uses `npm`" is Spanish
		// and Portuguese): read it when both glosses say the same
		var same string
		for i, lang := range langs {
			g := Sentence{Tokens: glossTokens(toks, lang)}.Raw()
			if i > 0 && g != same {
				return text, "und"
			}
			same = g
		}
		if len(langs) == 0 {
			return text, ""
		}
		return same, langs[0]
	}
	lang := langs[0]
	if _, ok := languageTable()[lang]; !ok {
		return text, lang
	}
	return Sentence{Tokens: glossTokens(toks, lang)}.Raw(), lang
}

// plainEnglish is the fast answer for most sentences: no word outside code spans is
// in another script or is a word of another language's lists, so the sentence is
// English (or has too few words to tell) without tokenizing it.
func plainEnglish(text string) bool {
	foreign := foreignWords()
	inCode := false
	start := -1
	for i, r := range text {
		if r == '`' {
			inCode = !inCode
			start = -1
			continue
		}
		if inCode {
			continue
		}
		if r >= 0x400 && (unicode.Is(unicode.Cyrillic, r) || isCJK(r)) {
			return false
		}
		if unicode.IsLetter(r) || r == '\'' || r == '’' {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 && foreign[strings.ToLower(text[start:i])] {
			return false
		}
		start = -1
	}
	return !(start >= 0 && !inCode && foreign[strings.ToLower(text[start:])])
}

// foreignWords: every word that counts for a language other than English.
var foreignWords = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, set := range latinWords() {
		for w := range set {
			if !englishCues()[w] {
				m[w] = true
			}
		}
	}
	return m
})

// inEnglish glosses a sentence and the headings and lead-in around it (Read's entry:
// an English text and context are returned as they are).
func inEnglish(text string, ctx Context) (string, Context) {
	text, _ = Gloss(text)
	if ctx.LeadIn != "" {
		ctx.LeadIn, _ = Gloss(ctx.LeadIn)
	}
	var hs []string
	for i, h := range ctx.Heading {
		g, _ := Gloss(h)
		if g != h && hs == nil {
			hs = append([]string(nil), ctx.Heading...)
		}
		if hs != nil {
			hs[i] = g
		}
	}
	if hs != nil {
		ctx.Heading = hs
	}
	return text, ctx
}

// Readable reports whether heed reads a language with certainty: English, and the
// languages it has a lexicon for. A sentence in any other may warn, never block.
func Readable(lang string) bool {
	if lang == "" || lang == "en" {
		return true
	}
	_, ok := languageTable()[lang]
	return ok
}

// LanguageName names a language code for a reason a person reads.
func LanguageName(lang string) string {
	names := map[string]string{"es": "Spanish", "pt": "Portuguese", "fr": "French", "de": "German", "zh": "Chinese",
		"ja": "Japanese", "ko": "Korean", "ru": "Russian", "it": "Italian", "nl": "Dutch", "pl": "Polish", "tr": "Turkish",
		"id": "Indonesian", "sv": "Swedish"}
	if n, ok := names[lang]; ok {
		return n
	}
	return lang
}

// languagesOf tells the language of a sentence's words (code spans aside): by script
// for Japanese (kana), Chinese (Han alone), Korean (Hangul) and Russian (Cyrillic);
// by common words for languages in the Latin script, where a language must have more
// of its own words than English has of its own. It returns one language, none
// (English, or too few words to tell), or the languages heed reads that tie; a tie
// with a language heed cannot read is that language.
func languagesOf(toks []Token) []string {
	var kana, han, hangul, cyrillic, words int
	for _, t := range toks {
		if t.Code || t.Punct {
			continue
		}
		words++
		for _, r := range t.Text {
			switch {
			case unicode.In(r, unicode.Hiragana, unicode.Katakana):
				kana++
			case unicode.Is(unicode.Han, r):
				han++
			case unicode.Is(unicode.Hangul, r):
				hangul++
			case unicode.Is(unicode.Cyrillic, r):
				cyrillic++
			}
		}
	}
	if words == 0 {
		return nil
	}
	en := englishCues()
	english := 0
	for _, t := range toks {
		if !t.Code && !t.Punct && en[t.Low] {
			english++
		}
	}
	switch {
	case kana > 0 && english < kana:
		return []string{"ja"}
	case han > 0 && english < han:
		return []string{"zh"}
	case hangul > 0 && english < hangul:
		return []string{"ko"}
	case cyrillic > 0 && english < cyrillic:
		return []string{"ru"}
	}
	var best []string
	bestScore := 0
	for _, lang := range latinLanguages() {
		set, all := latinWords()[lang], latinAll()[lang]
		own, theirs := 0, 0
		for _, t := range toks {
			if t.Code || t.Punct {
				continue
			}
			switch {
			case set[t.Low] && !en[t.Low]:
				own++
			case en[t.Low] && !all[t.Low]:
				theirs++
			}
		}
		if own == 0 || own <= theirs {
			continue
		}
		switch {
		case own > bestScore:
			best, bestScore = []string{lang}, own
		case own == bestScore:
			best = append(best, lang)
		}
	}
	for _, lang := range best {
		if !Readable(lang) {
			return []string{lang}
		}
	}
	return best
}

// latinLanguages are the languages told apart by their words, in a fixed order.
func latinLanguages() []string {
	return []string{"de", "es", "fr", "id", "it", "nl", "pl", "pt", "sv", "tr"}
}

// latinWords are each language's words: its cues, and for a language heed reads the
// one-word phrases and verb forms of its gloss.
var latinWords = sync.OnceValue(func() map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for lang, cues := range cueOnly() {
		out[lang] = wordSet(cues...)
	}
	for lang, lw := range languageTable() {
		if lang == "zh" || lang == "ja" {
			continue
		}
		// the language's cues, and its one-word phrases and verb forms that are
		// not English words too ("tests", "use" say nothing of the language)
		set := wordSet(lw.cues...)
		own := func(w string) {
			if !strings.Contains(w, " ") && !englishVocabulary()[w] {
				set[w] = true
			}
		}
		for p := range lw.gloss {
			own(p)
		}
		for _, forms := range lw.verbs {
			for _, f := range forms {
				own(f)
			}
		}
		out[lang] = set
	}
	return out
})

// latinAll: every word of each language's tables, its English look-alikes ("use",
// "tests") too: a word the language shares with English is no English cue there.
var latinAll = sync.OnceValue(func() map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for lang, set := range latinWords() {
		all := map[string]bool{}
		for w := range set {
			all[w] = true
		}
		if lw, ok := languageTable()[lang]; ok {
			for p := range lw.gloss {
				all[p] = true
			}
			for _, forms := range lw.verbs {
				for _, f := range forms {
					all[f] = true
				}
			}
		}
		out[lang] = all
	}
	return out
})

// englishVocabulary: the English words heed knows, its cues and every word a gloss
// puts in a sentence's place.
var englishVocabulary = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for w := range englishCues() {
		m[w] = true
	}
	for _, lw := range languageTable() {
		for _, table := range []map[string]string{lw.gloss, lw.post} {
			for _, e := range table {
				for _, w := range strings.Fields(e) {
					m[w] = true
				}
			}
		}
		for v := range lw.verbs {
			m[v] = true
		}
	}
	return m
})

// glossTokens glosses a sentence's tokens word for word: at each word the longest
// phrase of the language's gloss; a phrase that follows its object (a verb-final
// language's verb) is placed around the object before it.
func glossTokens(toks []Token, lang string) []Token {
	ix := glossIndex()[lang]
	var out []Token
	emit := func(english string) {
		for _, w := range strings.Fields(english) {
			if w == "," {
				if len(out) == 0 || out[len(out)-1].Punct {
					continue // "前に、": one comma
				}
				out = append(out, Token{Text: ",", Punct: true, Low: glossed})
				continue
			}
			out = append(out, Token{Text: w, Low: strings.ToLower(w)})
		}
	}
	words := glossWords(toks)
	for i := 0; i < len(words); {
		t := words[i]
		if t.Code || t.Punct {
			if t.Text == "," && len(out) > 0 && out[len(out)-1].Low == glossed {
				i++ // "前に、": one comma
				continue
			}
			out = append(out, t)
			i++
			continue
		}
		e, n := longestGloss(ix, words, i)
		if n == 0 {
			out = append(out, t)
			i++
			continue
		}
		if k := glossClauseStart(out); lang == "zh" && conditionEnd(words[i:i+n]) && k < len(out) {
			// Chinese ends a condition with 时 ("文档未收敛时，不得提交": when the
			// docs have not converged, do not commit): the condition leads its
			// clause in English, or the clause after it reads as unconditional
			cond := append([]Token(nil), out[k:]...)
			out = out[:k]
			emit("when")
			out = append(out, cond...)
			if i+n >= len(words) || !words[i+n].Punct {
				emit(",")
			}
			i += n
			continue
		}
		if e.final && i+n < len(words) && !sentenceEnd(words[i+n]) && !(lang == "de" && words[i+n].Punct && words[i+n].Text == ",") {
			// (German ends a clause with its verb before a comma too: "für Tests
			// Vitest verwenden, nicht Jest")
			emit(e.other)
			i += n
			continue
		}
		if !e.post {
			// a phrase around a code span ("必须和 CODE 同步维护") keeps the span
			var spans []Token
			for k := i; k < i+n; k++ {
				if words[k].Code {
					spans = append(spans, words[k])
				}
			}
			for _, part := range strings.SplitAfter(e.english, "CODE") {
				if before, ok := strings.CutSuffix(part, "CODE"); ok && len(spans) > 0 {
					emit(before)
					out = append(out, spans[0])
					spans = spans[1:]
					continue
				}
				emit(part)
			}
			i += n
			continue
		}
		before, after, _ := strings.Cut(e.english, "X")
		k := objectStart(out)
		var trail []Token
		if lang == "de" {
			k, trail = germanObjectStart(out, k)
		}
		obj := append([]Token(nil), out[k:len(out)-len(trail)]...)
		out = out[:k]
		emit(before)
		out = append(out, obj...)
		emit(after)
		out = append(out, trail...)
		i += n
	}
	return out
}

// conditionEnd: the words that end a Chinese condition (时, 的时候); 时才 ("only
// when") is not one.
func conditionEnd(ws []Token) bool {
	return len(ws) == 1 && (ws[0].Low == "时" || ws[0].Low == "的时候")
}

// glossClauseStart is where the clause at the end of out starts: after its last mark
// of punctuation.
func glossClauseStart(out []Token) int {
	for k := len(out); k > 0; k-- {
		if out[k-1].Punct {
			return k
		}
	}
	return 0
}

// sentenceEnd: a mark that ends a sentence or a clause.
func sentenceEnd(t Token) bool {
	return t.Punct && (t.Text == "." || t.Text == "!" || t.Text == ";" || t.Text == "?")
}

// glossed marks a comma the gloss put in: no object group reaches across it.
const glossed = "\x00gloss"

// glossWords splits the elisions of French ("n'utilisez", "d'ouvrir") into their
// words, for the phrases to match them.
func glossWords(toks []Token) []Token {
	var out []Token
	for _, t := range toks {
		if !t.Code && !t.Punct {
			low := strings.ReplaceAll(t.Low, "’", "'")
			if len(low) > 2 && low[1] == '\'' && strings.ContainsRune("dnlj", rune(low[0])) {
				full := map[byte]string{'d': "de", 'n': "ne", 'l': "le", 'j': "je"}[low[0]]
				out = append(out, Token{Text: full, Low: full}, Token{Text: t.Text[2:], Low: low[2:]})
				continue
			}
			if low != t.Low {
				t.Low = low
			}
		}
		out = append(out, t)
	}
	return out
}

func longestGloss(ix map[string][]glossEntry, toks []Token, i int) (glossEntry, int) {
	for _, e := range ix[toks[i].Low] {
		if i+len(e.words) > len(toks) {
			continue
		}
		ok := true
		for k, w := range e.words {
			t := toks[i+k]
			if w == "CODE" {
				if !t.Code {
					ok = false
					break
				}
				continue
			}
			if t.Code || t.Punct && t.Text != w || !t.Punct && t.Low != w {
				ok = false
				break
			}
		}
		if ok {
			return e, len(e.words)
		}
	}
	return glossEntry{}, 0
}

// objectStart is where the object group at the end of out starts: its code spans
// and the "and", "or" and commas between them, else its last word.
func objectStart(out []Token) int {
	k := len(out)
	for k > 0 && out[k-1].Code {
		k--
		if k >= 2 && out[k-2].Code && (out[k-1].Low == "and" || out[k-1].Low == "or" || out[k-1].Text == "," && out[k-1].Low != glossed) {
			k--
		}
	}
	if k == len(out) && k > 0 && !out[k-1].Punct {
		k--
	}
	return k
}

// germanObjectStart: German ends its clause with the verb, after the whole of its
// object ("niemals Pull Requests selbst mergen"): the object runs back from the verb
// to the adverb or mark that opens the clause, past a "yourself" that goes after the
// verb in English; k is where objectStart put it, trail the words that follow the
// verb. A clause that ends with a place ("im Ordner `api/`") is taken whole, its
// adverbs moved to its front in out, before where the verb goes.
func germanObjectStart(out []Token, k int) (int, []Token) {
	if k < len(out) && out[k].Code {
		if k >= 2 && (out[k-1].Low == "folder" || out[k-1].Low == "directory" || out[k-1].Low == "in" || out[k-1].Low == "from") {
			// "`pytest` immer im Ordner `api/` ausführen": the span last is the
			// place; the verb goes before all the clause holds
			j := k
			for j > 0 && !out[j-1].Punct {
				j--
			}
			// "immer", wherever it stands in the clause, goes before the verb
			var adverbs, rest []Token
			for _, t := range out[j:] {
				if !t.Code && germanClauseOpener(t.Low) {
					adverbs = append(adverbs, t)
				} else {
					rest = append(rest, t)
				}
			}
			copy(out[j:], append(adverbs, rest...))
			return j + len(adverbs), nil
		}
		return k, nil
	}
	end := len(out)
	var trail []Token
	if end > 0 && out[end-1].Low == "yourself" {
		trail = []Token{out[end-1]}
		end--
	}
	// back to the clause's opener, or to the article that opens the object ("vor
	// jedem Commit die Tests ausführen": the tests are run, not the commit)
	j := end
	for j > 0 && !out[j-1].Punct && !out[j-1].Code && !germanClauseOpener(out[j-1].Low) {
		j--
		if germanArticle(out[j].Low) {
			break
		}
	}
	// a phrase of place or purpose opens the clause before the object: "für Tests
	// Vitest verwenden" uses Vitest, for tests
	for p := end - 2; p >= j; p-- {
		if germanPreposition(out[p].Low) {
			if p+2 < end {
				j = p + 2
			}
			break
		}
	}
	if j == end {
		return k, nil
	}
	return j, trail
}

// germanPreposition: an English word a German preposition is glossed to.
func germanPreposition(w string) bool {
	switch w {
	case "for", "in", "with", "on", "from", "at", "after", "before", "during":
		return true
	}
	return false
}

// germanArticle: an English word a German article or determiner is glossed to.
func germanArticle(w string) bool {
	switch w {
	case "the", "a", "an", "no", "your", "all", "every", "any":
		return true
	}
	return false
}

// germanClauseOpener: an English word a German clause's adverb or modal is glossed
// to, which comes before a verb-final object.
func germanClauseOpener(w string) bool {
	switch w {
	case "never", "not", "always", "please", "must", "should", "may", "avoid", "only", "do":
		return true
	}
	return false
}

// hasCJK reports whether s holds a Chinese, Japanese or Korean character.
func hasCJK(s string) bool {
	for _, r := range s {
		if isCJK(r) {
			return true
		}
	}
	return false
}

func isCJK(r rune) bool {
	return r >= 0x3040 && (unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)) || r == 'ー'
}

// segmentCJK cuts a word that holds Chinese or Japanese characters, which are written
// without spaces, into words: runs of other characters ("PR", "npm") stand alone, and
// a run of CJK characters is cut at the words of the gloss tables, longest first, the
// characters between them kept together as one word.
func segmentCJK(w string) []string {
	var out []string
	rs := []rune(w)
	dict := cjkWords()
	for i := 0; i < len(rs); {
		if !isCJK(rs[i]) {
			j := i
			for j < len(rs) && !isCJK(rs[j]) {
				j++
			}
			out = append(out, string(rs[i:j]))
			i = j
			continue
		}
		start := i
		for i < len(rs) && isCJK(rs[i]) {
			matched := ""
			for _, cand := range dict[rs[i]] {
				if strings.HasPrefix(string(rs[i:]), cand) {
					matched = cand
					break
				}
			}
			if matched == "" {
				i++
				continue
			}
			if start < i {
				out = append(out, string(rs[start:i]))
			}
			out = append(out, matched)
			i += len([]rune(matched))
			start = i
		}
		if start < i {
			out = append(out, string(rs[start:i]))
		}
	}
	return out
}
