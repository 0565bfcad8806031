package source

import (
	"bytes"
	"regexp"
	"strings"
	"sync"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lang"
	"github.com/heed-dev/heed/internal/uniq"
)

var _ engine.NameBanner = (*queryCheck)(nil)

// BannedNames are the names of code the rule bans by name (QueryParams.Names).
func (c *queryCheck) BannedNames() []string { return c.names }

// Declares finds where f declares one of the names the rule bans: a type, class,
// module, function, method or constant of the declarations the naming rules read
// (declQueries), and Ruby's constants assigned at their declaration.
func (c *queryCheck) Declares(f *engine.File) (string, int, bool) {
	if len(c.names) == 0 || f == nil {
		return "", 0, false
	}
	if re := c.declShape(); re != nil && !declarationLine(f.Content, c.names, re) {
		// no line of the file has a declaration's shape around a name: no parse
		// (the self-validation asks every file that mentions `print`)
		return "", 0, false
	}
	return declaredIn(f.Lang, f.Content, c.names)
}

// declarationLine reports whether a line of src that holds one of names as a word has
// the shape re: the lines are found by a scan and only they are matched, which costs
// far less than matching the expression over the whole file.
func declarationLine(src []byte, names []string, re *regexp.Regexp) bool {
	for _, n := range names {
		if n == "" {
			continue
		}
		for at := nextToken(src, []byte(n), 0); at >= 0; at = nextToken(src, []byte(n), at+1) {
			ls := bytes.LastIndexByte(src[:at], '\n') + 1
			le := bytes.IndexByte(src[at:], '\n')
			if le < 0 {
				le = len(src)
			} else {
				le += at
			}
			if re.Match(src[ls:le]) {
				return true
			}
		}
	}
	return false
}

// declarationShape matches a line that could declare one of names in any language
// heed reads: a declaration keyword, a type or a receiver before the name
// ("def print", "func (s *S) Open", "public void run("), or the name assigned at the
// start of a line (a constant). A file without such a line declares none of them; a
// line with one may, and is parsed. nil when the names make no expression.
func declarationShape(names []string) *regexp.Regexp {
	var alts []string
	for _, n := range names {
		if n != "" {
			alts = append(alts, regexp.QuoteMeta(n))
		}
	}
	if len(alts) == 0 {
		return nil
	}
	n := `(?:` + strings.Join(alts, "|") + `)`
	re, err := regexp.Compile(`(?m)\b(?:def|class|function|func|fn|const|let|var|val|type|interface|struct|enum|trait|module|object|record|macro_rules!|alias|sub|define)\s+(?:[\w.*&]+\s+)?` + n + `\b` +
		`|\bfunc\s*\([^)]*\)\s*` + n + `\b|[\w>\]?*&]\s+` + n + `\s*(?:[(<{;:]|=[^=])|^\s*(?:export\s+)?` + n + `\s*(?::[^=\n]*)?=[^=]|\b` + n + `\s*=\s*(?:function|lambda|\(|async)|\bas\s+` + n + `\b`)
	if err != nil {
		return nil
	}
	return re
}

// declaredIn returns the first of names that src, code of language l, declares, and
// the 1-based line of the declaration.
func declaredIn(l string, src []byte, names []string) (string, int, bool) {
	has := false
	for _, n := range names {
		if n != "" && containsToken(src, []byte(n)) {
			has = true
			break
		}
	}
	if !has || len(src) > lang.MaxParseBytes {
		return "", 0, false
	}
	q := declarationQuery(l)
	if q == nil {
		return "", 0, false
	}
	t, err := lang.Parse(l, src)
	if err != nil {
		return "", 0, false
	}
	defer t.Close()
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	name, line := "", 0
	q.Matches(t, func(m lang.Match) bool {
		for _, cp := range m.Captures {
			if txt := string(src[cp.Start:cp.End]); want[txt] {
				name, line = txt, int(cp.Node.StartPosition().Row)+1
				return false
			}
		}
		return true
	})
	return name, line, name != ""
}

var declQueryCache struct {
	mu sync.Mutex
	m  map[string]*lang.Query
}

// declarationQuery is one query over every declaration a file of language l may make
// of a project's name, its names captured as @match; nil for a language without one.
func declarationQuery(l string) *lang.Query {
	declQueryCache.mu.Lock()
	defer declQueryCache.mu.Unlock()
	if q, ok := declQueryCache.m[l]; ok {
		return q
	}
	var parts []string
	for _, k := range []string{kindType, kindFunction, kindMethod, kindConstant} {
		parts = append(parts, declQueries(k, l)...)
	}
	switch l {
	case engine.LangRuby:
		parts = append(parts, `(assignment left: (constant) @match)`)
	case engine.LangPython:
		// a module's constants and aliases: `OrderGroup = Group`
		parts = append(parts, `(module (expression_statement (assignment left: (identifier) @match)))`)
	case engine.LangTypeScript, engine.LangTSX, engine.LangJavaScript:
		parts = append(parts, `(lexical_declaration (variable_declarator name: (identifier) @match))`)
	}
	if l == engine.LangTypeScript || l == engine.LangTSX {
		parts = append(parts, `(enum_declaration name: (identifier) @match)`)
	}
	var q *lang.Query
	if len(parts) > 0 {
		var err error
		if q, err = lang.CompileQuery(l, strings.Join(uniq.Values(parts), "\n")); err != nil {
			q = nil
		}
	}
	if declQueryCache.m == nil {
		declQueryCache.m = map[string]*lang.Query{}
	}
	declQueryCache.m[l] = q
	return q
}
