package audit

import (
	"fmt"
	"html/template"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazy"
)

// WriteHTML writes the report as one self-contained page: inline styles and SVG
// charts, no script, no font, no request to anywhere.
func WriteHTML(w io.Writer, r *Report) error {
	var vs []Violation
	for _, rr := range r.Rules {
		vs = append(vs, rr.Violations...)
	}
	sortViolations(vs)
	data := struct {
		R          *Report
		Violations []Violation
		Domains    []chartRow
		Files      []chartRow
	}{R: r, Violations: vs}
	data.Domains = append(data.Domains, chartRow{Name: "overall", Rates: r.Metrics.Overall})
	data.Domains = append(data.Domains, chartRow{Name: "exact rules only", Rates: r.Metrics.Exact})
	for _, d := range slices.Sorted(maps.Keys(r.Metrics.Domain)) {
		data.Domains = append(data.Domains, chartRow{Name: d, Rates: r.Metrics.Domain[d]})
	}
	for _, f := range slices.Sorted(maps.Keys(r.Metrics.File)) {
		data.Files = append(data.Files, chartRow{Name: f, Rates: r.Metrics.File[f]})
	}
	return pageTmpl.Get().Execute(w, data)
}

type chartRow struct {
	Name  string
	Rates Rates
}

// chart draws the two rates of each row as horizontal bars.
func chart(rows []chartRow) template.HTML {
	const rowH, labelW, barW = 44, 190, 320
	h := rowH*len(rows) + 28
	var b strings.Builder
	fmt.Fprintf(&b, `<svg width="%d" height="%d" role="img" aria-label="triggering and compliance rates">`, labelW+barW+80, h)
	fmt.Fprintf(&b, `<text x="%d" y="14" class="lg">■</text><text x="%d" y="14" class="lgt">triggering</text>`, labelW, labelW+14)
	fmt.Fprintf(&b, `<text x="%d" y="14" class="lc">■</text><text x="%d" y="14" class="lgt">compliance</text>`, labelW+110, labelW+124)
	for i, r := range rows {
		y := 28 + i*rowH
		fmt.Fprintf(&b, `<text x="0" y="%d" class="name">%s</text>`, y+16, template.HTMLEscapeString(oneLine(r.Name, 28)))
		bar := func(dy int, p *float64, class string) {
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="14" class="track"/>`, labelW, y+dy, barW)
			if p != nil {
				fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%.1f" height="14" class="%s"/>`, labelW, y+dy, float64(barW)**p, class)
			}
			fmt.Fprintf(&b, `<text x="%d" y="%d" class="val">%s</text>`, labelW+barW+6, y+dy+12, pct(p))
		}
		bar(2, r.Rates.Triggering, "trig")
		bar(19, r.Rates.Compliance, "comp")
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// pageTmpl is parsed on first use: every heed process initialises this package.
var pageTmpl = lazy.Value[*template.Template]{F: func() *template.Template {
	return template.Must(template.New("page").Funcs(template.FuncMap{
		"chart": chart,
		"pct":   pct,
		"step": func(n int) string {
			if n < 0 {
				return "?"
			}
			return fmt.Sprint(n)
		},
		"fate": func(p *bool) string {
			switch {
			case p == nil:
				return "—"
			case *p:
				return "yes"
			}
			return "no"
		},
		"short": func(s string) string {
			if len(s) > 12 {
				return s[:12]
			}
			return s
		},
		"join":   strings.Join,
		"vclass": func(v engine.Verdict) string { return string(v) },
	}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>heed audit{{with .R.Run.Trajectory}} — {{.}}{{end}}</title>
<style>
body{font:14px/1.45 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:2em auto;max-width:1100px;padding:0 1em;color:#1d2330}
h1{font-size:1.5em;margin-bottom:.2em}h2{font-size:1.15em;margin-top:2em;border-bottom:1px solid #dde;padding-bottom:.2em}
.meta{color:#556}.cards{display:flex;gap:1em;flex-wrap:wrap;margin:1em 0}
.card{border:1px solid #dde;border-radius:6px;padding:.6em 1em;min-width:9em}.card b{display:block;font-size:1.6em}
table{border-collapse:collapse;width:100%;margin:.5em 0}th,td{text-align:left;padding:.3em .5em;border-bottom:1px solid #eef;vertical-align:top}
th{background:#f5f6fa;font-weight:600}code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12.5px}
pre{background:#f7f7fa;padding:.4em .6em;white-space:pre-wrap;margin:.3em 0}
.violated{color:#b3261e;font-weight:600}.satisfied{color:#1b7f3b}.undetermined{color:#9a6700}.inapplicable{color:#778}
.viol{border-left:4px solid #b3261e;padding:.4em .8em;margin:.8em 0;background:#fdf6f6}
.viol.gone{border-left-color:#9a6700;background:#fffbea}.q{font-style:italic}
svg text{font:12px sans-serif;fill:#1d2330}svg .track{fill:#eef0f5}svg .trig{fill:#4a6fd1}svg .comp{fill:#1b7f3b}
svg .lg{fill:#4a6fd1}svg .lc{fill:#1b7f3b}svg .val{fill:#556}
.warn li{color:#9a6700}
</style>
</head>
<body>
<h1>heed audit</h1>
<p class="meta">{{with .R.Run}}{{if .Format}}{{.Format}} trajectory <code>{{.Trajectory}}</code>: {{.Steps}} steps ({{.Commands}} commands, {{.Edits}} edits){{else}}no trajectory{{end}}{{if .Base}}; {{.Commits}} commit(s) <code>{{short .Base}}..{{short .Head}}</code>, {{.Files}} file(s) changed{{end}}{{if .PR}}; PR text from {{.PR}}{{end}}{{if .Model}}; model {{.Model}}{{end}}{{end}}</p>
<div class="cards">
<div class="card">triggering<b>{{pct .R.Metrics.Overall.Triggering}}</b></div>
<div class="card">compliance<b>{{pct .R.Metrics.Overall.Compliance}}</b></div>
<div class="card">rules<b>{{.R.Metrics.Overall.Rules}}</b></div>
<div class="card">violated<b class="violated">{{.R.Metrics.Overall.Violated}}</b></div>
<div class="card">undetermined<b class="undetermined">{{.R.Metrics.Overall.Undetermined}}</b></div>
</div>
{{if .R.Missing}}<h2>Missing evidence</h2><p>The rules that need it are undetermined.</p><ul class="warn">{{range .R.Missing}}<li>{{.}}</li>{{end}}</ul>{{end}}
{{if .R.Warnings}}<h2>Warnings</h2><ul class="warn">{{range .R.Warnings}}<li>{{.}}</li>{{end}}</ul>{{end}}
<h2>Rates by domain</h2>
<p>Triggering rate = (satisfied + violated + undetermined) / rules; compliance rate = satisfied / (satisfied + violated).</p>
{{chart .Domains}}
<h2>Rates by instruction file</h2>
{{chart .Files}}
<h2>Violations ({{len .Violations}})</h2>
{{range .Violations}}<div class="viol">
<div><b>[{{.Domain}}]</b> step {{step .Step}} · {{if .File}}<code>{{.File}}{{if .Line}}:{{.Line}}{{end}}</code>{{else if .Commit}}commit <code>{{short .Commit}}</code>{{else if .Command}}<code>$ {{.Command}}</code>{{else}}the change{{end}} · in the final change: {{fate .Survived}}</div>
<div>{{.Message}}</div>
<div class="q">Rule: “{{.Instruction.Text}}” — {{.Instruction.File}}{{if .Instruction.Line}}:{{.Instruction.Line}}{{end}}{{if .Instruction.HeaderPath}}, {{join .Instruction.HeaderPath " › "}}{{end}}</div>
{{if .Snippet}}<pre>{{.Snippet}}</pre>{{end}}
{{if .Suggestion}}<div>Instead: {{.Suggestion}}</div>{{end}}
</div>{{else}}<p>None.</p>{{end}}
{{if .R.Session}}<h2>During the session, not in the final change ({{len .R.Session}})</h2>
{{range .R.Session}}<div class="viol gone">
<div><b>[{{.Domain}}]</b> step {{step .Step}} · <code>$ {{.Command}}</code></div><div>{{.Message}}</div>
<div class="q">Rule: “{{.Instruction.Text}}” — {{.Instruction.File}}{{if .Instruction.Line}}:{{.Instruction.Line}}{{end}}</div>
</div>{{end}}{{end}}
{{if .R.Blocked}}<h2>Asked for but refused ({{len .R.Blocked}})</h2>
<table><tr><th>step</th><th>what</th></tr>{{range .R.Blocked}}<tr><td>{{.Step}}</td><td>{{if .Command}}<code>{{.Command}}</code>{{else}}{{.Kind}} <code>{{.Path}}</code>{{end}}</td></tr>{{end}}</table>{{end}}
<h2>Verdicts</h2>
<table><tr><th>rule</th><th>domain</th><th>verdict</th><th>instruction</th></tr>
{{range .R.Rules}}<tr><td><code>{{.Rule}}</code></td><td>{{.Domain}}</td><td class="{{vclass .Verdict}}">{{.Verdict}}{{if not .Exact}} ~{{end}}</td><td>{{.Instruction.File}}{{if .Instruction.Line}}:{{.Instruction.Line}}{{end}} — {{.Instruction.Text}}{{if .Reason}}<br><small>{{.Reason}}</small>{{end}}</td></tr>
{{end}}</table>
<p class="meta">~ marks approximate rules. Generated by heed; this page loads nothing from the network.</p>
</body>
</html>
`))
}}
