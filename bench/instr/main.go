// Command instr measures instruction-file extraction on the real corpus
// (../shared/corpus/instructions, 46 files from public repositories):
//
//	go run ./bench/instr            # or -runs 25 -corpus DIR
//
// It prints, for the whole corpus, the median, min and p90 of -runs passes (after one
// warm-up pass) of heed's extraction (instr.Extract: front matter, Markdown or reST,
// constraints, levels, ids), next to its floor run side by side: goldmark parsing the
// same Markdown files and nothing else. It then counts constraints per kind of file
// and per level. In-process benchmarks for profiling: go test -tags bench -bench . ./bench/instr.
package main

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"text/tabwriter"
	"time"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"

	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/policy"
)

func main() {
	corpus := flag.String("corpus", defaultCorpus(), "corpus directory (with MANIFEST.tsv)")
	runs := flag.Int("runs", 15, "measured passes over the corpus")
	flag.Parse()
	files, err := loadCorpus(*corpus)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench/instr:", err)
		os.Exit(1)
	}
	size := 0
	for _, f := range files {
		size += len(f.Src)
	}
	fmt.Printf("corpus: %d files, %d bytes (%s)\n\n", len(files), size, *corpus)

	md := goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.TaskList))
	parseMarkdown := func() {
		for _, f := range files {
			if instr.MarkupOf(f.Path) == instr.MarkupMarkdown {
				md.Parser().Parse(text.NewReader(f.Src))
			}
		}
	}
	extractMarkdown := func() {
		for _, f := range files {
			if instr.MarkupOf(f.Path) == instr.MarkupMarkdown {
				instr.Extract(f.Path, f.Src, f.Format, f.Scope)
			}
		}
	}
	extractAll := func() {
		for _, f := range files {
			instr.Extract(f.Path, f.Src, f.Format, f.Scope)
		}
	}
	w := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "pass over the corpus\tmedian\tmin\tp90\tratio to floor\t")
	floor := measure(parseMarkdown, *runs)
	mdx := measure(extractMarkdown, *runs)
	all := measure(extractAll, *runs)
	row := func(name string, s stats, ratio string) {
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t\n", name, ms(s.median), ms(s.min), ms(s.p90), ratio)
	}
	row("floor: goldmark parse, Markdown files", floor, "1.0x")
	row("heed Extract, Markdown files", mdx, fmt.Sprintf("%.1fx", float64(mdx.median)/float64(floor.median)))
	row("heed Extract, all files (Markdown + reST)", all, "")
	w.Flush()
	fmt.Printf("\n%d runs each after one warm-up; %.1f MB/s for the whole corpus (median)\n\n", *runs,
		float64(size)/all.median.Seconds()/1e6)

	counts(files)
}

type stats struct{ median, min, p90 time.Duration }

func measure(f func(), runs int) stats {
	f() // warm-up
	d := make([]time.Duration, runs)
	for i := range d {
		start := time.Now()
		f()
		d[i] = time.Since(start)
	}
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	return stats{median: d[len(d)/2], min: d[0], p90: d[(len(d)*9)/10]}
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }

// counts prints constraints per kind of file (the manifest's kind) and per heed
// format, with their levels.
func counts(files []corpusFile) {
	type row struct {
		files, constraints, must, should, info, warnings int
	}
	byKind := map[string]*row{}
	byFormat := map[string]*row{}
	total := &row{}
	for _, f := range files {
		cs, ws := instr.Extract(f.Path, f.Src, f.Format, f.Scope)
		for _, r := range []*row{get(byKind, f.Kind), get(byFormat, f.Format), total} {
			r.files++
			r.constraints += len(cs)
			r.warnings += len(ws)
			for _, c := range cs {
				switch c.Level {
				case policy.Must:
					r.must++
				case policy.Should:
					r.should++
				default:
					r.info++
				}
			}
		}
	}
	print := func(title string, m map[string]*row) {
		w := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintf(w, "%s\tfiles\tconstraints\tper file\tmust\tshould\tinfo\twarnings\t\n", title)
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		line := func(k string, r *row) {
			fmt.Fprintf(w, "%s\t%d\t%d\t%.1f\t%d\t%d\t%d\t%d\t\n", k, r.files, r.constraints,
				float64(r.constraints)/float64(r.files), r.must, r.should, r.info, r.warnings)
		}
		for _, k := range keys {
			line(k, m[k])
		}
		line("all", total)
		w.Flush()
		fmt.Println()
	}
	print("kind (manifest)", byKind)
	print("format (heed)", byFormat)
}

func get[K comparable, V any](m map[K]*V, k K) *V {
	if v, ok := m[k]; ok {
		return v
	}
	v := new(V)
	m[k] = v
	return v
}
