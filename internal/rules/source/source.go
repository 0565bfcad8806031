// Package source is heed's source domain: rules about the code an agent writes. It has
// three rule kinds (query: a Tree-sitter query; pattern: a regular expression over
// lines that skips comments and strings; text: indentation, line length, trailing
// whitespace, final newline, required header, file naming), a catalogue of hand-written
// and tested queries for the coding conventions instruction files name most often, and
// the recognisers that compile sentences into those rules.
package source

import (
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lang"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// Rule kinds of the source domain.
const (
	KindQuery   = "query"
	KindPattern = "pattern"
	KindText    = "text"
)

// The driver contracts the checks implement (engine/capabilities.go).
var (
	_ engine.FileSelector = (*queryCheck)(nil)
	_ engine.FileByFile   = (*queryCheck)(nil)
	_ engine.Batcher      = (*queryCheck)(nil)
	_ engine.FileSelector = (*patternCheck)(nil)
	_ engine.FileByFile   = (*patternCheck)(nil)
	_ engine.FileSelector = (*textCheck)(nil)
	_ engine.FileByFile   = (*textCheck)(nil)
)

// Kinds returns the source domain's rule kinds.
func Kinds() []engine.Kind {
	return []engine.Kind{
		{Name: KindQuery, Doc: queryDoc, Domain: policy.DomainSource, Compile: compileQuery, Needs: []engine.Part{engine.PartDiff}},
		{Name: KindPattern, Doc: patternDoc, Domain: policy.DomainSource, Compile: compilePattern, Needs: []engine.Part{engine.PartDiff}},
		{Name: KindText, Doc: textDoc, Domain: policy.DomainSource, Compile: compileText, CaseEvidence: textCaseEvidence, Needs: []engine.Part{engine.PartDiff}},
	}
}

// Recognizers returns the source domain's recognisers, most specific first: the
// catalogue of named conventions claims a sentence before the generic banned-API
// recogniser reads it, and the text recogniser reads formatting rules.
func Recognizers() []recognize.Recognizer {
	return []recognize.Recognizer{catalogueRecognizer{}, mockTargetRecognizer{}, bannedRecognizer{}, textRecognizer{}, namingRecognizer{}, textBanRecognizer{}, callFormRecognizer{}, templateTagRecognizer{}, cpmRecognizer{}, secretsRecognizer{}, styleRecognizer{}}
}

// decode unmarshals a rule's params strictly: an unknown field is an error that names
// it, so a typo in a hand-edited policy does not silently disable a check.
func decode(raw json.RawMessage, v any) error { return engine.DecodeParams(raw, v) }

// fileOf returns the target's file, checking the index so a stale target cannot panic.
func fileOf(ev *engine.Evidence, t engine.Target) *engine.File {
	if t.Index >= 0 && t.Index < len(ev.Files) && ev.Files[t.Index].Path == t.Path {
		return ev.Files[t.Index]
	}
	return ev.File(t.Path)
}

// lineIndex maps byte offsets to lines quickly for files with many findings.
type lineIndex []int // byte offset of each line start

func newLineIndex(src []byte) lineIndex {
	idx := lineIndex{0}
	for i, b := range src {
		if b == '\n' {
			idx = append(idx, i+1)
		}
	}
	return idx
}

func (li lineIndex) pos(src []byte, off int) (line, col int) {
	if off > len(src) {
		off = len(src)
	}
	lo, hi := 0, len(li)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if li[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo + 1, utf8.RuneCount(src[li[lo]:off]) + 1
}

// lineText returns the text of a 1-based line without its line break.
func lineText(src []byte, li lineIndex, line int) string {
	if line < 1 || line > len(li) {
		return ""
	}
	start := li[line-1]
	end := len(src)
	if line < len(li) {
		end = li[line] - 1
	}
	if end < start {
		end = start
	}
	return strings.TrimRight(string(src[start:end]), "\r")
}

// snippet condenses matched source text for a finding: one line, at most 80 characters.
func snippet(text string) string {
	text = strings.TrimSpace(text)
	if i := strings.IndexByte(text, '\n'); i >= 0 {
		first := strings.TrimSpace(text[:i])
		last := strings.TrimSpace(text[strings.LastIndexByte(text, '\n')+1:])
		if utf8.RuneCountInString(first)+utf8.RuneCountInString(last) < 70 && last != "" {
			text = first + " … " + last
		} else {
			text = first + " …"
		}
	}
	if utf8.RuneCountInString(text) > 80 {
		r := []rune(text)
		text = string(r[:79]) + "…"
	}
	return text
}

// skipped is the result for a file heed does not read as source.
func skipped(reason string) engine.Result {
	return engine.Result{Verdict: engine.Undetermined, Reason: reason}
}

// satisfied is the result for a file without violations.
func satisfied() engine.Result {
	return engine.Result{Verdict: engine.Satisfied}
}

// keptByTheChange leaves out, in a change, the findings on a line the change
// modified (engine.File.Was) when the line it replaced broke the rule already
// (brokeBefore, asked with the finding and the old line's text): the change kept a
// violation that was there, it did not bring it. A rule judges what a change brings:
// a ban the text it adds, a line rule the lines it makes break it.
func keptByTheChange(f *engine.File, r engine.Result, brokeBefore func(fd *engine.Finding, was string) bool) engine.Result {
	if r.Verdict != engine.Violated || len(f.Replaced) == 0 {
		return r
	}
	kept := r.Findings[:0:0]
	for i := range r.Findings {
		fd := &r.Findings[i]
		if fd.Path == f.Path && fd.Line > 0 && (fd.EndLine == fd.Line || fd.EndLine == 0) {
			if was, modified := f.Was(fd.Line); modified && brokeBefore(fd, was) {
				continue
			}
		}
		kept = append(kept, *fd)
	}
	if len(kept) == 0 {
		return engine.Result{Verdict: engine.Satisfied, Reason: engine.ReasonPreExisting, Partial: r.Partial}
	}
	r.Findings = kept
	return r
}

// matchWasThere is keptByTheChange's question for a ban: the old line held the
// matched text as often as the line does now (engine.File.NewText).
func matchWasThere(f *engine.File) func(fd *engine.Finding, was string) bool {
	return func(fd *engine.Finding, _ string) bool {
		if fd.Column <= 0 || fd.EndColumn <= fd.Column || fd.EndLine != fd.Line {
			return false
		}
		line := []rune(f.LineText(fd.Line))
		return fd.EndColumn-1 <= len(line) && !f.NewText(fd.Line, string(line[fd.Column-1:fd.EndColumn-1]))
	}
}

// violated wraps findings into a result.
func violated(fs []engine.Finding) engine.Result {
	if len(fs) == 0 {
		return satisfied()
	}
	return engine.Result{Verdict: engine.Violated, Findings: fs}
}

// knownLang reports whether a language name is one heed knows (with or without a
// grammar).
func knownLang(l string) bool {
	switch l {
	case engine.LangPython, engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX,
		engine.LangGo, engine.LangRust, engine.LangJava, engine.LangCSharp, engine.LangShell,
		engine.LangKotlin, engine.LangRuby, engine.LangC, engine.LangCPP, engine.LangPHP, engine.LangSwift:
		return true
	}
	return false
}

// ensure lang is linked (grammars) even when only text rules are compiled.
var _ = lang.Supported
