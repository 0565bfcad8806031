package graph

import (
	"path"
	"sort"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// ---- Kotlin ----

// resolveKotlin resolves like Java, over Java and Kotlin files: the class is the
// longest prefix of the name that names a file (a.b.C and a.b.C.Inner live in
// a/b/C.kt or a/b/C.java). A name no file has is a top-level function or property, or
// a class in a file named otherwise: the package folder, when the repository has one.
func (r *Resolver) resolveKotlin(from string, imp Import) Edge {
	segs := strings.Split(imp.Spec, ".")
	if imp.Wildcard {
		if d, ok := r.javaPackageDir(from, segs); ok && len(segs) >= 2 {
			return edgeTo(imp, d, NodeDir, imp.Spec)
		}
		return edgeTo(imp, imp.Spec, NodeExternal, imp.Spec)
	}
	for n := len(segs); n >= 2; n-- {
		if f, ok := r.javaClassFile(from, segs[:n]); ok {
			return edgeTo(imp, f, NodeFile, strings.Join(segs[:n-1], "."))
		}
	}
	pkg := strings.Join(segs[:len(segs)-1], ".")
	// Two segments at least, so that a folder named like a one-word package ("util")
	// is not taken for it.
	if len(segs) >= 3 {
		if d, ok := r.javaPackageDir(from, segs[:len(segs)-1]); ok {
			return edgeTo(imp, d, NodeDir, pkg)
		}
	}
	return edgeTo(imp, imp.Spec, NodeExternal, pkg)
}

// ---- C# ----

// csProject is a .csproj: its folder holds the namespace RootNamespace (by default
// the project's name), and its subfolders the namespaces below it.
type csProject struct {
	dir, root string
}

var rootNamespaceRE = lazyre.New(`<RootNamespace>\s*([A-Za-z_][\w.]*)\s*</RootNamespace>`)

func readCSProjects(paths []string, read func(string) []byte) []csProject {
	var out []csProject
	for _, p := range paths {
		root := strings.TrimSuffix(path.Base(p), ".csproj")
		if m := rootNamespaceRE.FindStringSubmatch(string(read(p))); m != nil {
			root = m[1]
		}
		out = append(out, csProject{dir: Dir(p), root: root})
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i].root) > len(out[j].root) })
	return out
}

// resolveCSharp maps a namespace to the folder that holds it by .NET's convention:
// under the project whose root namespace it extends, the folders of the rest
// (Acme.Api.Controllers in Acme.Api/Controllers), else the project's own folder;
// without a project, a folder whose path ends with the namespace's segments. A
// `using static` or alias names a type: its namespace is tried too. Anything else is
// a package from outside (System.*, NuGet).
func (r *Resolver) resolveCSharp(from string, imp Import) Edge {
	specs := []string{imp.Spec}
	if i := strings.LastIndexByte(imp.Spec, '.'); i > 0 {
		specs = append(specs, imp.Spec[:i])
	}
	// The namespace's own folder first (a type's namespace before the project that
	// holds a name no folder has), then the project.
	for _, exact := range []bool{true, false} {
		for _, ns := range specs {
			if d, ex, ok := r.csNamespaceDir(from, ns); ok && ex == exact {
				return edgeTo(imp, d, NodeDir, ns)
			}
		}
	}
	return edgeTo(imp, imp.Spec, NodeExternal, imp.Spec)
}

// csNamespaceDir finds the folder of a namespace; exact is false when it is only the
// project the namespace belongs to.
func (r *Resolver) csNamespaceDir(from, ns string) (dir string, exact, ok bool) {
	for _, p := range r.csProjects {
		if ns != p.root && !strings.HasPrefix(ns, p.root+".") {
			continue
		}
		rest := strings.TrimPrefix(strings.TrimPrefix(ns, p.root), ".")
		d := path.Join(p.dir, strings.ReplaceAll(rest, ".", "/"))
		if d == "." {
			d = ""
		}
		if r.csDirs[d] {
			return d, true, true
		}
		return p.dir, false, true
	}
	if strings.Count(ns, ".") == 0 {
		return "", false, false // one word: too likely a folder that only shares the name
	}
	var cands []string
	dotted := "." + ns
	for d := range r.csDirs {
		dd := "." + strings.ReplaceAll(d, "/", ".")
		if strings.HasSuffix(dd, dotted) {
			cands = append(cands, d)
		}
	}
	sort.Strings(cands)
	d, ok := closest(from, cands, func(string) bool { return true })
	return d, true, ok
}

// ---- Ruby ----

// resolveRuby: require_relative names a file next to the requiring one; require a
// file on the load path, which in a repository is a lib/, spec/ or test/ folder or
// the root (`require "acme/client"` is lib/acme/client.rb). A name not found there is
// a gem (its first segment names it).
func (r *Resolver) resolveRuby(from string, imp Import) Edge {
	spec := imp.Spec
	if path.Ext(spec) != ".rb" {
		spec += ".rb"
	}
	if imp.Level == 1 {
		p, ok := cleanRel(path.Join(Dir(from), spec))
		if !ok {
			return edgeTo(imp, p, NodeOutside, "")
		}
		if r.isFile(p) {
			return edgeTo(imp, p, NodeFile, "")
		}
		return edgeTo(imp, p, NodeMissing, "")
	}
	if !strings.HasPrefix(spec, ".") && !strings.HasPrefix(spec, "/") {
		cands := r.byBase[path.Base(spec)]
		if f, ok := closest(from, cands, func(c string) bool {
			if c != spec && !strings.HasSuffix(c, "/"+spec) {
				return false
			}
			switch path.Base(Dir(strings.TrimSuffix(c, spec) + "x")) {
			case ".", "lib", "spec", "test":
				return true
			}
			return false
		}); ok {
			return edgeTo(imp, f, NodeFile, "")
		}
	}
	gem := imp.Spec
	if i := strings.IndexByte(gem, '/'); i > 0 {
		gem = gem[:i]
	}
	return edgeTo(imp, imp.Spec, NodeExternal, gem)
}

// ---- C ----

// resolveC: `#include "x.h"` is looked for next to the file, then, as an include
// path would find it, at any repository path ending in x.h; `#include <x.h>` only
// when x has a folder (<acme/str.h>) or lies in an include/ folder or at the root, so
// that a repository's own copy of a system header is not taken for every <string.h>.
// A header not found is from outside (the system, a dependency, or generated).
func (r *Resolver) resolveC(from string, imp Import) Edge {
	spec := path.Clean(imp.Spec)
	if imp.Level == 1 {
		if p, ok := cleanRel(path.Join(Dir(from), spec)); ok && r.isFile(p) {
			return edgeTo(imp, p, NodeFile, "")
		}
	}
	if !strings.HasPrefix(spec, "../") && !strings.HasPrefix(spec, "/") {
		angled := imp.Level == 0 && !strings.Contains(spec, "/")
		if f, ok := closest(from, r.byBase[path.Base(spec)], func(c string) bool {
			if c != spec && !strings.HasSuffix(c, "/"+spec) {
				return false
			}
			if !angled {
				return true
			}
			d := Dir(c)
			return d == "" || path.Base(d) == "include"
		}); ok {
			return edgeTo(imp, f, NodeFile, "")
		}
	}
	return edgeTo(imp, imp.Spec, NodeExternal, imp.Spec)
}
