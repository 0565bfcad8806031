package norm

import (
	"strconv"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// An architecture sentence is its prose with the code spans taken out: "§0 must not
// import §1" with the spans in order. The boundary readers below match the prose; the
// architecture recognisers resolve the spans to folders, file kinds and package names.

// ArchSentence is one sentence of a boundary rule.
type ArchSentence struct {
	Prose string   // lower case, white space folded, spans as §0, §1, ...; verbs read (canonVerbs)
	Spans []string // the code spans, trimmed, in the order the prose numbers them
}

var (
	// includeVerbRE: C's include as the verb of a boundary, a code span or its
	// object right after it
	includeVerbRE     = lazyre.New("(?i)(`#include`|#include|\\bincludes?)(\\s+(?:(?:any|anything|any headers?|headers?|files?|code)\\s+)?(?:from\\s+)?`)")
	archSpanInnerRE   = lazyre.New("`+([^`]+)`+")
	archPlaceholderRE = lazyre.New(`§\d+`)
	// archListAsideRE: words in parentheses after one span of a list and before the
	// next ("§6 (where code is) and §7"), an aside that would end the list
	archListAsideRE = lazyre.New(`(§\d+) \([^()§]*\)((?:,? (?:and|or|nor)|,) §)`)
)

// ArchSentences splits a constraint's text into sentences (instruction files often
// put two in one list item), takes the code spans out and reads the verbs of each
// sentence into the ones the boundary readers know.
func ArchSentences(text string) []ArchSentence {
	var out []ArchSentence
	var spans []string
	// "§" marks the spans below; a literal one ("the entries in §6.1–§6.4") would
	// read as a span that does not exist
	text = outsideArchSpans(text, func(s string) string { return strings.ReplaceAll(s, "§", "section ") })
	text = SplitArrowSpans(text)
	if includeBeforeSpan(text) {
		// C and C++ import by including: "`core/` must never `#include` anything
		// from `gui/`", "`src/dsp/` never includes `src/ui/`"
		text = includeVerbRE.ReplaceAllStringFunc(text, func(m string) string {
			g := includeVerbRE.FindStringSubmatch(m)
			verb := "import"
			if strings.HasSuffix(strings.ToLower(strings.Trim(g[1], "`#")), "s") {
				verb = "imports"
			}
			return verb + g[2]
		})
	}
	text = outsideArchSpans(text, quoteFreeOf)
	prose := archSpanInnerRE.ReplaceAllStringFunc(text, func(m string) string {
		inner := strings.TrimSpace(strings.Trim(m, "`"))
		spans = append(spans, inner)
		return " §" + strconv.Itoa(len(spans)-1) + " "
	})
	// Bold and italics markers carry no meaning for these sentences.
	prose = strings.NewReplacer("**", "", "__", "").Replace(prose)
	prose = strings.Join(strings.Fields(strings.ToLower(prose)), " ")
	prose = strings.NewReplacer(" .", ".", " ,", ",", " ;", ";", " )", ")", "( ", "(", " :", ":").Replace(prose)
	for next := archListAsideRE.ReplaceAllString(prose, "$1$2"); next != prose; next = archListAsideRE.ReplaceAllString(prose, "$1$2") {
		prose = next // matches overlap at the span they share: again until none is left
	}
	for _, part := range splitArchSentences(prose) {
		s := ArchSentence{Prose: canonVerbs(part)}
		// Renumber the spans of this sentence from 0.
		idx := map[string]string{}
		s.Prose = archPlaceholderRE.ReplaceAllStringFunc(s.Prose, func(m string) string {
			if v, ok := idx[m]; ok {
				return v
			}
			n := spanNumber(m)
			if n < 0 || n >= len(spans) {
				return m
			}
			s.Spans = append(s.Spans, spans[n])
			v := "§" + strconv.Itoa(len(s.Spans)-1)
			idx[m] = v
			return v
		})
		out = append(out, s)
	}
	return out
}

// includeBeforeSpan: "include" (or "#include") with a code span within a few words
// after it, where includeVerbRE may read it as the verb of a boundary.
func includeBeforeSpan(text string) bool {
	for i := strings.Index(text, "nclude"); i >= 0; {
		rest := text[i+len("nclude"):]
		if j := strings.IndexByte(rest, '`'); j >= 0 && j <= 32 {
			return true
		}
		k := strings.Index(rest, "nclude")
		if k < 0 {
			return false
		}
		i += len("nclude") + k
	}
	return false
}

// ArchSpanIndexes returns the span numbers a matched list ("§0, §1 or §2") names.
func ArchSpanIndexes(list string) []int {
	var out []int
	for _, m := range archPlaceholderRE.FindAllString(list, -1) {
		out = append(out, spanNumber(m))
	}
	return out
}

// spanNumber is the number of a placeholder "§N" (its leading digits).
func spanNumber(placeholder string) int {
	n := 0
	for _, c := range strings.TrimPrefix(placeholder, "§") {
		if c < '0' || c > '9' {
			break
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// outsideArchSpans applies f to the text between code spans.
func outsideArchSpans(text string, f func(string) string) string {
	var b strings.Builder
	last := 0
	for _, m := range archSpanInnerRE.FindAllStringIndex(text, -1) {
		b.WriteString(f(text[last:m[0]]))
		b.WriteString(text[m[0]:m[1]])
		last = m[1]
	}
	b.WriteString(f(text[last:]))
	return b.String()
}

// splitArchSentences splits at ". ", "; " and "! " (not inside parentheses, which
// hold asides like "(or the other way round)").
func splitArchSentences(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			if depth > 0 {
				depth--
			}
		case '.', ';', '!', '?':
			if depth == 0 && (i+1 == len(s) || s[i+1] == ' ') {
				if part := strings.TrimSpace(s[start : i+1]); part != "" {
					out = append(out, part)
				}
				start = i + 1
			}
		}
	}
	if part := strings.TrimSpace(s[start:]); part != "" {
		out = append(out, part)
	}
	return out
}

// archItRE: "it" or "them" as what a boundary sentence's verb imports ("never imports
// it directly").
var archItRE = lazyre.New(`\b((?:import|imports|depend on|depends on|reference|references|use|uses|reach into|reaches into)(?: anything from| from| on)?) (it|them)\b`)

// ArchAntecedent rewrites a boundary sentence whose import verb points back with "it"
// or "them" to the part the sentence before opens with ("`vendor-api/` holds the wire
// vocabulary. The UI (`src/ui/`) never imports it directly"): the pronoun becomes a
// span of its own, numbered after the sentence's spans, and ok says the spans gain
// prev's first one.
func ArchAntecedent(prose, prevProse string, spans int) (string, bool) {
	if !strings.HasPrefix(strings.TrimPrefix(prevProse, "the "), "§0") || !strings.Contains(prose, " it") && !strings.Contains(prose, " them") || !archItRE.MatchString(prose) {
		return prose, false
	}
	m := archItRE.FindStringSubmatchIndex(prose)
	return prose[:m[4]] + "§" + strconv.Itoa(spans) + prose[m[5]:], true
}
