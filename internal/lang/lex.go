package lang

import (
	"bytes"

	"github.com/heed-dev/heed/internal/engine"
)

// Lexable reports whether LexRegions can find the comments and strings of a language
// heed has no grammar for.
func Lexable(lang string) bool {
	return lang == engine.LangShell || lang == engine.LangSwift
}

// LexRegions finds comments and string literals with a lexical scan: shell (# to the end
// of the line at a word start, '...', "...") and Swift (as C#), which heed has no
// grammar for, and C#
// (//, /* */, "...", @"...", """raw""", 'c'), which it reads from the tree
// (FileRegions) but can still scan. It never fails: an unterminated literal runs to the
// end of the file, as a compiler would read it.
func LexRegions(lang string, src []byte) *Regions {
	switch lang {
	case engine.LangCSharp, engine.LangSwift:
		// Swift's comments and strings are C#'s, less verbatim and character literals
		return &Regions{Spans: lexCLike(src)}
	case engine.LangShell:
		return &Regions{Spans: lexShell(src)}
	}
	return &Regions{}
}

func lexCLike(src []byte) []Span {
	var out []Span
	n := len(src)
	for i := 0; i < n; {
		c := src[i]
		switch {
		case c == '/' && i+1 < n && src[i+1] == '/':
			end := bytes.IndexByte(src[i:], '\n')
			if end < 0 {
				end = n - i
			}
			out = append(out, Span{Start: i, End: i + end, Kind: Comment})
			i += end
		case c == '/' && i+1 < n && src[i+1] == '*':
			end := bytes.Index(src[i+2:], []byte("*/"))
			stop := n
			if end >= 0 {
				stop = i + 2 + end + 2
			}
			out = append(out, Span{Start: i, End: stop, Kind: Comment})
			i = stop
		case c == '"' && bytes.HasPrefix(src[i:], []byte(`"""`)):
			// C# 11 raw string: as many quotes close it as opened it.
			q := 0
			for i+q < n && src[i+q] == '"' {
				q++
			}
			closer := bytes.Repeat([]byte{'"'}, q)
			end := bytes.Index(src[i+q:], closer)
			stop := n
			if end >= 0 {
				stop = i + q + end + q
			}
			out = append(out, Span{Start: i, End: stop, Kind: String})
			i = stop
		case c == '"' || c == '\'':
			verbatim := i > 0 && (src[i-1] == '@' || (src[i-1] == '$' && i > 1 && src[i-2] == '@'))
			start := i
			if i > 0 && (src[i-1] == '@' || src[i-1] == '$') {
				start = i - 1
				if i > 1 && (src[i-2] == '@' || src[i-2] == '$') {
					start = i - 2
				}
			}
			j := i + 1
			for j < n {
				if src[j] == '\\' && !verbatim {
					j += 2
					continue
				}
				if src[j] == c {
					if verbatim && j+1 < n && src[j+1] == c {
						j += 2
						continue
					}
					j++
					break
				}
				if src[j] == '\n' && !verbatim {
					break // unterminated on its line: stop at the line end
				}
				j++
			}
			if j > n {
				j = n
			}
			out = append(out, Span{Start: start, End: j, Kind: String})
			i = j
		default:
			i++
		}
	}
	return out
}

func lexShell(src []byte) []Span {
	var out []Span
	n := len(src)
	for i := 0; i < n; {
		c := src[i]
		switch {
		case c == '\\':
			i += 2
		case c == '#' && (i == 0 || src[i-1] == ' ' || src[i-1] == '\t' || src[i-1] == '\n' || src[i-1] == ';'):
			end := bytes.IndexByte(src[i:], '\n')
			if end < 0 {
				end = n - i
			}
			out = append(out, Span{Start: i, End: i + end, Kind: Comment})
			i += end
		case c == '\'':
			end := bytes.IndexByte(src[i+1:], '\'')
			stop := n
			if end >= 0 {
				stop = i + 1 + end + 1
			}
			out = append(out, Span{Start: i, End: stop, Kind: String})
			i = stop
		case c == '"':
			j := i + 1
			for j < n && src[j] != '"' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			if j < n {
				j++
			}
			if j > n {
				j = n
			}
			out = append(out, Span{Start: i, End: j, Kind: String})
			i = j
		default:
			i++
		}
	}
	return out
}
