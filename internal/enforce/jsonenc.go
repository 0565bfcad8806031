package enforce

import (
	"strconv"
	"unicode/utf8"
)

// Journal lines are written by hand: every shim and hook appends one, and
// encoding/json's reflection over JournalEntry cost more than the line. The bytes
// are json.Marshal's (a test compares them).

// appendJSON appends e as json.Marshal writes it.
func (e *JournalEntry) appendJSON(b []byte) []byte {
	b = append(b, `{"t":`...)
	b = appendJSONString(b, e.Time)
	b = append(b, `,"id":`...)
	b = appendJSONString(b, e.ID)
	str := func(key, v string) {
		if v != "" {
			b = append(b, ',', '"')
			b = append(b, key...)
			b = append(b, '"', ':')
			b = appendJSONString(b, v)
		}
	}
	list := func(key string, vs []string) {
		if len(vs) == 0 {
			return
		}
		b = append(b, ',', '"')
		b = append(b, key...)
		b = append(b, '"', ':', '[')
		for i, v := range vs {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, v)
		}
		b = append(b, ']')
	}
	str("src", e.Source)
	str("session", e.Session)
	list("argv", e.Argv)
	str("line", e.Line)
	str("cwd", e.Cwd)
	str("verdict", e.Verdict)
	list("rules", e.Rules)
	if e.Exit != nil {
		b = append(b, `,"exit":`...)
		b = strconv.AppendInt(b, int64(*e.Exit), 10)
	}
	str("state", e.State)
	list("edit", e.Edit)
	return append(b, '}')
}

// appendJSONString appends s quoted as encoding/json quotes a string (HTML
// characters escaped, invalid UTF-8 replaced, U+2028 and U+2029 escaped).
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
