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
	for i := range r.Findings {
		f := &r.Findings[i]
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
		props = append(props, "title="+escapeProperty(fmt.Sprintf("heed %s: %s", f.Domain, f.Rule)))
		fmt.Fprintf(bw, "::%s %s::%s\n", level, strings.Join(props, ","), escapeData(resultText(f)))
	}
	// The summary is a plain log line: an annotation on every run would be noise.
	fmt.Fprintln(bw, SummaryLine(&r.Summary))
	return bw.Flush()
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
