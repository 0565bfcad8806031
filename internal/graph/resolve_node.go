package graph

import (
	"encoding/json"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/heed-dev/heed/internal/lazy"
)

// jsWorld is what JavaScript/TypeScript resolution needs beyond the file list: the
// workspace packages (by name) and the tsconfig/jsconfig files (baseUrl, paths).
type jsWorld struct {
	r        *Resolver
	pkgs     map[string]*jsPkg
	pkgByDir map[string]*jsPkg
	configs  map[string]*tsconfig // folder of a tsconfig.json / jsconfig.json
	read     func(string) []byte

	mu      sync.Mutex
	nearest map[string]*tsconfig // folder -> governing config (nil: none)
	pkgOf   map[string]*jsPkg
}

type jsPkg struct {
	name, dir                   string
	main, module, types, source string
	exports                     any
}

type tsconfig struct {
	dir string
	// baseURL is the repository-relative folder non-relative imports resolve from.
	baseURL    string
	hasBaseURL bool
	paths      []tsPath
}

type tsPath struct {
	pattern string   // "@/*", "~lib"
	targets []string // repository-relative, with the same "*"
}

// jsExtensions are tried, in order, after an extensionless specifier.
var jsExtensions = []string{".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts", ".d.mts", ".d.cts", ".json"}

// jsSourceFor maps an emitted extension to the source extensions TypeScript looks for
// (`import './x.js'` in a .ts file means x.ts).
var jsSourceFor = lazy.Value[map[string][]string]{F: func() map[string][]string {
	return map[string][]string{
		".js":  {".ts", ".tsx", ".d.ts"},
		".jsx": {".tsx"},
		".mjs": {".mts", ".d.mts"},
		".cjs": {".cts", ".d.cts"},
	}
}}

func newJSWorld(r *Resolver, pkgjsons, tsconfigs []string, read func(string) []byte) *jsWorld {
	w := &jsWorld{r: r, pkgs: map[string]*jsPkg{}, pkgByDir: map[string]*jsPkg{}, configs: map[string]*tsconfig{},
		read: read, nearest: map[string]*tsconfig{}, pkgOf: map[string]*jsPkg{}}
	sort.Slice(pkgjsons, func(i, j int) bool { return len(pkgjsons[i]) < len(pkgjsons[j]) })
	for _, p := range pkgjsons {
		var raw struct {
			Name    string `json:"name"`
			Main    string `json:"main"`
			Module  string `json:"module"`
			Types   string `json:"types"`
			Typings string `json:"typings"`
			Source  string `json:"source"`
			Exports any    `json:"exports"`
		}
		if json.Unmarshal(read(p), &raw) != nil {
			continue
		}
		pk := &jsPkg{name: raw.Name, dir: Dir(p), main: raw.Main, module: raw.Module, types: raw.Types, source: raw.Source, exports: raw.Exports}
		if pk.types == "" {
			pk.types = raw.Typings
		}
		w.pkgByDir[pk.dir] = pk
		// Two manifests with one name (a fixture copying a real package): the
		// shallowest is the workspace package.
		if raw.Name != "" && w.pkgs[raw.Name] == nil {
			w.pkgs[raw.Name] = pk
		}
	}
	for _, p := range tsconfigs {
		d := Dir(p)
		if w.configs[d] != nil && path.Base(p) == "jsconfig.json" {
			continue // tsconfig.json wins over jsconfig.json in one folder
		}
		if c := w.loadConfig(p, 0); c != nil {
			w.configs[d] = c
		}
	}
	return w
}

// loadConfig reads a tsconfig, following "extends" to files inside the repository.
func (w *jsWorld) loadConfig(p string, depth int) *tsconfig {
	if depth > 8 {
		return nil // an extends loop
	}
	var raw struct {
		Extends         any `json:"extends"`
		CompilerOptions struct {
			BaseURL *string             `json:"baseUrl"`
			Paths   map[string][]string `json:"paths"`
		} `json:"compilerOptions"`
	}
	src := w.read(p)
	if src == nil || json.Unmarshal(stripJSONC(src), &raw) != nil {
		return nil
	}
	dir := Dir(p)
	c := &tsconfig{dir: dir}
	var parents []string
	switch e := raw.Extends.(type) {
	case string:
		parents = []string{e}
	case []any:
		for _, x := range e {
			if s, ok := x.(string); ok {
				parents = append(parents, s)
			}
		}
	}
	for _, e := range parents {
		if !strings.HasPrefix(e, ".") {
			continue // a config from a package (@tsconfig/node20): no paths of ours
		}
		ep, ok := cleanRel(path.Join(dir, e))
		if !ok {
			continue
		}
		if !strings.HasSuffix(ep, ".json") && !w.r.isFile(ep) {
			ep += ".json"
		}
		if pc := w.loadConfig(ep, depth+1); pc != nil {
			if pc.hasBaseURL {
				c.baseURL, c.hasBaseURL = pc.baseURL, true
			}
			if pc.paths != nil {
				c.paths = pc.paths
			}
		}
	}
	if b := raw.CompilerOptions.BaseURL; b != nil {
		if bu, ok := cleanRel(path.Join(dir, *b)); ok {
			c.baseURL, c.hasBaseURL = bu, true
		}
	}
	if raw.CompilerOptions.Paths != nil {
		// Targets are relative to baseUrl when the config chain sets one, else to
		// the config that declares them.
		base := dir
		if c.hasBaseURL {
			base = c.baseURL
		}
		c.paths = nil
		for pat, targets := range raw.CompilerOptions.Paths {
			tp := tsPath{pattern: pat}
			for _, t := range targets {
				if tr, ok := cleanRel(path.Join(base, t)); ok {
					if strings.HasSuffix(t, "/*") && !strings.HasSuffix(tr, "/*") {
						tr += "/*"
					}
					tp.targets = append(tp.targets, tr)
				}
			}
			c.paths = append(c.paths, tp)
		}
		// Longest prefix first, as TypeScript matches.
		sort.Slice(c.paths, func(i, j int) bool {
			a, b := c.paths[i].pattern, c.paths[j].pattern
			pa, pb := strings.IndexByte(a, '*'), strings.IndexByte(b, '*')
			if pa < 0 {
				pa = len(a) + 1
			}
			if pb < 0 {
				pb = len(b) + 1
			}
			if pa != pb {
				return pa > pb
			}
			return a < b
		})
	}
	return c
}

// stripJSONC turns JSON with comments and trailing commas (tsconfig's dialect) into
// JSON.
func stripJSONC(src []byte) []byte {
	out := make([]byte, 0, len(src))
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '"':
			j := i + 1
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(src) {
				j = len(src) - 1
			}
			out = append(out, src[i:j+1]...)
			i = j
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			if i < len(src) {
				out = append(out, '\n')
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			i += 2
			for i+1 < len(src) && !(src[i] == '*' && src[i+1] == '/') {
				i++
			}
			i++
		case c == ',':
			j := i + 1
			for j < len(src) && (src[j] == ' ' || src[j] == '\t' || src[j] == '\n' || src[j] == '\r') {
				j++
			}
			if j < len(src) && (src[j] == '}' || src[j] == ']') {
				continue
			}
			out = append(out, c)
		default:
			out = append(out, c)
		}
	}
	return out
}

// configFor returns the tsconfig/jsconfig governing a folder: the nearest one above.
func (w *jsWorld) configFor(dir string) *tsconfig {
	w.mu.Lock()
	defer w.mu.Unlock()
	var chain []string
	var found *tsconfig
	d := dir
	for {
		if c, ok := w.nearest[d]; ok {
			found = c
			break
		}
		chain = append(chain, d)
		if c := w.configs[d]; c != nil {
			found = c
			break
		}
		if d == "" {
			break
		}
		d = Dir(d)
	}
	for _, x := range chain {
		w.nearest[x] = found
	}
	return found
}

// packageOf returns the workspace package a file belongs to (nearest package.json).
func (w *jsWorld) packageOf(p string) *jsPkg {
	w.mu.Lock()
	defer w.mu.Unlock()
	d := Dir(p)
	var chain []string
	var found *jsPkg
	for {
		if pk, ok := w.pkgOf[d]; ok {
			found = pk
			break
		}
		chain = append(chain, d)
		if pk := w.pkgByDir[d]; pk != nil && pk.name != "" {
			found = pk
			break
		}
		if d == "" {
			break
		}
		d = Dir(d)
	}
	for _, x := range chain {
		w.pkgOf[x] = found
	}
	return found
}

// tryFile resolves a repository-relative base path the way bundlers and TypeScript
// do: the exact file, the file with a source extension, the TypeScript source of an
// emitted .js name, then a folder's package.json entry or index file.
func (w *jsWorld) tryFile(base string) (string, bool) { return w.tryFileFor(base, false) }

// tryFileFor is tryFile for an importer in TypeScript (ts: true), which, like tsc,
// prefers the source or declaration of an emitted name over the emitted file itself
// (`./x.js` in a .d.ts shipped beside x.js is x.d.ts).
func (w *jsWorld) tryFileFor(base string, ts bool) (string, bool) {
	r := w.r
	ext := path.Ext(base)
	srcs, mapped := jsSourceFor.Get()[ext]
	if !ts && r.isFile(base) {
		return base, true
	}
	if mapped {
		stem := strings.TrimSuffix(base, ext)
		for _, e := range srcs {
			if r.isFile(stem + e) {
				return stem + e, true
			}
		}
	}
	if r.isFile(base) {
		return base, true
	}
	for _, e := range jsExtensions {
		if r.isFile(base + e) {
			return base + e, true
		}
	}
	if r.dirs[base] {
		if pk := w.pkgByDir[base]; pk != nil {
			if f, ok := w.packageEntry(pk, ""); ok {
				return f, true
			}
		}
		for _, e := range jsExtensions {
			if r.isFile(base + "/index" + e) {
				return base + "/index" + e, true
			}
		}
	}
	return "", false
}

// packageEntry resolves a subpath ("" for the package itself, "utils" for
// "pkg/utils") of a workspace package: its exports map, then main/module/types, then
// the file itself. A target in a build folder that is not checked in is looked for
// as source (dist/x.js -> src/x.ts), since the repository holds sources.
func (w *jsWorld) packageEntry(pk *jsPkg, sub string) (string, bool) {
	key := "."
	if sub != "" {
		key = "./" + sub
	}
	for _, t := range exportTargets(pk.exports, key) {
		if f, ok := w.packageFile(pk, t); ok {
			return f, true
		}
	}
	if sub == "" {
		for _, t := range []string{pk.source, pk.types, pk.module, pk.main} {
			if t != "" {
				if f, ok := w.packageFile(pk, t); ok {
					return f, true
				}
			}
		}
		for _, t := range []string{"src/index", "index"} {
			if f, ok := w.tryFile(path.Join(pk.dir, t)); ok {
				return f, true
			}
		}
		return "", false
	}
	if f, ok := w.tryFile(path.Join(pk.dir, sub)); ok {
		return f, true
	}
	if f, ok := w.tryFile(path.Join(pk.dir, "src", sub)); ok {
		return f, true
	}
	return "", false
}

func (w *jsWorld) packageFile(pk *jsPkg, target string) (string, bool) {
	p, ok := cleanRel(path.Join(pk.dir, target))
	if !ok {
		return "", false
	}
	if f, ok := w.tryFile(p); ok {
		return f, true
	}
	rel := strings.TrimPrefix(strings.TrimPrefix(p, pk.dir), "/")
	for _, build := range []string{"dist/", "lib/", "build/", "out/", "esm/", "cjs/", "dist/esm/", "dist/cjs/", "dist/src/"} {
		if rest, ok := strings.CutPrefix(rel, build); ok {
			stem := rest
			for _, e := range []string{".d.ts", ".d.mts", ".d.cts", ".js", ".mjs", ".cjs"} {
				if strings.HasSuffix(stem, e) {
					stem = strings.TrimSuffix(stem, e)
					break
				}
			}
			if f, ok := w.tryFile(path.Join(pk.dir, "src", stem)); ok {
				return f, true
			}
		}
	}
	return "", false
}

// exportTargets returns the candidate targets of an exports map for a key, in
// condition order (types/source first: the repository holds sources).
func exportTargets(exports any, key string) []string {
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			out = append(out, x)
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			for _, c := range []string{"source", "types", "import", "module", "require", "node", "browser", "default"} {
				if e, ok := x[c]; ok {
					walk(e)
				}
			}
			var rest []string
			for k := range x {
				rest = append(rest, k)
			}
			sort.Strings(rest)
			for _, k := range rest {
				if !strings.HasPrefix(k, ".") && !isKnownCondition(k) {
					walk(x[k])
				}
			}
		}
	}
	m, ok := exports.(map[string]any)
	if !ok {
		if key == "." {
			walk(exports)
		}
		return out
	}
	subpaths := false
	for k := range m {
		if strings.HasPrefix(k, ".") {
			subpaths = true
			break
		}
	}
	if !subpaths {
		if key == "." {
			walk(m)
		}
		return out
	}
	if v, ok := m[key]; ok {
		walk(v)
		return out
	}
	// Pattern keys: "./*" or "./utils/*".
	best, bestLen := "", -1
	for k := range m {
		if i := strings.IndexByte(k, '*'); i >= 0 && strings.HasPrefix(key, k[:i]) && strings.HasSuffix(key, k[i+1:]) && i > bestLen {
			best, bestLen = k, i
		}
	}
	if best != "" {
		i := strings.IndexByte(best, '*')
		star := key[i : len(key)-len(best)+i+1]
		var targets []string
		walk(m[best])
		targets, out = out, nil
		for _, t := range targets {
			out = append(out, strings.ReplaceAll(t, "*", star))
		}
	}
	return out
}

func isKnownCondition(k string) bool {
	switch k {
	case "source", "types", "import", "module", "require", "node", "browser", "default":
		return true
	}
	return false
}

// jsPackageName splits a bare specifier into package name and subpath.
func jsPackageName(spec string) (name, sub string) {
	parts := strings.SplitN(spec, "/", 3)
	if strings.HasPrefix(spec, "@") && len(parts) >= 2 {
		name = parts[0] + "/" + parts[1]
		if len(parts) == 3 {
			sub = parts[2]
		}
		return
	}
	name, sub, _ = strings.Cut(spec, "/")
	return
}

func (r *Resolver) resolveJS(from string, imp Import) Edge {
	w := r.js
	ext := path.Ext(from)
	ts := ext == ".ts" || ext == ".tsx" || ext == ".mts" || ext == ".cts"
	spec := imp.Spec
	if i := strings.IndexAny(spec, "?#"); i > 0 && !strings.HasPrefix(spec, "#") {
		spec = spec[:i] // ./worker?worker, ./x.svg?url
	}
	if strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../") || spec == "." || spec == ".." {
		base, inside := cleanRel(path.Join(Dir(from), spec))
		if !inside {
			return edgeTo(imp, spec, NodeOutside, "")
		}
		if f, ok := w.tryFileFor(base, ts); ok {
			return w.internal(imp, f)
		}
		return w.internal(imp, base).missing()
	}
	if strings.HasPrefix(spec, "/") {
		return edgeTo(imp, spec, NodeOutside, "")
	}
	if c := w.configFor(Dir(from)); c != nil {
		for _, p := range c.paths {
			star, ok := matchPattern(p.pattern, spec)
			if !ok {
				continue
			}
			for _, t := range p.targets {
				if f, ok := w.tryFile(strings.Replace(t, "*", star, 1)); ok {
					return w.internal(imp, f)
				}
			}
		}
		if c.hasBaseURL {
			if f, ok := w.tryFile(path.Join(c.baseURL, spec)); ok {
				return w.internal(imp, f)
			}
		}
	}
	if rest, ok := strings.CutPrefix(spec, "~/"); ok {
		if f, ok := w.conventionalAlias(from, rest, ts); ok {
			return w.internal(imp, f)
		}
	} else if rest, ok := strings.CutPrefix(spec, "@/"); ok {
		if f, ok := w.conventionalAlias(from, rest, ts); ok {
			return w.internal(imp, f)
		}
	}
	name, sub := jsPackageName(strings.TrimPrefix(spec, "node:"))
	if pk := w.pkgs[name]; pk != nil && !strings.HasPrefix(spec, "node:") {
		if f, ok := w.packageEntry(pk, sub); ok {
			e := w.internal(imp, f)
			e.Package = pk.name
			return e
		}
		e := edgeTo(imp, path.Join(pk.dir, sub), NodeMissing, pk.name)
		return e
	}
	return edgeTo(imp, name, NodeExternal, name)
}

func (w *jsWorld) internal(imp Import, f string) Edge {
	e := edgeTo(imp, f, NodeFile, "")
	if pk := w.packageOf(f); pk != nil {
		e.Package = pk.name
	}
	return e
}

func (e Edge) missing() Edge {
	e.ToKind = NodeMissing
	return e
}

// matchPattern matches a tsconfig paths pattern with at most one "*".
func matchPattern(pattern, s string) (string, bool) {
	i := strings.IndexByte(pattern, '*')
	if i < 0 {
		return "", pattern == s
	}
	pre, suf := pattern[:i], pattern[i+1:]
	if len(s) < len(pre)+len(suf) || !strings.HasPrefix(s, pre) || !strings.HasSuffix(s, suf) {
		return "", false
	}
	return s[len(pre) : len(s)-len(suf)], true
}

// conventionalAlias resolves "~/x" and "@/x" that no tsconfig in view maps (a
// snapshot without its configuration): the conventions of the frameworks that
// define them, "app/x" (Remix), "src/x" (Vite, Next.js, Nuxt) or "x", from the
// nearest folder above the importer that holds the file. Neither prefix is ever a
// package name, so nothing external is taken for the project's own.
func (w *jsWorld) conventionalAlias(from, rest string, ts bool) (string, bool) {
	if rest == "" || strings.HasPrefix(rest, "../") {
		return "", false
	}
	for d := Dir(from); ; d = Dir(d) {
		for _, root := range []string{"app", "src", ""} {
			if f, ok := w.tryFileFor(path.Join(d, root, rest), ts); ok {
				return f, true
			}
		}
		if d == "" {
			return "", false
		}
	}
}
