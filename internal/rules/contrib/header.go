package contrib

import (
	"bytes"
	"fmt"
	"github.com/heed-dev/heed/internal/layout"
	"regexp"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/policy"
)

// KindNewFileHeader is the rule kind "every file the change creates starts with this
// header". It judges only files the change created: a contribution rule about what a
// change brings in, not a style rule over old files (which projects migrate separately).
const KindNewFileHeader = "newfile-header"

// HeaderParams are the parameters of a newfile-header rule.
type HeaderParams struct {
	// Header holds the required lines. Comment markers ("//", "#", "/*", " *", "--")
	// are optional on both sides: the text of each comment line is compared, so one
	// header serves every language. Placeholders such as YYYY, <year>, [yyyy] or
	// <name of copyright owner> match any text.
	Header []string `json:"header,omitempty"`
	// Contains, instead of Header, asks only that the leading comment block contain
	// this phrase ("Licensed to the Apache Software Foundation"): the reading of a
	// sentence that names a standard header without quoting it.
	Contains string `json:"contains,omitempty"`
	// Globs narrow the files (default: source files by extension).
	Globs []string `json:"globs,omitempty"`
	// IncludeGenerated also judges generated files ("// Code generated ... DO NOT
	// EDIT.", "@generated"), which are exempt by default.
	IncludeGenerated bool `json:"include_generated,omitempty"`
}

func headerKind() engine.Kind {
	return engine.Kind{Name: KindNewFileHeader, Doc: headerDoc, Domain: policy.DomainContribution, Compile: compileHeader, CaseEvidence: headerCaseEvidence, Needs: []engine.Part{engine.PartDiff}}
}

type headerCheck struct {
	p     HeaderParams
	scope policy.Scope
	lines []*regexp.Regexp
	globs []string
}

// placeholderRE finds the parts of a header that stand for text the author fills in.
var placeholderRE = lazyre.New(`(?i)\b(YYYY|YEAR)\b|<[^<>]+>|\[[^\[\]]+\]|\{[^{}]+\}|\$\{[^}]+\}`)

func headerLineRE(line string) (*regexp.Regexp, error) {
	text := commentText(line)
	var b strings.Builder
	b.WriteString(`^`)
	last := 0
	for _, loc := range placeholderRE.FindAllStringIndex(text, -1) {
		b.WriteString(regexp.QuoteMeta(text[last:loc[0]]))
		b.WriteString(`.+?`)
		last = loc[1]
	}
	b.WriteString(regexp.QuoteMeta(text[last:]))
	b.WriteString(`$`)
	return regexp.Compile(b.String())
}

func compileHeader(rule *policy.Rule) (engine.Check, error) {
	var p HeaderParams
	if err := decodeParams(rule, &p); err != nil {
		return nil, err
	}
	if len(p.Header) == 0 && strings.TrimSpace(p.Contains) == "" {
		return nil, fmt.Errorf("params.header: give the header lines, or params.contains")
	}
	if len(p.Header) > 0 && p.Contains != "" {
		return nil, fmt.Errorf("params.contains: give either header or contains, not both")
	}
	if err := validGlobs("globs", p.Globs); err != nil {
		return nil, err
	}
	c := &headerCheck{p: p, scope: rule.Scope, globs: p.Globs}
	if len(c.globs) == 0 {
		c.globs = layout.CodeGlobs()
	}
	for i, l := range p.Header {
		re, err := headerLineRE(l)
		if err != nil {
			return nil, fmt.Errorf("params.header[%d]: %v", i, err)
		}
		c.lines = append(c.lines, re)
	}
	return c, nil
}

// FileByFile implements engine.FileByFile: a file's targets and verdict are its own,
// unless the evidence lacks the diff (then the change as a whole is undetermined).
func (c *headerCheck) FileByFile(ev *engine.Evidence) bool {
	_, missing := missingPart(ev, "diff")
	return !missing
}

// WantsFile implements engine.FileSelector.
func (c *headerCheck) WantsFile(p, _ string) bool {
	return c.scope.Covers(p) && matchesAny(c.globs, p)
}

func (c *headerCheck) Targets(ev *engine.Evidence) []engine.Target {
	if _, ok := missingPart(ev, "diff"); ok && len(ev.Files) == 0 {
		return []engine.Target{{Kind: engine.TargetChange, Index: -1}}
	}
	var ts []engine.Target
	for i, f := range ev.Files {
		if !f.New || !c.scope.Covers(f.Path) || !matchesAny(c.globs, f.Path) {
			continue
		}
		if !c.p.IncludeGenerated && generated(f.Content) {
			continue
		}
		if bytes.IndexByte(f.Content, 0) >= 0 {
			continue // binary
		}
		ts = append(ts, engine.Target{Kind: engine.TargetFile, Index: i, Path: f.Path})
	}
	return ts
}

var generatedRE = lazyre.New(`(?m)^\s*(//|#|/\*|\*|--|<!--)?\s*(Code generated .* DO NOT EDIT\.?|.*@generated\b|.*DO NOT EDIT\b.*generated|.*[Aa]uto-?generated (file|code)|.*This file (was|is) (automatically )?generated)`)

// generated reports whether a file says it was written by a generator, in its first
// lines (Go's "// Code generated ... DO NOT EDIT." convention and its cousins).
func generated(content []byte) bool {
	head := content
	for i, n := 0, 0; i < len(content); i++ {
		if content[i] == '\n' {
			n++
			if n == 10 {
				head = content[:i]
				break
			}
		}
	}
	return generatedRE.Match(head)
}

// commentText strips a line's comment markers: what a header line says, whatever the
// language.
func commentText(line string) string {
	s := strings.TrimSpace(line)
	for _, p := range []string{"<!--", "/**", "/*", "//", "--", "#", ";;", ";", "*", "%", "'"} {
		if strings.HasPrefix(s, p) {
			s = strings.TrimPrefix(s, p)
			break
		}
	}
	s = strings.TrimSpace(s)
	for _, suf := range []string{"-->", "*/"} {
		s = strings.TrimSpace(strings.TrimSuffix(s, suf))
	}
	return s
}

func isComment(line string) bool {
	s := strings.TrimSpace(line)
	for _, p := range []string{"<!--", "/*", "//", "--", "#", ";", "*", "%", "'", "\"\"\""} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

func (c *headerCheck) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	if t.Index < 0 || t.Index >= len(ev.Files) {
		why, _ := missingPart(ev, "diff")
		return undetermined("the change could not be read (" + why + ")")
	}
	f := ev.Files[t.Index]
	lines := strings.Split(strings.ReplaceAll(string(f.Content), "\r\n", "\n"), "\n")
	// A shebang, an XML declaration or a Python encoding line may precede the header.
	start := 0
	for start < len(lines) && start < 2 {
		l := lines[start]
		if strings.HasPrefix(l, "#!") || strings.HasPrefix(l, "<?xml") || strings.HasPrefix(l, "<?php") ||
			lazyre.New(`^#.*coding[:=]`).MatchString(l) {
			start++
			continue
		}
		break
	}
	if c.p.Contains != "" {
		return c.judgeContains(f, lines, start)
	}
	for i, re := range c.lines {
		n := start + i
		got := ""
		if n < len(lines) {
			got = lines[n]
		}
		want := c.p.Header[i]
		var ok bool
		switch {
		case n >= len(lines):
			ok = false
		case strings.TrimSpace(commentText(want)) == "":
			// A blank line of the header matches a blank line or an empty comment.
			ok = strings.TrimSpace(commentText(got)) == ""
		case isComment(want):
			// A comment line of the header must be a comment line of the file, in the
			// file's own comment syntax, saying the same.
			ok = isComment(got) && re.MatchString(commentText(got))
		default:
			// The instruction gave the header's text without comment markers.
			ok = re.MatchString(commentText(got))
		}
		if !ok {
			what := "does not start with the required header"
			if i > 0 {
				what = fmt.Sprintf("has a header that differs from the required one at line %d", i+1)
			}
			return engine.Result{Verdict: engine.Violated, Reason: "new file " + what, Findings: []engine.Finding{{
				Path: f.Path, Line: n + 1, CommandIndex: -1,
				Message:    fmt.Sprintf("new file %s; expected %q", what, c.p.Header[i]),
				Snippet:    got,
				Suggestion: "start the file with:\n" + strings.Join(c.p.Header, "\n"),
			}}}
		}
	}
	return satisfied("the new file starts with the required header")
}

func (c *headerCheck) judgeContains(f *engine.File, lines []string, start int) engine.Result {
	var block []string
	i := start
	for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
		i++
	}
	open := false // inside a /* ... */ block, whose inner lines need no marker
	for ; i < len(lines); i++ {
		l := lines[i]
		if !open && !isComment(l) {
			break
		}
		if strings.Contains(l, "/*") {
			open = true
		}
		if strings.Contains(l, "*/") {
			open = false
		}
		block = append(block, commentText(l))
	}
	if strings.Contains(fold(strings.Join(block, " ")), fold(c.p.Contains)) {
		return satisfied("the leading comment contains the required license text")
	}
	line := start + 1
	got := ""
	if start < len(lines) {
		got = lines[start]
	}
	return engine.Result{Verdict: engine.Violated, Reason: "new file lacks the license header", Findings: []engine.Finding{{
		Path: f.Path, Line: line, CommandIndex: -1,
		Message:    fmt.Sprintf("new file does not start with the license header (its leading comment does not contain %q)", c.p.Contains),
		Snippet:    got,
		Suggestion: "copy the license header from an existing file of the same module to the top of this file",
	}}}
}

// headerCaseEvidence builds a case's evidence: the case file is one the change
// created, unless the case lists it among the files already present.
func headerCaseEvidence(c policy.Case) (*engine.Evidence, error) {
	ev, err := engine.DefaultCaseEvidence(c)
	if err != nil {
		return nil, err
	}
	ev.Mode = engine.ModeDiff
	for _, f := range ev.Files {
		if _, existed := c.Files[f.Path]; !existed {
			f.New = true
		}
	}
	if c.Path != "" && len(ev.Changed) == 0 {
		ev.Changed = []string{c.Path}
	}
	return ev, nil
}
