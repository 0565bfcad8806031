package instr

import (
	"sort"

	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/policy"
	"strings"
	"unicode"
	"unicode/utf8"
)

// lineIndex turns byte offsets of a source into 1-based line numbers.
type lineIndex []int // offsets of line starts

func newLineIndex(src []byte) lineIndex {
	idx := lineIndex{0}
	for i, c := range src {
		if c == '\n' {
			idx = append(idx, i+1)
		}
	}
	return idx
}

func (li lineIndex) line(off int) int {
	if off < 0 {
		return 0
	}
	return sort.Search(len(li), func(i int) bool { return li[i] > off })
}

// textBuf builds a constraint's text from inline pieces and remembers which source line
// every piece came from and where the code spans are, so the text can later be split
// into sentences without cutting code and each part keeps its own line range.
type textBuf struct {
	b     strings.Builder
	marks []mark
	code  [][2]int // byte ranges of code spans in b (never split inside)
	// task is the state of a task list item's box: 0 none, taskOpen or taskDone.
	task int
	// item: the text is a list item's own first paragraph.
	item bool
}

const (
	taskOpen = 1 // "- [ ] ..."
	taskDone = 2 // "- [x] ..."
)

type mark struct{ off, line int }

// proseHyphens are the Unicode hyphens prose writes ("4‑space indentation" with a
// non-breaking hyphen), read as the ASCII hyphen every reader of the text expects.
var proseHyphens = strings.NewReplacer("\u2010", "-", "\u2011", "-")

func (t *textBuf) write(s string, line int) {
	t.writeRaw(proseHyphens.Replace(s), line)
}

// writeRaw writes s as it is: a code span's text.
func (t *textBuf) writeRaw(s string, line int) {
	if s == "" {
		return
	}
	if line > 0 && (len(t.marks) == 0 || t.marks[len(t.marks)-1].line != line) {
		t.marks = append(t.marks, mark{t.b.Len(), line})
	}
	t.b.WriteString(s)
}

// space writes one separating space unless the text already ends with one.
func (t *textBuf) space() {
	s := t.b.String()
	if s != "" && !strings.HasSuffix(s, " ") {
		t.b.WriteByte(' ')
	}
}

func (t *textBuf) writeCode(s string, line int) {
	start := t.b.Len()
	t.writeRaw(codeSpan(s), line)
	t.code = append(t.code, [2]int{start, t.b.Len()})
}

// codeSpan renders s as a Markdown code span, with enough backticks to hold it.
func codeSpan(s string) string {
	longest, run := 0, 0
	for _, r := range s {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if longest > 0 || strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

func (t *textBuf) lineAt(off int) int {
	if len(t.marks) == 0 {
		return 0
	}
	// The last mark at or before off; marks are in text order.
	i := sort.Search(len(t.marks), func(i int) bool { return t.marks[i].off > off })
	if i == 0 {
		return t.marks[0].line
	}
	return t.marks[i-1].line
}

func (t *textBuf) inCode(off int) bool {
	// Code ranges are appended in text order and never overlap.
	i := sort.Search(len(t.code), func(i int) bool { return t.code[i][1] > off })
	return i < len(t.code) && off >= t.code[i][0]
}

// piece is a span of a constraint's text with its source lines.
type piece struct {
	text      string
	line, end int
	level     policy.Level // the strongest level of its sentences
}

// normSpace collapses every run of white space to one space and trims the ends.
func normSpace(s string) string {
	clean := len(s) == 0 || s[0] != ' ' && s[len(s)-1] != ' '
	for i := 0; clean && i < len(s); i++ {
		switch c := s[i]; {
		case c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' || c >= 0x80:
			clean = false // other white space, or non-ASCII that may be white space
		case c == ' ' && i+1 < len(s) && s[i+1] == ' ':
			clean = false
		}
	}
	if clean {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

// abbreviations that end in a dot without ending a sentence.
var abbreviations = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return map[string]bool{
		"e.g": true, "i.e": true, "etc": true, "vs": true, "cf": true, "approx": true,
		"incl": true, "resp": true, "fig": true, "al": true, "no": true, "nr": true,
		"mr": true, "mrs": true, "dr": true, "eg": true, "ie": true, "viz": true, "esp": true,
	}
}}

// sentences cuts the text into sentences and semicolon clauses, never inside a code
// span, and returns the byte ranges.
func (t *textBuf) sentences() [][2]int {
	s := t.b.String()
	var out [][2]int
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '.' && c != '!' && c != '?' && c != ';' {
			continue
		}
		if t.inCode(i) {
			continue
		}
		// Swallow closing quotes and brackets and repeated marks ("!)", "...").
		j := i + 1
		for j < len(s) && strings.IndexByte(".!?\"')*_", s[j]) >= 0 && !t.inCode(j) {
			j++
		}
		if j >= len(s) || s[j] != ' ' {
			continue
		}
		k := j
		for k < len(s) && s[k] == ' ' {
			k++
		}
		if k >= len(s) {
			continue
		}
		if c == '.' {
			if !sentenceStart(s[k:]) || isAbbrev(s[start:i]) {
				continue
			}
		} else if c != ';' && !sentenceStart(s[k:]) {
			continue
		}
		out = append(out, [2]int{start, j})
		start = k
		i = k - 1
	}
	if start < len(s) {
		out = append(out, [2]int{start, len(s)})
	}
	return out
}

func sentenceStart(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r) || unicode.IsDigit(r) || strings.ContainsRune("`\"'(*[_", r) || r > 0x2000
}

func isAbbrev(before string) bool {
	f := strings.Fields(before)
	if len(f) == 0 {
		return false
	}
	w := strings.ToLower(strings.Trim(f[len(f)-1], "(\"'*_"))
	if abbreviations.Get()[w] {
		return true
	}
	// Single letters and initials ("J. Smith", "a. b.") and list numbers ("1.").
	if utf8.RuneCountInString(w) == 1 {
		return true
	}
	return false
}

// split turns the text into atomic obligations: it cuts sentences and semicolon
// clauses, then joins every clause without an obligation of its own to its
// neighbour (a reason to the rule before it, a lead-in to the rule after it), and
// clauses that point back ("Instead, ...", "This ...") to the rule they refer to.
// "Use tabs, not spaces; prefer async/await over `.then`" gives two pieces.
func (t *textBuf) split() []piece {
	s := t.b.String()
	spans := t.sentences()
	type group struct {
		start, end int
		binding    bool
		level      policy.Level
	}
	var groups []group
	for _, sp := range spans {
		clause := s[sp[0]:sp[1]]
		lv := clauseLevel(clause)
		binding := lv != policy.Info
		if len(groups) == 0 {
			groups = append(groups, group{sp[0], sp[1], binding, lv})
			continue
		}
		g := &groups[len(groups)-1]
		switch {
		case !binding, !g.binding, refersBack(clause):
			g.end = sp[1]
			g.binding = g.binding || binding
			g.level = maxLevel(g.level, lv)
		default:
			groups = append(groups, group{sp[0], sp[1], binding, lv})
		}
	}
	out := make([]piece, 0, len(groups))
	for _, g := range groups {
		text := normSpace(strings.TrimRight(strings.TrimSpace(s[g.start:g.end]), ";"))
		if text == "" {
			continue
		}
		out = append(out, piece{text: text, line: t.lineAt(g.start), end: t.lineAt(max(g.end-1, g.start)), level: g.level})
	}
	return out
}

var backRefs = []string{"instead", "otherwise", "rather", "alternatively", "this ", "that ", "these ", "those ",
	"it ", "its ", "it's ", "they ", "such ", "except", "unless", "but ", "however", "doing so", "if not", "if so",
	"in that case", "in this case", "then ", "for example", "e.g.", "for instance", "if you do", "same ",
	// "`cmd` → `service` → `model`. Never the other way.": the direction's ban
	"never the other way", "not the other way", "never the reverse", "not the reverse", "never in reverse", "not in reverse"}

func refersBack(clause string) bool {
	l := strings.ToLower(strings.TrimLeft(clause, " *_\"'("))
	for _, b := range backRefs {
		if strings.HasPrefix(l, b) {
			return true
		}
	}
	return false
}
