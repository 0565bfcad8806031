// Package contrib is heed's contribution domain: rules on what a change says about
// itself and what it carries along. Commit messages (length, format, mood, trailers,
// issue references, merges), pull-request text (title format, sections, disclosure),
// co-changes ("changes under src/ need tests", "add an entry to CHANGES.rst") and the
// license header every new file must start with. Each family has a rule kind and a
// recogniser that compiles the sentences contributor docs use for it.
package contrib

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// Message is a commit message split the way git and its tools read it.
type Message struct {
	Raw string
	// Subject is the first line (git's "summary").
	Subject string
	// Lines are all lines, the subject first, without line terminators.
	Lines []string
	// Body is every line after the subject, the separating blank line included.
	Body []string
	// Trailers are the "Key: value" lines of the final paragraph, in order.
	Trailers []Trailer
	// TrailerStart is the index in Lines of the first trailer line, -1 without trailers.
	TrailerStart int
}

// Trailer is one "Key: value" line of a message's trailer block.
type Trailer struct {
	Key   string
	Value string
	// Line is the index of the trailer in Message.Lines.
	Line int
}

var trailerRE = lazyre.New(`^([A-Za-z0-9][A-Za-z0-9-]*|BREAKING CHANGE)\s*:\s*(.*)$`)

// ParseMessage splits a commit message. Trailing white space is dropped and CRLF line
// ends are accepted.
func ParseMessage(raw string) Message {
	raw = strings.ReplaceAll(raw, "\r\n", "\n")
	trimmed := strings.TrimRight(raw, " \t\n")
	m := Message{Raw: raw, TrailerStart: -1}
	if trimmed == "" {
		return m
	}
	m.Lines = strings.Split(trimmed, "\n")
	for i := range m.Lines {
		m.Lines[i] = strings.TrimRight(m.Lines[i], " \t\r")
	}
	m.Subject = m.Lines[0]
	m.Body = m.Lines[1:]
	m.Trailers, m.TrailerStart = parseTrailers(m.Lines)
	return m
}

// parseTrailers reads git's trailer block: the last paragraph of the message, when it
// is not the subject paragraph and every line of it is a "Key: value" line or the
// continuation (indented) of one.
func parseTrailers(lines []string) ([]Trailer, int) {
	end := len(lines)
	start := end
	for start > 0 && strings.TrimSpace(lines[start-1]) != "" {
		start--
	}
	if start == 0 || start == end {
		// The last paragraph is the subject paragraph: git never reads it as trailers.
		return nil, -1
	}
	var out []Trailer
	for i := start; i < end; i++ {
		l := lines[i]
		if (strings.HasPrefix(l, " ") || strings.HasPrefix(l, "\t")) && len(out) > 0 {
			out[len(out)-1].Value += " " + strings.TrimSpace(l)
			continue
		}
		mm := trailerRE.FindStringSubmatch(l)
		if mm == nil || strings.HasPrefix(mm[2], "//") {
			// A line that is not "Key: value" (a bare URL "https://..." is not one either)
			// makes the paragraph body text.
			return nil, -1
		}
		out = append(out, Trailer{Key: mm[1], Value: strings.TrimSpace(mm[2]), Line: i})
	}
	return out, start
}

// HasTrailer reports whether the message has a trailer with the key (case-insensitive).
func (m Message) HasTrailer(key string) bool {
	for _, t := range m.Trailers {
		if strings.EqualFold(t.Key, key) {
			return true
		}
	}
	return false
}

// BodyText returns the body lines between the subject and the trailers, without the
// blank lines around them.
func (m Message) BodyText() []string {
	end := len(m.Lines)
	if m.TrailerStart >= 0 {
		end = m.TrailerStart
	}
	start := 1
	for start < end && strings.TrimSpace(m.Lines[start]) == "" {
		start++
	}
	for end > start && strings.TrimSpace(m.Lines[end-1]) == "" {
		end--
	}
	if start >= end {
		return nil
	}
	return m.Lines[start:end]
}

// CleanupHookMessage turns the file git hands a commit-msg hook into the message git
// will store. git runs the hook before its own clean-up, so the file may still hold the
// editor template: comment lines and, with `commit -v`, a scissors line followed by the
// diff. Comment lines are dropped only when the file carries git's template (so a
// message given with -m whose line starts with "#" survives, as git keeps it then).
func CleanupHookMessage(raw string, commentChar string) string {
	if commentChar == "" {
		commentChar = "#"
	}
	raw = strings.ReplaceAll(raw, "\r\n", "\n")
	lines := strings.Split(raw, "\n")
	scissors := commentChar + " ------------------------ >8 ------------------------"
	template := false
	for i, l := range lines {
		if l == scissors {
			lines = lines[:i]
			template = true
			break
		}
		if strings.HasPrefix(l, commentChar+" Please enter the commit message") {
			template = true
		}
	}
	var out []string
	for _, l := range lines {
		if template && strings.HasPrefix(l, commentChar) {
			continue
		}
		out = append(out, strings.TrimRight(l, " \t"))
	}
	// Collapse leading blank lines and runs of blank lines, as git's stripspace does.
	var clean []string
	blank := false
	for _, l := range out {
		if l == "" {
			blank = len(clean) > 0
			continue
		}
		if blank {
			clean = append(clean, "")
		}
		blank = false
		clean = append(clean, l)
	}
	if len(clean) == 0 {
		return ""
	}
	return strings.Join(clean, "\n") + "\n"
}
