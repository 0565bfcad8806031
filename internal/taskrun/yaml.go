package taskrun

import (
	"fmt"
	"strings"
)

// A small reader of the YAML a Taskfile is written in: block mappings and sequences,
// flow sequences and mappings of scalars, quoted and plain scalars, literal and
// folded block scalars, comments. Anchors, aliases, tags and documents beyond the
// first are refused with an error: the Taskfile is then not read, never misread.

// maxIndent bounds indentation, and so how deep blocks nest.
const maxIndent = 256

// ynode is a YAML value: a scalar (str), a mapping (keys in order) or a sequence.
type ynode struct {
	kind byte // 's' scalar, 'm' mapping, 'q' sequence
	str  string
	keys []string
	m    map[string]*ynode
	seq  []*ynode
	line int
}

func (n *ynode) get(k string) *ynode {
	if n == nil || n.kind != 'm' {
		return nil
	}
	return n.m[k]
}

type yline struct {
	indent int
	text   string // without indentation and comment
	raw    string // the line as written, for block scalars
	n      int
}

type yparser struct {
	lines []yline
	i     int
	file  string
}

func parseYAML(text, file string) (*ynode, error) {
	var ls []yline
	for i, raw := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		t := strings.TrimRight(stripYAMLComment(raw), " \t")
		trimmed := strings.TrimLeft(t, " ")
		if trimmed == "" {
			ls = append(ls, yline{indent: -1, raw: raw, n: i + 1})
			continue
		}
		if strings.HasPrefix(trimmed, "\t") {
			return nil, fmt.Errorf("%s:%d: a tab indents this line", file, i+1)
		}
		if trimmed == "---" && len(ls) == 0 {
			continue
		}
		if trimmed == "---" || trimmed == "..." {
			break
		}
		if len(t)-len(trimmed) > maxIndent {
			return nil, fmt.Errorf("%s:%d: indented more than %d columns", file, i+1, maxIndent)
		}
		ls = append(ls, yline{indent: len(t) - len(trimmed), text: trimmed, raw: raw, n: i + 1})
	}
	p := &yparser{lines: ls, file: file}
	p.skipBlank()
	if p.i >= len(p.lines) {
		return &ynode{kind: 'm', m: map[string]*ynode{}}, nil
	}
	n, err := p.block(p.lines[p.i].indent)
	if err != nil {
		return nil, err
	}
	p.skipBlank()
	if p.i < len(p.lines) {
		return nil, p.errf("heed cannot read this line")
	}
	return n, nil
}

func (p *yparser) errf(format string, a ...any) error {
	n := 0
	if p.i < len(p.lines) {
		n = p.lines[p.i].n
	} else if len(p.lines) > 0 {
		n = p.lines[len(p.lines)-1].n
	}
	return fmt.Errorf("%s:%d: %s", p.file, n, fmt.Sprintf(format, a...))
}

func (p *yparser) skipBlank() {
	for p.i < len(p.lines) && p.lines[p.i].indent < 0 {
		p.i++
	}
}

// block reads the mapping or sequence whose lines are indented by indent.
func (p *yparser) block(indent int) (*ynode, error) {
	p.skipBlank()
	l := p.lines[p.i]
	if l.text == "-" || strings.HasPrefix(l.text, "- ") {
		return p.sequence(indent)
	}
	return p.mapping(indent)
}

func (p *yparser) sequence(indent int) (*ynode, error) {
	n := &ynode{kind: 'q', line: p.lines[p.i].n}
	for {
		p.skipBlank()
		if p.i >= len(p.lines) || p.lines[p.i].indent != indent {
			break
		}
		l := p.lines[p.i]
		if !(l.text == "-" || strings.HasPrefix(l.text, "- ")) {
			break
		}
		rest := strings.TrimLeft(strings.TrimPrefix(l.text, "-"), " ")
		if rest == "" {
			p.i++
			p.skipBlank()
			if p.i >= len(p.lines) || p.lines[p.i].indent <= indent {
				n.seq = append(n.seq, &ynode{kind: 's', line: l.n})
				continue
			}
			v, err := p.block(p.lines[p.i].indent)
			if err != nil {
				return nil, err
			}
			n.seq = append(n.seq, v)
			continue
		}
		// "- key: value" opens a mapping indented past the dash
		inner := indent + (len(l.text) - len(rest))
		if isMapEntry(rest) {
			p.lines[p.i] = yline{indent: inner, text: rest, raw: l.raw, n: l.n}
			v, err := p.mapping(inner)
			if err != nil {
				return nil, err
			}
			n.seq = append(n.seq, v)
			continue
		}
		v, err := p.inlineValue(rest, indent, l.n)
		if err != nil {
			return nil, err
		}
		n.seq = append(n.seq, v)
	}
	return n, nil
}

func (p *yparser) mapping(indent int) (*ynode, error) {
	n := &ynode{kind: 'm', m: map[string]*ynode{}, line: p.lines[p.i].n}
	for {
		p.skipBlank()
		if p.i >= len(p.lines) || p.lines[p.i].indent != indent {
			if p.i < len(p.lines) && p.lines[p.i].indent > indent {
				return nil, p.errf("heed cannot read this line (unexpected indentation)")
			}
			break
		}
		l := p.lines[p.i]
		if !isMapEntry(l.text) {
			if l.text == "-" || strings.HasPrefix(l.text, "- ") {
				break
			}
			return nil, p.errf("heed cannot read this line")
		}
		key, rest := splitMapEntry(l.text)
		key = unquote(key)
		if strings.HasPrefix(key, "<<") || strings.HasPrefix(key, "&") || strings.HasPrefix(key, "*") {
			return nil, p.errf("heed does not read YAML anchors, aliases or merge keys")
		}
		var v *ynode
		if rest == "" {
			p.i++
			p.skipBlank()
			switch {
			case p.i < len(p.lines) && p.lines[p.i].indent > indent:
				var err error
				if v, err = p.block(p.lines[p.i].indent); err != nil {
					return nil, err
				}
				v.line = l.n // a collection is where its key is
			case p.i < len(p.lines) && p.lines[p.i].indent == indent && (p.lines[p.i].text == "-" || strings.HasPrefix(p.lines[p.i].text, "- ")):
				// a sequence may sit at its key's indentation
				var err error
				if v, err = p.sequence(indent); err != nil {
					return nil, err
				}
			default:
				v = &ynode{kind: 's', line: l.n}
			}
		} else {
			var err error
			if v, err = p.inlineValue(rest, indent, l.n); err != nil {
				return nil, err
			}
		}
		if _, dup := n.m[key]; !dup {
			n.keys = append(n.keys, key)
		}
		n.m[key] = v
	}
	return n, nil
}

// inlineValue reads the value after "key:" or "- " on line n: a scalar, a flow
// collection or a block scalar (whose lines follow); it consumes its lines.
func (p *yparser) inlineValue(s string, indent, n int) (*ynode, error) {
	if strings.HasPrefix(s, "&") || strings.HasPrefix(s, "*") || strings.HasPrefix(s, "!") {
		return nil, p.errf("heed does not read YAML anchors, aliases or tags")
	}
	if s[0] == '|' || s[0] == '>' {
		p.i++
		var body []string
		blockIndent := -1
		for p.i < len(p.lines) {
			l := p.lines[p.i]
			if l.indent >= 0 && l.indent <= indent {
				break
			}
			raw := strings.TrimRight(l.raw, " \t")
			if l.indent < 0 {
				body = append(body, "")
				p.i++
				continue
			}
			if blockIndent < 0 {
				blockIndent = len(raw) - len(strings.TrimLeft(raw, " "))
			}
			if len(raw) >= blockIndent {
				raw = raw[blockIndent:]
			}
			body = append(body, raw)
			p.i++
		}
		for len(body) > 0 && body[len(body)-1] == "" {
			body = body[:len(body)-1]
		}
		sep := "\n"
		if s[0] == '>' {
			sep = " "
		}
		return &ynode{kind: 's', str: strings.Join(body, sep), line: n + 1}, nil
	}
	p.i++
	if s[0] == '[' || s[0] == '{' {
		// a flow collection may span lines
		for !balanced(s) && p.i < len(p.lines) {
			if p.lines[p.i].indent >= 0 {
				s += " " + p.lines[p.i].text
			}
			p.i++
		}
		return flow(s, n, p, 0)
	}
	if (s[0] == '"' || s[0] == '\'') && !closedQuote(s) {
		return nil, p.errf("heed does not read quoted strings over several lines")
	}
	// a plain scalar may continue on more indented lines
	for p.i < len(p.lines) && p.lines[p.i].indent > indent && s[0] != '"' && s[0] != '\'' {
		s += " " + p.lines[p.i].text
		p.i++
	}
	return &ynode{kind: 's', str: unquote(s), line: n}, nil
}

func closedQuote(s string) bool {
	q := s[0]
	for i := 1; i < len(s); i++ {
		if q == '"' && s[i] == '\\' {
			i++
			continue
		}
		if s[i] == q {
			if q == '\'' && i+1 < len(s) && s[i+1] == '\'' {
				i++
				continue
			}
			return strings.TrimSpace(s[i+1:]) == ""
		}
	}
	return false
}

func balanced(s string) bool {
	_, depth := splitFlow(s)
	return depth == 0
}

// splitFlow splits s at the commas outside quotes and brackets, and says how deep in
// brackets its end is (0: balanced).
func splitFlow(s string) (items []string, depth int) {
	start := 0
	var q byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case q != 0:
			if c == q {
				q = 0
			}
		case c == '"' || c == '\'':
			q = c
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			depth--
		case c == ',' && depth == 0:
			items = append(items, s[start:i])
			start = i + 1
		}
	}
	return append(items, s[start:]), depth
}

// flow reads a flow sequence or mapping of scalars (one level of nesting).
func flow(s string, n int, p *yparser, depth int) (*ynode, error) {
	s = strings.TrimSpace(s)
	if depth > 16 {
		return nil, p.errf("heed does not read flow collections nested this deep")
	}
	open, closeCh := s[0], byte(']')
	if open == '{' {
		closeCh = '}'
	}
	if s[len(s)-1] != closeCh {
		return nil, p.errf("heed cannot read this flow collection")
	}
	// (the nesting of the items is the recursion's depth, bounded above, not
	// the brackets' depth within them)
	items, _ := splitFlow(s[1 : len(s)-1])
	if open == '[' {
		out := &ynode{kind: 'q', line: n}
		for _, it := range items {
			it = strings.TrimSpace(it)
			if it == "" {
				continue
			}
			if it[0] == '[' || it[0] == '{' {
				v, err := flow(it, n, p, depth+1)
				if err != nil {
					return nil, err
				}
				out.seq = append(out.seq, v)
				continue
			}
			out.seq = append(out.seq, &ynode{kind: 's', str: unquote(it), line: n})
		}
		return out, nil
	}
	out := &ynode{kind: 'm', m: map[string]*ynode{}, line: n}
	for _, it := range items {
		it = strings.TrimSpace(it)
		if it == "" {
			continue
		}
		k, v := splitMapEntry(it)
		k = unquote(k)
		var val *ynode
		if v != "" && (v[0] == '[' || v[0] == '{') {
			var err error
			if val, err = flow(v, n, p, depth+1); err != nil {
				return nil, err
			}
		} else {
			val = &ynode{kind: 's', str: unquote(v), line: n}
		}
		if _, dup := out.m[k]; !dup {
			out.keys = append(out.keys, k)
		}
		out.m[k] = val
	}
	return out, nil
}

// isMapEntry reports whether a line is "key: ..." (a colon followed by a space or
// the end, outside quotes).
func isMapEntry(s string) bool {
	k, _ := splitMapEntry(s)
	return k != ""
}

func splitMapEntry(s string) (string, string) {
	var q byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case q != 0:
			if c == q {
				q = 0
			}
		case (c == '"' || c == '\'') && i == 0:
			q = c
		case c == '[' || c == '{':
			if i == 0 {
				return "", ""
			}
		case c == ':' && (i+1 == len(s) || s[i+1] == ' '):
			return strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+1:])
		}
	}
	return "", ""
}

func unquote(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && s[0] == '\'' && s[len(s)-1] == '\'' {
		return strings.ReplaceAll(s[1:len(s)-1], "''", "'")
	}
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		r := strings.NewReplacer(`\"`, `"`, `\\`, `\`, `\n`, "\n", `\t`, "\t")
		return r.Replace(s[1 : len(s)-1])
	}
	return s
}

// stripYAMLComment removes a comment: # at the start or after a space, outside
// quotes.
func stripYAMLComment(l string) string {
	var q byte
	for i := 0; i < len(l); i++ {
		c := l[i]
		switch {
		case q != 0:
			if c == q {
				q = 0
			}
		case c == '"' || c == '\'':
			if i == 0 || l[i-1] == ' ' || l[i-1] == '[' || l[i-1] == '{' || l[i-1] == ',' || l[i-1] == ':' || l[i-1] == '-' {
				q = c
			}
		case c == '#' && (i == 0 || l[i-1] == ' ' || l[i-1] == '\t'):
			return l[:i]
		}
	}
	return l
}
