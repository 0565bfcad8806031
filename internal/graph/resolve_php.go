package graph

import (
	"encoding/json"
	"path"
	"sort"
	"strings"
)

// ---- PHP ----

// phpRoot is one namespace prefix a composer.json maps to folders (PSR-4: the rest of
// the class name is the path below them; PSR-0: the whole name is).
type phpRoot struct {
	prefix string // "App\\" (with its trailing separator), "" for the fallback
	dirs   []string
	psr0   bool
}

// readComposer reads the autoload and autoload-dev maps of the composer.json files,
// longest prefix first. A file that does not parse maps nothing.
func readComposer(paths []string, read func(string) []byte) []phpRoot {
	var out []phpRoot
	for _, p := range paths {
		var c struct {
			Autoload    composerAutoload `json:"autoload"`
			AutoloadDev composerAutoload `json:"autoload-dev"`
		}
		if json.Unmarshal(read(p), &c) != nil {
			continue
		}
		base := Dir(p)
		for _, a := range []composerAutoload{c.Autoload, c.AutoloadDev} {
			for psr0, m := range map[bool]map[string]json.RawMessage{false: a.PSR4, true: a.PSR0} {
				for prefix, raw := range m {
					var dirs []string
					var one string
					if json.Unmarshal(raw, &one) == nil {
						dirs = []string{one}
					} else if json.Unmarshal(raw, &dirs) != nil {
						continue
					}
					root := phpRoot{prefix: strings.TrimLeft(prefix, `\`), psr0: psr0}
					if root.prefix != "" && !strings.HasSuffix(root.prefix, `\`) {
						root.prefix += `\` // "App" maps App\X, not Apple\X
					}
					for _, d := range dirs {
						if d, ok := cleanRel(path.Join(base, d)); ok {
							root.dirs = append(root.dirs, strings.TrimSuffix(d, "/"))
						}
					}
					if len(root.dirs) > 0 {
						out = append(out, root)
					}
				}
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if len(out[i].prefix) != len(out[j].prefix) {
			return len(out[i].prefix) > len(out[j].prefix)
		}
		return out[i].prefix < out[j].prefix
	})
	return out
}

type composerAutoload struct {
	PSR4 map[string]json.RawMessage `json:"psr-4"`
	PSR0 map[string]json.RawMessage `json:"psr-0"`
}

// resolvePHP: a require or include is a path, next to the file first (Level 1: after
// `__DIR__`, or ./ and ../), then from the repository's root and at any path ending
// with it, as an include path would find it; a path into vendor/ is Composer's. A
// `use` names a class (or, with `use function`/`use const`, a namespace's member):
// composer.json's PSR-4 and PSR-0 maps give its file, then a file whose path ends
// with the name's segments (App\Models\User in .../App/Models/User.php, two segments
// at least); anything else is a package from outside, named by its first segment.
func (r *Resolver) resolvePHP(from string, imp Import) Edge {
	if imp.Kind == KindRequire {
		return r.resolvePHPInclude(from, imp)
	}
	segs := strings.Split(imp.Spec, `\`)
	class := imp.Spec
	if imp.Static && len(segs) > 1 {
		// a function or constant: its namespace's folder
		class = strings.Join(segs[:len(segs)-1], `\`)
	}
	ns := class
	if i := strings.LastIndexByte(ns, '\\'); i > 0 {
		ns = ns[:i]
	}
	for _, root := range r.phpRoots {
		if root.prefix != "" && !strings.HasPrefix(class+`\`, root.prefix) {
			continue
		}
		rel := class
		if !root.psr0 {
			rel = strings.TrimPrefix(class+`\`, root.prefix)
			rel = strings.TrimSuffix(rel, `\`)
		}
		rel = strings.ReplaceAll(rel, `\`, "/")
		for _, d := range root.dirs {
			p := path.Join(d, rel)
			if p == "." {
				p = ""
			}
			if !imp.Static && r.isFile(p+".php") {
				return edgeTo(imp, p+".php", NodeFile, ns)
			}
			if r.phpDirs[p] {
				return edgeTo(imp, p, NodeDir, class)
			}
		}
		if root.prefix != "" {
			// the project's namespace, but no file holds the name: generated, or a
			// class declared in a file named otherwise
			return edgeTo(imp, path.Join(root.dirs[0], rel), NodeMissing, ns)
		}
	}
	if len(segs) >= 2 && !imp.Static {
		suffix := strings.Join(segs, "/") + ".php"
		if f, ok := closest(from, r.byBase[segs[len(segs)-1]+".php"], func(c string) bool {
			return c == suffix || strings.HasSuffix(c, "/"+suffix)
		}); ok {
			return edgeTo(imp, f, NodeFile, ns)
		}
	}
	return edgeTo(imp, imp.Spec, NodeExternal, segs[0])
}

func (r *Resolver) resolvePHPInclude(from string, imp Import) Edge {
	spec := imp.Spec
	if strings.HasPrefix(spec, "/") {
		return edgeTo(imp, spec, NodeOutside, "")
	}
	var tries []string
	if p, ok := cleanRel(path.Join(Dir(from), spec)); ok {
		tries = append(tries, p)
	} else if imp.Level == 1 {
		return edgeTo(imp, p, NodeOutside, "")
	}
	if imp.Level == 0 {
		if p, ok := cleanRel(spec); ok {
			tries = append(tries, p)
		}
	}
	for _, p := range tries {
		if r.isFile(p) {
			return edgeTo(imp, p, NodeFile, "")
		}
	}
	for _, p := range tries {
		if p == "vendor" || strings.HasPrefix(p, "vendor/") || strings.Contains(p, "/vendor/") {
			return edgeTo(imp, p, NodeExternal, "vendor") // Composer's, installed
		}
	}
	if imp.Level == 0 && !strings.HasPrefix(spec, "../") {
		if f, ok := closest(from, r.byBase[path.Base(spec)], func(c string) bool {
			return c == spec || strings.HasSuffix(c, "/"+spec)
		}); ok {
			return edgeTo(imp, f, NodeFile, "")
		}
		return edgeTo(imp, spec, NodeExternal, spec)
	}
	return edgeTo(imp, tries[0], NodeMissing, "")
}
