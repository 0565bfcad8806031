package graph

import (
	"path"
	"strings"
)

// pyModule is what a dotted name resolves to.
type pyModule struct {
	path string
	kind NodeKind // NodeFile (module or __init__.py) or NodeDir (namespace package)
	// pkgDir is the package folder when the module is a package ("" otherwise).
	pkgDir string
	ok     bool
}

// pyLookup resolves one module path (folder-relative, "/"-joined) to a module file,
// a regular package's __init__.py, or a namespace package folder holding Python code.
func (r *Resolver) pyLookup(rel string) pyModule {
	if rel == "" {
		return pyModule{}
	}
	for _, ext := range []string{".py", ".pyi"} {
		if r.isFile(rel + ext) {
			return pyModule{path: rel + ext, kind: NodeFile, ok: true}
		}
	}
	for _, init := range []string{"/__init__.py", "/__init__.pyi"} {
		if r.isFile(rel + init) {
			return pyModule{path: rel + init, kind: NodeFile, pkgDir: rel, ok: true}
		}
	}
	if r.pyDirs[rel] {
		return pyModule{path: rel, kind: NodeDir, pkgDir: rel, ok: true}
	}
	return pyModule{}
}

// pyTopRoot returns the folder above the outermost regular package containing dir:
// the import root of a file inside nested packages (`pkg_slim/pkg/models/x.py`
// imports as `pkg.models.x` from `pkg_slim`).
func (r *Resolver) pyTopRoot(dir string) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if v, ok := r.pyTop[dir]; ok {
		return v
	}
	root := dir
	for d := dir; d != ""; d = Dir(d) {
		if !r.isFile(d+"/__init__.py") && !r.isFile(d+"/__init__.pyi") {
			break
		}
		root = Dir(d)
	}
	r.pyTop[dir] = root
	return root
}

// pyResolveAbs resolves a dotted absolute module name against the import roots: the
// importing file's package root first, then the repository root, src/ and every
// pyproject/setup folder (and its src/). It returns the deepest module that exists
// and whether the whole name resolved.
func (r *Resolver) pyResolveAbs(from, dotted string) (pyModule, bool) {
	segs := strings.Split(dotted, ".")
	roots := append([]string{r.pyTopRoot(Dir(from)), Dir(from)}, r.pyRoots...)
	seen := map[string]bool{}
	for i, root := range roots {
		if seen[root] {
			continue
		}
		seen[root] = true
		// The file's own folder is a root only for scripts outside any package
		// (Python puts the script's folder on sys.path).
		if i == 1 && r.isFile(root+"/__init__.py") {
			continue
		}
		if m, full, ok := r.pyWalk(root, segs); ok {
			return m, full
		}
	}
	return pyModule{}, false
}

// pyWalk resolves segs below root, as deep as they go. ok is false when not even the
// first segment exists there.
func (r *Resolver) pyWalk(root string, segs []string) (pyModule, bool, bool) {
	var last pyModule
	for i := range segs {
		rel := path.Join(root, strings.Join(segs[:i+1], "/"))
		m := r.pyLookup(rel)
		if !m.ok {
			if i == 0 {
				return pyModule{}, false, false
			}
			return last, false, true
		}
		last = m
		if m.pkgDir == "" && i < len(segs)-1 {
			return last, false, true // a module file: the rest are attributes
		}
	}
	return last, true, true
}

func (r *Resolver) resolvePython(out []Edge, from string, imp Import) []Edge {
	var mod pyModule
	if imp.Level > 0 {
		base := Dir(from)
		for i := 1; i < imp.Level; i++ {
			if base == "" {
				return append(out, edgeTo(imp, strings.Repeat(".", imp.Level)+imp.Spec, NodeOutside, ""))
			}
			base = Dir(base)
		}
		if imp.Spec == "" {
			mod = r.pyLookup(base)
			if !mod.ok {
				mod = pyModule{path: base, kind: NodeDir, pkgDir: base, ok: true}
			}
		} else {
			m, _, ok := r.pyWalk(base, strings.Split(imp.Spec, "."))
			if !ok {
				missing := path.Join(base, strings.ReplaceAll(imp.Spec, ".", "/")) + ".py"
				return append(out, edgeTo(imp, missing, NodeMissing, ""))
			}
			mod = m
		}
	} else {
		m, _ := r.pyResolveAbs(from, imp.Spec)
		if !m.ok {
			top, _, _ := strings.Cut(imp.Spec, ".")
			return append(out, edgeTo(imp, top, NodeExternal, top))
		}
		mod = m
	}
	// `from pkg import a, b`: each name that is a submodule is an edge to it; the
	// other names come from the package itself.
	toModule := len(imp.Names) == 0 || imp.Wildcard
	if mod.pkgDir != "" {
		for _, n := range imp.Names {
			sub := r.pyLookup(path.Join(mod.pkgDir, n))
			if sub.ok {
				out = append(out, edgeTo(imp, sub.path, sub.kind, ""))
			} else {
				toModule = true
			}
		}
	} else {
		toModule = true
	}
	if toModule && mod.path != from {
		out = append(out, edgeTo(imp, mod.path, mod.kind, ""))
	}
	return out
}
