package check

import (
	"bytes"
	"strings"

	"github.com/heed-dev/heed/internal/lang"
)

// Suppression comments let legacy code live with a rule:
//
//	x = legacy()  # heed:ignore RULE-ID why this line may break the rule
//	// heed:ignore RULE-ID,OTHER-ID why        (covers the next code line)
//	<!-- heed:ignore-file RULE-ID why -->      (covers the whole file)
//
// A directive must stand in a comment (any syntax: the marker follows a comment
// opener), so prose or a string that mentions heed:ignore suppresses nothing. It must
// name the rules it suppresses: there is no bare "ignore everything".

const (
	markerLine = "heed:ignore"
	markerFile = "heed:ignore-file"
)

// directive is one suppression comment.
type directive struct {
	File string
	// Line is where the comment is; Covers the lines it suppresses (nil for a file
	// directive, which covers every line).
	Line, Col int
	// Offset is the marker's byte offset in the file.
	Offset int
	Covers []int
	Rules  []string
	Reason string
	// WholeFile is true for heed:ignore-file.
	WholeFile bool
	// Malformed says what is wrong with a directive heed cannot use.
	Malformed string
	used      int
}

func (d *directive) covers(line int) bool {
	if d.WholeFile {
		return true
	}
	for _, l := range d.Covers {
		if l == line {
			return true
		}
	}
	return false
}

func (d *directive) names(ids ...string) bool {
	for _, r := range d.Rules {
		for _, id := range ids {
			if id != "" && r == id {
				return true
			}
		}
	}
	return false
}

// commentOpeners start a comment in the languages heed reads (and most others).
var commentOpeners = []string{"//", "#", "/*", "<!--", "--", ";", "%", "*", "'", "{#", "{{/*", "rem ", "REM "}

var prose = map[string]bool{"md": true, "mdx": true, "markdown": true, "mdc": true, "rst": true, "txt": true}

// parseDirectives finds the suppression comments of a file. In a language heed has
// a grammar for, a directive must also start a comment node of the syntax tree
// (after the comment's opener), so one quoted in a string or in the middle of a
// comment's prose is not a directive.
func parseDirectives(path, language string, content []byte) []*directive {
	ds := scanDirectives(path, content)
	if len(ds) == 0 || !lang.Supported(language) {
		return ds
	}
	tree, err := lang.Parse(language, content)
	if err != nil {
		return ds // no tree: the line test alone decides
	}
	defer tree.Close()
	kept := ds[:0]
	for _, d := range ds {
		if startsComment(tree, content, d.Offset) {
			kept = append(kept, d)
		}
	}
	return kept
}

// startsComment reports whether the marker at byte off starts a comment node: only
// the comment's opener (on its first line) or a block comment's leading '*' (on a
// later line), and white space, precede it.
func startsComment(tree *lang.Tree, content []byte, off int) bool {
	n := tree.Root().DescendantForByteRange(uint(off), uint(off+len(markerLine)))
	for n != nil && !strings.Contains(n.Kind(), "comment") {
		n = n.Parent()
	}
	if n == nil {
		return false
	}
	start := int(n.StartByte())
	lineStart := bytes.LastIndexByte(content[:off], '\n') + 1
	if lineStart > start {
		rest := strings.TrimSpace(string(content[lineStart:off]))
		return strings.TrimSpace(strings.TrimPrefix(rest, "*")) == ""
	}
	prefix := string(content[start:off])
	for _, o := range []string{"///", "//!", "//", "/**", "/*!", "/*", "#", "--"} {
		if strings.HasPrefix(prefix, o) {
			// a line comment's opener, which can chain a second directive-led comment
			line := map[string]string{"///": "//", "//!": "//", "//": "//", "#": "#", "--": "--"}[o]
			return chained(strings.TrimSpace(prefix[len(o):]), line)
		}
	}
	return false
}

// chained reports whether the comment text before a marker lets it stand as a
// directive: none at all ("# heed:ignore R1"), or other comment text followed by
// the comment's own line opener, as "# noqa" may follow it
// ("# type: ignore # heed:ignore R1"). A quote in that text means the marker is
// quoted prose (a comment that reads: write "x # heed:ignore R1" to ...), not a
// directive.
func chained(text, opener string) bool {
	if text == "" {
		return true
	}
	if opener == "" {
		return false // a block comment: the marker must lead it
	}
	head, ok := strings.CutSuffix(text, opener)
	if !ok || strings.ContainsAny(head, "\"'`") {
		return false
	}
	// "//\t// heed:ignore" with nothing before the second opener is a doc comment
	// showing a directive, not one.
	return strings.TrimSpace(head) != "" && (strings.HasSuffix(head, " ") || strings.HasSuffix(head, "\t"))
}

func scanDirectives(path string, content []byte) []*directive {
	if !bytes.Contains(content, []byte(markerLine)) {
		return nil
	}
	lines := strings.Split(string(content), "\n")
	lineStart := 0
	openers := commentOpeners
	if prose[strings.ToLower(path[strings.LastIndex(path, ".")+1:])] {
		// Markdown shows code (and heed's own docs show directives): only an HTML
		// comment is a directive there.
		openers = []string{"<!--"}
	}
	var out []*directive
	for i, line := range lines {
		offset := lineStart
		lineStart += len(line) + 1
		at := strings.Index(line, markerLine)
		if at < 0 {
			continue
		}
		before := line[:at]
		codeBefore, ok := commentPrefix(before, openers)
		if !ok {
			continue
		}
		d := &directive{File: path, Line: i + 1, Col: len([]rune(before)) + 1, Offset: offset + at}
		rest := line[at+len(markerLine):]
		if strings.HasPrefix(rest, "-file") {
			d.WholeFile = true
			rest = rest[len("-file"):]
		}
		if rest != "" && rest[0] != ' ' && rest[0] != '\t' && rest[0] != ':' {
			continue // heed:ignored, heed:ignore_x: not a directive
		}
		rest = strings.TrimPrefix(rest, ":")
		rest = stripCommentClose(rest)
		fields := strings.Fields(rest)
		if len(fields) == 0 {
			d.Malformed = "names no rule: write heed:ignore RULE-ID and the reason"
			out = append(out, d)
			continue
		}
		for _, id := range strings.Split(fields[0], ",") {
			if id = strings.TrimSpace(id); id != "" {
				d.Rules = append(d.Rules, id)
			}
		}
		d.Reason = strings.Join(fields[1:], " ")
		if !d.WholeFile {
			d.Covers = []int{i + 1}
			if !codeBefore {
				// A comment on a line of its own covers the next line of code, past
				// any further comment lines and blank lines.
				for j := i + 1; j < len(lines); j++ {
					t := strings.TrimSpace(lines[j])
					if t == "" || startsWithComment(t) {
						continue
					}
					d.Covers = append(d.Covers, j+1)
					break
				}
			}
		}
		out = append(out, d)
	}
	return out
}

// commentPrefix reports whether the text before a marker ends in a comment opener
// (possibly followed by spaces or other comment text such as "TODO"), and whether
// code precedes the comment on the line.
func commentPrefix(before string, openers []string) (codeBefore, ok bool) {
	t := strings.TrimRight(before, " \t")
	for _, o := range openers {
		if !strings.HasSuffix(t, o) {
			continue
		}
		head := t[:len(t)-len(o)]
		// The opener must start the line or follow a space or the end of a
		// statement, so `"#heed:ignore"` inside a string is not a comment.
		if head != "" {
			last := head[len(head)-1]
			if !strings.ContainsRune(" \t;,)}]", rune(last)) {
				continue
			}
		}
		return strings.TrimSpace(head) != "", true
	}
	return false, false
}

func startsWithComment(t string) bool {
	for _, o := range commentOpeners {
		if strings.HasPrefix(t, o) {
			return true
		}
	}
	return false
}

// stripCommentClose cuts a block comment's closer and what follows it.
func stripCommentClose(s string) string {
	for _, c := range []string{"*/", "-->", "#}", "*}}"} {
		if i := strings.Index(s, c); i >= 0 {
			s = s[:i]
		}
	}
	return s
}
