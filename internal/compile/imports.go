package compile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"sync"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/graph"
	"github.com/heed-dev/heed/internal/lang"
	"github.com/heed-dev/heed/internal/recognize"
)

// The source files read for the modules a repository imports are bounded, so that
// resolving a name does not cost a compile the parse of a whole tree: up to
// maxScannedFiles of the languages the graph reads with a scanner (JavaScript,
// TypeScript, Go, Java), and maxParsedFiles of those it parses with Tree-sitter
// (Python, Ruby, Rust, Kotlin, C#), each taken evenly over the sorted paths so that
// every part of the tree is seen. A library the code uses shows in a sample.
const (
	maxScannedFiles = 4000
	maxParsedFiles  = 600
)

// lazySourceImports is RepoContext.SourceImports for a checkout: the modules its
// source imports, read once on first use.
func lazySourceImports(root string, paths []string) func() []recognize.ImportedModule {
	return sync.OnceValue(func() []recognize.ImportedModule { return sourceImports(root, paths) })
}

// sourceImports builds the import graph of a bounded sample of the repository's
// source (vendored code, C and C++ left out) and lists its external packages by
// language, most imported first. Unreadable files are skipped: the list helps the
// reading, it is no requirement.
func sourceImports(root string, paths []string) []recognize.ImportedModule {
	snap := &dirSnapshot{root: root}
	var scanned, parsed []string
	for _, p := range paths {
		p = filepath.ToSlash(p)
		if vendored(p) {
			continue
		}
		switch l := engine.LangOf(p, nil); {
		case !graph.Sourced(l):
			snap.paths = append(snap.paths, p) // manifests and project files resolve imports
		case l == engine.LangC || l == engine.LangCPP:
			// a header names no package a sentence could, and C++ is the slowest
			// grammar to parse
		case l == engine.LangJavaScript || l == engine.LangTypeScript || l == engine.LangTSX || l == engine.LangGo || l == engine.LangJava:
			scanned = append(scanned, p)
		default:
			parsed = append(parsed, p)
		}
	}
	snap.paths = append(snap.paths, evenly(scanned, maxScannedFiles)...)
	snap.paths = append(snap.paths, evenly(parsed, maxParsedFiles)...)
	sort.Strings(snap.paths)
	g, err := graph.Build(snap, nil, graph.Options{})
	if err != nil {
		return nil
	}
	type key struct{ name, lang string }
	files := map[key]int{}
	for _, f := range g.Files {
		seen := map[key]bool{}
		for _, e := range f.Edges {
			if e.ToKind != graph.NodeExternal || e.Package == "" {
				continue
			}
			k := key{e.Package, f.Lang}
			if !seen[k] {
				seen[k] = true
				files[k]++
			}
		}
	}
	out := make([]recognize.ImportedModule, 0, len(files))
	for k, c := range files {
		out = append(out, recognize.ImportedModule{Name: k.name, Lang: k.lang, Files: c})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Files != out[j].Files {
			return out[i].Files > out[j].Files
		}
		if out[i].Name != out[j].Name {
			return out[i].Name < out[j].Name
		}
		return out[i].Lang < out[j].Lang
	})
	return out
}

// evenly takes at most n of ps, spread evenly over them (all when they are fewer).
func evenly(ps []string, n int) []string {
	if len(ps) <= n {
		return ps
	}
	sort.Strings(ps)
	out := make([]string, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, ps[i*len(ps)/n])
	}
	return out
}

// dirSnapshot is the repository's files under root, as listed.
type dirSnapshot struct {
	root  string
	paths []string
}

func (d *dirSnapshot) Paths() []string { return d.paths }

// Read reads one file; a missing file, or one over the parse limit, is not found
// (it contributes no imports).
func (d *dirSnapshot) Read(p string) ([]byte, error) {
	full := filepath.Join(d.root, filepath.FromSlash(p))
	st, err := os.Stat(full)
	if errors.Is(err, fs.ErrNotExist) || err == nil && (!st.Mode().IsRegular() || st.Size() > lang.MaxParseBytes) {
		return nil, &engine.NotFoundError{Path: p}
	}
	if err != nil {
		return nil, err
	}
	b, err := os.ReadFile(full)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &engine.NotFoundError{Path: p}
	}
	return b, err
}
