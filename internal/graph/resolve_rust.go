package graph

import (
	"path"
	"sort"
	"strings"

	"github.com/heed-dev/heed/internal/lazy"
)

// crate is one Cargo package of the workspace.
type crate struct {
	name string // with '-' turned into '_', as code names it
	dir  string
	lib  string // the library root file, "" when the crate has none
}

// readCrates reads every Cargo.toml with a [package] (workspace members and
// standalone crates alike) with the little TOML it needs: package.name, lib.name,
// lib.path.
func readCrates(r *Resolver, cargos []string, read func(string) []byte) []*crate {
	var out []*crate
	for _, p := range cargos {
		section := ""
		var pkgName, libName, libPath string
		for _, line := range strings.Split(string(read(p)), "\n") {
			line = strings.TrimSpace(line)
			if strings.HasPrefix(line, "[") {
				section = strings.Trim(line, "[] ")
				continue
			}
			k, v, ok := strings.Cut(line, "=")
			if !ok {
				continue
			}
			k = strings.TrimSpace(k)
			v = strings.TrimSpace(v)
			if i := strings.Index(v, "#"); i >= 0 && !strings.HasPrefix(v, "\"") {
				v = strings.TrimSpace(v[:i])
			}
			v = strings.Trim(v, "\"'")
			switch {
			case section == "package" && k == "name":
				pkgName = v
			case section == "lib" && k == "name":
				libName = v
			case section == "lib" && k == "path":
				libPath = v
			}
		}
		if pkgName == "" {
			continue
		}
		c := &crate{name: strings.ReplaceAll(pkgName, "-", "_"), dir: Dir(p)}
		if libName != "" {
			c.name = strings.ReplaceAll(libName, "-", "_")
		}
		lib := "src/lib.rs"
		if libPath != "" {
			lib = libPath
		}
		if lp, ok := cleanRel(path.Join(c.dir, lib)); ok && r.isFile(lp) {
			c.lib = lp
		}
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return len(out[i].dir) > len(out[j].dir) })
	return out
}

func (r *Resolver) crateFor(p string) *crate {
	d := Dir(p)
	r.mu.Lock()
	defer r.mu.Unlock()
	if c, ok := r.crateOf[d]; ok {
		return c
	}
	var found *crate
	for _, c := range r.crates {
		if c.dir == "" || d == c.dir || strings.HasPrefix(d, c.dir+"/") {
			found = c
			break
		}
	}
	r.crateOf[d] = found
	return found
}

// rustModule locates a file in its crate's module tree: the root file of the target
// it belongs to and its module path below that root.
func (r *Resolver) rustModule(p string) (root string, mod []string) {
	c := r.crateFor(p)
	cdir := ""
	if c != nil {
		cdir = c.dir
	}
	rel := strings.TrimPrefix(strings.TrimPrefix(p, cdir), "/")
	// Target roots: src/lib.rs, src/main.rs, src/bin/x.rs, src/bin/x/main.rs,
	// tests/x.rs, examples/x.rs, benches/x.rs, build.rs, or a custom lib path.
	segs := strings.Split(strings.TrimSuffix(rel, ".rs"), "/")
	if c != nil && c.lib != "" && Dir(c.lib) != path.Join(cdir, "src") {
		// A custom lib path: modules live beside it.
		if strings.HasPrefix(p, Dir(c.lib)+"/") {
			under := strings.TrimPrefix(strings.TrimSuffix(p, ".rs"), Dir(c.lib)+"/")
			return c.lib, rustModSegs(strings.Split(under, "/"), p == c.lib)
		}
	}
	switch {
	case len(segs) >= 3 && segs[0] == "src" && segs[1] == "bin":
		// src/bin/x.rs is a root; src/bin/x/main.rs is a root with modules beside it.
		if len(segs) == 3 {
			return p, nil
		}
		rootDir := path.Join(cdir, "src/bin", segs[2])
		return path.Join(rootDir, "main.rs"), rustModSegs(segs[3:], false)
	case len(segs) >= 2 && segs[0] == "src":
		// With both lib.rs and main.rs, modules in src/ belong to the library
		// (the common layout); a binary-only crate roots them at main.rs.
		root := path.Join(cdir, "src/lib.rs")
		if !r.isFile(root) && r.isFile(path.Join(cdir, "src/main.rs")) {
			root = path.Join(cdir, "src/main.rs")
		}
		if len(segs) == 2 && (segs[1] == "lib" || segs[1] == "main") {
			return p, nil
		}
		return root, rustModSegs(segs[1:], false)
	case len(segs) >= 2 && (segs[0] == "tests" || segs[0] == "examples" || segs[0] == "benches"):
		if len(segs) == 2 {
			return p, nil
		}
		return path.Join(cdir, segs[0], segs[1], "main.rs"), rustModSegs(segs[2:], false)
	}
	return p, nil
}

// rustModSegs turns file path segments below a root folder into a module path:
// a/b.rs is a::b, a/mod.rs is a.
func rustModSegs(segs []string, isRoot bool) []string {
	if isRoot {
		return nil
	}
	if n := len(segs); n > 0 && segs[n-1] == "mod" {
		segs = segs[:n-1]
	}
	return append([]string(nil), segs...)
}

// rustFileOf finds the file of a module path below a root file.
func (r *Resolver) rustFileOf(root string, mod []string) (string, bool) {
	if len(mod) == 0 {
		return root, true
	}
	base := path.Join(Dir(root), strings.Join(mod, "/"))
	if r.isFile(base + ".rs") {
		return base + ".rs", true
	}
	if r.isFile(base + "/mod.rs") {
		return base + "/mod.rs", true
	}
	return "", false
}

// rustDeepest resolves a path below a module to the deepest module file that exists;
// items (types, functions) live in the file of the last module. ok is false when
// not even the base module has a file.
func (r *Resolver) rustDeepest(root string, base, rest []string) (string, bool) {
	full := append(append([]string(nil), base...), rest...)
	for n := len(full); n >= len(base); n-- {
		if f, ok := r.rustFileOf(root, full[:n]); ok {
			return f, true
		}
	}
	return "", false
}

var rustBuiltinCrates = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return map[string]bool{"std": true, "core": true, "alloc": true, "proc_macro": true, "test": true}
}}

func (r *Resolver) resolveRust(from string, imp Import) (Edge, bool) {
	root, mod := r.rustModule(from)
	if imp.InMod != "" {
		mod = append(append([]string(nil), mod...), strings.Split(imp.InMod, "::")...)
	}
	segs := strings.Split(imp.Spec, "::")
	if imp.Kind == KindMod {
		return r.resolveRustMod(from, imp)
	}
	var base []string
	switch segs[0] {
	case "crate":
		base, segs = nil, segs[1:]
	case "self":
		base, segs = mod, segs[1:]
	case "super":
		base = mod
		for len(segs) > 0 && segs[0] == "super" {
			if len(base) == 0 {
				return edgeTo(imp, imp.Spec, NodeOutside, ""), true
			}
			base = base[:len(base)-1]
			segs = segs[1:]
		}
		if len(segs) > 0 && segs[0] == "self" {
			segs = segs[1:]
		}
	default:
		first := segs[0]
		// A child module of the current module (2018 paths), then a workspace crate,
		// then a third-party or standard crate. Capitalised names are local items
		// (`use Ordering::*` of an enum in scope): no edge.
		if f, ok := r.rustFileOf(root, append(append([]string(nil), mod...), first)); ok {
			to, _ := r.rustDeepest(root, append(append([]string(nil), mod...), first), segs[1:])
			if to == "" {
				to = f
			}
			return r.rustEdge(imp, from, to), to != from
		}
		for _, c := range r.crates {
			if c.name == first && c.lib != "" {
				to, _ := r.rustDeepest(c.lib, nil, segs[1:])
				e := r.rustEdge(imp, from, to)
				e.Package = c.name
				return e, to != from
			}
		}
		if first == "" || first[0] >= 'A' && first[0] <= 'Z' {
			return Edge{}, false
		}
		return edgeTo(imp, first, NodeExternal, first), true
	}
	to, ok := r.rustDeepest(root, base, segs)
	if !ok {
		return edgeTo(imp, strings.Join(append(base, segs...), "/"), NodeMissing, ""), true
	}
	if to == from {
		return Edge{}, false // an item of this very file
	}
	return r.rustEdge(imp, from, to), true
}

func (r *Resolver) rustEdge(imp Import, from, to string) Edge {
	e := edgeTo(imp, to, NodeFile, "")
	if c := r.crateFor(to); c != nil {
		e.Package = c.name
	}
	return e
}

// resolveRustMod resolves `mod name;`: name.rs or name/mod.rs in the folder of the
// current module, or the #[path] given, relative to the current file's folder.
func (r *Resolver) resolveRustMod(from string, imp Import) (Edge, bool) {
	name := imp.Spec
	if len(imp.Names) > 0 {
		p, ok := cleanRel(path.Join(Dir(from), imp.Names[0]))
		if !ok {
			return edgeTo(imp, imp.Names[0], NodeOutside, ""), true
		}
		if r.isFile(p) {
			return r.rustEdge(imp, from, p), true
		}
		return edgeTo(imp, p, NodeMissing, ""), true
	}
	// The folder of child modules: a root or mod.rs file's own folder; for a.rs,
	// the folder a/.
	dir := Dir(from)
	base := path.Base(from)
	isDirOwner := base == "mod.rs" || base == "lib.rs" || base == "main.rs"
	if root, _ := r.rustModule(from); root == from {
		isDirOwner = true
	}
	if !isDirOwner {
		dir = path.Join(dir, strings.TrimSuffix(base, ".rs"))
	}
	if imp.InMod != "" {
		dir = path.Join(dir, strings.ReplaceAll(imp.InMod, "::", "/"))
	}
	for _, c := range []string{path.Join(dir, name+".rs"), path.Join(dir, name, "mod.rs")} {
		if r.isFile(c) {
			return r.rustEdge(imp, from, c), true
		}
	}
	return edgeTo(imp, path.Join(dir, name+".rs"), NodeMissing, ""), true
}
