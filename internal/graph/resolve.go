package graph

import (
	"path"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/heed-dev/heed/internal/engine"
)

// Resolver turns imports into edges. It knows which files and folders the snapshot
// has and the project files that steer resolution (go.mod, package.json,
// tsconfig.json, Cargo.toml, pyproject.toml, .csproj); it reads no source file.
type Resolver struct {
	// files are the snapshot's paths, sorted (searched, not hashed: a map of them
	// would cost ~50 bytes a file for the run).
	files []string
	dirs  map[string]bool
	// langDirs[lang] holds the folders with a file of that language in their subtree
	// (a Python namespace package is a folder holding Python code).
	pyDirs map[string]bool
	// goPkg and javaDirs hold the folders with a Go / Java or Kotlin file of their own;
	// csDirs the folders with a C# file in their subtree.
	goPkg    map[string]bool
	javaDirs map[string]bool
	csDirs   map[string]bool

	goMods []goModule // longest module path first
	js     *jsWorld
	crates []*crate // deepest folder first
	// javaByBase maps "User.java" (and "User.kt") to every path with that base name;
	// byBase does the same for Ruby files and C headers and sources.
	javaByBase map[string][]string
	byBase     map[string][]string
	pyRoots    []string
	// csProjects are the C# projects, deepest folder first.
	csProjects []csProject
	// phpRoots are composer.json's autoload maps, longest prefix first; phpDirs the
	// folders with a PHP file in their subtree.
	phpRoots []phpRoot
	phpDirs  map[string]bool
	// swiftModules maps a Swift module to the folder of its SwiftPM target;
	// swiftDirs holds the folders with a Swift file in their subtree.
	swiftModules map[string]string
	swiftDirs    map[string]bool

	mu      sync.Mutex
	pyTop   map[string]string // folder -> Python import root above its top package
	crateOf map[string]*crate
}

// ignoredDir reports folders whose content is never the repository's own source:
// installed dependencies, VCS and tool state.
func ignoredDir(name string) bool {
	switch name {
	case "node_modules", ".git", ".hg", ".svn", ".heed", "__pycache__", ".venv", "venv",
		".tox", ".nox", ".mypy_cache", ".pytest_cache", ".ruff_cache", "bower_components", ".yarn", ".pnpm-store":
		return true
	}
	return false
}

// SourcePaths filters a snapshot's paths to the ones the graph looks at: not inside
// an ignored folder. When none is, it returns paths itself (callers only read it).
func SourcePaths(paths []string) []string {
	first := -1
	for i, p := range paths {
		if inIgnored(p) {
			first = i
			break
		}
	}
	if first < 0 {
		return paths
	}
	out := make([]string, first, len(paths)-1)
	copy(out, paths)
	for _, p := range paths[first+1:] {
		if !inIgnored(p) {
			out = append(out, p)
		}
	}
	return out
}

func inIgnored(p string) bool {
	for {
		i := strings.IndexByte(p, '/')
		if i < 0 {
			return false
		}
		if ignoredDir(p[:i]) {
			return true
		}
		p = p[i+1:]
	}
}

// NewResolver indexes a snapshot's paths and reads its project files.
func NewResolver(snap engine.Snapshot, paths []string) *Resolver {
	r := &Resolver{
		files: paths, dirs: map[string]bool{"": true},
		pyDirs: map[string]bool{}, phpDirs: map[string]bool{}, swiftDirs: map[string]bool{}, goPkg: map[string]bool{}, javaDirs: map[string]bool{}, csDirs: map[string]bool{},
		javaByBase: map[string][]string{}, byBase: map[string][]string{}, pyTop: map[string]string{}, crateOf: map[string]*crate{},
	}
	var gomods, pkgjsons, tsconfigs, cargos, pyprojects, csprojs, composers, swiftpkgs []string
	if !sort.StringsAreSorted(paths) {
		r.files = slices.Clone(paths)
		sort.Strings(r.files)
	}
	for _, p := range paths {
		base := path.Base(p)
		ext := path.Ext(base)
		var mark map[string]bool
		switch ext {
		case ".py", ".pyi":
			mark = r.pyDirs
		case ".go":
			r.goPkg[Dir(p)] = true
		case ".java", ".kt":
			r.javaDirs[Dir(p)] = true
			r.javaByBase[base] = append(r.javaByBase[base], p)
		case ".cs":
			mark = r.csDirs
		case ".rb", ".c", ".h", ".cpp", ".cc", ".cxx", ".c++", ".hpp", ".hh", ".hxx", ".h++", ".ipp", ".tpp", ".inl":
			r.byBase[base] = append(r.byBase[base], p)
		case ".csproj":
			csprojs = append(csprojs, p)
		case ".swift":
			mark = r.swiftDirs
		case ".php":
			mark = r.phpDirs
			r.byBase[base] = append(r.byBase[base], p)
		}
		for d := Dir(p); ; d = Dir(d) {
			if mark != nil {
				if mark[d] && r.dirs[d] {
					break
				}
				mark[d] = true
			} else if r.dirs[d] {
				break
			}
			r.dirs[d] = true
			if d == "" {
				break
			}
		}
		switch base {
		case "go.mod":
			gomods = append(gomods, p)
		case "package.json":
			pkgjsons = append(pkgjsons, p)
		case "tsconfig.json", "jsconfig.json":
			tsconfigs = append(tsconfigs, p)
		case "Cargo.toml":
			cargos = append(cargos, p)
		case "pyproject.toml", "setup.py", "setup.cfg":
			pyprojects = append(pyprojects, p)
		case "composer.json":
			composers = append(composers, p)
		case "Package.swift":
			swiftpkgs = append(swiftpkgs, p)
		}
	}
	read := func(p string) []byte {
		b, err := snap.Read(p)
		if err != nil {
			return nil
		}
		return b
	}
	for _, p := range gomods {
		if mp := goModulePath(read(p)); mp != "" {
			r.goMods = append(r.goMods, goModule{dir: Dir(p), path: mp})
		}
	}
	sort.Slice(r.goMods, func(i, j int) bool { return len(r.goMods[i].path) > len(r.goMods[j].path) })
	r.js = newJSWorld(r, pkgjsons, tsconfigs, read)
	r.crates = readCrates(r, cargos, read)
	r.csProjects = readCSProjects(csprojs, read)
	r.phpRoots = readComposer(composers, read)
	r.swiftModules = readSwiftPackages(r, swiftpkgs, read)
	roots := map[string]bool{"": true}
	if r.dirs["src"] {
		roots["src"] = true
	}
	for _, p := range pyprojects {
		d := Dir(p)
		roots[d] = true
		if s := path.Join(d, "src"); r.dirs[s] {
			roots[s] = true
		}
	}
	for d := range roots {
		r.pyRoots = append(r.pyRoots, d)
	}
	sort.Slice(r.pyRoots, func(i, j int) bool { return r.pyRoots[i] < r.pyRoots[j] })
	return r
}

// Resolve turns the imports of the file at from into edges.
func (r *Resolver) Resolve(from, lang string, facts *Facts) []Edge {
	var out []Edge
	for _, imp := range facts.Imports {
		switch lang {
		case engine.LangPython:
			out = r.resolvePython(out, from, imp)
		case engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX:
			out = append(out, r.resolveJS(from, imp))
		case engine.LangGo:
			out = append(out, r.resolveGo(from, imp))
		case engine.LangRust:
			if e, ok := r.resolveRust(from, imp); ok {
				out = append(out, e)
			}
		case engine.LangJava:
			out = append(out, r.resolveJava(from, imp))
		case engine.LangKotlin:
			out = append(out, r.resolveKotlin(from, imp))
		case engine.LangCSharp:
			out = append(out, r.resolveCSharp(from, imp))
		case engine.LangRuby:
			out = append(out, r.resolveRuby(from, imp))
		case engine.LangC, engine.LangCPP:
			out = append(out, r.resolveC(from, imp))
		case engine.LangPHP:
			out = append(out, r.resolvePHP(from, imp))
		case engine.LangSwift:
			out = append(out, r.resolveSwift(from, imp))
		}
	}
	// A declaration file has no run time: every import of it is type-only.
	decl := strings.HasSuffix(from, ".d.ts") || strings.HasSuffix(from, ".d.mts") || strings.HasSuffix(from, ".d.cts")
	for i := range out {
		out[i].From = from
		if decl {
			out[i].TypeOnly = true
		}
	}
	return out
}

// FilePackage names the workspace package a file belongs to, when one is known.
func (r *Resolver) FilePackage(p, lang string) string {
	switch lang {
	case engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX:
		if pk := r.js.packageOf(p); pk != nil {
			return pk.name
		}
	case engine.LangGo:
		d := Dir(p)
		for _, m := range r.goMods {
			if d == m.dir {
				return m.path
			}
			if m.dir == "" || strings.HasPrefix(d, m.dir+"/") {
				rel := strings.TrimPrefix(strings.TrimPrefix(d, m.dir), "/")
				if rel == "" {
					return m.path
				}
				return m.path + "/" + rel
			}
		}
	case engine.LangRust:
		if c := r.crateFor(p); c != nil {
			return c.name
		}
	}
	return ""
}

func (r *Resolver) isFile(p string) bool {
	_, ok := slices.BinarySearch(r.files, p)
	return ok
}

func edgeTo(imp Import, to string, kind NodeKind, pkg string) Edge {
	return Edge{To: to, ToKind: kind, Package: pkg, Import: imp}
}

// ---- Go ----

type goModule struct{ dir, path string }

func goModulePath(gomod []byte) string {
	for _, line := range strings.Split(string(gomod), "\n") {
		line = strings.TrimSpace(line)
		if rest, ok := strings.CutPrefix(line, "module"); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t' || rest[0] == '"') {
			rest = strings.TrimSpace(rest)
			if i := strings.Index(rest, "//"); i >= 0 {
				rest = strings.TrimSpace(rest[:i])
			}
			return strings.Trim(rest, "\"`")
		}
	}
	return ""
}

func (r *Resolver) resolveGo(from string, imp Import) Edge {
	p := imp.Spec
	for _, m := range r.goMods {
		if p != m.path && !strings.HasPrefix(p, m.path+"/") {
			continue
		}
		dir := path.Join(m.dir, strings.TrimPrefix(strings.TrimPrefix(p, m.path), "/"))
		if dir == "." {
			dir = ""
		}
		if r.goPkg[dir] {
			return edgeTo(imp, dir, NodeDir, p)
		}
		return edgeTo(imp, dir, NodeMissing, p)
	}
	if len(r.goMods) == 0 {
		// No go.mod in view (a snapshot of a few files): "spoutmc/internal/docker"
		// is the package of internal/docker when the files hold one there. The
		// rest after the module's elements must be two or more elements deep, so
		// that a standard library path ("net/http") never lands on a folder "http".
		segs := strings.Split(p, "/")
		for skip := 1; skip <= 3 && len(segs)-skip >= 2; skip++ {
			if dir := strings.Join(segs[skip:], "/"); r.goPkg[dir] {
				return edgeTo(imp, dir, NodeDir, p)
			}
		}
	}
	return edgeTo(imp, p, NodeExternal, p)
}

// ---- Java ----

func (r *Resolver) resolveJava(from string, imp Import) Edge {
	segs := strings.Split(imp.Spec, ".")
	if imp.Wildcard && !imp.Static {
		if d, ok := r.javaPackageDir(from, segs); ok {
			return edgeTo(imp, d, NodeDir, imp.Spec)
		}
		return edgeTo(imp, imp.Spec, NodeExternal, imp.Spec)
	}
	// The class is the longest prefix that names a file: a.b.C.Inner and the static
	// a.b.C.member both live in a/b/C.java.
	for n := len(segs); n >= 2; n-- {
		if f, ok := r.javaClassFile(from, segs[:n]); ok {
			return edgeTo(imp, f, NodeFile, strings.Join(segs[:n-1], "."))
		}
	}
	pkg := imp.Spec
	if !imp.Wildcard {
		if i := strings.LastIndexByte(pkg, '.'); i > 0 {
			pkg = pkg[:i]
		}
	}
	return edgeTo(imp, imp.Spec, NodeExternal, pkg)
}

// javaClassFile finds the file of a JVM class, in Java or Kotlin: a Java file imports
// Kotlin classes and the reverse.
func (r *Resolver) javaClassFile(from string, segs []string) (string, bool) {
	var cands []string
	for _, ext := range []string{".java", ".kt"} {
		for _, c := range r.javaByBase[segs[len(segs)-1]+ext] {
			suffix := strings.Join(segs, "/") + ext
			if c == suffix || strings.HasSuffix(c, "/"+suffix) {
				cands = append(cands, c)
			}
		}
	}
	return closest(from, cands, func(string) bool { return true })
}

func (r *Resolver) javaPackageDir(from string, segs []string) (string, bool) {
	suffix := strings.Join(segs, "/")
	var cands []string
	for d := range r.javaDirs {
		if d == suffix || strings.HasSuffix(d, "/"+suffix) {
			cands = append(cands, d)
		}
	}
	sort.Strings(cands)
	return closest(from, cands, func(string) bool { return true })
}

// closest picks, among candidates that pass ok, the one sharing the longest folder
// prefix with from (the same Maven module over another module's copy).
func closest(from string, cands []string, ok func(string) bool) (string, bool) {
	best, bestLen := "", -1
	for _, c := range cands {
		if !ok(c) {
			continue
		}
		if n := commonPrefix(from, c); n > bestLen {
			best, bestLen = c, n
		}
	}
	return best, bestLen >= 0
}

func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}
