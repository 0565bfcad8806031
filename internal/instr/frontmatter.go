package instr

import (
	"bytes"
	"fmt"
	"strings"
)

// frontMatter is the YAML header of a rules file, read leniently: rules files are
// often not valid YAML (Cursor's `globs: *.ts,*.tsx` starts with an alias marker), and
// agents read them with forgiving parsers, so heed does too. Only flat keys with
// scalar, inline-list or block-list values are understood; anything else is a warning.
type frontMatter struct {
	// Fields maps each key to its values (a scalar is a one-element list).
	Fields map[string][]string
	// Quoted records keys whose scalar value was quoted ("true" is a string then).
	Quoted map[string]bool
	// Lines is how many lines the front matter takes, fences included.
	Lines int
	// KeyLine is the file line of each key.
	KeyLine map[string]int
}

func (fm *frontMatter) has(key string) bool {
	_, ok := fm.Fields[key]
	return ok
}

func (fm *frontMatter) first(key string) string {
	if v := fm.Fields[key]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// splitFrontMatter finds a front-matter block at the start of src ("---" on the first
// line, closed by "---" or "..."). It returns the parsed header (nil when there is
// none), the body with the header's lines blanked (so line numbers stay those of the
// file), and warnings.
func splitFrontMatter(file string, src []byte) (*frontMatter, []byte, []Warning) {
	rest := bytes.TrimPrefix(src, []byte("\ufeff"))
	first, _, _ := bytes.Cut(rest, []byte("\n"))
	if strings.TrimRight(string(first), " \t\r") != "---" {
		return nil, src, nil
	}
	lines := strings.Split(string(src), "\n")
	end := -1
	for i := 1; i < len(lines); i++ {
		l := strings.TrimRight(lines[i], " \t\r")
		if l == "---" || l == "..." {
			end = i
			break
		}
	}
	if end < 0 {
		return nil, src, []Warning{{File: file, Line: 1, Msg: "front matter opened by --- on line 1 is never closed; read the whole file as text"}}
	}
	fm, warns := parseFrontMatter(file, lines[1:end])
	fm.Lines = end + 1
	// Blank the header but keep its newlines, so goldmark's offsets give file lines.
	var body bytes.Buffer
	body.Grow(len(src))
	for i := 0; i <= end; i++ {
		body.WriteByte('\n')
	}
	if end+1 < len(lines) {
		body.WriteString(strings.Join(lines[end+1:], "\n"))
	}
	return fm, body.Bytes(), warns
}

func parseFrontMatter(file string, lines []string) (*frontMatter, []Warning) {
	fm := &frontMatter{Fields: map[string][]string{}, Quoted: map[string]bool{}, KeyLine: map[string]int{}}
	var warns []Warning
	key := ""
	for i, raw := range lines {
		lineNo := i + 2
		l := strings.TrimRight(raw, " \t\r")
		trimmed := strings.TrimSpace(l)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if strings.HasPrefix(trimmed, "- ") || trimmed == "-" {
			if key == "" {
				warns = append(warns, Warning{File: file, Line: lineNo, Msg: fmt.Sprintf("front matter: list item %q belongs to no key; ignored", trimmed)})
				continue
			}
			v, _ := unquote(strings.TrimSpace(strings.TrimPrefix(trimmed, "-")))
			if v != "" {
				fm.Fields[key] = append(fm.Fields[key], v)
			}
			continue
		}
		if raw != strings.TrimLeft(raw, " \t") && key != "" {
			// An indented continuation of a folded scalar (description: >- ...).
			vals := fm.Fields[key]
			if len(vals) == 1 {
				vals[0] = strings.TrimSpace(vals[0] + " " + trimmed)
			} else {
				fm.Fields[key] = append(vals, trimmed)
			}
			continue
		}
		k, v, ok := strings.Cut(trimmed, ":")
		k = strings.TrimSpace(k)
		if !ok || k == "" || strings.ContainsAny(k, " \t{}[]") {
			warns = append(warns, Warning{File: file, Line: lineNo, Msg: fmt.Sprintf("front matter: cannot read %q (want key: value); ignored", trimmed)})
			key = ""
			continue
		}
		key = k
		fm.KeyLine[k] = lineNo
		v = strings.TrimSpace(v)
		switch {
		case v == "" || v == "|" || v == ">" || v == "|-" || v == ">-":
			fm.Fields[key] = []string{}
		case strings.HasPrefix(v, "["):
			inner, closed := strings.CutSuffix(v, "]")
			if !closed {
				warns = append(warns, Warning{File: file, Line: lineNo, Msg: fmt.Sprintf("front matter: list for %q is not closed by ]", key)})
			}
			var vals []string
			for _, part := range splitTopLevel(strings.TrimPrefix(inner, "[")) {
				if p, _ := unquote(strings.TrimSpace(part)); p != "" {
					vals = append(vals, p)
				}
			}
			fm.Fields[key] = vals
		default:
			s, quoted := unquote(v)
			fm.Fields[key] = []string{s}
			fm.Quoted[key] = quoted
		}
	}
	return fm, warns
}

// unquote strips one level of YAML quotes and a trailing comment.
func unquote(s string) (string, bool) {
	if len(s) >= 2 && (s[0] == '"' && s[len(s)-1] == '"' || s[0] == '\'' && s[len(s)-1] == '\'') {
		return s[1 : len(s)-1], true
	}
	if i := strings.Index(s, " #"); i >= 0 {
		s = strings.TrimSpace(s[:i])
	}
	return s, false
}

// splitTopLevel splits on commas outside braces and brackets ("**/*.{ts,tsx}, docs/**").
func splitTopLevel(s string) []string {
	var out []string
	depth, start := 0, 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			if depth > 0 {
				depth--
			}
		case c == ',' && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// globList reads a glob field that may be a YAML list or a comma-separated string.
func globList(vals []string) []string {
	var out []string
	for _, v := range vals {
		for _, g := range splitTopLevel(v) {
			g, _ = unquote(strings.TrimSpace(g))
			if g = strings.TrimSpace(g); g != "" {
				out = append(out, g)
			}
		}
	}
	return out
}
