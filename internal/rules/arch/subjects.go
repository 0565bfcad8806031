package arch

import (
	"path"
	"sort"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/layout"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/uniq"
)

// A sentence is prose with its code spans taken out: "§0 must not import §1" with the
// spans in order. Recognisers match the prose with regular expressions and resolve
// the spans to folders, file kinds and package names.
type sentence struct {
	prose string // lower case, white space folded, spans as §0, §1, ...
	spans []string
}

var spanRE = lazyre.New("`+([^`]+)`+")

// sentences splits a constraint's text into sentences and takes the code spans out
// (norm.ArchSentences reads them).
func sentences(text string) []sentence {
	var out []sentence
	for _, as := range norm.ArchSentences(text) {
		out = append(out, sentence{prose: as.Prose, spans: as.Spans})
	}
	return out
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			break
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// spanIndexes returns the span numbers a matched list ("§0, §1 or §2") names.
func spanIndexes(list string) []int { return norm.ArchSpanIndexes(list) }

// subject is what a mention in an instruction names.
type subject struct {
	// globs select repository paths (folders as "dir/**", file kinds as "*_test.go").
	globs []string
	// packages are package names or import paths (npm, Go, Python, a workspace
	// package).
	packages []string
	// group is a folder pattern with one placeholder ("src/features/*").
	group string
	// dir is the folder when the subject is one.
	dir string
	// fileKind marks a file-name glob ("_test.go files").
	fileKind bool
	// lang is the language the mention implies ("go" for *_test.go), if any.
	lang string
	// anywhere: a bare name placed without a layout, as the folder of that name at
	// any depth; its package name is kept, for it may be one.
	anywhere bool
}

func (s subject) empty() bool {
	return len(s.globs) == 0 && len(s.packages) == 0 && s.group == ""
}

var groupPlaceholderRE = lazyre.New(`<[^>/]+>|\{[^}/]+\}|\[[a-z_-]+\]|:[a-z_]+`)

var fileKindRE = lazyre.New(`^(\*|_|\.)?[\w.*-]*\.(go|py|pyi|ts|tsx|js|jsx|mjs|cjs|rs|java|kt)$`)

var jvmPackageRE = lazyre.New(`^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)*$`)

var packageNameRE = lazyre.New(`^(@[a-z0-9][\w.-]*/)?[a-z0-9][\w.-]*(/[\w.-]+)*$`)

// resolveSpan turns a code span into a subject, using the repository's folders when
// it has them. ok is false for spans that name nothing heed can match (a sentence,
// a command, a type name).
func resolveSpan(span string, c *policy.Constraint, rc *recognize.RepoContext) (subject, bool) {
	s := strings.TrimSpace(span)
	s = strings.TrimSuffix(s, ",")
	if s == "" || strings.ContainsAny(s, " \t()=;'\"") {
		return subject{}, false
	}
	// Every folder of a folder: `apps/*`. Each is a part of its own (the group),
	// and together they are the folder.
	if base, ok := strings.CutSuffix(strings.Trim(strings.TrimPrefix(s, "./"), "/"), "/*"); ok && base != "" && !strings.ContainsAny(base, "*?[{<") {
		dir := repoPath(base, c, rc)
		if rc != nil && len(rc.Dirs) > 0 && !isDir(rc, dir) && packageNameRE.MatchString(base) && !strings.Contains(base, "/") {
			// `next/*`, where the repository has no folder next/: the package and
			// its subpaths (`next/link`), an import path, no folder of the code
			return subject{packages: []string{base}}, true
		}
		return subject{group: dir + "/*", dir: dir, globs: []string{dir + "/**"}}, true
	}
	// A folder pattern with a placeholder: src/features/<name>/.
	if groupPlaceholderRE.MatchString(s) && strings.Contains(s, "/") {
		g := groupPlaceholderRE.ReplaceAllString(strings.Trim(strings.TrimPrefix(s, "./"), "/"), "*")
		if strings.HasSuffix(g, "/*") && !strings.Contains(strings.TrimSuffix(g, "/*"), "*") {
			return subject{group: repoPath(strings.TrimSuffix(g, "/*"), c, rc) + "/*"}, true
		}
		return subject{}, false
	}
	// A file kind: _test.go, *.spec.ts, test_*.py.
	if fileKindRE.MatchString(s) && !strings.Contains(s, "/") && (strings.HasPrefix(s, "_") || strings.HasPrefix(s, ".") || strings.Contains(s, "*")) {
		g := s
		if !strings.Contains(g, "*") {
			g = "*" + g
		}
		return subject{globs: []string{g}, fileKind: true, lang: engine.LangOf(strings.ReplaceAll(g, "*", "x"), nil)}, true
	}
	// A Gradle project path: ":core", ":feature:login" is the folder core/,
	// feature/login/ when the repository has it.
	if strings.HasPrefix(s, ":") && len(s) > 1 && !strings.ContainsAny(s, "/*") {
		d := strings.ReplaceAll(strings.TrimPrefix(s, ":"), ":", "/")
		if p := repoPath(d, c, rc); isDir(rc, p) {
			return subject{globs: []string{p + "/**"}, dir: p}, true
		}
		return subject{}, false
	}
	// A JVM package and everything in it: "android.*", "java.sql.*".
	if pkg, ok := strings.CutSuffix(s, ".*"); ok && jvmPackageRE.MatchString(pkg) {
		return subject{packages: []string{pkg}}, true
	}
	// Go's "all packages below": internal/rules/...
	s = strings.TrimSuffix(s, "/...")
	// A Go import path of this module.
	if rc != nil && rc.GoModule != "" && (s == rc.GoModule || strings.HasPrefix(s, rc.GoModule+"/")) {
		rel := strings.TrimPrefix(strings.TrimPrefix(s, rc.GoModule), "/")
		if rel == "" {
			return subject{globs: []string{"**"}, packages: []string{s}, lang: engine.LangGo}, true
		}
		return subject{globs: []string{rel + "/**"}, packages: []string{s}, dir: rel, lang: engine.LangGo}, true
	}
	if strings.HasPrefix(s, "@") {
		if packageNameRE.MatchString(s) && strings.Count(s, "/") >= 1 {
			return subject{packages: []string{s}}, true
		}
		return subject{}, false
	}
	if strings.ContainsAny(s, "*?[]{}<>|\\") || strings.HasPrefix(s, "-") {
		return subject{}, false
	}
	clean := strings.Trim(strings.TrimPrefix(s, "./"), "/")
	if clean == "" || strings.HasPrefix(clean, "..") {
		return subject{}, false
	}
	if strings.Contains(clean, "/") {
		p := repoPath(clean, c, rc)
		if path.Ext(p) != "" && !isDir(rc, p) && fileKindRE.MatchString(path.Base(p)) {
			return subject{globs: []string{p}}, true // one file
		}
		if strings.Contains(clean, ".") && !isDir(rc, p) && !strings.HasSuffix(s, "/") {
			// "github.com/pkg/errors", "prettier/plugins/typescript": an import path.
			return subject{packages: []string{s}}, true
		}
		if goImportPath(clean, p, rc) {
			// "database/sql", "net/http" in a Go module: an import path of the
			// standard library, no folder of the repository
			return subject{packages: []string{clean}, lang: engine.LangGo}, true
		}
		return subject{globs: []string{p + "/**"}, dir: p}, true
	}
	// A bare word: a folder when the repository has it, else a package name.
	if p, ok := findDir(clean, c, rc); ok {
		return subject{globs: []string{p + "/**"}, dir: p, packages: []string{clean}}, true
	}
	// A member of a language's global ("console.log", "self.client") is no package.
	if first, _, dotted := strings.Cut(clean, "."); dotted && notPackages[strings.ToLower(first)] {
		return subject{}, false
	}
	if packageNameRE.MatchString(clean) {
		return subject{packages: []string{clean}}, true
	}
	return subject{}, false
}

// repoPath resolves a folder path written in an instruction file: as written from the
// root when the repository has it, else relative to the instruction file's scope,
// else the unique folder that ends with it ("vs/workbench" is src/vs/workbench).
func repoPath(p string, c *policy.Constraint, rc *recognize.RepoContext) string {
	if rc == nil || len(rc.Dirs) == 0 {
		if c != nil && c.Scope.Dir != "" {
			return c.Scope.Dir + "/" + p
		}
		return p
	}
	if isDir(rc, p) {
		return p
	}
	if c != nil && c.Scope.Dir != "" && isDir(rc, c.Scope.Dir+"/"+p) {
		return c.Scope.Dir + "/" + p
	}
	var found []string
	for _, d := range rc.Dirs {
		if strings.HasSuffix(d, "/"+p) {
			found = append(found, d)
		}
	}
	if len(found) == 1 {
		return found[0]
	}
	if len(found) == 0 {
		if d, ok := grownPath(p, c, rc); ok {
			return d
		}
	}
	if c != nil && c.Scope.Dir != "" {
		return c.Scope.Dir + "/" + p
	}
	return p
}

// grownPath places a folder path the repository does not have yet by its longest
// beginning that it has: "web/static/css" is src/interfaces/flask/web/static/css when
// src/interfaces/flask/web/static is the one folder that ends with web/static (within
// the instruction file's folder when it has one). A folder to be created is named
// from the folder it goes in.
func grownPath(p string, c *policy.Constraint, rc *recognize.RepoContext) (string, bool) {
	segs := strings.Split(p, "/")
	for k := len(segs) - 1; k >= 1; k-- {
		head := strings.Join(segs[:k], "/")
		var found []string
		for _, d := range rc.Dirs {
			if d != head && !strings.HasSuffix(d, "/"+head) {
				continue
			}
			if c != nil && c.Scope.Dir != "" && d != c.Scope.Dir && !strings.HasPrefix(d, c.Scope.Dir+"/") {
				continue
			}
			found = append(found, d)
		}
		switch len(found) {
		case 0:
			continue
		case 1:
			return found[0] + "/" + strings.Join(segs[k:], "/"), true
		}
		return "", false // several folders end that way: which one is not said
	}
	return "", false
}

// goImportPath reports whether a path written in a Go module's instructions is an
// import path rather than a folder: the repository's folders are known, none is the
// path or lies under it, and the path's first element is no folder of the repository
// either ("database/sql", "net/http"; "internal/store" stays a folder to come).
func goImportPath(written, resolved string, rc *recognize.RepoContext) bool {
	if rc == nil || rc.GoModule == "" || len(rc.Dirs) == 0 || resolved != written {
		return false
	}
	first, _, _ := strings.Cut(written, "/")
	if first == "internal" || first == "cmd" || first == "pkg" || isDir(rc, first) {
		return false
	}
	for _, d := range rc.Dirs {
		if d == written || strings.HasPrefix(d, written+"/") || strings.HasPrefix(written, d+"/") {
			return false
		}
	}
	return true
}

func isDir(rc *recognize.RepoContext, p string) bool {
	if rc == nil {
		return false
	}
	i := sort.SearchStrings(rc.Dirs, p)
	return i < len(rc.Dirs) && rc.Dirs[i] == p
}

// findDir resolves a bare folder name: at the root, in the instruction file's scope.
func findDir(name string, c *policy.Constraint, rc *recognize.RepoContext) (string, bool) {
	if c != nil && c.Scope.Dir != "" && isDir(rc, c.Scope.Dir+"/"+name) {
		return c.Scope.Dir + "/" + name, true
	}
	if isDir(rc, name) {
		return name, true
	}
	return "", false
}

// testGlobs are the files and folders that hold tests (and benchmarks), by language
// (internal/layout), from any folder ("tests/**"): "production code" is everything
// else.
func testGlobs(langs []string) []string {
	var out []string
	for _, l := range langs {
		for _, g := range layout.Globs(l, layout.Tests|layout.Bench) {
			out = append(out, strings.TrimPrefix(g, "**/"))
		}
	}
	return uniq.Values(out)
}
