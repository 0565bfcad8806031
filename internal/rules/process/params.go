package process

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/heed-dev/heed/internal/engine"
	"unicode/utf8"
)

// decodeParams decodes a rule's params into *CommandParams or *SequenceParams,
// rejecting unknown fields. PATH shims and hooks compile the rules about a command
// on every call, so params in the form heed writes them are read by hand (readParams)
// rather than by encoding/json's reflection; anything else (an escape, a null, a
// number, a key spelled in another case, a trailing value) goes to encoding/json,
// which gives the answer and the error it always gave.
func decodeParams(raw json.RawMessage, into any) error {
	if len(raw) == 0 {
		return fmt.Errorf("params: missing")
	}
	if readParams(raw, into) {
		return nil
	}
	return engine.DecodeParams(raw, into)
}

// readParams reads params the way encoding/json would with unknown fields
// disallowed, or reports false (into then holds anything: the caller decodes again).
func readParams(raw []byte, into any) bool {
	s := &scan{b: raw}
	ok := false
	switch p := into.(type) {
	case *CommandParams:
		*p = CommandParams{}
		ok = s.object(func(key string) bool {
			switch key {
			case "forbid":
				p.Forbid, ok = s.patterns()
			case "allow":
				p.Allow, ok = s.patterns()
			case "via":
				p.Via, ok = s.patterns()
			case "together":
				p.Together, ok = s.patterns()
			case "at":
				p.At, ok = s.strings()
			case "only_at":
				p.OnlyAt, ok = s.strings()
			case "indirect":
				p.Indirect, ok = s.bool()
			default:
				return false
			}
			return ok
		})
	case *SequenceParams:
		*p = SequenceParams{}
		ok = s.object(func(key string) bool {
			switch key {
			case "then":
				p.Then, ok = s.patterns()
			case "first":
				p.First, ok = s.patterns()
			case "anytime":
				p.Anytime, ok = s.bool()
			case "label":
				p.Label, ok = s.string()
			case "changed":
				p.Changed, ok = s.strings()
			case "changed_inferred":
				p.ChangedInferred, ok = s.bool()
			default:
				return false
			}
			return ok
		})
	}
	s.space()
	return ok && s.i == len(s.b)
}

// scan reads the JSON subset readParams accepts.
type scan struct {
	b []byte
	i int
}

func (s *scan) space() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// next skips blanks and consumes c when it comes next.
func (s *scan) next(c byte) bool {
	s.space()
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

// object reads an object, field by field: field reads the value of key or reports
// false. A key seen twice is left to encoding/json.
func (s *scan) object(field func(key string) bool) bool {
	if !s.next('{') {
		return false
	}
	if s.next('}') {
		return true
	}
	var seen [8]string
	n := 0
	for {
		key, ok := s.string()
		if !ok || !s.next(':') {
			return false
		}
		for _, k := range seen[:n] {
			if k == key {
				return false
			}
		}
		if n == len(seen) {
			return false
		}
		seen[n] = key
		n++
		if !field(key) {
			return false
		}
		if s.next('}') {
			return true
		}
		if !s.next(',') {
			return false
		}
	}
}

// array reads an array, item by item; empty, it is an empty slice, as encoding/json
// makes it.
func (s *scan) array(item func() bool) bool {
	if !s.next('[') {
		return false
	}
	if s.next(']') {
		return true
	}
	for {
		if !item() {
			return false
		}
		if s.next(']') {
			return true
		}
		if !s.next(',') {
			return false
		}
	}
}

func (s *scan) string() (string, bool) {
	if !s.next('"') {
		return "", false
	}
	start, ascii := s.i, true
	for s.i < len(s.b) {
		c := s.b[s.i]
		switch {
		case c == '"':
			str := s.b[start:s.i]
			s.i++
			if !ascii && !utf8.Valid(str) {
				return "", false // encoding/json replaces bad bytes
			}
			return string(str), true
		case c >= utf8.RuneSelf:
			ascii = false
		case c == '\\' || c < 0x20:
			return "", false // escapes and control characters: encoding/json's
		}
		s.i++
	}
	return "", false
}

func (s *scan) bool() (bool, bool) {
	s.space()
	switch {
	case bytes.HasPrefix(s.b[s.i:], []byte("true")):
		s.i += 4
		return true, true
	case bytes.HasPrefix(s.b[s.i:], []byte("false")):
		s.i += 5
		return false, true
	}
	return false, false
}

func (s *scan) strings() ([]string, bool) {
	out := []string{}
	ok := s.array(func() bool {
		str, ok := s.string()
		out = append(out, str)
		return ok
	})
	return out, ok
}

func (s *scan) groups() ([][]string, bool) {
	out := [][]string{}
	ok := s.array(func() bool {
		g, ok := s.strings()
		out = append(out, g)
		return ok
	})
	return out, ok
}

func (s *scan) patterns() ([]Pattern, bool) {
	out := []Pattern{}
	ok := s.array(func() bool {
		var p Pattern
		ok := false
		if !s.object(func(key string) bool {
			switch key {
			case "program":
				p.Program, ok = s.strings()
			case "args":
				p.Args, ok = s.strings()
			case "flags":
				p.Flags, ok = s.groups()
			case "lacking":
				p.Lacking, ok = s.groups()
			case "bare":
				p.Bare, ok = s.bool()
			case "alone":
				p.Alone, ok = s.bool()
			case "paths":
				p.Paths, ok = s.strings()
			default:
				return false
			}
			return ok
		}) {
			return false
		}
		out = append(out, p)
		return true
	})
	return out, ok
}
