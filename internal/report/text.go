package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"
)

const (
	ansiRed    = "\x1b[31m"
	ansiYellow = "\x1b[33m"
	ansiBold   = "\x1b[1m"
	ansiDim    = "\x1b[2m"
	ansiReset  = "\x1b[0m"
)

// maxQuote bounds how much of an instruction the text report quotes on one line; the
// JSON report carries it whole.
const maxQuote = 200

// WriteText renders findings the way DESIGN.md "Messages" shows them: the place, the
// severity and what was found, then the rule quoted with where it is written, then what
// was found and what to do. A summary line closes the report.
func WriteText(w io.Writer, r *Report, opt Options) error {
	bw := bufio.NewWriter(w)
	paint := func(code, s string) string {
		if !opt.Color {
			return s
		}
		return code + s + ansiReset
	}
	err := r.Each(func(f *Finding) error {
		sev := f.Severity
		switch sev {
		case "error":
			sev = paint(ansiRed+ansiBold, sev)
		default:
			sev = paint(ansiYellow, sev)
		}
		fmt.Fprintf(bw, "%s: %s: %s %s\n", paint(ansiBold, f.Location()), sev, oneLine(f.Message), paint(ansiDim, "["+f.Rule+"]"))
		if q := quoteInstruction(f.Instruction); q != "" {
			fmt.Fprintf(bw, "  Rule: %s\n", q)
		}
		if len(f.Restated) > 0 {
			where := make([]string, len(f.Restated))
			for i, in := range f.Restated {
				where[i] = fmt.Sprintf("%s:%d", in.File, in.Line)
			}
			fmt.Fprintf(bw, "  Also written in: %s\n", strings.Join(where, ", "))
		}
		if f.Snippet != "" {
			fmt.Fprintf(bw, "  Found: %s\n", clip(oneLine(f.Snippet), maxQuote))
		}
		if f.Suggestion != "" {
			fmt.Fprintf(bw, "  Instead: %s\n", oneLine(f.Suggestion))
		}
		for _, r := range f.Related {
			where := r.Path
			if r.Line > 0 {
				where += fmt.Sprintf(":%d", r.Line)
			}
			fmt.Fprintf(bw, "  At: %s: %s\n", where, oneLine(r.Message))
		}
		for _, fx := range f.Fixes {
			if fx.Exact {
				fmt.Fprintf(bw, "  Fix (heed check --fix): %s\n", oneLine(fx.Message))
			} else {
				fmt.Fprintf(bw, "  Fix to review (--fix leaves it): %s\n", oneLine(fx.Message))
			}
		}
		bw.WriteString("\n")
		return nil
	})
	if err != nil {
		return err
	}
	for _, u := range r.Summary.Undetermined {
		// "note: REASON: 2 rules undetermined (a, b) on 3 files (x, y, z)"
		line := fmt.Sprintf("%s: %s: %s undetermined (%s)", paint(ansiYellow, "note"), oneLine(u.Reason), plural(len(u.Rules), "rule"), strings.Join(clipList(u.Rules, 4), ", "))
		n := max(u.FileCount, len(u.Files))
		shown := append([]string(nil), u.Files[:min(len(u.Files), 3)]...)
		if n > len(shown) && len(shown) > 0 {
			shown = append(shown, fmt.Sprintf("and %d more", n-len(shown)))
		}
		switch {
		case n == 1 && len(u.Files) == 1:
			line += " on " + u.Files[0]
		case n > 0:
			line += fmt.Sprintf(" on %s (%s)", plural(n, "file"), strings.Join(shown, ", "))
		}
		bw.WriteString(line + "\n")
	}
	for i, p := range r.Summary.Partial {
		if i == maxPartialNotes {
			fmt.Fprintf(bw, "%s: and %s judged in part (the JSON and SARIF reports list them)\n", paint(ansiYellow, "note"), plural(len(r.Summary.Partial)-i, "more file"))
			break
		}
		bw.WriteString(paint(ansiYellow, "note") + ": " + PartialText(&p) + "\n")
	}
	for i := range r.Summary.Condensed {
		bw.WriteString(paint(ansiYellow, "note") + ": " + CondensedText(&r.Summary.Condensed[i]) + "\n")
	}
	if len(r.Summary.Undetermined) > 0 || len(r.Summary.Partial) > 0 || len(r.Summary.Condensed) > 0 {
		bw.WriteString("\n")
	}
	bw.WriteString(SummaryLine(&r.Summary))
	bw.WriteString("\n")
	return bw.Flush()
}

// maxPartialNotes bounds the files judged in part that the text report names.
const maxPartialNotes = 10

// PartialText says what part of a file the rules did not judge: "a.ts:45: syntax
// error: judged where the syntax tree is sound; 2 matches left out (rules x, y)".
func PartialText(p *Partial) string {
	s := fmt.Sprintf("%s:%d: %s: judged where the syntax tree is sound", p.File, p.Line, p.Reason)
	if p.LeftOut > 0 {
		m := "1 match"
		if p.LeftOut != 1 {
			m = fmt.Sprintf("%d matches", p.LeftOut)
		}
		s += fmt.Sprintf("; %s built around it left out (%s)", m, strings.Join(clipList(p.Rules, 4), ", "))
	}
	return s
}

// SummaryLine renders the summary in one line: findings by severity and domain, files
// checked, time, and what was hidden.
func SummaryLine(s *Summary) string {
	var b strings.Builder
	b.WriteString("heed: ")
	if s.Findings == 0 {
		b.WriteString("no findings")
	} else {
		fmt.Fprintf(&b, "%s (", plural(s.Findings, "finding"))
		var parts []string
		if s.Errors > 0 {
			parts = append(parts, plural(s.Errors, "error"))
		}
		if s.Warnings > 0 {
			parts = append(parts, plural(s.Warnings, "warning"))
		}
		b.WriteString(strings.Join(parts, ", "))
		b.WriteString(")")
		var doms []string
		for d := range s.ByDomain {
			doms = append(doms, d)
		}
		sort.Strings(doms)
		var ds []string
		for _, d := range doms {
			ds = append(ds, fmt.Sprintf("%s %d", d, s.ByDomain[d]))
		}
		if len(ds) > 0 {
			b.WriteString(": " + strings.Join(ds, ", "))
		}
	}
	fmt.Fprintf(&b, "; %s", plural(s.Files, "file"))
	if s.Commits > 0 {
		fmt.Fprintf(&b, " and %s", plural(s.Commits, "commit"))
	}
	fmt.Fprintf(&b, " checked against %s in %s", plural(s.Rules, "rule"), formatDuration(s.DurationMS))
	var hidden []string
	if s.Suppressed > 0 {
		hidden = append(hidden, fmt.Sprintf("%d suppressed", s.Suppressed))
	}
	if s.Baselined > 0 {
		hidden = append(hidden, fmt.Sprintf("%d in the baseline", s.Baselined))
	}
	if n := len(s.Undetermined); n > 0 {
		hidden = append(hidden, fmt.Sprintf("%d undetermined", n))
	}
	if n := len(s.Partial); n > 0 {
		hidden = append(hidden, fmt.Sprintf("%s judged in part", plural(n, "file")))
	}
	if n := len(s.Condensed); n > 0 {
		sites := 0
		for _, c := range s.Condensed {
			sites += c.Sites - c.Shown
		}
		hidden = append(hidden, fmt.Sprintf("%d more %s of %s that %s review not listed (--all-sites)", sites, pick(sites, "site", "sites"), plural(n, "rule"), pick(n, "needs", "need")))
	}
	var skipped int
	for _, n := range s.Skipped {
		skipped += n
	}
	if skipped > 0 {
		var rs []string
		for r := range s.Skipped {
			rs = append(rs, r)
		}
		sort.Strings(rs)
		var ps []string
		for _, r := range rs {
			ps = append(ps, fmt.Sprintf("%d %s", s.Skipped[r], strings.ReplaceAll(r, "_", " ")))
		}
		hidden = append(hidden, fmt.Sprintf("%s skipped (%s)", plural(skipped, "file"), strings.Join(ps, ", ")))
	}
	if len(hidden) > 0 {
		b.WriteString("; " + strings.Join(hidden, "; "))
	}
	return b.String()
}

// quoteInstruction renders `"text" (FILE:LINE, Header > Path)`.
func quoteInstruction(in Instruction) string {
	if in.Text == "" && in.File == "" {
		return ""
	}
	var b strings.Builder
	if in.Text != "" {
		b.WriteString(quote(clip(oneLine(in.Text), maxQuote)))
	}
	var where []string
	if in.File != "" {
		loc := in.File
		if in.Line > 0 {
			loc += fmt.Sprintf(":%d", in.Line)
		}
		where = append(where, loc)
	}
	if len(in.HeaderPath) > 0 {
		where = append(where, strings.Join(in.HeaderPath, " > "))
	}
	if len(where) > 0 {
		if b.Len() > 0 {
			b.WriteString(" ")
		}
		b.WriteString("(" + strings.Join(where, ", ") + ")")
	}
	return b.String()
}

// quote wraps s in double quotes; the text is shown as written, so only the quote
// marks themselves are not escaped (a JSON-style escape would mangle backslashes).
func quote(s string) string { return "\"" + s + "\"" }

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func clip(s string, n int) string {
	if len([]rune(s)) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

func clipList(s []string, n int) []string {
	if len(s) <= n {
		return s
	}
	out := append([]string(nil), s[:n]...)
	return append(out, fmt.Sprintf("and %d more", len(s)-n))
}

// pick is one when n is 1, else other.
func pick(n int, one, other string) string {
	if n == 1 {
		return one
	}
	return other
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func formatDuration(ms float64) string {
	d := time.Duration(ms * float64(time.Millisecond))
	switch {
	case d < time.Millisecond:
		return d.Round(time.Microsecond).String()
	case d < time.Second:
		return d.Round(time.Millisecond).String()
	}
	return d.Round(10 * time.Millisecond).String()
}

// WriteJSON writes {"findings": [...], "summary": {...}} (docs/json.md), indented as
// the encoder's SetIndent("", "  ") would. A report of tens of thousands of findings
// encodes and indents them in chunks on a worker per CPU, written between the two
// halves of the rest of the report (encoded with no findings), a round of chunks at a
// time: the report is never held whole in memory as JSON.
func WriteJSON(w io.Writer, r *Report) error {
	r.Tally()
	encode := func(v any) ([]byte, error) {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		err := enc.Encode(v)
		return buf.Bytes(), err
	}
	// Findings read back from a store are held a chunk per worker, three times over
	// (decoded, encoded, indented): smaller chunks hold less. 64 findings are about
	// 100 KB of JSON; 256 held 2 MB at a time on Django x23, the largest part of
	// the heap while the report was written.
	chunk := 1024
	if r.Store != nil {
		chunk = 64
	}
	const empty = `{"findings":[]`
	count := r.Count()
	if r.Store != nil && count < 2*chunk {
		// few enough to hold: written as a report that holds them
		all, err := r.Store.Slice()
		if err != nil {
			return err
		}
		held := *r
		held.Findings, held.Store = all, nil
		r = &held
	}
	// the i-th chunk of findings
	findings := func(i int) ([]Finding, error) {
		lo, hi := i*chunk, min((i+1)*chunk, count)
		if r.Store == nil {
			return r.Findings[lo:hi], nil
		}
		out := make([]Finding, 0, hi-lo)
		err := r.Store.Range(lo, hi, func(f *Finding) error {
			out = append(out, *f)
			return nil
		})
		return out, err
	}
	var shell []byte
	if count >= 2*chunk {
		rest := *r
		rest.Findings = []Finding{}
		if b, err := encode(&rest); err == nil && bytes.HasPrefix(b, []byte(empty)) {
			shell = b
		}
	}
	if shell == nil {
		b, err := encode(r)
		if err != nil {
			return err
		}
		_, err = w.Write(indentJSON(nil, b, 0))
		return err
	}
	// Each chunk is a run of whole findings, two levels deep; a round is a chunk per
	// worker, encoded at once and written in order.
	n := (count + chunk - 1) / chunk
	workers := min(runtime.NumCPU(), n)
	parts := make([][]byte, workers)
	errs := make([]error, workers)
	// each worker encodes into its own buffer, kept from round to round
	bufs := make([]bytes.Buffer, workers)
	// bufio keeps the first error and reports it at Flush.
	bw := bufio.NewWriterSize(w, 1<<16)
	bw.Write(indentJSON(nil, []byte(empty[:len(empty)-1]), 0)) // {, "findings": [ and the first element's indent
	for round := 0; round < n; round += workers {
		var wg sync.WaitGroup
		for k := 0; k < workers && round+k < n; k++ {
			wg.Add(1)
			go func(k int) {
				defer wg.Done()
				i := round + k
				fs, err := findings(i)
				if err != nil {
					errs[k] = err
					return
				}
				bufs[k].Reset()
				enc := json.NewEncoder(&bufs[k])
				enc.SetEscapeHTML(false)
				if err := enc.Encode(fs); err != nil {
					errs[k] = err
					return
				}
				b := bufs[k].Bytes()
				// b is "[...]\n": indent what is inside the brackets.
				b = bytes.TrimSuffix(bytes.TrimSuffix(b, []byte("\n")), []byte("]"))[1:]
				parts[k] = indentJSON(parts[k][:0], b, 2)
			}(k)
		}
		wg.Wait()
		for k := 0; k < workers && round+k < n; k++ {
			if errs[k] != nil {
				return errs[k]
			}
			if round+k > 0 {
				bw.WriteString(",\n    ")
			}
			bw.Write(parts[k])
		}
	}
	bw.Write(indentJSON(nil, shell[len(empty)-1:], 2)) // ] and the rest
	return bw.Flush()
}

// indentJSON appends compact JSON, starting depth levels deep, indented as the
// encoder's SetIndent("", "  ") does. The encoder's own indenting rescans its output
// with the full JSON state machine, which on a report of tens of thousands of findings
// took longer than encoding it; output the encoder has just produced is valid and has
// no space outside strings, so tracking strings is enough. An opening bracket that
// ends src is taken to open a non-empty value.
func indentJSON(out, src []byte, depth int) []byte {
	if out == nil {
		out = make([]byte, 0, len(src)+len(src)/2)
	}
	newline := func() {
		out = append(out, '\n')
		for i := 0; i < depth; i++ {
			out = append(out, ' ', ' ')
		}
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch c {
		case '"':
			// Copy the string through its closing quote.
			j := i + 1
			for ; j < len(src); j++ {
				if src[j] == '\\' {
					j++
				} else if src[j] == '"' {
					break
				}
			}
			out = append(out, src[i:min(j+1, len(src))]...)
			i = j
		case '{', '[':
			out = append(out, c)
			if i+1 < len(src) && (src[i+1] == '}' || src[i+1] == ']') {
				out = append(out, src[i+1]) // empty: "{}", "[]"
				i++
				continue
			}
			depth++
			newline()
		case '}', ']':
			depth--
			newline()
			out = append(out, c)
		case ',':
			out = append(out, c)
			newline()
		case ':':
			out = append(out, ':', ' ')
		default:
			out = append(out, c)
		}
	}
	return out
}
