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

// maxImportFiles bounds the source files read for the modules a repository imports:
// the first files in path order past it are enough to know its libraries, and a
// compile of a huge tree must not parse all of it to resolve a name.
const maxImportFiles = 4000

// lazySourceImports is RepoContext.SourceImports for a checkout: the modules its
// source imports, read once on first use.
func lazySourceImports(root string, paths []string) func() []recognize.ImportedModule {
	return sync.OnceValue(func() []recognize.ImportedModule { return sourceImports(root, paths) })
}

// sourceImports builds the import graph of the repository's source (vendored code,
// C and C++, and the files past maxImportFiles left out) and lists its external packages by
// language, most imported first. Unreadable files are skipped: the list helps the
// reading, it is no requirement.
func sourceImports(root string, paths []string) []recognize.ImportedModule {
	snap := &dirSnapshot{root: root}
	n := 0
	for _, p := range paths {
		p = filepath.ToSlash(p)
		if vendored(p) {
			continue
		}
		if l := engine.LangOf(p, nil); graph.Sourced(l) {
			if l == engine.LangC || l == engine.LangCPP || n >= maxImportFiles {
				// a header names no package a sentence could: C and C++ are parsed
				// for no name (and are the slowest to parse)
				continue
			}
			n++
		}
		snap.paths = append(snap.paths, p)
	}
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
