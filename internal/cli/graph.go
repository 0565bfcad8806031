package cli

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/heed-dev/heed/internal/graph"
	"github.com/heed-dev/heed/internal/repo"
)

type graphFlags struct {
	format   string
	pkg      bool
	external bool
	noCache  bool
}

func (app *App) newGraphCmd() *cobra.Command {
	var f graphFlags
	cmd := &cobra.Command{
		Use:   "graph [--format json|dot|mermaid] [--package] [--external] [PATH...]",
		Short: "Export the repository's import graph (the one architecture rules judge)",
		Long: `graph builds the import graph of the repository's Python, JavaScript, TypeScript, Go,
Rust, Java, Kotlin, C#, Ruby and C files and prints it: json (nodes, edges with their line, kind and whether
they are type-only), dot (Graphviz: heed graph --format dot | dot -Tsvg > graph.svg) or
mermaid (paste into Markdown).

PATH arguments keep the edges of files under those paths. --package groups files into
their folders (Go packages, Python packages, ...). --external keeps third-party and
standard-library packages as nodes. Extraction results are cached by content hash in
.heed/cache/, so a second run parses only files that changed (--no-cache to skip).`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat("graph", f.format, "json", "dot", "mermaid"); err != nil {
				return err
			}
			return app.runGraph(f, args)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.format, "format", "json", "output format: json, dot or mermaid")
	fl.BoolVar(&f.pkg, "package", false, "group files into their package folders")
	fl.BoolVar(&f.external, "external", false, "keep third-party and standard-library nodes")
	fl.BoolVar(&f.noCache, "no-cache", false, "neither read nor write the extraction cache")
	return cmd
}

func (app *App) runGraph(f graphFlags, args []string) error {
	root, err := app.Repo()
	if err != nil {
		return err
	}
	r, err := repo.Open(root)
	if err != nil {
		return Fail("%v", err)
	}
	wd, _ := os.Getwd()
	var prefixes []string
	for _, a := range args {
		rel, err := r.Rel(wd, a)
		if err != nil {
			return Fail("graph: %v", err)
		}
		if _, err := os.Stat(a); err != nil {
			if _, err2 := os.Stat(root + "/" + rel); err2 != nil {
				return Fail("graph: path %s: no such file or folder", a)
			}
		}
		prefixes = append(prefixes, rel)
	}
	wt := r.Worktree()
	var cache *graph.DiskCache
	var c graph.Cache
	if !f.noCache {
		cache = graph.OpenDiskCache(root)
		c = cache
	}
	ix := graph.NewIndex(wt, c)
	if err := wt.Err(); err != nil {
		return Fail("graph: list files: %v", err)
	}
	g, err := ix.Build(graph.Options{})
	if err != nil {
		return Fail("graph: %v", err)
	}
	if cache != nil {
		if err := cache.Save(); err != nil {
			fmt.Fprintf(app.Stderr, "heed: warning: %v\n", err)
		}
	}
	x := g.Export(graph.ExportOptions{Package: f.pkg, External: f.external, Include: func(p string) bool {
		if len(prefixes) == 0 {
			return true
		}
		for _, q := range prefixes {
			if q == "" || p == q || strings.HasPrefix(p, q+"/") {
				return true
			}
		}
		return false
	}})
	switch f.format {
	case "dot":
		err = x.WriteDOT(app.Stdout)
	case "mermaid":
		err = x.WriteMermaid(app.Stdout)
	default:
		err = x.WriteJSON(app.Stdout)
	}
	if err != nil {
		return Fail("graph: write: %v", err)
	}
	for _, p := range g.Paths() {
		if e := g.Files[p].Err; e != "" {
			fmt.Fprintf(app.Stderr, "heed: %s: imports not read: %s\n", p, e)
		}
	}
	return nil
}
