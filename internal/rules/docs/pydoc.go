package docs

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// docstring is one Python docstring: the string literal that is the first statement of
// a module, class or function.
type docstring struct {
	// Owner is "module", "class" or "def"; Name the class or function name.
	Owner, Name string
	// InClass: a def directly in a class body (a method).
	InClass bool
	// Public: the name and every enclosing class name do not start with "_", and the
	// owner is not nested in a function.
	Public bool
	// Params are the function's parameter names (self and cls, *args and **kwargs
	// markers dropped).
	Params []string
	// DefLine is the 1-based line of the def or class; Start and End the lines of the
	// opening and closing quotes.
	DefLine, Start, End int
	// Prefix is the string prefix as written (r, R, u, ...), Quote the quotes.
	Prefix, Quote string
	// Lines are the docstring's text lines between the quotes, as written: Lines[0] is
	// the rest of the opening line (maybe empty), the last the text before the
	// closing quotes on their line.
	Lines []string
}

var (
	defRE     = lazyre.New(`^([ \t]*)(?:async[ \t]+)?(def|class)[ \t]+([A-Za-z_]\w*)`)
	docOpenRE = lazyre.New(`^([ \t]*)([rRuUbBfF]{0,2})("""|'''|"|')`)
)

// docstrings reads the docstrings of a Python source. It is a line scanner, not a
// parser: a def or class line at any indentation opens a block, its signature ends at
// the first line ending in ":" outside brackets, and a string literal starting the next
// statement is the docstring. Strings it cannot close are left out.
func docstrings(src string) []docstring {
	lines := strings.Split(src, "\n")
	var out []docstring
	type block struct {
		indent int
		kind   string
		name   string
	}
	var stack []block
	// the module docstring: the first statement
	first := 0
	for first < len(lines) {
		t := strings.TrimSpace(lines[first])
		if t == "" || strings.HasPrefix(t, "#") {
			first++
			continue
		}
		break
	}
	if first < len(lines) {
		if d, ok := readDocstring(lines, first); ok {
			d.Owner, d.Public = "module", true
			out = append(out, d)
		}
	}
	inString := ""
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if inString != "" {
			if strings.Count(l, inString)%2 == 1 {
				inString = ""
			}
			continue
		}
		m := defRE.FindStringSubmatch(l)
		if m == nil {
			// a triple-quoted string left open on this line hides what follows
			for _, q := range []string{`"""`, `'''`} {
				if strings.Count(l, q)%2 == 1 {
					inString = q
					break
				}
			}
			continue
		}
		indent := len(strings.ReplaceAll(m[1], "\t", "        "))
		for len(stack) > 0 && stack[len(stack)-1].indent >= indent {
			stack = stack[:len(stack)-1]
		}
		public := !strings.HasPrefix(m[3], "_")
		inClass := len(stack) > 0 && stack[len(stack)-1].kind == "class"
		for _, b := range stack {
			if b.kind == "def" || strings.HasPrefix(b.name, "_") {
				public = false
			}
		}
		stack = append(stack, block{indent: indent, kind: m[2], name: m[3]})
		// the signature ends at a line ending in ":" outside brackets
		depth, end := 0, -1
		var sig strings.Builder
		for j := i; j < len(lines) && j < i+60; j++ {
			code := stripComment(lines[j])
			sig.WriteString(code + "\n")
			for _, r := range code {
				switch r {
				case '(', '[', '{':
					depth++
				case ')', ']', '}':
					depth--
				}
			}
			if depth <= 0 && strings.HasSuffix(strings.TrimSpace(code), ":") {
				end = j
				break
			}
			// a one-line body after the colon ("def f(): pass") has no docstring
			if depth <= 0 && strings.Contains(code, "):") && !strings.HasSuffix(strings.TrimSpace(code), ":") {
				break
			}
		}
		if end < 0 {
			continue
		}
		next := end + 1
		for next < len(lines) && (strings.TrimSpace(lines[next]) == "" || strings.HasPrefix(strings.TrimSpace(lines[next]), "#")) {
			next++
		}
		d, ok := readDocstring(lines, next)
		if !ok {
			d = docstring{Start: 0}
		}
		d.Owner, d.Name, d.Public, d.DefLine, d.InClass = m[2], m[3], public, i+1, inClass
		if m[2] == "def" {
			d.Params = paramNames(sig.String())
		}
		if !ok {
			d.Quote = "" // no docstring
		}
		out = append(out, d)
		if ok {
			i = d.End - 1
		} else {
			i = end
		}
	}
	return out
}

// readDocstring reads a string literal that starts line i, if one does.
func readDocstring(lines []string, i int) (docstring, bool) {
	if i >= len(lines) {
		return docstring{}, false
	}
	m := docOpenRE.FindStringSubmatch(lines[i])
	if m == nil {
		return docstring{}, false
	}
	if strings.ContainsAny(m[2], "bBfF") {
		return docstring{}, false // bytes and f-strings are not docstrings
	}
	q := m[3]
	rest := lines[i][len(m[0]):]
	d := docstring{Start: i + 1, Prefix: m[2], Quote: q}
	for j := i; j < len(lines); j++ {
		text := rest
		if j > i {
			text = lines[j]
		}
		if k := closeAt(text, q, m[2]); k >= 0 {
			d.Lines = append(d.Lines, text[:k])
			d.End = j + 1
			return d, true
		}
		if len(q) == 1 {
			return docstring{}, false // a one-quote string that does not close on its line
		}
		d.Lines = append(d.Lines, text)
	}
	return docstring{}, false
}

// closeAt is where the closing quotes are in text, -1 when not on it; a backslash
// escapes a quote unless the string is raw (where it still does not close it).
func closeAt(text, q, prefix string) int {
	for k := 0; k+len(q) <= len(text); k++ {
		if text[k] == '\\' {
			k++
			continue
		}
		if text[k:k+len(q)] == q {
			return k
		}
	}
	return -1
}

func stripComment(l string) string {
	inS := byte(0)
	for k := 0; k < len(l); k++ {
		c := l[k]
		switch {
		case inS != 0 && c == '\\':
			k++
		case inS != 0 && c == inS:
			inS = 0
		case inS == 0 && (c == '"' || c == '\''):
			inS = c
		case inS == 0 && c == '#':
			return l[:k]
		}
	}
	return l
}

var paramRE = lazyre.New(`^\s*\*{0,2}([A-Za-z_]\w*)`)

// paramNames are a signature's parameter names, without self, cls and the bare * and /.
func paramNames(sig string) []string {
	open := strings.IndexByte(sig, '(')
	if open < 0 {
		return nil
	}
	depth, start := 0, open+1
	var parts []string
	for k := open; k < len(sig); k++ {
		switch sig[k] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				parts = append(parts, sig[start:k])
				k = len(sig)
			}
		case ',':
			if depth == 1 {
				parts = append(parts, sig[start:k])
				start = k + 1
			}
		}
	}
	var out []string
	for _, p := range parts {
		m := paramRE.FindStringSubmatch(p)
		if m == nil || m[1] == "self" || m[1] == "cls" {
			continue
		}
		out = append(out, m[1])
	}
	return out
}

// text is the docstring's text, its lines joined.
func (d docstring) text() string { return strings.Join(d.Lines, "\n") }

// content is the docstring's non-blank lines with their line numbers.
func (d docstring) content() (lines []string, at []int) {
	for k, l := range d.Lines {
		if strings.TrimSpace(l) != "" {
			lines = append(lines, strings.TrimSpace(l))
			at = append(at, d.Start+k)
		}
	}
	return lines, at
}
