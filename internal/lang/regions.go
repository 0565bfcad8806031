package lang

import (
	"sort"
	"sync"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazy"
)

// Region kinds.
const (
	Comment = 1
	String  = 2
)

// Span is a half-open byte range of a file.
type Span struct {
	Start, End int
	Kind       int
}

// Regions are the comment and string literal spans of a file, sorted by start and not
// overlapping. Code inside a string (an f-string or template interpolation) is not part
// of the string's span.
type Regions struct {
	Spans []Span
}

// At returns the kind of region that holds byte offset off, or 0 for code.
func (r *Regions) At(off int) int {
	if r == nil {
		return 0
	}
	i := sort.Search(len(r.Spans), func(i int) bool { return r.Spans[i].End > off })
	if i < len(r.Spans) && r.Spans[i].Start <= off {
		return r.Spans[i].Kind
	}
	return 0
}

// Covers reports whether every byte of [start, end) lies in regions of the given kinds
// (a bit set of Comment and String).
func (r *Regions) Covers(start, end, kinds int) bool {
	if r == nil {
		return false
	}
	for off := start; off < end; {
		i := sort.Search(len(r.Spans), func(i int) bool { return r.Spans[i].End > off })
		if i == len(r.Spans) || r.Spans[i].Start > off || r.Spans[i].Kind&kinds == 0 {
			return false
		}
		off = r.Spans[i].End
	}
	return true
}

// regionQueries lists, per language, the node types that are comments and strings, and
// the nodes inside strings that are code again.
var regionQueries = lazy.Value[map[string]string]{F: func() map[string]string {
	return map[string]string{
		engine.LangPython:     `(comment) @comment (string) @string (interpolation) @code`,
		engine.LangJavaScript: `(comment) @comment [(string) (template_string) (regex)] @string (template_substitution) @code`,
		engine.LangTypeScript: `(comment) @comment [(string) (template_string) (regex)] @string (template_substitution) @code`,
		engine.LangTSX:        `(comment) @comment [(string) (template_string) (regex)] @string (template_substitution) @code`,
		engine.LangGo:         `(comment) @comment [(interpreted_string_literal) (raw_string_literal) (rune_literal)] @string`,
		engine.LangRust:       `[(line_comment) (block_comment)] @comment [(string_literal) (raw_string_literal) (char_literal)] @string`,
		engine.LangJava:       `[(line_comment) (block_comment)] @comment [(string_literal) (character_literal)] @string`,
		engine.LangCSharp:     `(comment) @comment [(string_literal) (verbatim_string_literal) (raw_string_literal) (interpolated_string_expression) (character_literal)] @string (interpolation) @code`,
		engine.LangKotlin:     `[(line_comment) (block_comment)] @comment [(string_literal) (multiline_string_literal) (character_literal)] @string (interpolation) @code`,
		engine.LangRuby:       `[(comment) (uninterpreted)] @comment [(string) (bare_string) (heredoc_body) (regex) (character) (subshell) (delimited_symbol)] @string (interpolation) @code`,
		engine.LangC:          `(comment) @comment [(string_literal) (char_literal) (system_lib_string)] @string`,
		engine.LangCPP:        `(comment) @comment [(string_literal) (raw_string_literal) (char_literal) (system_lib_string)] @string`,
		engine.LangPHP:        `(comment) @comment [(string) (encapsed_string) (heredoc) (nowdoc)] @string`,
	}
}}

var (
	regionMu  sync.Mutex
	regionQry = map[string]*Query{}
)

func regionQuery(lang string) (*Query, error) {
	regionMu.Lock()
	defer regionMu.Unlock()
	if q, ok := regionQry[lang]; ok {
		return q, nil
	}
	q, err := CompileQuery(lang, regionQueries.Get()[lang])
	if err != nil {
		return nil, err
	}
	regionQry[lang] = q
	return q, nil
}

// TreeRegions computes the comment and string spans of a parsed file.
func TreeRegions(t *Tree) (*Regions, error) {
	q, err := regionQuery(t.Lang)
	if err != nil {
		return nil, err
	}
	names := q.CaptureNames()
	var outer, holes []Span
	q.Matches(t, func(m Match) bool {
		for _, c := range m.Captures {
			s := Span{Start: int(c.Node.StartByte()), End: int(c.Node.EndByte())}
			switch names[c.Index] {
			case "comment":
				s.Kind = Comment
				outer = append(outer, s)
			case "string":
				s.Kind = String
				outer = append(outer, s)
			case "code":
				holes = append(holes, s)
			}
		}
		return true
	})
	return &Regions{Spans: normalise(outer, holes)}, nil
}

// normalise sorts the spans, drops spans nested in others (a string in a comment is
// comment) and cuts the holes (interpolations) out of them.
func normalise(spans, holes []Span) []Span {
	sort.Slice(spans, func(i, j int) bool {
		if spans[i].Start != spans[j].Start {
			return spans[i].Start < spans[j].Start
		}
		return spans[i].End > spans[j].End
	})
	var flat []Span
	for _, s := range spans {
		if n := len(flat); n > 0 && s.Start < flat[n-1].End {
			continue // nested in the previous span
		}
		flat = append(flat, s)
	}
	if len(holes) == 0 {
		return flat
	}
	sort.Slice(holes, func(i, j int) bool { return holes[i].Start < holes[j].Start })
	var out []Span
	for _, s := range flat {
		cur := s.Start
		for _, h := range holes {
			if h.End <= cur || h.Start >= s.End {
				continue
			}
			if h.Start > cur {
				out = append(out, Span{Start: cur, End: h.Start, Kind: s.Kind})
			}
			if h.End > cur {
				cur = h.End
			}
		}
		if cur < s.End {
			out = append(out, Span{Start: cur, End: s.End, Kind: s.Kind})
		}
	}
	// A hole may hold strings of its own (f"{'a'}"): those nested spans were dropped
	// above; they are code's strings and rarely matter for line rules.
	return out
}

// FileRegions returns the comment and string spans of an evidence file, computed once
// per file and shared by every rule: from the syntax tree for languages heed parses, by
// a lexical scan for shell, which it has no grammar for. ok is
// false when heed cannot tell comments from code in the file's language.
func FileRegions(ev *engine.Evidence, f *engine.File) (r *Regions, ok bool, err error) {
	if !Supported(f.Lang) && !Lexable(f.Lang) {
		return nil, false, nil
	}
	v, err := ev.Memo("file:"+f.Path+"\x00regions", func() (any, error) {
		if Supported(f.Lang) {
			t, err := FileTree(ev, f)
			if err != nil {
				return nil, err
			}
			return TreeRegions(t)
		}
		return LexRegions(f.Lang, f.Content), nil
	})
	if err != nil {
		return nil, true, err
	}
	return v.(*Regions), true, nil
}
