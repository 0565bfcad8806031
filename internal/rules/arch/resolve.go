package arch

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// Name resolution: instruction files name the parts of a repository the way people
// talk about them, not as paths from the root: a bare package or layer name
// (`domain`, which is internal/domain), a dotted Python module (`acme.core`), a Java or
// Kotlin package (`com.acme.shop.domain`, under src/main/java/), a workspace crate
// (`core`, which is crates/core), a path written without its src/ (`ui/`). Each is
// placed against the repository's real folders; a name that places nowhere, or in
// several folders the sentence cannot tell apart, is an error that names it.

// placement is where a name of a sentence was placed, or why it was not.
type placement struct {
	dir string
	// also are the package's other source sets (src/test/java/... beside
	// src/main/java/...): one Java or Kotlin package, in several folders.
	also []string
	// why is set when the name names a folder heed cannot place: nowhere, or several
	// (many).
	why  string
	many bool
}

// identRE is one segment of a dotted module or package name.
var identRE = lazyre.New(`^[A-Za-z_][A-Za-z0-9_]*$`)

// fileExts are the endings of a dotted span that is a file, not a module.
var fileExts = map[string]bool{
	"py": true, "pyi": true, "go": true, "ts": true, "tsx": true, "js": true, "jsx": true, "mjs": true, "cjs": true,
	"rs": true, "java": true, "kt": true, "kts": true, "md": true, "json": true, "toml": true, "yaml": true, "yml": true,
	"txt": true, "cfg": true, "ini": true, "lock": true, "mod": true, "sum": true, "xml": true, "gradle": true,
	"rb": true, "php": true, "cs": true, "swift": true, "dart": true, "vue": true, "svelte": true, "sh": true,
}

// dottedPath turns a dotted module or package name into the folder path it names
// ("acme.core" is acme/core), or "" when the name is not one.
func dottedPath(name string) string {
	if !strings.Contains(name, ".") || strings.ContainsAny(name, "/@") {
		return ""
	}
	segs := strings.Split(name, ".")
	if len(segs) < 2 || fileExts[strings.ToLower(segs[len(segs)-1])] {
		return ""
	}
	for _, s := range segs {
		if !identRE.MatchString(s) {
			return ""
		}
	}
	return strings.Join(segs, "/")
}

// skippedDirs are folders whose copies of a name are not the project's own parts.
var skippedDirs = map[string]bool{
	"node_modules": true, "vendor": true, "third_party": true, "third-party": true, "testdata": true,
	"fixtures": true, "__fixtures__": true, "examples": true, "example": true, "docs": true, "dist": true,
	"build": true, "target": true, "out": true, ".git": true, "__pycache__": true,
}

func skipped(d string) bool {
	for _, seg := range strings.Split(d, "/") {
		if skippedDirs[seg] || strings.HasPrefix(seg, ".") {
			return true
		}
	}
	return false
}

// baseDirs are the folders a name of the constraint is read relative to, nearest
// first: a folder its heading names ("## In `web/src/`"), the instruction file's.
func baseDirs(c *policy.Constraint, rc *recognize.RepoContext) []string {
	var out []string
	if c == nil {
		return out
	}
	for i := len(c.HeaderPath) - 1; i >= 0; i-- {
		for _, sp := range recognize.CodeSpans(c.HeaderPath[i]) {
			p := strings.Trim(strings.TrimPrefix(strings.TrimSpace(sp), "./"), "/")
			if p == "" || strings.ContainsAny(p, " *?") {
				continue
			}
			if c.Scope.Dir != "" && isDir(rc, c.Scope.Dir+"/"+p) {
				out = append(out, c.Scope.Dir+"/"+p)
			} else if isDir(rc, p) {
				out = append(out, p)
			}
		}
	}
	if c.Scope.Dir != "" {
		out = append(out, c.Scope.Dir)
	}
	return out
}

// candidates are the folders a name or path may be: as written from a base folder or
// the root, else every project folder that ends with it.
func candidates(p string, c *policy.Constraint, rc *recognize.RepoContext) []string {
	if rc == nil || p == "" {
		return nil
	}
	for _, b := range baseDirs(c, rc) {
		if isDir(rc, b+"/"+p) {
			return []string{b + "/" + p}
		}
	}
	if isDir(rc, p) {
		return []string{p}
	}
	var found []string
	for _, d := range rc.Dirs {
		if strings.HasSuffix(d, "/"+p) && !skipped(strings.TrimSuffix(d, "/"+p)) {
			found = append(found, d)
		}
	}
	// A folder inside another candidate is the same name again, deeper
	// (src/api and src/api/v1/api): the outer one is the part the text means.
	var outer []string
	for _, d := range found {
		inner := false
		for _, e := range found {
			if e != d && strings.HasPrefix(d, e+"/") {
				inner = true
				break
			}
		}
		if !inner {
			outer = append(outer, d)
		}
	}
	// In the instruction file's folder first.
	if c != nil && c.Scope.Dir != "" {
		var in []string
		for _, d := range outer {
			if strings.HasPrefix(d, c.Scope.Dir+"/") {
				in = append(in, d)
			}
		}
		if len(in) > 0 {
			return in
		}
	}
	return outer
}

// placeNames places the folder names of one sentence together: a name found in several
// folders is the one that sits beside the sentence's other names ("`components` must
// not import `pages`" in a repository with web/src/components, web/src/pages and
// docs/components is web/src/components).
func placeNames(names []string, c *policy.Constraint, rc *recognize.RepoContext) []placement {
	out := make([]placement, len(names))
	cands := make([][]string, len(names))
	parents := map[string]int{}
	for i, n := range names {
		cands[i] = candidates(n, c, rc)
		seen := map[string]bool{}
		for _, d := range cands[i] {
			p := parentOf(d, n)
			if !seen[p] {
				seen[p] = true
				parents[p]++
			}
		}
	}
	for i, n := range names {
		switch len(cands[i]) {
		case 0:
			out[i].why = fmt.Sprintf("`%s` names no folder of this repository", n)
			continue
		case 1:
			out[i].dir = cands[i][0]
			continue
		}
		if main, others, ok := sourceSets(cands[i]); ok {
			out[i].dir, out[i].also = main, others
			continue
		}
		var shared []string
		for _, d := range cands[i] {
			if len(names) > 1 && parents[parentOf(d, n)] == len(names) {
				shared = append(shared, d)
			}
		}
		if len(shared) == 1 {
			out[i].dir = shared[0]
			continue
		}
		sort.Strings(cands[i])
		shown := cands[i]
		if len(shown) > 3 {
			shown = append(append([]string(nil), shown[:3]...), "…")
		}
		out[i].many = true
		out[i].why = fmt.Sprintf("`%s` is more than one folder of this repository (%s): write the path", n, strings.Join(shown, ", "))
	}
	return out
}

// parentOf is the folder a candidate d of name n sits in.
func parentOf(d, n string) string {
	p := strings.TrimSuffix(strings.TrimSuffix(d, n), "/")
	if p == "" {
		return "."
	}
	return p
}

// placeSpan resolves one span of a sentence with the sentence's other spans as
// context. It returns the subject, and why it could not when it names a part of the
// repository heed cannot place. A bare word that names no folder is returned as a
// package name ("`lodash`"), with why saying it is no folder: an importer must be one.
func placeSpan(s sentence, i int, idx []int, c *policy.Constraint, rc *recognize.RepoContext) (subject, string) {
	sp := s.spans[i]
	sub, ok := resolveSpan(sp, c, rc)
	if ok && (sub.dir != "" || sub.fileKind || sub.group != "" || len(sub.globs) > 0 && sub.dir == "" && len(sub.packages) == 0) {
		return sub, ""
	}
	if ok && sub.dir == "" && len(sub.globs) == 0 && sub.lang == engine.LangGo && len(sub.packages) > 0 {
		return sub, "" // a Go import path outside the module (goImportPath)
	}
	name, dotted := folderName(sp)
	if name != "" && !dotted && !strings.Contains(name, "/") && (rc == nil || len(rc.Dirs) == 0) && ok {
		// No layout to place the name against (heed explain outside a repository, a
		// yardstick of instruction files alone): the folder of that name at any
		// depth, or the package of that name.
		return subject{globs: []string{"**/" + name + "/**"}, packages: sub.packages, anywhere: true}, ""
	}
	if name == "" || rc == nil || len(rc.Dirs) == 0 {
		if ok {
			return sub, ""
		}
		return subject{}, fmt.Sprintf("`%s` names nothing heed can place", strings.TrimSpace(sp))
	}
	var names []string
	at := -1
	for _, j := range idx {
		if j >= len(s.spans) {
			continue
		}
		if n, _ := folderName(s.spans[j]); n != "" {
			if j == i {
				at = len(names)
			}
			names = append(names, n)
		}
	}
	if at < 0 {
		names, at = []string{name}, 0
	}
	pl := placeNames(names, c, rc)[at]
	if pl.dir == "" {
		if ok && !pl.many && !dotted && !strings.Contains(name, "/") {
			// A bare word that is no folder may be a package ("`lodash`").
			return sub, pl.why
		}
		return subject{}, pl.why
	}
	out := subject{globs: []string{pl.dir + "/**"}, dir: pl.dir, packages: []string{strings.TrimSpace(sp)}}
	for _, d := range pl.also {
		out.globs = append(out.globs, d+"/**")
	}
	if dotted {
		out.lang = langOfDotted(pl.dir)
	}
	return out, ""
}

// folderName is the path a span names as a folder: a bare name, a path without its
// root, a dotted module as a path; dotted says it was dotted.
func folderName(sp string) (name string, dotted bool) {
	s := strings.TrimSuffix(strings.TrimSpace(sp), ",")
	s = strings.TrimSuffix(s, "/...")
	s = strings.TrimSuffix(s, ".*")
	if s == "" || strings.ContainsAny(s, " \t()=;'\"*?[]{}<>|\\@:") || strings.HasPrefix(s, "-") {
		return "", false
	}
	if d := dottedPath(s); d != "" {
		return d, true
	}
	clean := strings.Trim(strings.TrimPrefix(s, "./"), "/")
	if clean == "" || strings.HasPrefix(clean, "..") || strings.Contains(clean, ".") && path.Ext(clean) != "" {
		return "", false
	}
	if first, _, nested := strings.Cut(clean, "/"); nested && strings.Contains(first, ".") {
		return "", false // an import path ("tidewater.dev/core/x"), not a folder
	}
	return clean, false
}

// langOfDotted is the language a dotted name placed in dir is written in, for the
// rule's own cases.
func langOfDotted(dir string) string {
	switch {
	case strings.Contains(dir, "/java/"), strings.HasPrefix(dir, "java/"):
		return "java"
	}
	return "python"
}

// sourceSetRE splits a JVM source folder: module prefix, source set, language root,
// package path ("app/src/test/kotlin/org/demo/data").
var sourceSetRE = lazyre.New(`^(.*/)?src/([A-Za-z]+)/(java|kotlin|scala|groovy)/(.+)$`)

// sourceSets reports whether the folders are one JVM package in several source sets of
// one module (src/main/java/com/acme/x and src/test/java/com/acme/x): the main one
// first, the others after it.
func sourceSets(dirs []string) (main string, others []string, ok bool) {
	if len(dirs) < 2 {
		return "", nil, false
	}
	var prefix, pkg string
	for i, d := range dirs {
		m := sourceSetRE.FindStringSubmatch(d)
		if m == nil || i > 0 && (m[1] != prefix || m[4] != pkg) {
			return "", nil, false
		}
		prefix, pkg = m[1], m[4]
		if m[2] == "main" && main == "" {
			main = d
		} else {
			others = append(others, d)
		}
	}
	if main == "" {
		return "", nil, false
	}
	return main, others, true
}
