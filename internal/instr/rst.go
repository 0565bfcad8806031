package instr

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/policy"
)

// reStructuredText, read as agents (and people) read contributor docs: section
// titles build the header path; bullet and enumerated lists, paragraphs, definition
// lists, admonitions and quotes give constraints; literal blocks ("::" and
// code-block directives) attach to the constraint before them; comments, targets and
// layout directives give nothing.

type rline struct {
	text string // without the block's common indentation
	no   int    // 1-based line in the file
}

func (l rline) blank() bool { return strings.TrimSpace(l.text) == "" }

func indentOf(s string) int {
	n := 0
	for _, r := range s {
		switch r {
		case ' ':
			n++
		case '\t':
			n += 8 - n%8
		default:
			return n
		}
	}
	return n
}

// rstSection tracks title adornment styles in order of first use (their level).
type rstSection struct{ styles []string }

func (s *rstSection) level(style string) int {
	for i, st := range s.styles {
		if st == style {
			return i + 1
		}
	}
	s.styles = append(s.styles, style)
	return len(s.styles)
}

func extractRST(x *extractor, body []byte) {
	x.src = body
	x.li = newLineIndex(body)
	x.last = -1
	raw := strings.Split(string(body), "\n")
	lines := make([]rline, len(raw))
	for i, l := range raw {
		lines[i] = rline{strings.TrimRight(strings.ReplaceAll(l, "\t", "        "), " \r"), i + 1}
	}
	r := &rstReader{x: x, sec: &rstSection{}}
	r.blocks(lines, "", policy.Info)
}

type rstReader struct {
	x   *extractor
	sec *rstSection
}

var (
	bulletRE = lazyre.New(`^([-*+•‣⁃])(\s+|$)`)
	enumRE   = lazyre.New(`^(?:\(?(\d+|#|[a-zA-Z]|[ivxlcdm]+|[IVXLCDM]+)[.)])(\s+|$)`)
	fieldRE  = lazyre.New(`^:([^:]+):(\s+|$)`)
	directRE = lazyre.New(`^\.\.\s+([A-Za-z0-9_:+-]+)::\s*(.*)$`)
	codeDirs = lazy.Value[map[string]bool]{F: func() map[string]bool {
		return map[string]bool{"code-block": true, "code": true, "sourcecode": true, "console": true, "code-block:": true, "doctest": true, "parsed-literal": true, "prompt": true}
	}}
	skipDirs = lazy.Value[map[string]bool]{F: func() map[string]bool {
		return map[string]bool{"toctree": true, "image": true, "figure": true, "include": true, "literalinclude": true, "contents": true, "highlight": true, "raw": true, "only": false, "index": true, "meta": true, "sectnum": true, "role": true, "default-role": true, "autoclass": true, "automodule": true, "autofunction": true, "currentmodule": true, "module": true, "toctree:": true, "ifconfig": false, "rubric": false}
	}}
	admonDirs = lazy.Value[map[string]bool]{F: func() map[string]bool {
		return map[string]bool{"note": true, "warning": true, "important": true, "tip": true, "caution": true, "attention": true, "danger": true, "error": true, "hint": true, "admonition": true, "seealso": true, "versionadded": true, "versionchanged": true, "deprecated": true}
	}}
)

// isAdorn reports whether s is a section adornment or transition: three or more of
// one punctuation character.
func isAdorn(s string) bool {
	if len(s) < 3 {
		return false
	}
	c := s[0]
	if !strings.ContainsRune("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", rune(c)) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] != c {
			return false
		}
	}
	return true
}

// blocks reads a run of lines (already dedented to the block's margin).
func (r *rstReader) blocks(ls []rline, ctx string, ctxLevel policy.Level) {
	i := 0
	var prevPara *policy.Constraint
	literalNext := false
	for i < len(ls) {
		l := ls[i]
		if l.blank() {
			i++
			continue
		}
		ind := indentOf(l.text)
		if ind > 0 {
			// An indented block: a literal block after "::", else a quote.
			end := blockEnd(ls, i, 1)
			sub := dedent(ls[i:end])
			if literalNext {
				r.x.code("", joinText(sub), firstText(sub), firstText(sub), lastText(sub))
			} else {
				r.blocks(sub, ctx, ctxLevel)
			}
			literalNext = false
			prevPara = nil
			i = end
			continue
		}
		literalNext = false
		// Section title, with or without overline.
		if n, ok := r.title(ls, i); ok {
			i = n
			prevPara = nil
			continue
		}
		if isAdorn(l.text) && (i+1 >= len(ls) || ls[i+1].blank()) {
			i++ // a transition
			continue
		}
		if strings.HasPrefix(l.text, "..") && (len(l.text) == 2 || l.text[2] == ' ') {
			i = r.explicit(ls, i, ctx, ctxLevel)
			prevPara = nil
			continue
		}
		if m := bulletRE.FindStringSubmatch(l.text); m != nil {
			lctx, llev := ctx, ctxLevel
			if prevPara != nil && introduces(prevPara.Text) && ctx == "" {
				lctx, llev = prevPara.Text, prevPara.Level
			}
			i = r.listItems(ls, i, bulletRE, lctx, llev)
			prevPara = nil
			continue
		}
		if enumRE.MatchString(l.text) && r.looksEnumerated(ls, i) {
			lctx, llev := ctx, ctxLevel
			if prevPara != nil && introduces(prevPara.Text) && ctx == "" {
				lctx, llev = prevPara.Text, prevPara.Level
			}
			i = r.listItems(ls, i, enumRE, lctx, llev)
			prevPara = nil
			continue
		}
		if strings.HasPrefix(l.text, "+-") || strings.HasPrefix(l.text, "+=") {
			i = r.gridTable(ls, i, ctx)
			prevPara = nil
			continue
		}
		// Paragraph: up to a blank line or an indented line. An indented line right
		// after one unindented line is a definition list item.
		j := i + 1
		for j < len(ls) && !ls[j].blank() && indentOf(ls[j].text) == 0 {
			j++
		}
		if j == i+1 && j < len(ls) && !ls[j].blank() && indentOf(ls[j].text) > 0 {
			// term + indented definition
			term := strings.TrimSpace(l.text)
			end := blockEnd(ls, j, 1)
			before := len(r.x.out)
			var tb textBuf
			rstInline(&tb, term, l.no)
			termText := normSpace(tb.b.String())
			r.blocks(dedent(ls[j:end]), termText, levelOf(termText))
			if len(r.x.out) == before {
				r.x.emit(&tb, ctx, ctxLevel, l.no)
			}
			i = end
			prevPara = nil
			continue
		}
		para := ls[i:j]
		var tb textBuf
		var plines []rline
		endsLiteral := false
		for k, pl := range para {
			t := strings.TrimSpace(pl.text)
			if k == len(para)-1 && strings.HasSuffix(t, "::") {
				endsLiteral = true
				t = strings.TrimSuffix(t, "::")
				if strings.HasSuffix(t, " ") || t == "" {
					t = strings.TrimSpace(t)
				} else {
					t += ":"
				}
			}
			if strings.HasPrefix(t, "| ") {
				t = t[2:]
			}
			if m := fieldRE.FindStringSubmatch(t); m != nil && k == 0 {
				t = m[1] + ": " + strings.TrimSpace(t[len(m[0]):])
			}
			plines = append(plines, rline{t, pl.no})
		}
		rstInlineLines(&tb, plines)
		prevPara = r.x.emit(&tb, ctx, ctxLevel, l.no)
		if endsLiteral {
			literalNext = true
			if normSpace(tb.b.String()) == "" {
				// A bare "::" line: the literal block belongs to what came before.
				prevPara = nil
			}
		}
		i = j
	}
}

// title recognises a section title at i and pushes it; it returns the next line.
func (r *rstReader) title(ls []rline, i int) (int, bool) {
	l := ls[i]
	if isAdorn(l.text) {
		// Overline, title, underline.
		if i+2 < len(ls) && !ls[i+1].blank() && ls[i+2].text == l.text {
			t := strings.TrimSpace(ls[i+1].text)
			if utf8.RuneCountInString(t) <= len(l.text) {
				r.pushTitle("o"+l.text[:1], t, ls[i+1].no)
				return i + 3, true
			}
		}
		return i, false
	}
	if i+1 < len(ls) && isAdorn(ls[i+1].text) {
		t := strings.TrimSpace(l.text)
		if utf8.RuneCountInString(ls[i+1].text) >= min(utf8.RuneCountInString(t), 4) {
			r.pushTitle("u"+ls[i+1].text[:1], t, l.no)
			return i + 2, true
		}
	}
	return i, false
}

func (r *rstReader) pushTitle(style, t string, line int) {
	var tb textBuf
	rstInline(&tb, t, line)
	r.x.pushHeading(r.sec.level(style), normSpace(tb.b.String()))
}

// looksEnumerated guards against a paragraph that merely starts with "A." or "I ".
func (r *rstReader) looksEnumerated(ls []rline, i int) bool {
	m := enumRE.FindStringSubmatch(ls[i].text)
	if m == nil {
		return false
	}
	tok := m[1]
	if len(tok) == 1 && unicode.IsLetter(rune(tok[0])) {
		// "a." lists are rare; a capital letter followed by "." is usually prose.
		return strings.HasPrefix(ls[i].text, "(") || i+1 >= len(ls) || ls[i+1].blank() || indentOf(ls[i+1].text) > 0
	}
	return true
}

// listItems reads consecutive items of one list starting at i.
func (r *rstReader) listItems(ls []rline, i int, marker *lazyre.RE, ctx string, ctxLevel policy.Level) int {
	for i < len(ls) {
		l := ls[i]
		if l.blank() {
			// A list continues past blank lines while the next item follows.
			j := i
			for j < len(ls) && ls[j].blank() {
				j++
			}
			if j < len(ls) && indentOf(ls[j].text) == 0 && marker.MatchString(ls[j].text) {
				i = j
				continue
			}
			return j
		}
		m := marker.FindStringSubmatchIndex(l.text)
		if m == nil || indentOf(l.text) > 0 {
			return i
		}
		col := m[1]
		if col >= len(l.text) {
			col = m[0] + 2
		}
		// The item's lines: the first without its marker, then every line indented.
		item := []rline{{strings.Repeat(" ", col) + l.text[min(m[1], len(l.text)):], l.no}}
		j := i + 1
		for j < len(ls) {
			if ls[j].blank() {
				k := j
				for k < len(ls) && ls[k].blank() {
					k++
				}
				if k < len(ls) && indentOf(ls[k].text) > 0 {
					for ; j < k; j++ {
						item = append(item, ls[j])
					}
					continue
				}
				break
			}
			if indentOf(ls[j].text) == 0 {
				break
			}
			item = append(item, ls[j])
			j++
		}
		r.item(dedent(item), ctx, ctxLevel)
		i = j
	}
	return i
}

// item emits one list item: its first paragraph is the item's text and the context
// of what is nested in it.
func (r *rstReader) item(ls []rline, ctx string, ctxLevel policy.Level) {
	j := 0
	for j < len(ls) && !ls[j].blank() && (j == 0 || indentOf(ls[j].text) == 0) &&
		(j == 0 || (!bulletRE.MatchString(ls[j].text) && !enumRE.MatchString(ls[j].text))) {
		j++
	}
	var tb textBuf
	var ilines []rline
	literal := false
	for k, pl := range ls[:j] {
		t := strings.TrimSpace(pl.text)
		if k == j-1 && strings.HasSuffix(t, "::") {
			literal = true
			t = strings.TrimSuffix(t, "::")
			if !strings.HasSuffix(t, " ") && t != "" {
				t += ":"
			}
			t = strings.TrimSpace(t)
		}
		ilines = append(ilines, rline{t, pl.no})
	}
	rstInlineLines(&tb, ilines)
	first := r.x.emit(&tb, ctx, ctxLevel, ls[0].no)
	own, ownLevel := ctx, ctxLevel
	if first != nil {
		own = normSpace(tb.b.String())
		ownLevel = first.Level
	}
	rest := ls[j:]
	if literal {
		// The indented block right after the item's first paragraph is its code.
		k := 0
		for k < len(rest) && rest[k].blank() {
			k++
		}
		if k < len(rest) && indentOf(rest[k].text) > 0 {
			end := blockEnd(rest, k, 1)
			r.x.code("", joinText(dedent(rest[k:end])), rest[k].no, rest[k].no, lastText(rest[k:end]))
			rest = rest[end:]
		}
	}
	r.blocks(rest, own, ownLevel)
}

// explicit handles a ".." markup block: directives, targets, substitutions, comments.
func (r *rstReader) explicit(ls []rline, i int, ctx string, ctxLevel policy.Level) int {
	l := ls[i]
	end := blockEnd(ls, i+1, 1)
	bodyLines := ls[i+1 : end]
	m := directRE.FindStringSubmatch(l.text)
	if m == nil {
		// A comment, a hyperlink target (".. _name: url"), a footnote or a
		// substitution definition: no instruction text.
		t := strings.TrimSpace(strings.TrimPrefix(l.text, ".."))
		if strings.HasPrefix(t, "[") {
			// Footnotes and citations are text: read them.
			if k := strings.Index(t, "]"); k > 0 {
				var tb textBuf
				flines := []rline{{strings.TrimSpace(t[k+1:]), l.no}}
				for _, bl := range bodyLines {
					flines = append(flines, rline{strings.TrimSpace(bl.text), bl.no})
				}
				rstInlineLines(&tb, flines)
				r.x.emit(&tb, ctx, ctxLevel, l.no)
			}
		}
		return end
	}
	name, arg := strings.ToLower(m[1]), m[2]
	// Options (":linenos:") come first in a directive's body.
	k := 0
	body := dedent(bodyLines)
	for k < len(body) && !body[k].blank() && fieldRE.MatchString(strings.TrimSpace(body[k].text)) {
		k++
	}
	body = body[k:]
	switch {
	case codeDirs.Get()[name]:
		lang := strings.TrimSpace(arg)
		if name == "console" {
			lang = "console"
		}
		r.x.code(lang, joinText(trimBlank(body)), firstText(body), l.no, max(lastText(body), l.no))
	case skipDirs.Get()[name]:
	case admonDirs.Get()[name]:
		label := strings.ToUpper(name)
		var lines []rline
		if strings.TrimSpace(arg) != "" {
			if name == "admonition" {
				label = strings.TrimSpace(arg)
			} else {
				lines = append(lines, rline{strings.TrimSpace(arg), l.no})
			}
		}
		lines = append(lines, body...)
		before := len(r.x.out)
		r.blocks(lines, label, ctxLevel)
		for c := before; c < len(r.x.out); c++ {
			if r.x.out[c].Context == "" || r.x.out[c].Context == label {
				r.x.out[c].Context = label
			}
		}
	default:
		// Unknown directives may hold text (e.g. ".. only:: html"): read their body.
		r.blocks(body, ctx, ctxLevel)
	}
	return end
}

// gridTable reads a +---+ table: every body row is a constraint, the header row its
// context.
func (r *rstReader) gridTable(ls []rline, i int, ctx string) int {
	var header []string
	var cur [][]string
	curLine := 0
	flush := func(isHeader bool) {
		if cur == nil {
			return
		}
		cells := make([]string, len(cur))
		for k, c := range cur {
			cells[k] = normSpace(strings.Join(c, " "))
		}
		if isHeader {
			header = cells
		} else if strings.TrimSpace(strings.Join(cells, "")) != "" {
			var tb textBuf
			rstInline(&tb, strings.Join(cells, " | "), curLine)
			txt := normSpace(tb.b.String())
			lv := constraintLevel(txt, strings.Join(header, " | "), policy.Info)
			hctx := strings.Join(header, " | ")
			if ctx != "" {
				hctx = ctx + " — " + hctx
			}
			r.x.add(policy.Constraint{Text: txt, Line: curLine, EndLine: curLine, Context: hctx, Level: lv})
		}
		cur = nil
	}
	for ; i < len(ls); i++ {
		t := ls[i].text
		if ls[i].blank() || (t[0] != '+' && t[0] != '|') {
			break
		}
		if t[0] == '+' {
			flush(strings.Contains(t, "=") && header == nil)
			continue
		}
		parts := strings.Split(strings.Trim(t, "|"), "|")
		if cur == nil {
			cur = make([][]string, len(parts))
			curLine = ls[i].no
		}
		for k, p := range parts {
			if k < len(cur) {
				cur[k] = append(cur[k], strings.TrimSpace(p))
			}
		}
	}
	flush(false)
	return i
}

// blockEnd returns the end of the indented block starting at i: the first line
// indented less than minIndent that follows (blank lines inside are kept).
func blockEnd(ls []rline, i, minIndent int) int {
	last := i
	for j := i; j < len(ls); j++ {
		if ls[j].blank() {
			continue
		}
		if indentOf(ls[j].text) < minIndent {
			break
		}
		last = j + 1
	}
	if last < i {
		return i
	}
	return last
}

func dedent(ls []rline) []rline {
	m := -1
	for _, l := range ls {
		if l.blank() {
			continue
		}
		if n := indentOf(l.text); m < 0 || n < m {
			m = n
		}
	}
	out := make([]rline, len(ls))
	for k, l := range ls {
		t := l.text
		if !l.blank() && m > 0 {
			t = t[min(m, len(t)):]
		} else if l.blank() {
			t = ""
		}
		out[k] = rline{t, l.no}
	}
	return out
}

// firstText is the line number of the first non-blank line.
func firstText(ls []rline) int {
	for _, l := range ls {
		if !l.blank() {
			return l.no
		}
	}
	if len(ls) > 0 {
		return ls[0].no
	}
	return 0
}

// lastText is the line number of the last non-blank line.
func lastText(ls []rline) int {
	for i := len(ls) - 1; i >= 0; i-- {
		if !ls[i].blank() {
			return ls[i].no
		}
	}
	return firstText(ls)
}

func trimBlank(ls []rline) []rline {
	for len(ls) > 0 && ls[0].blank() {
		ls = ls[1:]
	}
	for len(ls) > 0 && ls[len(ls)-1].blank() {
		ls = ls[:len(ls)-1]
	}
	return ls
}

func joinText(ls []rline) string {
	ls = trimBlank(ls)
	var b strings.Builder
	for _, l := range ls {
		b.WriteString(l.text)
		b.WriteByte('\n')
	}
	return b.String()
}

var (
	rstLiteralRE = lazyre.New("``(.+?)``")
	rstRoleRE    = lazyre.New(":([A-Za-z0-9_:+.-]+):`([^`]+)`")
	rstLinkRE    = lazyre.New("`([^`<]*?)\\s*(?:<[^`>]*>)?`_{1,2}")
	rstInterpRE  = lazyre.New("`([^`]+)`")
	rstStrongRE  = lazyre.New(`\*\*([^*]+)\*\*`)
	rstEmphRE    = lazyre.New(`(^|[\s("'])\*([^*\s][^*]*)\*`)
	rstSubstRE   = lazyre.New(`\|([^|\s][^|]*)\|_{0,2}`)
	rstRefNameRE = lazyre.New(`\b([A-Za-z0-9][A-Za-z0-9-]*)__?([\s.,;:)]|$)`)
)

// codeRoles render as code; other roles render as their text.
var codeRoles = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return wordSet(`code literal file command samp program envvar option kbd meth func class attr mod exc data obj
const var member type macro setting ttag tfilter lookup fieldlookup djadmin djadminopt mimetype makevar regexp`)
}}

// rstInline converts one line of reST inline markup (see rstInlineLines).
func rstInline(tb *textBuf, s string, line int) {
	rstInlineLines(tb, []rline{{s, line}})
}

// rstInlineLines converts the inline markup of a paragraph's lines, joined by spaces
// (a role or link may wrap onto the next line), to the Markdown-like text heed keeps:
// “code“ and code roles as backticked spans, links and other roles as their text.
// Every piece keeps the line it came from.
func rstInlineLines(tb *textBuf, lines []rline) {
	var b strings.Builder
	starts := make([]int, 0, len(lines))
	for i, l := range lines {
		if i > 0 {
			b.WriteByte(' ')
		}
		starts = append(starts, b.Len())
		b.WriteString(l.text)
	}
	s := b.String()
	lineOf := func(off int) int {
		i := sort.Search(len(starts), func(i int) bool { return starts[i] > off }) - 1
		return lines[max(i, 0)].no
	}
	type seg struct {
		code     bool
		from, to int    // the source range (prose)
		text     string // the text (code, or a replacement)
	}
	var segs []seg
	prose := func(from, to int) {
		if to > from {
			segs = append(segs, seg{from: from, to: to})
		}
	}
	res := []*lazyre.RE{rstLiteralRE, rstRoleRE, rstLinkRE, rstInterpRE}
	// next[k] is regexp k's next match at or after pos (nil when there is none);
	// matches are found again only once pos passes them, so a paragraph is scanned
	// in linear time.
	next := make([][]int, len(res))
	searched := make([]bool, len(res))
	pos := 0
	for pos < len(s) {
		best := -1
		for k, re := range res {
			if !searched[k] || next[k] != nil && next[k][0] < pos {
				searched[k] = true
				next[k] = nil
				if m := re.FindStringSubmatchIndex(s[pos:]); m != nil {
					for i := range m {
						if m[i] >= 0 {
							m[i] += pos
						}
					}
					next[k] = m
				}
			}
			if next[k] != nil && (best < 0 || next[k][0] < next[best][0]) {
				best = k
			}
		}
		if best < 0 {
			break
		}
		m := next[best]
		prose(pos, m[0])
		switch res[best] {
		case rstLiteralRE, rstInterpRE:
			segs = append(segs, seg{code: true, from: m[2], text: s[m[2]:m[3]]})
		case rstLinkRE:
			prose(m[2], m[3])
		case rstRoleRE:
			name := strings.ToLower(s[m[2]:m[3]])
			if i := strings.LastIndex(name, ":"); i >= 0 {
				name = name[i+1:]
			}
			body := s[m[4]:m[5]]
			title := body
			if lt := strings.Index(body, "<"); lt > 0 && strings.HasSuffix(body, ">") {
				title = strings.TrimSpace(body[:lt])
			}
			switch {
			case codeRoles.Get()[name]:
				if strings.HasPrefix(title, "~") {
					title = title[strings.LastIndex(title, ".")+1:]
				}
				segs = append(segs, seg{code: true, from: m[4], text: strings.TrimPrefix(title, "!")})
			case name == "pep":
				segs = append(segs, seg{from: m[4], text: "PEP " + title})
			case name == "rfc":
				segs = append(segs, seg{from: m[4], text: "RFC " + title})
			case name == "ticket":
				segs = append(segs, seg{from: m[4], text: "ticket #" + title})
			default:
				segs = append(segs, seg{from: m[4], text: title})
			}
		}
		pos = m[1]
	}
	prose(pos, len(s))
	for _, sg := range segs {
		switch {
		case sg.code:
			tb.writeCode(sg.text, lineOf(sg.from))
		case sg.text != "":
			tb.write(sg.text, lineOf(sg.from))
		default:
			// Prose: write it line by line so every part keeps its line.
			for from := sg.from; from < sg.to; {
				to := sg.to
				if i := sort.Search(len(starts), func(i int) bool { return starts[i] > from }); i < len(starts) && starts[i] < to {
					to = starts[i]
				}
				tb.write(cleanProse(s[from:to]), lineOf(from))
				from = to
			}
		}
	}
}

// cleanProse drops reST emphasis, substitution and reference markup from prose.
func cleanProse(t string) string {
	if strings.ContainsAny(t, "*") {
		t = rstStrongRE.ReplaceAllString(t, "$1")
		t = rstEmphRE.ReplaceAllString(t, "$1$2")
	}
	if strings.Contains(t, "|") {
		t = rstSubstRE.ReplaceAllString(t, "$1")
	}
	if strings.Contains(t, "_") {
		t = rstRefNameRE.ReplaceAllString(t, "$1$2")
	}
	t = strings.ReplaceAll(t, `\ `, "")
	return strings.ReplaceAll(t, `\`, "")
}
