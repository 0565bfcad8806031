package arch

import (
	"bytes"
	"fmt"
	"path"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/graph"
	"github.com/heed-dev/heed/internal/lazyre"
)

// The fix of a banned import whose rule names its replacement ("use `unittest.mock`
// instead of `mock`"): the import's module is written as the replacement. The edit is
// exact only when the replacement is the same package at another path, so that what
// the import binds keeps its name and the code that uses it is left as it is:
//
//   - the rule names one replacement, a module name or path;
//   - the import names the banned module itself (a subpath, `lodash/fp`, is another
//     module the replacement may not have);
//   - the two end in the same name (`mock` and `unittest.mock`; `gopkg.in/yaml.v2` and
//     `sigs.k8s.io/yaml`, a major version aside), and the rule does not ban the
//     replacement too (it reads `node:fs` as `fs`);
//   - the import's form keeps its bindings: a Go import, a JavaScript or TypeScript
//     import, export or require of a string, a Python `from M import ...` (`import M`
//     binds M's whole path, which the replacement changes).
//
// Anything else (`httpx` for `requests`: another package, maybe another API) is what
// the rule asks, not an edit heed can make, and carries no fix.

// moduleNameRE is one module name or path, as a rule names its replacement.
var moduleNameRE = lazyre.New(`^@?[A-Za-z0-9_][A-Za-z0-9_.\-/:@]*$`)

// majorSuffixRE is a Go major-version suffix: `/v2`, gopkg.in's `.v3`.
var majorSuffixRE = lazyre.New(`(?:/v[0-9]+|\.v[0-9]+)$`)

// pyFromRE is a Python `from M import`, M in its group.
var pyFromRE = lazyre.New(`^\s*from\s+([A-Za-z_][\w.]*)\s+import\b`)

func (c *externalCheck) importFix(f *engine.File, e *graph.Edge) []engine.Fix {
	to := c.p.Instead
	if !c.exactFix || !moduleNameRE.MatchString(to) || to == e.Spec || !sameModuleName(f.Lang, e.Spec, to) || matchPackage(c.p.Banned, to) {
		return nil // the check would ban the replacement too (`node:fs` is `fs`)
	}
	matched := false
	for _, b := range c.p.Banned {
		if e.Spec == b {
			matched = true
		}
	}
	if !matched {
		return nil
	}
	start, end := lineBounds(f.Content, e.Line)
	if start < 0 {
		return nil
	}
	line := string(f.Content[start:end])
	s := -1
	switch f.Lang {
	case engine.LangGo, engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX:
		if f.Lang == engine.LangGo && strings.Contains(to, ":") {
			return nil
		}
		// the module as a string literal, once on its line
		for _, q := range []string{`"`, "'", "`"} {
			lit := q + e.Spec + q
			switch strings.Count(line, lit) {
			case 0:
			case 1:
				if s >= 0 {
					return nil
				}
				s = strings.Index(line, lit) + 1
			default:
				return nil // which one is not known
			}
		}
	case engine.LangPython:
		if e.Level != 0 || (len(e.Names) == 0 && !e.Wildcard) {
			return nil
		}
		if m := pyFromRE.FindStringSubmatchIndex(line); m != nil && line[m[2]:m[3]] == e.Spec {
			s = m[2]
		}
	}
	if s < 0 {
		return nil
	}
	s, t := start+s, start+s+len(e.Spec)
	return []engine.Fix{{Message: fmt.Sprintf("import `%s` instead of `%s`", to, e.Spec), Exact: true,
		Edits: []engine.TextEdit{{Path: f.Path, Start: s, End: t, Old: e.Spec, New: to}}}}
}

// sameModuleName reports two module paths that end in the same name: the last
// segment of a path (`/`) or of a dotted Python module (`.`), after a `node:` scheme
// and a Go major version.
func sameModuleName(lang, a, b string) bool {
	last := func(s string) string {
		s = strings.TrimPrefix(s, "node:")
		if lang == engine.LangGo {
			s = majorSuffixRE.ReplaceAllString(s, "")
		}
		s = path.Base(s)
		if i := strings.LastIndexByte(s, '.'); i >= 0 && lang == engine.LangPython {
			s = s[i+1:]
		}
		return s
	}
	x, y := last(a), last(b)
	return x != "" && x == y
}

// lineBounds are the byte offsets of line n's text (1-based, without its newline), or
// -1, -1.
func lineBounds(content []byte, n int) (int, int) {
	start := 0
	for i := 1; i < n; i++ {
		j := bytes.IndexByte(content[start:], '\n')
		if j < 0 {
			return -1, -1
		}
		start += j + 1
	}
	end := len(content)
	if j := bytes.IndexByte(content[start:], '\n'); j >= 0 {
		end = start + j
	}
	return start, end
}
