package audit

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/report"
)

// Write renders a report as text, json or html.
func Write(w io.Writer, format string, r *Report) error {
	switch format {
	case "json":
		return WriteJSON(w, r)
	case "html":
		return WriteHTML(w, r)
	case "text", "":
		return WriteText(w, r)
	}
	return fmt.Errorf("unknown format %q", format)
}

// WriteJSON writes the report as indented JSON (the shape documented in docs/audit.md).
func WriteJSON(w io.Writer, r *Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}

func pct(p *float64) string {
	if p == nil {
		return "—"
	}
	return fmt.Sprintf("%.1f%%", *p*100)
}

// WriteText writes the report for people: what was read, what was missing, each
// violation with its place in the session and the rule quoted, the verdict table and
// the rates.
func WriteText(w io.Writer, r *Report) error {
	ew := &errWriter{w: w}
	run := r.Run
	what := "no trajectory"
	if run.Format != "" {
		what = fmt.Sprintf("%s trajectory %s (%d steps: %d commands, %d edits)", run.Format, run.Trajectory, run.Steps, run.Commands, run.Edits)
	}
	ew.printf("heed audit: %s", what)
	if run.Base != "" {
		ew.printf("; %d commit(s) %s..%s, %d file(s) changed", run.Commits, report.ShortHash(run.Base), report.ShortHash(run.Head), run.Files)
	} else if run.Commits > 0 {
		ew.printf("; %d commit(s) from the session's commands", run.Commits)
	}
	if run.PR != "" {
		ew.printf("; PR from %s", run.PR)
	}
	ew.printf("\n")
	if len(r.Warnings) > 0 {
		ew.printf("\nWarnings:\n")
		for _, x := range r.Warnings {
			ew.printf("  %s\n", x)
		}
	}
	if len(r.Missing) > 0 {
		ew.printf("\nMissing evidence (the rules that need it are undetermined):\n")
		for _, x := range r.Missing {
			ew.printf("  %s\n", x)
		}
	}
	var vs []Violation
	for _, rr := range r.Rules {
		vs = append(vs, rr.Violations...)
	}
	sortViolations(vs)
	ew.printf("\nViolations (%d):\n", len(vs))
	if len(vs) == 0 {
		ew.printf("  none\n")
	}
	for _, v := range vs {
		writeViolation(ew, v)
	}
	if len(r.Session) > 0 {
		ew.printf("\nDuring the session, not in the final change (%d):\n", len(r.Session))
		for _, v := range r.Session {
			writeViolation(ew, v)
		}
	}
	if len(r.Blocked) > 0 {
		ew.printf("\nAsked for but refused (did not run) (%d):\n", len(r.Blocked))
		for _, b := range r.Blocked {
			what := b.Command
			if what == "" {
				what = b.Kind + " " + b.Path
			}
			ew.printf("  step %d: %s\n", b.Step, what)
		}
	}
	ew.printf("\nVerdicts:\n")
	rows := [][]string{{"RULE", "DOMAIN", "VERDICT", "INSTRUCTION", ""}}
	for _, rr := range r.Rules {
		where := rr.Instruction.File
		if rr.Instruction.Line > 0 {
			where += fmt.Sprintf(":%d", rr.Instruction.Line)
		}
		v := string(rr.Verdict)
		if !rr.Exact {
			v += " ~"
		}
		text := oneLine(rr.Instruction.Text, 60)
		if (rr.Verdict == engine.Undetermined || rr.Verdict == engine.Inapplicable) && rr.Reason != "" {
			text += "  [" + oneLine(rr.Reason, 70) + "]"
		}
		rows = append(rows, []string{rr.Rule, rr.Domain, v, where, text})
	}
	table(ew, rows)
	ew.printf("  (~ marks approximate rules: a mechanical stand-in for the sentence's reading)\n")
	ew.printf("\nRates:\n")
	rows = [][]string{{"", "RULES", "SAT", "VIO", "UND", "N/A", "TRIGGERING", "COMPLIANCE"}}
	add := func(name string, x Rates) {
		rows = append(rows, []string{name, fmt.Sprint(x.Rules), fmt.Sprint(x.Satisfied), fmt.Sprint(x.Violated),
			fmt.Sprint(x.Undetermined), fmt.Sprint(x.Inapplicable), pct(x.Triggering), pct(x.Compliance)})
	}
	add("overall", r.Metrics.Overall)
	add("exact rules only", r.Metrics.Exact)
	for _, d := range slices.Sorted(maps.Keys(r.Metrics.Domain)) {
		add(d, r.Metrics.Domain[d])
	}
	for _, f := range slices.Sorted(maps.Keys(r.Metrics.File)) {
		add(f, r.Metrics.File[f])
	}
	table(ew, rows)
	return ew.err
}

func writeViolation(ew *errWriter, v Violation) {
	where := v.Location()
	if v.Command != "" && v.File == "" && v.Commit == "" {
		where = "$ " + oneLine(v.Command, 100)
	}
	step := "step ?"
	if v.Step >= 0 {
		step = fmt.Sprintf("step %d", v.Step)
	}
	fate := ""
	switch {
	case v.Survived == nil:
		fate = ""
	case *v.Survived:
		fate = "  (in the final change)"
	default:
		fate = "  (not in the final change)"
	}
	ew.printf("  [%s] %s: %s: %s%s\n", v.Domain, step, where, v.Message, fate)
	ins := v.Instruction
	loc := ins.File
	if ins.Line > 0 {
		loc += fmt.Sprintf(":%d", ins.Line)
	}
	if len(ins.HeaderPath) > 0 {
		loc += ", " + strings.Join(ins.HeaderPath, " > ")
	}
	ew.printf("    Rule: %q (%s)\n", oneLine(ins.Text, 200), loc)
	if v.Snippet != "" {
		ew.printf("    Found: %s\n", oneLine(v.Snippet, 160))
	}
	if v.Suggestion != "" {
		ew.printf("    Instead: %s\n", oneLine(v.Suggestion, 200))
	}
}

func sortViolations(vs []Violation) {
	sort.SliceStable(vs, func(i, j int) bool {
		a, b := vs[i], vs[j]
		if a.Step != b.Step {
			if a.Step < 0 || b.Step < 0 {
				return b.Step < 0
			}
			return a.Step < b.Step
		}
		return a.Rule < b.Rule
	})
}

func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

func table(ew *errWriter, rows [][]string) {
	widths := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			if n := len([]rune(c)); n > widths[i] && i < len(r)-1 {
				widths[i] = n
			}
		}
	}
	for _, r := range rows {
		var b strings.Builder
		b.WriteString("  ")
		for i, c := range r {
			b.WriteString(c)
			if i < len(r)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-len([]rune(c))+2))
			}
		}
		ew.printf("%s\n", strings.TrimRight(b.String(), " "))
	}
}

type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}
