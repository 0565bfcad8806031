package report

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// WriteGitHub writes one GitHub Actions workflow command per finding
// (`::error file=F,line=L,endLine=E,col=C,endColumn=EC,title=T::message`), escaped as
// actions/toolkit escapes them, then the summary line. GitHub shows at most
// ten annotations of each level per step; SARIF carries the full set.
func WriteGitHub(w io.Writer, r *Report) error {
	bw := bufio.NewWriter(w)
	err := r.Each(func(f *Finding) error {
		level := "error"
		if f.Severity != "error" {
			level = "warning"
		}
		var props []string
		if f.File != "" {
			props = append(props, "file="+escapeProperty(f.File))
			if f.Line > 0 {
				props = append(props, fmt.Sprintf("line=%d", f.Line))
				if f.EndLine > f.Line {
					props = append(props, fmt.Sprintf("endLine=%d", f.EndLine))
				}
				if f.Column > 0 {
					props = append(props, fmt.Sprintf("col=%d", f.Column))
					// GitHub honours columns only on single-line annotations.
					if f.EndColumn > 0 && (f.EndLine == 0 || f.EndLine == f.Line) {
						props = append(props, fmt.Sprintf("endColumn=%d", f.EndColumn))
					}
				}
			}
		}
		props = append(props, "title="+escapeProperty(annotationTitle(f)))
		fmt.Fprintf(bw, "::%s %s::%s\n", level, strings.Join(props, ","), escapeData(resultText(f)))
		return nil
	})
	if err != nil {
		return err
	}
	// The summary is a plain log line: an annotation on every run would be noise.
	// So is each rule that needs review, reported once with its count.
	for i := range r.Summary.Condensed {
		fmt.Fprintln(bw, "note: "+CondensedText(&r.Summary.Condensed[i]))
	}
	fmt.Fprintln(bw, SummaryLine(&r.Summary))
	return bw.Flush()
}

// annotationTitle names the rule of a finding without a colon or comma, so the title
// needs no escaping: "heed source rule no-print", and heed's own rules by their id,
// which names heed already ("heed/bad-suppression").
func annotationTitle(f *Finding) string {
	switch {
	case strings.HasPrefix(f.Rule, "heed/"):
		return f.Rule
	case f.Domain == "" || f.Domain == "heed":
		return "heed rule " + f.Rule
	}
	return fmt.Sprintf("heed %s rule %s", f.Domain, f.Rule)
}

// escapeData escapes a workflow command's message: %, CR and LF.
func escapeData(s string) string {
	s = strings.ReplaceAll(s, "%", "%25")
	s = strings.ReplaceAll(s, "\r", "%0D")
	return strings.ReplaceAll(s, "\n", "%0A")
}

// escapeProperty escapes a property value: the message escapes plus ':' and ','.
func escapeProperty(s string) string {
	s = escapeData(s)
	s = strings.ReplaceAll(s, ":", "%3A")
	return strings.ReplaceAll(s, ",", "%2C")
}
